/**
 * Rules for APIServiceExport v1alpha2's `spec.permissionClaims`: which
 * group/resource a claim names, and whether its selector can select anything.
 *
 * How kube-bind reads a claim (konnector, v0.7-v0.8):
 * - a selector with no labelSelector, namedResources and references selects nothing;
 * - the label selector goes through apimachinery's metav1.LabelSelectorAsSelector
 *   (labels.NewRequirement validates each key and value), so an empty one matches
 *   every object and one with an invalid key or value fails as a whole: an error here;
 * - reference `jsonPath` expressions are evaluated with GJSON path syntax
 *   (`spec.secretName`), not Kubernetes JSONPath (`{.spec.secretName}`);
 * - only claims on core configmaps, secrets and serviceaccounts are synced, and
 *   kube-bind's backend refuses an export request with any other claim, or with
 *   two claims of one group/resource (serviceexportrequest_reconcile.go validate).
 *
 * Values of the wrong type are skipped here: the schema checker reports them.
 */
import { ISOLATIONS } from '../../model';
import { KindVersion, TEMPLATE_SPEC_KINDS } from '../../model/kinds';
import { isObject, Manifest, own } from '../../model/manifest';
import { didYouMean, lengthProblem, oneOf, show } from '../engine/messages';
import { field, item } from '../engine/paths';
import { Rule, defineRule } from '../engine/rule';
import { Violation, violation } from '../engine/violation';
import { ratchetedWithItsValue } from '../helpers/custom-resource-ratchet';
import { GROUP_PATTERN, RESOURCE_PATTERN, VERSION_NAME, describeGroupResource, earlierEntryOf, V1ALPHA2, groupPatternViolation, heldResourceIndex, resourcePath, resourcePatternViolation, versionNameViolation } from '../helpers/exported-resources';
import {
  dns1123LabelErrors,
  dns1123SubdomainErrors,
  isDns1123Label,
  isDns1123Subdomain,
  labelValueErrors,
  problemsClause,
  qualifiedNameErrors,
  suggestDns1123Subdomain,
} from '../k8s/names';
import { keyPath } from '../k8s/values';

/**
 * The kinds with `spec.permissionClaims`: exports, and the templates and
 * requests they are made from (the backend copies the claims by value).
 */
const CLAIM_KINDS: readonly KindVersion[] = [...V1ALPHA2, ...TEMPLATE_SPEC_KINDS];

/** What kube-bind's konnector can claim today (its ClaimableAPIs): core group only. */
export const CLAIMABLE_CORE_RESOURCES = ['configmaps', 'secrets', 'serviceaccounts'] as const;

export const SELECTOR_OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist'] as const;

// ---------------------------------------------------------------------------
// Walking the claims; every walker skips entries of the wrong type.
//
// Each part of a claim is checked by its own function, handed the part's value
// and its indexes. Its path is made only for a finding: it goes into messages,
// and most claims have nothing to report (a synth checks thousands of them,
// mostly before V8 has optimised this code).

type Obj = { [key: string]: any };

/** `spec.permissionClaims[claim]`. */
function claimPath(claim: number): string {
  return item('spec.permissionClaims', claim);
}

function selectorPath(claim: number): string {
  return field(claimPath(claim), 'selector');
}

function labelSelectorPath(claim: number): string {
  return field(selectorPath(claim), 'labelSelector');
}

/** The path of the `matchLabels` entry `key` (`matchLabels.tier`, `matchLabels[app.kubernetes.io/name]`). */
function matchLabelPath(claim: number, key: string): string {
  return keyPath(field(labelSelectorPath(claim), 'matchLabels'), key);
}

function expressionPath(claim: number, index: number): string {
  return item(field(labelSelectorPath(claim), 'matchExpressions'), index);
}

function namedPath(claim: number, index: number): string {
  return item(field(selectorPath(claim), 'namedResources'), index);
}

function referencePath(claim: number, index: number): string {
  return item(field(selectorPath(claim), 'references'), index);
}

/** Absent, null, or an empty list: the list shapes Go decodes as "not set" (anything else but a list is the schema checker's). */
function isEmptyListOrUnset(value: unknown): boolean {
  return value === undefined || value === null || (Array.isArray(value) && value.length === 0);
}

