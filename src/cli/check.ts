/**
 * The `validate` run itself: read the inputs, pick the objects of our API
 * group, validate them all together, locate each violation, report. The
 * validator is a parameter so reading and reporting can be tested without
 * the rule catalogue.
 */
import { CliIo, EXIT_INVALID, EXIT_OK, EXIT_TROUBLE } from './command';
import { Diagnostic, readInputs, ReadLimits, SourceObject } from './read';
import { CheckedObject, formatDiagnostic, LocatedViolation, Reporter } from './report';
import { Manifest, own, RuleContext, Violation } from '../rules/engine';

/** Validates objects together: one list of violations per object, in order (the shape of `validateObjects`). */
export type ValidateFn = (objects: readonly Manifest[], ctx: RuleContext) => Violation[][];

export interface CheckOptions {
  /** FILE, DIR or `-` operands, in order. */
  readonly operands: readonly string[];
  readonly context: RuleContext;
  readonly reporter: Reporter;
  readonly validate: ValidateFn;
  /** Which objects to check; the rest are counted as skipped. Defaults to `isChecked`. */
  readonly select?: (manifest: Manifest, ctx: RuleContext) => boolean;
  readonly limits: ReadLimits;
}

/** The kinds a `validate` run checks, whatever their version. */
export const CHECKED_KINDS: readonly string[] = ['APIServiceExport', 'BoundSchema'];

/**
 * Whether `validate` checks an object: anything whose apiVersion is in our
 * group, so an unknown kind or version there is reported, not skipped.
 * (`kube-bind.io` alone counts too: a version was forgotten.)
 */
export function isChecked(manifest: Manifest, ctx: RuleContext): boolean {
  const apiVersion = own(manifest, 'apiVersion');
  if (typeof apiVersion !== 'string') return false;
  const slash = apiVersion.lastIndexOf('/');
  return (slash < 0 ? apiVersion : apiVersion.slice(0, slash)) === ctx.group;
}

/** Runs one `validate` and returns its exit status. Input problems go to stderr, the report to stdout. */
export async function runCheck(options: CheckOptions, io: CliIo): Promise<number> {
  const { objects, diagnostics } = await readInputs(options.operands, io.stdin, options.limits);
  const select = options.select ?? isChecked;
  const selected = objects.filter(o => select(o.manifest, options.context));
  const selectedSet = new Set(selected);
  diagnostics.push(...objects.filter(o => !selectedSet.has(o)).flatMap(unversioned));
  for (const d of diagnostics) io.stderr.write(formatDiagnostic(d) + '\n');
  const inputErrors = diagnostics.filter(d => d.severity === 'error').length;

  const results = options.validate(selected.map(o => o.manifest), options.context);
  if (!Array.isArray(results) || results.length !== selected.length) {
    throw new Error(`validator returned ${Array.isArray(results) ? results.length : typeof results} results for ${selected.length} objects`);
  }
  const checked = selected.map((source, i) => checkedObject(source, results[i] ?? []));

  io.stdout.write(options.reporter.render({ checked, skipped: objects.length - selected.length, inputErrors }));
  if (inputErrors > 0) return EXIT_TROUBLE;
  return checked.every(o => o.valid) ? EXIT_OK : EXIT_INVALID;
}

/** A skipped object that looks like ours but has no apiVersion would otherwise pass unnoticed. */
function unversioned(o: SourceObject): Diagnostic[] {
  const kind = own(o.manifest, 'kind');
  if (own(o.manifest, 'apiVersion') !== undefined || !CHECKED_KINDS.includes(kind)) return [];
  return [{ severity: 'warning', file: o.file, line: o.line, message: `${kind} without apiVersion is not checked; Kubernetes requires apiVersion` }];
}

function checkedObject(source: SourceObject, violations: readonly Violation[]): CheckedObject {
  const located: LocatedViolation[] = violations.map(v => ({
    ...v,
    line: source.locate(typeof v.path === 'string' ? v.path : ''),
  }));
  return {
    file: source.file,
    index: source.index,
    line: source.line,
    manifest: source.manifest,
    violations: located,
    valid: !violations.some(v => v.severity === 'error'),
  };
}
