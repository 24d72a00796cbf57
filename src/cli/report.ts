/**
 * Results out. Each output format is one `Reporter`; adding a format means
 * adding an entry to `REPORTERS`, never touching reading or validation.
 */
import type { Diagnostic } from './read';
import { Manifest, own, Violation } from '../rules/engine';

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

/** One output format of `validate`. */
export interface Reporter {
  /** For `--help`. */
  readonly description: string;
  /** The complete standard output of the run. */
  render(report: ValidationReport): string;
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

/** Compiler style: one `file:line: severity RULE object path: message` line per violation, a hint below, a summary last. */
export const TEXT_REPORTER: Reporter = {
  description: 'one line per violation, file:line first, and a summary',
  render(report: ValidationReport): string {
    const lines: string[] = [];
    for (const object of report.checked) {
      const subject = describeObject(object.manifest);
      // Stable sort: violations at the same line keep the rule catalogue's order.
      const byLine = [...object.violations].sort((a, b) => a.line - b.line);
      for (const v of byLine) {
        const where = v.path ? ` ${v.path}` : '';
        lines.push(`${object.file}:${v.line}: ${SEVERITY_LABELS[v.severity] ?? v.severity} ${v.rule} ${subject}${where}: ${v.message}`);
        if (v.hint) lines.push(`    hint: ${v.hint}`);
      }
    }
    lines.push(summaryLine(summarize(report), report));
    return lines.join('\n') + '\n';
  },
};

/**
 * One JSON array, an entry per checked object in input order. Skipped objects
 * are absent. `index` is the document's index within its file; the items of
 * a `List` document all carry that document's index and differ by `line`.
 * `namespace`, `name`, `apiVersion`, `kind` and `hint` are null when absent;
 * `previous` is the file and line of the previous state the object was
 * compared with (`--previous`), else null.
 */
export const JSON_REPORTER: Reporter = {
  description: 'one JSON array with an entry per checked object',
  render(report: ValidationReport): string {
    const entries = report.checked.map(o => ({
      file: o.file,
      index: o.index,
      line: o.line,
      apiVersion: stringOrNull(own(o.manifest, 'apiVersion')),
      kind: stringOrNull(own(o.manifest, 'kind')),
      namespace: stringOrNull(own(own(o.manifest, 'metadata'), 'namespace')),
      name: stringOrNull(own(own(o.manifest, 'metadata'), 'name')),
      valid: o.valid,
      previous: o.previous !== undefined ? { file: o.previous.file, line: o.previous.line } : null,
      violations: o.violations.map(v => ({
        rule: v.rule,
        severity: v.severity,
        path: v.path,
        message: v.message,
        hint: v.hint ?? null,
      })),
    }));
    return JSON.stringify(entries, null, 2) + '\n';
  },
};

/** Output formats by the name `--output` takes. */
export const REPORTERS: { readonly [format: string]: Reporter } = {
  text: TEXT_REPORTER,
  json: JSON_REPORTER,
};

/** `file:line: error: message`, for input problems on stderr. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.line === undefined ? d.file : `${d.file}:${d.line}`;
  return `${where}: ${d.severity}: ${d.message}`;
}

function summaryLine(s: Summary, report: ValidationReport): string {
  const objects = `${plural(s.checked, 'object')} checked: ${s.valid} valid, ${s.invalid} invalid; ${s.skipped} skipped`;
  const findings = `${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.infos, 'note')}`;
  const compared = report.checked.filter(o => o.previous !== undefined).length;
  const previous = report.previousRead === undefined ? ''
    : `; ${compared} compared with their previous state (${plural(report.previousRead, 'previous object')} read)`;
  const input = report.inputErrors > 0 ? `; ${plural(report.inputErrors, 'input error')} (see above)` : '';
  return `${objects}; ${findings}${previous}${input}`;
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
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

function stringOrNull(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}
