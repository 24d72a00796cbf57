/**
 * From a CustomResourceDefinition to a BoundSchema, and back.
 *
 * Every function here is pure and total: it reads plain objects (parsed YAML,
 * possibly hostile), never mutates them, never throws, and reports what it
 * cannot carry over as `problems` (the result is then withheld) or, for what
 * it carries over with a change, as `notes`.
 *
 * The round trip CRD -> BoundSchema -> CRD gives back `normalizeCrd(crd)`:
 * the CRD as the API server stores it, with Kubernetes' own defaults written
 * out and the values that equal a default left out. Precisely:
 * - `names.singular` defaults to the lowercased kind, `names.listKind` to
 *   `<kind>List` (both written out); empty `shortNames`/`categories` are left out;
 * - a missing `spec.conversion` is `{ strategy: None }`;
 * - `served` and `storage` are always written; a missing one is `false`, as
 *   Kubernetes reads it (kube-bind's own CRDs default `served` to true, so a
 *   BoundSchema without `served` becomes a CRD with `served: true`);
 * - `deprecated: false`, `preserveUnknownFields: false`, empty
 *   `additionalPrinterColumns` and empty `subresources` are left out;
 * - `metadata` is reduced to the name `<plural>.<group>`, `status` is dropped;
 * - every version carries one schema, equal to the original per-version
 *   schemas as JSON values (key order is not kept);
 * - `selectableFields` are dropped (a BoundSchema has none).
 * This holds for CRDs whose versions are all served or stored and whose
 * schemas are equal as JSON. Otherwise the BoundSchema leaves out the versions
 * that are neither served nor stored (or that the `versions` option does not
 * name), and gives every version the storage version's schema when schemas
 * differ only in documentation (spec §8.2 read semantically, see
 * `rules/schema-equality.ts`); both are reported as notes.
 */
import type { BoundSchemaProps } from '../bound-schema';
import { Conversion } from '../conversion';
import { PrinterColumn, PrinterColumnFormat, PrinterColumnType, renderPrinterColumn } from '../printer-column';
import { ResourceNames, renderNames } from '../resource-names';
import { ResourceVersion, copySchema, renderVersions } from '../resource-version';
import { isBase64 } from '../rules/k8s-formats';
import { goToLower } from '../rules/k8s-names';
import { DEFAULT_GROUP } from '../rules/kinds';
import { didYouMean, oneOf, show } from '../rules/messages';
import { field, item } from '../rules/paths';
import { MISSING, versionSchemaDifference } from '../rules/schema-equality';
import { isObject, Manifest, own } from '../rules/values';
import { InformerScope, Scope } from '../scope';
import { Subresources, renderSubresources } from '../subresources';

export const CRD_API_VERSION = 'apiextensions.k8s.io/v1';
export const CRD_KIND = 'CustomResourceDefinition';

const SCOPES = ['Cluster', 'Namespaced'];
const INFORMER_SCOPES = ['Cluster', 'Namespaced'];
const STRATEGIES = ['None', 'Webhook'];

/** What a BoundSchema construct needs, read from a CRD: `BoundSchemaProps` without metadata and kube-bind group. */
export type BoundSchemaPropsFromCrd = Omit<BoundSchemaProps, 'metadata' | 'kubeBindGroup'> & {
  readonly scope: Scope;
  readonly informerScope: InformerScope;
  readonly versions: ResourceVersion[];
};

export interface FromCrdOptions {
  /**
   * The informer scope of the BoundSchema, `Cluster` or `Namespaced`; by
   * default the CRD's scope, as kube-bind's own `CRDToBoundSchema` derives it.
   */
  readonly informerScope?: string;
  /**
   * The names of the versions to export; the others are left out (with a
   * note). By default every version that is served or stored: a version that
   * is neither can be neither read nor written, and kube-bind exports served
   * versions only.
   */
  readonly versions?: readonly string[];
}

export interface BoundSchemaManifestOptions extends FromCrdOptions {
  /** The namespace of the BoundSchema; none by default. */
  readonly namespace?: string;
  /** The API group of the kube-bind kinds; `kube-bind.io` by default. */
  readonly kubeBindGroup?: string;
}

export interface FromCrdResult {
  /** Present exactly when `problems` is empty. */
  readonly props?: BoundSchemaPropsFromCrd;
  /** `<plural>.<group>`, the name kube-bind gives the BoundSchema; present with `props`. */
  readonly name?: string;
  /** What kube-bind or Kubernetes refuses, or what a BoundSchema cannot hold. Each names the object and the field. */
  readonly problems: string[];
  /** What was carried over with a change (a default written out, a field dropped). */
  readonly notes: string[];
}

export interface BoundSchemaManifestResult {
  /** Present exactly when `problems` is empty. */
  readonly manifest?: Manifest;
  readonly problems: string[];
  readonly notes: string[];
}

export interface ExportForSchemasOptions {
  /** The name of the APIServiceExport. */
  readonly name: string;
  /** Its namespace; by default the namespace all schemas share, if any. */
  readonly namespace?: string;
  /** `spec.isolation`; `Prefixed` by default, as kube-bind's backend. */
  readonly isolation?: string;
  /** `spec.informerScope`; by default the one all schemas share, else `Cluster`. */
  readonly informerScope?: string;
  /** The API group of the kube-bind kinds; `kube-bind.io` by default. */
  readonly kubeBindGroup?: string;
}

// ---------------------------------------------------------------------------
// CRD -> BoundSchema

/**
 * Reads a CustomResourceDefinition (`apiextensions.k8s.io/v1`) as the props of
 * a BoundSchema. Refuses what kube-bind or Kubernetes refuse, and what has no
 * home in a BoundSchema, with one problem per finding.
 */
