/**
 * APIServiceExportTemplate (v1alpha2, cluster-scoped): what a provider offers
 * a consumer in one bind. kube-bind copies its spec by value into an
 * APIServiceExportRequest when a consumer binds it.
 */
import { exportedResourceSchema, permissionClaimSchema } from './api-service-export';
import {
  JsonSchema,
  array,
  object,
  string,
  stringEnum,
} from './schema-builders';
import { ageColumn, conditionsSchema, providerCrd, resourceRoot } from './shared';
import { PROVIDER_CATEGORY, RESOURCE_SCOPES, SCHEMA_UPDATE_POLICIES, SERVER_DEFAULT_SCHEMA_UPDATE_POLICY } from '../model';

/** `spec.namespaces`: namespaces the backend creates for each consumer who binds. */
export function namespacesSchema(): JsonSchema {
  return array(object({
    name: string({ description: 'The name kube-bind builds the provider-side namespace from.' }),
  }, { required: ['name'] }), { description: 'Namespaces created for each binding.' });
}

/** `spec.schemaUpdatePolicy` of a template or a request. */
export function schemaUpdatePolicySchema(): JsonSchema {
  return stringEnum(SCHEMA_UPDATE_POLICIES, {
    default: SERVER_DEFAULT_SCHEMA_UPDATE_POLICY,
    description: 'Whether later changes of the provider CRDs reach bound schemas (Always) or not (Never).',
  });
}

/** `spec.resources` of a template or a request: at least one. */
export function requestedResourcesSchema(): JsonSchema {
  return array(exportedResourceSchema(), { minItems: 1, description: 'The resources a consumer gets.' });
}

/**
 * `spec.scope`. Like BoundSchema's informerScope, the Go type and the field
 * both carry the enum; controller-gen renders two `allOf` branches, the
 * field's marker listing the values in the other order.
 */
function templateScopeSchema(): JsonSchema {
  return string({
    allOf: [{ enum: [...RESOURCE_SCOPES] }, { enum: [...RESOURCE_SCOPES].reverse() }],
    description: 'The scope of the resources, for display: the backend reads the scope of the CRDs.',
  });
}

export function apiServiceExportTemplateSchema(): JsonSchema {
  const spec = object({
    description: string({ description: 'What the template offers, for people choosing one.' }),
    namespaces: namespacesSchema(),
    permissionClaims: array(permissionClaimSchema(), { description: 'Access to consumer objects the provider asks for.' }),
    resources: requestedResourcesSchema(),
    schemaUpdatePolicy: schemaUpdatePolicySchema(),
    scope: templateScopeSchema(),
  }, { description: 'The offer: resources, claims, namespaces and the schema update policy.', required: ['resources', 'scope'] });
  const status = object({
    conditions: conditionsSchema('Observations of the template.'),
  }, { description: 'What kube-bind observed about the template.' });
  return resourceRoot({ spec, status }, { description: 'A set of provider resources a consumer can bind in one go.', required: ['spec'] });
}

export function buildApiServiceExportTemplateCrd(group: string): { [key: string]: any } {
  return providerCrd({
    group,
    kind: 'APIServiceExportTemplate',
    scope: 'Cluster',
    category: PROVIDER_CATEGORY,
    printerColumns: [
      { name: 'Resources', type: 'string', jsonPath: '.spec.resources[*].group' },
      { name: 'PermissionClaims', type: 'string', jsonPath: '.spec.permissionClaims[*].resource' },
      ageColumn(),
    ],
    schema: apiServiceExportTemplateSchema(),
  });
}
