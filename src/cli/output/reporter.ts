/**
 * What every output format of `validate` shares: the report it renders, the
 * one interface a format implements, and the helpers several formats use.
 * One format is one module of this folder; `index.ts` lists them.
 */
import type { Diagnostic } from '../../io/read';
import { Manifest, own } from '../../model/manifest';
import { describeViolation, Violation } from '../../rules';
import { EXIT_INVALID, EXIT_OK, EXIT_TROUBLE } from '../command';

/** A violation with the line it points at. */
export interface LocatedViolation extends Violation {
  /** 1-based line of the offending field, or of its deepest existing parent, or of the object. */
  readonly line: number;
}

/** An object that was checked, with what was found. */
export interface CheckedObject {
  readonly file: string;
  /** Index of the YAML document within the file, from 0; items of a List carry their List's index. */
  readonly index: number;
  /** 1-based line of the object's first field. */
  readonly line: number;
  readonly manifest: Manifest;
  readonly violations: readonly LocatedViolation[];
  /** False when any violation has severity `error`. */
  readonly valid: boolean;
  /** Where the previous state it was compared with (`validate --previous`) came from, if any. */
  readonly previous?: { readonly file: string; readonly line: number };
}

/** An object of another kind or group, counted but not checked (JUnit lists it as a skipped test case). */
export interface SkippedObject {
  readonly file: string;
  readonly index: number;
  readonly line: number;
  /** apiVersion, kind and metadata: enough to name it. */
  readonly manifest: Manifest;
  /** Why a kube-bind object was not checked, when it is one of kube-bind's kinds this tool does not model. */
  readonly reason?: string;
}

/** Everything a format needs to render one `validate` run. */
export interface ValidationReport {
  /** Checked objects in input order. */
  readonly checked: readonly CheckedObject[];
  /** Objects of other kinds or groups, counted but not checked. */
  readonly skipped: number;
  /** The skipped objects themselves, when the caller kept them; only JUnit lists them. */
  readonly skippedObjects?: readonly SkippedObject[];
  /** Input problems (unreadable files, malformed YAML): those of severity `error`. */
  readonly inputErrors: number;
  /** The input problems themselves (also written to stderr), of every severity. */
  readonly diagnostics?: readonly Diagnostic[];
  /** With `--previous`: how many previous objects were read (objects of every kind). */
  readonly previousRead?: number;
  /** The modes of the run, when any is on. */
  readonly mode?: RunMode;
}

/** How the output is shown; decided once per run from the terminal and the environment. */
export interface RenderOptions {
  /** ANSI colours (text output on a terminal only). */
  readonly color: boolean;
  /** The program's version, for formats that name the tool (SARIF). */
  readonly version: string;
}

export const PLAIN: RenderOptions = { color: false, version: '0.0.0' };

/** One output format of `validate`. */
export interface Reporter {
  /** For `--help`. */
  readonly description: string;
  /** The complete standard output of the run: what `stream` writes, in one string. */
  render(report: ValidationReport, options?: RenderOptions): string;
  /**
   * The same output, written piece by piece as the run hands the objects
   * over: memory then does not grow with the findings of a large input.
   * Every format of formats.ts has one; a format without it is rendered whole.
   */
  stream?(options?: RenderOptions): ReportStream;
}

/**
 * A format's output, piece by piece: the beginning (input problems and the
 * run's counts, all known before the first object is handed over), each
 * checked or skipped object in input order, a file's objects together,
 * then the end.
 */
export interface ReportStream {
  begin(head: ReportHead): string;
  object(object: CheckedObject): string;
  skipped(object: SkippedObject): string;
  end(totals: ReportTotals): string;
}

/** What a stream learns before the first object. */
export interface ReportHead {
  /** The input problems, of every severity, in the order they were found. */
  readonly diagnostics: readonly Diagnostic[];
  /** The counts of the whole run. */
  readonly totals: ReportTotals;
  /**
   * The counts of each file's objects, in the order they are handed over
   * (a file read twice counts twice): for formats that state them before
   * the objects (JUnit's test suites).
   */
  readonly files: readonly FileCounts[];
}

/** The objects of one file, counted. */
export interface FileCounts {
  readonly file: string;
  checked: number;
  invalid: number;
  skipped: number;
}

/** Adds one object of `file` to the counts of `files`, whose last entry is the file being counted. */
export function countFile(files: FileCounts[], file: string, outcome: 'valid' | 'invalid' | 'skipped'): void {
  let last = files[files.length - 1];
  if (last === undefined || last.file !== file) files.push(last = { file, checked: 0, invalid: 0, skipped: 0 });
  if (outcome === 'skipped') {
    last.skipped++;
  } else {
    last.checked++;
    if (outcome === 'invalid') last.invalid++;
  }
}

/** What a report says besides its objects. */
export interface ReportEnd {
  readonly skipped: number;
  readonly inputErrors: number;
  readonly previousRead?: number;
  /** The modes of the run, when any is on. */
  readonly mode?: RunMode;
}

