/**
 * APIServiceExport v1alpha1: the cross-field rules kube-bind's CRD states
 * as CEL on `spec`, tying the exported resource's scope to the informer
 * scope and to clusterScopedIsolation.
 */
import { show } from './messages';
import { Rule, defineRule } from './rule';
import { has, Manifest, own } from './values';
import { violation } from './violation';
import { EXPORT_V1ALPHA1_CEL } from '../crds/api-service-export';
import { INFORMER_SCOPES, ISOLATIONS, RESOURCE_SCOPES as SCOPES, inProse } from '../model';

/** spec and its scope, when the scope is one the server knows (otherwise KB004 speaks). */
function scoped(obj: Manifest): { spec: { [key: string]: any }; scope: string } | undefined {
  const spec = own(obj, 'spec');
  const scope = own(spec, 'scope');
  return typeof scope === 'string' && SCOPES.includes(scope) ? { spec, scope } : undefined;
}

const clusterScopeNeedsClusterInformer: Rule = defineRule({
  id: 'KB070',
  title: 'A cluster-scoped resource is exported with informerScope Cluster',
  source: 'kube-bind CRD (CEL), spec §8.6',
  severity: 'error',
  scope: 'object',
  appliesTo: ['APIServiceExport/v1alpha1'],
  check: obj => {
    const s = scoped(obj);
    const informerScope = own(s?.spec, 'informerScope');
    if (s?.scope !== 'Cluster' || typeof informerScope !== 'string' || !INFORMER_SCOPES.includes(informerScope) || informerScope === 'Cluster') return [];
    return [violation(clusterScopeNeedsClusterInformer, 'spec.informerScope',
      `spec.informerScope ${show(informerScope)} must be "Cluster" because spec.scope is "Cluster"`,
      'a konnector that watches single namespaces cannot see cluster-scoped objects (spec §8, rule 6): '
      + `set informerScope: Cluster, or export a namespaced resource; the server says ${show(EXPORT_V1ALPHA1_CEL.clusterScopeNeedsClusterInformer.message)}`)];
  },
});

const clusterScopeNeedsIsolation: Rule = defineRule({
  id: 'KB071',
  title: 'A cluster-scoped resource sets clusterScopedIsolation',
  source: 'kube-bind CRD (CEL)',
  severity: 'error',
  scope: 'object',
  appliesTo: ['APIServiceExport/v1alpha1'],
  check: obj => {
    const s = scoped(obj);
    if (s?.scope !== 'Cluster' || (has(s.spec, 'clusterScopedIsolation') && own(s.spec, 'clusterScopedIsolation') !== null)) return [];
    return [violation(clusterScopeNeedsIsolation, 'spec.clusterScopedIsolation',
      'spec.clusterScopedIsolation is missing; it is required because spec.scope is "Cluster"',
      `choose how cluster-scoped objects of different consumers are kept apart on the provider: ${inProse(ISOLATIONS)}; `
      + `the server says ${show(EXPORT_V1ALPHA1_CEL.clusterScopeNeedsIsolation.message)}`)];
  },
});

const namespacedScopeHasNoIsolation: Rule = defineRule({
  id: 'KB072',
  title: 'A namespaced resource does not set clusterScopedIsolation',
  source: 'kube-bind CRD (CEL)',
  severity: 'error',
  scope: 'object',
  appliesTo: ['APIServiceExport/v1alpha1'],
  check: obj => {
    const s = scoped(obj);
    if (s?.scope !== 'Namespaced' || !has(s.spec, 'clusterScopedIsolation') || own(s.spec, 'clusterScopedIsolation') === null) return [];
    return [violation(namespacedScopeHasNoIsolation, 'spec.clusterScopedIsolation',
      `spec.clusterScopedIsolation ${show(own(s.spec, 'clusterScopedIsolation'))} must not be set because spec.scope is "Namespaced"`,
      `remove it: it only applies to cluster-scoped resources; the server says ${show(EXPORT_V1ALPHA1_CEL.namespacedScopeHasNoIsolation.message)}`)];
  },
});

export const EXPORT_V1ALPHA1_RULES: Rule[] = [
  clusterScopeNeedsClusterInformer,
  clusterScopeNeedsIsolation,
  namespacedScopeHasNoIsolation,
];
