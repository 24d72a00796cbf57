/**
 * APIServiceNamespace (v1alpha1 served, v1alpha2 stored; namespaced): on
 * the provider, the namespace that serves one consumer namespace, named
 * like it. The konnector creates it; the provider fills in the status.
 */
import { consumerVersion } from './consumer-shared';
import { JsonSchema, object, string } from './schema-builders';
import { ageColumn, customResourceDefinition, resourceRoot } from './shared';

function serviceNamespaceSchema(): JsonSchema {
  return resourceRoot({
    spec: object({}, { description: 'The consumer namespace, by this object\'s name; no fields yet.' }),
    status: object({
      namespace: string({ description: 'The provider namespace bound to the consumer namespace.' }),
    }, { description: 'The namespace the provider made for it.' }),
  }, { description: 'A consumer namespace and the provider namespace that serves it.' });
}

export function buildApiServiceNamespaceCrd(group: string): { [key: string]: any } {
  const printerColumns = [{ name: 'Namespace', type: 'string', jsonPath: '.status.namespace' }, ageColumn()];
  return customResourceDefinition({
    group,
    kind: 'APIServiceNamespace',
    plural: 'apiservicenamespaces',
    singular: 'apiservicenamespace',
    versions: [
      consumerVersion({ name: 'v1alpha1', storage: false, status: true, printerColumns, schema: serviceNamespaceSchema() }),
      consumerVersion({ name: 'v1alpha2', storage: true, status: true, printerColumns, schema: serviceNamespaceSchema() }),
    ],
  });
}
