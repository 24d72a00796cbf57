/**
 * The glue between constructs and the rules engine: per-object rules run in
 * each construct's validation, rules across objects run once per app. The
 * constructs never format messages themselves.
 *
 * Cost: each validation pass renders every API object once (`toJson()`) and
 * runs the per-object rules of our constructs from the app-level validation,
 * which cdk8s runs first in a pass; each construct's validation then reports
 * what was found for it. `app.synth()` makes cdk8s validate the whole app
 * once more per chart; those passes reuse the first pass's findings, and the
 * YAML it writes for our objects is the manifests the rules checked, not a
 * second rendering of them.
 */
import { ApiObject } from 'cdk8s';
import { Construct, IConstruct } from 'constructs';
import type * as RulesModule from './rules';
import type { Manifest, Violation } from './rules/engine';
import type * as UpdatesModule from './rules/updates';

/** The group of the kube-bind API an app's objects are checked against. */
const APP_GROUP = Symbol.for('cdk8s-kube-bind.appGroup');
const CROSS_CHECK = Symbol.for('cdk8s-kube-bind.crossObjectCheck');
const USED_GROUPS = Symbol.for('cdk8s-kube-bind.usedGroups');
const PREVIOUS = Symbol.for('cdk8s-kube-bind.previousObjects');
const CHECKED = Symbol.for('cdk8s-kube-bind.checkedObjects');
const PASS = Symbol.for('cdk8s-kube-bind.validationPass');

// The rule catalogue is loaded at the first validation, not when the library is required.
let rulesModule: typeof RulesModule | undefined;
let updatesModule: typeof UpdatesModule | undefined;

function rules(): typeof RulesModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (rulesModule ??= require('./rules') as typeof RulesModule);
}

function updates(): typeof UpdatesModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (updatesModule ??= require('./rules/updates') as typeof UpdatesModule);
}

/**
 * One line per violation: `[KB031] spec.versions[1].storage ...message (hint)`.
 * Messages usually start with their field path; it is added only when missing.
 */
export function formatViolation(v: Violation): string {
  const where = v.path === '' || v.message.startsWith(v.path) ? '' : `${v.path}: `;
  return `[${v.rule}] ${where}${v.message}${v.hint ? ` (${v.hint})` : ''}`;
}

/** A construct whose L1 object the per-object rules check. */
interface Checked {
  readonly construct: Construct;
  readonly resource: ApiObject;
  readonly group: () => string;
}

/** What one validation pass over an app found. */
interface PassFindings {
  /** Violations across objects, for the API objects of the app that have some. */
  readonly cross: ReadonlyArray<{ readonly object: ApiObject; readonly violations: Violation[] }>;
  /** Per-object violations of each checked construct. */
  readonly perConstruct: ReadonlyMap<IConstruct, Violation[]>;
  /** The first pass of an `app.synth()` only: the manifest of each checked construct's L1 object. */
  rendered?: Map<ApiObject, Manifest>;
}

/** Per app: the last pass's findings, what its constructs have not reported yet, what `toJson()` may hand out. */
interface PassState {
  last?: PassFindings;
  unreported?: Map<IConstruct, Violation[]>;
  /** Manifests our L1 objects' `toJson()` returns once each instead of rendering again (see `reuseRendering`). */
  rendered?: Map<ApiObject, Manifest>;
}

/**
 * Makes `construct` fail synthesis when the manifest of `resource` breaks an
 * error rule. Warnings are printed to stderr and do not fail the synth.
 */
export function validateWithRules(construct: Construct, resource: ApiObject, kubeBindGroup: () => string): void {
  ensureCrossObjectCheck(construct);
  const root: any = construct.node.root;
  const checked: Checked = { construct, resource, group: kubeBindGroup };
  root[CHECKED].push(checked);
  root[USED_GROUPS].push(kubeBindGroup);
  reuseRendering(root, resource);
  construct.node.addValidation({
    validate: () => report(construct, takeFindings(root, construct) ?? checkOne(checked)),
  });
}

