/**
 * The rules one status condition must follow (spec §2.3 "Condition" and §3
 * rule 2), as a pure function over a plain object. The jsii-facing
 * `Condition` builder and the readers share it, so a condition is judged the
 * same way whether it is built in code or read from a manifest.
 *
 * The spec leaves the severity values open; kube-bind's conditions package
 * (taken from Cluster API) uses `Error`, `Warning` and `Info`, and an empty
 * severity there means "none", so `""` is accepted as "not set".
 *
 * `../rules/kube-bind/conditions.ts` checks the same fields over a whole manifest
 * (KB100-KB104) but exposes no per-condition function; the two should be
 * merged so that both read one set of checks.
 */
import { CONDITION_SEVERITIES, CONDITION_STATUSES, inProse } from '../model';
import { isObject, own } from '../model/manifest';
import { didYouMean, oneOf, show } from '../rules/engine/messages';
import { isRfc3339 } from '../rules/k8s/formats';
import { dns1123SubdomainErrors, isCamelCase, suggestCamelCase } from '../rules/k8s/names';

/** One broken rule of one condition field. */
export interface ConditionProblem {
  /** The field of the condition, `type`, `status`..., or `''` for the condition itself. */
  readonly field: string;
  /** What is wrong, quoting the value. */
  readonly message: string;
  /** How to fix it. */
  readonly hint: string;
}

/**
 * Every broken rule of one condition entry, empty when it is valid. Never
 * throws, whatever `entry` is.
 */
export function conditionProblems(entry: unknown): ConditionProblem[] {
  if (!isObject(entry)) {
    return [{ field: '', message: `a condition must be an object, got ${show(entry)}`, hint: 'write it as a map with type, status and lastTransitionTime' }];
  }
  return [
    ...typeProblems(own(entry, 'type')),
    ...statusProblems(own(entry, 'status')),
    ...severityProblems(own(entry, 'severity'), own(entry, 'status')),
    ...reasonProblems(own(entry, 'reason')),
    ...messageProblems(own(entry, 'message')),
    ...timeProblems(own(entry, 'lastTransitionTime')),
  ];
}

/** Renders problems as one sentence list, for exceptions. */
export function describeConditionProblems(problems: readonly ConditionProblem[]): string {
  return problems.map(p => `${p.message} (${p.hint})`).join('; ');
}

/**
 * The well-formed entries of `status.conditions` of a manifest, in order.
 * Entries that break a rule are skipped: a reader gets only conditions it can
 * trust, and a malformed one is reported by the condition rules instead.
 */
export function wellFormedConditions(manifest: unknown): Array<{ [key: string]: any }> {
  const conditions = own(own(manifest, 'status'), 'conditions');
  if (!Array.isArray(conditions)) return [];
  return conditions.filter(c => conditionProblems(c).length === 0);
}

/** Whether the manifest's first well-formed condition of `type` has status `True`. */
export function isConditionTrue(manifest: unknown, type: string): boolean {
  const found = wellFormedConditions(manifest).find(c => own(c, 'type') === type);
  return found !== undefined && own(found, 'status') === 'True';
}

// ---------------------------------------------------------------------------
// One function per field

const TYPE_FORM = 'CamelCase or <dns-subdomain>/CamelCase (for example "Ready" or "example.com/Ready")';

