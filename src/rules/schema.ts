/**
 * Structure: a small, generic OpenAPI v3 checker that walks a manifest
 * against the openAPIV3Schema of our own CRD for its kind/version, the way
 * the API server's schema validation would. It knows nothing of kube-bind's
 * field names; everything it says comes from the schema.
 */
import { instanceSchema } from '../crds';
import {
  KIND_VERSIONS,
  KindVersion,
  Manifest,
  Rule,
  RuleContext,
  Violation,
  closest,
  didYouMean,
  field,
  has,
  isObject,
  item,
  kindVersionOf,
  oneOf,
  own,
  show,
  violation,
} from './engine';
import { isBase64, isRfc3339, looksLikePem } from './k8s-formats';
import { codePointLength, deepEqual, editDistance, jsonType, keyPath } from './k8s-values';

const SOURCE_CRD = 'kube-bind CRD';

const UNKNOWN_KIND_VERSION: Pick<Rule, 'id' | 'severity'> = { id: 'KB001', severity: 'error' };
const REQUIRED: Pick<Rule, 'id' | 'severity'> = { id: 'KB002', severity: 'error' };
const TYPE: Pick<Rule, 'id' | 'severity'> = { id: 'KB003', severity: 'error' };
const ENUM: Pick<Rule, 'id' | 'severity'> = { id: 'KB004', severity: 'error' };
const STRING_CONSTRAINT: Pick<Rule, 'id' | 'severity'> = { id: 'KB005', severity: 'error' };
const FORMAT: Pick<Rule, 'id' | 'severity'> = { id: 'KB006', severity: 'error' };
const LIST_CONSTRAINT: Pick<Rule, 'id' | 'severity'> = { id: 'KB007', severity: 'error' };
const SPEC_PRESENT: Pick<Rule, 'id' | 'severity'> = { id: 'KB008', severity: 'error' };
const UNKNOWN_FIELD: Pick<Rule, 'id' | 'severity'> = { id: 'KB009', severity: 'warning' };

type Schema = { [key: string]: any };

// ---------------------------------------------------------------------------
// Unknown kinds and versions of our group

/** The kinds of our group and the versions each is served at. */
function servedKinds(): Map<string, string[]> {
  const kinds = new Map<string, string[]>();
  for (const kv of KIND_VERSIONS) {
    const [kind, version] = kv.split('/');
    kinds.set(kind, [...(kinds.get(kind) ?? []), version]);
  }
  return kinds;
}

/**
 * Objects whose `apiVersion` names our group but whose kind or version the
 * group does not serve (kube-bind.io/v1, kind ApiServiceExport...). The
 * registry must call this for objects `kindVersionOf` does not recognise,
 * since no per-kind rule runs on them. Also warns about a group that is one
 * typo away from ours on an object of one of our kinds.
 */
export function unknownKindVersion(obj: Manifest, ctx: RuleContext): Violation[] {
  const apiVersion = own(obj, 'apiVersion');
  const kind = own(obj, 'kind');
  if (typeof apiVersion !== 'string' || kindVersionOf(obj, ctx.group) !== undefined) return [];
  const kinds = servedKinds();
  const slash = apiVersion.lastIndexOf('/');
  const group = slash < 0 ? apiVersion : apiVersion.slice(0, slash);
  const version = slash < 0 ? undefined : apiVersion.slice(slash + 1);
  const served = [...kinds.entries()].map(([k, vs]) => `${k} at ${vs.map(v => `${ctx.group}/${v}`).join(', ')}`).join('; ');

  if (group !== ctx.group) {
    if (typeof kind === 'string' && kinds.has(kind) && group.length > 0 && editDistance(group, ctx.group) <= 2) {
      return [violation(UNKNOWN_KIND_VERSION, 'apiVersion',
        `apiVersion ${show(apiVersion)} is not in group ${show(ctx.group)}, so this ${kind} is not checked (did you mean ${show(`${ctx.group}/${version ?? kinds.get(kind)![0]}`)}?)`,
        `if the group is deliberate, validate with group ${show(group)}`, 'warning')];
    }
    return [];
  }
  if (version === undefined || version === '') {
    return [violation(UNKNOWN_KIND_VERSION, 'apiVersion',
      `apiVersion ${show(apiVersion)} has no version: it must be <group>/<version>`,
      `${ctx.group} serves ${served}`)];
  }
  if (typeof kind !== 'string' || kind === '') {
    return [violation(UNKNOWN_KIND_VERSION, 'kind',
      `kind is ${kind === '' ? 'empty' : 'missing'} on an object of apiVersion ${show(apiVersion)}`,
      `${ctx.group} serves ${served}`)];
  }
  const versions = kinds.get(kind);
  if (versions === undefined) {
    return [violation(UNKNOWN_KIND_VERSION, 'kind',
      `kind ${show(kind)} is not a kind of ${ctx.group}: ${oneOf([...kinds.keys()])}${didYouMean(kind, [...kinds.keys()])}`,
      `${ctx.group} serves ${served}`)];
  }
  const apiVersions = versions.map(v => `${ctx.group}/${v}`);
  return [violation(UNKNOWN_KIND_VERSION, 'apiVersion',
    `apiVersion ${show(apiVersion)} does not serve ${kind}: ${oneOf(apiVersions)}${didYouMean(apiVersion, apiVersions)}`,
    `${ctx.group} serves ${served}`)];
}

