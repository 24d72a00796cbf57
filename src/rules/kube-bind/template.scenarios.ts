/**
 * The passing and failing scenario of every rule of `template.ts`, beside it:
 * the tests run them through the CLI and the constructs, and docs/rules.md
 * quotes what the engine reports on the failing one.
 */
import { RuleScenarios, one, req, tpl } from '../engine/scenario-kit';

export const SCENARIOS: readonly RuleScenarios[] = [
  {
    id: 'KB200',
    path: 'spec.resources[0].versions',
    fail: () => one(tpl(['spec.resources.0.versions', []])),
    pass: () => one(tpl()),
  },
  {
    id: 'KB201',
    path: 'spec.resources[0].group',
    fail: () => one(req(['spec.resources', [{ group: '', resource: 'widgets', versions: ['v1'] }]])),
    pass: () => one(req()),
  },
  {
    id: 'KB202',
    path: 'spec.namespaces[0].name',
    fail: () => one(tpl(['spec.namespaces', [{ name: 'Team.Data' }]])),
    pass: () => one(tpl(['spec.namespaces', [{ name: 'team-data' }]])),
  },
  {
    id: 'KB203',
    path: 'spec.namespaces[0].name',
    // kube-bind- (10) + hash (13) + "-" + 40 = 64 characters.
    fail: () => one(tpl(['spec.namespaces', [{ name: 'a'.repeat(40) }]])),
    pass: () => one(tpl(['spec.namespaces', [{ name: 'a'.repeat(39) }]])),
  },
];
