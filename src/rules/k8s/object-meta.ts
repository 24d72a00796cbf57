/**
 * An object's metadata as the API server checks it on create: apimachinery's
 * `ValidateObjectMetaAccessor` and the functions it calls
 * (k8s.io/apimachinery `pkg/api/validation/objectmeta.go` and `generic.go`,
 * `pkg/apis/meta/v1/validation/validation.go`; Kubernetes 1.36), written
 * again in TypeScript. Custom resources and CustomResourceDefinitions both
 * go through it with `NameIsDNSSubdomain` as their name function
 * (apiextensions-apiserver `pkg/registry/customresource/validator.go` and
 * `pkg/apis/apiextensions/validation/validation.go`).
 *
 * Each function returns field errors, as Kubernetes' do: the path of the
 * field, its value and what is wrong with it. Before validation the server
 * decodes the metadata into Go's `ObjectMeta` (apiextensions-apiserver
 * `pkg/apiserver/schema/objectmeta/coerce.go`, `GetObjectMeta` without
 * dropping malformed fields on a request): a value of the wrong JSON type
 * (an annotation `3` instead of `"3"`) is refused there, so these functions
 * report it too, as a `decode` error.
 */
import { isRfc3339 } from './formats';
import { dns1123LabelErrors, dns1123SubdomainErrors, goToLower, labelValueErrors, qualifiedNameErrors } from './names';

/** One problem of one metadata field. */
export interface MetaError {
  /** The field, in kubectl's notation (`metadata.labels[app]`). */
  readonly path: string;
  /** The offending value (for a map entry's key, the key). */
  readonly value: unknown;
  /** What is wrong with it, in Kubernetes' words where it has some. */
  readonly problems: readonly string[];
  /**
   * `decode`: the value has the wrong JSON type, so the server cannot read it
   * into ObjectMeta at all; `key`: the key of a map entry is wrong (the value
   * is the key); `value`: the value is wrong; `size`: the total size.
   */
  readonly what: 'decode' | 'key' | 'value' | 'size';
}

/** `TotalAnnotationSizeLimitB` of objectmeta.go: keys and values together, in bytes. */
export const TOTAL_ANNOTATION_SIZE_LIMIT_BYTES = 256 * 1024;

/** `metav1.FinalizerOrphanDependents` and `FinalizerDeleteDependents`, which cannot be set together. */
export const FINALIZER_ORPHAN_DEPENDENTS = 'orphan';
export const FINALIZER_DELETE_DEPENDENTS = 'foregroundDeletion';

/**
 * `BannedOwners` of objectmeta.go: core Events cannot own objects (the
 * garbage collector would delete what an Event owns as soon as it expires).
 */
const BANNED_OWNERS: readonly string[] = ['v1/Event'];

/**
 * Mirrors `maskTrailingDash` of generic.go: a name given as a prefix may end
 * in a dash (generated characters follow it). Go replaces the last two
 * characters by "a", not only the dash: mirrored exactly.
 */
function maskTrailingDash(name: string): string {
  return name.length > 1 && name.endsWith('-') ? `${name.slice(0, -2)}a` : name;
}

/** Mirrors `NameIsDNSSubdomain` (generic.go), the name function of custom resources and CRDs. */
export function nameIsDnsSubdomain(name: string, prefix: boolean): string[] {
  return dns1123SubdomainErrors(prefix ? maskTrailingDash(name) : name);
}

/** Mirrors `ValidateNamespaceName` (= `NameIsDNSLabel`, generic.go). */
export function namespaceNameErrors(name: string, prefix: boolean): string[] {
  return dns1123LabelErrors(prefix ? maskTrailingDash(name) : name);
}

/** `path[key]`, the entry of a map in kubectl's notation (a key of digits or holding "]" quoted). */
export function entryPath(path: string, key: string): string {
  return /^[0-9]+$/.test(key) || key.includes(']') ? `${path}[${JSON.stringify(key)}]` : `${path}[${key}]`;
}

const isPlainObject = (v: unknown): v is { [key: string]: unknown } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What the value is in JSON, for a decode error. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  return typeof value === 'object' ? 'map' : typeof value;
}

/**
 * The entries of a `map[string]string` field as Go's JSON decoder reads
 * them: a null value decodes to "", any other non-string is a decode error.
 * Returns the string entries; the errors go to `out`.
 */