// ---------------------------------------------------------------------------
// The generic checker

interface Walk {
  readonly out: Violation[];
  readonly seen: Set<string>;
}

function report(w: Walk, v: Violation): void {
  // allOf branches often repeat a constraint (kube-bind's informerScope has the same enum twice).
  const key = `${v.rule}\u0000${v.path}\u0000${v.message}`;
  if (w.seen.has(key)) return;
  w.seen.add(key);
  w.out.push(v);
}

const MAX_DEPTH = 100;

/**
 * Every violation of `value` against `schema` (an OpenAPI v3 / structural
 * schema as found in a CRD). `path` is where `value` sits; the root of a
 * resource is `''`, and there `metadata` is left to Kubernetes' own
 * ObjectMeta validation, as the API server does.
 */
export function schemaViolations(value: unknown, schema: Schema, path: string = ''): Violation[] {
  const w: Walk = { out: [], seen: new Set() };
  visit(value, schema, path, w, { root: path === '', reportUnknown: true, depth: 0 });
  return w.out;
}

interface VisitOptions {
  readonly root: boolean;
  readonly reportUnknown: boolean;
  readonly depth: number;
}

function visit(value: unknown, schema: unknown, path: string, w: Walk, opts: VisitOptions): void {
  if (!isObject(schema) || opts.depth > MAX_DEPTH) return;
  const type = own(schema, 'type');
  if (value === null) {
    // The server drops nulls of fields that have a default, then applies the default.
    if (own(schema, 'nullable') === true || has(schema, 'default')) return;
    report(w, violation(TYPE, path, `${label(path)} is null; it must be ${describeExpected(schema)}`,
      'give it a value or remove the key (in YAML, "key:" with nothing after it is null)'));
    return;
  }
  if (own(schema, 'x-kubernetes-int-or-string') === true) {
    if (!(typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value)))) {
      report(w, violation(TYPE, path, `${label(path)} must be an integer or a string, got ${describeValue(value)}`));
      return;
    }
  } else if (typeof type === 'string' && !matchesType(value, type)) {
    report(w, violation(TYPE, path, `${label(path)} must be ${article(type)}, got ${describeValue(value)}`, typeHint(value, type)));
    return;
  }
  checkEnum(value, schema, path, w);
  checkJunctors(value, schema, path, w, opts);
  if (typeof value === 'string') checkString(value, schema, path, w);
  else if (typeof value === 'number') checkNumber(value, schema, path, w);
  else if (Array.isArray(value)) checkArray(value, schema, path, w, opts);
  else if (isObject(value)) checkObject(value, schema, path, w, opts);
}

function matchesType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string': return typeof value === 'string';
    case 'boolean': return typeof value === 'boolean';
    case 'integer': return typeof value === 'number' && Number.isInteger(value);
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'object': return isObject(value);
    case 'array': return Array.isArray(value);
    default: return true;
  }
}

