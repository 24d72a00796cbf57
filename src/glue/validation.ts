/**
 * The glue between constructs and the rules engine, through cdk8s' own
 * mechanism: `node.addValidation`. The constructs never format messages.
 *
 * - Each construct of ours registers a validation that reports the rules on
 *   its object, and the findings across objects about it. Findings about an
 *   object that is not ours are reported by a validation attached to the
 *   construct it belongs to.
 * - Whichever of these validations cdk8s calls first (in any order) brings
 *   the app's findings up to date; the others read them. Findings are kept
 *   per object, under its manifest, and across objects, under all of them:
 *   rules run again only for what changed, or what the output took (below).
 * - cdk8s validates the whole app once per `app.synth()` and once more per
 *   chart. A pass in which nothing can have changed costs a version check:
 *   every mutator of the library (`addVersion`, `addResource`, a claim's
 *   `addX`, the metadata's `addLabel`...) calls `noteChange()`. What no
 *   mutator announces is rendered again in every pass and compared: objects
 *   with a token (`Lazy`) in their spec or metadata, or a JSON patch; every
 *   object of an app with resolvers of its own; and the objects not made by
 *   this library that the rules read (kube-bind kinds, CRDs).
 * - The manifest the rules read is the one cdk8s writes: `toJson()`. An
 *   object of ours that only the library's mutators can change keeps that
 *   rendering for the output of the same version, which then does not render
 *   it again (see `RenderedForRules`). Once the output took it, its caller
 *   may change it: the next pass that looks reads such an object afresh and
 *   runs its rules again.
 * - Errors fail every pass (cdk8s stops at the first). A warning is printed
 *   when it is first found, and again only after it went away.
 */
import { ApiObject, App, Chart, ImplicitTokenResolver, LazyResolver, NumberStringUnionResolver } from 'cdk8s';
import { IConstruct, IValidation } from 'constructs';
import type { Manifest } from '../model/manifest';
import type * as RulesModule from '../rules';

type RuleContext = RulesModule.RuleContext;
type Violation = RulesModule.Violation;

// The rule catalogue is loaded at the first validation, not when the library is required.
let rulesModule: typeof RulesModule | undefined;

function rules(): typeof RulesModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (rulesModule ??= require('../rules') as typeof RulesModule);
}

/** The update rules, which the rules layer's index exports too. */
const updates = rules;

/**
 * One violation: `[KB031] spec.versions[1].storage: message`, the path once
 * (as every front-end shows it), and the hint on the next line, indented.
 */
export function formatViolation(v: Violation): string {
  return `[${v.rule}] ${rules().describeViolation(v)}${v.hint ? `\n    hint: ${v.hint}` : ''}`;
}

// ---------------------------------------------------------------------------
// Versions: what the library's mutators announce

/** Shared by every copy of the library in the process: a claim of one copy may sit in an export of another. */
const VERSION = Symbol.for('cdk8s-kube-bind.version');

export function currentVersion(): number {
  return (globalThis as any)[VERSION] ?? 0;
}

/**
 * Announces that something a manifest is made from changed (a construct, a
 * claim, metadata), so that the next validation looks again. Every mutator of
 * the library calls it.
 */
export function noteChange(): void {
  (globalThis as any)[VERSION] = currentVersion() + 1;
}

/** How an object of ours renders itself for the rules. */
export interface RenderedForRules {
  /**
   * The object as `toJson()` renders it. Unless `isVolatile()` then says so,
   * the rendering is kept for the output of the same version of the library's
   * state, which takes it instead of rendering again.
   */
  renderForRules(): { [key: string]: any };
  /**
   * Whether something no mutator announces may change the output (a token in
   * the spec or the metadata, a JSON patch), as of the last rendering: the
   * object is then rendered again in every pass.
   */
  isVolatile(): boolean;
  /**
   * Whether the last rendering for the rules went to the output, whose
   * caller may have changed it: then it is no longer what the rules read.
   */
  wasHandedOut(): boolean;
}

// ---------------------------------------------------------------------------
// What is kept

/** A reporter of findings: a construct of ours, or the construct a foreign object belongs to. */
class Reporter implements IValidation {
  /** The findings last reported, and the warning lines printed for them. */
  private reported?: { readonly own: readonly Violation[]; readonly cross: readonly Violation[]; readonly lines: ReadonlySet<string> };

