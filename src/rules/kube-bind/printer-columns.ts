/**
 * Printer columns: `spec.versions[*].additionalPrinterColumns`, checked as
 * Kubernetes checks a CRD's columns (ValidateCustomResourceColumnDefinition)
 * and as its table printer needs them. Kubernetes reads a column decoded into
 * its Go struct, where an absent name, type or jsonPath is "" like an empty
 * one: both are Required, and the rules below report both on CRDs. On
 * kube-bind's kinds an absent one is the CRD schema's required finding
 * (KB002), which ratchets on update as kube-bind's API server does. Unique
 * names come from kube-bind's CRD schema (KB007).
 */
import { PRINTER_COLUMN_FORMATS, PRINTER_COLUMN_TYPES } from '../../model';
import { isCrd, KindVersion } from '../../model/kinds';
import { isObject, Manifest, own } from '../../model/manifest';
import { didYouMean, oneOf, show } from '../engine/messages';
import { field, item } from '../engine/paths';
import { Rule, defineRule } from '../engine/rule';
import { Violation, violation } from '../engine/violation';
import { goString } from '../k8s/go-json';
import { printerColumnJsonPathErrors } from '../k8s/jsonpath';

const CRD_KINDS: readonly KindVersion[] = ['APIServiceExport/v1alpha1', 'BoundSchema/v1alpha2'];
// The same, and CustomResourceDefinitions: for the rules that mirror Kubernetes' own CRD validation.
const K8S_KINDS: readonly KindVersion[] = [...CRD_KINDS, 'CustomResourceDefinition/v1'];

interface Column {
  readonly column: { [key: string]: any };
  readonly path: string;
}

/** Whether a column leaves `key` out (or null): Go reads it as "", and the server says Required, not Invalid. */
function absent(column: { [key: string]: any }, key: string): boolean {
  const value = own(column, key);
  return value === undefined || value === null;
}

/** Whether this rule reports `key` absent from the column: on CRDs; on kube-bind's kinds KB002 does. */
function reportsAbsent(obj: Manifest, column: { [key: string]: any }, key: string): boolean {
  return !absent(column, key) || isCrd(obj);
}

function columns(obj: Manifest): Column[] {
  const out: Column[] = [];
  const versions = own(own(obj, 'spec'), 'versions');
  if (!Array.isArray(versions)) return out;
  versions.forEach((version, v) => {
    const list = own(version, 'additionalPrinterColumns');
    if (!Array.isArray(list)) return;
    list.forEach((column, c) => {
      if (isObject(column)) out.push({ column, path: item(field(item('spec.versions', v), 'additionalPrinterColumns'), c) });
    });
  });
  return out;
}

const columnName: Rule = defineRule({
  id: 'KB050',
  title: 'Every printer column has a non-empty name',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceColumnDefinition)',
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: obj => columns(obj)
    .filter(c => goString(own(c.column, 'name')) === '' && reportsAbsent(obj, c.column, 'name'))
    .map(c => violation(columnName, field(c.path, 'name'), absent(c.column, 'name') ? 'is required' : 'must not be empty',
      'name the column; kubectl shows it as the header')),
});

const columnType: Rule = defineRule({
  id: 'KB051',
  title: 'Printer column type is integer, number, string, boolean or date',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceColumnDefinition)',
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: obj => {
    const out: Violation[] = [];
    for (const c of columns(obj)) {
      const type = goString(own(c.column, 'type'));
      if (type === undefined || PRINTER_COLUMN_TYPES.includes(type) || !reportsAbsent(obj, c.column, 'type')) continue;
      const path = field(c.path, 'type');
      if (absent(c.column, 'type')) {
        out.push(violation(columnType, path, `is required: it ${oneOf(PRINTER_COLUMN_TYPES)}`, 'the OpenAPI type of the values the column shows, such as string'));
        continue;
      }
      const timeLike = /^(date-?time|time(stamp)?)$/i.test(type);
      out.push(violation(columnType, path,
        `${type === '' ? 'must not be empty: it' : show(type)} ${oneOf(PRINTER_COLUMN_TYPES)}${timeLike ? ' (did you mean "date"?)' : didYouMean(type, PRINTER_COLUMN_TYPES)}`,
        timeLike ? 'timestamps use type: date (kubectl then shows their age)' : 'these are the OpenAPI types a column can show'));
    }
    return out;
  },
});

