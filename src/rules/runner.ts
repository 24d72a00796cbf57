/**
 * The runners every front-end uses (constructs at synth time, the CLI over
 * YAML files): the registry's rules over one object, or over all objects of
 * an app. Rules that share a pass (`defineRule({ pass })`) get one run of it
 * per object; readers shared through `perObject` are memoised per object.
 */
import { DEFAULT_NAMESPACE_PREFIX } from '../model';
import { closeRuleScope, openRuleScope, withinRun } from './engine/memo';
import { isAtOrBelow } from './engine/paths';
import { Located, Rule, RuleContext, SharedPass, Superseded, passOf } from './engine/rule';
import { Violation } from './engine/violation';
import { readByRules } from './engine/work-count';
import { crdUpdateOptions } from './helpers/crd-update-options';
import { crdKindVersionOf } from './helpers/crds';
import { ratchetedAsServed } from './helpers/custom-resource-ratchet';
import { statusAsServed } from './helpers/status-subresource';
import { CROSS_RULES, RULES } from './registry';
import { DEFAULT_GROUP, kindVersionOf, KindVersion } from '../model/kinds';
import { Manifest, own } from '../model/manifest';

/** Fills in the defaults of a context. */
export function contextFor(options: Partial<RuleContext> = {}): RuleContext {
  return { group: options.group ?? DEFAULT_GROUP, namespacePrefix: options.namespacePrefix ?? DEFAULT_NAMESPACE_PREFIX };
}

/**
 * Runs every per-object rule that applies to `obj`: a kube-bind kind, a
 * CustomResourceDefinition, or any other object (KB001 reports an unknown
 * kind or version of our group; other objects get an empty list). Never
 * throws.
 */
export function validateObject(obj: Manifest, ctx: RuleContext = contextFor()): Violation[] {
  const target: Target = kindVersionOf(obj, ctx.group) ?? crdKindVersionOf(obj) ?? OTHER_OBJECTS;
  // Rules of one object share readers (perObject) and passes (defineRule({ pass })); the scope is opened here,
  // not through withRuleScope, so that checking an object makes no closure.
  const outer = openRuleScope();
  let found: Violation[];
  try {
    found = runSteps(stepsFor(target), obj, ctx);
  } finally {
    closeRuleScope(outer);
  }
  if (found.length === 0 || target === OTHER_OBJECTS) return found;
  const superseded = supersededFor(target);
  const kept = superseded.length === 0 ? found : found.filter(v => !superseded.some(s => s.rule === v.rule && s.path.test(v.path)));
  // What the server ratchets on an update of a kube-bind object, then what an object says in `.status` the server drops,
  // when its kind's CRD (ours: not a CRD's) has the status subresource.
  const served = withoutWhatIsRefusedFirst(kept);
  const ratcheted = ctx.storedObject !== undefined ? ratchetedAsServed(served, obj, target, ctx, ruleById) : served;
  return statusAsServed(ratcheted, target, ruleById);
}

/** `found` without the findings at or below a path a `refusedFirst` rule reports (a value that never decodes). */
function withoutWhatIsRefusedFirst(found: Violation[]): Violation[] {
  const refused = found.filter(v => ruleById(v.rule)?.refusedFirst === true).map(v => v.path);
  if (refused.length === 0) return found;
  return found.filter(v => ruleById(v.rule)?.refusedFirst === true || !refused.some(at => isAtOrBelow(v.path, at)));
}

const RULE_BY_ID = new Map(RULES.map(r => [r.id, r]));
const ruleById = (id: string): Rule | undefined => RULE_BY_ID.get(id);

const SUPERSEDED_BY_TARGET = new Map<Target, readonly Superseded[]>();

/** What the rules that apply to `target` declare they supersede, gathered once per kind/version. */
function supersededFor(target: Target): readonly Superseded[] {
  let superseded = SUPERSEDED_BY_TARGET.get(target);
  if (superseded === undefined) {
    superseded = target === OTHER_OBJECTS ? [] : RULES.filter(r => r.appliesTo.includes(target)).flatMap(r => r.supersedes ?? []);
    SUPERSEDED_BY_TARGET.set(target, superseded);
  }
  return superseded;
}

/**
 * One step of checking an object: a rule, or a run of consecutive rules that
 * share one pass, whose findings are taken from one call of that pass and
 * put in catalogue order.
 */
/** What the runner checks an object as: a recognised kind/version, or any other object. */
type Target = KindVersion | typeof OTHER_OBJECTS;
const OTHER_OBJECTS = 'other';

type Step =
  | { readonly rule: Rule; readonly pass?: undefined }
  | { readonly pass: SharedPass; readonly ids: readonly string[] };

/** The rules' findings in catalogue order; a plain loop, as it runs for every object of a synth. */
function runSteps(steps: readonly Step[], obj: Manifest, ctx: RuleContext): Violation[] {
  const out: Violation[] = [];
  for (let s = 0; s < steps.length; s++) {
    const step = steps[s];
    if (step.pass === undefined) {
      let found: Violation[];
      try {
        found = step.rule.check(obj, ctx);
      } catch (e) {
        found = [internalError(step.rule.id, e)];
      }
      for (let i = 0; i < found.length; i++) out.push(found[i]);
      continue;
    }
    let found: Violation[];
    try {
      found = step.pass.run(obj, ctx);
    } catch (e) {
      for (const id of step.ids) out.push(internalError(id, e));
      continue;
    }
    if (found.length > 0) pushInCatalogueOrder(found, step.ids, out);
  }
  return out;
}