/**
 * How strict a run is, beyond the rules' own severities; every format
 * states the modes that are on.
 */
export interface RunMode {
  /**
   * `--strict`: strict field validation, as kubectl's default
   * `--validate=strict` asks the API server for: an unknown field is an
   * error (the rules' `strictSeverity`), not a warning.
   */
  readonly strict?: boolean;
  /**
   * `--fail-on-skipped`: an object of a kind this tool does not check fails
   * the run, as kubeconform fails on a kind it has no schema for unless
   * given `-ignore-missing-schemas`.
   */
  readonly failOnSkipped?: boolean;
}

/** The modes that are on, as the command line names them: `--strict`, `--fail-on-skipped`. */
export function modeFlags(mode: RunMode | undefined): string[] {
  return [...(mode?.strict === true ? ['--strict'] : []), ...(mode?.failOnSkipped === true ? ['--fail-on-skipped'] : [])];
}

/** The rule a skipped object fails under `--fail-on-skipped`: the one that judges apiVersion and kind. */
export const SKIPPED_KIND_ID = 'KB001';

/** What every format reports for a skipped object under `--fail-on-skipped`: an error of its own, at the object. */
export function skippedFinding(object: SkippedObject): LocatedViolation {
  const why = object.reason ?? 'it is not a kind cdk8s-kube-bind validate checks';
  return {
    rule: SKIPPED_KIND_ID,
    severity: 'error',
    path: '',
    message: `not checked: ${why}; with --fail-on-skipped an object not checked fails the run`,
    hint: 'check it with a tool that knows its kind (kubeconform, kubectl apply --dry-run=server), leave it out of these inputs, or drop --fail-on-skipped',
    line: object.line,
  };
}

export interface Summary {
  readonly checked: number;
  readonly valid: number;
  readonly invalid: number;
  readonly skipped: number;
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
}

/** Findings counted by severity. */
export interface Tally {
  errors: number;
  warnings: number;
  infos: number;
}

/** The findings of `violations` by severity, added to `into`. */
export function tally(violations: readonly Violation[], into: Tally = { errors: 0, warnings: 0, infos: 0 }): Tally {
  for (const v of violations) {
    if (v.severity === 'error') into.errors++;
    else if (v.severity === 'warning') into.warnings++;
    else if (v.severity === 'info') into.infos++;
  }
  return into;
}

/** The counts of a summary, added up object by object, so a streamed report needs no list of its objects. */
export class ReportTotals {
  public checked = 0;
  public valid = 0;
  public errors = 0;
  public warnings = 0;
  public infos = 0;
  /** Objects compared with a previous state. */
  public compared = 0;
  public end: ReportEnd = { skipped: 0, inputErrors: 0 };

  public add(object: CheckedObject): void {
    this.addCounts(tally(object.violations), object.previous !== undefined);
  }

  /** One checked object, by the counts of its findings. */
  public addCounts(found: Tally, compared: boolean): void {
    this.checked++;
    if (found.errors === 0) this.valid++;
    if (compared) this.compared++;
    this.errors += found.errors;
    this.warnings += found.warnings;
    this.infos += found.infos;
  }

  public summary(): Summary {
    return {
      checked: this.checked,
      valid: this.valid,
      invalid: this.checked - this.valid,
      skipped: this.end.skipped,
      errors: this.errors,
      warnings: this.warnings,
      infos: this.infos,
    };
  }

  /** The exit status of the run: trouble for unreadable input, else invalid when an object is, else OK. */
  public exitStatus(): number {
    if (this.end.inputErrors > 0) return EXIT_TROUBLE;
    if (this.end.mode?.failOnSkipped === true && this.end.skipped > 0) return EXIT_INVALID;
    return this.valid === this.checked ? EXIT_OK : EXIT_INVALID;
  }
}

/** The totals of a whole report. */
export function totalsOf(report: ValidationReport): ReportTotals {
  const totals = new ReportTotals();
  for (const object of report.checked) totals.add(object);
  totals.end = {
    skipped: report.skipped,
    inputErrors: report.inputErrors,
    ...(report.previousRead !== undefined ? { previousRead: report.previousRead } : {}),
    ...(report.mode !== undefined ? { mode: report.mode } : {}),
  };
  return totals;
}

export function summarize(report: ValidationReport): Summary {
  return totalsOf(report).summary();
}

/**
 * A format's output for a whole report: what `render` returns, piece by
 * piece as a run streams it. A file's checked and skipped objects are
 * handed over together (a run hands them in input order, file by file).
 */
