/**
 * The `validate` run itself: read the inputs, pick the objects to check,
 * validate each as it is read (the checks across objects see small facts of
 * every object), compare them with their previous state when one is given,
 * locate each violation, report, all through one pipeline (`pipeline.ts`).
 * The validators are parameters so reading and reporting can be tested
 * without the rule catalogue.
 */
import { CliIo, ValidateFn } from './command';
import {
  CheckedObject, formatDiagnostic, PLAIN, RenderOptions, ReportEnd, Reporter, ReportTotals, RunMode, SkippedObject, totalsOf, ValidationReport,
} from './output/reporter';
import { CheckSink, runPipeline, StreamingValidator } from './pipeline';
import type { ValidateUpdateFn } from './previous-objects';
import { Diagnostic, ReadLimits } from '../io/read';
import { ChunkedWriter } from '../io/write';
import { Manifest, own } from '../model/manifest';
import { notCheckedNote, RuleContext } from '../rules';

export type { ValidateFn } from './command';
export { validateUpdateWithRules } from './previous-objects';
export type { ValidateUpdateFn } from './previous-objects';
export type { CheckSink, StreamingValidator } from './pipeline';

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
  return runPipeline({
    operands: options.operands,
    ...(options.previous !== undefined ? { previous: options.previous } : {}),
    context: options.context,
    validator,
    select: options.select ?? isChecked,
    ...(options.validateUpdate !== undefined ? { validateUpdate: options.validateUpdate } : {}),
    limits: options.limits,
    ...(options.temporaryFolder !== undefined ? { temporaryFolder: options.temporaryFolder } : {}),
    ...(options.mode !== undefined ? { mode: options.mode } : {}),
  }, stdin, sink);
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

