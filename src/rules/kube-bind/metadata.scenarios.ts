/**
 * The passing and failing scenario of every rule of `metadata.ts`, beside
 * it: the tests run them through the CLI and the constructs, and
 * docs/rules.md quotes what the engine reports on the failing one.
 */
import { RuleScenarios, a2, bs, clusterBinding, exportedCrd, one, tpl } from '../engine/scenario-kit';

const OWNER = { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: '6a1f0c1e-4b7e-4f0e-9a55-2f1a3c0d9b11' };

export const SCENARIOS: readonly RuleScenarios[] = [
  {
    id: 'KB230',
    path: 'metadata.labels[team_a/app]',
    fail: () => one(tpl(['metadata.labels', { 'team_a/app': 'db' }])),
    pass: () => one(tpl(['metadata.labels', { 'team-a.example.com/app': 'db' }])),
  },
  {
    id: 'KB231',
    path: 'metadata.annotations[example.com/replicas]',
    fail: () => one(a2(['metadata.annotations', { 'example.com/replicas': 3 }])),
    pass: () => one(a2(['metadata.annotations', { 'example.com/replicas': '3' }])),
    noConstruct: 'a construct\'s annotations are typed strings: only YAML holds a number there',
  },
  {
    id: 'KB232',
    path: 'metadata.finalizers[0]',
    fail: () => one(exportedCrd(['metadata.finalizers', ['example.com/clean up']])),
    pass: () => one(exportedCrd(['metadata.finalizers', ['example.com/cleanup']])),
  },
  {
    id: 'KB233',
    path: 'metadata.ownerReferences[0].uid',
    fail: () => one(bs(['metadata.ownerReferences', [{ ...OWNER, uid: '' }]])),
    pass: () => one(bs(['metadata.ownerReferences', [OWNER]])),
  },
  {
    id: 'KB234',
    path: 'metadata.name',
    fail: () => one(clusterBinding(['metadata.name', 'cluster-a'])),
    pass: () => one(clusterBinding()),
    noConstruct: 'kube-bind\'s backend writes ClusterBindings; no construct does',
  },
  {
    id: 'KB235',
    path: 'metadata.finalizers[0]',
    fail: () => one(a2(['metadata.finalizers', ['cleanup']])),
    pass: () => one(a2(['metadata.finalizers', ['example.com/cleanup']])),
  },
  {
    id: 'KB224',
    path: 'metadata.lables',
    fail: () => one(a2(['metadata.lables', { app: 'db' }])),
    pass: () => one(a2(['metadata.labels', { app: 'db' }])),
  },
  {
    id: 'KB225',
    path: 'metadata.creationTimestamp',
    fail: () => one(a2(['metadata.creationTimestamp', 'yesterday'])),
    pass: () => one(a2(['metadata.creationTimestamp', '2026-11-29T09:00:00Z'])),
    noConstruct: 'cdk8s renders no creationTimestamp; only YAML copied from a cluster holds one',
  },
];