export function boundSchemaPropsFromCrd(crd: unknown, options: FromCrdOptions = {}): FromCrdResult {
  try {
    return new CrdReader(crd, options).read();
  } catch (e) {
    // Only pathological input gets here (for instance nesting deep enough to exhaust the stack).
    return { problems: [`${crdLabel(crd)}: could not be read: ${e instanceof Error ? e.message : String(e)}`], notes: [] };
  }
}

/**
 * The BoundSchema (v1alpha2) manifest for a CRD, exactly as the BoundSchema
 * construct renders the props `boundSchemaPropsFromCrd` returns: every version
 * carries `schema.openAPIV3Schema`, `served` and `storage`; `caBundle` stays
 * the CRD's base64.
 */
export function boundSchemaManifestFromCrd(crd: unknown, options: BoundSchemaManifestOptions = {}): BoundSchemaManifestResult {
  const read = boundSchemaPropsFromCrd(crd, options);
  if (read.props === undefined || read.name === undefined) return { problems: read.problems, notes: read.notes };
  try {
    return { manifest: renderBoundSchema(read.props, read.name, options), problems: [], notes: read.notes };
  } catch (e) {
    return { problems: [`${crdLabel(crd)}: could not be rendered: ${e instanceof Error ? e.message : String(e)}`], notes: read.notes };
  }
}

function renderBoundSchema(props: BoundSchemaPropsFromCrd, name: string, options: BoundSchemaManifestOptions): Manifest {
  const namespace = options.namespace;
  return {
    apiVersion: `${options.kubeBindGroup ?? DEFAULT_GROUP}/v1alpha2`,
    kind: 'BoundSchema',
    metadata: { name, ...(namespace !== undefined && namespace !== '' ? { namespace } : {}) },
    spec: {
      group: props.group,
      names: renderNames(props.names),
      scope: props.scope,
      informerScope: props.informerScope,
      versions: renderVersions(props.versions, { schema: props.schema }),
      ...(props.conversion ? { conversion: props.conversion.toJson() } : {}),
    },
  };
}

/** `CustomResourceDefinition "widgets.example.com"`, or the best label the input allows. */
export function crdLabel(crd: unknown): string {
  const kindValue = own(crd, 'kind');
  const kind = typeof kindValue === 'string' && kindValue !== '' ? kindValue : CRD_KIND;
  const name = own(own(crd, 'metadata'), 'name');
  if (typeof name === 'string' && name !== '') return `${kind} ${show(name)}`;
  const spec = own(crd, 'spec');
  const plural = own(own(spec, 'names'), 'plural');
  const group = own(spec, 'group');
  if (typeof plural === 'string' && typeof group === 'string' && plural !== '') return `${kind} ${show(`${plural}.${group}`)}`;
  return `${kind} (unnamed)`;
}

const SPEC_KEYS = ['group', 'names', 'scope', 'versions', 'conversion', 'preserveUnknownFields'];
const V1BETA1_SPEC_KEYS = ['validation', 'version', 'subresources', 'additionalPrinterColumns'];
const NAMES_KEYS = ['kind', 'plural', 'singular', 'listKind', 'shortNames', 'categories'];
const VERSION_KEYS = ['name', 'served', 'storage', 'deprecated', 'deprecationWarning', 'schema', 'additionalPrinterColumns', 'subresources'];
const COLUMN_KEYS = ['name', 'type', 'jsonPath', 'format', 'description', 'priority'];
const SCALE_KEYS = ['specReplicasPath', 'statusReplicasPath', 'labelSelectorPath'];
const CONVERSION_KEYS = ['strategy', 'webhook'];
const WEBHOOK_KEYS = ['clientConfig', 'conversionReviewVersions'];
const CLIENT_CONFIG_KEYS = ['url', 'caBundle', 'service'];

/** Reads one CRD, collecting every finding instead of stopping at the first. */
class CrdReader {
  private readonly problems: string[] = [];
  private readonly notes: string[] = [];
  private readonly label: string;

  public constructor(private readonly crd: unknown, private readonly options: FromCrdOptions) {
    this.label = crdLabel(crd);
  }

  public read(): FromCrdResult {
    const crd = this.crd;
    if (!isObject(crd)) {
      return { problems: [`input is not an object (got ${show(crd)}): expected a CustomResourceDefinition of ${CRD_API_VERSION}`], notes: [] };
    }
    if (!this.readTypeMeta(crd)) return this.result();

    const spec = own(crd, 'spec');
    if (!isObject(spec)) {
      this.problem('spec', spec === undefined ? 'is missing' : `must be an object, got ${show(spec)}`);
      return this.result();
    }
    this.unknownKeys(spec, 'spec', SPEC_KEYS, key => V1BETA1_SPEC_KEYS.includes(key)
      ? 'is an apiextensions.k8s.io/v1beta1 field: in v1 it lives in each of spec.versions[*]'
      : 'is not a field of a CustomResourceDefinition spec: the API server refuses it');

    const group = this.nonEmptyString(own(spec, 'group'), 'spec.group');
    const names = this.readNames(own(spec, 'names'));
    const scope = this.enumValue(own(spec, 'scope'), 'spec.scope', SCOPES);
    const informerScope = this.readInformerScope(scope);
    const versions = this.readVersions(own(spec, 'versions'));
    const conversion = this.readConversion(spec, versions?.versions.length ?? 0);
    if (own(spec, 'preserveUnknownFields') === true) {
      this.problem('spec.preserveUnknownFields', 'is true, which a BoundSchema cannot express (and apiextensions.k8s.io/v1 no longer accepts)',
        'remove it and mark the schema nodes that keep unknown fields with x-kubernetes-preserve-unknown-fields: true');
    } else if (own(spec, 'preserveUnknownFields') !== undefined && own(spec, 'preserveUnknownFields') !== false) {
      this.problem('spec.preserveUnknownFields', `must be a boolean, got ${show(own(spec, 'preserveUnknownFields'))}`);
    }
    if (group !== undefined && names !== undefined) this.readMetadata(crd, `${names.plural}.${group}`);
    if (own(crd, 'status') !== undefined) this.note('status', 'is dropped: the consumer cluster\'s API server fills the status of the CRD it creates');

    if (this.problems.length > 0 || group === undefined || names === undefined || scope === undefined
      || informerScope === undefined || versions === undefined || conversion === undefined) {
      return this.result();
    }
    return {
      props: {
        group,
        names,
        scope: scope as Scope,
        informerScope: informerScope as InformerScope,
        schema: versions.schema,
        versions: versions.versions,
        conversion: conversion.value,
      },
      name: `${names.plural}.${group}`,
      problems: [],
      notes: this.notes,
    };
  }