function stringMap(value: unknown, path: string, out: MetaError[]): Array<[string, string]> {
  if (value === undefined || value === null) return [];
  if (!isPlainObject(value)) {
    out.push({ path, value, what: 'decode', problems: [`must be a map of strings, not a ${jsonType(value)}`] });
    return [];
  }
  const entries: Array<[string, string]> = [];
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'string' || v === null) entries.push([key, v ?? '']);
    else out.push({ path: entryPath(path, key), value: v, what: 'decode', problems: [`must be a string, not a ${jsonType(v)}`] });
  }
  return entries;
}

/** Mirrors `ValidateLabels` (meta/v1/validation): keys are qualified names, values label values. */
export function validateLabels(labels: unknown, path: string): MetaError[] {
  const out: MetaError[] = [];
  for (const [key, value] of stringMap(labels, path, out)) {
    const keyProblems = qualifiedNameErrors(key);
    if (keyProblems.length > 0) out.push({ path: entryPath(path, key), value: key, what: 'key', problems: keyProblems });
    const valueProblems = labelValueErrors(value);
    if (valueProblems.length > 0) out.push({ path: entryPath(path, key), value, what: 'value', problems: valueProblems });
  }
  return out;
}

/**
 * Mirrors `ValidateAnnotations` and `ValidateAnnotationsSize`: keys are
 * qualified names once lowercased (Go's `strings.ToLower`), and keys and
 * values together hold at most 256 KiB (Go's `len`: UTF-8 bytes).
 */
export function validateAnnotations(annotations: unknown, path: string): MetaError[] {
  const out: MetaError[] = [];
  let total = 0;
  for (const [key, value] of stringMap(annotations, path, out)) {
    const keyProblems = qualifiedNameErrors(goToLower(key));
    if (keyProblems.length > 0) out.push({ path: entryPath(path, key), value: key, what: 'key', problems: keyProblems });
    total += Buffer.byteLength(key, 'utf8') + Buffer.byteLength(value, 'utf8');
  }
  if (total > TOTAL_ANNOTATION_SIZE_LIMIT_BYTES) {
    out.push({ path, value: total, what: 'size', problems: [`must have at most ${TOTAL_ANNOTATION_SIZE_LIMIT_BYTES} bytes`] });
  }
  return out;
}

/**
 * Mirrors `ValidateFinalizers` and `ValidateFinalizerName`: each a qualified
 * name, and `orphan` and `foregroundDeletion` not both.
 */
export function validateFinalizers(finalizers: unknown, path: string): MetaError[] {
  if (finalizers === undefined || finalizers === null) return [];
  if (!Array.isArray(finalizers)) return [{ path, value: finalizers, what: 'decode', problems: [`must be a list of strings, not a ${jsonType(finalizers)}`] }];
  const out: MetaError[] = [];
  finalizers.forEach((finalizer, i) => {
    const at = `${path}[${i}]`;
    if (typeof finalizer !== 'string') {
      out.push({ path: at, value: finalizer, what: 'decode', problems: [`must be a string, not a ${jsonType(finalizer)}`] });
      return;
    }
    const problems = qualifiedNameErrors(finalizer);
    if (problems.length > 0) out.push({ path: at, value: finalizer, what: 'value', problems });
  });
  if (finalizers.includes(FINALIZER_ORPHAN_DEPENDENTS) && finalizers.includes(FINALIZER_DELETE_DEPENDENTS)) {
    out.push({ path, value: finalizers, what: 'value', problems: [`finalizer ${FINALIZER_ORPHAN_DEPENDENTS} and ${FINALIZER_DELETE_DEPENDENTS} cannot be both set`] });
  }
  return out;
}

/**
 * `standardFinalizers` of apiextensions-apiserver's custom resource validator:
 * Kubernetes' own finalizers, which need no domain.
 */
const STANDARD_FINALIZERS: readonly string[] = [FINALIZER_ORPHAN_DEPENDENTS, FINALIZER_DELETE_DEPENDENTS, 'kubernetes'];

