/**
 * The passing and failing scenario of every rule of `scope.ts`, beside it:
 * the tests run them through the CLI and the constructs, and docs/rules.md
 * quotes what the engine reports on the failing one.
 */
import { RuleScenarios, a1, one } from '../engine/scenario-kit';

export const SCENARIOS: readonly RuleScenarios[] = [
  {
    id: 'KB070',
    path: 'spec.informerScope',
    fail: () => one(a1(['spec.scope', 'Cluster'], ['spec.clusterScopedIsolation', 'Prefixed'])),
    pass: () => one(a1(['spec.scope', 'Cluster'], ['spec.informerScope', 'Cluster'], ['spec.clusterScopedIsolation', 'Prefixed'])),
  },
  {
    id: 'KB071',
    path: 'spec.clusterScopedIsolation',
    fail: () => one(a1(['spec.scope', 'Cluster'], ['spec.informerScope', 'Cluster'])),
    pass: () => one(a1(['spec.scope', 'Cluster'], ['spec.informerScope', 'Cluster'], ['spec.clusterScopedIsolation', 'None'])),
  },
  { id: 'KB072', path: 'spec.clusterScopedIsolation', fail: () => one(a1(['spec.clusterScopedIsolation', 'Prefixed'])), pass: () => one(a1()) },
];
