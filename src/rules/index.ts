/**
 * The rule registry and the runners every front-end uses: constructs at synth
 * time, the CLI over YAML files. Adding a rule means touching one rules file.
 */
import { CLAIM_RULES } from './claims';
import { CONDITION_RULES } from './conditions';
import { CONVERSION_RULES } from './conversion';
import { CRD_RULES, crdKindVersionOf } from './crd';
import { CROSS_OBJECT_RULES, withCrossObjectIndex } from './cross-object';
import { Manifest, Rule, CrossObjectRule, RuleContext, SharedPass, Violation, kindVersionOf, KindVersion, Located, DEFAULT_GROUP, passOf, withRuleScope } from './engine';
import { EXPORT_RULES } from './export';
import { EXPORT_V1ALPHA1_RULES } from './export-v1alpha1';
import { NAME_RULES } from './names';
import { PRINTER_COLUMN_RULES } from './printer-columns';
import { SCHEMA_RULES, UNKNOWN_KIND_VERSION, unknownKindVersion } from './schema';
import { SUBRESOURCE_RULES } from './subresources';
import { VERSION_RULES } from './versions';

export * from './engine';
export { KUBE_BIND_SERVED, KUBE_BIND_KINDS, notCheckedNote } from './kube-bind-kinds';

/** Every per-object rule, in catalogue order. */
export const RULES: readonly Rule[] = [
  ...SCHEMA_RULES,
  ...NAME_RULES,
  ...VERSION_RULES,
  ...PRINTER_COLUMN_RULES,
  ...SUBRESOURCE_RULES,
  ...EXPORT_V1ALPHA1_RULES,
  ...CONVERSION_RULES,
  ...CONDITION_RULES,
  ...EXPORT_RULES,
  ...CLAIM_RULES,
  ...CRD_RULES,
];

/** Every rule that looks at several objects at once. */
export const CROSS_RULES: readonly CrossObjectRule[] = [...CROSS_OBJECT_RULES];

/** Fills in the defaults of a context. */
export function contextFor(options: Partial<RuleContext> = {}): RuleContext {
  return { group: options.group ?? DEFAULT_GROUP };
}

/**
 * Runs every per-object rule that applies to `obj` (a kube-bind kind, or a
 * CustomResourceDefinition). An unknown kind or version of our group is
 * reported (KB001); other objects get an empty list. Never throws.
 */
export function validateObject(obj: Manifest, ctx: RuleContext = contextFor()): Violation[] {
  const kv = kindVersionOf(obj, ctx.group) ?? crdKindVersionOf(obj);
  if (kv === undefined) return runSafely(UNKNOWN_KIND_VERSION.id, () => unknownKindVersion(obj, ctx));
  // Rules of one object share readers (perObject) and passes (rulesOfOnePass).
  return withRuleScope(() => runSteps(stepsFor(kv), obj, ctx));
}

/**
 * One step of checking an object: a rule, or a run of consecutive rules that
 * share one pass (`rulesOfOnePass`), whose findings are taken from one call
 * of that pass and put in catalogue order.
 */
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

const STEPS_BY_KIND_VERSION = new Map<KindVersion, readonly Step[]>();

/** How to check one kind/version: its rules in catalogue order, picked and grouped once, not per object. */
function stepsFor(kv: KindVersion): readonly Step[] {
  let steps = STEPS_BY_KIND_VERSION.get(kv);
  if (steps === undefined) {
    const built: Step[] = [];
    // KB001 reports kinds/versions that are not recognised: validateObject runs it on those objects alone.
    for (const rule of RULES.filter(r => r.appliesTo.includes(kv) && r.id !== UNKNOWN_KIND_VERSION.id)) {
      const pass = passOf(rule);
      const last = built[built.length - 1];
      if (pass === undefined) built.push({ rule });
      else if (last?.pass === pass) built[built.length - 1] = { pass, ids: [...last.ids, rule.id] };
      else built.push({ pass, ids: [rule.id] });
    }
    steps = built;
    STEPS_BY_KIND_VERSION.set(kv, steps);
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
  const results: Violation[][] = objs.map(() => []);
  const located: Located[] = objs.map((manifest, index) => ({ index, manifest }));
  // The rules share one reading of the objects (schema sources, exports).
  withCrossObjectIndex(() => {
    for (const rule of CROSS_RULES) {
      for (const { index, violation } of runSafely(rule.id, () => rule.check(located, ctx))) {
        results[index]?.push(violation);
      }
    }
  });
  return results;
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