  private result(): FromCrdResult {
    return { problems: this.problems, notes: this.notes };
  }

  private problem(path: string, text: string, hint?: string): void {
    this.problems.push(`${this.label}: ${path === '' ? '' : path + ' '}${text}${hint !== undefined ? ` (${hint})` : ''}`);
  }

  private note(path: string, text: string): void {
    this.notes.push(`${this.label}: ${path === '' ? '' : path + ' '}${text}`);
  }

  private readTypeMeta(crd: { [key: string]: any }): boolean {
    const kind = own(crd, 'kind');
    const apiVersion = own(crd, 'apiVersion');
    if (kind !== CRD_KIND) {
      this.problem('kind', `${show(kind)} is not a ${CRD_KIND}: only CRDs (${CRD_API_VERSION}) can become a BoundSchema`);
      return false;
    }
    if (apiVersion === 'apiextensions.k8s.io/v1beta1') {
      this.problem('apiVersion', `${show(apiVersion)} is not supported: kube-bind reads CRDs as ${CRD_API_VERSION}`,
        'convert the CRD to apiextensions.k8s.io/v1 first: schema, subresources and printer columns move into spec.versions[*]');
      return false;
    }
    if (apiVersion !== CRD_API_VERSION) {
      this.problem('apiVersion', `${show(apiVersion)} must be ${show(CRD_API_VERSION)}`);
      return false;
    }
    return true;
  }

  private readMetadata(crd: { [key: string]: any }, expectedName: string): void {
    const metadata = own(crd, 'metadata');
    if (metadata === undefined) return;
    if (!isObject(metadata)) {
      this.problem('metadata', `must be an object, got ${show(metadata)}`);
      return;
    }
    const name = own(metadata, 'name');
    if (name !== undefined && name !== expectedName) {
      this.problem('metadata.name', `${show(name)} must be ${show(expectedName)}: Kubernetes names a CRD <spec.names.plural>.<spec.group>`);
    }
    const dropped = Object.keys(metadata).filter(k => k !== 'name').map(k => field('metadata', k));
    if (dropped.length > 0) this.note('', `${dropped.join(', ')} ${dropped.length === 1 ? 'is' : 'are'} not carried into the BoundSchema`);
  }

  private readInformerScope(scope: string | undefined): string | undefined {
    // kube-bind's CRDToBoundSchema (sdk/apis/kubebind/v1alpha2/helpers) uses the CRD's scope: Cluster or Namespaced.
    const value = this.options.informerScope ?? scope ?? 'Cluster';
    if (!INFORMER_SCOPES.includes(value)) {
      this.problem('', `informerScope option ${show(value)} ${oneOf(INFORMER_SCOPES)}${didYouMean(value, INFORMER_SCOPES)}`);
      return undefined;
    }
    if (value === 'Namespaced' && scope === 'Cluster') {
      this.problem('spec.scope', '"Cluster" cannot be bound with informerScope "Namespaced": the konnector would only watch single namespaces',
        'use informerScope "Cluster" for cluster-scoped resources');
      return undefined;
    }
    return value;
  }

  private readNames(names: unknown): ResourceNames | undefined {
    const path = 'spec.names';
    if (!isObject(names)) {
      this.problem(path, names === undefined ? 'is missing' : `must be an object, got ${show(names)}`);
      return undefined;
    }
    this.unknownKeys(names, path, NAMES_KEYS, () => 'is not a field of names: the API server refuses it');
    const kind = this.nonEmptyString(own(names, 'kind'), field(path, 'kind'));
    const plural = this.nonEmptyString(own(names, 'plural'), field(path, 'plural'));
    const singular = this.optionalString(own(names, 'singular'), field(path, 'singular'));
    const listKind = this.optionalString(own(names, 'listKind'), field(path, 'listKind'));
    const shortNames = this.optionalStrings(own(names, 'shortNames'), field(path, 'shortNames'));
    const categories = this.optionalStrings(own(names, 'categories'), field(path, 'categories'));
    if (kind === undefined || plural === undefined) return undefined;
    return {
      kind,
      plural,
      ...(singular !== undefined && singular !== '' ? { singular } : {}),
      ...(listKind !== undefined && listKind !== '' ? { listKind } : {}),
      ...(shortNames !== undefined && shortNames.length > 0 ? { shortNames } : {}),
      ...(categories !== undefined && categories.length > 0 ? { categories } : {}),
    };
  }

