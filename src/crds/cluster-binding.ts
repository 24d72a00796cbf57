/**
 * ClusterBinding (v1alpha1 served, v1alpha2 stored; namespaced): on the
 * provider, one consumer cluster's binding, in the consumer's namespace, and
 * always named `cluster` (kube-bind's CEL rule).
 */
import { consumerVersion, kubeconfigKeySchema, kubeconfigSecretRefSchema, readyColumn } from './consumer-shared';
import { CelRule, JsonSchema, object, opaqueObject, string, validated } from './schema-builders';
import { ageColumn, conditionsSchema, customResourceDefinition, resourceRoot } from './shared';

/** The name every ClusterBinding has, and kube-bind's CEL rule and message for it. */
export const CLUSTER_BINDING_NAME = 'cluster';
export const CLUSTER_BINDING_NAME_CEL: CelRule = {
  rule: `self.metadata.name == "${CLUSTER_BINDING_NAME}"`,
  message: 'cluster binding name should be cluster',
};

export function clusterBindingSchema(v1alpha1: boolean): JsonSchema {
  const status: { [name: string]: JsonSchema } = {
    conditions: conditionsSchema('Observations of the binding.'),
    heartbeatInterval: string({ description: 'How often the konnector reports, as a Go duration.' }),
    konnectorVersion: string({ description: 'Version of the consumer\'s konnector.' }),
    lastHeartbeatTime: string({ format: 'date-time', description: 'When the konnector last reported.' }),
  };
  if (!v1alpha1) {
    status.consumerSecretRef = object({
      name: string({ minLength: 1, description: 'Name of the Secret.' }),
      namespace: string({ minLength: 1, description: 'Namespace of the Secret.' }),
    }, { description: 'The Secret with the consumer\'s kubeconfig.', required: ['name', 'namespace'] });
  }
  // The spec's own serviceProviderSpec is free-form: pruned by no one, replaced as a whole.
  const { 'x-kubernetes-map-type': _atomic, ...serviceProviderSpec } = opaqueObject({ description: 'Anything the provider keeps about the binding.' });
  const spec = object({
    kubeconfigSecretRef: kubeconfigSecretRefSchema({ namespaced: false, key: kubeconfigKeySchema(v1alpha1) }),
    providerPrettyName: string({ minLength: 1, description: 'The provider\'s name for people.' }),
    serviceProviderSpec,
  }, { description: 'How the provider reaches the consumer.', required: ['kubeconfigSecretRef', 'providerPrettyName'] });
  return validated(resourceRoot({
    spec,
    status: object(status, { description: 'What the backend observed about the binding.' }),
  }, { description: 'The binding of one consumer cluster, in its namespace on the provider.', required: ['spec'] }), CLUSTER_BINDING_NAME_CEL);
}

export function buildClusterBindingCrd(group: string): { [key: string]: any } {
  const printerColumns = [
    { name: 'Konnector Version', type: 'string', jsonPath: '.status.konnectorVersion' },
    { name: 'Last Heartbeat', type: 'date', jsonPath: '.status.lastHeartbeatTime' },
    readyColumn(),
    ageColumn(),
  ];
  return customResourceDefinition({
    group,
    kind: 'ClusterBinding',
    plural: 'clusterbindings',
    singular: 'clusterbinding',
    versions: [
      consumerVersion({ name: 'v1alpha1', storage: false, status: true, printerColumns, schema: clusterBindingSchema(true) }),
      consumerVersion({ name: 'v1alpha2', storage: true, status: true, printerColumns, schema: clusterBindingSchema(false) }),
    ],
  });
}
