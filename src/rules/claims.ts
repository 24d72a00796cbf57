/**
 * Rules for APIServiceExport v1alpha2's `spec.permissionClaims`: which
 * group/resource a claim names, and whether its selector can select anything.
 *
 * How kube-bind reads a claim (konnector, v0.7-v0.8):
 * - a selector with no labelSelector, namedResources and references selects nothing;
 * - the label selector goes through Kubernetes' LabelSelectorAsSelector, so an
 *   empty one matches every object and an invalid one matches none;
 * - reference `jsonPath` expressions are evaluated with GJSON path syntax
 *   (`spec.secretName`), not Kubernetes JSONPath (`{.spec.secretName}`);
 * - only claims on core configmaps, secrets and serviceaccounts are synced.
 *
 * Values of the wrong type are skipped here: the schema checker reports them.
 */
import { Manifest, Rule, Violation, perObject, didYouMean, field, isObject, item, oneOf, own, show, violation } from './engine';
import {
  GROUP_PATTERN,
  ISOLATIONS,
  RESOURCE_PATTERN,
  describeGroupResource,
  exportedResources,
  groupPatternViolation,
  resourcesAreWellFormed,
  resourcePatternViolation,
  versionNameViolation,
} from './export';
import {
  dns1123LabelErrors,
  dns1123SubdomainErrors,
  labelValueErrors,
  qualifiedNameErrors,
  suggestDns1123Subdomain,
} from './k8s-names';
import { keyPath } from './k8s-values';

/** What kube-bind's konnector can claim today (its ClaimableAPIs): core group only. */
export const CLAIMABLE_CORE_RESOURCES = ['configmaps', 'secrets', 'serviceaccounts'] as const;

export const SELECTOR_OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist'] as const;

const APPLIES_TO = ['APIServiceExport/v1alpha2'] as const;

// ---------------------------------------------------------------------------
// Walking the claims; every walker skips entries of the wrong type.

type Obj = { [key: string]: any };

interface At<T> {
  readonly path: string;
  readonly value: T;
}

/** One well-typed claim, with the parts of its selector that the rules read, read once. */
interface ClaimAt extends At<Obj> {
  readonly index: number;
  readonly selector: At<Obj> | undefined;
  readonly labelSelector: At<Obj> | undefined;
  readonly matchExpressions: At<Obj>[];
  /** The entries of `matchLabels`, each with its path (`matchLabels.tier`, `matchLabels[app.kubernetes.io/name]`). */
  readonly matchLabels: Array<{ path: string; key: string; value: unknown }>;
  readonly namedResources: At<Obj>[];
  readonly references: At<Obj>[];
}

// Every claim rule walks the claims: they are read once per object, selectors included.
const claimsOf = perObject(claimsOfUncached);
function claimsOfUncached(obj: Manifest): ClaimAt[] {
  const claims = own(own(obj, 'spec'), 'permissionClaims');
  if (!Array.isArray(claims)) return [];
  const out: ClaimAt[] = [];
  for (let index = 0; index < claims.length; index++) {
    const value = claims[index];
    if (isObject(value)) out.push(readClaim(value, index));
  }
  return out;
}

function readClaim(value: Obj, index: number): ClaimAt {
  const path = item('spec.permissionClaims', index);
  const selector = objectAt({ path, value }, 'selector');
  const labelSelector = objectAt(selector, 'labelSelector');
  return {
    index,
    path,
    value,
    selector,
    labelSelector,
    matchExpressions: objectItems(labelSelector, 'matchExpressions'),
    matchLabels: labelsOf(labelSelector),
    namedResources: objectItems(selector, 'namedResources'),
    references: objectItems(selector, 'references'),
  };
}

/** `parent.key` when it is a map. */
function objectAt(parent: At<Obj> | undefined, key: string): At<Obj> | undefined {
  const value = own(parent?.value, key);
  return parent !== undefined && isObject(value) ? { path: field(parent.path, key), value } : undefined;
}