  /** The own findings without those repeats, kept while the findings are the same list. */
  private withoutRepeats?: { readonly from: readonly Violation[]; readonly to: readonly Violation[] };

  public constructor(public readonly state: AppState, public readonly construct: IConstruct) {}

  public validate(): string[] {
    refresh(this.state, this);
    // Most apps have no finding across objects: no lookup per reporter and pass then.
    const cross = this.state.cross.size === 0 ? NONE : this.state.cross.get(this.construct) ?? NONE;
    return this.report(this.leavingOutRepeats(this.ownFindings()), cross);
  }

  private leavingOutRepeats(found: readonly Violation[]): readonly Violation[] {
    if (found.length === 0) return found;
    const repeats = repeatsOf(this.construct);
    if (repeats === undefined) return found;
    if (this.withoutRepeats?.from !== found) this.withoutRepeats = { from: found, to: found.filter(v => !repeats(this.construct, v)) };
    return this.withoutRepeats.to;
  }

  protected ownFindings(): readonly Violation[] {
    return NONE;
  }

  /** The errors of both lists; warnings are printed when first found, and again only after they went away. */
  private report(own: readonly Violation[], cross: readonly Violation[]): string[] {
    const errors: string[] = [];
    const last = this.reported;
    const unchanged = last !== undefined && last.own === own && last.cross === cross;
    // The common case, an object without findings: nothing to print, and no set of lines to make.
    if (own.length === 0 && cross.length === 0) {
      if (!unchanged) this.reported = own === NONE && cross === NONE ? NOTHING_REPORTED : { own, cross, lines: NO_LINES };
      return errors;
    }
    const lines = new Set<string>();
    for (const v of own.length === 0 ? cross : cross.length === 0 ? own : [...own, ...cross]) {
      if (v.severity === 'error') {
        errors.push(formatViolation(v));
      } else if (!unchanged) {
        lines.add(`${v.severity}: [${this.construct.node.path}] ${formatViolation(v)}\n`);
      }
    }
    if (!unchanged) {
      if (process.env.CDK8S_KUBE_BIND_QUIET === undefined) {
        for (const line of lines) if (!last?.lines.has(line)) process.stderr.write(line);
      }
      // Most objects have no findings: they share one record.
      this.reported = own === NONE && cross === NONE ? NOTHING_REPORTED : { own, cross, lines };
    }
    return errors;
  }
}

/**
 * The validation of a construct of ours: the per-object rules on its object,
 * and the findings across objects about it. It is also the object's entry
 * among those the rules read: what they last read of it and found.
 */
class Checked extends Reporter implements Entry {
  /** Findings that replace the rules: the construct's object is a stand-in for what could not be made. */
  public instead?: Violation[];
  public manifest: Manifest = NOT_READ;
  /** What the per-object rules found in `manifest`. */
  public violations: readonly Violation[] = NONE;
  public volatile = false;

  public constructor(
    state: AppState,
    construct: IConstruct,
    public readonly object: ApiObject,
    public readonly group: string,
    public readonly rendered?: RenderedForRules,
  ) {
    super(state, construct);
  }

  protected ownFindings(): readonly Violation[] {
    return this.instead ?? this.violations;
  }
}

/** The manifest of an object the rules have not read yet. */
const NOT_READ: Manifest = Object.freeze({});

const NONE: readonly Violation[] = Object.freeze([]);

const NO_LINES: ReadonlySet<string> = new Set<string>();

/** What a reporter without findings reported. */
const NOTHING_REPORTED = Object.freeze({ own: NONE, cross: NONE, lines: NO_LINES });

/** What one app keeps, on its root construct. */
interface AppState {
  readonly root: IConstruct;
  /** The group KubeBindCrds declared, if any. */
  group?: string;
  readonly checked: Checked[];
  readonly checkedByResource: Map<ApiObject, Checked>;
  readonly previous: Manifest[];
  /** Reporters of objects that are not ours, by the construct they report on. */
  readonly reporters: Map<IConstruct, Reporter>;
  /** How many constructs the app and its charts held then (see `shapeOf`). */
  shape: number;
  /** The objects the rules read, with their last manifests, in order. */
  entries: Entry[];
  /** Those of them looked at in every pass. */
  volatile: Entry[];
  /** The findings across objects (and of updates), by the construct they are reported on. */
  cross: Map<IConstruct, Violation[]>;
  /** What the findings across objects were computed from. */
  lastCross?: {
    readonly objects: readonly ApiObject[];
    readonly manifests: readonly Manifest[];
    readonly group: string;
    readonly previousCount: number;
  };
  /** The version the findings are up to date with; undefined before the first validation. */
  version?: number;
  /** The reporter the last refresh was for: when it reports again, a new pass has begun. */
  lastAsking?: Reporter;
}

