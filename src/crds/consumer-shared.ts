/**
 * What kube-bind's consumer-side kinds share: the reference to the
 * kubeconfig Secret a binding reads, immutable once set, and a version entry
 * with the subresources each kind serves. These kinds are written by
 * kube-bind itself (the konnector, `kubectl bind`), not by a provider:
 * `validate` checks them against these CRDs, and no construct writes them.
 */
import { JsonSchema, SchemaOptions, immutable, object, string, validated } from './schema-builders';
import { PrinterColumn } from './shared';

/** The message kube-bind's CRDs answer a changed kubeconfigSecretRef with. */
export const KUBECONFIG_SECRET_REF_IMMUTABLE = 'kubeconfigSecretRef is immutable';

/**
 * `spec.kubeconfigSecretRef`: the Secret holding the kubeconfig of the other
 * side, immutable. `namespaced` adds its namespace (the reference of a
 * cluster-scoped binding); `key` is the schema of the key in the Secret.
 */
export function kubeconfigSecretRefSchema(options: { readonly namespaced: boolean; readonly key: JsonSchema }): JsonSchema {
  const properties: { [name: string]: JsonSchema } = {
    key: options.key,
    name: string({ minLength: 1, description: 'Name of the Secret.' }),
  };
  if (options.namespaced) properties.namespace = string({ minLength: 1, description: 'Namespace of the Secret.' });
  return validated(object(properties, {
    description: 'The Secret holding the kubeconfig to reach the other cluster; fixed once set.',
    required: options.namespaced ? ['key', 'name', 'namespace'] : ['key', 'name'],
  }), immutable(KUBECONFIG_SECRET_REF_IMMUTABLE));
}

/** The key of the kubeconfig in its Secret: v1alpha1 allows only `kubeconfig`. */
export function kubeconfigKeySchema(v1alpha1: boolean): JsonSchema {
  const options: SchemaOptions = { description: 'Key of the kubeconfig in the Secret.' };
  return v1alpha1 ? string({ ...options, enum: ['kubeconfig'] }) : string(options);
}

/** The `Ready` condition's status, as a column. */
export function readyColumn(): PrinterColumn {
  return { name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status' };
}

/** One version of a consumer-side CRD; `status` says whether it serves /status (APIConversion does not). */
export function consumerVersion(options: {
  readonly name: string;
  readonly storage: boolean;
  readonly status: boolean;
  readonly printerColumns: readonly PrinterColumn[];
  readonly schema: JsonSchema;
}): { [key: string]: any } {
  return {
    name: options.name,
    served: true,
    storage: options.storage,
    schema: { openAPIV3Schema: options.schema },
    subresources: options.status ? { status: {} } : {},
    additionalPrinterColumns: options.printerColumns.map(c => ({ ...c })),
  };
}
