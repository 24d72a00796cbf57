/**
 * The passing and failing scenario of every rule of `updates.ts`, beside it:
 * the tests run them through the CLI and the constructs, and docs/rules.md
 * quotes what the engine reports on the failing one.
 */
import { RuleScenarios, a2, bs, claim, clusterBs, v1v2, version } from '../engine/scenario-kit';

export const SCENARIOS: readonly RuleScenarios[] = [
  {
    id: 'KB190',
    path: 'spec.versions',
    fail: () => ({ objects: [bs(['spec.versions', [version('v2')]])], previous: [bs(['spec.versions', [version('v1'), version('v2', { storage: false })]])] }),
    pass: () => ({ objects: [bs(['spec.versions', v1v2])], previous: [bs()] }),
  },
  {
    id: 'KB191',
    path: 'spec.informerScope',
    fail: () => ({ objects: [a2(['spec.informerScope', 'Cluster'])], previous: [a2()] }),
    pass: () => ({ objects: [a2(claim({}))], previous: [a2()] }),
  },
  {
    id: 'KB192',
    path: 'spec.versions[1].storage',
    fail: () => ({ objects: [bs(['spec.versions', v1v2])], previous: [bs(['spec.versions', [version('v1'), version('v2', { storage: false })]])] }),
    pass: () => ({ objects: [bs(['spec.versions', [version('v1'), version('v2', { storage: false })]])], previous: [bs()] }),
  },
  {
    id: 'KB193',
    path: 'spec.group',
    fail: () => ({ objects: [bs(['spec.group', 'example.org'])], previous: [bs()] }),
    pass: () => ({ objects: [bs(['spec.names.shortNames', ['wd']])], previous: [bs()] }),
  },
  {
    id: 'KB194',
    path: 'spec.scope',
    fail: () => ({ objects: [clusterBs()], previous: [bs(['spec.informerScope', 'Cluster'])] }),
    pass: () => ({ objects: [bs(['spec.informerScope', 'Cluster'])], previous: [bs()] }),
  },
  {
    id: 'KB195',
    path: '',
    fail: () => ({ objects: [bs()], previous: [bs(['metadata.name', 'other'])] }),
    pass: () => ({ objects: [bs()], previous: [bs()] }),
    noCli: 'validate --previous pairs each object with the previous object of the same group, kind, namespace and name, so the two are always one object',
    noConstruct: 'UpdateCheck pairs objects the same way as validate --previous; only validateUpdate called directly can compare two different objects',
  },
  {
    id: 'KB196',
    path: 'metadata.uid',
    fail: () => ({ objects: [a2(['metadata.uid', 'b5a0c1de-0000-4000-8000-000000000002'])], previous: [a2(['metadata.uid', 'b5a0c1de-0000-4000-8000-000000000001'])] }),
    pass: () => ({ objects: [a2()], previous: [a2(['metadata.uid', 'b5a0c1de-0000-4000-8000-000000000001'])] }),
  },
];