const APP_STATE = Symbol.for('cdk8s-kube-bind.validation');

/** The app's state, created with the first call. */
function appState(scope: IConstruct): AppState {
  // Up the scopes by hand: `node.root` builds the list of every scope on the way.
  let root: any = scope;
  while (root.node.scope !== undefined) root = root.node.scope;
  let state: AppState | undefined = root[APP_STATE];
  if (state === undefined) {
    state = {
      root,
      checked: [],
      checkedByResource: new Map(),
      previous: [],
      reporters: new Map(),
      shape: -1,
      entries: [],
      volatile: [],
      cross: new Map(),
    };
    Object.defineProperty(root, APP_STATE, { value: state });
    // Not needed for the findings (whichever validation comes first brings them up to date), but in cdk8s'
    // order the root comes first, so that a foreign object's reporter is added before the object is validated.
    root.node.addValidation(new Reporter(state, root));
  }
  return state;
}

/**
 * Makes `construct` fail synthesis when the manifest of `resource` breaks an
 * error rule. Warnings are printed to stderr and do not fail the synth.
 * `rendered`, when given, renders the object once for the rules and the
 * output of the same version.
 */
export function validateWithRules(construct: IConstruct, resource: ApiObject, kubeBindGroup: string, rendered?: RenderedForRules): void {
  const state = appState(construct);
  const checked = new Checked(state, construct, resource, kubeBindGroup, rendered);
  state.checked.push(checked);
  state.checkedByResource.set(resource, checked);
  construct.node.addValidation(checked);
  noteChange();
}

/** Whether `construct` reports `v` only because another construct already reports it (see `leaveOutRepeated`). */
type Repeats<T> = (construct: T, v: Violation) => boolean;

/** Per class of construct (its prototype), what it repeats. */
const REPEATS = new WeakMap<object, Repeats<any>>();

/**
 * Leaves out of the findings of the constructs of `kind` (a class of ours,
 * and the classes that extend it) those that another construct already
 * reports for the same mistake: written once by the user, copied into the
 * construct's object by the library. Kept per class, not per construct
 * (a construct is asked only when it has findings); declaring it again is
 * a lookup.
 */
export function leaveOutRepeated<T extends IConstruct>(kind: abstract new (...args: any[]) => T, repeats: Repeats<T>): void {
  if (REPEATS.get(kind.prototype) !== repeats) REPEATS.set(kind.prototype, repeats);
}

/** What the class of `construct`, or the nearest class it extends, declared with `leaveOutRepeated`. */
function repeatsOf(construct: IConstruct): Repeats<any> | undefined {
  for (let p = Object.getPrototypeOf(construct); p !== null; p = Object.getPrototypeOf(p)) {
    const repeats = REPEATS.get(p);
    if (repeats !== undefined) return repeats;
  }
  return undefined;
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
  noteChange();
}

/** Records the group the app's kube-bind CRDs serve; checks across objects use it. */
export function declareAppGroup(scope: IConstruct, group: string): void {
  const state = appState(scope);
  state.group ??= group;
  noteChange();
}

/** Hands the app the objects that are live, so synth fails on an unsafe update. */
export function declarePreviousObjects(scope: IConstruct, previous: any[]): void {
  appState(scope).previous.push(...previous);
  noteChange();
}

// ---------------------------------------------------------------------------
// Bringing the findings up to date

/** An object the rules read (ours are their `Checked`), and what they last read of it. */
interface Entry {
  readonly object: ApiObject;
  manifest: Manifest;
  /** Whether it is looked at in every pass (nothing announces its changes). */
  volatile: boolean;
}