/** Records the group the app's kube-bind CRDs serve; checks across objects use it. */
export function declareAppGroup(scope: IConstruct, group: string): void {
  const root: any = scope.node.root;
  if (root[APP_GROUP] === undefined) {
    Object.defineProperty(root, APP_GROUP, { value: group, writable: true });
  }
  ensureCrossObjectCheck(scope);
}

/** Hands the app the objects that are live, so synth fails on an unsafe update. */
export function declarePreviousObjects(scope: IConstruct, previous: any[]): void {
  const root: any = scope.node.root;
  ensureCrossObjectCheck(scope);
  root[PREVIOUS].push(...previous);
}

/**
 * Registers, once per app, the validation that runs the cross-object rules
 * over every API object in the app (ours, plain CRDs and anything else), and
 * the per-object rules of every construct of ours on the same manifests.
 */
function ensureCrossObjectCheck(scope: IConstruct): void {
  const root: any = scope.node.root;
  if (root[CROSS_CHECK]) return;
  Object.defineProperty(root, CROSS_CHECK, { value: true });
  Object.defineProperty(root, USED_GROUPS, { value: [] });
  Object.defineProperty(root, PREVIOUS, { value: [] });
  Object.defineProperty(root, CHECKED, { value: [] });
  Object.defineProperty(root, PASS, { value: {} });
  root.node.addValidation({
    validate: () => {
      const state: PassState = root[PASS];
      const phase = synthPhase();
      if (phase !== 'repeat' || state.last === undefined) {
        // Cleared before anything renders, so nothing from an earlier synth is ever handed out.
        state.rendered = undefined;
        state.last = checkApp(root, phase === 'first');
      } else if (state.last.rendered !== undefined) {
        // The synth now renders each object once, chart by chart: each takes the manifest its first pass checked.
        state.rendered = state.last.rendered;
        state.last.rendered = undefined;
      }
      const findings = state.last;
      const unreported = new Map(findings.perConstruct);
      state.unreported = unreported;
      // Findings and manifests are handed out only within this synchronous run of the synth.
      const rendered = state.rendered;
      queueMicrotask(() => {
        if (state.unreported === unreported) state.unreported = undefined;
        if (state.rendered === rendered) state.rendered = undefined;
      });
      const errors: string[] = [];
      for (const { object, violations } of findings.cross) {
        for (const line of report(object, violations)) errors.push(`[${object.node.path}] ${line}`);
      }
      return errors;
    },
  });
}

/** The app's findings for `construct` from the current pass, once; undefined outside a pass. */
function takeFindings(root: any, construct: IConstruct): Violation[] | undefined {
  const unreported: Map<IConstruct, Violation[]> | undefined = (root[PASS] as PassState).unreported;
  const found = unreported?.get(construct);
  unreported?.delete(construct);
  return found;
}

function checkOne(checked: Checked, manifest: Manifest = checked.resource.toJson()): Violation[] {
  const { contextFor, validateObject } = rules();
  return validateObject(manifest, contextFor({ group: checked.group() }));
}

/**
 * One full pass: every API object rendered once, every rule run once. With
 * `keepRendered`, the manifests of our L1 objects are kept for the synth's output.
 */
function checkApp(root: any, keepRendered: boolean): PassFindings {
  const { contextFor, crossObjectViolations } = rules();
  const objects = root.node.findAll().filter((c: IConstruct) => ApiObject.isApiObject(c)) as ApiObject[];
  const manifests = objects.map(o => o.toJson());
  const group = root[APP_GROUP] ?? appGroupFromConstructs(root[USED_GROUPS]);
  const ctx = contextFor({ group });
  const found = crossObjectViolations(manifests, ctx);
  const previous: Manifest[] = root[PREVIOUS];
  if (previous.length > 0) {
    const { pairWithPrevious, validateUpdate } = updates();
    for (const { index, previous: before } of pairWithPrevious(previous, manifests)) {
      found[index].push(...validateUpdate(before, manifests[index], ctx));
    }
  }
  const indexOf = new Map<ApiObject, number>(objects.map((o, i) => [o, i]));
  const perConstruct = new Map<IConstruct, Violation[]>();
  const rendered = keepRendered ? new Map<ApiObject, Manifest>() : undefined;
  for (const checked of root[CHECKED] as Checked[]) {
    const i = indexOf.get(checked.resource);
    if (i !== undefined) rendered?.set(checked.resource, manifests[i]);
    perConstruct.set(checked.construct, checkOne(checked, i === undefined ? undefined : manifests[i]));
  }
  const cross = [];
  for (let i = 0; i < objects.length; i++) {
    if (found[i].length > 0) cross.push({ object: objects[i], violations: found[i] });
  }
  return { cross, perConstruct, rendered };
}

