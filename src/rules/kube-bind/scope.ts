/**
 * The rules that tie an exported resource's scope to informerScope and to
 * clusterScopedIsolation: the constraints of the model (model/constraints.ts),
 * each applied by one rule to every kind that carries both fields. A v1alpha2
 * export carries informerScope but not the scope, which its BoundSchemas
 * state: KB170 (cross-object.ts) applies the same constraint across them.
 */
import { CLUSTER_SCOPE_NEEDS_CLUSTER_INFORMER, CLUSTER_SCOPE_NEEDS_ISOLATION, ISOLATIONS, NAMESPACED_SCOPE_HAS_NO_ISOLATION, inProse } from '../../model';
import { DEFAULT_GROUP, KindVersion } from '../../model/kinds';
import { Manifest, own } from '../../model/manifest';
import { show } from '../engine/messages';
import { Rule, defineRule } from '../engine/rule';
import { Violation, violation } from '../engine/violation';
import { ratchetedWithNode } from '../helpers/custom-resource-ratchet';

/**
 * APIServiceExport v1alpha1's CRD refuses the pair (CEL). The BoundSchema CRD
 * has no such rule, and kube-bind binds it all the same: the konnector
 * watches a cluster-scoped resource cluster-wide whatever informerScope says
 * (`pkg/konnector/controllers/cluster/serviceexport`), and the backend writes
 * its own informerScope into the BoundSchemas it binds
 * (`backend/controllers/serviceexportrequest`). What kube-bind ignores is a
 * warning there.
 */
const clusterScopeNeedsClusterInformer: Rule = defineRule({
  id: 'KB070',
  title: 'A cluster-scoped resource is exported with informerScope Cluster',
  source: 'kube-bind CRD (CEL), spec §8.6',
  severity: 'error',
  scope: 'object',
  appliesTo: ['APIServiceExport/v1alpha1', 'BoundSchema/v1alpha2'],
  check: obj => {
    const spec = own(obj, 'spec');
    if (!CLUSTER_SCOPE_NEEDS_CLUSTER_INFORMER.breaks(spec)) return [];
    // The message says what is wrong; why, and the server's words, go in the hint.
    const message = `${show(own(spec, 'informerScope'))} must be "Cluster" because spec.scope is "Cluster"`;
    const why = CLUSTER_SCOPE_NEEDS_CLUSTER_INFORMER.reason;
    if (own(obj, 'kind') === 'BoundSchema') {
      return [violation(clusterScopeNeedsClusterInformer, 'spec.informerScope', message,
        `${why}: set informerScope: Cluster; kube-bind binds the resource all the same, watching it cluster-wide, `
        + 'and its backend writes its own informerScope into the BoundSchemas it binds', 'warning')];
    }
    return [violation(clusterScopeNeedsClusterInformer, 'spec.informerScope', message,
      `${why}: set informerScope: Cluster, or export a namespaced resource; the server says ${show(CLUSTER_SCOPE_NEEDS_CLUSTER_INFORMER.cel.message)}`)];
  },
});

const clusterScopeNeedsIsolation: Rule = defineRule({
  id: 'KB071',
  title: 'A cluster-scoped resource sets clusterScopedIsolation',
  source: 'kube-bind CRD (CEL)',
  severity: 'error',
  scope: 'object',
  appliesTo: ['APIServiceExport/v1alpha1'],
  // kube-bind's CEL rule sits on spec: ratcheted on update while spec is unchanged.
  ratchet: ratchetedWithNode('spec'),
  check: obj => {
    if (!CLUSTER_SCOPE_NEEDS_ISOLATION.breaks(own(obj, 'spec'))) return [];
    return [violation(clusterScopeNeedsIsolation, 'spec.clusterScopedIsolation',
      `is missing; ${CLUSTER_SCOPE_NEEDS_ISOLATION.reason}`,
      `choose how cluster-scoped objects of different consumers are kept apart on the provider: ${inProse(ISOLATIONS)}; `
      + `the server says ${show(CLUSTER_SCOPE_NEEDS_ISOLATION.cel.message)}`)];
  },
});

const namespacedScopeHasNoIsolation: Rule = defineRule({
  id: 'KB072',
  title: 'A namespaced resource does not set clusterScopedIsolation',
  source: 'kube-bind CRD (CEL)',
  severity: 'error',
  scope: 'object',
  appliesTo: ['APIServiceExport/v1alpha1'],
  // kube-bind's CEL rule sits on spec: ratcheted on update while spec is unchanged.
  ratchet: ratchetedWithNode('spec'),
  check: obj => {
    const spec = own(obj, 'spec');
    if (!NAMESPACED_SCOPE_HAS_NO_ISOLATION.breaks(spec)) return [];
    return [violation(namespacedScopeHasNoIsolation, 'spec.clusterScopedIsolation',
      `${show(own(spec, 'clusterScopedIsolation'))} ${NAMESPACED_SCOPE_HAS_NO_ISOLATION.reason}`,
      `remove it: it only applies to cluster-scoped resources; the server says ${show(NAMESPACED_SCOPE_HAS_NO_ISOLATION.cel.message)}`)];
  },
});

export const SCOPE_RULES: Rule[] = [
  clusterScopeNeedsClusterInformer,
  clusterScopeNeedsIsolation,
  namespacedScopeHasNoIsolation,
];

/**
 * What the rules above find in an object of `kind`: for a converter that
 * reads a v1alpha1 export, whose CEL rules these are, and leaves the verdict
 * on them to the rules.
 */
export function scopeViolations(obj: Manifest, kind: KindVersion): Violation[] {
  return SCOPE_RULES.filter(r => r.appliesTo.includes(kind)).flatMap(r => r.check(obj, { group: DEFAULT_GROUP }));
}
