/**
 * Strict field validation, as kubectl asks for it by default
 * (`--validate=strict`: the request's `fieldValidation=Strict`): what the
 * API server would otherwise drop with a warning, it refuses. Each rule
 * that reports such a thing declares its `strictSeverity`; this is the one
 * place that applies it, for the front ends that offer the mode
 * (`validate --strict`, the cdk8s-cli plugin's `strict`).
 */
import { Violation } from './engine/violation';
import { REGISTRY } from './registry';

let strictSeverities: ReadonlyMap<string, Violation['severity']> | undefined;

function strictSeverityOf(rule: string): Violation['severity'] | undefined {
  strictSeverities ??= new Map(REGISTRY.flatMap(r => r.strictSeverity !== undefined ? [[r.id, r.strictSeverity] as const] : []));
  return strictSeverities.get(rule);
}

/** The ids of the rules whose severity strict field validation changes, in catalogue order. */
export function strictRuleIds(): string[] {
  return REGISTRY.filter(r => r.strictSeverity !== undefined).map(r => r.id);
}

/** `v` as strict field validation reports it: its rule's `strictSeverity`, when it declares one. */
export function underStrictFieldValidation(v: Violation): Violation {
  const severity = strictSeverityOf(v.rule);
  return severity === undefined || severity === v.severity ? v : { ...v, severity };
}

/** `found` under strict field validation; the same list when nothing in it changes. */
export function strictFindings(found: Violation[]): Violation[] {
  if (found.length === 0) return found;
  let changed: Violation[] | undefined;
  for (let i = 0; i < found.length; i++) {
    const v = underStrictFieldValidation(found[i]);
    if (v !== found[i]) (changed ??= found.slice())[i] = v;
  }
  return changed ?? found;
}
