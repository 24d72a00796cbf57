/**
 * APIServiceExportRequest: a consumer's bind, as the backend receives it. The
 * CLI or the backend writes it from a template; in backend-only mode a
 * provider writes it by hand. v1alpha1 asks for resources only; v1alpha2
 * adds claims, namespaces and the schema update policy, all immutable.
 */
import { permissionClaimSchema } from './api-service-export';
import { JsonSchema, array, immutable, object, string, stringEnum, validated } from './schema-builders';
import { ageColumn, conditionsSchema, customResourceDefinition, resourceRoot, versionEntry } from './shared';
import { namespacesSchema, requestedResourcesSchema, schemaUpdatePolicySchema } from './template';
import { REQUEST_PHASES, SERVER_DEFAULT_REQUEST_PHASE } from '../model';

/** `status.phase` of a request. */
export function requestPhaseSchema(): JsonSchema {
  return stringEnum(REQUEST_PHASES, { default: SERVER_DEFAULT_REQUEST_PHASE, description: 'Pending, Failed or Succeeded.' });
}

function parametersSchema(): JsonSchema {
  return validated({
    'type': 'object',
    'x-kubernetes-preserve-unknown-fields': true,
    'description': 'Free-form parameters for the provider.',
  }, immutable('parameters are immutable'));
}

function requestStatusSchema(): JsonSchema {
  return object({
    conditions: conditionsSchema('Observations of the request.'),
    phase: requestPhaseSchema(),
    terminalMessage: string({ description: 'Why the request failed, once it has.' }),
  }, { default: {}, description: 'How far the backend got with the request.' });
}

function root(spec: JsonSchema): JsonSchema {
  return resourceRoot({ spec, status: requestStatusSchema() }, { description: 'A request to export resources to one consumer.', required: ['spec'] });
}

export function apiServiceExportRequestV1alpha1Schema(): JsonSchema {
  return root(object({
    parameters: parametersSchema(),
    resources: validated(requestedResourcesSchema(), immutable('resources are immutable')),
  }, { description: 'The resources asked for.', required: ['resources'] }));
}

export function apiServiceExportRequestV1alpha2Schema(): JsonSchema {
  return root(object({
    namespaces: validated(namespacesSchema(), immutable('namespaces are immutable')),
    parameters: parametersSchema(),
    permissionClaims: validated(
      array(permissionClaimSchema(), { description: 'Access to consumer objects the provider asks for.' }),
      immutable('permissionClaims are immutable'),
    ),
    resources: validated(requestedResourcesSchema(), immutable('resources are immutable')),
    schemaUpdatePolicy: validated(schemaUpdatePolicySchema(), immutable('schemaUpdatePolicy is immutable')),
  }, { description: 'What the consumer binds: a template\'s spec, copied.', required: ['resources'] }));
}

export function buildApiServiceExportRequestCrd(group: string): { [key: string]: any } {
  const printerColumns = [{ name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status' }, ageColumn()];
  return customResourceDefinition({
    group,
    kind: 'APIServiceExportRequest',
    plural: 'apiserviceexportrequests',
    singular: 'apiserviceexportrequest',
    versions: [
      versionEntry({ name: 'v1alpha1', served: true, storage: false, printerColumns, schema: apiServiceExportRequestV1alpha1Schema() }),
      versionEntry({ name: 'v1alpha2', served: true, storage: true, printerColumns, schema: apiServiceExportRequestV1alpha2Schema() }),
    ],
  });
}
