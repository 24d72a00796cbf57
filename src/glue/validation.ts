/**
 * The glue between constructs and the rules engine, through cdk8s' own
 * mechanism, `node.addValidation`, as aws-cdk's policies validate
 * themselves. Nothing is told when something changes, and nothing needs to
 * be: every validation reads the objects as `toJson()` renders them now.
 *
 * - Each construct of ours adds one validation (`validateWithRules`): it
 *   renders its object and runs the rules of one object on it (again only
 *   when the rendering's JSON text differs from the last one's).
 * - The app adds one more, on its root (`Symbol.for` marks the root that has
 *   it, so that every copy of the library in the process adds it once): it
 *   renders the objects the rules across objects read, runs those rules and
 *   the update rules once, and reports each finding under the path of the
 *   construct it is about.
 * - The constructs mark what the app's validation reads on themselves, with
 *   `Symbol.for` keys (plain data, so that any copy of the library reads the
 *   marks of any other): the objects the rules check, the group the app's
 *   kube-bind CRDs serve, the live objects of an update check.
 * - Errors fail every pass (cdk8s stops at the first). A warning is printed
 *   when it is first found, once per process (`printed-once.ts`): the apps
 *   of a test suite print a warning they share once.
 * - `findingsWithin` gives the same findings as data (`Findings.of`).
 */
import { ApiObject, Chart } from 'cdk8s';
import { IConstruct, IValidation } from 'constructs';
import { printOnce } from './printed-once';
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

/**
 * One violation: `[KB031] spec.versions[1].storage: message`, the path once
 * (as every front-end shows it), and the hint on the next line, indented.
 */
export function formatViolation(v: Violation): string {
  return `[${v.rule}] ${rules().describeViolation(v)}${v.hint ? `\n    hint: ${v.hint}` : ''}`;
}

// ---------------------------------------------------------------------------
// The marks, shared by every copy of the library in the process

/** On an object the rules check: its `Checked` record. */
const CHECKED = Symbol.for('cdk8s-kube-bind.checked');
/** On the root of an app: its `AppValidation`. */
const APP_VALIDATION = Symbol.for('cdk8s-kube-bind.appValidation');
/** On a construct that declares the group of the app's kube-bind CRDs: the group. */
const APP_GROUP = Symbol.for('cdk8s-kube-bind.appGroup');
/** On the root of an app that has an update check: the live objects. */
const PREVIOUS = Symbol.for('cdk8s-kube-bind.previous');

/** What an object the rules check is marked with: plain data, read by every copy of the library. */
interface Checked {
  /** The construct whose validation reports the object's findings. */
  readonly construct: IConstruct;
  /** The kube-bind group the construct was given. */
  readonly group: string;
  /** Findings that replace the rules: the object is a stand-in for what could not be made. */
  instead?: Violation[];
}

function checkedOf(object: IConstruct): Checked | undefined {
  return (object as any)[CHECKED];
}

function mark(target: IConstruct, key: symbol, value: unknown): void {
  Object.defineProperty(target, key, { value, configurable: true });
}

// ---------------------------------------------------------------------------
// Reporting

const NONE: readonly Violation[] = Object.freeze([]);

/**
 * What a validation returns and prints: the errors, each formatted by
 * `format`; the warnings printed to stderr, each under the path of the
 * construct it is about (`where`), and each line once until it went away
 * (`printed` holds the lines of the last pass).
 */
function report(found: readonly Violation[], format: (v: Violation) => string, where: (v: Violation) => string, printed: Set<string>): string[] {
  const errors: string[] = [];
  if (found.length === 0 && printed.size === 0) return errors;
  const lines = new Set<string>();
  for (const v of found) {
    if (v.severity === 'error') errors.push(format(v));
    else lines.add(`${v.severity}: [${where(v)}] ${formatViolation(v)}\n`);
  }
  if (process.env.CDK8S_KUBE_BIND_QUIET === undefined) {
    for (const line of lines) if (!printed.has(line)) printOnce(line);
  }
  printed.clear();
  for (const line of lines) printed.add(line);
  return errors;
}

// ---------------------------------------------------------------------------
// One object

/**
 * The validation of a construct of ours: the rules of one object on its
 * object, rendered now. cdk8s validates the whole app once per synth and
 * once more per chart: the findings of the last rendering are kept under its
 * JSON text, and the rules run again only when the rendering reads otherwise
 * (a 200-property BoundSchema costs the rules far more than the text).
 */
class ObjectValidation implements IValidation {
  private readonly printed = new Set<string>();
  /** The JSON text of the last rendering the rules read, and what they found in it. */
  private last?: { readonly text: string; readonly stored: Manifest | undefined; readonly found: readonly Violation[] };

  public constructor(private readonly object: ApiObject, private readonly checked: Checked) {}

  public validate(): string[] {
    const construct = this.checked.construct;
    const found = this.checked.instead ?? leavingOutRepeats(construct, this.findingsOf(this.object.toJson()));
    return report(found, formatViolation, () => construct.node.path, this.printed);
  }

