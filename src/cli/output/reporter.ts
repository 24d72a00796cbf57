/**
 * What every output format of `validate` shares: the report it renders, the
 * one interface a format implements, and the helpers several formats use.
 * One format is one module of this folder; `index.ts` lists them.
 */
import type { Diagnostic } from '../../io/read';
import { Manifest, own } from '../../rules/values';
import { Violation } from '../../rules/violation';

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

export function summarize(report: ValidationReport): Summary {
  const all = report.checked.flatMap(o => o.violations);
  const count = (severity: string): number => all.filter(v => v.severity === severity).length;
  const valid = report.checked.filter(o => o.valid).length;
  return {
    checked: report.checked.length,
    valid,
    invalid: report.checked.length - valid,
    skipped: report.skipped,
    errors: count('error'),
    warnings: count('warning'),
    infos: count('info'),
  };
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
export function summaryLine(report: ValidationReport): string {
  const s = summarize(report);
  const objects = `${plural(s.checked, 'object')} checked: ${s.valid} valid, ${s.invalid} invalid; ${s.skipped} skipped`;
  const findings = `${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.infos, 'note')}`;
  const compared = report.checked.filter(o => o.previous !== undefined).length;
  const previous = report.previousRead === undefined ? ''
    : `; ${compared} compared with their previous state (${plural(report.previousRead, 'previous object')} read)`;
  const input = report.inputErrors > 0 ? `; ${plural(report.inputErrors, 'input error')} (see above)` : '';
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
