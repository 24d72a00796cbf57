/**
 * APIServiceExport: v1alpha1 embeds a whole CRD spec (names, scope, versions
 * with schemas); v1alpha2 only points at existing resources and adds
 * permission claims.
 */
import {
  JsonSchema,
  array,
  atomicList,
  immutable,
  map,
  object,
  opaqueObject,
  string,
  stringEnum,
  validated,
} from './schema-builders';
import {
  ageColumn,
  conditionsSchema,
  crdGroupSchema,
  crdNamesSchema,
  crdScopeSchema,
  crdVersionsSchema,
  customResourceDefinition,
  establishedColumn,
  resourceRoot,
  storedVersionsSchema,
  versionEntry,
} from './shared';
import {
  API_GROUP_PATTERN,
  CLUSTER_SCOPE_NEEDS_CLUSTER_INFORMER,
  CLUSTER_SCOPE_NEEDS_ISOLATION,
  INFORMER_SCOPES,
  ISOLATIONS,
  NAMESPACED_SCOPE_HAS_NO_ISOLATION,
  RESOURCE_NAME_PATTERN,
} from '../model';

/**
 * kube-bind's CEL rules of APIServiceExport v1alpha1: those tying scope to
 * informerScope and isolation are the model's constraints (model/constraints.ts).
 * The rules that report the same problems (KB018, KB070-KB072) quote the
 * server's messages from here.
 */
export const EXPORT_V1ALPHA1_CEL = {
  clusterScopeNeedsClusterInformer: CLUSTER_SCOPE_NEEDS_CLUSTER_INFORMER.cel,
  clusterScopeNeedsIsolation: CLUSTER_SCOPE_NEEDS_ISOLATION.cel,
  namespacedScopeHasNoIsolation: NAMESPACED_SCOPE_HAS_NO_ISOLATION.cel,
  nameIsPluralDotGroup: {
    rule: 'self.metadata.name == self.spec.names.plural+"."+self.spec.group',
    // Upstream's wording, wrong as it is (the rule checks the object name,
    // not the informer scope): kept so this CRD stays equivalent to kube-bind's.
    message: 'informerScope is immutable',
  },
};

const EXPORT_DESCRIPTION = 'Offers a resource of the provider cluster to consumer clusters through kube-bind.';
const STATUS_DESCRIPTION = 'What the consumer cluster reports about the exported resource.';
const CONDITIONS_DESCRIPTION = 'Observations of the export, such as whether it is Established on the consumer cluster.';

function informerScopeSchema(): JsonSchema {
  return validated(
    stringEnum(INFORMER_SCOPES, { description: 'Whether the konnector watches the whole cluster (Cluster) or single namespaces (Namespaced).' }),
    immutable('informerScope is immutable'),
  );
}

function clusterScopedIsolationSchema(description: string): JsonSchema {
  return stringEnum(ISOLATIONS, { description });
}

// ---------------------------------------------------------------------------
// v1alpha1
// ---------------------------------------------------------------------------

export function apiServiceExportV1alpha1Schema(): JsonSchema {
  const versionSchema = object({
    openAPIV3Schema: opaqueObject({ description: 'The structural OpenAPI v3 schema of this version.' }),
  }, { description: 'Validation and pruning schema of this version.', required: ['openAPIV3Schema'] });

  const spec = validated(
    object({
      clusterScopedIsolation: clusterScopedIsolationSchema('How cluster-scoped objects of different consumers are kept apart on the provider.'),
      group: crdGroupSchema(),
      informerScope: informerScopeSchema(),
      names: crdNamesSchema('Kind and resource names of the exported resource.'),
      scope: crdScopeSchema(),
      versions: crdVersionsSchema(versionSchema),
    }, {
      description: 'The exported resource, described like a CustomResourceDefinition spec without webhooks.',
      required: ['group', 'informerScope', 'names', 'scope', 'versions'],
    }),
    EXPORT_V1ALPHA1_CEL.clusterScopeNeedsClusterInformer,
    EXPORT_V1ALPHA1_CEL.clusterScopeNeedsIsolation,
    EXPORT_V1ALPHA1_CEL.namespacedScopeHasNoIsolation,
  );

  const status = object({
    acceptedNames: crdNamesSchema('The names actually served on the consumer cluster.'),
    conditions: conditionsSchema(CONDITIONS_DESCRIPTION),
    storedVersions: storedVersionsSchema(),
  }, { description: STATUS_DESCRIPTION });

  return validated(
    resourceRoot({ spec, status }, { description: EXPORT_DESCRIPTION, required: ['spec'] }),
    EXPORT_V1ALPHA1_CEL.nameIsPluralDotGroup,
  );
}

