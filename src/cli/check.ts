/**
 * The `validate` run itself: read the inputs, pick the objects to check,
 * validate each as it is read (the checks across objects see small facts of
 * every object), compare them with their previous state when one is given,
 * locate each violation, report. The validators are
 * parameters so reading and reporting can be tested without the rule
 * catalogue.
 */
import { CliIo, ValidateFn } from './command';
import { crossObjectFacts, identityOf, specKey } from './cross-facts';
import { KeptFacts } from './kept-facts';
import type { KeptFindings } from './kept-findings';
import {
  CheckedObject, formatDiagnostic, LocatedViolation, PLAIN, RenderOptions, ReportEnd, Reporter, ReportHead, ReportTotals, RunMode, SkippedObject,
  countFile, FileCounts,
  tally, Tally, totalsOf, ValidationReport,
} from './output/reporter';
import { Diagnostic, locateAt, ReadLimits, SourceObject, SourcePlace, streamFiles } from '../io/read';
import { DocumentTexts } from '../io/reread';
import { RecordedInput, Spill, TempFolder } from '../io/spill';
import { ChunkedWriter } from '../io/write';
import { Manifest, own } from '../model/manifest';
import { notCheckedNote, RuleContext, Violation } from '../rules';
import { PreviousObjects, ValidateUpdateFn } from './previous-objects';
import { tuneV8ForInputs } from './v8-tuning';

export type { ValidateFn } from './command';
export { validateUpdateWithRules } from './previous-objects';
export type { ValidateUpdateFn } from './previous-objects';

/**
 * A validator in two parts: the rules of one object, run as each object is
 * read, and the rules across objects, run at the end over what `facts` kept
 * of each object. Together they must find what the whole `ValidateFn` finds,
 * each object's own findings first.
 */
export interface StreamingValidator {
  /** `key`: the object's `repeatKey`, when the validator has one. */
  readonly perObject: (manifest: Manifest, ctx: RuleContext, key?: string) => Violation[];
  /**
   * Text equal for two objects only when their own findings and the facts
   * of their spec are equal (their kind and spec equal), or undefined: read
   * once per object and handed to `perObject` and to the facts kept.
   * `documentText`: the text of the document the object is the whole of, when at hand.
   */
  readonly repeatKey?: (manifest: Manifest, ctx: RuleContext, documentText: string | undefined) => string | undefined;
  /**
   * For an object whose `repeatKey` says its document is the text of an
   * earlier one but for a value on one line: the lines of that object's own
   * findings below its first line, in order (`keepLines`), so as not to
   * locate them again. Undefined when not known.
   */
  readonly knownLines?: (key: string) => readonly number[] | undefined;
  readonly keepLines?: (key: string, lines: readonly number[]) => void;
  /**
   * Over `facts` of each object: each finding handed to `found` with the
   * number of its object, each object's in the order they are to be reported.
   */
  readonly acrossObjects: (facts: readonly Manifest[], ctx: RuleContext, found: (index: number, violation: Violation) => void) => void;
  /** What the rules across objects read of an object; `crossObjectFacts` by default. */
  readonly facts?: (manifest: Manifest) => Manifest;
}

export interface CheckOptions {
  /** FILE, DIR or `-` operands, in order. */
  readonly operands: readonly string[];
  readonly context: RuleContext;
  readonly reporter: Reporter;
  /**
   * The validator split in two (`StreamingValidator`): each object is
   * validated as it is read, and only the facts the rules across objects need
   * are kept, so memory does not grow with the input's size.
   */
  readonly streaming?: StreamingValidator;
  /**
   * A validator that sees every selected object at once, when `streaming` is
   * not given: run through the same pipeline (`wholeValidator`), with every
   * object kept whole until it runs.
   */
  readonly validate?: ValidateFn;
  /** Which objects to check; the rest are counted as skipped. Defaults to `isChecked`. */
  readonly select?: (manifest: Manifest, ctx: RuleContext) => boolean;
  readonly limits: ReadLimits;
  /**
   * FILE, DIR or `-` operands holding the previous state of the objects (what
   * is live, e.g. `kubectl get apiserviceexports,boundschemas -A -o yaml`).
   * When given, each checked object is also checked as an update of its
   * previous state.
   */
  readonly previous?: readonly string[];
  /** The check of each object against its previous state; the update rules (`validateUpdateWithRules`) by default. */
  readonly validateUpdate?: ValidateUpdateFn;
  /** Colour and version for the reporter; plain by default. */
  readonly render?: RenderOptions;
  /** Where a streaming run makes its temporary folder; the system's (`os.tmpdir()`, TMPDIR) by default. */
  readonly temporaryFolder?: string;
  /** `--strict`, `--fail-on-skipped`: handed to the report (the validator applies `strict` itself). */
  readonly mode?: RunMode;
}