function checkEnum(value: unknown, schema: Schema, path: string, w: Walk): void {
  const allowed = own(schema, 'enum');
  if (!Array.isArray(allowed) || allowed.some(a => deepEqual(a, value))) return;
  const names = allowed.filter((a): a is string => typeof a === 'string');
  const guess = closest(value, names);
  report(w, violation(ENUM, path,
    `${label(path)} ${show(value)} ${oneOf(allowed.map(a => (typeof a === 'string' ? a : JSON.stringify(a))))}${didYouMean(value, names)}`,
    guess === undefined || guess === value ? undefined
      : guess.toLowerCase() === String(value).toLowerCase() ? `use ${show(guess)}: values are case-sensitive` : `use ${show(guess)}`));
}

function checkJunctors(value: unknown, schema: Schema, path: string, w: Walk, opts: VisitOptions): void {
  const next = { root: opts.root, reportUnknown: false, depth: opts.depth + 1 };
  const allOf = own(schema, 'allOf');
  if (Array.isArray(allOf)) {
    for (const branch of allOf) visit(value, branch, path, w, next);
  }
  const passes = (branch: unknown): boolean => {
    const sub: Walk = { out: [], seen: new Set() };
    visit(value, branch, path, sub, next);
    return !sub.out.some(v => v.severity === 'error');
  };
  const anyOf = own(schema, 'anyOf');
  if (Array.isArray(anyOf) && anyOf.length > 0 && !anyOf.some(passes)) {
    report(w, violation(TYPE, path, `${label(path)} ${show(value)} matches none of the ${anyOf.length} shapes allowed by anyOf`));
  }
  const oneOfBranches = own(schema, 'oneOf');
  if (Array.isArray(oneOfBranches) && oneOfBranches.length > 0) {
    const matching = oneOfBranches.filter(passes).length;
    if (matching !== 1) {
      report(w, violation(TYPE, path, `${label(path)} ${show(value)} matches ${matching} of the shapes allowed by oneOf; it must match exactly one`));
    }
  }
  const not = own(schema, 'not');
  if (isObject(not) && passes(not)) {
    report(w, violation(TYPE, path, `${label(path)} ${show(value)} matches a shape the schema forbids (not)`));
  }
}

const regexCache = new Map<string, RegExp | null>();

function compiled(pattern: string): RegExp | null {
  if (!regexCache.has(pattern)) {
    let re: RegExp | null;
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      re = null;
    }
    regexCache.set(pattern, re);
  }
  return regexCache.get(pattern) ?? null;
}

function checkString(value: string, schema: Schema, path: string, w: Walk): void {
  const length = codePointLength(value);
  const minLength = own(schema, 'minLength');
  if (typeof minLength === 'number' && length < minLength) {
    report(w, violation(STRING_CONSTRAINT, path, value === ''
      ? `${label(path)} must not be empty`
      : `${label(path)} ${show(value)} must be at least ${minLength} characters long`));
  }
  const maxLength = own(schema, 'maxLength');
  if (typeof maxLength === 'number' && length > maxLength) {
    report(w, violation(STRING_CONSTRAINT, path, `${label(path)} ${show(value)} must be at most ${maxLength} characters long, has ${length}`));
  }
  const pattern = own(schema, 'pattern');
  const re = typeof pattern === 'string' ? compiled(pattern) : null;
  if (re !== null && value !== '' && !re.test(value)) {
    // Suggest the nearest spelling that would match: usually the value lowercased or trimmed.
    const candidates = [value.trim(), value.toLowerCase(), value.trim().toLowerCase()];
    const fix = candidates.find(c => c !== value && re.test(c));
    report(w, violation(STRING_CONSTRAINT, path,
      `${label(path)} ${show(value)} must match ${pattern}${fix !== undefined ? ` (did you mean ${show(fix)}?)` : ''}`));
  } else if (re !== null && value === '' && !re.test(value) && !(typeof minLength === 'number' && minLength > 0)) {
    report(w, violation(STRING_CONSTRAINT, path, `${label(path)} must not be empty: it must match ${pattern}`));
  }
  const format = own(schema, 'format');
  if (format === 'date-time' && !isRfc3339(value)) {
    report(w, violation(FORMAT, path, `${label(path)} ${show(value)} is not an RFC 3339 date-time`,
      'write it like 2024-05-01T12:00:00Z (uppercase T and Z, or an offset such as +02:00)'));
  } else if (format === 'byte' && !isBase64(value)) {
    report(w, violation(FORMAT, path, `${label(path)} ${show(value).length > 60 ? 'value' : show(value)} is not base64 (format: byte)`,
      looksLikePem(value)
        ? 'this looks like PEM text: base64-encode the whole PEM file (for example base64 -w0 ca.crt) and put that here'
        : 'encode the bytes as standard, padded base64'));
  }
}

