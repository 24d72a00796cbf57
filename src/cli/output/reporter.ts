/**
 * What every output format of `validate` shares: the report it renders, the
 * one interface a format implements, and the helpers several formats use.
 * One format is one module of this folder; `index.ts` lists them.
 */
import type { Diagnostic } from '../../io/read';
import { Manifest, own } from '../../model/manifest';
import { Violation } from '../../rules';

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

/** Everything a format needs to render one `validate` run. */
export interface ValidationReport {
  /** Checked objects in input order. */
  readonly checked: readonly CheckedObject[];
  /** Objects of other kinds or groups, counted but not checked. */
  readonly skipped: number;
  /** Input problems (unreadable files, malformed YAML), already written to stderr. */
  readonly inputErrors: number;
  /** With `--previous`: how many previous objects were read (objects of every kind). */
  readonly previousRead?: number;
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
  /** The complete standard output of the run. */
  render(report: ValidationReport, options?: RenderOptions): string;
  /**
   * The same output, written object by object as the run hands them over,
   * for formats whose output is a sequence of lines: memory then does not
   * grow with the findings of a large input. Formats that write one document
   * (JSON, SARIF, JUnit) have none, and are rendered whole.
   */
  stream?(options?: RenderOptions): ReportStream;
}

/** A format's output, piece by piece: each checked object in input order, then the end. */
export interface ReportStream {
  object(object: CheckedObject): string;
  end(totals: ReportTotals): string;
}

/** What a report says besides its objects. */
export type ReportEnd = Omit<ValidationReport, 'checked'>;

export interface Summary {
  readonly checked: number;
  readonly valid: number;
  readonly invalid: number;
  readonly skipped: number;
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
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
    this.checked++;
    if (object.valid) this.valid++;
    if (object.previous !== undefined) this.compared++;
    for (const v of object.violations) {
      if (v.severity === 'error') this.errors++;
      else if (v.severity === 'warning') this.warnings++;
      else if (v.severity === 'info') this.infos++;
    }
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
}

/** The totals of a whole report. */
export function totalsOf(report: ValidationReport): ReportTotals {
  const totals = new ReportTotals();
  for (const object of report.checked) totals.add(object);
  const { checked: _objects, ...end } = report;
  totals.end = end;
  return totals;
}

export function summarize(report: ValidationReport): Summary {
  return totalsOf(report).summary();
}

/** A streamed format's output for a whole report: what `render` returns. */
export function renderStreamed(stream: ReportStream, report: ValidationReport): string {
  let out = '';
  for (const object of report.checked) out += stream.object(object);
  return out + stream.end(totalsOf(report));
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
  const { previousRead, inputErrors } = totals.end;
  const previous = previousRead === undefined ? ''
    : `; ${totals.compared} compared with their previous state (${plural(previousRead, 'previous object')} read)`;
  const input = inputErrors > 0 ? `; ${plural(inputErrors, 'input error')} (see above)` : '';
  return `${objects}; ${findings}${previous}${input}`;
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

/** Violations of an object by line; a stable sort, so findings at one line keep the catalogue's order. */
export function byLine(violations: readonly LocatedViolation[]): LocatedViolation[] {
  return [...violations].sort((a, b) => a.line - b.line);
}
