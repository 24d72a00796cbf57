/**
 * The passing and failing scenario of every rule of `export.ts`, beside it:
 * the tests run them through the CLI and the constructs, and docs/rules.md
 * quotes what the engine reports on the failing one.
 */
import { RuleScenarios, a2, one } from '../engine/scenario-kit';

export const SCENARIOS: readonly RuleScenarios[] = [
  { id: 'KB120', path: 'spec.resources', fail: () => one(a2(['spec.resources', []])), pass: () => one(a2()) },
  { id: 'KB121', path: 'spec.resources[0].group', fail: () => one(a2(['spec.resources.0.group', 'Example.com'])), pass: () => one(a2()) },
  { id: 'KB122', path: 'spec.resources[0].resource', fail: () => one(a2(['spec.resources.0.resource', 'Widgets'])), pass: () => one(a2()) },
  {
    id: 'KB123',
    path: 'spec.resources[1]',
    fail: () => one(a2(['spec.resources.1', { group: 'example.com', resource: 'widgets' }])),
    pass: () => one(a2(['spec.resources.1', { group: 'example.com', resource: 'gadgets' }])),
  },
  { id: 'KB124', path: 'spec.resources[0].versions[0]', fail: () => one(a2(['spec.resources.0.versions', ['V1']])), pass: () => one(a2()) },
  { id: 'KB125', path: 'spec.resources[0].versions[1]', fail: () => one(a2(['spec.resources.0.versions', ['v1', 'v1']])), pass: () => one(a2()) },
  {
    id: 'KB126',
    path: 'spec.resources[0].group',
    fail: () => one(a2(['spec.resources.0', { group: '', resource: 'pods' }])),
    pass: () => one(a2()),
  },
  { id: 'KB127', path: 'spec.clusterScopedIsolation', fail: () => one(a2(['spec.clusterScopedIsolation', 'Prefixed'])), pass: () => one(a2()) },
  { id: 'KB128', path: 'spec.clusterScopedIsolation', fail: () => one(a2(['spec.clusterScopedIsolation', 'None'])), pass: () => one(a2()) },
  {
    id: 'KB129',
    path: 'spec.resources[0].group',
    fail: () => one(a2(['spec.resources', [{ group: 'gateway.networking.k8s.io', resource: 'gateways', versions: ['v1'] }]])),
    pass: () => one(a2()),
  },
];
