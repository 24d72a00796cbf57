/**
 * The passing and failing scenario of every rule of `cross-object.ts`, beside it:
 * the tests run them through the CLI and the constructs, and docs/rules.md
 * quotes what the engine reports on the failing one.
 */
import { RuleScenarios, a2, bs, clusterBs, gadgets, kubeBindCrd } from '../engine/scenario-kit';

export const SCENARIOS: readonly RuleScenarios[] = [
  {
    id: 'KB170',
    path: 'spec.resources[0]',
    fail: () => ({ objects: [a2(), clusterBs()] }),
    pass: () => ({ objects: [a2(['spec.informerScope', 'Cluster']), clusterBs()] }),
  },
  {
    id: 'KB171',
    path: 'spec.resources[0].versions[0]',
    fail: () => ({ objects: [a2(['spec.resources.0.versions', ['v3']]), bs()] }),
    pass: () => ({ objects: [a2(), bs()] }),
  },
  {
    id: 'KB172',
    path: 'apiVersion',
    // Far from the configured group (a group near it is KB001's error), beside an object of the configured group.
    fail: () => ({ objects: [a2(), a2(['apiVersion', 'bind.example.org/v1alpha2'], ['metadata.name', 'gadgets'])], target: 1 }),
    pass: () => ({ objects: [a2(), a2(['metadata.name', 'gadgets'])] }),
    noCli: 'the command line checks only objects of the configured group, and those whose group KB001 reports (near it, or no valid group)',
  },
  {
    id: 'KB173',
    path: 'spec.group',
    fail: () => ({ objects: [a2(), kubeBindCrd('apiserviceexports', 'APIServiceExport', 'other.io')], target: 1 }),
    pass: () => ({ objects: [a2(), kubeBindCrd('apiserviceexports', 'APIServiceExport', 'kube-bind.io')] }),
  },
  {
    id: 'KB174',
    path: 'spec.names.plural',
    fail: () => ({ objects: [bs(['metadata.name', 'widgets-a']), bs(['metadata.name', 'widgets-b'])], target: 1 }),
    pass: () => ({ objects: [bs(['metadata.name', 'widgets-a']), bs(['metadata.name', 'widgets-b'], ['metadata.namespace', 'other'])] }),
  },
  {
    id: 'KB175',
    path: 'spec.resources[1]',
    fail: () => ({ objects: [a2(['spec.resources.1', { group: 'example.com', resource: 'gadgets' }], ['spec.informerScope', 'Cluster']), bs(), gadgets(['spec.scope', 'Cluster'], ['spec.informerScope', 'Cluster'])] }),
    pass: () => ({ objects: [a2(['spec.resources.1', { group: 'example.com', resource: 'gadgets' }]), bs(), gadgets()] }),
  },
  {
    id: 'KB176',
    path: 'spec.resources[0]',
    fail: () => ({ objects: [a2(), bs(['metadata.namespace', 'other'])] }),
    pass: () => ({ objects: [a2(), bs()] }),
  },
  {
    id: 'KB177',
    path: 'spec.names.shortNames[0]',
    fail: () => ({ objects: [bs(['spec.names.shortNames', ['wd']]), gadgets(['spec.names.shortNames', ['wd']])], target: 1 }),
    pass: () => ({ objects: [bs(['spec.names.shortNames', ['wd']]), gadgets(['spec.names.shortNames', ['gd']])] }),
  },
];
