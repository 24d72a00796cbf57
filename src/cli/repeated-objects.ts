/**
 * The per-object rules over a stream of objects that repeat: `kubectl get
 * apiserviceexports,boundschemas -A` of a provider cluster holds the same
 * objects in every consumer's namespace, differing only in their namespace
 * and the metadata the server sets. Their findings are the same, so each is
 * found once (the bench's held-out-style mix: 5,236 objects, 374 distinct).
 */
import { has, isObject, Manifest } from '../model/manifest';
import { RepeatTable } from '../model/repeat-table';
import { dns1123LabelErrors, RuleContext, validateObject, Violation, withFlatTexts } from '../rules';

/**
 * Metadata the server sets, which no per-object rule reads: left out of the
 * key, with the namespace when it is a valid DNS label (KB020, the one rule
 * that reads it, then finds nothing about it). A rule that comes to read one
 * of these must take it out of here; test/cli/repeated-objects.test.ts
 * runs every rule's scenarios with them changed.
 */
const SERVER_SET_METADATA: ReadonlySet<string> = new Set(['uid', 'resourceVersion', 'creationTimestamp', 'generation', 'managedFields', 'selfLink']);

/** Objects longer than this (as JSON) are checked each time: their text would weigh in the table. */
const MAX_OBJECT_CHARS = 64 * 1024;
/**
 * The table keeps at most this much JSON text (the oldest go first): memory
 * stays flat however long the stream. Room for a namespace's worth of
 * objects (the held-out-style mix repeats 374 objects, 250,000 characters).
 */
const MAX_TABLE_CHARS = 512 * 1024;
/**
 * When the table is full, keying goes on only if one lookup in this many
 * found its object: keying 10,000 distinct exports cost a tenth of their run.
 */
const MIN_HITS_PER_LOOKUP = 8;

/**
 * `validateObject`, remembering the findings of each object by what the
 * rules read of it (its JSON text, less what `SERVER_SET_METADATA` and a
 * valid namespace leave out, and the context). For objects read from YAML
 * (no undefined values, which JSON would leave out): the CLI's. One per run.
 */
export class RepeatedObjects {
  /** Off once it filled up with few hits: objects do not repeat here, and keying them only costs. */
  private readonly found = new RepeatTable<Known>(MAX_TABLE_CHARS, MIN_HITS_PER_LOOKUP);
  /** How many objects `keyOf` was asked for with their document's text. */
  private keyed = 0;
  /** The last key `keyOf` made of a document's text. */
  private lastTextKey: string | undefined;

  /**
   * The object's `repeatKey`, or undefined once this run's objects have
   * shown they do not repeat. `textOutside`, when given, is its document's
   * text less the given value of `metadata.namespace`, or undefined when
   * that cannot be cut out: the object is then keyed by that text instead,
   * without writing it as JSON (from the second object of the run on: the
   * first, maybe the only one, spares loading what cuts the text).
   */
  public keyOf(obj: Manifest, ctx: RuleContext, textOutside?: (namespace: string) => string | undefined): string | undefined {
    if (this.found.isOff) return undefined;
    if (textOutside !== undefined && this.keyed++ > 0) {
      const key = textKey(obj, ctx, textOutside);
      if (key !== undefined) return this.lastTextKey = key;
    }
    return repeatKey(obj, ctx);
  }

  public validate(obj: Manifest, ctx: RuleContext): Violation[] {
    return this.validateWithKey(obj, ctx, this.keyOf(obj, ctx));
  }

  /** `validate`, given the object's key (`keyOf`; undefined: it is checked afresh). */
  public validateWithKey(obj: Manifest, ctx: RuleContext, key: string | undefined): Violation[] {
    if (key === undefined || this.found.isOff) return validateObject(obj, ctx);
    const known = this.found.get(key);
    if (known !== undefined) return [...known.found];
    const found = validateObject(obj, ctx);
    // Copies, so that the table holds no text of the document the findings came from.
    this.found.set(key, { found: found.map(withFlatTexts), sameText: key === this.lastTextKey });
    return found;
  }

  /**
   * Where the findings of the first object keyed `key` stand, as `keepLines`
   * was told: undefined until then, and for a key not made of a document's
   * text. A document of the same text but for one plain scalar on one line
   * has its fields on the same lines.
   */
  public knownLines(key: string): readonly number[] | undefined {
    return this.found.peek(key)?.lines;
  }

  /** Remembers `lines` (one per finding, in order; relative to the object, as the caller reads them) for `knownLines`. */
  public keepLines(key: string, lines: readonly number[]): void {
    const known = this.found.peek(key);
    if (known?.sameText === true) known.lines = lines;
  }
}

/** The findings of an object, and for one keyed by its document's text, where they stand once located. */
interface Known {
  readonly found: readonly Violation[];
  readonly sameText: boolean;
  lines?: readonly number[];
}

/**
 * `repeatKey` of an object from its document's text (`textOutside`: less
 * the value of a valid `metadata.namespace`), undefined when it has no
 * such namespace or the text cannot be cut. Text equal outside that one
 * plain scalar parses to objects equal but for it: the same findings, as
 * `repeatKey` assumes. The same object in another layout only misses.
 */
function textKey(obj: Manifest, ctx: RuleContext, textOutside: (namespace: string) => string | undefined): string | undefined {
  const metadata = obj.metadata;
  if (!isObject(metadata)) return undefined;
  const namespace = metadata.namespace;
  if (typeof namespace !== 'string' || dns1123LabelErrors(namespace).length > 0) return undefined;
  const text = textOutside(namespace);
  if (text === undefined || text.length > MAX_OBJECT_CHARS) return undefined;
  // `t`, where `repeatKey` writes `n` or `-`: the two kinds of key never meet.
  return `${contextKey(ctx)}t${text}`;
}

/** The rule context as it starts a key: JSON, which ends where it ends. */
function contextKey(ctx: RuleContext): string {
  return JSON.stringify([ctx.group, ctx.namespacePrefix ?? null]);
}

/**
 * What decides an object's findings, as text: equal for two objects only
 * when everything of them but a valid namespace and the server's metadata is
 * equal (so their kind and spec too). Undefined when it cannot be said
 * cheaply; such an object is checked afresh.
 */
export function repeatKey(obj: Manifest, ctx: RuleContext): string | undefined {
  const metadata = obj.metadata;
  let key: Manifest = obj;
  if (isObject(metadata)) {
    const kept: Manifest = {};
    let left = 0;
    for (const field of Object.keys(metadata)) {
      if (field === '__proto__') return undefined;
      if (SERVER_SET_METADATA.has(field)) {
        left++;
        continue;
      }
      if (field === 'namespace') {
        const namespace = metadata.namespace;
        if (typeof namespace !== 'string' || dns1123LabelErrors(namespace).length > 0) return undefined;
        left++;
        continue;
      }
      kept[field] = metadata[field];
    }
    if (left > 0) {
      key = {};
      for (const field of Object.keys(obj)) {
        if (field === '__proto__') return undefined;
        key[field] = field === 'metadata' ? kept : obj[field];
      }
    }
  }
  let json: string;
  try {
    json = JSON.stringify(key);
  } catch {
    return undefined;
  }
  if (json.length > MAX_OBJECT_CHARS) return undefined;
  // Whether a namespace was there is kept, though a valid one changes nothing today: cheap, and one assumption less.
  const namespaced = isObject(metadata) && has(metadata, 'namespace') ? 'n' : '-';
  // The context first, as JSON (which ends where it ends), then the object.
  return `${contextKey(ctx)}${namespaced}${json}`;
}
