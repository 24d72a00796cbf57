/**
 * A CustomResourceDefinition read as what a BoundSchema needs: plain data
 * (group, names, scopes, versions, one schema, conversion) that the
 * `BoundSchema` construct and `bound-schema-manifest.ts` both map, so that
 * this module depends on no construct.
 *
 * Pure and total: it reads plain objects (parsed YAML, possibly hostile),
 * never mutates them, never throws, and reports what it cannot carry over as
 * `problems` (the result is then withheld) or, for what it carries over with
 * a change, as `notes`. The top level is read here; versions in
 * `exported-versions.ts` and `crd-version.ts`, the conversion in
 * `crd-conversion.ts`.
 */
import { CRD_API_VERSION, CRD_KIND, crdLabel } from './crd';
import { readCrdConversion } from './crd-conversion';
import { CrdFindings } from './crd-findings';
import { readExportedVersions } from './exported-versions';
import { DEFAULT_INFORMER_SCOPE, INFORMER_SCOPES, RESOURCE_SCOPES } from '../model';
import { InformerScope, Scope } from '../model/enums';
import { isCrd } from '../model/kinds';
import { isObject, own } from '../model/manifest';
import { didYouMean, oneOf, show } from '../rules/engine/messages';
import { field } from '../rules/engine/paths';
import { Conversion } from '../values/conversion';
import { ResourceNames } from '../values/resource-names';
import { ResourceVersion } from '../values/resource-version';

const SCOPES = RESOURCE_SCOPES;
// The fields apiextensions.k8s.io/v1 knows; anything else the API server refuses.
const SPEC_KEYS = ['group', 'names', 'scope', 'versions', 'conversion', 'preserveUnknownFields'];
// Fields of v1beta1 that moved into each version in v1: named as such, since that is the likely mistake.
const V1BETA1_SPEC_KEYS = ['validation', 'version', 'subresources', 'additionalPrinterColumns'];
const NAMES_KEYS = ['kind', 'plural', 'singular', 'listKind', 'shortNames', 'categories'];

/**
 * What a BoundSchema construct needs, read from a CRD: its props without
 * metadata and kube-bind group, with scope, informer scope and versions
 * always set. `BoundSchema.fromCrd` adds the rest.
 */
export interface BoundSchemaPropsFromCrd {
  readonly group: string;
  readonly names: ResourceNames;
  readonly scope: Scope;
  readonly informerScope: InformerScope;
  /** The `openAPIV3Schema` every version shares (a copy). */
  readonly schema: any;
  readonly versions: ResourceVersion[];
  /** A missing conversion is written out as strategy None, the server's default. */
  readonly conversion: Conversion;
}

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
  /**
   * Whether the CRD itself is what gets printed, metadata and all
   * (`from-crd --template` prints it labelled): then nothing of its metadata
   * is dropped, and no note says so. By default a BoundSchema carries the
   * name only.
   */
  readonly keepsMetadata?: boolean;
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

/**
 * Reads a CustomResourceDefinition (`apiextensions.k8s.io/v1`) as the props of
 * a BoundSchema. Refuses what kube-bind or Kubernetes refuse, and what has no
 * home in a BoundSchema, with one problem per finding.
 */
export function boundSchemaPropsFromCrd(crd: unknown, options: FromCrdOptions = {}): FromCrdResult {
  try {
    return readCrd(crd, options);
  } catch (e) {
    // Only pathological input gets here (for instance nesting deep enough to exhaust the stack).
    return { problems: [`${crdLabel(crd)}: could not be read: ${e instanceof Error ? e.message : String(e)}`], notes: [] };
  }
}

function readCrd(crd: unknown, options: FromCrdOptions): FromCrdResult {
  if (!isObject(crd)) {
    return { problems: [`input is not an object (got ${show(crd)}): expected a CustomResourceDefinition of ${CRD_API_VERSION}`], notes: [] };
  }
  const findings = new CrdFindings(crdLabel(crd));
  const withheld = (): FromCrdResult => ({ problems: findings.problems, notes: findings.notes });
  if (!readTypeMeta(findings, crd)) return withheld();

  const spec = own(crd, 'spec');
  if (!isObject(spec)) {
    findings.problem('spec', spec === undefined ? 'is missing' : `must be an object, got ${show(spec)}`);
    return withheld();
  }
  findings.unknownKeys(spec, 'spec', SPEC_KEYS, key => V1BETA1_SPEC_KEYS.includes(key)
    ? 'is an apiextensions.k8s.io/v1beta1 field: in v1 it lives in each of spec.versions[*]'
    : 'is not a field of a CustomResourceDefinition spec: the API server refuses it');

  // Every part is read even after a problem, so that one run lists them all.
  const group = findings.nonEmptyString(own(spec, 'group'), 'spec.group');
  const names = readNames(findings, own(spec, 'names'));
  const scope = findings.enumValue(own(spec, 'scope'), 'spec.scope', SCOPES);
  const informerScope = readInformerScope(findings, options.informerScope, scope);
  const versions = readExportedVersions(findings, own(spec, 'versions'), options.versions);
  const conversion = readCrdConversion(findings, spec, versions?.versions.length ?? 0);
  readPreserveUnknownFields(findings, own(spec, 'preserveUnknownFields'));
  if (group !== undefined && names !== undefined) readMetadata(findings, crd, `${names.plural}.${group}`, options.keepsMetadata === true);
  if (own(crd, 'status') !== undefined) findings.note('status', 'is dropped: the consumer cluster\'s API server fills the status of the CRD it creates');

  if (findings.problemCount > 0 || group === undefined || names === undefined || scope === undefined
    || informerScope === undefined || versions === undefined || conversion === undefined) {
    return withheld();
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
    notes: findings.notes,
  };
}

