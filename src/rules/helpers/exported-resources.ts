/**
 * What the APIServiceExport rules share: the exported resources of a spec read once,
 * their group/resource/version patterns and the findings each pattern makes,
 * and whether a group/resource can be served by a CRD at all.
 */
import { API_GROUP_PATTERN, RESOURCE_NAME_PATTERN, VERSION_NAME_PATTERN } from '../../model/index';
import { KindVersion } from '../../model/kinds';
import { isObject, Manifest, own } from '../../model/manifest';
import { perObject } from '../engine/memo';
import { show } from '../engine/messages';
import { field, item } from '../engine/paths';
import { Rule } from '../engine/rule';
import { Violation, violation } from '../engine/violation';
import { dns1123SubdomainErrors } from '../k8s/names';

/** kube-bind's pattern for `group` fields (CRD `GroupResource.group`), read from the model (src/model), as our CRD states it. */
export const GROUP_PATTERN = new RegExp(API_GROUP_PATTERN);
/** kube-bind's pattern for `resource` fields (CRD `GroupResource.resource`), read from the model (src/model), as our CRD states it. */
export const RESOURCE_PATTERN = new RegExp(RESOURCE_NAME_PATTERN);
/** A Kubernetes API version name (`v1`, `v2beta1`), as BoundSchema's versions[*].name pattern has it. */
export const VERSION_NAME = new RegExp(VERSION_NAME_PATTERN);

/**
 * Kubernetes' built-in API groups whose names contain a dot. Their resources
 * are served by the API server itself, never by a CustomResourceDefinition.
 */
const BUILT_IN_DOTTED_GROUPS = new Set([
  'admissionregistration.k8s.io',
  'apiextensions.k8s.io',
  'apiregistration.k8s.io',
  'authentication.k8s.io',
  'authorization.k8s.io',
  'certificates.k8s.io',
  'coordination.k8s.io',
  'discovery.k8s.io',
  'events.k8s.io',
  'flowcontrol.apiserver.k8s.io',
  'internal.apiserver.k8s.io',
  'networking.k8s.io',
  'node.k8s.io',
  'rbac.authorization.k8s.io',
  'resource.k8s.io',
  'scheduling.k8s.io',
  'storage.k8s.io',
  'storagemigration.k8s.io',
]);

// ---------------------------------------------------------------------------
// Readers and message helpers shared with claims.ts and cross-object.ts

/** One well-typed entry of `spec.resources`. */
export interface ExportedResource {
  readonly index: number;
  readonly path: string;
  /** `''` when the field is absent: the CRD defaults it to the core group. */
  readonly group: string;
  readonly groupGiven: boolean;
  readonly resource: string;
  /** The string entries of `versions`, with their index; empty when absent. */
  readonly versions: ReadonlyArray<{ index: number; name: string }>;
}

/** The path of the entry `index` of `spec.resources`. */
export function resourcePath(index: number): string {
  return item('spec.resources', index);
}

/**
 * The index of the first entry of `spec.resources` for `group`/`resource`,
 * -1 when the export holds none, or undefined when an entry has a malformed
 * group or resource, so that "the export does not hold X" would not be a
 * safe conclusion. One walk, reading each entry's group and resource once.
 */
export function heldResourceIndex(spec: unknown, group: string, resource: string): number | undefined {
  const resources = own(spec, 'resources');
  if (!Array.isArray(resources)) return undefined;
  let held = -1;
  for (let i = 0; i < resources.length; i++) {
    const entryGroup = own(resources[i], 'group') ?? '';
    const entryResource = own(resources[i], 'resource');
    if (!isWellFormed(entryGroup, entryResource)) return undefined;
    if (held < 0 && entryGroup === group && entryResource === resource) held = i;
  }
  return held;
}

/** A group and a resource that kube-bind's patterns accept. */
function isWellFormed(group: unknown, resource: unknown): boolean {
  return typeof group === 'string' && typeof resource === 'string' && GROUP_PATTERN.test(group) && RESOURCE_PATTERN.test(resource);
}