/**
 * Mirrors the advice of `validateKubeFinalizerName` (apiextensions-apiserver
 * pkg/registry/customresource/validator.go, Kubernetes 1.36), which the
 * custom resource strategy returns as warnings for each finalizer a create or
 * an update adds (`WarningsOnCreate`, `WarningsOnUpdate`): a finalizer without
 * a "/" that is not Kubernetes' own should be domain-qualified. Its other
 * warnings repeat `ValidateFinalizerName`'s errors, which `validateFinalizers`
 * reports. Undefined when there is nothing to advise.
 */
export function finalizerNameAdvice(finalizer: string): string | undefined {
  if (finalizer.includes('/') || STANDARD_FINALIZERS.includes(finalizer) || qualifiedNameErrors(finalizer).length > 0) return undefined;
  return finalizer.includes('.')
    ? 'prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers'
    : 'prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers';
}

/**
 * Mirrors `schema.ParseGroupVersion` as `validateOwnerReference` uses it:
 * `<version>` or `<group>/<version>`, with a version.
 */
function groupVersionOf(apiVersion: string): { group: string; version: string } | undefined {
  const parts = apiVersion.split('/');
  if (parts.length === 1) return { group: '', version: parts[0] };
  if (parts.length === 2 && parts[1] !== '') return { group: parts[0], version: parts[1] };
  return undefined;
}

const OWNER_STRING_FIELDS = ['apiVersion', 'kind', 'name', 'uid'] as const;

/** Mirrors `validateOwnerReference`: apiVersion, kind, name and uid set, apiVersion parsed, no banned owner. */
function validateOwnerReference(ref: unknown, path: string, out: MetaError[]): void {
  if (!isPlainObject(ref)) {
    out.push({ path, value: ref, what: 'decode', problems: [`must be a map, not a ${jsonType(ref)}`] });
    return;
  }
  for (const key of OWNER_STRING_FIELDS) {
    const value = ref[key];
    const at = `${path}.${key}`;
    if (value !== undefined && value !== null && typeof value !== 'string') {
      out.push({ path: at, value, what: 'decode', problems: [`must be a string, not a ${jsonType(value)}`] });
    } else if (value === undefined || value === null || value === '') {
      out.push({ path: at, value: value ?? '', what: 'value', problems: ['must not be empty'] });
    } else if (key === 'apiVersion' && groupVersionOf(value) === undefined) {
      out.push({ path: at, value, what: 'value', problems: ['must be <group>/<version> or <version>'] });
    }
  }
  for (const key of ['controller', 'blockOwnerDeletion']) {
    const value = ref[key];
    if (value !== undefined && value !== null && typeof value !== 'boolean') {
      out.push({ path: `${path}.${key}`, value, what: 'decode', problems: [`must be a boolean, not a ${jsonType(value)}`] });
    }
  }
  const apiVersion = typeof ref.apiVersion === 'string' ? groupVersionOf(ref.apiVersion) : undefined;
  if (apiVersion !== undefined && apiVersion.group === '' && BANNED_OWNERS.includes(`${apiVersion.version}/${String(ref.kind)}`)) {
    out.push({ path, value: ref, what: 'value', problems: [`${apiVersion.version}, Kind=${String(ref.kind)} is disallowed from being an owner`] });
  }
}

/**
 * Mirrors `dedupOwnerReferences` (k8s.io/apiserver pkg/endpoints/handlers/rest.go,
 * Kubernetes 1.36), which the create and update handlers run before
 * validation: a reference equal to an earlier one, as decoded into
 * metav1.OwnerReference (unknown keys dropped, null as unset), is removed
 * with a warning. Returns, for each such reference, its index and the index
 * of the one it repeats.
 */
export function duplicateOwnerReferences(refs: unknown): Array<{ index: number; repeats: number }> {
  if (!Array.isArray(refs)) return [];
  const kept = new Map<string, number>();
  const out: Array<{ index: number; repeats: number }> = [];
  refs.forEach((ref, index) => {
    const decoded = decodedOwnerReference(ref);
    if (decoded === undefined) return;
    const repeats = kept.get(decoded);
    if (repeats !== undefined) out.push({ index, repeats });
    else kept.set(decoded, index);
  });
  return out;
}

/** An owner reference as Go decodes it, as text for comparison; undefined when it does not decode. */
function decodedOwnerReference(ref: unknown): string | undefined {
  if (!isPlainObject(ref)) return undefined;
  const strings = OWNER_STRING_FIELDS.map(key => ref[key] ?? '');
  const pointers = ['controller', 'blockOwnerDeletion'].map(key => ref[key] ?? null);
  if (strings.some(v => typeof v !== 'string') || pointers.some(v => v !== null && typeof v !== 'boolean')) return undefined;
  return JSON.stringify([...strings, ...pointers]);
}

