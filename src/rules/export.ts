/**
 * Rules for APIServiceExport v1alpha2's own spec: the exported resources and
 * the isolation settings. Permission claims are in claims.ts; the checks that
 * need other objects (schemas, CRDs) are in cross-object.ts.
 *
 * Values of the wrong type are skipped here: the schema checker reports them.
 */
import { API_GROUP_PATTERN, DEFAULT_ISOLATION, ISOLATIONS, RESOURCE_NAME_PATTERN, VERSION_NAME_PATTERN } from '../model';
import { dns1123SubdomainErrors } from './k8s-names';
import { perObject } from './memo';
import { show } from './messages';
import { field, item } from './paths';
import { Rule, defineRule } from './rule';
import { Violation, violation } from './violation';
import { KindVersion, RESOURCE_LIST_KINDS } from '../model/kinds';
import { isObject, Manifest, own } from '../model/manifest';

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
    `${path} ${show(value)} must match ${GROUP_PATTERN.source}${guess !== undefined ? ` (did you mean ${show(guess)}?)` : ''}`,
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
    `${path} ${show(value)} must match ${RESOURCE_PATTERN.source}${guess !== undefined ? ` (did you mean ${show(guess)}?)` : ''}`,
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
    `${path} ${show(value)} must match ${VERSION_NAME.source}${guess !== undefined ? ` (did you mean ${show(guess)}?)` : ''}`,
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

const RESOURCES_NOT_EMPTY: Rule = defineRule({
  id: 'KB120',
  title: 'spec.resources lists at least one resource',
  source: 'kube-bind CRD',
  severity: 'error',
  scope: 'object',
  appliesTo: RESOURCE_LIST_KINDS,
  // The schema checker's minItems finding (KB007), said better here.
  supersedes: [{ rule: 'KB007', path: /^spec\.resources$/ }],
  pass: exportFindings,
});
const RESOURCE_GROUP: Rule = defineRule({
  id: 'KB121',
  title: 'spec.resources[*].group is a valid API group',
  source: 'kube-bind CRD',
  severity: 'error',
  scope: 'object',
  appliesTo: RESOURCE_LIST_KINDS,
  // The schema checker's pattern finding (KB005), said better here.
  supersedes: [{ rule: 'KB005', path: /^spec\.resources\[\d+\]\.group$/ }],
  pass: exportFindings,
});
const RESOURCE_NAME: Rule = defineRule({
  id: 'KB122',
  title: 'spec.resources[*].resource is a lowercase plural resource name',
  source: 'kube-bind CRD',
  severity: 'error',
  scope: 'object',
  appliesTo: RESOURCE_LIST_KINDS,
  // The schema checker's pattern finding (KB005), said better here.
  supersedes: [{ rule: 'KB005', path: /^spec\.resources\[\d+\]\.resource$/ }],
  pass: exportFindings,
});
const DUPLICATE_RESOURCE: Rule = defineRule({
  id: 'KB123',
  title: 'each group/resource is exported once',
  source: 'kube-bind behaviour',
  severity: 'warning',
  scope: 'object',
  appliesTo: RESOURCE_LIST_KINDS,
  pass: exportFindings,
});

/** What the export rules find in one object, in one walk over `spec.resources`. */
function exportFindings(obj: Manifest): Violation[] {
  const out: Violation[] = [];
  const spec = own(obj, 'spec');
  const resources = own(spec, 'resources');
  if (Array.isArray(resources)) checkResources(resources, out);
  checkClusterScopedIsolation(spec, out);
  return out;
}

/**
 * KB120-KB126: the entries of `spec.resources`, each field read once and each
 * pattern tested once; paths are made only for a finding (most entries have none).
 */