/** The entries of `spec.resources` whose group and resource are strings. */
export const exportedResources = perObject(exportedResourcesUncached);
function exportedResourcesUncached(obj: Manifest): ExportedResource[] {
  const resources = own(own(obj, 'spec'), 'resources');
  if (!Array.isArray(resources)) return [];
  const out: ExportedResource[] = [];
  for (let index = 0; index < resources.length; index++) {
    const entry = resources[index];
    if (!isObject(entry)) continue;
    const rawGroup = own(entry, 'group');
    const group = rawGroup ?? '';
    const resource = own(entry, 'resource');
    if (typeof group !== 'string' || typeof resource !== 'string') continue;
    out.push({ index, path: resourcePath(index), group, groupGiven: rawGroup !== undefined, resource, versions: versionNames(own(entry, 'versions')) });
  }
  return out;
}

/** The string entries of a `versions` list, with their index. */
function versionNames(versions: unknown): Array<{ index: number; name: string }> {
  const out: Array<{ index: number; name: string }> = [];
  if (!Array.isArray(versions)) return out;
  for (let index = 0; index < versions.length; index++) {
    if (typeof versions[index] === 'string') out.push({ index, name: versions[index] });
  }
  return out;
}

/** `"cowboys" of group "wildwest.dev"` or `"secrets" of the core group`. */
export function describeGroupResource(group: string, resource: string): string {
  return group === '' ? `${show(resource)} of the core group` : `${show(resource)} of group ${show(group)}`;
}

/**
 * The violation for a `group` field that fails kube-bind's pattern, or
 * undefined when the value is fine or not a string.
 */
export function groupPatternViolation(rule: Pick<Rule, 'id' | 'severity'>, parent: string, value: unknown): Violation | undefined {
  if (typeof value !== 'string' || GROUP_PATTERN.test(value)) return undefined;
  const path = field(parent, 'group');
  const guess = suggestGroup(value);
  const slash = value.includes('/');
  return violation(rule, path,
    `${show(value)} must match ${GROUP_PATTERN.source}${guess !== undefined ? ` (did you mean ${show(guess)}?)` : ''}`,
    slash
      ? 'group is the API group alone, without a version: put the version in versions, e.g. group "wildwest.dev", versions ["v1"]'
      : dns1123SubdomainErrors(value).length === 0
        // Kubernetes takes such a group; kube-bind's pattern does not (its first label needs two characters before a dot).
        ? 'Kubernetes would accept this group, but kube-bind\'s CRD refuses it: the first label of a dotted group must be at least two characters long'
        : 'an API group is a lowercase DNS name such as "wildwest.dev"; write the core group as ""');
}

/**
 * The violation for a `resource` field that fails kube-bind's pattern, or
 * undefined when the value is fine or not a string.
 */
export function resourcePatternViolation(rule: Pick<Rule, 'id' | 'severity'>, parent: string, value: unknown): Violation | undefined {
  if (typeof value !== 'string' || RESOURCE_PATTERN.test(value)) return undefined;
  const path = field(parent, 'resource');
  const guess = suggestResource(value);
  const base = value.split('/')[0];
  let hint = 'resource is the lowercase plural name of the resource (the CRD\'s names.plural, e.g. "cowboys"), not its kind';
  if (value.includes('/')) {
    hint = 'subresources such as /status cannot be exported or claimed on their own: name the resource itself';
  } else if (base.includes('.')) {
    const dot = base.indexOf('.');
    hint = `resource holds the plural only: write resource ${show(base.slice(0, dot).toLowerCase())} and group ${show(base.slice(dot + 1).toLowerCase())}`;
  }
  return violation(rule, path,
    `${show(value)} must match ${RESOURCE_PATTERN.source}${guess !== undefined ? ` (did you mean ${show(guess)}?)` : ''}`,
    hint);
}

function suggestGroup(value: string): string | undefined {
  const repaired = value.trim().toLowerCase().split('/')[0].replace(/_/g, '-').replace(/^\.+|\.+$/g, '');
  // kube-bind names BoundSchemas "<resource>.core" for the core group, but the field itself wants "".
  if (repaired === 'core') return '';
  return repaired !== value && GROUP_PATTERN.test(repaired) ? repaired : undefined;
}

/** `Cowboy` → `cowboys`, `sheriffs.wildwest.dev` → `sheriffs`, `cowboys/status` → `cowboys`. */
function suggestResource(value: string): string | undefined {
  const base = value.trim().split('/')[0].split('.')[0];
  let repaired = base.toLowerCase().replace(/[\s_]+/g, '');
  // A capitalised value is usually a kind: its resource is the plural.
  if (/^[A-Z]/.test(base) && !repaired.endsWith('s')) repaired = pluralize(repaired);
  return repaired !== value && RESOURCE_PATTERN.test(repaired) ? repaired : undefined;
}