/** Whether the object is a v1 CRD; the rest is not read when it is not. */
function readTypeMeta(findings: CrdFindings, crd: { [key: string]: any }): boolean {
  if (isCrd(crd)) return true;
  const kind = own(crd, 'kind');
  const apiVersion = own(crd, 'apiVersion');
  if (kind !== CRD_KIND) {
    findings.problem('kind', `${show(kind)} is not a ${CRD_KIND}: only CRDs (${CRD_API_VERSION}) can become a BoundSchema`);
    return false;
  }
  if (apiVersion === 'apiextensions.k8s.io/v1beta1') {
    findings.problem('apiVersion', `${show(apiVersion)} is not supported: kube-bind reads CRDs as ${CRD_API_VERSION}`,
      'convert the CRD to apiextensions.k8s.io/v1 first: schema, subresources and printer columns move into spec.versions[*]');
    return false;
  }
  findings.problem('apiVersion', `${show(apiVersion)} must be ${show(CRD_API_VERSION)}`);
  return false;
}

function readPreserveUnknownFields(findings: CrdFindings, value: unknown): void {
  if (value === true) {
    findings.problem('spec.preserveUnknownFields', 'is true, which a BoundSchema cannot express (and apiextensions.k8s.io/v1 no longer accepts)',
      'remove it and mark the schema nodes that keep unknown fields with x-kubernetes-preserve-unknown-fields: true');
  } else if (value !== undefined && value !== false) {
    findings.problem('spec.preserveUnknownFields', `must be a boolean, got ${show(value)}`);
  }
}

/** Checks the name; every other metadata field is dropped, with one note, unless the CRD itself is printed (`kept`). */
function readMetadata(findings: CrdFindings, crd: { [key: string]: any }, expectedName: string, kept: boolean): void {
  const metadata = own(crd, 'metadata');
  if (metadata === undefined) return;
  if (!isObject(metadata)) {
    findings.problem('metadata', `must be an object, got ${show(metadata)}`);
    return;
  }
  const name = own(metadata, 'name');
  if (name !== undefined && name !== expectedName) {
    findings.problem('metadata.name', `${show(name)} must be ${show(expectedName)}: Kubernetes names a CRD <spec.names.plural>.<spec.group>`);
  }
  const dropped = Object.keys(metadata).filter(k => k !== 'name').map(k => field('metadata', k));
  if (dropped.length > 0 && !kept) findings.note('', `${dropped.join(', ')} ${dropped.length === 1 ? 'is' : 'are'} not carried into the BoundSchema`);
}

function readInformerScope(findings: CrdFindings, option: string | undefined, scope: string | undefined): string | undefined {
  // kube-bind's CRDToBoundSchema (sdk/apis/kubebind/v1alpha2/helpers) uses the CRD's scope: Cluster or Namespaced.
  const value = option ?? scope ?? DEFAULT_INFORMER_SCOPE;
  if (!INFORMER_SCOPES.includes(value)) {
    findings.problem('', `informerScope option ${show(value)} ${oneOf(INFORMER_SCOPES)}${didYouMean(value, INFORMER_SCOPES)}`);
    return undefined;
  }
  // A cluster-scoped CRD with informerScope Namespaced is made all the same: the rules judge the pair (KB070).
  return value;
}

/** `spec.names`, with empty optional names left out (they are the server's defaults). */
function readNames(findings: CrdFindings, names: unknown): ResourceNames | undefined {
  const path = 'spec.names';
  if (!isObject(names)) {
    findings.problem(path, names === undefined ? 'is missing' : `must be an object, got ${show(names)}`);
    return undefined;
  }
  findings.unknownKeys(names, path, NAMES_KEYS, () => 'is not a field of names: the API server refuses it');
  const kind = findings.nonEmptyString(own(names, 'kind'), field(path, 'kind'));
  const plural = findings.nonEmptyString(own(names, 'plural'), field(path, 'plural'));
  const singular = findings.optionalString(own(names, 'singular'), field(path, 'singular'));
  const listKind = findings.optionalString(own(names, 'listKind'), field(path, 'listKind'));
  const shortNames = findings.optionalStrings(own(names, 'shortNames'), field(path, 'shortNames'));
  const categories = findings.optionalStrings(own(names, 'categories'), field(path, 'categories'));
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