function checkResources(resources: readonly unknown[], out: Violation[]): void {
  if (resources.length === 0) {
    out.push(violation(RESOURCES_NOT_EMPTY, 'spec.resources', 'spec.resources is empty: kube-bind requires at least one resource (minItems 1)',
      'add the resource to export, e.g. {group: "wildwest.dev", resource: "cowboys", versions: ["v1"]}'));
  }
  // Most exports hold one resource: nothing to compare it with.
  const first = resources.length > 1 ? new Map<string, number>() : undefined;
  for (let index = 0; index < resources.length; index++) {
    const entry = resources[index];
    if (!isObject(entry)) continue;
    const rawGroup = own(entry, 'group');
    const group = rawGroup ?? ''; // the CRD defaults it to the core group
    const resource = own(entry, 'resource');
    const groupMatches = typeof group === 'string' && GROUP_PATTERN.test(group);
    if (!groupMatches || typeof resource !== 'string' || !RESOURCE_PATTERN.test(resource)) {
      const badGroup = groupPatternViolation(RESOURCE_GROUP, resourcePath(index), rawGroup);
      if (badGroup !== undefined) out.push(badGroup);
      const badResource = resourcePatternViolation(RESOURCE_NAME, resourcePath(index), resource);
      if (badResource !== undefined) out.push(badResource);
    }
    if (typeof group !== 'string' || typeof resource !== 'string') continue;
    if (first !== undefined) checkExportedOnce(first, index, group, resource, out);
    const versions = own(entry, 'versions');
    if (Array.isArray(versions)) checkVersions(index, versions, out);
    if (groupMatches && !isCrdGroup(group)) {
      out.push(crdBackedViolation(whyNotCrdBacked(resourcePath(index), group, rawGroup !== undefined, resource)));
    }
  }
}

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

/** KB123: the entry `index` names a group/resource no earlier entry names. */
function checkExportedOnce(first: Map<string, number>, index: number, group: string, resource: string, out: Violation[]): void {
  const earlier = earlierEntryOf(first, index, group, resource);
  if (earlier === undefined) return;
  const path = resourcePath(index);
  out.push(violation(DUPLICATE_RESOURCE, path,
    `${path} exports ${describeGroupResource(group, resource)} again (already ${resourcePath(earlier)})`,
    'the API server accepts the repeated entry, but kube-bind binds each group/resource once: merge the entries and list all versions in one versions array'));
}

const VERSION_NAMES: Rule = defineRule({
  id: 'KB124',
  title: 'spec.resources[*].versions are Kubernetes version names',
  source: 'Kubernetes',
  severity: 'warning',
  scope: 'object',
  appliesTo: RESOURCE_LIST_KINDS,
  pass: exportFindings,
});
const UNIQUE_VERSIONS: Rule = defineRule({
  id: 'KB125',
  title: 'spec.resources[*].versions has no duplicates',
  source: 'kube-bind behaviour',
  severity: 'warning',
  scope: 'object',
  appliesTo: RESOURCE_LIST_KINDS,
  pass: exportFindings,
});

/** KB124 and KB125: the names of the versions of the entry `entry`, each listed once. */
function checkVersions(entry: number, versions: readonly unknown[], out: Violation[]): void {
  // Most entries list one version: nothing to compare it with.
  const seen = versions.length > 1 ? new Map<string, number>() : undefined;
  for (let index = 0; index < versions.length; index++) {
    const name = versions[index];
    if (typeof name !== 'string') continue;
    if (!VERSION_NAME.test(name)) out.push(versionNameViolation(VERSION_NAMES, resourcePath(entry), index, name));
    if (seen === undefined) continue;
    const earlier = seen.get(name);
    if (earlier === undefined) {
      seen.set(name, index);
    } else {
      const path = item(field(resourcePath(entry), 'versions'), index);
      out.push(violation(UNIQUE_VERSIONS, path, `${path} ${show(name)} is listed twice (also versions[${earlier}])`, 'remove the repeated version'));
    }
  }
}

const CRD_BACKED: Rule = defineRule({
  id: 'KB126',
  title: 'exported resources come from CustomResourceDefinitions, not from Kubernetes itself',
  source: 'spec §2.5',
  severity: 'warning',
  scope: 'object',
  appliesTo: V1ALPHA2,
  pass: exportFindings,
});

