/**
 * The glue between constructs and the rules engine, through cdk8s' own
 * mechanism: `node.addValidation`. The constructs never format messages.
 *
 * - Each construct of ours registers a validation that reports the rules on
 *   its L1 object's manifest, and the cross-object findings about it.
 * - Once per app, a validation on the app's root runs the cross-object rules
 *   (and the update rules of `UpdateCheck`) over every API object in the app
 *   that they read (kube-bind kinds and CRDs; other objects are not rendered).
 *   cdk8s validates the root first in every pass, so that one rendering of
 *   each object serves the whole pass: each construct then takes what was
 *   found for it. Findings about an object that is not ours are reported by
 *   a validation attached to the construct it belongs to.
 * - cdk8s validates the whole app once per `app.synth()` and once more per
 *   chart. Rules run again only for an object whose manifest changed since it
 *   was last checked (compared value by value, key order included), and a warning already printed
 *   in the same synchronous run is not printed again: each finding is printed
 *   once per synth, whatever the number of charts.
 */
import { ApiObject, Chart, ImplicitTokenResolver, LazyResolver, NumberStringUnionResolver } from 'cdk8s';
import { IConstruct, IValidation } from 'constructs';
import type * as RulesModule from './rules';
import type { RuleContext } from './rules/rule';
import type * as UpdatesModule from './rules/updates';
import type { Manifest } from './rules/values';
import type { Violation } from './rules/violation';

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

/**
 * The validation of a construct of ours (a class, so every construct shares
 * its methods): the per-object rules on its L1 object's manifest, and the
 * cross-object findings about it.
 */
class Checked implements IValidation {
  /** Findings that replace the rules: the construct's object is a stand-in for what could not be made. */
  public instead?: Violation[];

  /** The manifest and group its per-object findings were last computed for. */
  private last?: { readonly manifest: Manifest; readonly group: string; readonly violations: Violation[] };

  public constructor(
    private readonly state: AppState,
    public readonly construct: IConstruct,
    public readonly resource: ApiObject,
    public readonly group: string,
  ) {}

  public validate(): string[] {
    if (this.instead !== undefined) return report(this.state, this.construct, this.instead);
    return report(this.state, this.construct, take(this.state, this.construct) ?? this.check(this.resource.toJson()));
  }

  /** The per-object findings for `manifest`, computed again only when the manifest or group changed. */
  public check(manifest: Manifest, ctx?: RuleContext): Violation[] {
    const group = ctx?.group ?? this.group;
    const last = this.last;
    if (last !== undefined && last.group === group && sameData(last.manifest, manifest)) return last.violations;
    const { contextFor, validateObject } = rules();
    const violations = validateObject(manifest, ctx ?? contextFor({ group }));
    this.last = { manifest, group, violations };
    return violations;
  }
}

/** The cross-object findings of the last app-wide pass, and what they were computed from. */
interface CrossFindings {
  readonly objects: readonly ApiObject[];
  readonly manifests: readonly Manifest[];
  readonly group: string;
  readonly previousCount: number;
  readonly found: Violation[][];
}

/** What one app keeps, on its root construct. */
interface AppState {
  /** The group KubeBindCrds declared, if any. */
  group?: string;
  readonly checked: Checked[];
  readonly checkedByResource: Map<ApiObject, Checked>;
  readonly previous: Manifest[];
  lastCross?: CrossFindings;
  /** This pass's findings per reporting construct, each taken once; gone after the synchronous run. */
  pending?: Map<IConstruct, Violation[]>;
  /** Constructs not ours that report cross-object findings about their objects. */
  readonly reporters: WeakSet<IConstruct>;
  /** Warnings printed in this synchronous run (a synth); gone after it. */
  printed?: Set<string>;
}

const APP_STATE = Symbol.for('cdk8s-kube-bind.validation');

/** The app's state, and its app-wide validation registered with the first call. */
function appState(scope: IConstruct): AppState {
  const root: any = scope.node.root;
  let state: AppState | undefined = root[APP_STATE];
  if (state === undefined) {
    state = { checked: [], checkedByResource: new Map(), previous: [], reporters: new WeakSet() };
    Object.defineProperty(root, APP_STATE, { value: state });
    const app = state;
    root.node.addValidation({ validate: () => checkApp(root, app) });
  }
  return state;
}

/**
 * Makes `construct` fail synthesis when the manifest of `resource` breaks an
 * error rule. Warnings are printed to stderr and do not fail the synth.
 */