const INT_RANGES: { [format: string]: [number, number] } = {
  int32: [-2147483648, 2147483647],
  int64: [-9223372036854775808, 9223372036854775807],
};

function checkNumber(value: number, schema: Schema, path: string, w: Walk): void {
  const format = own(schema, 'format');
  const range = typeof format === 'string' && Object.prototype.hasOwnProperty.call(INT_RANGES, format) ? INT_RANGES[format] : undefined;
  if (range !== undefined && (value < range[0] || value > range[1])) {
    report(w, violation(FORMAT, path, `${label(path)} ${value} does not fit in ${format} (${range[0]} to ${range[1]})`));
  }
  const minimum = own(schema, 'minimum');
  if (typeof minimum === 'number') {
    const exclusive = own(schema, 'exclusiveMinimum') === true;
    if (exclusive ? value <= minimum : value < minimum) {
      report(w, violation(STRING_CONSTRAINT, path, `${label(path)} ${value} must be ${exclusive ? 'greater than' : 'at least'} ${minimum}`));
    }
  }
  const maximum = own(schema, 'maximum');
  if (typeof maximum === 'number') {
    const exclusive = own(schema, 'exclusiveMaximum') === true;
    if (exclusive ? value >= maximum : value > maximum) {
      report(w, violation(STRING_CONSTRAINT, path, `${label(path)} ${value} must be ${exclusive ? 'less than' : 'at most'} ${maximum}`));
    }
  }
}

function checkArray(value: unknown[], schema: Schema, path: string, w: Walk, opts: VisitOptions): void {
  const minItems = own(schema, 'minItems');
  if (typeof minItems === 'number' && value.length < minItems) {
    report(w, violation(LIST_CONSTRAINT, path, `${label(path)} must have at least ${minItems} item${minItems === 1 ? '' : 's'}, has ${value.length}`));
  }
  const maxItems = own(schema, 'maxItems');
  if (typeof maxItems === 'number' && value.length > maxItems) {
    report(w, violation(LIST_CONSTRAINT, path, `${label(path)} must have at most ${maxItems} items, has ${value.length}`));
  }
  const items = own(schema, 'items');
  const listType = own(schema, 'x-kubernetes-list-type');
  if (listType === 'map') checkListMapKeys(value, schema, items, path, w);
  if (listType === 'set') {
    value.forEach((entry, i) => {
      const j = value.findIndex(other => deepEqual(other, entry));
      if (j < i) report(w, violation(LIST_CONSTRAINT, item(path, i), `${item(path, i)} ${show(entry)} duplicates ${item(path, j)}: this list is a set`));
    });
  }
  if (isObject(items)) {
    value.forEach((entry, i) => visit(entry, items, item(path, i), w, { root: false, reportUnknown: opts.reportUnknown, depth: opts.depth + 1 }));
  }
}

