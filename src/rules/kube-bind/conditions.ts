/**
 * Status: conditions (all three kinds/versions), stored versions and the
 * instance count. Presence of a condition's type, status and
 * lastTransitionTime, and lastTransitionTime being RFC 3339, come from the
 * CRD schema (KB002, KB006); accepted names are checked by the name rules.
 */
import { CONDITION_SEVERITIES, CONDITION_STATUSES } from '../../model';
import { KIND_VERSIONS, KindVersion } from '../../model/kinds';
import { isObject, Manifest, own } from '../../model/manifest';
import { didYouMean, oneOf, show } from '../engine/messages';
import { field, item } from '../engine/paths';
import { Rule, defineRule } from '../engine/rule';
import { Violation, violation } from '../engine/violation';
import { dns1123SubdomainErrors, isCamelCase, suggestCamelCase } from '../k8s/names';

const CRD_KINDS: readonly KindVersion[] = ['APIServiceExport/v1alpha1', 'BoundSchema/v1alpha2'];

interface Condition {
  readonly condition: { [key: string]: any };
  readonly path: string;
}

function conditions(obj: Manifest): Condition[] {
  const list = own(own(obj, 'status'), 'conditions');
  if (!Array.isArray(list)) return [];
  const out: Condition[] = [];
  list.forEach((condition, i) => {
    if (isObject(condition)) out.push({ condition, path: item('status.conditions', i) });
  });
  return out;
}

/** Why `type` is not `CamelCase` or `<dns-subdomain>/CamelCase`; undefined when it is. */
function conditionTypeProblem(type: string): string | undefined {
  if (type === '') return 'must not be empty';
  const slash = type.lastIndexOf('/');
  const name = slash >= 0 ? type.slice(slash + 1) : type;
  if (slash >= 0) {
    const prefix = type.slice(0, slash);
    const errors = dns1123SubdomainErrors(prefix);
    if (prefix === '' || errors.length > 0) return `has an invalid domain prefix ${show(prefix)}: it ${prefix === '' ? 'must not be empty' : errors.join('; ')}`;
  }
  return isCamelCase(name) ? undefined : `must be CamelCase, or <domain>/CamelCase${slash >= 0 ? '' : ' such as "Ready" or "example.com/Synced"'}`;
}

/** Go's omitempty: an empty severity is the same as none. */
function severityOf(c: Condition): unknown {
  const severity = own(c.condition, 'severity');
  return severity === '' || severity === null ? undefined : severity;
}

const storedVersionsExist: Rule = defineRule({
  id: 'KB106',
  title: 'Every status.storedVersions entry is still in spec.versions',
  source: 'spec §3',
  severity: 'error',
  scope: 'object',
  appliesTo: CRD_KINDS,
  check: obj => {
    const stored = own(own(obj, 'status'), 'storedVersions');
    const versions = own(own(obj, 'spec'), 'versions');
    if (!Array.isArray(stored) || !Array.isArray(versions)) return [];
    const names = versions.map(v => own(v, 'name')).filter((n): n is string => typeof n === 'string');
    const out: Violation[] = [];
    stored.forEach((version, i) => {
      if (typeof version !== 'string' || names.includes(version)) return;
      const path = item('status.storedVersions', i);
      out.push(violation(storedVersionsExist, path,
        `${show(version)} is missing from spec.versions: objects may still be stored in it`,
        `keep ${version} in spec.versions (served: false is fine) until a storage migration has moved every object and removed it from status.storedVersions`));
    });
    return out;
  },
});

const instantiations: Rule = defineRule({
  id: 'KB107',
  title: 'status.instantiations is not negative',
  source: 'spec §2.6',
  severity: 'warning',
  scope: 'object',
  appliesTo: ['BoundSchema/v1alpha2'],
  check: obj => {
    const count = own(own(obj, 'status'), 'instantiations');
    if (typeof count !== 'number' || !Number.isInteger(count) || count >= 0) return [];
    return [violation(instantiations, 'status.instantiations', `${count} is negative, but it counts objects`,
      'the API server accepts it (the field has no minimum), but a count is 0 or more; the konnector reports this number')];
  },
});

const conditionType: Rule = defineRule({
  id: 'KB100',
  title: 'Condition type is CamelCase or <domain>/CamelCase',
  source: 'spec §2.3',
  severity: 'error',
  scope: 'object',
  appliesTo: KIND_VERSIONS,
  pass: conditionFindings,
});

/** conditionType's findings. */
const conditionTypeFindings = (obj: Manifest) => {
  const out: Violation[] = [];
  for (const c of conditions(obj)) {
    const type = own(c.condition, 'type');
    if (typeof type !== 'string') continue;
    const problem = conditionTypeProblem(type);
    if (problem === undefined) continue;
    const slash = type.lastIndexOf('/');
    const guess = suggestCamelCase(type.slice(slash + 1));
    const fix = guess !== undefined && problem.startsWith('must be CamelCase') ? ` (did you mean ${show(type.slice(0, slash + 1) + guess)}?)` : '';
    out.push(violation(conditionType, field(c.path, 'type'), `${show(type)} ${problem}${fix}`,
      'a condition type is a CamelCase word such as "Ready", optionally after a domain and "/", as in "example.com/Synced"'));
  }
  return out;
};