/** Lowercase letters and digits only, to match spellings that differ in case or punctuation. */
function squash(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const columnFormat: Rule = defineRule({
  id: 'KB052',
  title: 'Printer column format, when set, is one Kubernetes accepts',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceColumnDefinition)',
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: obj => {
    const out: Violation[] = [];
    for (const c of columns(obj)) {
      const format = own(c.column, 'format');
      if (typeof format !== 'string' || format === '' || PRINTER_COLUMN_FORMATS.includes(format)) continue;
      const path = field(c.path, 'format');
      if (format === 'name') {
        out.push(violation(columnFormat, path,
          '"name" is refused by Kubernetes\' CRD validation, although the API documentation describes it',
          `format ${oneOf(PRINTER_COLUMN_FORMATS)}; remove format: kubectl always shows the object name in its own NAME column`));
        continue;
      }
      // "datetime" should find "date-time", not the prefix match "date".
      const squashed = PRINTER_COLUMN_FORMATS.find(f => squash(f) === squash(format));
      const fix = squashed !== undefined ? ` (did you mean ${show(squashed)}?)` : didYouMean(format, PRINTER_COLUMN_FORMATS);
      out.push(violation(columnFormat, path, `${show(format)} ${oneOf(PRINTER_COLUMN_FORMATS)}${fix}`,
        'or remove format; it is optional'));
    }
    return out;
  },
});

/** A corrected path for the usual slips: a missing leading dot, a `$` root, `{...}` braces. */
function jsonPathSuggestion(path: string): string | undefined {
  const candidates = [
    path.replace(/^\{(.*)\}$/s, '$1'),
    path.replace(/^\$/, ''),
    `.${path}`,
    path.trim(),
  ];
  return candidates.find(c => c !== path && printerColumnJsonPathErrors(c).length === 0);
}

const COLUMN_PATH_EXAMPLE = 'write a path into the object such as .spec.replicas or .status.conditions[?(@.type=="Ready")].status';

/** What validateSimpleJSONPath rejects: nothing, or anything not starting with a dot. */
function serverRejectsColumnPath(jsonPath: string): boolean {
  return jsonPath.length === 0 || jsonPath[0] !== '.';
}

const columnJsonPath: Rule = defineRule({
  id: 'KB053',
  title: 'Printer column jsonPath starts with "." (error) and parses as a JSONPath (warning: otherwise the table falls back to default columns)',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceColumnDefinition)',
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: obj => {
    const out: Violation[] = [];
    for (const c of columns(obj)) {
      const jsonPath = goString(own(c.column, 'jsonPath'));
      if (jsonPath === undefined || !reportsAbsent(obj, c.column, 'jsonPath')) continue;
      // Kubernetes reports an absent path at "JSONPath" (its Go field's name, validation.go); the field is jsonPath.
      if (absent(c.column, 'jsonPath')) {
        out.push(violation(columnJsonPath, field(c.path, 'jsonPath'), 'is required', COLUMN_PATH_EXAMPLE));
        continue;
      }
      const errors = printerColumnJsonPathErrors(jsonPath);
      if (errors.length === 0) continue;
      const path = field(c.path, 'jsonPath');
      const fix = jsonPathSuggestion(jsonPath);
      const found = `${show(jsonPath)} ${errors.join('; ')}${fix !== undefined ? ` (did you mean ${show(fix)}?)` : ''}`;
      // Kubernetes' CRD validation only rejects an empty path or one without the leading dot; the rest is
      // parsed when the table is printed, and a path that does not parse makes the server fall back to default columns.
      if (serverRejectsColumnPath(jsonPath)) {
        out.push(violation(columnJsonPath, path, found, COLUMN_PATH_EXAMPLE));
      } else {
        out.push(violation(columnJsonPath, path, found,
          `the API server accepts the CRD, but cannot print this column and falls back to its default columns; ${COLUMN_PATH_EXAMPLE}`, 'warning'));
      }
    }
    return out;
  },
});

const columnPriority: Rule = defineRule({
  id: 'KB054',
  title: 'Printer column priority is not negative',
  source: 'spec §2.3',
  severity: 'warning',
  scope: 'object',
  appliesTo: CRD_KINDS,
  check: obj => columns(obj)
    .filter(c => typeof own(c.column, 'priority') === 'number' && own(c.column, 'priority') < 0)
    .map(c => violation(columnPriority, field(c.path, 'priority'),
      `${own(c.column, 'priority')} is negative`,
      'use 0 for columns always shown and a number above 0 for columns shown only with -o wide; Kubernetes accepts negative values, but they mean the same as 0')),
});

export const PRINTER_COLUMN_RULES: Rule[] = [
  columnName,
  columnType,
  columnFormat,
  columnJsonPath,
  columnPriority,
];
