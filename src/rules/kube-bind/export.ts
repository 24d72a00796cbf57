/**
 * Rules for APIServiceExport v1alpha2's own spec: the exported resources and
 * the isolation settings. Permission claims are in claims.ts; the checks that
 * need other objects (schemas, CRDs) are in cross-object.ts.
 *
 * Values of the wrong type are skipped here: the schema checker reports them.
 */
import { DEFAULT_ISOLATION, ISOLATIONS } from '../../model';
import { RESOURCE_LIST_KINDS } from '../../model/kinds';
import { isObject, Manifest, own } from '../../model/manifest';
import { show } from '../engine/messages';
import { field, item } from '../engine/paths';
import { Rule, defineRule } from '../engine/rule';
import { Violation, violation } from '../engine/violation';
import { ratchetedWithItsValue } from '../helpers/custom-resource-ratchet';
import { GROUP_PATTERN, NotCrdBacked, RESOURCE_PATTERN, V1ALPHA2, VERSION_NAME, describeGroupResource, earlierEntryOf, groupPatternViolation, isCrdGroup, resourcePath, resourcePatternViolation, versionNameViolation, whyNotCrdBacked } from '../helpers/exported-resources';
import { PROTECTED_GROUP_CANNOT_BIND, PROTECTED_GROUP_FIX } from '../helpers/protected-groups';
import { isProtectedCommunityGroup } from '../k8s/api-approval';

const RESOURCES_NOT_EMPTY: Rule = defineRule({
  id: 'KB120',
  title: 'spec.resources lists at least one resource',
  source: 'kube-bind CRD',
  severity: 'error',
  scope: 'object',
  appliesTo: RESOURCE_LIST_KINDS,
  // The schema checker's minItems finding (KB007), said better here.
  supersedes: [{ rule: 'KB007', path: /^spec\.resources$/ }],
  // The CRD's minItems, ratcheted on update with the list.
  ratchet: ratchetedWithItsValue,
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
  // The CRD's pattern, ratcheted on update with the value.
  ratchet: ratchetedWithItsValue,
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
  // The CRD's pattern, ratcheted on update with the value.
  ratchet: ratchetedWithItsValue,
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

/**
 * Mirrors, for an export, what the consumer's API server does with the CRD
 * kube-bind writes for each resource: `validateAPIApproval`
 * (apiextensions-apiserver validation.go) refuses a CRD in `*.k8s.io` or
 * `*.kubernetes.io` without the api-approved.kubernetes.io annotation, and
 * kube-bind's `BoundSchemaToCRD` (sdk/apis/kubebind/v1alpha2/helpers/boundschema.go
 * at 6ac88b0f) writes that CRD with a name and nothing else in metadata.
 */
const PROTECTED_GROUP: Rule = defineRule({
  id: 'KB129',
  title: 'spec.resources[*].group is not a protected Kubernetes group (*.k8s.io, *.kubernetes.io), which kube-bind can never bind',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: validateAPIApproval; apihelpers: IsProtectedCommunityGroup); kube-bind BoundSchemaToCRD',
  severity: 'error',
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
    out.push(violation(RESOURCES_NOT_EMPTY, 'spec.resources', 'is empty: kube-bind requires at least one resource (minItems 1)',
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
    } else if (groupMatches && isProtectedCommunityGroup(group)) {
      const path = field(resourcePath(index), 'group');
      out.push(violation(PROTECTED_GROUP, path, `${show(group)} ${PROTECTED_GROUP_CANNOT_BIND}`, PROTECTED_GROUP_FIX));
    }
  }
}

/** KB123: the entry `index` names a group/resource no earlier entry names. */
function checkExportedOnce(first: Map<string, number>, index: number, group: string, resource: string, out: Violation[]): void {
  const earlier = earlierEntryOf(first, index, group, resource);
  if (earlier === undefined) return;
  const path = resourcePath(index);
  out.push(violation(DUPLICATE_RESOURCE, path,
    `exports ${describeGroupResource(group, resource)} again (already ${resourcePath(earlier)})`,
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
      out.push(violation(UNIQUE_VERSIONS, path, `${show(name)} is listed twice (also versions[${earlier}])`, 'remove the repeated version'));
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
  out.push(violation(LEGACY_ISOLATION, 'spec.clusterScopedIsolation', `${show(legacy)} is deprecated`,
    isolation === undefined
      ? `set the required spec.isolation instead (e.g. isolation: ${show(known ? legacy : DEFAULT_ISOLATION)}) and remove clusterScopedIsolation`
      : 'remove clusterScopedIsolation: spec.isolation replaces it'));
  if (!known || typeof isolation !== 'string' || !ISOLATIONS.includes(isolation) || legacy === isolation) return;
  out.push(violation(ISOLATION_WINS, 'spec.clusterScopedIsolation',
    `${show(legacy)} differs from spec.isolation ${show(isolation)}; kube-bind uses isolation, so objects are isolated as ${show(isolation)}`,
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
  PROTECTED_GROUP,
];