export function validateWithRules(construct: IConstruct, resource: ApiObject, kubeBindGroup: string): void {
  const state = appState(construct);
  const checked = new Checked(state, construct, resource, kubeBindGroup);
  state.checked.push(checked);
  state.checkedByResource.set(resource, checked);
  construct.node.addValidation(checked);
}

/**
 * Makes `construct`, whose object is a stand-in for one that could not be
 * made (a CRD `BoundSchema.fromCrd` cannot convert), report each of
 * `problems` as an error of rule `ruleId` at synth, instead of the rules'
 * findings on the stand-in, which no rule reads (across objects neither).
 */
export function reportInsteadOfRules(construct: IConstruct, ruleId: string, problems: readonly string[]): void {
  const checked = appState(construct).checked.find(c => c.construct === construct);
  if (checked === undefined) throw new Error(`reportInsteadOfRules: ${construct.node.path} is not checked by the rules`);
  checked.instead = problems.map(message => ({ rule: ruleId, severity: 'error', path: '', message }));
}

/** Records the group the app's kube-bind CRDs serve; checks across objects use it. */
export function declareAppGroup(scope: IConstruct, group: string): void {
  const state = appState(scope);
  state.group ??= group;
}

/** Hands the app the objects that are live, so synth fails on an unsafe update. */
export function declarePreviousObjects(scope: IConstruct, previous: any[]): void {
  appState(scope).previous.push(...previous);
}

/** This pass's findings for `construct`, once; undefined when no app-wide pass ran in this synchronous run. */
function take(state: AppState, construct: IConstruct): Violation[] | undefined {
  const found = state.pending?.get(construct);
  state.pending?.delete(construct);
  return found;
}

/**
 * The app-wide validation: every API object rendered once, the cross-object
 * rules over all of them, the per-object rules of our constructs on the same
 * manifests; each construct's findings are left for its own validation.
 */
function checkApp(root: IConstruct, state: AppState): string[] {
  const defaultResolvers = defaultResolversOnly(root);
  const objects = root.node.findAll().filter((c): c is ApiObject =>
    ApiObject.isApiObject(c) && state.checkedByResource.get(c)?.instead === undefined
    && (state.checkedByResource.has(c) || !defaultResolvers || mayConcernRules(c)));
  const manifests = sameAsLastWhereEqual(state.lastCross, objects, objects.map(o => o.toJson()));
  const { contextFor } = rules();
  const group = state.group ?? appGroupFromConstructs(state.checked);
  const cross = crossFindings(state, objects, manifests, group, contextFor({ group }));

  const pending = new Map<IConstruct, Violation[]>();
  const contexts = new Map<string, RuleContext>();
  for (let i = 0; i < objects.length; i++) {
    const checked = state.checkedByResource.get(objects[i]);
    if (checked === undefined) continue;
    let ctx = contexts.get(checked.group);
    if (ctx === undefined) contexts.set(checked.group, ctx = contextFor({ group: checked.group }));
    pending.set(checked.construct, checked.check(manifests[i], ctx));
  }
  for (let i = 0; i < objects.length; i++) {
    if (cross.found[i].length === 0) continue;
    const owner = ownerOf(objects[i], state);
    pending.set(owner, [...pending.get(owner) ?? [], ...cross.found[i]]);
    if (!state.checkedByResource.has(objects[i]) && !state.reporters.has(owner)) {
      // Not ours: cdk8s validates it after the root in this same pass, and names it in the error.
      state.reporters.add(owner);
      owner.node.addValidation({ validate: () => report(state, owner, take(state, owner) ?? []) });
    }
  }
  state.pending = pending;
  // Findings are handed out only within this synchronous run (the synth that asked for them).
  queueMicrotask(() => {
    if (state.pending === pending) state.pending = undefined;
  });
  return [];
}

/**
 * `manifests`, each replaced by the object's rendering of the last pass when
 * the two are the same data: every later comparison of this pass (across
 * objects, then per object) is then one identity check. Sound because no
 * rendering kept here is ever changed or handed out.
 */
function sameAsLastWhereEqual(last: CrossFindings | undefined, objects: readonly ApiObject[], manifests: Manifest[]): Manifest[] {
  if (last === undefined) return manifests;
  const lastOf = sameItems(last.objects, objects) ? undefined : new Map(last.objects.map((o, i) => [o, last.manifests[i]]));
  for (let i = 0; i < objects.length; i++) {
    const before = lastOf === undefined ? last.manifests[i] : lastOf.get(objects[i]);
    if (before !== undefined && sameData(before, manifests[i])) manifests[i] = before;
  }
  return manifests;
}

