/**
 * The shapes both kube-bind kinds share: CRD-like names, conditions, the
 * version entry of an embedded CRD spec, and the skeleton of the
 * CustomResourceDefinition objects themselves.
 */
import {
  JsonSchema,
  SchemaOptions,
  atomicList,
  array,
  boolean,
  integer,
  mapList,
  object,
  string,
  stringEnum,
} from './schema-builders';
import { CRD_API_VERSION, CRD_KIND, RESOURCE_SCOPES, VERSION_NAME_PATTERN } from '../model';

/** The category both kinds are listed under (`kubectl get kube-bindings`). */
export const KUBE_BIND_CATEGORY = 'kube-bindings';


// ---------------------------------------------------------------------------
// Pieces of an embedded CustomResourceDefinition spec
// ---------------------------------------------------------------------------

/** `names` / `acceptedNames`: the kind and resource names of a CRD. */
export function crdNamesSchema(description: string): JsonSchema {
  return object({
    categories: atomicList(string(), { description: 'Groups of resources this one belongs to, such as "all".' }),
    kind: string({ description: 'The CamelCase, singular kind of the resource.' }),
    listKind: string({ description: 'The kind of its lists; defaults to <kind>List.' }),
    plural: string({ description: 'The lowercase plural name the resource is served under.' }),
    shortNames: atomicList(string(), { description: 'Lowercase abbreviations accepted by kubectl.' }),
    singular: string({ description: 'The lowercase singular name; defaults to the lowercased kind.' }),
  }, { description, required: ['kind', 'plural'] });
}

/** The API group of the embedded CRD. */
export function crdGroupSchema(): JsonSchema {
  return string({ description: 'API group of the resource; empty for the core group.' });
}

/** `scope` of the embedded CRD. */
export function crdScopeSchema(): JsonSchema {
  return stringEnum(RESOURCE_SCOPES, { description: 'Whether the resource is Cluster or Namespaced.' });
}

function printerColumnSchema(): JsonSchema {
  return object({
    description: string({ description: 'Human-readable explanation of the column.' }),
    format: string({ description: 'Optional OpenAPI format of the column value.' }),
    jsonPath: string({ description: 'JSONPath evaluated against each object to fill the column.' }),
    name: string({ description: 'Column header.' }),
    priority: integer({ format: 'int32', description: 'Columns with priority above 0 are shown only in wide output.' }),
    type: string({ description: 'OpenAPI type of the column value.' }),
  }, { required: ['jsonPath', 'name', 'type'] });
}

function subresourcesSchema(): JsonSchema {
  return object({
    scale: object({
      labelSelectorPath: string({ description: 'JSONPath of the serialized label selector, under .spec or .status.' }),
      specReplicasPath: string({ description: 'JSONPath of the desired replica count, under .spec.' }),
      statusReplicasPath: string({ description: 'JSONPath of the observed replica count, under .status.' }),
    }, { description: 'Serve a /scale subresource.', required: ['specReplicasPath', 'statusReplicasPath'] }),
    status: object({}, { description: 'Serve a /status subresource.' }),
  }, { description: 'Subresources this version serves.' });
}

/**
 * `versions` of the embedded CRD. Only the `schema` field differs between
 * the kinds, so the caller passes it in.
 */
export function crdVersionsSchema(versionSchema: JsonSchema): JsonSchema {
  const entry = object({
    additionalPrinterColumns: mapList(printerColumnSchema(), ['name'], {
      description: 'Extra columns for kubectl get; without any, only Age is shown.',
    }),
    deprecated: boolean({ description: 'Mark this version deprecated; clients then get a warning.' }),
    deprecationWarning: string({ description: 'Custom warning for a deprecated version.' }),
    name: string({ minLength: 1, pattern: VERSION_NAME_PATTERN, description: 'Version name such as v1 or v2beta1.' }),
    schema: versionSchema,
    served: boolean({ default: true, description: 'Whether the version is served over REST.' }),
    storage: boolean({ description: 'Whether objects are stored in this version; exactly one version must be.' }),
    subresources: subresourcesSchema(),
  }, { description: 'One API version of the resource.', required: ['name', 'schema', 'served', 'storage'] });
  return mapList(entry, ['name'], { minItems: 1, description: 'The API versions of the resource.' });
}

// ---------------------------------------------------------------------------
// Status pieces
// ---------------------------------------------------------------------------

/** A list of conditions, kube-bind's Condition type (with `severity`). */
export function conditionsSchema(description: string): JsonSchema {
  return array(object({
    lastTransitionTime: string({ format: 'date-time', description: 'When the status last changed.' }),
    message: string({ description: 'Human-readable details; may be empty.' }),
    reason: string({ description: 'CamelCase reason for the last transition.' }),
    severity: string({ description: 'How bad a False condition is; set only when status is False.' }),
    status: string({ description: 'True, False or Unknown.' }),
    type: string({ description: 'CamelCase condition type, such as Established.' }),
  }, { required: ['lastTransitionTime', 'status', 'type'] }), { description });
}

