/**
 * Cluster (v1alpha2, cluster-scoped): a consumer cluster as kube-bind's
 * backend records it.
 */
import { consumerVersion, readyColumn } from './consumer-shared';
import { object } from './schema-builders';
import { conditionsSchema, customResourceDefinition, resourceRoot } from './shared';
import { PROVIDER_CATEGORY } from '../model';

export function buildClusterCrd(group: string): { [key: string]: any } {
  const schema = resourceRoot({
    spec: object({}, { description: 'The cluster; no fields yet.' }),
    status: object({
      conditions: conditionsSchema('Observations of the cluster.'),
    }, { description: 'What kube-bind observed about the cluster.' }),
  }, { description: 'A consumer cluster known to the backend.', required: ['spec'] });
  return customResourceDefinition({
    group,
    kind: 'Cluster',
    plural: 'clusters',
    singular: 'cluster',
    scope: 'Cluster',
    category: PROVIDER_CATEGORY,
    conversion: false,
    versions: [consumerVersion({ name: 'v1alpha2', storage: true, status: true, printerColumns: [readyColumn()], schema })],
  });
}