/** Absent, null, or an empty map: the map shapes Go decodes as "not set" (anything else but a map is the schema checker's). */
function isEmptyMapOrUnset(value: unknown): boolean {
  return value === undefined || value === null || (isObject(value) && Object.keys(value).length === 0);
}

/** The group a `group` field names: `''` when absent or null (the CRD defaults it to the core group), undefined when not a string. */
function groupOf(rawGroup: unknown): string | undefined {
  const group = rawGroup ?? '';
  return typeof group === 'string' ? group : undefined;
}

function isolationOf(spec: unknown): string | undefined {
  const isolation = own(spec, 'isolation');
  return typeof isolation === 'string' && ISOLATIONS.includes(isolation) ? isolation : undefined;
}

/** What Kubernetes says of a malformed name, ahead of the hint: the message stays short. */
function problemsHint(problems: readonly string[], hint: string): string {
  return `${problemsClause(problems)}; ${hint}`;
}

function suggestion(guess: string | undefined): string {
  return guess !== undefined ? ` (did you mean ${show(guess)}?)` : '';
}

/** A repaired label key or value (runs of invalid characters become '-'), or undefined. */
function suggestLabelPart(value: string): string | undefined {
  const repaired = value.trim().replace(/[^-A-Za-z0-9_./]+/g, '-').replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
  return repaired !== value && repaired !== '' ? repaired : undefined;
}

