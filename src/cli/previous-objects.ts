/**
 * The previous state of the objects (`validate --previous`), read once and
 * kept out of memory: each previous object goes, as JSON, to a temporary
 * file (`ByteLog`), and memory keeps only where it went, by the key the
 * update rules pair objects by (`objectKey`: group, kind, namespace, name).
 * Each checked object then reads back its own previous state, if it has
 * one, when it comes: a run holds one previous object at a time, whatever
 * the size of the previous input (kept whole, the previous objects made the
 * peak of an 80 MiB run 2.6 times that of a 20 MiB one).
 */
import { ByteLog } from '../io/byte-log';
import { Diagnostic, ReadLimits, SourceObject, streamFiles } from '../io/read';
import { TempFolder } from '../io/temp-folder';
import { flat, Manifest } from '../model/manifest';
import type { RuleContext, Violation } from '../rules';

/** Compares an object with its previous state: what the update breaks. */
export type ValidateUpdateFn = (previous: Manifest, next: Manifest, ctx: RuleContext) => Violation[];

/** The update rules, loaded only by `validate --previous`. */
function updateRules(): typeof import('../rules') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('../rules');
}

/** The update rules of `src/rules/kube-bind/updates.ts`. */
export const validateUpdateWithRules: ValidateUpdateFn = (previous, next, ctx) => updateRules().validateUpdate(previous, next, ctx);

/** An object checked as an update: where its previous state was read, and what the update breaks. */
export interface UpdateFound {
  readonly previous: { readonly file: string; readonly line: number };
  readonly violations: Violation[];
  /**
   * The context to check the object's own findings in: with what its
   * previous state relaxes, as ValidateCustomResourceDefinitionUpdate does
   * (rules' updateContext).
   */
  readonly ctx: RuleContext;
}

/** Numbers kept of each previous object: the start and length of its JSON in the log, its line and its file's number. */
const WIDTH = 4;

export class PreviousObjects {
  /** How many previous objects were read (those of broken files not counted). */
  public count = 0;
  private readonly log: ByteLog;
  private readonly objectKey = updateRules().objectKey;
  /** The number of the last previous object of each key: when the previous input holds one object twice, the last one wins, as applied in order. */
  private readonly byKey = new Map<string, number>();
  private data = new Float64Array(WIDTH * 1024);
  private readonly files: string[] = [];
  /** Objects written, those of broken files included. */
  private written = 0;

  constructor(folder: TempFolder | undefined) {
    this.log = new ByteLog(folder, 'previous.jsonl');
  }

  /**
   * Reads the previous operands (standard input through `stdin`, which the
   * caller records when it must be read again); their input problems go to
   * `diagnostics`, in order.
   */
  public async read(operands: readonly string[], stdin: AsyncIterable<unknown>, limits: ReadLimits, diagnostics: Diagnostic[]): Promise<void> {
    // The objects of the file being read: kept aside until the file is known not to be broken (a broken file gives none).
    let pending: Array<[string | undefined, number]> = [];
    const onObject = (source: SourceObject): void => {
      pending.push([this.keyOf(source.manifest), this.add(source)]);
    };
    for await (const file of streamFiles(operands, stdin, limits, onObject)) {
      for (const d of file.diagnostics) diagnostics.push(d);
      if (!file.broken) {
        for (const [key, n] of pending) if (key !== undefined) this.byKey.set(key, n);
        this.count += pending.length;
      }
      pending = [];
    }
  }

  /** The update check of `next` against its previous state, or undefined when it has none. */
  public check(next: Manifest, ctx: RuleContext, validateUpdate: ValidateUpdateFn = validateUpdateWithRules): UpdateFound | undefined {
    const key = this.objectKey(next);
    const n = key === undefined ? undefined : this.byKey.get(key);
    if (n === undefined) return undefined;
    const at = n * WIDTH;
    const previous = JSON.parse(this.log.read({ start: this.data[at], length: this.data[at + 1] })) as Manifest;
    return {
      previous: { file: this.files[this.data[at + 3]], line: this.data[at + 2] },
      violations: validateUpdate(previous, next, ctx),
      ctx: updateRules().updateContext(previous, next, ctx),
    };
  }

  public close(): void {
    this.log.close();
  }

  /** The key, as a string of its own (not a slice holding the document's text). */
  private keyOf(manifest: Manifest): string | undefined {
    const key = this.objectKey(manifest);
    return key === undefined ? undefined : flat(key);
  }

  /** Writes the object out and keeps where it went; returns its number. */
  private add(source: SourceObject): number {
    const n = this.written++;
    if ((n + 1) * WIDTH > this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    if (this.files[this.files.length - 1] !== source.file) this.files.push(source.file);
    const place = this.log.append(JSON.stringify(source.manifest));
    const at = n * WIDTH;
    this.data[at] = place.start;
    this.data[at + 1] = place.length;
    this.data[at + 2] = source.line;
    this.data[at + 3] = this.files.length - 1;
    return n;
  }
}
