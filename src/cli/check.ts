/**
 * The `validate` run itself: read the inputs, pick the objects of our API
 * group, validate them all together, compare them with their previous state
 * when one is given, locate each violation, report. The validators are
 * parameters so reading and reporting can be tested without the rule
 * catalogue.
 */
import { CliIo, EXIT_INVALID, EXIT_OK, EXIT_TROUBLE, ValidateFn } from './command';
import { CheckedObject, formatDiagnostic, LocatedViolation, PLAIN, RenderOptions, Reporter, ValidationReport } from './output';
import { Diagnostic, readInputs, ReadLimits, SourceObject } from './read';
import { notCheckedNote } from '../rules/kube-bind-kinds';
import { RuleContext } from '../rules/rule';
import { pairWithPrevious, validateUpdate } from '../rules/updates';
import { Manifest, own } from '../rules/values';
import { Violation } from '../rules/violation';

export type { ValidateFn } from './command';

/** An object of the checked ones (by index) paired with its previous state, and what the update breaks. */
export interface UpdateFinding {
  readonly index: number;
  readonly previous: Manifest;
  readonly violations: Violation[];
}

/** Compares checked objects with previous objects: one finding per object that has a previous state. */
export type ValidateUpdatesFn = (previous: readonly Manifest[], next: readonly Manifest[], ctx: RuleContext) => UpdateFinding[];

/** The update rules of `src/rules/updates.ts`, over the pairs of `pairWithPrevious` (same group, kind, namespace and name). */
export const validateUpdatesWithRules: ValidateUpdatesFn = (previous, next, ctx) => pairWithPrevious(previous, next)
  .map(({ index, previous: before }) => ({ index, previous: before, violations: validateUpdate(before, next[index], ctx) }));

export interface CheckOptions {
  /** FILE, DIR or `-` operands, in order. */
  readonly operands: readonly string[];
  readonly context: RuleContext;
  readonly reporter: Reporter;
  readonly validate: ValidateFn;
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
  /** Defaults to `validateUpdatesWithRules`. */
  readonly validateUpdates?: ValidateUpdatesFn;
  /** Colour and version for the reporter; plain by default. */
  readonly render?: RenderOptions;
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
 * model (APIServiceExportTemplate...) are skipped, with a note.
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

/** Runs one `validate` and returns its exit status. Input problems go to stderr, the report to stdout. */
export async function runCheck(options: CheckOptions, io: CliIo): Promise<number> {
  const { report, diagnostics } = await check(options, io.stdin);
  for (const d of diagnostics) io.stderr.write(formatDiagnostic(d) + '\n');
  io.stdout.write(options.reporter.render(report, options.render ?? PLAIN));
  if (report.inputErrors > 0) return EXIT_TROUBLE;
  return report.checked.every(o => o.valid) ? EXIT_OK : EXIT_INVALID;
}

/**
 * Reads the inputs, validates the selected objects together (and against
 * their previous state), and locates each violation: everything of a
 * `validate` run but the writing, which `runCheck` and the cdk8s-cli
 * plugin each do their way.
 */
export async function check(options: Omit<CheckOptions, 'reporter'>, stdin: AsyncIterable<unknown>): Promise<CheckResult> {
  const previousOperands = options.previous ?? [];
  // One read for both, so the limit on all inputs together covers the previous objects too.
  const read = await readInputs([...previousOperands, ...options.operands], stdin, options.limits);
  const diagnostics = [...read.diagnostics];
  const previousObjects = read.objects.filter(o => o.operand < previousOperands.length);
  const objects = read.objects.filter(o => o.operand >= previousOperands.length);
  const select = options.select ?? isChecked;
  const selected = objects.filter(o => select(o.manifest, options.context));
  const selectedSet = new Set(selected);
  diagnostics.push(...objects.filter(o => !selectedSet.has(o)).flatMap(o => notSkippedSilently(o, options.context)));
  const inputErrors = diagnostics.filter(d => d.severity === 'error').length;

  const results = options.validate(selected.map(o => o.manifest), options.context);
  if (!Array.isArray(results) || results.length !== selected.length) {
    throw new Error(`validator returned ${Array.isArray(results) ? results.length : typeof results} results for ${selected.length} objects`);
  }
  const updates = new Map<number, { previous: SourceObject; violations: Violation[] }>();
  if (options.previous !== undefined) {
    const sourceOf = new Map(previousObjects.map(o => [o.manifest, o]));
    const validateUpdates = options.validateUpdates ?? validateUpdatesWithRules;
    for (const finding of validateUpdates(previousObjects.map(o => o.manifest), selected.map(o => o.manifest), options.context)) {
      const previous = sourceOf.get(finding.previous);
      if (previous !== undefined && selected[finding.index] !== undefined) updates.set(finding.index, { previous, violations: finding.violations });
    }
  }
  const checked = selected.map((source, i) => {
    const update = updates.get(i);
    return checkedObject(source, [...(results[i] ?? []), ...(update?.violations ?? [])], update?.previous);
  });
  return {
    report: {
      checked,
      skipped: objects.length - selected.length,
      inputErrors,
      ...(options.previous !== undefined ? { previousRead: previousObjects.length } : {}),
    },
    diagnostics,
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

function checkedObject(source: SourceObject, violations: readonly Violation[], previous?: SourceObject): CheckedObject {
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
    ...(previous !== undefined ? { previous: { file: previous.file, line: previous.line } } : {}),
  };
}