export function renderStreamed(stream: ReportStream, report: ValidationReport): string {
  const totals = totalsOf(report);
  const files = new Map<string, { checked: CheckedObject[]; skipped: SkippedObject[] }>();
  const of = (file: string): { checked: CheckedObject[]; skipped: SkippedObject[] } => {
    let entry = files.get(file);
    if (entry === undefined) files.set(file, entry = { checked: [], skipped: [] });
    return entry;
  };
  for (const object of report.checked) of(object.file).checked.push(object);
  for (const object of report.skippedObjects ?? []) of(object.file).skipped.push(object);
  const counts: FileCounts[] = [];
  for (const [file, { checked, skipped }] of files) {
    for (const o of checked) countFile(counts, file, o.valid ? 'valid' : 'invalid');
    for (const _ of skipped) countFile(counts, file, 'skipped');
  }
  let out = stream.begin({ diagnostics: report.diagnostics ?? [], totals, files: counts });
  for (const { checked, skipped } of files.values()) {
    const items: Array<{ line: number; index: number; text: () => string }> = [
      ...checked.map(o => ({ line: o.line, index: o.index, text: () => stream.object(o) })),
      ...skipped.map(o => ({ line: o.line, index: o.index, text: () => stream.skipped(o) })),
    ];
    // Input order within the file: by document, then by line (the items of a List share their document).
    items.sort((a, b) => a.index - b.index || a.line - b.line);
    for (const item of items) out += item.text();
  }
  return out + stream.end(totals);
}

/** For the formats that list no skipped object. */
export function nothing(): string {
  return '';
}

/**
 * What the text output calls each severity. An `info` reads as a `note`, as
 * compilers print them: something to know, nothing to fix.
 */
export const SEVERITY_LABELS: { readonly [severity in Violation['severity']]: string } = {
  error: 'error',
  warning: 'warning',
  info: 'note',
};

/** The one-line summary the text and GitHub formats end with. */
export function summaryLine(totals: ReportTotals): string {
  const s = totals.summary();
  const objects = `${plural(s.checked, 'object')} checked: ${s.valid} valid, ${s.invalid} invalid; ${s.skipped} skipped`;
  const findings = `${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.infos, 'note')}`;
  const { previousRead, inputErrors: unreadable } = totals.end;
  const previous = previousRead === undefined ? ''
    : `; ${totals.compared} compared with their previous state (${plural(previousRead, 'previous object')} read)`;
  const input = unreadable > 0 ? `; ${plural(unreadable, 'input error')} (see above)` : '';
  return `${objects}; ${findings}${previous}${input}${modeClause(totals.end.mode)}`;
}

/** What the summary line says of the modes that are on. */
function modeClause(mode: RunMode | undefined): string {
  const said = [
    ...(mode?.strict === true ? ['unknown fields are errors'] : []),
    ...(mode?.failOnSkipped === true ? ['skipped objects fail the run'] : []),
  ];
  return said.length === 0 ? '' : `; ${said.join(', ')} (${modeFlags(mode).join(' ')})`;
}

export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** `file:line: error: message`, for input problems on stderr. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.line === undefined ? d.file : `${d.file}:${d.line}`;
  return `${where}: ${d.severity}: ${d.message}`;
}

/** `namespace/name (Kind apiVersion)`, with placeholders for what is missing. */
export function describeObject(manifest: Manifest): string {
  const metadata = own(manifest, 'metadata');
  const name = own(metadata, 'name');
  const namespace = own(metadata, 'namespace');
  const shownName = typeof name === 'string' && name !== '' ? name : '<unnamed>';
  const qualified = typeof namespace === 'string' && namespace !== '' ? `${namespace}/${shownName}` : shownName;
  return `${qualified} (${textOf(own(manifest, 'kind'))} ${textOf(own(manifest, 'apiVersion'))})`;
}

function textOf(v: unknown): string {
  if (typeof v === 'string') return v === '' ? '""' : v;
  if (v === undefined) return '<none>';
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

export function stringOrNull(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

/** `object path: message`, the path once: how every format names one finding. */
export function describeFinding(manifest: Manifest, v: Violation): string {
  return `${describeObject(manifest)}${v.path === '' ? ':' : ''} ${describeViolation(v)}`;
}

/** The rule id unreadable input is reported under (described in catalogue.ts, which loads every rule). */
export const READABLE_INPUT_ID = 'KB000';

/** What the CI formats report for an input problem of severity `error`: a finding of its own, located at the file. */
export function inputFinding(d: Diagnostic): LocatedViolation {
  return {
    rule: READABLE_INPUT_ID,
    severity: 'error',
    path: '',
    message: d.message,
    hint: 'nothing of this input was checked: fix it so kubectl could read it, then run again',
    line: d.line ?? 1,
  };
}

/** The input problems of severity `error`: what makes the exit status 2. */
export function inputErrors(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter(d => d.severity === 'error');
}

/** Violations of an object by line; a stable sort, so findings at one line keep the catalogue's order. */
export function byLine(violations: readonly LocatedViolation[]): LocatedViolation[] {
  return [...violations].sort((a, b) => a.line - b.line);
}