/** KB126: only resources that a CustomResourceDefinition provides can be exported. */
function crdBackedViolation(problem: NotCrdBacked): Violation {
  return violation(CRD_BACKED, problem.path, `${problem.what}, so it can never be bound`,
    `the API server accepts it, but kube-bind only exports resources a CRD provides: ${problem.fix}`);
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
function isCrdGroup(group: string): boolean {
  return group.includes('.') && !BUILT_IN_DOTTED_GROUPS.has(group);
}

/** What `notCrdBacked` says of the entry at `entryPath`, whose group no CRD can define resources in. */
function whyNotCrdBacked(entryPath: string, group: string, groupGiven: boolean, resource: string): NotCrdBacked {
  const path = groupGiven ? field(entryPath, 'group') : entryPath;
  const what = group === ''
    ? `${path} ${groupGiven ? 'is ""' : 'has no group'} (the core group): ${show(resource)} is built in, not from a CRD`
    : BUILT_IN_DOTTED_GROUPS.has(group)
      ? `${path} ${show(group)} is a built-in API group: ${show(resource)} is not from a CRD`
      : `${path} ${show(group)} has no dot, so no CRD can define ${show(resource)} in it`;
  const fix = group === ''
    ? 'set group to the API group of the CRD that defines it (spec.group of the CRD); to give the provider access to core objects such as secrets, use spec.permissionClaims'
    : 'export a resource defined by a CustomResourceDefinition, with that CRD\'s group (spec.group of the CRD)';
  return { path, what, fix };
}

const LEGACY_ISOLATION: Rule = defineRule({
  id: 'KB127',
  title: 'spec.clusterScopedIsolation is deprecated in favour of spec.isolation',
  source: 'spec §2.5',
  severity: 'warning',
  scope: 'object',
  appliesTo: V1ALPHA2,
  pass: exportFindings,
});
const ISOLATION_WINS: Rule = defineRule({
  id: 'KB128',
  title: 'spec.clusterScopedIsolation agrees with spec.isolation',
  source: 'kube-bind behaviour',
  severity: 'warning',
  scope: 'object',
  appliesTo: V1ALPHA2,
  pass: exportFindings,
});

/** KB127 and KB128: the deprecated spec.clusterScopedIsolation. */
function checkClusterScopedIsolation(spec: unknown, out: Violation[]): void {
  const legacy = own(spec, 'clusterScopedIsolation');
  if (typeof legacy !== 'string') return;
  const isolation = own(spec, 'isolation');
  const known = ISOLATIONS.includes(legacy);
  out.push(violation(LEGACY_ISOLATION, 'spec.clusterScopedIsolation', `spec.clusterScopedIsolation ${show(legacy)} is deprecated`,
    isolation === undefined
      ? `set the required spec.isolation instead (e.g. isolation: ${show(known ? legacy : DEFAULT_ISOLATION)}) and remove clusterScopedIsolation`
      : 'remove clusterScopedIsolation: spec.isolation replaces it'));
  if (!known || typeof isolation !== 'string' || !ISOLATIONS.includes(isolation) || legacy === isolation) return;
  out.push(violation(ISOLATION_WINS, 'spec.clusterScopedIsolation',
    `spec.clusterScopedIsolation ${show(legacy)} differs from spec.isolation ${show(isolation)}; kube-bind uses isolation, so objects are isolated as ${show(isolation)}`,
    `remove clusterScopedIsolation, or set it to ${show(isolation)}`));
}

/** Every rule of APIServiceExport v1alpha2's spec except permission claims, in catalogue order. */
export const EXPORT_RULES: readonly Rule[] = [
  RESOURCES_NOT_EMPTY,
  RESOURCE_GROUP,
  RESOURCE_NAME,
  DUPLICATE_RESOURCE,
  VERSION_NAMES,
  UNIQUE_VERSIONS,
  CRD_BACKED,
  LEGACY_ISOLATION,
  ISOLATION_WINS,
];