/** What a check found: the report, and the input problems (not yet written anywhere). */
export interface CheckResult {
  readonly report: ValidationReport;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Whether `validate` checks an object: anything whose apiVersion is in our
 * group, so an unknown kind or version there is reported, not skipped
 * (`kube-bind.io` alone counts too: a version was forgotten), and any
 * document without apiVersion or kind. kube-bind's kinds this tool does not
 * model (APIServiceBinding...) are skipped, with a note.
 */
export function isChecked(manifest: Manifest, ctx: RuleContext): boolean {
  const apiVersion = own(manifest, 'apiVersion');
  // kubectl refuses a document without apiVersion or kind: it is checked (KB001), never skipped silently.
  if (typeof apiVersion !== 'string' || apiVersion === '') return true;
  const kind = own(manifest, 'kind');
  if (typeof kind !== 'string' || kind === '') return true;
  const slash = apiVersion.lastIndexOf('/');
  // kube-bind's kinds this tool does not model are skipped, with a note (notSkippedSilently).
  return (slash < 0 ? apiVersion : apiVersion.slice(0, slash)) === ctx.group && notCheckedNote(manifest, ctx) === undefined;
}

/**
 * Runs one `validate` and returns its exit status. Input problems go to
 * stderr (and into the formats that carry them), the report to stdout:
 * object by object for a format that streams (all of formats.ts), so memory
 * does not grow with the findings; whole otherwise.
 */
export async function runCheck(options: CheckOptions, io: CliIo): Promise<number> {
  const render = options.render ?? PLAIN;
  const writeDiagnostics = (diagnostics: readonly Diagnostic[]): void => {
    for (const d of diagnostics) io.stderr.write(formatDiagnostic(d) + '\n');
  };
  const stream = options.reporter.stream?.(render);
  if (stream === undefined) {
    const { report, diagnostics } = await check(options, io.stdin);
    writeDiagnostics(diagnostics);
    io.stdout.write(options.reporter.render(report, render));
    return totalsOf(report).exitStatus();
  }
  const out = new ChunkedWriter(io.stdout);
  let totals: ReportTotals | undefined;
  await checkEach(options, io.stdin, {
    begin: head => {
      totals = head.totals;
      writeDiagnostics(head.diagnostics);
      return out.write(stream.begin(head));
    },
    object: object => out.write(stream.object(object)),
    skipped: object => out.write(stream.skipped(object)),
  });
  await out.write(stream.end(totals!));
  await out.flush();
  return totals!.exitStatus();
}

/**
 * Where `checkEach` hands what it found: first the input problems and the
 * run's counts, then each checked or skipped object, in input order.
 */
export interface CheckSink {
  begin(head: ReportHead): void | Promise<void>;
  object(object: CheckedObject): void | Promise<void>;
  skipped(object: SkippedObject): void | Promise<void>;
}

/**
 * Reads the inputs, validates the selected objects together (and against
 * their previous state), and locates each violation: everything of a
 * `validate` run but the writing, which `runCheck` and the cdk8s-cli
 * plugin each do their way.
 */
export async function check(options: Omit<CheckOptions, 'reporter'>, stdin: AsyncIterable<unknown>): Promise<CheckResult> {
  const checked: CheckedObject[] = [];
  const skippedObjects: SkippedObject[] = [];
  let diagnostics: readonly Diagnostic[] = [];
  const end = await checkEach(options, stdin, {
    begin: head => {
      diagnostics = head.diagnostics;
    },
    object: object => {
      checked.push(object);
    },
    skipped: object => {
      skippedObjects.push(object);
    },
  });
  return { report: { checked, skippedObjects, diagnostics, ...end }, diagnostics };
}

/** `check`, handing each checked object to `sink` instead of keeping a list of them. */
export async function checkEach(options: Omit<CheckOptions, 'reporter'>, stdin: AsyncIterable<unknown>, sink: CheckSink): Promise<ReportEnd> {
  const validator = options.streaming ?? (options.validate !== undefined ? wholeValidator(options.validate) : undefined);
  if (validator === undefined) throw new Error('check: give a validator (streaming or validate)');
  return checkStreaming(options, validator, stdin, sink);
}

/**
 * A `ValidateFn`, which sees every object at once, as a `StreamingValidator`:
 * no rule of one object, and every object kept whole for the rules "across
 * objects", which are then the whole validator. Its findings of each object
 * come in the order it gives them.
 */
export function wholeValidator(validate: ValidateFn): StreamingValidator {
  return {
    perObject: () => [],
    facts: manifest => manifest,
    acrossObjects: (objects, ctx, found) => {
      const results = validate(objects, ctx);
      if (!Array.isArray(results) || results.length !== objects.length) {
        throw new Error(`validator returned ${Array.isArray(results) ? results.length : typeof results} results for ${objects.length} objects`);
      }
      results.forEach((violations, index) => {
        for (const v of violations ?? []) found(index, v);
      });
    },
  };
}

/**
 * A note for a skipped kube-bind object of a kind this tool does not model.
 * (A document without apiVersion or kind is not skipped: KB001 reports it.)
 */
function notSkippedSilently(o: SourceObject, ctx: RuleContext): Diagnostic[] {
  const note = notCheckedNote(o.manifest, ctx);
  return note === undefined ? [] : [{ severity: 'note', file: o.file, line: o.line, message: note }];
}

/** A skipped object as the report names it, with the note that says why, if any. */
function skippedObject(o: SourceObject, ctx: RuleContext): SkippedObject {
  const reason = notCheckedNote(o.manifest, ctx);
  return { file: o.file, index: o.index, line: o.line, manifest: identityOf(o.manifest), ...(reason !== undefined ? { reason } : {}) };
}

/** An object checked by `checkStreaming`, waiting on disk for the rules across objects. */
interface PendingObject {
  /** The number of the file it was read from, counting every file read: a file found broken later gives no objects. */
  readonly fileNumber: number;
  /** Without its file name, unless it differs from its file's (`SpilledFile`). */
  readonly object: Omit<CheckedObject, 'violations' | 'valid' | 'file'> & { readonly file?: string };
  /** Its own findings (per-object rules), located. */
  readonly own: readonly LocatedViolation[];
  readonly updates: readonly LocatedViolation[];
  /** Where its findings across objects are located, without the names its file's `SpilledFile` holds. */
  readonly place: SpilledPlace;
}

/**
 * The names every object of one file shares, kept once per file rather than
 * in each record spilled: written out per object, they were a sixth of the
 * bytes spilled, each turned to JSON and back.
 */
interface SpilledFile {
  /** The file as reported (`CheckedObject.file`, `SourcePlace.file`). */
  readonly file: string;
  /** Where its documents are read again (`SourcePlace.bytes.path`). */
  readonly path: string | undefined;
}

/** A `SourcePlace` less what its `SpilledFile` holds (kept when it differs). */
interface SpilledPlace extends Omit<SourcePlace, 'file' | 'bytes'> {
  readonly file?: string;
  readonly bytes?: { readonly path?: string; readonly start: number; readonly length: number };
}

/** `place` less what `names` holds. */
function spilledPlace(place: SourcePlace, names: SpilledFile): SpilledPlace {
  const { file, bytes, ...rest } = place;
  return {
    ...(file !== names.file ? { file } : {}),
    ...rest,
    ...(bytes === undefined ? {} : { bytes: bytes.path === names.path ? { start: bytes.start, length: bytes.length } : bytes }),
  };
}

/** The `SourcePlace` `spilledPlace` made `place` of. */
function placeOf(place: SpilledPlace, names: SpilledFile): SourcePlace {
  const { file = names.file, bytes, ...rest } = place;
  return { file, ...rest, ...(bytes === undefined ? {} : { bytes: { path: bytes.path ?? names.path!, start: bytes.start, length: bytes.length } }) };
}

/** An object `checkStreaming` skipped, waiting on disk to be handed over in input order. */
interface PendingSkipped {
  readonly fileNumber: number;
  readonly skipped: SkippedObject;
}

type Pending = PendingObject | PendingSkipped;

/** An object as `checkStreaming` counts it: a skipped one has no findings. */
interface Tallied {
  readonly file: string;
  readonly found?: Tally;
  readonly compared?: boolean;
}

/** Numbers `Tallies` keeps of each object: errors, warnings, infos, skipped (1 or 0), compared (1 or 0). */
const TALLY_WIDTH = 5;

/**
 * The counts of each object, in input order, packed in one growing array of
 * numbers and runs of one file name, instead of an object per object:
 * `checkStreaming` keeps them for every object until the report starts.
 */
class Tallies {
  private data = new Int32Array(TALLY_WIDTH * 1024);
  private size = 0;
  /** Consecutive objects of one file. */
  private readonly runs: Array<{ file: string; count: number }> = [];