/**
 * `app.synth()` renders every object for its YAML after validating it; for
 * our L1 objects, `toJson()` then returns the manifest the first validation
 * pass of that same synth rendered (nothing can have changed it since: only
 * cdk8s runs in between), once per object, as cdk8s renders each object once.
 * Any other call renders afresh.
 */
function reuseRendering(root: any, resource: ApiObject): void {
  const render = resource.toJson;
  Object.defineProperty(resource, 'toJson', {
    configurable: true,
    writable: true,
    enumerable: false,
    value: function toJson(this: ApiObject): any {
      const rendered = (root[PASS] as PassState).rendered;
      const manifest = rendered?.get(resource);
      if (manifest === undefined || this !== resource) return render.call(this);
      rendered!.delete(resource);
      return manifest;
    },
  });
}

/**
 * Without KubeBindCrds in the app, the group the constructs agree on; when they
 * disagree, the default, so the cross-object rules point at the odd ones out.
 */
function appGroupFromConstructs(groups: Array<() => string>): string {
  const distinct = new Set(groups.map(g => g()));
  return distinct.size === 1 ? [...distinct][0] : rules().contextFor().group;
}

function report(construct: IConstruct, violations: Violation[]): string[] {
  const errors: string[] = [];
  for (const v of violations) {
    if (v.severity === 'error') {
      errors.push(formatViolation(v));
    } else if (process.env.CDK8S_KUBE_BIND_QUIET === undefined) {
      process.stderr.write(`${v.severity}: [${construct.node.path}] ${formatViolation(v)}\n`);
    }
  }
  return errors;
}

// ---------------------------------------------------------------------------
// Repeated passes of one synth

const CDK8S_APP_MODULE = /[\\/]cdk8s[\\/]lib[\\/]app\.js$/;

/**
 * Where this validation pass sits. `App.synth()` (and `synthYaml()`)
 * validates the whole app (`first`), then renders each chart through
 * `Chart.toJson()`, which validates the whole app again (`repeat`). Between
 * those passes only cdk8s runs, so nothing can have changed and the first
 * pass's findings stand; without this, an app of k charts is checked k + 1
 * times. Told apart by cdk8s's own frames on the call stack: `synth` or
 * `synthYaml`, with or without `_synthChart` below it, all in cdk8s's
 * `lib/app.js`. Anything else (`Testing.synth`, a direct `chart.toJson()`, a
 * cdk8s whose internals differ) is `other`, and checks afresh.
 */
function synthPhase(): 'first' | 'repeat' | 'other' {
  const originalPrepare = Error.prepareStackTrace;
  const originalLimit = Error.stackTraceLimit;
  try {
    Error.stackTraceLimit = 50;
    Error.prepareStackTrace = (_error, sites) => sites;
    const holder: { stack?: unknown } = {};
    Error.captureStackTrace(holder, synthPhase);
    const sites = holder.stack;
    if (!Array.isArray(sites)) return 'other';
    let chartPass = false;
    for (const site of sites as NodeJS.CallSite[]) {
      if (!CDK8S_APP_MODULE.test(site.getFileName() ?? '')) continue;
      const name = site.getFunctionName();
      if (name === '_synthChart') chartPass = true;
      else if (name === 'synth' || name === 'synthYaml') return chartPass ? 'repeat' : 'first';
    }
    return 'other';
  } catch {
    return 'other';
  } finally {
    Error.prepareStackTrace = originalPrepare;
    Error.stackTraceLimit = originalLimit;
  }
}