/**
 * Mirrors `ValidateOwnerReferences`: each reference, and at most one with
 * `controller: true`, after the handler dropped exact duplicates
 * (`duplicateOwnerReferences`).
 */
export function validateOwnerReferences(refs: unknown, path: string): MetaError[] {
  if (refs === undefined || refs === null) return [];
  if (!Array.isArray(refs)) return [{ path, value: refs, what: 'decode', problems: [`must be a list, not a ${jsonType(refs)}`] }];
  const out: MetaError[] = [];
  const dropped = new Set(duplicateOwnerReferences(refs).map(d => d.index));
  let firstController: string | undefined;
  refs.forEach((ref, i) => {
    if (dropped.has(i)) return;
    validateOwnerReference(ref, `${path}[${i}]`, out);
    if (!isPlainObject(ref) || ref.controller !== true) return;
    const current = `${String(ref.kind)}/${String(ref.name)}`;
    if (firstController === undefined) firstController = current;
    else out.push({ path, value: refs, what: 'value', problems: [`Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${current}`] });
  });
  return out;
}

/**
 * The name and generateName of `ValidateObjectMetaAccessor` with
 * `NameIsDNSSubdomain`: generateName checked as a prefix, and a name or a
 * generateName required. (A generated name is generateName, cut to 58
 * characters, and 5 random letters and digits: valid when generateName is.)
 */
export function validateNames(metadata: unknown, path: string): MetaError[] {
  const out: MetaError[] = [];
  const name = isPlainObject(metadata) ? metadata.name : undefined;
  const generateName = isPlainObject(metadata) ? metadata.generateName : undefined;
  const namePath = `${path}.name`;
  const generatePath = `${path}.generateName`;
  if (generateName !== undefined && generateName !== null && typeof generateName !== 'string') {
    out.push({ path: generatePath, value: generateName, what: 'decode', problems: [`must be a string, not a ${jsonType(generateName)}`] });
  } else if (typeof generateName === 'string' && generateName !== '') {
    const problems = nameIsDnsSubdomain(generateName, true);
    if (problems.length > 0) out.push({ path: generatePath, value: generateName, what: 'value', problems });
  }
  if (name !== undefined && name !== null && typeof name !== 'string') {
    out.push({ path: namePath, value: name, what: 'decode', problems: [`must be a string, not a ${jsonType(name)}`] });
  } else if (name === undefined || name === null || name === '') {
    if (typeof generateName !== 'string' || generateName === '') out.push({ path: namePath, value: name ?? '', what: 'value', problems: ['name or generateName is required'] });
  } else {
    const problems = nameIsDnsSubdomain(name, false);
    if (problems.length > 0) out.push({ path: namePath, value: name, what: 'value', problems });
  }
  return out;
}

/**
 * `names.SimpleNameGenerator` (k8s.io/apiserver pkg/storage/names/generate.go,
 * Kubernetes 1.36), which the API server calls for an object sent with
 * generateName and no name, before it validates the object (CEL rules on
 * `self.metadata.name` see the result): the first 58 bytes of generateName,
 * then 5 characters of utilrand's alphabet (k8s.io/apimachinery
 * pkg/util/rand/rand.go), which has no vowels.
 */
const GENERATED_SUFFIX_LENGTH = 5;
const MAX_GENERATE_NAME_BASE = 63 - GENERATED_SUFFIX_LENGTH;
const GENERATED_SUFFIX_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** Whether the server could generate `name` from `generateName` (a valid generateName is ASCII: bytes are characters). */
export function canGenerateName(generateName: string, name: string): boolean {
  const base = generateName.slice(0, MAX_GENERATE_NAME_BASE);
  if (name.length !== base.length + GENERATED_SUFFIX_LENGTH || !name.startsWith(base)) return false;
  return [...name.slice(base.length)].every(ch => GENERATED_SUFFIX_ALPHABET.includes(ch));
}

/**
 * The namespace of `validateObjectMetaAccessorWithOptsCommon`, as far as a
 * file can tell: a DNS label when set. (A namespaced object without one gets
 * kubectl's current namespace, and a cluster-scoped object's namespace is
 * cleared by the server's `EnsureObjectNamespaceMatchesRequestNamespace`
 * before validation, so neither is an error in a file.)
 */