  private readVersions(versions: unknown): { versions: ResourceVersion[]; schema: any } | undefined {
    const path = 'spec.versions';
    if (!Array.isArray(versions)) {
      this.problem(path, versions === undefined ? 'is missing: a CRD needs at least one version' : `must be a list, got ${show(versions)}`);
      return undefined;
    }
    if (versions.length === 0) {
      this.problem(path, 'is empty: kube-bind refuses a CRD without versions');
      return undefined;
    }
    const problemsBefore = this.problems.length;
    const exported = this.exportedVersions(versions, path);
    if (exported === undefined) return undefined;
    const out: ResourceVersion[] = [];
    const schemas: Array<{ schema: { [key: string]: any }; path: string; storage: boolean }> = [];
    let unreadable = false;
    for (const i of exported) {
      const read = this.readVersion(versions[i], item(path, i));
      if (read === undefined || read.schema === undefined) {
        unreadable = true;
        continue;
      }
      out.push(read.version);
      schemas.push({ schema: read.schema, path: read.schemaPath, storage: read.version.storage === true });
    }
    for (const other of schemas.slice(1)) {
      const diff = versionSchemaDifference(schemas[0].schema, other.schema);
      if (diff !== undefined) {
        const at = (p: string) => p + diff.path;
        this.problem(at(other.path), `is ${showSide(diff.right)} but ${at(schemas[0].path)} is ${showSide(diff.left)}: `
          + 'the spec (§8.2) requires every exported version to have the same schema (description, example and externalDocs aside), '
          + 'because kube-bind cannot convert objects between versions',
        'give every version the same openAPIV3Schema, or export only the versions that share one with --versions '
          + '(BoundSchema.fromCrd: versions)');
      }
    }
    if (unreadable || schemas.length === 0 || this.problems.length > problemsBefore) return undefined;
    // Same schema, documentation aside: the BoundSchema gives every version the storage version's (else the first one's).
    const chosen = schemas.find(x => x.storage) ?? schemas[0];
    for (const other of schemas.filter(x => x !== chosen)) {
      const docs = schemaDifference(chosen.schema, other.schema, '');
      if (docs !== undefined) {
        this.note(other.path, `differs from ${chosen.path} only in documentation (first at ${other.path + docs.path}): `
          + `the BoundSchema gives every version the schema of ${chosen.path.replace(/\.schema\.openAPIV3Schema$/, '')}`);
      }
    }
    return { versions: out, schema: copySchema(chosen.schema) };
  }

  /**
   * The indexes of the versions to export: those named by the `versions`
   * option, else every version served or stored. The others are left out
   * with a note. Undefined after a problem.
   */
  private exportedVersions(versions: unknown[], path: string): number[] | undefined {
    const problemsBefore = this.problems.length;
    const nameOf = (v: unknown): unknown => own(v, 'name');
    const wanted = this.options.versions;
    if (wanted !== undefined) {
      const names = versions.map(nameOf).filter((n): n is string => typeof n === 'string');
      const unknown = wanted.filter(w => !names.includes(w));
      for (const w of unknown) this.problem(path, `has no version ${show(w)} (versions option)${didYouMean(w, names)}`);
      if (wanted.length === 0) this.problem(path, 'versions option is empty: name at least one version to export');
      if (unknown.length > 0 || wanted.length === 0) return undefined;
    }
    const selected: number[] = [];
    versions.forEach((v, i) => {
      const name = nameOf(v);
      const at = item(path, i);
      if (wanted !== undefined) {
        if (typeof name === 'string' && wanted.includes(name)) {
          selected.push(i);
        } else if (own(v, 'storage') === true) {
          this.problem(at, `${show(name)} is the storage version, but the versions option leaves it out: a BoundSchema needs its storage version`,
            `add ${show(name)} to the versions to export`);
        } else {
          this.note(at, `${show(name)} is left out: the versions option does not name it`);
        }
        return;
      }
      if (isObject(v) && own(v, 'served') !== true && own(v, 'storage') !== true) {
        this.note(at, `${show(name)} is left out: it is neither served nor stored, so it can be neither read nor written, and kube-bind exports served versions only`);
        return;
      }
      selected.push(i);
    });
    if (selected.length === 0 && this.problems.length === problemsBefore) {
      this.problem(path, 'has no version that is served or stored: there is nothing to export');
    }
    return this.problems.length > problemsBefore ? undefined : selected;
  }

  private readVersion(v: unknown, path: string): { version: ResourceVersion; schema?: { [key: string]: any }; schemaPath: string } | undefined {
    const schemaPath = field(field(path, 'schema'), 'openAPIV3Schema');
    if (!isObject(v)) {
      this.problem(path, `must be an object, got ${show(v)}`);
      return undefined;
    }
    this.unknownKeys(v, path, [...VERSION_KEYS, 'selectableFields'], () => 'is not a field of a CRD version: the API server refuses it');
    if (own(v, 'selectableFields') !== undefined) {
      this.note(field(path, 'selectableFields'), 'is dropped: a BoundSchema version has no selectable fields (kube-bind\'s CRDToBoundSchema drops them too), '
        + 'so the consumer\'s CRD will not have them and field selectors on them will not work there');
    }
    const name = this.nonEmptyString(own(v, 'name'), field(path, 'name'));
    const served = this.optionalBoolean(own(v, 'served'), field(path, 'served'));
    const storage = this.optionalBoolean(own(v, 'storage'), field(path, 'storage'));
    const deprecated = this.optionalBoolean(own(v, 'deprecated'), field(path, 'deprecated'));
    const deprecationWarning = this.optionalString(own(v, 'deprecationWarning'), field(path, 'deprecationWarning'));
    const schema = this.readSchema(own(v, 'schema'), field(path, 'schema'));
    const printerColumns = this.readColumns(own(v, 'additionalPrinterColumns'), field(path, 'additionalPrinterColumns'));
    const subresources = this.readSubresources(own(v, 'subresources'), field(path, 'subresources'));
    if (own(v, 'served') === undefined) {
      this.note(field(path, 'served'), 'is not set: Kubernetes reads a missing served as false, so the BoundSchema says served: false');
    }
    if (name === undefined) return undefined;
    const version: ResourceVersion = {
      name,
      served: served === true,
      storage: storage === true,
      ...(deprecated === true ? { deprecated: true } : {}),
      ...(deprecationWarning !== undefined ? { deprecationWarning } : {}),
      ...(printerColumns !== undefined && printerColumns.length > 0 ? { printerColumns } : {}),
      ...(subresources !== undefined && (subresources.status === true || subresources.scale !== undefined) ? { subresources } : {}),
    };
    return { version, schema, schemaPath };
  }