/** Entries of an `x-kubernetes-list-type: map` list must differ in their key fields. */
function checkListMapKeys(value: unknown[], schema: Schema, items: unknown, path: string, w: Walk): void {
  const keys = own(schema, 'x-kubernetes-list-map-keys');
  if (!Array.isArray(keys) || keys.length === 0 || !keys.every(k => typeof k === 'string')) return;
  const firstSeen = new Map<string, number>();
  value.forEach((entry, i) => {
    if (!isObject(entry)) return;
    const tuple: unknown[] = [];
    for (const key of keys as string[]) {
      const keySchema = own(own(items, 'properties'), key);
      const v = has(entry, key) ? own(entry, key) : own(keySchema, 'default');
      // A missing or non-scalar key is the required/type check's business.
      if (v === undefined || v === null || typeof v === 'object') return;
      tuple.push(v);
    }
    const id = JSON.stringify(tuple);
    const j = firstSeen.get(id);
    if (j === undefined) {
      firstSeen.set(id, i);
      return;
    }
    const where = keys.length === 1 ? field(item(path, i), keys[0]) : item(path, i);
    const what = keys.length === 1 ? show(tuple[0]) : `with ${(keys as string[]).map((k, n) => `${k}=${show(tuple[n])}`).join(', ')}`;
    report(w, violation(LIST_CONSTRAINT, where,
      `${where} ${what} duplicates ${item(path, j)}: entries of ${label(path)} are keyed by ${(keys as string[]).join(', ')} and must be unique`,
      'rename or remove one of the entries'));
  });
}

function checkObject(value: { [key: string]: any }, schema: Schema, path: string, w: Walk, opts: VisitOptions): void {
  const properties = own(schema, 'properties');
  const additional = own(schema, 'additionalProperties');
  const preserve = own(schema, 'x-kubernetes-preserve-unknown-fields') === true;
  const known = isObject(properties) ? Object.keys(properties) : [];
  for (const key of Object.keys(value)) {
    const childPath = keyPath(path, key);
    const propertySchema = isObject(properties) ? own(properties, key) : undefined;
    if (opts.root && key === 'metadata') {
      // ObjectMeta is validated by Kubernetes itself; a CRD may not describe it.
      if (!isObject(own(value, key))) {
        report(w, violation(TYPE, childPath, `${label(childPath)} must be an object, got ${describeValue(own(value, key))}`));
      }
      continue;
    }
    if (isObject(propertySchema)) {
      visit(own(value, key), propertySchema, childPath, w, { root: false, reportUnknown: opts.reportUnknown, depth: opts.depth + 1 });
    } else if (isObject(additional)) {
      visit(own(value, key), additional, childPath, w, { root: false, reportUnknown: opts.reportUnknown, depth: opts.depth + 1 });
    } else if (additional === true || preserve) {
      continue;
    } else if (opts.reportUnknown) {
      report(w, violation(UNKNOWN_FIELD, childPath,
        `${label(childPath)} is not a known field${path === '' ? '' : ` of ${path}`}; the server drops it${didYouMean(key, known)}`,
        known.length > 0 ? `known fields here: ${known.join(', ')}` : 'nothing may be set here'));
    }
  }
  const required = own(schema, 'required');
  if (Array.isArray(required)) {
    for (const name of required) {
      if (typeof name !== 'string' || has(value, name)) continue;
      const propertySchema = isObject(properties) ? own(properties, name) : undefined;
      // The server applies defaults before it validates, so a defaulted field is never missing.
      if (has(propertySchema, 'default')) continue;
      report(w, violation(REQUIRED, keyPath(path, name), `${label(keyPath(path, name))} is required`, requiredHint(propertySchema)));
    }
  }
  const count = Object.keys(value).length;
  const minProperties = own(schema, 'minProperties');
  if (typeof minProperties === 'number' && count < minProperties) {
    report(w, violation(LIST_CONSTRAINT, path, `${label(path)} must have at least ${minProperties} entries, has ${count}`));
  }
  const maxProperties = own(schema, 'maxProperties');
  if (typeof maxProperties === 'number' && count > maxProperties) {
    report(w, violation(LIST_CONSTRAINT, path, `${label(path)} must have at most ${maxProperties} entries, has ${count}`));
  }
}

// ---------------------------------------------------------------------------
// Wording

function label(path: string): string {
  return path === '' ? 'the object' : path;
}