  public get length(): number {
    return this.size;
  }

  public add(file: string, found: Tally | undefined, compared: boolean): void {
    if ((this.size + 1) * TALLY_WIDTH > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const at = this.size++ * TALLY_WIDTH;
    this.data[at] = found?.errors ?? 0;
    this.data[at + 1] = found?.warnings ?? 0;
    this.data[at + 2] = found?.infos ?? 0;
    this.data[at + 3] = found === undefined ? 1 : 0;
    this.data[at + 4] = compared ? 1 : 0;
    const last = this.runs[this.runs.length - 1];
    if (last !== undefined && last.file === file) last.count++;
    else this.runs.push({ file, count: 1 });
  }

  /** Forgets the objects after the first `length` (those of a file found broken). */
  public truncate(length: number): void {
    for (let extra = this.size - length; extra > 0;) {
      const last = this.runs[this.runs.length - 1];
      const dropped = Math.min(extra, last.count);
      last.count -= dropped;
      extra -= dropped;
      if (last.count === 0) this.runs.pop();
    }
    this.size = Math.min(this.size, length);
  }

  public *entries(): Generator<Tallied> {
    let i = 0;
    for (const { file, count } of this.runs) {
      for (let n = 0; n < count; n++, i++) {
        const at = i * TALLY_WIDTH;
        yield this.data[at + 3] === 1 ? { file } : {
          file,
          found: { errors: this.data[at], warnings: this.data[at + 1], infos: this.data[at + 2] },
          compared: this.data[at + 4] === 1,
        };
      }
    }
  }
}

/**
 * The findings of the rules across objects (`KeptFindings`), kept from the
 * first one on: a run that has none, as a run over one valid file, neither
 * loads their module nor makes their buffers (start-up is a target of the
 * bench, and every module read counts in it).
 */
class FindingsAcross {
  private kept: KeptFindings | undefined;

