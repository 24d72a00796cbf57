/**
 * The passing and failing scenario of every rule of `reference-paths.ts`, beside it:
 * the tests run them through the CLI and the constructs, and docs/rules.md
 * quotes what the engine reports on the failing one.
 */
import { RuleScenarios, a2, bs, REFERENCE, reference } from '../engine/scenario-kit';

export const SCENARIOS: readonly RuleScenarios[] = [
  {
    id: 'KB178',
    path: `${REFERENCE}.jsonPath.name`,
    // The widgets' schema declares spec.size, spec.replicas and spec.selector.
    fail: () => ({ objects: [a2(reference({ jsonPath: { name: 'spec.selectr' } })), bs()] }),
    pass: () => ({ objects: [a2(reference({ jsonPath: { name: 'spec.selector' } })), bs()] }),
  },
];