function article(type: string): string {
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

function describeValue(value: unknown): string {
  const t = jsonType(value);
  if (t === 'object' || t === 'array') return `${article(t)}`;
  if (t === 'number' && !Number.isFinite(value as number)) return `${String(value)}, which JSON cannot hold`;
  return `${t} ${show(value)}`;
}

function describeExpected(schema: Schema): string {
  const type = own(schema, 'type');
  return typeof type === 'string' ? article(type) : 'a value';
}

function typeHint(value: unknown, type: string): string | undefined {
  if (type === 'boolean' && typeof value === 'string' && /^(true|false)$/i.test(value.trim())) {
    return `write ${value.trim().toLowerCase()} without quotes`;
  }
  if ((type === 'integer' || type === 'number') && typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) {
    return `write ${value.trim()} without quotes`;
  }
  if (type === 'integer' && typeof value === 'number' && Number.isFinite(value)) return `use a whole number such as ${Math.round(value)}`;
  if (type === 'string' && (typeof value === 'number' || typeof value === 'boolean')) return `quote it: "${String(value)}"`;
  if (type === 'array' && !Array.isArray(value) && value !== undefined) return 'make it a list (YAML "- item" lines)';
  if (type === 'object' && Array.isArray(value)) return 'make it a map of key: value pairs, not a list';
  return undefined;
}

function requiredHint(propertySchema: unknown): string | undefined {
  const values = own(propertySchema, 'enum');
  if (Array.isArray(values) && values.every(v => typeof v === 'string')) return `set it to ${values.map(v => show(v)).join(' or ')}`;
  const description = own(propertySchema, 'description');
  return typeof description === 'string' && description.length > 0 ? description : undefined;
}

// ---------------------------------------------------------------------------
// The rules

const schemaCache = new Map<string, Schema>();

function schemaFor(kv: KindVersion, group: string): Schema {
  const key = `${kv}\u0000${group}`;
  let schema = schemaCache.get(key);
  if (schema === undefined) {
    schema = instanceSchema(kv, group);
    schemaCache.set(key, schema);
  }
  return schema;
}

function structuralViolations(obj: Manifest, ctx: RuleContext): Violation[] {
  const kv = kindVersionOf(obj, ctx.group);
  if (kv === undefined) return [];
  return schemaViolations(obj, schemaFor(kv, ctx.group));
}

function fromChecker(id: string, title: string, severity: Rule['severity']): Rule {
  return {
    id,
    title,
    source: SOURCE_CRD,
    severity,
    appliesTo: KIND_VERSIONS,
    check: (obj, ctx) => structuralViolations(obj, ctx).filter(v => v.rule === id),
  };
}

export const SCHEMA_RULES: Rule[] = [
  {
    id: UNKNOWN_KIND_VERSION.id,
    title: 'apiVersion and kind name a kind/version the group serves',
    source: 'spec §2.1',
    severity: 'error',
    appliesTo: KIND_VERSIONS,
    check: (obj, ctx) => unknownKindVersion(obj, ctx),
  },
  fromChecker(REQUIRED.id, 'Required fields are present', 'error'),
  fromChecker(TYPE.id, 'Every field has the type the schema declares (integers are whole numbers)', 'error'),
  fromChecker(ENUM.id, 'Fields with a fixed set of values use one of them', 'error'),
  fromChecker(STRING_CONSTRAINT.id, 'Values meet the schema\'s pattern, length and range limits', 'error'),
  fromChecker(FORMAT.id, 'Formatted values parse (date-time as RFC 3339, byte as base64, int32/int64 ranges)', 'error'),
  fromChecker(LIST_CONSTRAINT.id, 'Lists meet their size limits and keyed lists have unique keys', 'error'),
  {
    id: SPEC_PRESENT.id,
    title: 'A BoundSchema has a spec',
    source: 'spec §2.6',
    severity: 'error',
    appliesTo: ['BoundSchema/v1alpha2'],
    check: obj => (has(obj, 'spec') ? [] : [violation(SPEC_PRESENT, 'spec',
      'spec is missing: a BoundSchema without spec describes no resource',
      'the CRD does not require spec, but every spec field (group, names, scope, informerScope, versions) is required once it is present; add them')]),
  },
  fromChecker(UNKNOWN_FIELD.id, 'No unknown fields (the server would silently drop them)', 'warning'),
];