  private findingsOf(manifest: Manifest): readonly Violation[] {
    const text = jsonText(manifest);
    const stored = storedStateOf(this.checked.construct, manifest);
    if (text !== undefined && this.last?.text === text && this.last.stored === stored) return this.last.found;
    const found = findingsOf(manifest, this.checked.group, stored);
    this.last = text === undefined ? undefined : { text, stored, found };
    return found;
  }
}

/** The manifest as JSON text, or undefined when it has no such text (a BigInt): then nothing is kept. */
function jsonText(manifest: Manifest): string | undefined {
  try {
    return JSON.stringify(manifest);
  } catch {
    return undefined;
  }
}

/**
 * What the rules of one object find in `manifest`; checked as an update of
 * `stored`, its live state, with what that state relaxes
 * (ValidateCustomResourceDefinitionUpdate's options, as `validate --previous`).
 */
function findingsOf(manifest: Manifest, group: string, stored: Manifest | undefined): readonly Violation[] {
  const ctx = stored === undefined ? contextOf(group) : rules().updateContext(stored, manifest, contextOf(group));
  const found = rules().validateObject(manifest, ctx);
  return found.length === 0 ? NONE : found;
}

/** The live objects of each app's update check, by the key the update rules pair objects by (the last one of a key wins). */
const LIVE_BY_KEY = new WeakMap<readonly Manifest[], Map<string, Manifest>>();

/** The live state of `manifest` among the objects the app of `construct` declared live, if any. */
function storedStateOf(construct: IConstruct, manifest: Manifest): Manifest | undefined {
  const live: readonly Manifest[] | undefined = (rootOf(construct) as any)[PREVIOUS];
  if (live === undefined) return undefined;
  let byKey = LIVE_BY_KEY.get(live);
  if (byKey === undefined) {
    byKey = new Map();
    for (const m of live) {
      const key = rules().objectKey(m);
      if (key !== undefined) byKey.set(key, m);
    }
    LIVE_BY_KEY.set(live, byKey);
  }
  const key = rules().objectKey(manifest);
  return key === undefined ? undefined : byKey.get(key);
}

function rootOf(scope: IConstruct): IConstruct {
  // Up the scopes by hand: `node.root` builds the list of every scope on the way.
  let root: IConstruct = scope;
  while (root.node.scope !== undefined) root = root.node.scope;
  return root;
}

const CONTEXTS = new Map<string, RuleContext>();

function contextOf(group: string): RuleContext {
  let ctx = CONTEXTS.get(group);
  if (ctx === undefined) CONTEXTS.set(group, ctx = rules().contextFor({ group }));
  return ctx;
}

/**
 * Makes `construct` fail synthesis when the manifest of `resource` breaks an
 * error rule. Warnings are printed to stderr and do not fail the synth. The
 * rules across objects read `resource` too.
 */
export function validateWithRules(construct: IConstruct, resource: ApiObject, kubeBindGroup: string): void {
  const checked: Checked = { construct, group: kubeBindGroup };
  mark(resource, CHECKED, checked);
  construct.node.addValidation(new ObjectValidation(resource, checked));
  appValidation(construct);
}

/**
 * Makes `construct`, whose object is a stand-in for one that could not be
 * made (a CRD `BoundSchema.fromCrd` cannot convert), report each of
 * `problems` as an error of rule `ruleId` at synth, instead of the rules'
 * findings on the stand-in, which no rule reads (across objects neither).
 */
export function reportInsteadOfRules(construct: IConstruct, ruleId: string, problems: readonly string[]): void {
  const resource = construct.node.defaultChild;
  const checked = resource === undefined ? undefined : checkedOf(resource);
  if (checked === undefined || checked.construct !== construct) {
    throw new Error(`reportInsteadOfRules: ${construct.node.path} is not checked by the rules`);
  }
  checked.instead = problems.map(message => ({ rule: ruleId, severity: 'error', path: '', message }));
}

/** Whether `construct` reports `v` only because another construct already reports it (see `leaveOutRepeated`). */
type Repeats<T> = (construct: T, v: Violation) => boolean;

/** Per class of construct (its prototype), what it repeats. */
const REPEATS = new WeakMap<object, Repeats<any>>();

/**
 * Leaves out of the findings of the constructs of `kind` (a class of ours,
 * and the classes that extend it) those that another construct already
 * reports for the same mistake: written once by the user, copied into the
 * construct's object by the library.
 */
export function leaveOutRepeated<T extends IConstruct>(kind: abstract new (...args: any[]) => T, repeats: Repeats<T>): void {
  REPEATS.set(kind.prototype, repeats);
}

function leavingOutRepeats(construct: IConstruct, found: readonly Violation[]): readonly Violation[] {
  if (found.length === 0) return found;
  for (let p = Object.getPrototypeOf(construct); p !== null; p = Object.getPrototypeOf(p)) {
    const repeats = REPEATS.get(p);
    if (repeats !== undefined) return found.filter(v => !repeats(construct, v));
  }
  return found;
}

// ---------------------------------------------------------------------------
// The app: the rules across objects, and the update rules

/** Records the group the app's kube-bind CRDs serve, which the rules across objects use. */
export function declareAppGroup(construct: IConstruct, group: string): void {
  mark(construct, APP_GROUP, group);
  appValidation(construct);
}

