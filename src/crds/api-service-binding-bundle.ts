/**
 * APIServiceBindingBundle (v1alpha2, cluster-scoped): on the consumer
 * cluster, every API service of one provider bound through one kubeconfig.
 */
import { consumerVersion, kubeconfigKeySchema, kubeconfigSecretRefSchema, readyColumn } from './consumer-shared';
import { object } from './schema-builders';
import { ageColumn, conditionsSchema, customResourceDefinition, resourceRoot } from './shared';

export function buildApiServiceBindingBundleCrd(group: string): { [key: string]: any } {
  const schema = resourceRoot({
    spec: object({
      kubeconfigSecretRef: kubeconfigSecretRefSchema({ namespaced: true, key: kubeconfigKeySchema(false) }),
    }, { description: 'Where the konnector finds the provider\'s kubeconfig.', required: ['kubeconfigSecretRef'] }),
    status: object({
      conditions: conditionsSchema('Observations of the bundle.'),
    }, { description: 'What the konnector observed about the bundle.' }),
  }, { description: 'The API services of one provider, bound together.' });
  return customResourceDefinition({
    group,
    kind: 'APIServiceBindingBundle',
    plural: 'apiservicebindingbundles',
    singular: 'apiservicebindingbundle',
    shortNames: ['sbb'],
    scope: 'Cluster',
    conversion: false,
    versions: [consumerVersion({
      name: 'v1alpha2',
      storage: true,
      status: true,
      printerColumns: [
        { name: 'Provider', type: 'string', jsonPath: '.status.providerPrettyName' },
        { name: 'Resources', type: 'string', jsonPath: '.metadata.annotations.kube-bind\\.io/resources', priority: 1 },
        readyColumn(),
        { name: 'Message', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].message' },
        ageColumn(),
      ],
      schema,
    })],
  });
}