/** The map entries of the list `parent.key`. */
function objectItems(parent: At<Obj> | undefined, key: string): At<Obj>[] {
  const list = own(parent?.value, key);
  if (parent === undefined || !Array.isArray(list)) return [];
  const path = field(parent.path, key);
  const out: At<Obj>[] = [];
  for (let i = 0; i < list.length; i++) {
    if (isObject(list[i])) out.push({ path: item(path, i), value: list[i] });
  }
  return out;
}

function labelsOf(selector: At<Obj> | undefined): Array<{ path: string; key: string; value: unknown }> {
  const labels = own(selector?.value, 'matchLabels');
  if (selector === undefined || !isObject(labels)) return [];
  const path = field(selector.path, 'matchLabels');
  return Object.keys(labels).map(key => ({ path: keyPath(path, key), key, value: own(labels, key) }));
}

/** Absent, null, or an empty list/map: the shapes Go decodes as "not set". */
function isUnset(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isObject(value) && Object.keys(value).length === 0;
}

/** Absent, null or a map: anything else is a type error for the schema checker. */
function isMapOrUnset(value: unknown): boolean {
  return value === undefined || value === null || isObject(value);
}

/** Absent, null or a list: anything else is a type error for the schema checker. */
function isListOrUnset(value: unknown): boolean {
  return value === undefined || value === null || Array.isArray(value);
}

function groupOf(value: Obj): string | undefined {
  const group = own(value, 'group') ?? '';
  return typeof group === 'string' ? group : undefined;
}

function isolationOf(obj: Manifest): string | undefined {
  const isolation = own(own(obj, 'spec'), 'isolation');
  return typeof isolation === 'string' && (ISOLATIONS as readonly string[]).includes(isolation) ? isolation : undefined;
}