export function validateNamespace(namespace: unknown, path: string): MetaError[] {
  if (namespace === undefined || namespace === null || namespace === '') return [];
  if (typeof namespace !== 'string') return [{ path, value: namespace, what: 'decode', problems: [`must be a string, not a ${jsonType(namespace)}`] }];
  const problems = namespaceNameErrors(namespace, false);
  return problems.length > 0 ? [{ path, value: namespace, what: 'value', problems }] : [];
}

/**
 * An update's metadata as the API server judges it, given the stored
 * object's (`old`) and the one sent (`next`): `BeforeUpdate` (k8s.io/apiserver
 * pkg/registry/rest/update.go, Kubernetes 1.36) first keeps the stored uid
 * when none is sent, the stored creationTimestamp, the stored
 * deletionTimestamp once there is one, and the stored
 * deletionGracePeriodSeconds when none is sent (and the stored generation,
 * always); then `ValidateObjectMetaAccessorUpdate` (apimachinery
 * pkg/api/validation/objectmeta.go) refuses, with `ValidateImmutableField`,
 * any other change of uid, deletionTimestamp or deletionGracePeriodSeconds,
 * and, with `ValidateNoNewFinalizers`, a finalizer added to an object whose
 * deletion has started. Name and namespace are how the two objects were
 * paired; resourceVersion is the patch's business (kubectl apply sends the
 * live one). A value that does not decode is another rule's finding, and a
 * field the stored object does not show is not compared: a file may leave
 * out what the server has.
 */
export function validateObjectMetaUpdate(next: unknown, old: unknown, path: string): MetaError[] {
  const out: MetaError[] = [];
  const meta = (m: unknown, key: string): unknown => (isPlainObject(m) ? m[key] : undefined);
  const uid = meta(next, 'uid');
  const oldUid = meta(old, 'uid');
  if (typeof uid === 'string' && uid !== '' && typeof oldUid === 'string' && oldUid !== '' && uid !== oldUid) {
    out.push({ path: `${path}.uid`, value: uid, what: 'value', problems: [`field is immutable (the stored object's uid is ${JSON.stringify(oldUid)})`] });
  }
  const deletion = instant(meta(next, 'deletionTimestamp'));
  const oldDeletion = instant(meta(old, 'deletionTimestamp'));
  if (oldDeletion === undefined && deletion !== undefined && !Number.isNaN(deletion)) {
    out.push({ path: `${path}.deletionTimestamp`, value: meta(next, 'deletionTimestamp'), what: 'value', problems: ['field is immutable: only a delete request sets it'] });
  }
  const grace = meta(next, 'deletionGracePeriodSeconds');
  const oldGrace = meta(old, 'deletionGracePeriodSeconds');
  // Deletion sets both (rest/delete.go BeforeDelete, or the store's markAsDeleting with 0): a stored object shown
  // with a deletionTimestamp and no grace period is shown in part, and its grace period is not compared.
  const oldGraceUnset = oldGrace === undefined || oldGrace === null;
  if (typeof grace === 'number' && Number.isInteger(grace) && ((oldGraceUnset && oldDeletion === undefined) || (typeof oldGrace === 'number' && oldGrace !== grace))) {
    out.push({ path: `${path}.deletionGracePeriodSeconds`, value: grace, what: 'value', problems: ['field is immutable: only a delete request sets it'] });
  }
  // An object whose deletion has started is only still there for its finalizers: a stored object shown without them is shown in part.
  if (oldDeletion !== undefined && Array.isArray(meta(old, 'finalizers'))) {
    const kept = new Set(stringsOf(meta(old, 'finalizers')));
    const added = [...new Set(stringsOf(meta(next, 'finalizers')))].filter(f => !kept.has(f)).sort();
    if (added.length > 0) {
      out.push({ path: `${path}.finalizers`, value: added, what: 'value', problems: ['no new finalizers can be added if the object is being deleted'] });
    }
  }
  return out;
}

/** A metav1.Time's instant in milliseconds: undefined when unset (absent, null or ""), NaN when it does not parse. */
function instant(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' && isRfc3339(value) ? Date.parse(value) : NaN;
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