  private readSchema(schema: unknown, path: string): { [key: string]: any } | undefined {
    if (!isObject(schema)) {
      this.problem(path, schema === undefined
        ? 'is missing: kube-bind needs the schema of every version (and apiextensions.k8s.io/v1 requires one)'
        : `must be an object, got ${show(schema)}`);
      return undefined;
    }
    this.unknownKeys(schema, path, ['openAPIV3Schema'], () => 'is not a field of a version schema: the API server refuses it');
    const inner = own(schema, 'openAPIV3Schema');
    if (!isObject(inner)) {
      this.problem(field(path, 'openAPIV3Schema'), inner === undefined ? 'is missing: kube-bind needs the schema of every version' : `must be an object, got ${show(inner)}`);
      return undefined;
    }
    return inner;
  }

  private readColumns(columns: unknown, path: string): PrinterColumn[] | undefined {
    if (columns === undefined) return undefined;
    if (!Array.isArray(columns)) {
      this.problem(path, `must be a list, got ${show(columns)}`);
      return undefined;
    }
    const out: PrinterColumn[] = [];
    columns.forEach((c, i) => {
      const at = item(path, i);
      if (!isObject(c)) {
        this.problem(at, `must be an object, got ${show(c)}`);
        return;
      }
      this.unknownKeys(c, at, COLUMN_KEYS, () => 'is not a field of a printer column: the API server refuses it');
      const name = this.requiredString(own(c, 'name'), field(at, 'name'));
      const type = this.requiredString(own(c, 'type'), field(at, 'type'));
      const jsonPath = this.requiredString(own(c, 'jsonPath'), field(at, 'jsonPath'));
      const format = this.optionalString(own(c, 'format'), field(at, 'format'));
      const description = this.optionalString(own(c, 'description'), field(at, 'description'));
      const priority = own(c, 'priority');
      if (priority !== undefined && !Number.isInteger(priority)) this.problem(field(at, 'priority'), `must be an integer, got ${show(priority)}`);
      if (name === undefined || type === undefined || jsonPath === undefined) return;
      out.push({
        name,
        type: type as PrinterColumnType,
        jsonPath,
        ...(format !== undefined ? { format: format as PrinterColumnFormat } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(Number.isInteger(priority) ? { priority } : {}),
      });
    });
    return out;
  }

  private readSubresources(subresources: unknown, path: string): Subresources | undefined {
    if (subresources === undefined) return undefined;
    if (!isObject(subresources)) {
      this.problem(path, `must be an object, got ${show(subresources)}`);
      return undefined;
    }
    this.unknownKeys(subresources, path, ['status', 'scale'], () => 'is not a subresource Kubernetes serves: the API server refuses it');
    const status = own(subresources, 'status');
    if (status !== undefined && !isObject(status)) this.problem(field(path, 'status'), `must be an object ({}), got ${show(status)}`);
    if (isObject(status)) {
      this.unknownKeys(status, field(path, 'status'), [], () => 'is not a field of the status subresource, which is always {}');
    }
    const scale = own(subresources, 'scale');
    const scalePath = field(path, 'scale');
    let scaleOut: Subresources['scale'];
    if (scale !== undefined && !isObject(scale)) this.problem(scalePath, `must be an object, got ${show(scale)}`);
    if (isObject(scale)) {
      this.unknownKeys(scale, scalePath, SCALE_KEYS, () => 'is not a field of the scale subresource: the API server refuses it');
      const specReplicasPath = this.requiredString(own(scale, 'specReplicasPath'), field(scalePath, 'specReplicasPath'));
      const statusReplicasPath = this.requiredString(own(scale, 'statusReplicasPath'), field(scalePath, 'statusReplicasPath'));
      const labelSelectorPath = this.optionalString(own(scale, 'labelSelectorPath'), field(scalePath, 'labelSelectorPath'));
      if (specReplicasPath !== undefined && statusReplicasPath !== undefined) {
        scaleOut = { specReplicasPath, statusReplicasPath, ...(labelSelectorPath !== undefined ? { labelSelectorPath } : {}) };
      }
    }
    return { ...(isObject(status) ? { status: true } : {}), ...(scaleOut !== undefined ? { scale: scaleOut } : {}) };
  }

  /** The conversion to write (a missing one is the server's default, None); undefined after a problem. */
  private readConversion(spec: { [key: string]: any }, versionCount: number): { value: Conversion } | undefined {
    const path = 'spec.conversion';
    const conversion = own(spec, 'conversion');
    if (conversion === undefined) {
      if (versionCount > 1) {
        this.note(path, 'is not set: written as strategy "None", the default the API server applies '
          + '(kube-bind refuses several versions without a strategy, so the BoundSchema states it)');
      }
      return { value: Conversion.none() };
    }
    if (!isObject(conversion)) {
      this.problem(path, `must be an object, got ${show(conversion)}`);
      return undefined;
    }
    this.unknownKeys(conversion, path, CONVERSION_KEYS, key => key === 'conversionReviewVersions' || key === 'webhookClientConfig'
      ? 'is an apiextensions.k8s.io/v1beta1 field: in v1 it lives in spec.conversion.webhook'
      : 'is not a field of a CRD conversion: the API server refuses it');
    const strategy = own(conversion, 'strategy');
    const webhook = own(conversion, 'webhook');
    const webhookPath = field(path, 'webhook');
    if (strategy === 'None') {
      if (webhook !== undefined) {
        this.problem(webhookPath, 'must not be set when strategy is "None": Kubernetes and kube-bind refuse it',
          'remove spec.conversion.webhook, or set strategy "Webhook"');
        return undefined;
      }
      return { value: Conversion.none() };
    }
    if (strategy !== 'Webhook') {
      this.problem(field(path, 'strategy'), strategy === undefined
        ? `is missing: it ${oneOf(STRATEGIES)}`
        : `${show(strategy)} ${oneOf(STRATEGIES)}${didYouMean(strategy, STRATEGIES)}`);
      return undefined;
    }
    if (own(spec, 'preserveUnknownFields') === true) {
      this.problem(field(path, 'strategy'), '"Webhook" requires spec.preserveUnknownFields to be false');
    }
    if (!isObject(webhook)) {
      this.problem(webhookPath, webhook === undefined ? 'is missing: strategy "Webhook" needs it' : `must be an object, got ${show(webhook)}`);
      return undefined;
    }
    this.unknownKeys(webhook, webhookPath, WEBHOOK_KEYS, () => 'is not a field of a conversion webhook: the API server refuses it');
    const url = this.readClientConfig(own(webhook, 'clientConfig'), field(webhookPath, 'clientConfig'));
    const reviewPath = field(webhookPath, 'conversionReviewVersions');
    const reviewVersions = this.optionalStrings(own(webhook, 'conversionReviewVersions'), reviewPath);
    if (own(webhook, 'conversionReviewVersions') === undefined || (reviewVersions !== undefined && reviewVersions.length === 0)) {
      this.problem(reviewPath, 'is missing: apiextensions.k8s.io/v1 requires the ConversionReview versions the webhook understands',
        'add conversionReviewVersions: ["v1"]');
      return undefined;
    }
    if (url === undefined || reviewVersions === undefined) return undefined;
    return {
      value: Conversion.webhook({
        url: url.url,
        ...(url.caBundle !== undefined ? { caBundle: url.caBundle } : {}),
        conversionReviewVersions: reviewVersions,
      }),
    };
  }

  private readClientConfig(clientConfig: unknown, path: string): { url: string; caBundle?: string } | undefined {
    if (!isObject(clientConfig)) {
      this.problem(path, clientConfig === undefined ? 'is missing: strategy "Webhook" needs the webhook\'s url' : `must be an object, got ${show(clientConfig)}`);
      return undefined;
    }
    this.unknownKeys(clientConfig, path, CLIENT_CONFIG_KEYS, () => 'is not a field of a webhook client config: the API server refuses it');
    const service = own(clientConfig, 'service');
    if (service !== undefined) {
      this.problem(field(path, 'service'), `${show(service)} has no home in kube-bind: a BoundSchema reaches its conversion webhook by url only, `
        + 'and the consumer cluster\'s API server, which calls it, cannot resolve a service of the provider cluster',
      `replace the service by a url reachable from consumer clusters, e.g. ${show(serviceUrlExample(service))}`);
    }
    const url = own(clientConfig, 'url');
    const urlPath = field(path, 'url');
    if (url === undefined && service === undefined) this.problem(urlPath, 'is missing: kube-bind calls conversion webhooks by url');
    if (url !== undefined && typeof url !== 'string') this.problem(urlPath, `must be a string, got ${show(url)}`);
    const caBundle = own(clientConfig, 'caBundle');
    const caPath = field(path, 'caBundle');
    if (caBundle !== undefined && (typeof caBundle !== 'string' || !isBase64(caBundle))) {
      this.problem(caPath, `must be base64 (of a PEM bundle), got ${show(caBundle)}`,
        typeof caBundle === 'string' && caBundle.includes('-----BEGIN') ? 'the CRD holds PEM text: encode it with base64' : undefined);
      return undefined;
    }
    if (typeof url !== 'string' || service !== undefined) return undefined;
    return { url, ...(caBundle !== undefined && caBundle !== '' ? { caBundle } : {}) };
  }

  // -------------------------------------------------------------------------
  // Small readers: each reports its own finding and returns undefined on it.

  private unknownKeys(obj: { [key: string]: any }, path: string, known: readonly string[], why: (key: string) => string): void {
    for (const key of Object.keys(obj)) {
      if (known.includes(key)) continue;
      this.problem(field(path, key), `${why(key)}${didYouMean(key, known)}`);
    }
  }

  private nonEmptyString(value: unknown, path: string): string | undefined {
    if (value === undefined || value === '') {
      this.problem(path, value === undefined ? 'is missing' : 'is empty');
      return undefined;
    }
    if (typeof value !== 'string') {
      this.problem(path, `must be a string, got ${show(value)}`);
      return undefined;
    }
    return value;
  }

  private enumValue(value: unknown, path: string, allowed: readonly string[]): string | undefined {
    if (typeof value === 'string' && allowed.includes(value)) return value;
    this.problem(path, value === undefined ? `is missing: it ${oneOf(allowed)}` : `${show(value)} ${oneOf(allowed)}${didYouMean(value, allowed)}`);
    return undefined;
  }

  private requiredString(value: unknown, path: string): string | undefined {
    if (value === undefined) {
      this.problem(path, 'is missing');
      return undefined;
    }
    return this.optionalString(value, path);
  }

  private optionalString(value: unknown, path: string): string | undefined {
    if (value === undefined || typeof value === 'string') return value;
    this.problem(path, `must be a string, got ${show(value)}`);
    return undefined;
  }

  private optionalBoolean(value: unknown, path: string): boolean | undefined {
    if (value === undefined || typeof value === 'boolean') return value;
    this.problem(path, `must be true or false, got ${show(value)}`);
    return undefined;
  }

  private optionalStrings(value: unknown, path: string): string[] | undefined {
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) {
      this.problem(path, `must be a list of strings, got ${show(value)}`);
      return undefined;
    }
    const bad = value.findIndex(v => typeof v !== 'string');
    if (bad >= 0) {
      this.problem(item(path, bad), `must be a string, got ${show(value[bad])}`);
      return undefined;
    }
    return [...value];
  }
}