/** The kinds the rules across objects and the update rules read; they ignore every other object. */
const KINDS_READ = new Set(['APIServiceExport', 'BoundSchema', 'CustomResourceDefinition']);

/**
 * Whether an object that is not ours may concern the rules, so is worth
 * rendering: one of the kinds they read, or one whose rendered kind may
 * differ from its `kind` (a JSON patch may change it; cdk8s keeps patches
 * in a private list, and should that list ever move, every object counts).
 * An app with resolvers of its own renders every object (a resolver may
 * change any value).
 */
function mayConcernRules(object: ApiObject): boolean {
  if (KINDS_READ.has(object.kind)) return true;
  const patches: unknown = (object as unknown as { patches?: unknown }).patches;
  return !Array.isArray(patches) || patches.length > 0;
}

/** The cross-object (and update) findings for these objects: the last ones when nothing they depend on changed. */
function crossFindings(
  state: AppState, objects: ApiObject[], manifests: Manifest[], group: string, ctx: RuleContext,
): CrossFindings {
  const last = state.lastCross;
  if (last !== undefined && last.group === group && last.previousCount === state.previous.length
    && sameItems(last.objects, objects) && last.manifests.every((m, i) => sameData(m, manifests[i]))) {
    return last;
  }
  const found = rules().crossObjectViolations(manifests, ctx);
  if (state.previous.length > 0) {
    const { pairWithPrevious, validateUpdate } = updates();
    for (const { index, previous } of pairWithPrevious(state.previous, manifests)) {
      found[index].push(...validateUpdate(previous, manifests[index], ctx));
    }
  }
  state.lastCross = { objects, manifests, group, previousCount: state.previous.length, found };
  return state.lastCross;
}

/**
 * Whether two renderings are the same JSON data, key order included (what
 * JSON text equality would say, without writing the text). Each rendering is
 * a fresh object, kept only here, so a later change cannot reach the kept one.
 */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const key = ka[i];
    if (key !== kb[i] || !sameData((a as any)[key], (b as any)[key])) return false;
  }
  return true;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The construct a finding about `object` names: ours, or the construct whose
 * default child (`Resource`, as in cdk8s-plus) the object is, or the object.
 */
function ownerOf(object: ApiObject, state: AppState): IConstruct {
  const checked = state.checkedByResource.get(object);
  if (checked !== undefined) return checked.construct;
  const scope = object.node.scope;
  if (scope !== undefined && scope.node.scope !== undefined && !Chart.isChart(scope) && scope.node.defaultChild === object) return scope;
  return object;
}

/**
 * Without KubeBindCrds in the app, the group the constructs agree on; when they
 * disagree, the default, so the cross-object rules point at the odd ones out.
 */
function appGroupFromConstructs(checked: readonly Checked[]): string {
  const distinct = new Set(checked.map(c => c.group));
  return distinct.size === 1 ? [...distinct][0] : rules().contextFor().group;
}

/** The errors of `violations`; warnings are printed once per synchronous run. */
function report(state: AppState, construct: IConstruct, violations: readonly Violation[]): string[] {
  const errors: string[] = [];
  for (const v of violations) {
    if (v.severity === 'error') {
      errors.push(formatViolation(v));
    } else if (process.env.CDK8S_KUBE_BIND_QUIET === undefined) {
      const line = `${v.severity}: [${construct.node.path}] ${formatViolation(v)}\n`;
      if (state.printed === undefined) {
        const printed = state.printed = new Set();
        queueMicrotask(() => {
          if (state.printed === printed) state.printed = undefined;
        });
      }
      if (state.printed.has(line)) continue;
      state.printed.add(line);
      process.stderr.write(line);
    }
  }
  return errors;
}

/** Whether the app of `scope` resolves values with cdk8s' own resolvers only (a user's resolver may change any value). */
function defaultResolversOnly(scope: IConstruct): boolean {
  const resolvers: unknown = (scope.node.root as { resolvers?: unknown }).resolvers;
  return Array.isArray(resolvers) && resolvers.length === 3
    && resolvers[0] instanceof LazyResolver && resolvers[1] instanceof ImplicitTokenResolver && resolvers[2] instanceof NumberStringUnionResolver;
}