/** A repaired namespace name: lowercased, dots and other separators become '-'. */
function suggestNamespace(value: string): string | undefined {
  const repaired = value.trim().toLowerCase().replace(/[^-a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return repaired !== value && dns1123LabelErrors(repaired).length === 0 ? repaired : undefined;
}

// ---------------------------------------------------------------------------
// Rules: each declared beside the part of the walk that reports it; `claimFindings`
// walks each claim once for all of them (one pass, see rule.ts).

const RECONCILER = 'kube-bind backend (backend/controllers/serviceexportrequest/serviceexportrequest_reconcile.go: validate';
/** How kube-bind reads a claim's label selector: any invalid key or value fails the whole selector. */
const SELECTOR_PARSING = 'Kubernetes (apimachinery metav1.LabelSelectorAsSelector, via labels.NewRequirement: validateLabelKey, validateLabelValue)';

const LABEL_KEY_HINT = 'a label key is an optional DNS subdomain prefix and a name, e.g. "app.kubernetes.io/name"; '
  + 'the API server stores it, but kube-bind cannot parse this selector and claims nothing with it';
const LABEL_VALUE_HINT = 'a label value is at most 63 characters of letters, digits, "-", "_" and ".", starting and ending with a letter or digit; '
  + 'the API server stores it, but kube-bind cannot parse this selector and claims nothing with it';

/**
 * What the claim rules find in one object, in one walk over its claims: per
 * claim, its group/resource, its selector, its named resources, then its
 * references. Each rule reports its own findings, in claim order.
 */
function claimFindings(obj: Manifest): Violation[] {
  const out: Violation[] = [];
  const spec = own(obj, 'spec');
  const claims = own(spec, 'permissionClaims');
  if (!Array.isArray(claims) || claims.length === 0) return out;
  // Most exports have one claim: nothing to compare it with.
  const facts: ExportFacts = { obj, spec, isolation: isolationOf(spec), firstClaimOf: claims.length > 1 ? new Map() : undefined };
  for (let claim = 0; claim < claims.length; claim++) {
    const value = claims[claim];
    if (isObject(value)) checkClaim(value, claim, facts, out);
  }
  return out;
}

/** What the claim checks read from the rest of the export, each read once. */
interface ExportFacts {
  readonly obj: Manifest;
  readonly spec: unknown;
  readonly isolation: string | undefined;
  /** The index of the first claim of each group/resource (KB142), when there are several claims. */
  readonly firstClaimOf: Map<string, number> | undefined;
}

/** One claim (`spec.permissionClaims[claim]`): its group and resource, then its selector. */
function checkClaim(value: Obj, claim: number, facts: ExportFacts, out: Violation[]): void {
  const resource = own(value, 'resource');
  checkClaimedResource(claim, own(value, 'group'), resource, facts, out);
  const selector = own(value, 'selector');
  if (isObject(selector)) checkSelector(claim, selector, resource, facts, out);
}

const CLAIM_GROUP: Rule = defineRule({
  id: 'KB140',
  title: 'claim and reference groups are valid API groups',
  source: 'kube-bind CRD',
  severity: 'error',
  scope: 'object',
  appliesTo: CLAIM_KINDS,
  // The schema checker's pattern finding (KB005) on claims and references, said better here.
  supersedes: [{ rule: 'KB005', path: /^spec\.permissionClaims\[\d+\](\.selector\.references\[\d+\])?\.group$/ }],
  // The CRD's pattern, ratcheted on update with the value.
  ratchet: ratchetedWithItsValue,
  pass: claimFindings,
});
const CLAIM_RESOURCE: Rule = defineRule({
  id: 'KB141',
  title: 'claim and reference resources are lowercase plural resource names',
  source: 'kube-bind CRD',
  severity: 'error',
  scope: 'object',
  appliesTo: CLAIM_KINDS,
  // The schema checker's pattern finding (KB005) on claims and references, said better here.
  supersedes: [{ rule: 'KB005', path: /^spec\.permissionClaims\[\d+\](\.selector\.references\[\d+\])?\.resource$/ }],
  // The CRD's pattern, ratcheted on update with the value.
  ratchet: ratchetedWithItsValue,
  pass: claimFindings,
});
const DUPLICATE_CLAIM: Rule = defineRule({
  id: 'KB142',
  title: 'each group/resource is claimed once',
  source: `${RECONCILER}, DuplicatePermissionClaim)`,
  severity: 'error',
  scope: 'object',
  appliesTo: CLAIM_KINDS,
  pass: claimFindings,
});

/** KB140-KB143: the claim's group and resource. */
function checkClaimedResource(claim: number, rawGroup: unknown, resource: unknown, facts: ExportFacts, out: Violation[]): void {
  const group = groupOf(rawGroup);
  // Each pattern is tested once: a missing or null group is the core group, which the group pattern accepts.
  const groupMatches = group !== undefined && GROUP_PATTERN.test(group);
  const resourceMatches = typeof resource === 'string' && RESOURCE_PATTERN.test(resource);
  if (!groupMatches) {
    const badGroup = groupPatternViolation(CLAIM_GROUP, claimPath(claim), rawGroup);
    if (badGroup !== undefined) out.push(badGroup);
  }
  if (!resourceMatches) {
    const badResource = resourcePatternViolation(CLAIM_RESOURCE, claimPath(claim), resource);
    if (badResource !== undefined) out.push(badResource);
  }
  if (group === undefined || typeof resource !== 'string') return;
  if (facts.firstClaimOf !== undefined) checkClaimedOnce(facts.firstClaimOf, claim, group, resource, out);
  if (!groupMatches || !resourceMatches) return; // KB140/KB141
  const claimable = (CLAIMABLE_CORE_RESOURCES as readonly string[]).includes(resource);
  if (!claimable || group !== '') out.push(unclaimable(claim, group, resource, claimable));
}

/** KB142: the claim names a group/resource no earlier claim names. */
function checkClaimedOnce(first: Map<string, number>, claim: number, group: string, resource: string, out: Violation[]): void {
  const earlier = earlierEntryOf(first, claim, group, resource);
  if (earlier === undefined) return;
  const path = claimPath(claim);
  out.push(violation(DUPLICATE_CLAIM, path,
    `claims ${describeGroupResource(group, resource)} again (already ${claimPath(earlier)})`,
    'the API server accepts both, but kube-bind\'s backend refuses the export request (DuplicatePermissionClaim): merge their selectors into one claim'));
}

const CLAIMABLE: Rule = defineRule({
  id: 'KB143',
  title: 'claims name a resource kube-bind can claim (core configmaps, secrets, serviceaccounts)',
  source: `${RECONCILER}, isClaimableAPI over ClaimableAPIs, sdk/apis/kubebind/v1alpha2/claimable_apis.go)`,
  severity: 'error',
  scope: 'object',
  appliesTo: CLAIM_KINDS,
  pass: claimFindings,
});

function unclaimable(claim: number, group: string, resource: string, claimable: boolean): Violation {
  const base = `kube-bind can only claim ${CLAIMABLE_CORE_RESOURCES.map(r => show(r)).join(', ')} of the core group ("") (its ClaimableAPIs)`;
  if (claimable) {
    const path = field(claimPath(claim), 'group');
    return violation(CLAIMABLE, path, `${show(group)} is not the core group, so kube-bind cannot claim ${show(resource)} in it`,
      `write the core group as "" (or leave group out); ${base}`);
  }
  const path = field(claimPath(claim), 'resource');
  return violation(CLAIMABLE, path,
    `${show(resource)}: kube-bind cannot claim ${describeGroupResource(group, resource)}${group === '' ? didYouMean(resource, CLAIMABLE_CORE_RESOURCES) : ''}`,
    `${base}; kube-bind\'s backend refuses the export request ("not a valid claimable API")`);
}

const SELECTS_SOMETHING: Rule = defineRule({
  id: 'KB144',
  title: 'a claim\'s selector selects something',
  source: 'kube-bind behaviour',
  severity: 'warning',
  scope: 'object',
  appliesTo: CLAIM_KINDS,
  pass: claimFindings,
});
const LABEL_KEY: Rule = defineRule({
  id: 'KB146',
  title: 'label selector keys are valid Kubernetes label keys',
  source: SELECTOR_PARSING,
  severity: 'error',
  scope: 'object',
  appliesTo: CLAIM_KINDS,
  pass: claimFindings,
});

/**
 * KB144-KB157: whether the selector selects something, then its parts: the
 * label selector, the named resources, the references.
 */
function checkSelector(claim: number, selector: Obj, resource: unknown, facts: ExportFacts, out: Violation[]): void {
  const labelSelector = own(selector, 'labelSelector');
  const named = own(selector, 'namedResources');
  const references = own(selector, 'references');
  if ((labelSelector === undefined || labelSelector === null) && isEmptyListOrUnset(named) && isEmptyListOrUnset(references)) {
    const path = selectorPath(claim);
    out.push(violation(SELECTS_SOMETHING, path,
      'selects nothing: it has no labelSelector, namedResources or references',
      'kube-bind claims no object through an empty selector: add labelSelector.matchLabels, namedResources or references'));
  }
  if (isObject(labelSelector)) checkLabelSelector(claim, labelSelector, resource, out);
  if (Array.isArray(named)) checkNamedResources(claim, named, facts, out);
  if (!Array.isArray(references)) return;
  for (let index = 0; index < references.length; index++) {
    const reference = references[index];
    if (isObject(reference)) checkReference(claim, index, reference, facts, out);
  }
}

const LABEL_SELECTOR_NOT_EMPTY: Rule = defineRule({
  id: 'KB145',
  title: 'a claim\'s labelSelector is not empty (an empty one selects every object)',
  source: 'Kubernetes',
  severity: 'warning',
  scope: 'object',
  appliesTo: CLAIM_KINDS,
  pass: claimFindings,
});

/** KB145-KB149: the claim's label selector, whose matchLabels and matchExpressions kube-bind parses as a whole. */
function checkLabelSelector(claim: number, labelSelector: Obj, resource: unknown, out: Violation[]): void {
  const matchLabels = own(labelSelector, 'matchLabels');
  const matchExpressions = own(labelSelector, 'matchExpressions');
  if (isEmptyMapOrUnset(matchLabels) && isEmptyListOrUnset(matchExpressions)) {
    const path = labelSelectorPath(claim);
    const what = typeof resource === 'string' ? `every ${show(resource)} object` : 'every object';
    out.push(violation(LABEL_SELECTOR_NOT_EMPTY, path,
      `is empty, so the claim covers ${what} of the consumer`,
      'an empty label selector matches everything: add matchLabels or matchExpressions to narrow it, or remove labelSelector when namedResources or references do the selecting'));
  }
  if (isObject(matchLabels)) {
    for (const key of Object.keys(matchLabels)) checkMatchLabel(matchLabelPath(claim, key), key, own(matchLabels, key), out);
  }
  if (!Array.isArray(matchExpressions)) return;
  for (let index = 0; index < matchExpressions.length; index++) {
    const expression = matchExpressions[index];
    if (isObject(expression)) checkExpression(expressionPath(claim, index), expression, out);
  }
}

/** KB146 and KB147 for one entry of matchLabels. */
function checkMatchLabel(path: string, key: string, value: unknown, out: Violation[]): void {
  const keyProblems = qualifiedNameErrors(key);
  if (keyProblems.length > 0) {
    out.push(violation(LABEL_KEY, path,
      `key ${show(key)} is not a valid label key${lengthProblem(keyProblems)}${suggestion(suggestLabelPart(key))}`, problemsHint(keyProblems, LABEL_KEY_HINT)));
  }
  if (typeof value === 'string') checkLabelValue(path, value, out);
}

const LABEL_VALUE: Rule = defineRule({
  id: 'KB147',
  title: 'label selector values are valid Kubernetes label values',
  source: SELECTOR_PARSING,
  severity: 'error',
  scope: 'object',
  appliesTo: CLAIM_KINDS,
  pass: claimFindings,
});

function checkLabelValue(path: string, value: string, out: Violation[]): void {
  const problems = labelValueErrors(value);
  if (problems.length === 0) return;
  out.push(violation(LABEL_VALUE, path,
    `${show(value)} is not a valid label value${lengthProblem(problems)}${suggestion(suggestLabelPart(value))}`, problemsHint(problems, LABEL_VALUE_HINT)));
}

const OPERATOR: Rule = defineRule({
  id: 'KB148',
  title: 'matchExpressions operators are In, NotIn, Exists or DoesNotExist',
  source: 'spec §2.5',
  severity: 'error',
  scope: 'object',
  appliesTo: CLAIM_KINDS,
  pass: claimFindings,
});
const OPERATOR_VALUES: Rule = defineRule({
  id: 'KB149',
  title: 'matchExpressions values are non-empty for In/NotIn and empty for Exists/DoesNotExist',
  source: 'spec §8.5',
  severity: 'error',
  scope: 'object',
  appliesTo: CLAIM_KINDS,
  pass: claimFindings,
});

/** KB146-KB149 for one entry of matchExpressions, at `at`. */
function checkExpression(at: string, expression: Obj, out: Violation[]): void {
  const key = own(expression, 'key');
  const operator = own(expression, 'operator');
  const values = own(expression, 'values');
  if (typeof key === 'string') {
    const problems = qualifiedNameErrors(key);
    if (problems.length > 0) {
      const path = field(at, 'key');
      out.push(violation(LABEL_KEY, path, `${show(key)} is not a valid label key${lengthProblem(problems)}${suggestion(suggestLabelPart(key))}`, problemsHint(problems, LABEL_KEY_HINT)));
    }
  }
  const valuesPath = field(at, 'values');
  if (Array.isArray(values)) {
    for (let i = 0; i < values.length; i++) {
      if (typeof values[i] === 'string') checkLabelValue(item(valuesPath, i), values[i], out);
    }
  }
  if (typeof operator === 'string' && !(SELECTOR_OPERATORS as readonly string[]).includes(operator)) {
    const path = field(at, 'operator');
    const numeric = operator === 'Gt' || operator === 'Lt';
    out.push(violation(OPERATOR, path,
      `${show(operator)} ${oneOf(SELECTOR_OPERATORS)}${didYouMean(operator, SELECTOR_OPERATORS)}`,
      numeric
        ? `${show(operator)} is a node-selector operator; label selectors only know ${SELECTOR_OPERATORS.join(', ')}`
        : 'operators are case-sensitive; kube-bind cannot parse the selector otherwise and claims nothing with it'));
  }
  if (values !== undefined && values !== null && !Array.isArray(values)) return;
  const count = Array.isArray(values) ? values.length : 0;
  if ((operator === 'In' || operator === 'NotIn') && count === 0) {
    const path = values === undefined || values === null ? at : valuesPath;
    out.push(violation(OPERATOR_VALUES, path, `${path === at ? 'values ' : ''}must be non-empty for operator ${show(operator)}`,
      `list the label values to match, or use ${operator === 'In' ? '"Exists"' : '"DoesNotExist"'} to test only the key`));
  } else if ((operator === 'Exists' || operator === 'DoesNotExist') && count > 0) {
    out.push(violation(OPERATOR_VALUES, valuesPath, `must be empty for operator ${show(operator)} (it has ${count})`,
      `remove values, or use ${operator === 'Exists' ? '"In"' : '"NotIn"'} to match them`));
  }
}

const NAMED_NAMESPACE: Rule = defineRule({
  id: 'KB151',
  title: 'namedResources namespaces are valid namespace names',
  source: 'Kubernetes',
  severity: 'warning',
  scope: 'object',
  appliesTo: CLAIM_KINDS,
  pass: claimFindings,
});
const NAMESPACE_IGNORED: Rule = defineRule({
  id: 'KB152',
  title: 'namedResources namespaces are not set under isolation Namespaced (kube-bind ignores them)',
  source: 'spec §2.5',
  severity: 'warning',
  scope: 'object',
  appliesTo: CLAIM_KINDS,
  pass: claimFindings,
});

/** KB150-KB152: the names and namespaces of namedResources. */
function checkNamedResources(claim: number, named: readonly unknown[], facts: ExportFacts, out: Violation[]): void {
  for (let index = 0; index < named.length; index++) {
    const entry = named[index];
    if (!isObject(entry)) continue;
    const name = own(entry, 'name');
    if (typeof name === 'string') checkNamedName(claim, index, name, out);
    const namespace = own(entry, 'namespace');
    if (typeof namespace !== 'string' || namespace === '') continue;
    // The quick test first: most namespaces are valid, and need no list of problems.
    const valid = isDns1123Label(namespace);
    if (valid && facts.isolation !== 'Namespaced') continue;
    const path = field(namedPath(claim, index), 'namespace');
    if (!valid) {
      const problems = dns1123LabelErrors(namespace);
      out.push(violation(NAMED_NAMESPACE, path,
        `${show(namespace)} is not a valid namespace name${lengthProblem(problems)}${suggestion(suggestNamespace(namespace))}`,
        problemsHint(problems, 'no namespace can have this name, so the entry matches nothing')));
    }
    if (facts.isolation === 'Namespaced') {
      out.push(violation(NAMESPACE_IGNORED, path,
        `${show(namespace)} is ignored because spec.isolation is "Namespaced"`,
        'with namespaced isolation kube-bind maps namespaces itself and matches by name only: remove namespace'));
    }
  }
}

const NAMED_NAME: Rule = defineRule({
  id: 'KB150',
  title: 'namedResources names are valid object names',
  source: 'Kubernetes',
  severity: 'warning',
  scope: 'object',
  appliesTo: CLAIM_KINDS,
  pass: claimFindings,
});

function checkNamedName(claim: number, index: number, name: string, out: Violation[]): void {
  if (isDns1123Subdomain(name)) return;
  const path = field(namedPath(claim, index), 'name');
  if (name === '') {
    out.push(violation(NAMED_NAME, path, 'is empty, so it matches no object', 'set the metadata.name of the object to claim'));
    return;
  }
  const problems = dns1123SubdomainErrors(name);
  out.push(violation(NAMED_NAME, path,
    `${show(name)} is not a valid object name${lengthProblem(problems)}${suggestion(suggestDns1123Subdomain(name))}`,
    problemsHint(problems, 'no ConfigMap, Secret or ServiceAccount can have this name, so the entry matches nothing')));
}

const REFERENCE_VERSION_NAME: Rule = defineRule({
  id: 'KB157',
  title: 'reference versions are Kubernetes version names',
  source: 'Kubernetes',
  severity: 'warning',
  scope: 'object',
  appliesTo: CLAIM_KINDS,
  pass: claimFindings,
});

/** KB140, KB141 and KB153-KB157 for one reference (`references[index]` of the claim `claim`). */
function checkReference(claim: number, index: number, reference: Obj, facts: ExportFacts, out: Violation[]): void {
  const rawGroup = own(reference, 'group');
  const resource = own(reference, 'resource');
  const group = groupOf(rawGroup);
  // Each pattern is tested once, as for the claim itself.
  const groupMatches = group !== undefined && GROUP_PATTERN.test(group);
  const resourceMatches = typeof resource === 'string' && RESOURCE_PATTERN.test(resource);
  if (!groupMatches) {
    const badGroup = groupPatternViolation(CLAIM_GROUP, referencePath(claim, index), rawGroup);
    if (badGroup !== undefined) out.push(badGroup);
  }
  if (!resourceMatches) {
    const badResource = resourcePatternViolation(CLAIM_RESOURCE, referencePath(claim, index), resource);
    if (badResource !== undefined) out.push(badResource);
  }
  const jsonPath = own(reference, 'jsonPath');
  if (isObject(jsonPath)) checkJsonPath(claim, index, jsonPath, out);
  const versions = own(reference, 'versions');
  if (groupMatches && resourceMatches) checkReferencedResource(claim, index, group, resource, versions, facts, out);
  if (!Array.isArray(versions)) return;
  for (let i = 0; i < versions.length; i++) {
    const version = versions[i];
    if (typeof version === 'string' && !VERSION_NAME.test(version)) {
      out.push(versionNameViolation(REFERENCE_VERSION_NAME, referencePath(claim, index), i, version));
    }
  }
}

const REFERENCE_NAME: Rule = defineRule({
  id: 'KB153',
  title: 'references set jsonPath.name (without it nothing is selected)',
  source: 'kube-bind behaviour',
  severity: 'warning',
  scope: 'object',
  appliesTo: CLAIM_KINDS,
  pass: claimFindings,
});

/** KB153 and KB154: the reference's name and namespace expressions. */
function checkJsonPath(claim: number, index: number, jsonPath: Obj, out: Violation[]): void {
  const name = own(jsonPath, 'name');
  if (name === undefined || name === null || (typeof name === 'string' && name.trim() === '')) {
    const path = field(referencePath(claim, index), 'jsonPath');
    out.push(violation(REFERENCE_NAME, typeof name === 'string' ? field(path, 'name') : path,
      'has no name expression, so the reference selects nothing',
      'set jsonPath.name to the field of the referencing object that holds the name, e.g. name: "spec.secretName"'));
  }
  if (typeof name === 'string' && looksLikeKubernetesJsonPath(name)) reportKubernetesJsonPath(claim, index, 'name', name, out);
  const namespace = own(jsonPath, 'namespace');
  if (typeof namespace === 'string' && looksLikeKubernetesJsonPath(namespace)) reportKubernetesJsonPath(claim, index, 'namespace', namespace, out);
}

const REFERENCE_GJSON: Rule = defineRule({
  id: 'KB154',
  title: 'reference jsonPath expressions use kube-bind\'s GJSON path syntax',
  source: 'kube-bind behaviour',
  severity: 'warning',
  scope: 'object',
  appliesTo: CLAIM_KINDS,
  pass: claimFindings,
});

function reportKubernetesJsonPath(claim: number, index: number, key: string, expression: string, out: Violation[]): void {
  const path = field(field(referencePath(claim, index), 'jsonPath'), key);
  out.push(violation(REFERENCE_GJSON, path,
    `${show(expression)} is a Kubernetes JSONPath, not GJSON${suggestion(toGjson(expression))}`,
    'GJSON paths have no leading ".", "$" or braces and index arrays with ".0" or ".#": e.g. "spec.secretName", "spec.volumes.#.secret.secretName"'));
}

const REFERENCE_VERSIONS: Rule = defineRule({
  id: 'KB155',
  title: 'a reference without versions refers to a resource the export lists versions for',
  source: 'spec §2.5, §7',
  severity: 'error',
  scope: 'object',
  appliesTo: CLAIM_KINDS,
  pass: claimFindings,
});
const REFERENCE_EXPORTED: Rule = defineRule({
  id: 'KB156',
  title: 'references point at a resource the export holds (others are ignored unless isolation is None)',
  source: 'kube-bind behaviour',
  severity: 'warning',
  scope: 'object',
  appliesTo: CLAIM_KINDS,
  pass: claimFindings,
});

/**
 * KB155 and KB156: whether the export holds the referenced resource. With a
 * malformed spec.resources entry, what the export holds is unknown: KB121/KB122 come first.
 */
function checkReferencedResource(
  claim: number, index: number, group: string, resource: string, versions: unknown, facts: ExportFacts, out: Violation[],
): void {
  const held = heldResourceIndex(facts.spec, group, resource);
  if (held === undefined) return;
  const unresolvable = isEmptyListOrUnset(versions) && (held < 0 || heldVersionCount(facts.spec, held) === 0);
  if (unresolvable) {
    const path = referencePath(claim, index);
    const heldPath = held < 0 ? '' : resourcePath(held);
    out.push(violation(REFERENCE_VERSIONS, path,
      `has no versions, and spec.resources ${held < 0 ? 'does not hold' : `(${heldPath}) lists no versions for`} ${describeGroupResource(group, resource)}, so the reference is invalid`,
      held < 0
        ? 'list the versions to read the referencing objects with, e.g. versions: ["v1"]'
        : `list versions in ${heldPath}.versions, or in this reference (e.g. versions: ["v1"])`));
  }
  // An unresolvable reference is already an error (KB155) for the same cause: the export does not hold the resource.
  if (held >= 0 || unresolvable) return;
  const isolation = facts.isolation;
  if (isolation !== undefined && isolation !== 'None') {
    const path = referencePath(claim, index);
    out.push(violation(REFERENCE_EXPORTED, path,
      `refers to ${describeGroupResource(group, resource)}, which this export does not hold`,
      `with isolation ${show(isolation)} kube-bind ignores such a reference: refer to a resource listed in spec.resources, or add that resource to spec.resources`));
  } else if (own(facts.obj, 'kind') !== 'APIServiceExport') {
    // A template or request has no isolation of its own: the export gets the backend's (--isolation, Prefixed unless set).
    const path = referencePath(claim, index);
    const noun = own(facts.obj, 'kind') === 'APIServiceExportTemplate' ? 'template' : 'request';
    out.push(violation(REFERENCE_EXPORTED, path,
      `refers to ${describeGroupResource(group, resource)}, which this ${noun} does not hold`,
      'unless the backend runs with --isolation None, kube-bind ignores such a reference: refer to a resource listed in spec.resources, or add that resource to spec.resources'));
  }
}

/** How many versions (strings) the entry `index` of `spec.resources` (a list: heldResourceIndex found it) lists. */
function heldVersionCount(spec: unknown, index: number): number {
  const versions = own((own(spec, 'resources') as readonly unknown[])[index], 'versions');
  if (!Array.isArray(versions)) return 0;
  let count = 0;
  for (let i = 0; i < versions.length; i++) {
    if (typeof versions[i] === 'string') count++;
  }
  return count;
}

/** A leading ".", "$" or "{" (after blanks), or a bracketed index or key. */
const KUBERNETES_JSONPATH = /^\s*[.${]|\[[^\]]*\]/;

function looksLikeKubernetesJsonPath(expression: string): boolean {
  return KUBERNETES_JSONPATH.test(expression);
}

/** `{.spec.items[0].name}` → `spec.items.0.name`; undefined when no clean translation exists. */
function toGjson(expression: string): string | undefined {
  let path = expression.trim();
  if (path.startsWith('{') && path.endsWith('}')) path = path.slice(1, -1).trim();
  if (path.startsWith('$')) path = path.slice(1);
  path = path
    .replace(/\[\*\]/g, '.#')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\[['"]([^'"\]]+)['"]\]/g, '.$1')
    .replace(/^\.+/, '');
  return path !== '' && !/[[\]{}$]/.test(path) ? path : undefined;
}

/** Every rule of APIServiceExport v1alpha2's `spec.permissionClaims`, in catalogue order. */
export const CLAIM_RULES: readonly Rule[] = [
  CLAIM_GROUP,
  CLAIM_RESOURCE,
  DUPLICATE_CLAIM,
  CLAIMABLE,
  SELECTS_SOMETHING,
  LABEL_SELECTOR_NOT_EMPTY,
  LABEL_KEY,
  LABEL_VALUE,
  OPERATOR,
  OPERATOR_VALUES,
  NAMED_NAME,
  NAMED_NAMESPACE,
  NAMESPACE_IGNORED,
  REFERENCE_NAME,
  REFERENCE_GJSON,
  REFERENCE_VERSIONS,
  REFERENCE_EXPORTED,
  REFERENCE_VERSION_NAME,
];
