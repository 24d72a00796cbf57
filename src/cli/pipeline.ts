/**
 * The one pipeline of `validate` (plain or `--previous`, every output
 * format) and of the cdk8s-cli plugin, in four steps:
 *
 * 1. read: each object as soon as its document is parsed (`streamFiles`),
 *    and let go (memory holds one document at a time);
 * 2. per object: selected or skipped; the rules of one object and, with
 *    `--previous`, the update rules against its previous state read back
 *    from disk (`PreviousObjects`); its findings located while its text is
 *    at hand; the facts the rules across objects read kept packed
 *    (`KeptFacts`), the rest waiting in a temporary file (`Spill`);
 * 3. across objects: the rules across objects over the kept facts, their
 *    findings to disk as they come (`KeptFindings`);
 * 4. report: the run's counts first, then each object in input order, its
 *    findings across objects located in its document read again.
 *
 * Memory thus keeps only the facts of each object the rules across objects
 * read, whatever the size of the input.
 */
import { identityOf, specKey } from './cross-facts';
import { KeptFacts } from './kept-facts';
import type { KeptFindings } from './kept-findings';
import {
  CheckedObject, countFile, FileCounts, LocatedViolation, ReportEnd, ReportHead, ReportTotals, RunMode, SkippedObject, tally, Tally,
} from './output/reporter';
import { PreviousObjects, ValidateUpdateFn } from './previous-objects';
import { tuneV8ForInputs } from './v8-tuning';
import { Diagnostic, locateAt, ReadLimits, SourceObject, SourcePlace, streamFiles } from '../io/read';
import { DocumentTexts } from '../io/reread';
import { RecordedInput, Spill, TempFolder } from '../io/spill';
import { Manifest } from '../model/manifest';
import { notCheckedNote, RuleContext, Violation } from '../rules';

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

/**
 * Where `checkEach` hands what it found: first the input problems and the
 * run's counts, then each checked or skipped object, in input order.
 */
export interface CheckSink {
  begin(head: ReportHead): void | Promise<void>;
  object(object: CheckedObject): void | Promise<void>;
  skipped(object: SkippedObject): void | Promise<void>;
}

/** What the pipeline reads, and how it checks. */
export interface PipelineOptions {
  /** FILE, DIR or `-` operands, in order. */
  readonly operands: readonly string[];
  /** The previous state of the objects (`--previous`): each selected object is also checked as an update of it. */
  readonly previous?: readonly string[];
  readonly context: RuleContext;
  readonly validator: StreamingValidator;
  /** Which objects to check; the rest are counted as skipped. */
  readonly select: (manifest: Manifest, ctx: RuleContext) => boolean;
  readonly validateUpdate?: ValidateUpdateFn;
  readonly limits: ReadLimits;
  /** Where the run makes its temporary folder; the system's by default. */
  readonly temporaryFolder?: string;
  /** `--strict`, `--fail-on-skipped`: handed to the report. */
  readonly mode?: RunMode;
}

/**
 * Runs the pipeline over the inputs and hands what it found to `sink`:
 * first the input problems and the run's counts, then each checked or
 * skipped object, in input order.
 */
export async function runPipeline(options: PipelineOptions, stdin: AsyncIterable<unknown>, sink: CheckSink): Promise<ReportEnd> {
  const folder = new TempFolder(options.temporaryFolder);
  // Standard input is recorded to be located in later; without a folder, its text is kept with its objects instead.
  const stdinFile = options.operands.includes('-') ? folder.file('stdin.yaml') : undefined;
  const recorded = stdinFile !== undefined ? new RecordedInput(stdinFile) : undefined;
  const input = recorded?.record(stdin) ?? stdin;
  const run = new PipelineRun(options, folder, recorded?.file);
  try {
    await run.readPrevious(input);
    await run.read(input);
    run.acrossObjects();
    await run.report(sink);
    return run.end;
  } finally {
    run.close();
    recorded?.close();
    folder.remove();
  }
}