/** `status.storedVersions` of an embedded CRD. */
export function storedVersionsSchema(): JsonSchema {
  return array(string(), { description: 'Every version objects were ever stored in.' });
}

// ---------------------------------------------------------------------------
// The CustomResourceDefinition skeleton
// ---------------------------------------------------------------------------

/** The root of a custom resource's schema: apiVersion, kind, metadata, then the given properties. */
export function resourceRoot(properties: { [name: string]: JsonSchema }, options: SchemaOptions & { required?: readonly string[] }): JsonSchema {
  return object({
    apiVersion: string({ description: 'Versioned schema of this object.' }),
    kind: string({ description: 'REST resource this object represents.' }),
    metadata: object({}),
    ...properties,
  }, options);
}

/** A printer column of our own CRDs. */
export interface PrinterColumn {
  readonly name: string;
  readonly type: string;
  readonly jsonPath: string;
  readonly priority?: number;
}

export function establishedColumn(): PrinterColumn {
  return { name: 'Established', type: 'string', jsonPath: '.status.conditions[?(@.type=="Established")].status', priority: 5 };
}

export function ageColumn(): PrinterColumn {
  return { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' };
}

/** One entry of our own CRDs' `spec.versions`; every version serves /status. */
export interface VersionEntryOptions {
  readonly name: string;
  readonly served: boolean;
  readonly storage: boolean;
  readonly printerColumns: readonly PrinterColumn[];
  readonly schema: JsonSchema;
}

export function versionEntry(options: VersionEntryOptions): { [key: string]: any } {
  return {
    name: options.name,
    served: options.served,
    storage: options.storage,
    schema: { openAPIV3Schema: options.schema },
    subresources: { status: {} },
    additionalPrinterColumns: options.printerColumns.map(c => ({ ...c })),
  };
}

export interface CrdOptions {
  readonly group: string;
  readonly kind: string;
  readonly plural: string;
  readonly singular: string;
  readonly shortNames?: readonly string[];
  readonly versions: ReadonlyArray<{ [key: string]: any }>;
  /** @default 'Namespaced' */
  readonly scope?: 'Namespaced' | 'Cluster';
  /** @default KUBE_BIND_CATEGORY */
  readonly category?: string;
  /** Whether `spec.conversion: {strategy: None}` is written, as upstream does for its multi-version kinds. @default true */
  readonly conversion?: boolean;
}

/** A CustomResourceDefinition of ours: namespaced, non-converting and in the kube-bind category unless told otherwise. */
export function customResourceDefinition(options: CrdOptions): { [key: string]: any } {
  const names: { [key: string]: any } = {
    kind: options.kind,
    listKind: `${options.kind}List`,
    plural: options.plural,
    singular: options.singular,
    categories: [options.category ?? KUBE_BIND_CATEGORY],
  };
  if (options.shortNames && options.shortNames.length > 0) {
    names.shortNames = [...options.shortNames];
  }
  const spec: { [key: string]: any } = { group: options.group, names, scope: options.scope ?? 'Namespaced' };
  if (options.conversion ?? true) spec.conversion = { strategy: 'None' };
  spec.versions = [...options.versions];
  return {
    apiVersion: CRD_API_VERSION,
    kind: CRD_KIND,
    metadata: { name: `${options.plural}.${options.group}` },
    spec,
  };
}

/** What `providerCrd` needs: a kind of kube-bind's provider side, served at v1alpha2 only. */
export interface ProviderCrdOptions {
  readonly group: string;
  readonly kind: string;
  readonly scope?: 'Namespaced' | 'Cluster';
  readonly category?: string;
  readonly printerColumns: readonly PrinterColumn[];
  readonly schema: JsonSchema;
}

/**
 * A CRD of the provider side (templates, collections, BindableResourcesRequest):
 * one version, v1alpha2, served and stored, and no `spec.conversion` (upstream
 * writes none for single-version kinds). Plural and singular are the
 * lowercased kind.
 */
export function providerCrd(options: ProviderCrdOptions): { [key: string]: any } {
  const singular = options.kind.toLowerCase();
  return customResourceDefinition({
    group: options.group,
    kind: options.kind,
    plural: `${singular}s`,
    singular,
    ...(options.scope !== undefined ? { scope: options.scope } : {}),
    ...(options.category !== undefined ? { category: options.category } : {}),
    conversion: false,
    versions: [versionEntry({ name: 'v1alpha2', served: true, storage: true, printerColumns: options.printerColumns, schema: options.schema })],
  });
}
