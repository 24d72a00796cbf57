/**
 * The rule catalogue as the formats that describe rules (SARIF) need it:
 * every rule of the registry (per-object, across objects, updates) by id.
 */
import { REGISTRY, Severity } from '../../rules';

export interface RuleDescription {
  readonly id: string;
  readonly title: string;
  readonly source: string;
  readonly severity: Severity;
}

/** Where every rule is explained, with an example message. */
export const RULES_DOC_URL = 'https://github.com/cdk8s-kube-bind/cdk8s-kube-bind/blob/main/docs/rules.md';

let byId: Map<string, RuleDescription> | undefined;

/** The catalogue entry of a rule id, or undefined for an id the catalogue does not hold. */
export function describeRule(id: string): RuleDescription | undefined {
  if (byId === undefined) {
    byId = new Map();
    for (const rule of REGISTRY) byId.set(rule.id, { id: rule.id, title: rule.title, source: rule.source, severity: rule.severity });
  }
  return byId.get(id);
}