// ---------------------------------------------------------------------------
// v1alpha2
// ---------------------------------------------------------------------------

function apiGroupSchema(): JsonSchema {
  return string({ default: '', pattern: API_GROUP_PATTERN, description: 'API group; empty for the core group.' });
}

function resourceNameSchema(): JsonSchema {
  return string({ pattern: RESOURCE_NAME_PATTERN, description: 'Lowercase plural resource name.' });
}

function labelSelectorSchema(): JsonSchema {
  const requirement = object({
    key: string({ description: 'Label key.' }),
    operator: string({ description: 'In, NotIn, Exists or DoesNotExist.' }),
    values: atomicList(string(), { description: 'Values for In and NotIn; empty for Exists and DoesNotExist.' }),
  }, { required: ['key', 'operator'] });
  return object({
    matchExpressions: atomicList(requirement, { description: 'Label requirements, all of which must hold.' }),
    matchLabels: map(string(), { description: 'Labels that must all be present with these values.' }),
  }, { 'description': 'Select objects by label.', 'x-kubernetes-map-type': 'atomic' });
}

/** One entry of `spec.permissionClaims`; templates and export requests carry the same shape. */
export function permissionClaimSchema(): JsonSchema {
  const namedResource = object({
    name: string({ description: 'metadata.name of the object.' }),
    namespace: string({ description: 'metadata.namespace of the object; empty for cluster-scoped objects.' }),
  }, { required: ['name'] });

  const reference = object({
    group: apiGroupSchema(),
    jsonPath: object({
      name: string(),
      namespace: string(),
    }, { description: 'JSONPaths, in the referencing object, of the name and namespace of the claimed objects.' }),
    resource: resourceNameSchema(),
    versions: array(string(), { description: 'Versions used to read the referencing object.' }),
  }, { required: ['jsonPath', 'resource'] });

  return object({
    group: apiGroupSchema(),
    resource: resourceNameSchema(),
    selector: object({
      labelSelector: labelSelectorSchema(),
      namedResources: array(namedResource, { description: 'Objects picked by name and namespace.' }),
      references: array(reference, { description: 'Objects named by fields of other objects.' }),
    }, { description: 'Which objects of the resource the provider may access.' }),
  }, { description: 'Access the provider asks for to objects of one group and resource.', required: ['resource', 'selector'] });
}

/** One entry of `spec.resources`: a group, a plural and versions (exports, templates and export requests alike). */
export function exportedResourceSchema(): JsonSchema {
  return object({
    group: apiGroupSchema(),
    resource: resourceNameSchema(),
    versions: array(string(), { description: 'Versions to export; empty lets the provider choose.' }),
  }, { required: ['resource'] });
}

export function apiServiceExportV1alpha2Schema(): JsonSchema {
  const exportedResource = exportedResourceSchema();

  const spec = object({
    clusterScopedIsolation: validated(
      clusterScopedIsolationSchema('Deprecated: use isolation.'),
      immutable('clusterScopedIsolation is immutable'),
    ),
    informerScope: informerScopeSchema(),
    isolation: validated(
      stringEnum(ISOLATIONS, { description: 'How objects of different consumers are kept apart on the provider.' }),
      immutable('isolation is immutable'),
    ),
    permissionClaims: validated(
      array(permissionClaimSchema(), { description: 'Access to other objects the provider asks of the consumer.' }),
      immutable('permissionClaims are immutable'),
    ),
    resources: validated(
      array(exportedResource, { minItems: 1, description: 'The resources to export.' }),
      immutable('resources are immutable'),
    ),
  }, {
    description: 'The exported resources and how they are isolated.',
    required: ['informerScope', 'isolation', 'resources'],
  });

  const status = object({
    conditions: conditionsSchema(CONDITIONS_DESCRIPTION),
  }, { description: STATUS_DESCRIPTION });

  return resourceRoot({ spec, status }, { description: EXPORT_DESCRIPTION, required: ['spec'] });
}

// ---------------------------------------------------------------------------
// The CRD
// ---------------------------------------------------------------------------

export function buildApiServiceExportCrd(group: string): { [key: string]: any } {
  const printerColumns = [establishedColumn(), ageColumn()];
  return customResourceDefinition({
    group,
    kind: 'APIServiceExport',
    plural: 'apiserviceexports',
    singular: 'apiserviceexport',
    versions: [
      versionEntry({ name: 'v1alpha1', served: true, storage: false, printerColumns, schema: apiServiceExportV1alpha1Schema() }),
      versionEntry({ name: 'v1alpha2', served: true, storage: true, printerColumns, schema: apiServiceExportV1alpha2Schema() }),
    ],
  });
}
