/**
 * An embedded resource (`x-kubernetes-embedded-resource: true`) as the API
 * server checks one in a value, a default included: `validateEmbeddedResource`
 * of apiextensions-apiserver pkg/apiserver/schema/objectmeta/validation.go
 * (Kubernetes 1.36), which `structuraldefaulting.ValidateDefaults` runs on
 * every default (pkg/apiserver/schema/defaulting/validation.go): apiVersion
 * and kind required and well-formed, and metadata decoded into ObjectMeta
 * (`GetObjectMeta`) and checked by `ValidateObjectMeta` with path-segment
 * names (`validatePathSegment`).
 */
import { dns1035LabelErrors, goToLower } from './names';
import { jsonType, MetaError, namespaceNameErrors, validateAnnotations, validateFinalizers, validateLabels, validateOwnerReferences } from './object-meta';

const isPlainObject = (v: unknown): v is { [key: string]: unknown } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Mirrors validateEmbeddedResource on the object `value` found at `path`. */
export function embeddedResourceErrors(value: { [key: string]: unknown }, path: string): MetaError[] {
  const out: MetaError[] = [];
  // "require apiVersion and kind, but not metadata"
  for (const key of ['apiVersion', 'kind']) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) out.push({ path: `${path}.${key}`, value: undefined, what: 'value', problems: ['Required value'] });
  }
  const apiVersion = value.apiVersion;
  if (Object.prototype.hasOwnProperty.call(value, 'apiVersion')) {
    const problem = typeof apiVersion !== 'string' ? 'must be a string' : apiVersion === '' ? 'must not be empty' : parseGroupVersionError(apiVersion);
    if (problem !== undefined) out.push({ path: `${path}.apiVersion`, value: apiVersion, what: 'value', problems: [problem] });
  }
  const kind = value.kind;
  if (Object.prototype.hasOwnProperty.call(value, 'kind')) {
    const errors = typeof kind === 'string' && kind !== '' ? dns1035LabelErrors(goToLower(kind)) : [];
    const problem = typeof kind !== 'string' ? 'must be a string' : kind === '' ? 'must not be empty'
      : errors.length > 0 ? `may have mixed case, but should otherwise match: ${errors.join(',')}` : undefined;
    if (problem !== undefined) out.push({ path: `${path}.kind`, value: kind, what: 'value', problems: [problem] });
  }
  if (Object.prototype.hasOwnProperty.call(value, 'metadata')) out.push(...embeddedMetadataErrors(value.metadata, `${path}.metadata`));
  return out;
}

/** Mirrors schema.ParseGroupVersion: at most one "/". */
function parseGroupVersionError(apiVersion: string): string | undefined {
  return apiVersion.split('/').length > 2 ? `unexpected GroupVersion string: ${apiVersion}` : undefined;
}

/**
 * GetObjectMeta (coerce.go) then ValidateObjectMeta(meta, namespace != "",
 * validatePathSegment): a missing name is "fakename", so neither name nor
 * generateName is required.
 */
function embeddedMetadataErrors(metadata: unknown, path: string): MetaError[] {
  if (metadata === undefined || metadata === null) return [];
  if (!isPlainObject(metadata)) return [{ path, value: metadata, what: 'decode', problems: [`invalid metadata: expected object, got ${jsonType(metadata)}`] }];
  const out: MetaError[] = [];
  for (const key of ['name', 'generateName', 'namespace']) {
    const v = metadata[key];
    if (v !== undefined && v !== null && typeof v !== 'string') out.push({ path: `${path}.${key}`, value: v, what: 'decode', problems: [`must be a string, not a ${jsonType(v)}`] });
  }
  if (typeof metadata.generateName === 'string' && metadata.generateName !== '') {
    const problems = pathSegmentErrors(metadata.generateName, true);
    if (problems.length > 0) out.push({ path: `${path}.generateName`, value: metadata.generateName, what: 'value', problems });
  }
  if (typeof metadata.name === 'string' && metadata.name !== '') {
    const problems = pathSegmentErrors(metadata.name, false);
    if (problems.length > 0) out.push({ path: `${path}.name`, value: metadata.name, what: 'value', problems });
  }
  if (typeof metadata.namespace === 'string' && metadata.namespace !== '') {
    const problems = namespaceNameErrors(metadata.namespace, false);
    if (problems.length > 0) out.push({ path: `${path}.namespace`, value: metadata.namespace, what: 'value', problems });
  }
  out.push(...validateLabels(metadata.labels, `${path}.labels`));
  out.push(...validateAnnotations(metadata.annotations, `${path}.annotations`));
  out.push(...validateOwnerReferences(metadata.ownerReferences, `${path}.ownerReferences`));
  out.push(...validateFinalizers(metadata.finalizers, `${path}.finalizers`));
  return out;
}

/** Mirrors content.IsPathSegmentName and IsPathSegmentPrefix (apimachinery pkg/api/validate/content). */
export function pathSegmentErrors(name: string, prefix: boolean): string[] {
  const out: string[] = [];
  if (!prefix && (name === '.' || name === '..')) out.push(`may not be '${name}'`);
  for (const illegal of ['/', '%']) if (name.includes(illegal)) out.push(`may not contain '${illegal}'`);
  return out;
}

/** One line for a list of metadata errors, as field.ErrorList.ToAggregate reads: `path: value: problems`. */
export function describeMetaErrors(errors: readonly MetaError[]): string {
  return errors.map(e => `${e.path}: ${e.problems.join('; ')}`).join(', ');
}