/** One run of the pipeline: what it keeps between its steps. */
class PipelineRun {
  /** The counts the report ends with, known once every object is read. */
  public end: ReportEnd = { skipped: 0, inputErrors: 0 };
  private readonly ctx: RuleContext;
  private readonly validator: StreamingValidator;
  /** Each object's record, waiting on disk for the report. */
  private readonly spill: Spill<Pending>;
  private readonly across: FindingsAcross;
  /** What the rules across objects read of each object, packed until they run. */
  private readonly kept = new KeptFacts();
  /** The previous objects (`--previous`), on disk, by key. */
  private previous: PreviousObjects | undefined;
  /** The input problems, in input order, and the notes of skipped objects after them. */
  private readonly readDiagnostics: Diagnostic[] = [];
  private readonly notes: Diagnostic[] = [];
  private readonly brokenFiles = new Set<number>();
  private skipped = 0;
  /**
   * Each object in input order, with the counts of a checked one's own and update findings: the run's counts
   * are known before any object is handed over.
   */
  private readonly tallies = new Tallies();
  /** The names each file's spilled records leave out, by file number. */
  private readonly spilledFiles: SpilledFile[] = [];
  /** The number of the file being read, counting every file read. */
  private fileNumber = 0;
  /** What the file being read gave so far: dropped if the file turns out broken (its records on disk are skipped). */
  private fileNotes: Diagnostic[] = [];
  private fileSkipped = 0;
  private fileStart = 0;
  private fileKeptStart = 0;

  constructor(private readonly options: PipelineOptions, private readonly folder: TempFolder, private readonly stdinRecording: string | undefined) {
    this.ctx = options.context;
    this.validator = options.validator;
    this.spill = new Spill<Pending>(folder, 'objects.jsonl');
    this.across = new FindingsAcross(folder, 'findings-across');
  }

  /** Step 0, with `--previous`: the previous objects, read first, to disk. */
  public async readPrevious(stdin: AsyncIterable<unknown>): Promise<void> {
    if (this.options.previous === undefined) return;
    this.previous = new PreviousObjects(this.folder);
    await this.previous.read(this.options.previous, stdin, this.options.limits, this.readDiagnostics);
  }

  /** Steps 1 and 2: every object read, and checked on its own as it comes. */
  public async read(stdin: AsyncIterable<unknown>): Promise<void> {
    tuneV8ForInputs(this.options.operands);
    const onObject = (source: SourceObject): void => this.object(source);
    for await (const file of streamFiles(this.options.operands, stdin, this.options.limits, onObject, this.stdinRecording)) {
      for (const d of file.diagnostics) this.readDiagnostics.push(d);
      if (file.broken) {
        this.brokenFiles.add(this.fileNumber);
        this.tallies.truncate(this.fileStart);
        this.kept.truncate(this.fileKeptStart);
      } else {
        for (const d of this.fileNotes) this.notes.push(d);
        this.skipped += this.fileSkipped;
      }
      this.fileNumber++;
      this.fileStart = this.tallies.length;
      this.fileKeptStart = this.kept.length;
      this.fileNotes = [];
      this.fileSkipped = 0;
    }
    const diagnostics = this.diagnostics();
    this.end = {
      skipped: this.skipped,
      inputErrors: diagnostics.filter(d => d.severity === 'error').length,
      ...(this.previous !== undefined ? { previousRead: this.previous.count } : {}),
      ...(this.options.mode !== undefined ? { mode: this.options.mode } : {}),
    };
  }

  /** Step 3: the rules across objects, over the facts kept; their findings go to disk as they are found. */
  public acrossObjects(): void {
    let everyFacts: Manifest[] = this.kept.take();
    const checkedCount = everyFacts.length;
    this.validator.acrossObjects(everyFacts, this.ctx, (index, violation) => this.across.add(index, violation));
    this.across.byObject(checkedCount);
    // The facts are not read again: let them go before the report is written.
    everyFacts = [];
  }