function problemsText(problems: string[]): string {
  return problems.join('; ');
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
// Rules

const claimGroups: Rule = {
  id: 'KB140',
  title: 'claim and reference groups are valid API groups',
  source: 'kube-bind CRD',
  severity: 'error',
  appliesTo: APPLIES_TO,
  check(obj) {
    const out: Violation[] = [];
    for (const claim of claimsOf(obj)) {
      const bad = groupPatternViolation(claimGroups, field(claim.path, 'group'), own(claim.value, 'group'));
      if (bad !== undefined) out.push(bad);
      for (const ref of claim.references) {
        const found = groupPatternViolation(claimGroups, field(ref.path, 'group'), own(ref.value, 'group'));
        if (found !== undefined) out.push(found);
      }
    }
    return out;
  },
};

const claimResources: Rule = {
  id: 'KB141',
  title: 'claim and reference resources are lowercase plural resource names',
  source: 'kube-bind CRD',
  severity: 'error',
  appliesTo: APPLIES_TO,
  check(obj) {
    const out: Violation[] = [];
    for (const claim of claimsOf(obj)) {
      const bad = resourcePatternViolation(claimResources, field(claim.path, 'resource'), own(claim.value, 'resource'));
      if (bad !== undefined) out.push(bad);
      for (const ref of claim.references) {
        const found = resourcePatternViolation(claimResources, field(ref.path, 'resource'), own(ref.value, 'resource'));
        if (found !== undefined) out.push(found);
      }
    }
    return out;
  },
};

const noDuplicateClaims: Rule = {
  id: 'KB142',
  title: 'each group/resource is claimed once',
  source: 'kube-bind behaviour',
  severity: 'warning',
  appliesTo: APPLIES_TO,
  check(obj) {
    const out: Violation[] = [];
    const first = new Map<string, string>();
    for (const claim of claimsOf(obj)) {
      const group = groupOf(claim.value);
      const resource = own(claim.value, 'resource');
      if (group === undefined || typeof resource !== 'string') continue;
      const key = `${group}/${resource}`;
      const earlier = first.get(key);
      if (earlier === undefined) {
        first.set(key, claim.path);
        continue;
      }
      out.push(violation(noDuplicateClaims, claim.path,
        `${claim.path} claims ${describeGroupResource(group, resource)} again (already ${earlier})`,
        'the API server accepts both, but kube-bind expects one claim per group/resource: merge their selectors into one claim'));
    }
    return out;
  },
};

const claimableResources: Rule = {
  id: 'KB143',
  title: 'claims name a resource kube-bind can claim (core configmaps, secrets, serviceaccounts)',
  source: 'kube-bind behaviour',
  severity: 'warning',
  appliesTo: APPLIES_TO,
  check(obj) {
    const out: Violation[] = [];
    for (const claim of claimsOf(obj)) {
      const group = groupOf(claim.value);
      const resource = own(claim.value, 'resource');
      if (group === undefined || typeof resource !== 'string') continue;
      if (!GROUP_PATTERN.test(group) || !RESOURCE_PATTERN.test(resource)) continue; // KB140/KB141
      const claimable = (CLAIMABLE_CORE_RESOURCES as readonly string[]).includes(resource);
      if (claimable && group === '') continue;
      const base = `kube-bind's konnector only syncs claims on ${CLAIMABLE_CORE_RESOURCES.map(r => show(r)).join(', ')} of the core group ("") and skips any other claim`;
      if (claimable) {
        const path = field(claim.path, 'group');
        out.push(violation(claimableResources, path, `${path} ${show(group)} is not the core group, so kube-bind cannot claim ${show(resource)} in it`,
          `write the core group as "" (or leave group out); ${base}`));
        continue;
      }
      const path = field(claim.path, 'resource');
      out.push(violation(claimableResources, path,
        `${claim.path} claims ${describeGroupResource(group, resource)}, which kube-bind cannot claim today${group === '' ? didYouMean(resource, CLAIMABLE_CORE_RESOURCES) : ''}`,
        `${base}; the claim would be ignored`));
    }
    return out;
  },
};

const selectorSelectsSomething: Rule = {
  id: 'KB144',
  title: 'a claim\'s selector selects something',
  source: 'kube-bind behaviour',
  severity: 'warning',
  appliesTo: APPLIES_TO,
  check(obj) {
    const out: Violation[] = [];
    for (const claim of claimsOf(obj)) {
      const selector = claim.selector;
      if (selector === undefined) continue;
      const labelSelector = own(selector.value, 'labelSelector');
      const named = own(selector.value, 'namedResources');
      const references = own(selector.value, 'references');
      if (!isMapOrUnset(labelSelector) || !isListOrUnset(named) || !isListOrUnset(references)) continue;
      if ((labelSelector !== undefined && labelSelector !== null) || !isUnset(named) || !isUnset(references)) continue;
      out.push(violation(selectorSelectsSomething, selector.path,
        `${selector.path} selects nothing: it has no labelSelector, namedResources or references`,
        'kube-bind claims no object through an empty selector: add labelSelector.matchLabels, namedResources or references'));
    }
    return out;
  },
};

const labelSelectorNotEmpty: Rule = {
  id: 'KB145',
  title: 'a claim\'s labelSelector is not empty (an empty one selects every object)',
  source: 'Kubernetes',
  severity: 'warning',
  appliesTo: APPLIES_TO,
  check(obj) {
    const out: Violation[] = [];
    for (const claim of claimsOf(obj)) {
      const selector = claim.labelSelector;
      if (selector === undefined) continue;
      const matchLabels = own(selector.value, 'matchLabels');
      const matchExpressions = own(selector.value, 'matchExpressions');
      if (!isMapOrUnset(matchLabels) || !isListOrUnset(matchExpressions)) continue;
      if (!isUnset(matchLabels) || !isUnset(matchExpressions)) continue;
      const resource = own(claim.value, 'resource');
      const what = typeof resource === 'string' ? `every ${show(resource)} object` : 'every object';
      out.push(violation(labelSelectorNotEmpty, selector.path,
        `${selector.path} is empty, and an empty label selector matches everything: the claim covers ${what} of the consumer`,
        'add matchLabels or matchExpressions to narrow it, or remove labelSelector when namedResources or references do the selecting'));
    }
    return out;
  },
};

const labelKeys: Rule = {
  id: 'KB146',
  title: 'label selector keys are valid Kubernetes label keys',
  source: 'Kubernetes',
  severity: 'warning',
  appliesTo: APPLIES_TO,
  check(obj) {
    const out: Violation[] = [];
    for (const claim of claimsOf(obj)) {
      for (const entry of claim.matchLabels) {
        const problems = qualifiedNameErrors(entry.key);
        if (problems.length === 0) continue;
        out.push(violation(labelKeys, entry.path,
          `${entry.path}: key ${show(entry.key)} is not a valid label key: ${problemsText(problems)}${suggestion(suggestLabelPart(entry.key))}`,
          'a label key is an optional DNS subdomain prefix and a name, e.g. "app.kubernetes.io/name"; the API server stores it, but kube-bind cannot parse this selector and claims nothing with it'));
      }
      for (const expression of claim.matchExpressions) {
        const key = own(expression.value, 'key');
        if (typeof key !== 'string') continue;
        const problems = qualifiedNameErrors(key);
        if (problems.length === 0) continue;
        const path = field(expression.path, 'key');
        out.push(violation(labelKeys, path, `${path} ${show(key)} is not a valid label key: ${problemsText(problems)}${suggestion(suggestLabelPart(key))}`,
          'a label key is an optional DNS subdomain prefix and a name, e.g. "app.kubernetes.io/name"; the API server stores it, but kube-bind cannot parse this selector and claims nothing with it'));
      }
    }
    return out;
  },
};

const labelValues: Rule = {
  id: 'KB147',
  title: 'label selector values are valid Kubernetes label values',
  source: 'Kubernetes',
  severity: 'warning',
  appliesTo: APPLIES_TO,
  check(obj) {
    const out: Violation[] = [];
    const hint = 'a label value is at most 63 characters of letters, digits, "-", "_" and ".", starting and ending with a letter or digit; '
      + 'the API server stores it, but kube-bind cannot parse this selector and claims nothing with it';
    for (const claim of claimsOf(obj)) {
      for (const entry of claim.matchLabels) {
        if (typeof entry.value !== 'string') continue;
        const problems = labelValueErrors(entry.value);
        if (problems.length === 0) continue;
        out.push(violation(labelValues, entry.path,
          `${entry.path} ${show(entry.value)} is not a valid label value: it ${problemsText(problems)}${suggestion(suggestLabelPart(entry.value))}`, hint));
      }
      for (const expression of claim.matchExpressions) {
        const values = own(expression.value, 'values');
        if (!Array.isArray(values)) continue;
        values.forEach((value, i) => {
          if (typeof value !== 'string') return;
          const problems = labelValueErrors(value);
          if (problems.length === 0) return;
          const path = item(field(expression.path, 'values'), i);
          out.push(violation(labelValues, path,
            `${path} ${show(value)} is not a valid label value: it ${problemsText(problems)}${suggestion(suggestLabelPart(value))}`, hint));
        });
      }
    }
    return out;
  },
};

const selectorOperators: Rule = {
  id: 'KB148',
  title: 'matchExpressions operators are In, NotIn, Exists or DoesNotExist',
  source: 'spec §2.5',
  severity: 'error',
  appliesTo: APPLIES_TO,
  check(obj) {
    const out: Violation[] = [];
    for (const claim of claimsOf(obj)) {
      for (const expression of claim.matchExpressions) {
        const operator = own(expression.value, 'operator');
        if (typeof operator !== 'string' || (SELECTOR_OPERATORS as readonly string[]).includes(operator)) continue;
        const path = field(expression.path, 'operator');
        const numeric = operator === 'Gt' || operator === 'Lt';
        out.push(violation(selectorOperators, path,
          `${path} ${show(operator)} ${oneOf(SELECTOR_OPERATORS)}${didYouMean(operator, SELECTOR_OPERATORS)}`,
          numeric
            ? `${show(operator)} is a node-selector operator; label selectors only know ${SELECTOR_OPERATORS.join(', ')}`
            : 'operators are case-sensitive; kube-bind cannot parse the selector otherwise and claims nothing with it'));
      }
    }
    return out;
  },
};

const operatorValues: Rule = {
  id: 'KB149',
  title: 'matchExpressions values are non-empty for In/NotIn and empty for Exists/DoesNotExist',
  source: 'spec §8.5',
  severity: 'error',
  appliesTo: APPLIES_TO,
  check(obj) {
    const out: Violation[] = [];
    for (const claim of claimsOf(obj)) {
      for (const expression of claim.matchExpressions) {
        const operator = own(expression.value, 'operator');
        const values = own(expression.value, 'values');
        if (values !== undefined && values !== null && !Array.isArray(values)) continue;
        const count = Array.isArray(values) ? values.length : 0;
        const valuesPath = field(expression.path, 'values');
        if ((operator === 'In' || operator === 'NotIn') && count === 0) {
          const path = values === undefined || values === null ? expression.path : valuesPath;
          out.push(violation(operatorValues, path, `${valuesPath} must be non-empty for operator ${show(operator)}`,
            `list the label values to match, or use ${operator === 'In' ? '"Exists"' : '"DoesNotExist"'} to test only the key`));
        } else if ((operator === 'Exists' || operator === 'DoesNotExist') && count > 0) {
          out.push(violation(operatorValues, valuesPath, `${valuesPath} must be empty for operator ${show(operator)} (it has ${count})`,
            `remove values, or use ${operator === 'Exists' ? '"In"' : '"NotIn"'} to match them`));
        }
      }
    }
    return out;
  },
};

const namedResourceNames: Rule = {
  id: 'KB150',
  title: 'namedResources names are valid object names',
  source: 'Kubernetes',
  severity: 'warning',
  appliesTo: APPLIES_TO,
  check(obj) {
    const out: Violation[] = [];
    for (const claim of claimsOf(obj)) {
      for (const named of claim.namedResources) {
        const name = own(named.value, 'name');
        if (typeof name !== 'string') continue;
        const path = field(named.path, 'name');
        if (name === '') {
          out.push(violation(namedResourceNames, path, `${path} is empty, so it matches no object`, 'set the metadata.name of the object to claim'));
          continue;
        }
        const problems = dns1123SubdomainErrors(name);
        if (problems.length === 0) continue;
        out.push(violation(namedResourceNames, path,
          `${path} ${show(name)} is not a valid object name: it ${problemsText(problems)}${suggestion(suggestDns1123Subdomain(name))}`,
          'no ConfigMap, Secret or ServiceAccount can have this name, so the entry matches nothing'));
      }
    }
    return out;
  },
};

const namedResourceNamespaces: Rule = {
  id: 'KB151',
  title: 'namedResources namespaces are valid namespace names',
  source: 'Kubernetes',
  severity: 'warning',
  appliesTo: APPLIES_TO,
  check(obj) {
    const out: Violation[] = [];
    for (const claim of claimsOf(obj)) {
      for (const named of claim.namedResources) {
        const namespace = own(named.value, 'namespace');
        if (typeof namespace !== 'string' || namespace === '') continue;
        const problems = dns1123LabelErrors(namespace);
        if (problems.length === 0) continue;
        const path = field(named.path, 'namespace');
        out.push(violation(namedResourceNamespaces, path,
          `${path} ${show(namespace)} is not a valid namespace name: it ${problemsText(problems)}${suggestion(suggestNamespace(namespace))}`,
          'no namespace can have this name, so the entry matches nothing'));
      }
    }
    return out;
  },
};

const namespaceIgnoredWhenNamespaced: Rule = {
  id: 'KB152',
  title: 'namedResources namespaces are not set under isolation Namespaced (kube-bind ignores them)',
  source: 'spec §2.5',
  severity: 'warning',
  appliesTo: APPLIES_TO,
  check(obj) {
    if (isolationOf(obj) !== 'Namespaced') return [];
    const out: Violation[] = [];
    for (const claim of claimsOf(obj)) {
      for (const named of claim.namedResources) {
        const namespace = own(named.value, 'namespace');
        if (typeof namespace !== 'string' || namespace === '') continue;
        const path = field(named.path, 'namespace');
        out.push(violation(namespaceIgnoredWhenNamespaced, path,
          `${path} ${show(namespace)} is ignored because spec.isolation is "Namespaced"`,
          'with namespaced isolation kube-bind maps namespaces itself and matches by name only: remove namespace'));
      }
    }
    return out;
  },
};

const referenceHasName: Rule = {
  id: 'KB153',
  title: 'references set jsonPath.name (without it nothing is selected)',
  source: 'kube-bind behaviour',
  severity: 'warning',
  appliesTo: APPLIES_TO,
  check(obj) {
    const out: Violation[] = [];
    for (const claim of claimsOf(obj)) {
      for (const ref of claim.references) {
        const jsonPath = own(ref.value, 'jsonPath');
        if (!isObject(jsonPath)) continue;
        const name = own(jsonPath, 'name');
        if (name !== undefined && name !== null && (typeof name !== 'string' || name.trim() !== '')) continue;
        const path = field(ref.path, 'jsonPath');
        out.push(violation(referenceHasName, typeof name === 'string' ? field(path, 'name') : path,
          `${path} has no name expression, so the reference selects nothing`,
          'set jsonPath.name to the field of the referencing object that holds the name, e.g. name: "spec.secretName"'));
      }
    }
    return out;
  },
};

const referenceGjsonSyntax: Rule = {
  id: 'KB154',
  title: 'reference jsonPath expressions use kube-bind\'s GJSON path syntax',
  source: 'kube-bind behaviour',
  severity: 'warning',
  appliesTo: APPLIES_TO,
  check(obj) {
    const out: Violation[] = [];
    for (const claim of claimsOf(obj)) {
      for (const ref of claim.references) {
        const jsonPath = own(ref.value, 'jsonPath');
        if (!isObject(jsonPath)) continue;
        for (const key of ['name', 'namespace']) {
          const expression = own(jsonPath, key);
          if (typeof expression !== 'string' || !looksLikeKubernetesJsonPath(expression)) continue;
          const path = field(field(ref.path, 'jsonPath'), key);
          out.push(violation(referenceGjsonSyntax, path,
            `${path} ${show(expression)} is written as a Kubernetes JSONPath, but kube-bind evaluates it as a GJSON path${suggestion(toGjson(expression))}`,
            'GJSON paths have no leading ".", "$" or braces and index arrays with ".0" or ".#": e.g. "spec.secretName", "spec.volumes.#.secret.secretName"'));
        }
      }
    }
    return out;
  },
};

function looksLikeKubernetesJsonPath(expression: string): boolean {
  const trimmed = expression.trim();
  return /^[.${]/.test(trimmed) || /\[[^\]]*\]/.test(trimmed);
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

const referenceVersionsResolvable: Rule = {
  id: 'KB155',
  title: 'a reference without versions refers to a resource the export lists versions for',
  source: 'spec §2.5, §7',
  severity: 'error',
  appliesTo: APPLIES_TO,
  check(obj) {
    // With a malformed spec.resources entry, what the export holds is unknown: KB121/KB122 come first.
    if (!resourcesAreWellFormed(obj)) return [];
    const out: Violation[] = [];
    const resources = exportedResources(obj);
    for (const claim of claimsOf(obj)) {
      for (const ref of claim.references) {
        const versions = own(ref.value, 'versions');
        if (!isListOrUnset(versions) || !isUnset(versions)) continue;
        const group = groupOf(ref.value);
        const resource = own(ref.value, 'resource');
        if (group === undefined || typeof resource !== 'string' || !GROUP_PATTERN.test(group) || !RESOURCE_PATTERN.test(resource)) continue;
        const held = resources.find(r => r.group === group && r.resource === resource);
        if (held !== undefined && held.versions.length > 0) continue;
        out.push(violation(referenceVersionsResolvable, ref.path,
          `${ref.path} has no versions, and spec.resources ${held === undefined ? 'does not hold' : `(${held.path}) lists no versions for`} ${describeGroupResource(group, resource)}, so the reference is invalid`,
          held === undefined
            ? 'list the versions to read the referencing objects with, e.g. versions: ["v1"]'
            : `list versions in ${held.path}.versions, or in this reference (e.g. versions: ["v1"])`));
      }
    }
    return out;
  },
};

const referenceToExportedResource: Rule = {
  id: 'KB156',
  title: 'references point at a resource the export holds (others are ignored unless isolation is None)',
  source: 'kube-bind behaviour',
  severity: 'warning',
  appliesTo: APPLIES_TO,
  check(obj) {
    const isolation = isolationOf(obj);
    if (isolation === undefined || isolation === 'None' || !resourcesAreWellFormed(obj)) return [];
    const out: Violation[] = [];
    const resources = exportedResources(obj);
    for (const claim of claimsOf(obj)) {
      for (const ref of claim.references) {
        const group = groupOf(ref.value);
        const resource = own(ref.value, 'resource');
        if (group === undefined || typeof resource !== 'string' || !GROUP_PATTERN.test(group) || !RESOURCE_PATTERN.test(resource)) continue;
        if (resources.some(r => r.group === group && r.resource === resource)) continue;
        out.push(violation(referenceToExportedResource, ref.path,
          `${ref.path} refers to ${describeGroupResource(group, resource)}, which this export does not hold; with isolation ${show(isolation)} kube-bind ignores it`,
          'refer to a resource listed in spec.resources, or add that resource to spec.resources'));
      }
    }
    return out;
  },
};

const referenceVersionNames: Rule = {
  id: 'KB157',
  title: 'reference versions are Kubernetes version names',
  source: 'Kubernetes',
  severity: 'warning',
  appliesTo: APPLIES_TO,
  check(obj) {
    const out: Violation[] = [];
    for (const claim of claimsOf(obj)) {
      for (const ref of claim.references) {
        const versions = own(ref.value, 'versions');
        if (!Array.isArray(versions)) continue;
        versions.forEach((version, i) => {
          if (typeof version !== 'string') return;
          const found = versionNameViolation(referenceVersionNames, item(field(ref.path, 'versions'), i), version);
          if (found !== undefined) out.push(found);
        });
      }
    }
    return out;
  },
};

/** Every rule of APIServiceExport v1alpha2's `spec.permissionClaims`. */
export const CLAIM_RULES: Rule[] = [
  claimGroups,
  claimResources,
  noDuplicateClaims,
  claimableResources,
  selectorSelectsSomething,
  labelSelectorNotEmpty,
  labelKeys,
  labelValues,
  selectorOperators,
  operatorValues,
  namedResourceNames,
  namedResourceNamespaces,
  namespaceIgnoredWhenNamespaced,
  referenceHasName,
  referenceGjsonSyntax,
  referenceVersionsResolvable,
  referenceToExportedResource,
  referenceVersionNames,
];