const conditionStatus: Rule = defineRule({
  id: 'KB101',
  title: 'Condition status is True, False or Unknown',
  source: 'spec §2.3',
  severity: 'error',
  scope: 'object',
  appliesTo: KIND_VERSIONS,
  pass: conditionFindings,
});

/** conditionStatus's findings. */
const conditionStatusFindings = (obj: Manifest) => conditions(obj)
  .filter(c => typeof own(c.condition, 'status') === 'string' && !CONDITION_STATUSES.includes(own(c.condition, 'status')))
  .map(c => violation(conditionStatus, field(c.path, 'status'),
    `${show(own(c.condition, 'status'))} ${oneOf(CONDITION_STATUSES)}${didYouMean(own(c.condition, 'status'), CONDITION_STATUSES)}`,
    'the CRD accepts any string, but the spec allows only these three'));

const severityOnlyWhenFalse: Rule = defineRule({
  id: 'KB102',
  title: 'Condition severity is set only when status is False',
  source: 'spec §3',
  severity: 'error',
  scope: 'object',
  appliesTo: KIND_VERSIONS,
  pass: conditionFindings,
});

/** severityOnlyWhenFalse's findings. */
const severityOnlyWhenFalseFindings = (obj: Manifest) => conditions(obj)
  .filter(c => severityOf(c) !== undefined && ['True', 'Unknown'].includes(own(c.condition, 'status')))
  .map(c => violation(severityOnlyWhenFalse, field(c.path, 'severity'),
    `${show(severityOf(c))} is set, but ${field(c.path, 'status')} is ${show(own(c.condition, 'status'))}: severity may only be set when status is "False"`,
    'remove severity, or set status: "False"'));

const severityValue: Rule = defineRule({
  id: 'KB103',
  title: 'Condition severity is Error, Warning or Info',
  source: 'kube-bind CRD',
  severity: 'warning',
  scope: 'object',
  appliesTo: KIND_VERSIONS,
  pass: conditionFindings,
});

/** severityValue's findings. */
const severityValueFindings = (obj: Manifest) => conditions(obj)
  .filter(c => typeof severityOf(c) === 'string' && !CONDITION_SEVERITIES.includes(severityOf(c) as string))
  .map(c => violation(severityValue, field(c.path, 'severity'),
    `${show(severityOf(c))} is not one of the severities kube-bind uses: ${CONDITION_SEVERITIES.map(s => show(s)).join(', ')}${didYouMean(severityOf(c), CONDITION_SEVERITIES)}`,
    'the CRD takes any string, but clients only understand these'));

const conditionReason: Rule = defineRule({
  id: 'KB104',
  title: 'Condition reason, when present, is non-empty CamelCase',
  source: 'spec §2.3',
  severity: 'error',
  scope: 'object',
  appliesTo: KIND_VERSIONS,
  pass: conditionFindings,
});

/** conditionReason's findings. */
const conditionReasonFindings = (obj: Manifest) => {
  const out: Violation[] = [];
  for (const c of conditions(obj)) {
    const reason = own(c.condition, 'reason');
    if (typeof reason !== 'string' || isCamelCase(reason)) continue;
    const path = field(c.path, 'reason');
    const guess = suggestCamelCase(reason);
    out.push(violation(conditionReason, path, reason === ''
      ? 'must not be empty when present'
      : `${show(reason)} must be CamelCase${guess !== undefined ? ` (did you mean ${show(guess)}?)` : ''}`,
    reason === '' ? 'give a CamelCase reason such as "ResourceCreated", or remove the field' : 'a reason is one CamelCase word, such as "ResourceCreated"'));
  }
  return out;
};

const uniqueConditionTypes: Rule = defineRule({
  id: 'KB105',
  title: 'Condition types are unique within status.conditions',
  source: 'spec §2.3',
  severity: 'warning',
  scope: 'object',
  appliesTo: KIND_VERSIONS,
  pass: conditionFindings,
});

/** uniqueConditionTypes's findings. */
const uniqueConditionTypesFindings = (obj: Manifest) => {
  const out: Violation[] = [];
  const first = new Map<string, string>();
  for (const c of conditions(obj)) {
    const type = own(c.condition, 'type');
    if (typeof type !== 'string') continue;
    const earlier = first.get(type);
    if (earlier === undefined) {
      first.set(type, c.path);
      continue;
    }
    out.push(violation(uniqueConditionTypes, field(c.path, 'type'), `${show(type)} repeats ${field(earlier, 'type')}`,
      'keep one condition per type; clients read only one of them'));
  }
  return out;
};

/** The checks of status.conditions, run in one pass: most objects have none, and then none of them needs to run. */
const PER_CONDITION_FINDINGS: ReadonlyArray<(obj: Manifest) => Violation[]> = [
  conditionTypeFindings,
  conditionStatusFindings,
  severityOnlyWhenFalseFindings,
  severityValueFindings,
  conditionReasonFindings,
  uniqueConditionTypesFindings,
];

function conditionFindings(obj: Manifest): Violation[] {
  if (conditions(obj).length === 0) return [];
  const out: Violation[] = [];
  for (const findings of PER_CONDITION_FINDINGS) out.push(...findings(obj));
  return out;
}

export const CONDITION_RULES: readonly Rule[] = [
  conditionType,
  conditionStatus,
  severityOnlyWhenFalse,
  severityValue,
  conditionReason,
  uniqueConditionTypes,
  storedVersionsExist,
  instantiations,
];
