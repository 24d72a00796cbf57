/**
 * APIServiceBinding (v1alpha1 served, v1alpha2 stored; cluster-scoped): on
 * the consumer cluster, one bound API service of a provider, written by
 * `kubectl bind`, reconciled by the konnector.
 */
import { exportedResourceSchema, permissionClaimSchema } from './api-service-export';
import { consumerVersion, kubeconfigKeySchema, kubeconfigSecretRefSchema, readyColumn } from './consumer-shared';
import { JsonSchema, array, object, string } from './schema-builders';
import { ageColumn, conditionsSchema, customResourceDefinition, PrinterColumn, resourceRoot } from './shared';

function bindingColumns(): PrinterColumn[] {
  return [
    { name: 'Provider', type: 'string', jsonPath: '.status.providerPrettyName' },
    { name: 'Resources', type: 'string', jsonPath: '.metadata.annotations.kube-bind\\.io/resources', priority: 1 },
    readyColumn(),
    { name: 'Message', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].message' },
    ageColumn(),
  ];
}

function bindingSpec(v1alpha1: boolean): JsonSchema {
  return object({
    kubeconfigSecretRef: kubeconfigSecretRefSchema({ namespaced: true, key: kubeconfigKeySchema(v1alpha1) }),
  }, { description: 'Where the konnector finds the provider\'s kubeconfig.', required: ['kubeconfigSecretRef'] });
}

export function apiServiceBindingSchema(v1alpha1: boolean): JsonSchema {
  const status: { [name: string]: JsonSchema } = {
    conditions: conditionsSchema('Observations of the binding.'),
    providerPrettyName: string({ description: 'The provider\'s name for people.' }),
  };
  if (!v1alpha1) {
    // The group and resource of each bound schema: an exported resource without its versions.
    const { versions: _versions, ...boundResource } = exportedResourceSchema().properties;
    status.boundSchemas = array(object(boundResource, { required: ['resource'] }), { minItems: 1, description: 'The schemas bound by this binding.' });
    status.permissionClaims = array(permissionClaimSchema(), { description: 'The permission claims the consumer accepted.' });
  }
  return resourceRoot({
    spec: bindingSpec(v1alpha1),
    status: object(status, { description: 'What the konnector observed about the binding.' }),
  }, { description: 'An API service of a provider, bound in this cluster.' });
}

export function buildApiServiceBindingCrd(group: string): { [key: string]: any } {
  return customResourceDefinition({
    group,
    kind: 'APIServiceBinding',
    plural: 'apiservicebindings',
    singular: 'apiservicebinding',
    shortNames: ['sb'],
    scope: 'Cluster',
    versions: [
      consumerVersion({ name: 'v1alpha1', storage: false, status: true, printerColumns: bindingColumns(), schema: apiServiceBindingSchema(true) }),
      consumerVersion({ name: 'v1alpha2', storage: true, status: true, printerColumns: bindingColumns(), schema: apiServiceBindingSchema(false) }),
    ],
  });
}