/**
 * Brings the app's findings up to date for `asking`. Nothing to do when no
 * mutator announced a change, unless `asking` already reported since the
 * last refresh (a new pass): then the objects no mutator speaks for are
 * looked at again, and all of them when constructs came or went.
 */
function refresh(state: AppState, asking: Reporter): void {
  const version = currentVersion();
  const newPass = state.lastAsking === asking;
  if (state.version === version && !newPass) return;
  if (state.version === version && shapeOf(state.root) === state.shape) {
    if (state.volatile.length > 0) recheckVolatile(state);
  } else {
    fullCheck(state, state.root.node.findAll().filter(ApiObject.isApiObject));
  }
  state.version = currentVersion();
  state.lastAsking = asking;
}

/**
 * How many constructs the app and its charts hold: objects added without a
 * mutator of this library (a cdk8s-plus object, an L1 object) change it, so
 * a pass sees them without walking the whole tree. (One added inside an
 * existing construct after a synth is seen at the next change.)
 */
function shapeOf(root: IConstruct): number {
  let count = 0;
  for (const child of root.node.children) count += 1 + child.node.children.length;
  return count;
}

/** Every object the rules read: per-object rules where a manifest changed, and the rules across objects when any did. */
function fullCheck(state: AppState, objects: readonly ApiObject[]): void {
  const ownResolvers = !defaultResolversOnly(state.root);
  // What the rules last read of the objects that are not ours (most apps have none).
  let lastOf: Map<ApiObject, Manifest> | undefined;
  const entries: Entry[] = [];
  for (const object of objects) {
    const checked = state.checkedByResource.get(object);
    if (checked !== undefined) {
      if (checked.instead !== undefined) continue;
      checkRendering(checked, ownResolvers);
      checked.volatile = isVolatile(checked, ownResolvers);
      entries.push(checked);
    } else if (ownResolvers || rules().KINDS_READ_ACROSS_OBJECTS.has(object.kind)) {
      // Not ours: rendered by cdk8s, and again in every pass (nothing announces its changes).
      lastOf ??= new Map(state.entries.filter(e => checkedOf(state, e) === undefined).map(e => [e.object, e.manifest]));
      const before = lastOf.get(object);
      const rendered = object.toJson();
      entries.push({ object, manifest: before !== undefined && sameData(before, rendered) ? before : rendered, volatile: true });
    }
  }
  state.shape = shapeOf(state.root);
  state.entries = entries;
  state.volatile = entries.filter(e => e.volatile);
  checkAcross(state);
}

/** The objects no mutator speaks for, rendered again; the rules across objects again when one changed. */
function recheckVolatile(state: AppState): void {
  const ownResolvers = !defaultResolversOnly(state.root);
  let changed = false;
  for (const entry of state.volatile) {
    const checked = checkedOf(state, entry);
    if (checked !== undefined) {
      const before = checked.manifest;
      checkRendering(checked, ownResolvers);
      if (checked.manifest !== before) changed = true;
      continue;
    }
    const manifest = entry.object.toJson();
    if (sameData(entry.manifest, manifest)) continue;
    entry.manifest = manifest;
    changed = true;
  }
  if (!changed) return;
  // A rendering that went to the output may have been changed by its caller: the rules across objects read a fresh one.
  for (const entry of state.entries) {
    const checked = checkedOf(state, entry);
    if (checked !== undefined && !checked.volatile && handedOut(checked)) checkRendering(checked, ownResolvers);
  }
  checkAcross(state);
}

/**
 * The entry as the validation of a construct of ours, or undefined for an
 * object that is not ours. By the app's record, not by class: the app's state
 * is shared by every copy of the library in the process, each with a `Checked`
 * class of its own.
 */
function checkedOf(state: AppState, entry: Entry): Checked | undefined {
  const checked = state.checkedByResource.get(entry.object);
  return checked === entry ? checked : undefined;
}

/**
 * The per-object rules on the object as rendered now, kept as what they last
 * read, unless that is the same data as before (then the earlier rendering is
 * kept: its identity tells the rules across objects that nothing changed). A
 * rendering that went to the output is not compared with: its caller may
 * have changed it.
 */
