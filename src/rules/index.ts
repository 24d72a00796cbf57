/**
 * The rule registry and the runners every front-end uses: constructs at synth
 * time, the CLI over YAML files. Adding a rule means touching one rules file.
 */
import { CLAIM_RULES } from './claims';
import { CONDITION_RULES } from './conditions';
import { CONVERSION_RULES } from './conversion';
import { CROSS_OBJECT_RULES, withCrossObjectIndex } from './cross-object';
import { Manifest, Rule, CrossObjectRule, RuleContext, Violation, kindVersionOf, KindVersion, Located, DEFAULT_GROUP, withRuleScope } from './engine';
import { EXPORT_RULES } from './export';
import { EXPORT_V1ALPHA1_RULES } from './export-v1alpha1';
import { NAME_RULES } from './names';
import { PRINTER_COLUMN_RULES } from './printer-columns';
import { SCHEMA_RULES, unknownKindVersion, withSharedStructuralWalk } from './schema';
import { SUBRESOURCE_RULES } from './subresources';
import { VERSION_RULES } from './versions';

export * from './engine';

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
];

/** Every rule that looks at several objects at once. */
export const CROSS_RULES: readonly CrossObjectRule[] = [...CROSS_OBJECT_RULES];

/** Fills in the defaults of a context. */
export function contextFor(options: Partial<RuleContext> = {}): RuleContext {
  return { group: options.group ?? DEFAULT_GROUP };
}

/**
 * Runs every per-object rule that applies to `obj`. An unknown kind or version
 * of our group is reported (KB001); other objects get an empty list. Never throws.
 */
export function validateObject(obj: Manifest, ctx: RuleContext = contextFor()): Violation[] {
  const kv = kindVersionOf(obj, ctx.group);
  if (kv === undefined) return runSafely('KB001', () => unknownKindVersion(obj, ctx));
  // Rules of one object share readers (perObject) and the structural walk.
  return withRuleScope(() => withSharedStructuralWalk(() => runRules(rulesFor(kv), obj, ctx)));
}

/** The rules' findings in catalogue order; a plain loop, as it runs for every object of a synth. */
function runRules(rules: readonly Rule[], obj: Manifest, ctx: RuleContext): Violation[] {
  const out: Violation[] = [];
  for (let r = 0; r < rules.length; r++) {
    let found: Violation[];
    try {
      found = rules[r].check(obj, ctx);
    } catch (e) {
      found = [internalError(rules[r].id, e) as Violation];
    }
    for (let i = 0; i < found.length; i++) out.push(found[i]);
  }
  return out;
}

const RULES_BY_KIND_VERSION = new Map<KindVersion, readonly Rule[]>();

/** The rules that apply to one kind/version, in catalogue order (picked once, not per object). */
function rulesFor(kv: KindVersion): readonly Rule[] {
  let rules = RULES_BY_KIND_VERSION.get(kv);
  if (rules === undefined) {
    rules = RULES.filter(rule => rule.appliesTo.includes(kv));
    RULES_BY_KIND_VERSION.set(kv, rules);
  }
  return rules;
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