function serviceUrlExample(service: unknown): string {
  const name = own(service, 'name');
  const namespace = own(service, 'namespace');
  const port = own(service, 'port');
  const path = own(service, 'path');
  const host = typeof name === 'string' && typeof namespace === 'string' ? `${name}.${namespace}.example.com` : 'webhook.example.com';
  const portPart = typeof port === 'number' && port !== 443 ? `:${port}` : '';
  const pathPart = typeof path === 'string' ? (path.startsWith('/') ? path : `/${path}`) : '/convert';
  return `https://${host}${portPart}${pathPart}`;
}

/** A value as a message shows it: `missing` for an absent key. */
function showSide(value: unknown): string {
  return value === MISSING ? 'missing' : show(value);
}


/** Where two values differ (a path relative to where the comparison began) and what each side holds there. */
export interface SchemaDifference {
  readonly path: string;
  readonly left: unknown;
  readonly right: unknown;
}

/**
 * The first place where two JSON values differ, key order ignored (keys are
 * visited in sorted order), with the value on each side (`MISSING` for an
 * absent key or item). Iterative, so that deep nesting cannot exhaust the stack.
 */
export function schemaDifference(left: unknown, right: unknown, path: string): SchemaDifference | undefined {
  // Tasks run last-in first-out; children are pushed in reverse so that the first difference in document order wins.
  const tasks: Array<SchemaDifference & { readonly found?: true }> = [{ path, left, right }];
  while (tasks.length > 0) {
    const task = tasks.pop()!;
    if (task.found) return { path: task.path, left: task.left, right: task.right };
    const a = task.left;
    const b = task.right;
    if (Array.isArray(a) && Array.isArray(b)) {
      const next: Array<SchemaDifference & { readonly found?: true }> = [];
      for (let i = 0; i < Math.max(a.length, b.length); i++) {
        const at = item(task.path, i);
        if (i < a.length && i < b.length) next.push({ path: at, left: a[i], right: b[i] });
        else next.push({ path: at, left: i < a.length ? a[i] : MISSING, right: i < b.length ? b[i] : MISSING, found: true });
      }
      tasks.push(...next.reverse());
    } else if (isObject(a) && isObject(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
      const next: Array<SchemaDifference & { readonly found?: true }> = [];
      for (const key of keys) {
        const inA = Object.prototype.hasOwnProperty.call(a, key);
        const inB = Object.prototype.hasOwnProperty.call(b, key);
        const at = /^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(key) ? `${task.path}.${key}` : `${task.path}[${key}]`;
        if (inA && inB) next.push({ path: at, left: a[key], right: b[key] });
        else next.push({ path: at, left: inA ? a[key] : MISSING, right: inB ? b[key] : MISSING, found: true });
      }
      tasks.push(...next.reverse());
    } else if (!(Object.is(a, b) || a === b)) {
      return { path: task.path, left: a, right: b };
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// BoundSchema -> CRD

/**
 * The CustomResourceDefinition the consumer cluster gets for a BoundSchema,
 * as its API server stores it (defaults written out, see the module comment).
 * Reads either schema form kube-bind writes: `{ openAPIV3Schema }` or the
 * schema itself. Total: what is missing or mistyped is left out.
 */
export function crdFromBoundSchema(manifest: unknown): Manifest {
  return storedCrd(own(manifest, 'spec'), v => boundSchemaVersionSchema(v), true);
}

/**
 * A CRD as the API server stores it, reduced to what a BoundSchema carries
 * (see the module comment). For every CRD `boundSchemaManifestFromCrd`
 * accepts, `crdFromBoundSchema` of its manifest equals `normalizeCrd(crd)`.
 */
export function normalizeCrd(crd: unknown): Manifest {
  const spec = own(crd, 'spec');
  const versions = own(spec, 'versions');
  // A version neither served nor stored is not exported (see boundSchemaPropsFromCrd).
  const exported = Array.isArray(versions) ? versions.filter(v => !isObject(v) || own(v, 'served') === true || own(v, 'storage') === true) : versions;
  return storedCrd(isObject(spec) ? { ...spec, versions: exported } : spec, v => own(own(v, 'schema'), 'openAPIV3Schema'), false);
}

/**
 * The CRD both functions above build from a definition-like spec; they differ
 * only in where a version keeps its schema and whether `served` defaults to true.
 */
function storedCrd(spec: unknown, schemaOf: (version: Manifest) => unknown, servedByDefault: boolean): Manifest {
  const group = own(spec, 'group');
  const names = namesWithDefaults(own(spec, 'names'));
  const plural = own(names, 'plural');
  const versions = own(spec, 'versions');
  return {
    apiVersion: CRD_API_VERSION,
    kind: CRD_KIND,
    metadata: { name: `${typeof plural === 'string' ? plural : ''}.${typeof group === 'string' ? group : ''}` },
    spec: {
      ...(group !== undefined ? { group } : {}),
      names,
      ...(own(spec, 'scope') !== undefined ? { scope: own(spec, 'scope') } : {}),
      versions: Array.isArray(versions) ? versions.filter(isObject).map(v => versionForCrd(v, schemaOf(v), servedByDefault)) : [],
      conversion: conversionForCrd(own(spec, 'conversion')),
    },
  };
}

/** The openAPIV3Schema of a BoundSchema version, in either form kube-bind writes. */
function boundSchemaVersionSchema(version: { [key: string]: any }): unknown {
  const schema = own(version, 'schema');
  return isObject(schema) && Object.prototype.hasOwnProperty.call(schema, 'openAPIV3Schema') ? own(schema, 'openAPIV3Schema') : schema;
}

/** `names` with Kubernetes' defaults written out: singular is the lowercased kind, listKind `<kind>List`. */
function namesWithDefaults(names: unknown): { [key: string]: any } {
  const kind = own(names, 'kind');
  const plural = own(names, 'plural');
  const singular = own(names, 'singular');
  const listKind = own(names, 'listKind');
  const shortNames = own(names, 'shortNames');
  const categories = own(names, 'categories');
  const kindText = typeof kind === 'string' ? kind : '';
  const singularOut = typeof singular === 'string' && singular !== '' ? singular : goToLower(kindText);
  const listKindOut = typeof listKind === 'string' && listKind !== '' ? listKind : kindText !== '' ? `${kindText}List` : '';
  return {
    ...(kind !== undefined ? { kind } : {}),
    ...(plural !== undefined ? { plural } : {}),
    ...(singularOut !== '' ? { singular: singularOut } : {}),
    ...(listKindOut !== '' ? { listKind: listKindOut } : {}),
    ...(Array.isArray(shortNames) && shortNames.length > 0 ? { shortNames: [...shortNames] } : {}),
    ...(Array.isArray(categories) && categories.length > 0 ? { categories: [...categories] } : {}),
  };
}

/**
 * One version of the CRD. `servedByDefault` is kube-bind's default for a
 * missing `served` (true); a CRD reads it as false.
 */
function versionForCrd(version: { [key: string]: any }, schema: unknown, servedByDefault: boolean): Manifest {
  const served = own(version, 'served');
  const deprecationWarning = own(version, 'deprecationWarning');
  const columns = own(version, 'additionalPrinterColumns');
  const subresources = subresourcesForCrd(own(version, 'subresources'));
  return {
    name: own(version, 'name'),
    served: typeof served === 'boolean' ? served : servedByDefault,
    storage: own(version, 'storage') === true,
    ...(own(version, 'deprecated') === true ? { deprecated: true } : {}),
    ...(deprecationWarning !== undefined ? { deprecationWarning } : {}),
    schema: { openAPIV3Schema: copySchema(schema) },
    ...(Array.isArray(columns) && columns.length > 0
      ? { additionalPrinterColumns: columns.filter(isObject).map(c => renderPrinterColumn(c as PrinterColumn)) }
      : {}),
    ...(subresources !== undefined ? { subresources } : {}),
  };
}

function subresourcesForCrd(subresources: unknown): { [key: string]: any } | undefined {
  if (!isObject(subresources)) return undefined;
  const scale = own(subresources, 'scale');
  return renderSubresources({
    status: isObject(own(subresources, 'status')),
    ...(isObject(scale) ? {
      scale: {
        specReplicasPath: own(scale, 'specReplicasPath'),
        statusReplicasPath: own(scale, 'statusReplicasPath'),
        ...(own(scale, 'labelSelectorPath') !== undefined ? { labelSelectorPath: own(scale, 'labelSelectorPath') } : {}),
      },
    } : {}),
  });
}

/** The conversion of the CRD: the webhook only with strategy Webhook, as Kubernetes and kube-bind's BoundSchemaToCRD. */
function conversionForCrd(conversion: unknown): Manifest {
  const strategy = own(conversion, 'strategy');
  if (!isObject(conversion) || strategy === undefined) return { strategy: 'None' };
  const webhook = own(conversion, 'webhook');
  if (strategy !== 'Webhook' || !isObject(webhook)) return { strategy };
  const clientConfig = own(webhook, 'clientConfig');
  const reviewVersions = own(webhook, 'conversionReviewVersions');
  const url = own(clientConfig, 'url');
  const caBundle = own(clientConfig, 'caBundle');
  return {
    strategy,
    webhook: {
      ...(isObject(clientConfig) ? {
        clientConfig: { ...(url !== undefined ? { url } : {}), ...(caBundle !== undefined && caBundle !== '' ? { caBundle } : {}) },
      } : {}),
      ...(Array.isArray(reviewVersions) ? { conversionReviewVersions: [...reviewVersions] } : {}),
    },
  };
}

// ---------------------------------------------------------------------------
// BoundSchemas -> APIServiceExport

/**
 * The v1alpha2 APIServiceExport that exports `schemas` (BoundSchema
 * manifests): one resource per group/plural, first one wins, with the names
 * of its served versions. Entries that are not BoundSchemas with a group and
 * a plural are skipped.
 */
export function exportForSchemas(schemas: readonly unknown[], options: ExportForSchemasOptions): Manifest {
  const list = Array.isArray(schemas) ? schemas.filter(s => own(s, 'kind') === 'BoundSchema') : [];
  const resources: Manifest[] = [];
  const seen = new Set<string>();
  for (const schema of list) {
    const spec = own(schema, 'spec');
    const group = own(spec, 'group');
    const plural = own(own(spec, 'names'), 'plural');
    if (typeof group !== 'string' || typeof plural !== 'string' || plural === '') continue;
    const key = JSON.stringify([group, plural]);
    if (seen.has(key)) continue;
    seen.add(key);
    const versions = own(spec, 'versions');
    const served = Array.isArray(versions)
      ? versions.filter(v => isObject(v) && own(v, 'served') !== false && typeof own(v, 'name') === 'string').map(v => own(v, 'name') as string)
      : [];
    resources.push({ group, resource: plural, versions: served });
  }
  const namespace = options.namespace ?? shared(list.map(s => own(own(s, 'metadata'), 'namespace')));
  const informerScope = options.informerScope ?? shared(list.map(s => own(own(s, 'spec'), 'informerScope'))) ?? 'Cluster';
  return {
    apiVersion: `${options.kubeBindGroup ?? DEFAULT_GROUP}/v1alpha2`,
    kind: 'APIServiceExport',
    metadata: { name: options.name, ...(namespace !== undefined && namespace !== '' ? { namespace } : {}) },
    spec: {
      resources,
      isolation: options.isolation ?? 'Prefixed',
      informerScope,
    },
  };
}

/** The string every value equals, or undefined when they differ or there is none. */
function shared(values: unknown[]): string | undefined {
  const first = values[0];
  return typeof first === 'string' && values.every(v => v === first) ? first : undefined;
}
