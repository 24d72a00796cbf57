/**
 * BindableResourcesRequest (v1alpha2, namespaced): backend-only mode's entry
 * point. The backend answers it with a kubeconfig for the consumer cluster
 * and, given a templateRef, the template to bind.
 */
import { requestPhaseSchema } from './export-request';
import { JsonSchema, array, integer, object, string, stringEnum } from './schema-builders';
import { ageColumn, providerCrd, resourceRoot } from './shared';
import { CONDITION_REASON_PATTERN, CONDITION_STATUSES, CONDITION_TYPE_PATTERN } from '../model';

function secretKeyRefSchema(description: string): JsonSchema {
  return object({
    key: string({ description: 'The key in the Secret\'s data.' }),
    name: string({ minLength: 1, description: 'metadata.name of the Secret, in the request\'s namespace.' }),
  }, { description, required: ['key', 'name'] });
}

/** apimachinery's metav1.Condition, with the limits its type declares. */
function metaConditionsSchema(): JsonSchema {
  return array(object({
    lastTransitionTime: string({ format: 'date-time', description: 'When the status last changed.' }),
    message: string({ maxLength: 32768, description: 'Human-readable details.' }),
    observedGeneration: integer({ format: 'int64', minimum: 0, description: 'The generation the condition was set for.' }),
    reason: string({ maxLength: 1024, minLength: 1, pattern: CONDITION_REASON_PATTERN, description: 'CamelCase reason.' }),
    status: stringEnum(CONDITION_STATUSES, { description: 'True, False or Unknown.' }),
    type: string({ maxLength: 316, pattern: CONDITION_TYPE_PATTERN, description: 'CamelCase type, optionally with a domain prefix.' }),
  }, { required: ['lastTransitionTime', 'message', 'reason', 'status', 'type'] }), { description: 'Observations of the request.' });
}

export function bindableResourcesRequestSchema(): JsonSchema {
  const spec = object({
    author: string({ description: 'Who asks: recorded on the namespace the backend creates.' }),
    clusterIdentity: object({
      identity: string({ description: 'A stable identity of the consumer cluster, hashed into its namespace name.' }),
      prettyName: string({ description: 'A name to show; the request\'s name when empty.' }),
    }, { description: 'The consumer cluster.' }),
    kubeconfigSecretRef: secretKeyRefSchema('Where the provider reads the consumer\'s kubeconfig.'),
    templateRef: object({
      name: string({ description: 'metadata.name of an APIServiceExportTemplate.' }),
    }, { description: 'The template to bind.', required: ['name'] }),
    ttlAfterFinished: string({ description: 'How long a finished request is kept.' }),
  }, { description: 'Who asks, for which cluster, and which template.', required: ['author', 'clusterIdentity'] });
  const status = object({
    completionTime: string({ format: 'date-time', description: 'When the request finished.' }),
    conditions: metaConditionsSchema(),
    kubeconfigSecretRef: secretKeyRefSchema('Where the backend wrote the kubeconfig for the consumer.'),
    namespace: string({ description: 'The consumer\'s namespace on the provider.' }),
    phase: requestPhaseSchema(),
  }, { default: {}, description: 'How far the backend got with the request.' });
  return resourceRoot({ spec, status }, { description: 'Asks the backend for what a consumer needs to bind.', required: ['spec'] });
}

export function buildBindableResourcesRequestCrd(group: string): { [key: string]: any } {
  return providerCrd({
    group,
    kind: 'BindableResourcesRequest',
    printerColumns: [
      { name: 'Template', type: 'string', jsonPath: '.spec.templateRef.name' },
      { name: 'Phase', type: 'string', jsonPath: '.status.phase' },
      ageColumn(),
    ],
    schema: bindableResourcesRequestSchema(),
  });
}