/** The findings of the rules `ids`, rule by rule, each rule's in the order found. */
function pushInCatalogueOrder(found: readonly Violation[], ids: readonly string[], out: Violation[]): void {
  for (const id of ids) {
    for (const v of found) {
      if (v.rule === id) out.push(v);
    }
  }
}

const STEPS_BY_TARGET = new Map<Target, readonly Step[]>();

/** How to check one kind/version: its rules in catalogue order, picked and grouped once, not per object. */
function stepsFor(target: Target): readonly Step[] {
  let steps = STEPS_BY_TARGET.get(target);
  if (steps === undefined) {
    const built: Step[] = [];
    // Rules that judge the kind itself (KB001) see the objects of no recognised kind/version, and only those.
    const applies = target === OTHER_OBJECTS
      ? (r: Rule) => r.judgesKind === true
      : (r: Rule) => r.judgesKind !== true && r.appliesTo.includes(target);
    for (const rule of RULES.filter(applies)) {
      const pass = passOf(rule);
      const last = built[built.length - 1];
      if (pass === undefined) built.push({ rule });
      else if (last?.pass === pass) built[built.length - 1] = { pass, ids: [...last.ids, rule.id] };
      else built.push({ pass, ids: [rule.id] });
    }
    steps = built;
    STEPS_BY_TARGET.set(target, steps);
  }
  return steps;
}

/**
 * Runs the per-object rules on each object and the cross-object rules over all
 * of them. The result has one list per input object, in input order.
 */
export function validateObjects(objs: readonly Manifest[], ctx: RuleContext = contextFor()): Violation[][] {
  const cross = crossObjectViolations(objs, ctx);
  return objs.map((o, i) => [...validateObject(o, ctx), ...cross[i]]);
}

/** Only the rules across objects: one list per input object, in input order. */
export function crossObjectViolations(objs: readonly Manifest[], ctx: RuleContext = contextFor()): Violation[][] {
  // A list only for the objects with findings while the rules run (most have none), the others' made at the end,
  // once the rules' indexes are let go.
  const results: Array<Violation[] | undefined> = new Array(objs.length).fill(undefined);
  eachCrossObjectViolation(objs, ctx, (index, violation) => {
    const found = results[index];
    if (found === undefined) results[index] = [violation];
    else found.push(violation);
  });
  return results.map(found => found ?? []);
}

/**
 * The rules across objects, each finding handed to `found` with the number
 * of its object as the rules find it: rule by rule in catalogue order, each
 * rule's in the order found (so each object's in the order
 * `crossObjectViolations` lists them). For a caller that keeps them its own
 * way (`validate` keeps them on disk).
 */
export function eachCrossObjectViolation(objs: readonly Manifest[], ctx: RuleContext, found: (index: number, violation: Violation) => void): void {
  // While a test counts the rules' reads (countingReads), each object is handed behind its counting view.
  const located: Located[] = objs.map((manifest, index) => ({ index, manifest: readByRules(manifest) }));
  // The rules share one reading of the objects (schema sources, exports): values of `SharedWithinRun`.
  withinRun(() => {
    for (const rule of CROSS_RULES) {
      for (const { index, violation } of runSafely(rule.id, () => rule.check(located, ctx))) {
        // A finding of no object of the input (a bug of the rule) is dropped.
        if (Number.isInteger(index) && index >= 0 && index < objs.length) found(index, violation);
      }
    }
  });
}

/** A rule that throws is a bug in this library; report it instead of crashing the synth. */
function runSafely<T>(id: string, fn: () => T[]): T[] {
  try {
    return fn();
  } catch (e) {
    return [internalError(id, e) as unknown as T];
  }
}

function internalError(id: string, e: unknown): Violation {
  const reason = e instanceof Error ? e.message : String(e);
  return { rule: id, severity: 'error', path: '', message: `internal error in rule ${id}: ${reason}`, hint: 'please report this as a bug of cdk8s-kube-bind' };
}

/** The kinds whose update Kubernetes validates as a CustomResourceDefinition's (the consumer's CRD for the kube-bind ones). */
const DEFINITION_TARGETS: ReadonlySet<Target> = new Set<Target>(['CustomResourceDefinition/v1', 'BoundSchema/v1alpha2', 'APIServiceExport/v1alpha1']);

/**
 * The context to check `next` in as an update of `previous`, when both are
 * the same kind: for a kube-bind object, the stored object the server
 * ratchets its validation against (`storedObject`, custom-resource-ratchet.ts);
 * for a CRD-like kind, what the stored object relaxes (`crdUpdate`,
 * ValidateCustomResourceDefinitionUpdate's options); otherwise `ctx` as it
 * is. `validate --previous` and `UpdateCheck` both check an update's own
 * findings in it.
 */
export function updateContext(previous: Manifest, next: Manifest, ctx: RuleContext = contextFor()): RuleContext {
  const kubeBind = kindVersionOf(next, ctx.group);
  const target = kubeBind ?? crdKindVersionOf(next);
  if (target === undefined || own(previous, 'kind') !== own(next, 'kind')) return ctx;
  const crdLike = DEFINITION_TARGETS.has(target);
  if (kubeBind === undefined && !crdLike) return ctx;
  return {
    ...ctx,
    ...(kubeBind !== undefined ? { storedObject: previous } : {}),
    ...(crdLike ? { crdUpdate: crdUpdateOptions(previous, next, ctx) } : {}),
  };
}