/** Hands the app the objects that are live, so synth fails on an unsafe update. */
export function declarePreviousObjects(construct: IConstruct, previous: readonly Manifest[]): void {
  // On the root: every object's own validation reads its live state there (storedStateOf), and the app's validation too.
  const root = rootOf(construct);
  const before: readonly Manifest[] = (root as any)[PREVIOUS] ?? [];
  mark(root, PREVIOUS, [...before, ...previous]);
  appValidation(construct);
}

/** The validation of the app, added to its root once. */
function appValidation(scope: IConstruct): void {
  const root = rootOf(scope);
  if ((root as any)[APP_VALIDATION] !== undefined) return;
  const validation = new AppValidation(root);
  mark(root, APP_VALIDATION, validation);
  root.node.addValidation(validation);
}

/**
 * The rules across objects over the objects of the app that they read (ours,
 * and any other object of a kind they read), and the update rules against
 * the live objects, once per validation pass of the app. Each finding is
 * reported under the path of the construct it is about.
 */
class AppValidation implements IValidation {
  private readonly printed = new Set<string>();

  public constructor(private readonly root: IConstruct) {}

  public validate(): string[] {
    const found = findingsAcross(this.root);
    const where = new Map(found.map(f => [f.violation, f.construct.node.path]));
    return report(found.map(f => f.violation), v => `[${where.get(v)}] ${formatViolation(v)}`, v => where.get(v)!, this.printed);
  }
}

/** A finding, and the construct it is reported on. */
export interface Reported {
  readonly construct: IConstruct;
  readonly violation: Violation;
}

/** The findings of the rules across objects and of the update rules on the app of `root`, each with the construct it is about. */
function findingsAcross(root: IConstruct): Reported[] {
  const objects: ApiObject[] = [];
  const ours: Checked[] = [];
  const previous: readonly Manifest[] = (root as any)[PREVIOUS] ?? [];
  let group: string | undefined;
  const read = rules().KINDS_READ_ACROSS_OBJECTS;
  for (const c of root.node.findAll()) {
    const declared: string | undefined = (c as any)[APP_GROUP];
    if (declared !== undefined) group ??= declared;
    if (!ApiObject.isApiObject(c)) continue;
    const checked = checkedOf(c);
    if (checked !== undefined) ours.push(checked);
    if (checked?.instead !== undefined) continue;
    if (checked !== undefined || read.has(c.kind)) objects.push(c);
  }
  const ctx = contextOf(group ?? appGroupFromConstructs(ours));
  const manifests = objects.map(o => o.toJson());
  const found = rules().crossObjectViolations(manifests, ctx);
  if (previous.length > 0) {
    for (const pair of rules().pairWithPrevious(previous, manifests)) {
      found[pair.index].push(...rules().validateUpdate(pair.previous, manifests[pair.index], ctx));
    }
  }
  const all: Reported[] = [];
  for (let i = 0; i < objects.length; i++) {
    if (found[i].length === 0) continue;
    const construct = ownerOf(objects[i]);
    for (const violation of found[i]) all.push({ construct, violation });
  }
  return all;
}

/**
 * Every finding on a construct of the app of `scope` that `scope` is or
 * holds, as the app's validation would report it now: the rules of one
 * object on each object of ours, then the rules across objects and of
 * updates. Printed nowhere.
 */
export function findingsWithin(scope: IConstruct): Reported[] {
  const root = rootOf(scope);
  const found: Reported[] = [];
  for (const c of root.node.findAll()) {
    const checked = ApiObject.isApiObject(c) ? checkedOf(c) : undefined;
    if (checked === undefined || !within(checked.construct, scope)) continue;
    const manifest = (c as ApiObject).toJson();
    const own = checked.instead ?? leavingOutRepeats(checked.construct, findingsOf(manifest, checked.group, storedStateOf(c, manifest)));
    for (const violation of own) found.push({ construct: checked.construct, violation });
  }
  for (const f of findingsAcross(root)) if (within(f.construct, scope)) found.push(f);
  return found;
}

/** Whether `construct` is `scope` or below it. */
function within(construct: IConstruct, scope: IConstruct): boolean {
  for (let c: IConstruct | undefined = construct; c !== undefined; c = c.node.scope) if (c === scope) return true;
  return false;
}

/**
 * The construct a finding about `object` names: ours, or the construct whose
 * default child (`Resource`, as in cdk8s-plus) the object is, or the object.
 */
function ownerOf(object: ApiObject): IConstruct {
  const checked = checkedOf(object);
  if (checked !== undefined) return checked.construct;
  const scope = object.node.scope;
  if (scope !== undefined && scope.node.scope !== undefined && !Chart.isChart(scope) && scope.node.defaultChild === object) return scope;
  return object;
}

/**
 * Without KubeBindCrds in the app, the group the constructs agree on; when they
 * disagree, the default, so the cross-object rules point at the odd ones out.
 */
function appGroupFromConstructs(ours: readonly Checked[]): string {
  const distinct = new Set(ours.map(c => c.group));
  return distinct.size === 1 ? [...distinct][0] : rules().contextFor().group;
}