function checkRendering(checked: Checked, ownResolvers: boolean): void {
  const trusted = checked.manifest !== NOT_READ && !handedOut(checked);
  const manifest = renderedManifestOf(checked, ownResolvers);
  if (trusted && sameData(checked.manifest, manifest)) return;
  const violations = rules().validateObject(manifest, contextOf(checked.group));
  checked.manifest = manifest;
  // Most objects have none: they share one empty list (which the reporters also compare by identity).
  checked.violations = violations.length === 0 ? NONE : violations;
}

const CONTEXTS = new Map<string, RuleContext>();

function contextOf(group: string): RuleContext {
  let ctx = CONTEXTS.get(group);
  if (ctx === undefined) CONTEXTS.set(group, ctx = rules().contextFor({ group }));
  return ctx;
}

/**
 * The manifest of an object of ours, as `toJson()` renders it: through the
 * object, which keeps it for the output when nothing but a mutator of the
 * library can change it (not with resolvers of the app's own, which may
 * change any value at any rendering).
 */
function renderedManifestOf(checked: Checked, ownResolvers: boolean): Manifest {
  const rendered = checked.rendered;
  return rendered === undefined || ownResolvers ? checked.object.toJson() : rendered.renderForRules();
}

/** Whether the rendering the rules last read of `checked` went to the output. */
function handedOut(checked: Checked): boolean {
  return checked.rendered !== undefined && checked.rendered.wasHandedOut();
}

/** Whether the object of `checked` is rendered again in every pass, as of its last rendering. */
function isVolatile(checked: Checked, ownResolvers: boolean): boolean {
  return checked.rendered === undefined || ownResolvers || checked.rendered.isVolatile();
}

/** The manifest the rules read of `resource` (for tests; like the rules' reading, it keeps it for the output when it can). */
export function manifestForRules(resource: ApiObject): Manifest {
  const checked = appState(resource).checkedByResource.get(resource);
  if (checked === undefined) return resource.toJson();
  return renderedManifestOf(checked, !defaultResolversOnly(checked.state.root));
}

/** The rules across objects (and the update rules) over the entries, when anything they read changed. */
function checkAcross(state: AppState): void {
  const objects = state.entries.map(e => e.object);
  const manifests = state.entries.map(e => e.manifest);
  const group = state.group ?? appGroupFromConstructs(state.checked);
  const last = state.lastCross;
  if (last !== undefined && last.group === group && last.previousCount === state.previous.length
    && sameItems(last.objects, objects) && sameItems(last.manifests, manifests)) {
    return;
  }
  const ctx = contextOf(group);
  const found = rules().crossObjectViolations(manifests, ctx);
  if (state.previous.length > 0) {
    const { pairWithPrevious, validateUpdate } = updates();
    for (const { index, previous } of pairWithPrevious(state.previous, manifests)) {
      found[index].push(...validateUpdate(previous, manifests[index], ctx));
    }
  }
  const cross = new Map<IConstruct, Violation[]>();
  for (let i = 0; i < objects.length; i++) {
    if (found[i].length === 0) continue;
    const owner = ownerOf(objects[i], state);
    const before = cross.get(owner);
    cross.set(owner, before === undefined ? found[i] : [...before, ...found[i]]);
    if (!state.checkedByResource.has(objects[i]) && !state.reporters.has(owner)) {
      // Not ours: its findings are reported by a validation on the construct it belongs to.
      const reporter = new Reporter(state, owner);
      state.reporters.set(owner, reporter);
      owner.node.addValidation(reporter);
    }
  }
  // Unchanged lists keep their identity, so that their warnings are not printed again.
  for (const [owner, list] of cross) {
    const before = state.cross.get(owner);
    if (before !== undefined && sameData(before, list)) cross.set(owner, before);
  }
  state.cross = cross;
  state.lastCross = { objects, manifests, group, previousCount: state.previous.length };
}

/** Whether the app of `scope` resolves values with cdk8s' own resolvers only (a user's resolver may change any value). */
function defaultResolversOnly(root: IConstruct): boolean {
  const resolvers: unknown = (App.of(root) as Partial<App>).resolvers;
  return Array.isArray(resolvers)
    && resolvers.every(r => r instanceof LazyResolver || r instanceof ImplicitTokenResolver || r instanceof NumberStringUnionResolver);
}

/**
 * Whether two manifests are the same JSON data, key order included. Each is
 * a rendering no caller of the output has had (see `handedOut`), or data the
 * construct never changes.
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