  constructor(private readonly folder: TempFolder, private readonly name: string) {}

  public add(index: number, violation: Violation): void {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    this.kept ??= new (require('./kept-findings') as typeof import('./kept-findings')).KeptFindings(this.folder, this.name);
    this.kept.add(index, violation);
  }

  public byObject(objects: number): void {
    this.kept?.byObject(objects);
  }

  public tally(index: number, into: Tally): Tally {
    return this.kept?.tally(index, into) ?? into;
  }

  public of(index: number): Violation[] {
    return this.kept?.of(index) ?? [];
  }

  public close(): void {
    this.kept?.close();
  }
}

/**
 * An object's own findings, located: on the lines the validator knows for
 * its key (`knownLines`), else by `locate`, then told to the validator.
 */
function locateOwn(
  validator: StreamingValidator, source: SourceObject, findings: readonly Violation[], key: string | undefined,
  locate: (v: Violation) => LocatedViolation,
): LocatedViolation[] {
  if (key === undefined || findings.length === 0) return findings.map(locate);
  const known = validator.knownLines?.(key);
  if (known !== undefined && known.length === findings.length) return findings.map((v, i) => ({ ...v, line: source.line + known[i] }));
  const found = findings.map(locate);
  validator.keepLines?.(key, found.map(v => v.line - source.line));
  return found;
}

/**
 * `check` one object at a time: each object is validated as soon as its
 * document is read, and its findings are located while its text is at hand.
 * Memory then keeps only the facts the rules across objects read
 * (`crossObjectFacts`); the rest waits in a temporary file (`Spill`), with
 * a copy of standard input to locate in. Previous objects (`--previous`)
 * are read first and kept whole: the update rules compare whole objects.
 * Reports and diagnostics are the same as `checkAll`'s.
 */
async function checkStreaming(
  options: Omit<CheckOptions, 'reporter'>, validator: StreamingValidator, stdin: AsyncIterable<unknown>, sink: CheckSink,
): Promise<ReportEnd> {
  const folder = new TempFolder(options.temporaryFolder);
  const spill = new Spill<Pending>(folder, 'objects.jsonl');
  const across = new FindingsAcross(folder, 'findings-across');
  // Standard input is recorded to be located in later; without a folder, its text is kept with its objects instead.
  const stdinFile = options.operands.includes('-') ? folder.file('stdin.yaml') : undefined;
  const recorded = stdinFile !== undefined ? new RecordedInput(stdinFile) : undefined;
  const input = recorded?.record(stdin) ?? stdin;
  const readDiagnostics: Diagnostic[] = [];
  let previous: PreviousObjects | undefined;
  try {
    if (options.previous !== undefined) {
      previous = new PreviousObjects(folder);
      await previous.read(options.previous, input, options.limits, readDiagnostics);
    }
    return await checkStreamingWith(options, validator, input, sink, { spill, across, stdinRecording: recorded?.file, previous, readDiagnostics });
  } finally {
    spill.close();
    across.close();
    previous?.close();
    recorded?.close();
    folder.remove();
  }
}

/** What `checkStreaming` makes for `checkStreamingWith`, and closes after it. */
interface RunState {
  readonly spill: Spill<Pending>;
  readonly across: FindingsAcross;
  readonly stdinRecording: string | undefined;
  /** The previous objects (`--previous`), read already. */
  readonly previous: PreviousObjects | undefined;
  /** The input problems found so far (the previous objects'), in order. */
  readonly readDiagnostics: Diagnostic[];
}

async function checkStreamingWith(
  options: Omit<CheckOptions, 'reporter'>, validator: StreamingValidator, stdin: AsyncIterable<unknown>, sink: CheckSink,
  { spill, across, stdinRecording, previous, readDiagnostics }: RunState,
): Promise<ReportEnd> {
  const ctx = options.context;
  const select = options.select ?? isChecked;
  const facts = validator.facts ?? crossObjectFacts;

  // What the rules across objects read of each object, packed until they run.
  const kept = new KeptFacts();
  const notes: Diagnostic[] = [];
  const brokenFiles = new Set<number>();
  let skipped = 0;
  let fileNumber = 0;
  // What the file being read gave so far: dropped if the file turns out broken (its records on disk are skipped).
  let fileNotes: Diagnostic[] = [];
  let fileSkipped = 0;
  // Each object in input order, with the counts of a checked one's own and update findings: the run's counts
  // are known before any object is handed over.
  const tallies = new Tallies();
  // The names each file's spilled records leave out, by file number.
  const spilledFiles: SpilledFile[] = [];
  let fileStart = 0;
  let fileKeptStart = 0;
  tuneV8ForInputs(options.operands);
  const onObject = (source: SourceObject): void => {
    if (!select(source.manifest, ctx)) {
      fileSkipped++;
      for (const d of notSkippedSilently(source, ctx)) fileNotes.push(d);
      spill.write({ fileNumber, skipped: skippedObject(source, ctx) });
      tallies.add(source.file, undefined, false);
      return;
    }
    const locate = (v: Violation): LocatedViolation => ({ ...v, line: source.locate(typeof v.path === 'string' ? v.path : '') });
    const update = previous?.check(source.manifest, ctx, options.validateUpdate);
    // What stays in memory must not hold the input's text, and shares the strings facts repeat.
    const key = validator.repeatKey?.(source.manifest, ctx, source.documentText());
    if (validator.facts === undefined) kept.addRead(source.manifest, validator.repeatKey !== undefined ? key : specKey(source.manifest));
    else kept.add(facts(source.manifest));
    const found = locateOwn(validator, source, validator.perObject(source.manifest, ctx, key), key, locate);
    const updates = update?.violations.map(locate) ?? [];
    tallies.add(source.file, tally(updates, tally(found)), update !== undefined);
    const place = source.place();
    const names = spilledFiles[fileNumber] ??= { file: source.file, path: place.bytes?.path };
    spill.write({
      fileNumber,
      object: {
        ...(source.file !== names.file ? { file: source.file } : {}),
        index: source.index,
        line: source.line,
        manifest: identityOf(source.manifest),
        ...(update !== undefined ? { previous: update.previous } : {}),
      },
      own: found,
      updates,
      place: spilledPlace(place, names),
    });
  };
  for await (const file of streamFiles(options.operands, stdin, options.limits, onObject, stdinRecording)) {
    for (const d of file.diagnostics) readDiagnostics.push(d);
    if (file.broken) {
      brokenFiles.add(fileNumber);
      tallies.truncate(fileStart);
      kept.truncate(fileKeptStart);
    } else {
      for (const d of fileNotes) notes.push(d);
      skipped += fileSkipped;
    }
    fileNumber++;
    fileStart = tallies.length;
    fileKeptStart = kept.length;
    fileNotes = [];
    fileSkipped = 0;
  }

  let everyFacts: Manifest[] = kept.take();
  const checkedCount = everyFacts.length;
  // The findings go to disk as they are found, not kept as objects through the rest of the rules and the report.
  validator.acrossObjects(everyFacts, ctx, (index, violation) => across.add(index, violation));
  across.byObject(checkedCount);
  // The facts are not read again: let them go before the report is written.
  everyFacts = [];
  const diagnostics = [...readDiagnostics, ...notes];
  const end: ReportEnd = {
    skipped,
    inputErrors: diagnostics.filter(d => d.severity === 'error').length,
    ...(previous !== undefined ? { previousRead: previous.count } : {}),
    ...(options.mode !== undefined ? { mode: options.mode } : {}),
  };
  const totals = new ReportTotals();
  const files: FileCounts[] = [];
  let k = 0;
  for (const { file, found, compared } of tallies.entries()) {
    if (found === undefined) {
      countFile(files, file, 'skipped');
      continue;
    }
    const all = across.tally(k++, { ...found });
    totals.addCounts(all, compared === true);
    countFile(files, file, all.errors > 0 ? 'invalid' : 'valid');
  }
  totals.end = end;
  await sink.begin({ diagnostics, totals, files });
  let i = 0;
  // The findings across objects are located in their documents read again, each file opened once.
  const texts = new DocumentTexts();
  try {
    for (const p of spill.read()) {
      if (brokenFiles.has(p.fileNumber)) continue;
      if ('skipped' in p) {
        await sink.skipped(p.skipped);
        continue;
      }
      const names = spilledFiles[p.fileNumber];
      const place = placeOf(p.place, names);
      const crossFound: LocatedViolation[] = across.of(i++).map(v => ({ ...v, line: locateAt(place, typeof v.path === 'string' ? v.path : '', texts) }));
      const violations = [...p.own, ...crossFound, ...p.updates];
      const { file = names.file, ...object } = p.object;
      await sink.object({ file, ...object, violations, valid: !violations.some(v => v.severity === 'error') });
    }
  } finally {
    texts.close();
  }
  return end;
}