function pluralize(word: string): string {
  if (/[^aeiou]y$/.test(word)) return word.slice(0, -1) + 'ies';
  if (/(x|z|ch|sh)$/.test(word)) return word + 'es';
  return word + 's';
}

/** `V1` → `v1`, `1` → `v1`, `v1.0` → `v1`, `v1-beta1` → `v1beta1`; undefined when no repair fits. */
function suggestVersion(value: string): string | undefined {
  let repaired = value.trim().toLowerCase().replace(/(\.0)+$/, '');
  if (/^[0-9]/.test(repaired)) repaired = 'v' + repaired;
  repaired = repaired.replace(/[-_.\s]/g, '');
  return repaired !== value && VERSION_NAME.test(repaired) ? repaired : undefined;
}

/**
 * The violation for a version name that fails VERSION_NAME, shared by
 * `resources[*].versions` and claim references. Callers test the pattern
 * first: most names match, and need no path.
 */
export function versionNameViolation(rule: Pick<Rule, 'id' | 'severity'>, parent: string, index: number, value: string): Violation {
  const path = item(field(parent, 'versions'), index);
  const guess = suggestVersion(value);
  return violation(rule, path,
    `${show(value)} must match ${VERSION_NAME.source}${guess !== undefined ? ` (did you mean ${show(guess)}?)` : ''}`,
    'Kubernetes API versions look like "v1", "v1beta1" or "v2alpha3"; the API server accepts any string here, but no served version can have any other name, so this one would never bind');
}

// ---------------------------------------------------------------------------
// Rules

/**
 * The rules of APIServiceExport v1alpha2's spec (here and in claims.ts) are
 * checked in shared passes; those of `spec.resources` (KB120-KB125) and of
 * the claims also check templates and export requests, whose entries have the
 * same shape and reach the same export.
 */
export const V1ALPHA2: readonly KindVersion[] = ['APIServiceExport/v1alpha2'];

/**
 * The index of an earlier entry of a list (resources, claims) with the same
 * group and resource as the entry `index`, or undefined when it is the first;
 * `first` keeps the first index of each group/resource.
 */
export function earlierEntryOf(first: Map<string, number>, index: number, group: string, resource: string): number | undefined {
  const key = `${group}/${resource}`;
  const earlier = first.get(key);
  if (earlier === undefined) first.set(key, index);
  return earlier;
}

/** Why no CustomResourceDefinition can provide a resource: the field, what is wrong, and the fix. */
export interface NotCrdBacked {
  readonly path: string;
  readonly what: string;
  readonly fix: string;
}

/**
 * Why no CustomResourceDefinition can provide `entry` (the core group, a
 * built-in group, a group without a dot), with the field and the fix;
 * undefined when one can. Exports (KB126) and templates (KB201) say it.
 */
export function notCrdBacked(entry: ExportedResource): NotCrdBacked | undefined {
  if (!GROUP_PATTERN.test(entry.group)) return undefined; // KB121 reports it
  if (isCrdGroup(entry.group)) return undefined;
  return whyNotCrdBacked(entry.path, entry.group, entry.groupGiven, entry.resource);
}

/** Whether a CustomResourceDefinition can define resources in `group` (well-formed): a dotted group Kubernetes does not serve itself. */
export function isCrdGroup(group: string): boolean {
  return group.includes('.') && !BUILT_IN_DOTTED_GROUPS.has(group);
}

/** What `notCrdBacked` says of the entry at `entryPath`, whose group no CRD can define resources in. */
export function whyNotCrdBacked(entryPath: string, group: string, groupGiven: boolean, resource: string): NotCrdBacked {
  const path = groupGiven ? field(entryPath, 'group') : entryPath;
  const what = group === ''
    ? `${groupGiven ? 'is ""' : 'has no group'} (the core group): ${show(resource)} is built in, not from a CRD`
    : BUILT_IN_DOTTED_GROUPS.has(group)
      ? `${show(group)} is a built-in API group: ${show(resource)} is not from a CRD`
      : `${show(group)} has no dot, so no CRD can define ${show(resource)} in it`;
  const fix = group === ''
    ? 'set group to the API group of the CRD that defines it (spec.group of the CRD); to give the provider access to core objects such as secrets, use spec.permissionClaims'
    : 'export a resource defined by a CustomResourceDefinition, with that CRD\'s group (spec.group of the CRD)';
  return { path, what, fix };
}