function typeProblems(type: unknown): ConditionProblem[] {
  if (type === undefined || type === null || type === '') {
    return [{ field: 'type', message: 'type is required', hint: `set it to ${TYPE_FORM}` }];
  }
  if (typeof type !== 'string') {
    return [{ field: 'type', message: `type must be a string, got ${show(type)}`, hint: `set it to ${TYPE_FORM}` }];
  }
  const slash = type.indexOf('/');
  const prefix = slash >= 0 ? type.slice(0, slash) : undefined;
  const name = slash >= 0 ? type.slice(slash + 1) : type;
  const reasons: string[] = [];
  if (prefix !== undefined) {
    if (prefix === '') reasons.push('the part before "/" is empty');
    else reasons.push(...dns1123SubdomainErrors(prefix).map(e => `the domain ${show(prefix)} ${e}`));
  }
  if (!isCamelCase(name)) reasons.push(`${show(name)} is not CamelCase`);
  if (reasons.length === 0) return [];
  const camel = suggestCamelCase(name.replace(/\//g, ' '));
  const suggestion = camel !== undefined && reasons.length === 1 && prefix === undefined && camel !== type ? ` (did you mean ${show(camel)}?)` : '';
  return [{
    field: 'type',
    message: `type ${show(type)} must be ${TYPE_FORM}: ${reasons.join('; ')}${suggestion}`,
    hint: 'start the name with an uppercase letter and use only letters and digits; qualify it with a lowercase DNS domain and "/" if it is not a well-known type',
  }];
}

function statusProblems(status: unknown): ConditionProblem[] {
  if (status === undefined || status === null || status === '') {
    return [{ field: 'status', message: 'status is required', hint: `set it to ${oneOf(CONDITION_STATUSES).replace('must be ', '')}` }];
  }
  if (typeof status !== 'string' || !CONDITION_STATUSES.includes(status)) {
    return [{
      field: 'status',
      message: `status ${show(status)} ${oneOf(CONDITION_STATUSES)}${didYouMean(String(status), CONDITION_STATUSES)}`,
      hint: 'the values are case-sensitive strings; quote True and False in YAML so they stay strings',
    }];
  }
  return [];
}

function severityProblems(severity: unknown, status: unknown): ConditionProblem[] {
  if (severity === undefined || severity === null || severity === '') return [];
  if (typeof severity !== 'string' || !CONDITION_SEVERITIES.includes(severity)) {
    return [{
      field: 'severity',
      message: `severity ${show(severity)} ${oneOf(CONDITION_SEVERITIES)}${didYouMean(severity, CONDITION_SEVERITIES)}`,
      hint: `use ${inProse(CONDITION_SEVERITIES)}, or leave severity out`,
    }];
  }
  if (status !== 'False') {
    return [{
      field: 'severity',
      message: `severity ${show(severity)} is only allowed when status is False (status is ${show(status)})`,
      hint: 'remove severity, or set status to False if the condition reports a failure',
    }];
  }
  return [];
}

function reasonProblems(reason: unknown): ConditionProblem[] {
  if (reason === undefined || reason === null) return [];
  if (typeof reason !== 'string') {
    return [{ field: 'reason', message: `reason must be a string, got ${show(reason)}`, hint: 'use a CamelCase word such as "NamesAccepted", or leave reason out' }];
  }
  if (reason === '') {
    return [{ field: 'reason', message: 'reason may not be empty when it is present', hint: 'give a CamelCase reason such as "NamesAccepted", or leave reason out' }];
  }
  if (!isCamelCase(reason)) {
    const camel = suggestCamelCase(reason);
    return [{
      field: 'reason',
      message: `reason ${show(reason)} must be CamelCase${camel !== undefined && camel !== reason ? ` (did you mean ${show(camel)}?)` : ''}`,
      hint: 'start with an uppercase letter and use only letters and digits; put free text in message',
    }];
  }
  return [];
}

function messageProblems(message: unknown): ConditionProblem[] {
  if (message === undefined || message === null || typeof message === 'string') return [];
  return [{ field: 'message', message: `message must be a string, got ${show(message)}`, hint: 'quote it, or leave message out' }];
}

function timeProblems(time: unknown): ConditionProblem[] {
  if (time === undefined || time === null || time === '') {
    return [{
      field: 'lastTransitionTime',
      message: 'lastTransitionTime is required',
      hint: 'set it to the RFC 3339 time the status last changed, for example "2025-01-31T12:00:00Z"',
    }];
  }
  if (typeof time !== 'string' || !isRfc3339(time)) {
    return [{
      field: 'lastTransitionTime',
      message: `lastTransitionTime ${show(time)} must be an RFC 3339 date-time`,
      hint: 'write it like "2025-01-31T12:00:00Z" (uppercase T and Z, or an offset such as +02:00)',
    }];
  }
  return [];
}