  /** Step 4: the counts, then each object in input order, its findings across objects located in its document read again. */
  public async report(sink: CheckSink): Promise<void> {
    const totals = new ReportTotals();
    const files: FileCounts[] = [];
    let k = 0;
    for (const { file, found, compared } of this.tallies.entries()) {
      if (found === undefined) {
        countFile(files, file, 'skipped');
        continue;
      }
      const all = this.across.tally(k++, { ...found });
      totals.addCounts(all, compared === true);
      countFile(files, file, all.errors > 0 ? 'invalid' : 'valid');
    }
    totals.end = this.end;
    await sink.begin({ diagnostics: this.diagnostics(), totals, files });
    let i = 0;
    // Each file opened once for all of its documents.
    const texts = new DocumentTexts();
    try {
      for (const p of this.spill.read()) {
        if (this.brokenFiles.has(p.fileNumber)) continue;
        if ('skipped' in p) {
          await sink.skipped(p.skipped);
          continue;
        }
        const names = this.spilledFiles[p.fileNumber];
        const place = placeOf(p.place, names);
        const crossFound: LocatedViolation[] = this.across.of(i++).map(v => ({ ...v, line: locateAt(place, typeof v.path === 'string' ? v.path : '', texts) }));
        const violations = [...p.own, ...crossFound, ...p.updates];
        const { file = names.file, ...object } = p.object;
        await sink.object({ file, ...object, violations, valid: !violations.some(v => v.severity === 'error') });
      }
    } finally {
      texts.close();
    }
  }

  public close(): void {
    this.spill.close();
    this.across.close();
    this.previous?.close();
  }

  private diagnostics(): Diagnostic[] {
    return [...this.readDiagnostics, ...this.notes];
  }

  /** Step 2 for one object: skipped, or checked on its own (and as an update), its facts kept and its record spilled. */
  private object(source: SourceObject): void {
    const { ctx, validator, fileNumber } = this;
    if (!this.options.select(source.manifest, ctx)) {
      this.fileSkipped++;
      for (const d of notSkippedSilently(source, ctx)) this.fileNotes.push(d);
      this.spill.write({ fileNumber, skipped: skippedObject(source, ctx) });
      this.tallies.add(source.file, undefined, false);
      return;
    }
    const locate = (v: Violation): LocatedViolation => ({ ...v, line: source.locate(typeof v.path === 'string' ? v.path : '') });
    const update = this.previous?.check(source.manifest, ctx, this.options.validateUpdate);
    // What stays in memory must not hold the input's text, and shares the strings facts repeat.
    const key = validator.repeatKey?.(source.manifest, ctx, source.documentText());
    if (validator.facts === undefined) this.kept.addRead(source.manifest, validator.repeatKey !== undefined ? key : specKey(source.manifest));
    else this.kept.add(validator.facts(source.manifest));
    // An update is checked with what its previous state relaxes (ValidateCustomResourceDefinitionUpdate's options):
    // its findings are its own, neither taken from nor kept for a repeat of its text.
    const ownKey = update === undefined || update.ctx === ctx ? key : undefined;
    const own = validator.perObject(source.manifest, update?.ctx ?? ctx, ownKey);
    const found = locateOwn(validator, source, own, ownKey, locate);
    const updates = update?.violations.map(locate) ?? [];
    this.tallies.add(source.file, tally(updates, tally(found)), update !== undefined);
    const place = source.place();
    const names = this.spilledFiles[fileNumber] ??= { file: source.file, path: place.bytes?.path };
    this.spill.write({
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
  }
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

/** An object checked, waiting on disk for the rules across objects. */
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

/** An object skipped, waiting on disk to be handed over in input order. */
interface PendingSkipped {
  readonly fileNumber: number;
  readonly skipped: SkippedObject;
}

type Pending = PendingObject | PendingSkipped;

/** An object as the pipeline counts it: a skipped one has no findings. */
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
 * the pipeline keeps them for every object until the report starts.
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
