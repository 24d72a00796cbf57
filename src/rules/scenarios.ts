/**
 * Every rule's passing and failing scenario, gathered from the
 * `kube-bind/<family>.scenarios.ts` beside each family of the registry, in catalogue
 * order. The tests run them through the CLI and the constructs;
 * scripts/rules-doc.ts quotes what the engine reports on them. The library
 * never loads this module: scenarios are not needed to check anything.
 */
import { RuleScenarios } from './engine/scenario-kit';
import { FAMILIES } from './registry';

export type { RuleScenarios, Scenario } from './engine/scenario-kit';
export { NAMESPACE, a1, a2, bs, crd, widgetSchema } from './engine/scenario-kit';

/** One rule's scenarios (the name the tests have always used). */
export type RuleRow = RuleScenarios;

/** The scenarios of one family, from `<family>.scenarios.ts`. */
export function familyScenarios(family: string): readonly RuleScenarios[] {
  // By name, so a family listed in FAMILIES brings its scenarios without a second list to edit.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(`./kube-bind/${family}.scenarios`) as { SCENARIOS: readonly RuleScenarios[] }).SCENARIOS;
}

/** Every rule's scenarios, family by family in catalogue order. */
export const RULE_ROWS: readonly RuleScenarios[] = Object.keys(FAMILIES).flatMap(familyScenarios);
