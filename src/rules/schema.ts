/**
 * Structure: a small, generic OpenAPI v3 checker that walks a manifest
 * against the openAPIV3Schema of our own CRD for its kind/version, the way
 * the API server's schema validation would. It knows nothing of kube-bind's
 * field names; everything it says comes from the schema.
 */
import { instanceSchema } from '../crds';
import { isBase64, isRfc3339, looksLikePem } from './k8s-formats';
import { codePointLength, deepEqual, jsonType, keyPath } from './k8s-values';
import { KUBE_BIND_KINDS, groupMiss, isUnmodelledKubeBindKind, servedVersionsOf } from './kube-bind-kinds';
import { closest, didYouMean, oneOf, show, yamlBooleanHint } from './messages';
import { field, item } from './paths';
import { Rule, RuleContext, defineRule } from './rule';
import { Violation, violation } from './violation';
import { requiredOf } from '../crds/facts';
import { CRD_API_VERSION, CRD_KIND, KIND_VERSIONS, KindVersion, kindVersionOf } from '../model/kinds';
import { has, isObject, Manifest, own } from '../model/manifest';

const SOURCE_CRD = 'kube-bind CRD';

// ---------------------------------------------------------------------------
// The rules. KB001 judges apiVersion and kind (`unknownKindVersion`, below);
// the others are what one structural walk of the object against its CRD's
// schema finds (`structuralViolations`, at the end), each reported where the
// walk meets it.

/** A rule the generic checker reports, in its structural walk of every kube-bind object. */
const CHECKER = { source: SOURCE_CRD, scope: 'object', appliesTo: KIND_VERSIONS, pass: structuralViolations } as const;

const UNKNOWN_KIND_VERSION: Rule = defineRule({
  id: 'KB001',
  severity: 'error',
  title: 'apiVersion and kind are set and name a kind/version kube-bind serves in the configured group (kube-bind kinds not modelled here are skipped)',
  source: 'spec §2.1; kube-bind CRDs (deploy/crd); Kubernetes API machinery (apiVersion and kind are required, groups match exactly)',
  scope: 'object',
  appliesTo: KIND_VERSIONS,
  // It judges whether an object is of these kinds at all: the runner gives it the objects of no recognised kind/version.
  judgesKind: true,
  check: (obj, ctx) => unknownKindVersion(obj, ctx),
});
const REQUIRED: Rule = defineRule({ id: 'KB002', severity: 'error', ...CHECKER, title: 'Required fields are present' });
const TYPE: Rule = defineRule({ id: 'KB003', severity: 'error', ...CHECKER, title: 'Every field has the type the schema declares (integers are whole numbers)' });
const ENUM: Rule = defineRule({ id: 'KB004', severity: 'error', ...CHECKER, title: 'Fields with a fixed set of values use one of them' });
const STRING_CONSTRAINT: Rule = defineRule({
  id: 'KB005',
  severity: 'error',
  ...CHECKER,
  title: 'Values meet the schema\'s pattern, length and range limits',
});
const FORMAT: Rule = defineRule({
  id: 'KB006',
  severity: 'error',
  ...CHECKER,
  title: 'Formatted values parse (date-time as RFC 3339, byte as base64, int32/int64 ranges)',
});
const LIST_CONSTRAINT: Rule = defineRule({ id: 'KB007', severity: 'error', ...CHECKER, title: 'Lists meet their size limits and keyed lists have unique keys' });
const SPEC_PRESENT: Rule = defineRule({
  id: 'KB008',
  // The spec (2.2) and kube-bind's CRD both make a BoundSchema's spec optional: a warning, not an error.
  severity: 'warning',
  ...CHECKER,
  title: 'A BoundSchema has a spec (optional for the server, but without it nothing is bound)',
  source: 'spec §2.2, §2.6',
  appliesTo: ['BoundSchema/v1alpha2'],
});
const UNKNOWN_FIELD: Rule = defineRule({ id: 'KB009', severity: 'warning', ...CHECKER, title: 'No unknown fields (the server would silently drop them)' });

export const SCHEMA_RULES: readonly Rule[] = [
  UNKNOWN_KIND_VERSION,
  REQUIRED,
  TYPE,
  ENUM,
  STRING_CONSTRAINT,
  FORMAT,
  LIST_CONSTRAINT,
  SPEC_PRESENT,
  UNKNOWN_FIELD,
];

type Schema = { [key: string]: any };

// ---------------------------------------------------------------------------
// Unknown kinds and versions of our group

/** The kinds this library models, and the versions each is checked at. */
function modelledKinds(): Map<string, string[]> {
  const kinds = new Map<string, string[]>();
  for (const kv of KIND_VERSIONS) {
    const [kind, version] = kv.split('/');
    kinds.set(kind, [...(kinds.get(kind) ?? []), version]);
  }
  return kinds;
}

/** `APIServiceExport at kube-bind.io/v1alpha1, kube-bind.io/v1alpha2; BoundSchema at ...`. */
function servedText(group: string): string {
  return [...modelledKinds().entries()].map(([k, vs]) => `${k} at ${vs.map(v => `${group}/${v}`).join(', ')}`).join('; ');
}

function groupAndVersion(apiVersion: string): { group: string; version: string | undefined } {
  const slash = apiVersion.lastIndexOf('/');
  return slash < 0 ? { group: apiVersion, version: undefined } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

/**
 * What is wrong with an object's apiVersion and kind, for objects
 * `kindVersionOf` does not recognise (no per-kind rule runs on them):
 * - apiVersion or kind missing or empty: kubectl and the API server refuse
 *   the document (apimachinery's `Object 'Kind' is missing`), whatever it is;
 * - our group, but a kind or version kube-bind does not serve (kind
 *   ApiServiceExport, kube-bind.io/v1): "no matches for kind";
 * - a kube-bind kind under a group that misses ours by case, look-alike
 *   letters, a typo, or is no valid API group at all (`groupMiss`).
 * kube-bind's other kinds at versions it serves (APIServiceBinding,
 * ClusterBinding...) are real objects this library does not model: nothing is
 * reported, and `validate` counts them as skipped. Objects of other groups
 * get nothing. Never throws.
 */
export function unknownKindVersion(obj: Manifest, ctx: RuleContext): Violation[] {
  const apiVersion = own(obj, 'apiVersion');
  const kind = own(obj, 'kind');
  if (typeof apiVersion !== 'string' || apiVersion === '') {
    return [violation(UNKNOWN_KIND_VERSION, 'apiVersion',
      `apiVersion is ${apiVersion === '' ? 'empty' : apiVersion === undefined ? 'missing' : `${show(apiVersion)}, not a string`}: kubectl and the API server refuse an object without apiVersion`,
      typeof kind === 'string' && kind !== '' && servedVersionsOf(kind).length > 0
        ? `add apiVersion: ${ctx.group}/${servedVersionsOf(kind).slice(-1)[0]}`
        : kind === CRD_KIND
          ? `add apiVersion: ${CRD_API_VERSION}`
          : `add apiVersion: <group>/<version>; ${ctx.group} serves ${servedText(ctx.group)}`)];
  }
  if (kindVersionOf(obj, ctx.group) !== undefined) return [];
  const { group, version } = groupAndVersion(apiVersion);
  if (typeof kind !== 'string' || kind === '') {
    return [violation(UNKNOWN_KIND_VERSION, 'kind',
      `kind is ${kind === '' ? 'empty' : kind === undefined ? 'missing' : `${show(kind)}, not a string`} on an object of apiVersion ${show(apiVersion)}: kubectl and the API server refuse an object without kind`,
      group === ctx.group ? `${ctx.group} serves ${servedText(ctx.group)}` : 'add the object\'s kind, e.g. kind: APIServiceExport')];
  }
  if (group !== ctx.group) return groupMissViolations(apiVersion, group, version, kind, ctx);
  if (version === undefined || version === '') {
    return [violation(UNKNOWN_KIND_VERSION, 'apiVersion',
      `apiVersion ${show(apiVersion)} has no version: it must be <group>/<version>${servedVersionsOf(kind).length > 0 ? ` (did you mean ${show(`${ctx.group}/${servedVersionsOf(kind).slice(-1)[0]}`)}?)` : ''}`,
      `${ctx.group} serves ${servedText(ctx.group)}`)];
  }
  if (isUnmodelledKubeBindKind(kind, version)) return [];
  const versions = servedVersionsOf(kind);
  if (versions.length === 0) {
    return [violation(UNKNOWN_KIND_VERSION, 'kind',
      `kind ${show(kind)} is not a kind of ${ctx.group}: the API server refuses it with "no matches for kind"${didYouMean(kind, KUBE_BIND_KINDS)}`,
      `${ctx.group} serves ${servedText(ctx.group)} (checked here), and ${KUBE_BIND_KINDS.filter(k => !modelledKinds().has(k)).join(', ')} (not checked)`)];
  }
  const apiVersions = versions.map(v => `${ctx.group}/${v}`);
  return [violation(UNKNOWN_KIND_VERSION, 'apiVersion',
    `apiVersion ${show(apiVersion)} does not serve ${kind}: ${oneOf(apiVersions)}${didYouMean(apiVersion, apiVersions)}`,
    `kube-bind serves ${kind} at ${apiVersions.join(', ')}; the API server refuses any other version with "no matches for kind"`)];
}

/** KB001 for a kube-bind kind whose apiVersion's group misses the configured one (`groupMiss`). */
function groupMissViolations(apiVersion: string, group: string, version: string | undefined, kind: string, ctx: RuleContext): Violation[] {
  if (!KUBE_BIND_KINDS.includes(kind)) return [];
  const miss = groupMiss(group, ctx.group);
  if (miss === undefined) return [];
  const versions = servedVersionsOf(kind);
  const fixedVersion = version !== undefined && versions.includes(version) ? version : versions.slice(-1)[0];
  const fixed = fixedVersion !== undefined ? ` (did you mean ${show(`${ctx.group}/${fixedVersion}`)}?)` : '';
  const refused = `the API server refuses it: no matches for kind ${show(kind)} in version ${show(apiVersion)}`;
  let why: string;
  if (miss.reason === 'look-alike') {
    const foreign = [...new Set([...group].filter(ch => !/[a-z0-9.-]/.test(ch)))];
    const listed = foreign.map(ch => `${show(ch)} (U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`).join(', ');
    why = `group ${show(group)} is not ${show(ctx.group)}: they differ only in case, accents or look-alike letters (${listed}), and API groups are matched exactly`;
  } else if (miss.reason === 'invalid') {
    why = `group ${show(group)} is not a valid API group (a lowercase DNS subdomain): it ${miss.problems.join('; ')}`;
  } else {
    why = `group ${show(group)} is not ${show(ctx.group)}, the group kube-bind objects are validated for, but is spelled almost like it`;
  }
  const hint = miss.reason === 'typo'
    ? `use apiVersion ${ctx.group}/${fixedVersion ?? '<version>'}; if ${show(group)} is really your kube-bind group, validate with --group ${group}`
    : `use apiVersion ${ctx.group}/${fixedVersion ?? '<version>'}, typed in plain ASCII`;
  return [violation(UNKNOWN_KIND_VERSION, 'apiVersion',
    `apiVersion ${show(apiVersion)}: ${why}, so ${refused}${miss.reason === 'invalid' && !miss.near ? '' : fixed}`, hint)];
}

// ---------------------------------------------------------------------------
// The generic checker

/**
 * A schema node with the keywords the checker reads picked out once, instead
 * of looked up at every value it checks. Built lazily, node by node, as the
 * walk reaches it, so cyclic or huge schemas cost no more than the walk.
 */
interface SchemaNode {
  readonly raw: Schema;
  readonly type: unknown;
  /** `nullable: true` or a default: the server accepts (or replaces) null. */
  readonly nullAllowed: boolean;
  readonly intOrString: boolean;
  readonly enumValues: unknown[] | undefined;
  readonly allOf: unknown[] | undefined;
  readonly anyOf: unknown[] | undefined;
  readonly oneOf: unknown[] | undefined;
  readonly not: Schema | undefined;
  readonly minLength: number | undefined;
  readonly maxLength: number | undefined;
  readonly pattern: string | undefined;
  readonly re: RegExp | null;
  readonly format: unknown;
  /** Whether `checkString` has anything to check here: most strings of an object have no constraint. */
  readonly stringChecks: boolean;
  readonly minimum: number | undefined;
  readonly exclusiveMinimum: boolean;
  readonly maximum: number | undefined;
  readonly exclusiveMaximum: boolean;
  readonly minItems: number | undefined;
  readonly maxItems: number | undefined;
  readonly items: unknown;
  readonly listType: unknown;
  readonly properties: Schema | undefined;
  readonly additional: unknown;
  readonly preserve: boolean;
  readonly required: unknown[] | undefined;
  readonly minProperties: number | undefined;
  readonly maxProperties: number | undefined;
  /** Property nodes by key, filled as keys are met (undefined: no object schema for that key). */
  readonly propertyCache: Map<string, SchemaNode | undefined>;
  /** The node of `items` or `additionalProperties`, once met (null: not an object schema). */
  itemsNode?: SchemaNode | null;
  additionalNode?: SchemaNode | null;
  /** The property names, for unknown-field messages. */
  known?: string[];
}

type NodeCache = WeakMap<object, SchemaNode>;

function numberOrUndefined(v: unknown): number | undefined {
  return typeof v === 'number' ? v : undefined;
}

function nodeOf(schema: Schema, cache: NodeCache): SchemaNode {
  let node = cache.get(schema);
  if (node !== undefined) return node;
  const anyOf = own(schema, 'anyOf');
  const oneOfBranches = own(schema, 'oneOf');
  const not = own(schema, 'not');
  const pattern = own(schema, 'pattern');
  const properties = own(schema, 'properties');
  const minLength = numberOrUndefined(own(schema, 'minLength'));
  const maxLength = numberOrUndefined(own(schema, 'maxLength'));
  const re = typeof pattern === 'string' ? compiled(pattern) : null;
  const format = own(schema, 'format');
  node = {
    raw: schema,
    type: own(schema, 'type'),
    nullAllowed: own(schema, 'nullable') === true || has(schema, 'default'),
    intOrString: own(schema, 'x-kubernetes-int-or-string') === true,
    enumValues: Array.isArray(own(schema, 'enum')) ? own(schema, 'enum') : undefined,
    allOf: Array.isArray(own(schema, 'allOf')) ? own(schema, 'allOf') : undefined,
    anyOf: Array.isArray(anyOf) && anyOf.length > 0 ? anyOf : undefined,
    oneOf: Array.isArray(oneOfBranches) && oneOfBranches.length > 0 ? oneOfBranches : undefined,
    not: isObject(not) ? not : undefined,
    minLength,
    maxLength,
    pattern: typeof pattern === 'string' ? pattern : undefined,
    re,
    format,
    stringChecks: minLength !== undefined || maxLength !== undefined || re !== null || format === 'date-time' || format === 'byte',
    minimum: numberOrUndefined(own(schema, 'minimum')),
    exclusiveMinimum: own(schema, 'exclusiveMinimum') === true,
    maximum: numberOrUndefined(own(schema, 'maximum')),
    exclusiveMaximum: own(schema, 'exclusiveMaximum') === true,
    minItems: numberOrUndefined(own(schema, 'minItems')),
    maxItems: numberOrUndefined(own(schema, 'maxItems')),
    items: own(schema, 'items'),
    listType: own(schema, 'x-kubernetes-list-type'),
    properties: isObject(properties) ? properties : undefined,
    additional: own(schema, 'additionalProperties'),
    preserve: own(schema, 'x-kubernetes-preserve-unknown-fields') === true,
    required: Array.isArray(own(schema, 'required')) ? own(schema, 'required') : undefined,
    minProperties: numberOrUndefined(own(schema, 'minProperties')),
    maxProperties: numberOrUndefined(own(schema, 'maxProperties')),
    propertyCache: new Map(),
  };
  cache.set(schema, node);
  return node;
}

/** The node of property `key`, when its schema is an object (anything else falls through to additionalProperties). */
function propertyNode(node: SchemaNode, key: string, nodes: NodeCache): SchemaNode | undefined {
  if (node.properties === undefined) return undefined;
  const cached = node.propertyCache.get(key);
  if (cached !== undefined || node.propertyCache.has(key)) return cached;
  const found = own(node.properties, key);
  const child = isObject(found) ? nodeOf(found, nodes) : undefined;
  // Keys of values are unbounded (maps, typos); only the schema's own property names are worth keeping.
  if (has(node.properties, key)) node.propertyCache.set(key, child);
  return child;
}

function itemsNodeOf(node: SchemaNode, nodes: NodeCache): SchemaNode | null {
  if (node.itemsNode === undefined) node.itemsNode = isObject(node.items) ? nodeOf(node.items, nodes) : null;
  return node.itemsNode;
}

function additionalNodeOf(node: SchemaNode, nodes: NodeCache): SchemaNode | null {
  if (node.additionalNode === undefined) node.additionalNode = isObject(node.additional) ? nodeOf(node.additional, nodes) : null;
  return node.additionalNode;
}

interface Walk {
  readonly out: Violation[];
  /** What was reported, once something was. */
  seen: Set<string> | undefined;
  readonly nodes: NodeCache;
  /** Where the walk started. */
  readonly base: string;
  /**
   * The keys and indexes from there to the value being checked. Kept as a
   * stack and joined only when a message needs the path: most values are valid.
   */
  readonly steps: Array<string | number>;
}

/** The field path of the value being checked, in kubectl's notation. */
function pathOf(w: Walk): string {
  let path = w.base;
  for (const step of w.steps) path = typeof step === 'number' ? item(path, step) : keyPath(path, step);
  return path;
}

function report(w: Walk, v: Violation): void {
  // allOf branches often repeat a constraint (kube-bind's informerScope has the same enum twice;
  // a template's scope has it twice in two orders, so one enum finding per field).
  const key = v.rule === ENUM.id ? `${v.rule}\u0000${v.path}` : `${v.rule}\u0000${v.path}\u0000${v.message}`;
  const seen = (w.seen ??= new Set());
  if (seen.has(key)) return;
  seen.add(key);
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
  return walkSchema(value, schema, path, new WeakMap());
}

function walkSchema(value: unknown, schema: Schema, path: string, nodes: NodeCache): Violation[] {
  const w: Walk = { out: [], seen: undefined, nodes, base: path, steps: [] };
  visit(value, schema, w, path === '', true, 0);
  return w.out;
}

function visit(value: unknown, schema: unknown, w: Walk, root: boolean, reportUnknown: boolean, depth: number): void {
  if (isObject(schema)) visitNode(value, nodeOf(schema, w.nodes), w, root, reportUnknown, depth);
}

function visitNode(value: unknown, node: SchemaNode, w: Walk, root: boolean, reportUnknown: boolean, depth: number): void {
  if (depth > MAX_DEPTH) return;
  const schema = node.raw;
  const type = node.type;
  if (value === null) {
    // The server drops nulls of fields that have a default, then applies the default.
    if (node.nullAllowed) return;
    const path = pathOf(w);
    report(w, violation(TYPE, path, `${label(path)} is null; it must be ${describeExpected(schema)}`,
      'give it a value or remove the key (in YAML, "key:" with nothing after it is null)'));
    return;
  }
  if (node.intOrString) {
    if (!(typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value)))) {
      const path = pathOf(w);
      report(w, violation(TYPE, path, `${label(path)} must be an integer or a string, got ${describeValue(value)}`, 'write a whole number such as 8080, or a string such as "http"'));
      return;
    }
  } else if (typeof type === 'string' && !matchesType(value, type)) {
    const path = pathOf(w);
    report(w, violation(TYPE, path, `${label(path)} must be ${article(type)}, got ${describeValue(value)}`, typeHint(value, type)));
    return;
  }
  if (node.enumValues !== undefined) checkEnum(value, node.enumValues, w);
  if (node.allOf !== undefined || node.anyOf !== undefined || node.oneOf !== undefined || node.not !== undefined) {
    checkJunctors(value, node, w, root, depth);
  }
  if (typeof value === 'string') {
    if (node.stringChecks) checkString(value, node, w);
  } else if (typeof value === 'number') {
    checkNumber(value, node, w);
  } else if (Array.isArray(value)) {
    checkArray(value, node, w, reportUnknown, depth);
  } else if (isObject(value)) {
    checkObject(value, node, w, root, reportUnknown, depth);
  }
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

function checkEnum(value: unknown, allowed: unknown[], w: Walk): void {
  // For a scalar, structural equality is ===, NaN equal to itself: what includes() does.
  if (typeof value !== 'object' ? allowed.includes(value) : allowed.some(a => deepEqual(a, value))) return;
  const path = pathOf(w);
  const names = allowed.filter((a): a is string => typeof a === 'string');
  const guess = closest(value, names);
  report(w, violation(ENUM, path,
    `${label(path)} ${show(value)} ${oneOf(allowed.map(a => (typeof a === 'string' ? a : JSON.stringify(a))))}${didYouMean(value, names)}`,
    guess === undefined || guess === value ? undefined
      : guess.toLowerCase() === String(value).toLowerCase() ? `use ${show(guess)}: values are case-sensitive` : `use ${show(guess)}`));
}

function checkJunctors(value: unknown, node: SchemaNode, w: Walk, root: boolean, depth: number): void {
  if (node.allOf !== undefined) {
    for (const branch of node.allOf) visit(value, branch, w, root, false, depth + 1);
  }
  const passes = (branch: unknown): boolean => {
    const sub: Walk = { out: [], seen: undefined, nodes: w.nodes, base: w.base, steps: w.steps };
    visit(value, branch, sub, root, false, depth + 1);
    return !sub.out.some(v => v.severity === 'error');
  };
  if (node.anyOf !== undefined && !node.anyOf.some(passes)) {
    const path = pathOf(w);
    report(w, violation(TYPE, path, `${label(path)} ${show(value)} matches none of the ${node.anyOf.length} shapes allowed by anyOf`));
  }
  if (node.oneOf !== undefined) {
    const matching = node.oneOf.filter(passes).length;
    if (matching !== 1) {
      const path = pathOf(w);
      report(w, violation(TYPE, path, `${label(path)} ${show(value)} matches ${matching} of the shapes allowed by oneOf; it must match exactly one`));
    }
  }
  if (node.not !== undefined && passes(node.not)) {
    const path = pathOf(w);
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

function checkString(value: string, node: SchemaNode, w: Walk): void {
  const { minLength, maxLength, pattern, re, format } = node;
  // A string has between length / 2 and length code points: they are counted only when that decides.
  if ((minLength !== undefined && Math.ceil(value.length / 2) < minLength) || (maxLength !== undefined && value.length > maxLength)) {
    const length = codePointLength(value);
    if (minLength !== undefined && length < minLength) {
      const path = pathOf(w);
      report(w, violation(STRING_CONSTRAINT, path, value === ''
        ? `${label(path)} must not be empty`
        : `${label(path)} ${show(value)} must be at least ${minLength} characters long`));
    }
    if (maxLength !== undefined && length > maxLength) {
      const path = pathOf(w);
      report(w, violation(STRING_CONSTRAINT, path, `${label(path)} ${show(value)} must be at most ${maxLength} characters long, has ${length}`));
    }
  }
  if (re !== null && value !== '' && !re.test(value)) {
    // Suggest the nearest spelling that would match: usually the value lowercased or trimmed.
    const candidates = [value.trim(), value.toLowerCase(), value.trim().toLowerCase()];
    const fix = candidates.find(c => c !== value && re.test(c));
    const path = pathOf(w);
    report(w, violation(STRING_CONSTRAINT, path,
      `${label(path)} ${show(value)} must match ${pattern}${fix !== undefined ? ` (did you mean ${show(fix)}?)` : ''}`,
      fix !== undefined ? `write ${show(fix)}: the pattern of kube-bind's CRD is case-sensitive` : 'the API server refuses any value that does not match the pattern of kube-bind\'s CRD'));
  } else if (re !== null && value === '' && !re.test(value) && !(minLength !== undefined && minLength > 0)) {
    const path = pathOf(w);
    report(w, violation(STRING_CONSTRAINT, path, `${label(path)} must not be empty: it must match ${pattern}`, 'set a value, or remove the key when the field is optional'));
  }
  if (format === 'date-time' && !isRfc3339(value)) {
    const path = pathOf(w);
    report(w, violation(FORMAT, path, `${label(path)} ${show(value)} is not an RFC 3339 date-time`,
      'write it like 2024-05-01T12:00:00Z (uppercase T and Z, or an offset such as +02:00)'));
  } else if (format === 'byte' && !isBase64(value)) {
    const path = pathOf(w);
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

function checkNumber(value: number, node: SchemaNode, w: Walk): void {
  const format = node.format;
  const range = typeof format === 'string' && Object.prototype.hasOwnProperty.call(INT_RANGES, format) ? INT_RANGES[format] : undefined;
  if (range !== undefined && (value < range[0] || value > range[1])) {
    const path = pathOf(w);
    report(w, violation(FORMAT, path, `${label(path)} ${value} does not fit in ${format} (${range[0]} to ${range[1]})`));
  }
  const minimum = node.minimum;
  if (minimum !== undefined) {
    const exclusive = node.exclusiveMinimum;
    if (exclusive ? value <= minimum : value < minimum) {
      const path = pathOf(w);
      report(w, violation(STRING_CONSTRAINT, path, `${label(path)} ${value} must be ${exclusive ? 'greater than' : 'at least'} ${minimum}`));
    }
  }
  const maximum = node.maximum;
  if (maximum !== undefined) {
    const exclusive = node.exclusiveMaximum;
    if (exclusive ? value >= maximum : value > maximum) {
      const path = pathOf(w);
      report(w, violation(STRING_CONSTRAINT, path, `${label(path)} ${value} must be ${exclusive ? 'less than' : 'at most'} ${maximum}`));
    }
  }
}

function checkArray(value: unknown[], node: SchemaNode, w: Walk, reportUnknown: boolean, depth: number): void {
  const { minItems, maxItems, items, listType } = node;
  if (minItems !== undefined && value.length < minItems) {
    const path = pathOf(w);
    report(w, violation(LIST_CONSTRAINT, path, `${label(path)} must have at least ${minItems} item${minItems === 1 ? '' : 's'}, has ${value.length}`,
      value.length === 0 ? 'add an item, or remove the key when the field is optional' : `add ${minItems - value.length} more`));
  }
  if (maxItems !== undefined && value.length > maxItems) {
    const path = pathOf(w);
    report(w, violation(LIST_CONSTRAINT, path, `${label(path)} must have at most ${maxItems} items, has ${value.length}`, `remove ${value.length - maxItems}`));
  }
  if (listType === 'map') checkListMapKeys(value, node.raw, items, w);
  if (listType === 'set') {
    value.forEach((entry, i) => {
      const j = value.findIndex(other => deepEqual(other, entry));
      if (j >= i) return;
      const path = pathOf(w);
      report(w, violation(LIST_CONSTRAINT, item(path, i), `${item(path, i)} ${show(entry)} duplicates ${item(path, j)}: this list is a set`));
    });
  }
  const itemsNode = itemsNodeOf(node, w.nodes);
  if (itemsNode !== null) {
    const steps = w.steps;
    for (let i = 0; i < value.length; i++) {
      steps.push(i);
      visitNode(value[i], itemsNode, w, false, reportUnknown, depth + 1);
      steps.pop();
    }
  }
}

/** Entries of an `x-kubernetes-list-type: map` list must differ in their key fields. */
function checkListMapKeys(value: unknown[], schema: Schema, items: unknown, w: Walk): void {
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
    const path = pathOf(w);
    const where = keys.length === 1 ? field(item(path, i), keys[0]) : item(path, i);
    const what = keys.length === 1 ? show(tuple[0]) : `with ${(keys as string[]).map((k, n) => `${k}=${show(tuple[n])}`).join(', ')}`;
    report(w, violation(LIST_CONSTRAINT, where,
      `${where} ${what} duplicates ${item(path, j)}`,
      `entries of ${label(path)} are keyed by ${(keys as string[]).join(', ')} and must be unique: rename or remove one of them`));
  });
}

/** Whether the required check of `node` reports `key` when it is missing (required, and not defaulted by the server). */
function isRequiredHere(node: SchemaNode, key: string): boolean {
  return Array.isArray(node.required) && node.required.includes(key)
    && !has(node.properties !== undefined ? own(node.properties, key) : undefined, 'default');
}

function checkObject(value: { [key: string]: any }, node: SchemaNode, w: Walk, root: boolean, reportUnknown: boolean, depth: number): void {
  const { properties, additional, preserve } = node;
  const steps = w.steps;
  const keys = Object.keys(value);
  for (const key of keys) {
    const child = value[key];
    if (root && key === 'metadata') {
      // ObjectMeta is validated by Kubernetes itself; a CRD may not describe it.
      if (!isObject(child)) {
        const childPath = keyPath(pathOf(w), key);
        report(w, violation(TYPE, childPath, `${label(childPath)} must be an object, got ${describeValue(child)}`));
      }
      continue;
    }
    // The cache is read here first: a call per key is most of what a valid object costs before the JIT has warmed up.
    const fieldNode = node.propertyCache.get(key) ?? propertyNode(node, key, w.nodes) ?? additionalNodeOf(node, w.nodes) ?? undefined;
    if (child === null && fieldNode !== undefined && !fieldNode.nullAllowed) {
      // The API server prunes a null field the schema does not allow (neither nullable nor defaulted) before it
      // validates: as good as absent. When the field is required, the required check below reports it (one
      // finding, which says why); otherwise this warning does.
      if (!isRequiredHere(node, key)) {
        const childPath = keyPath(pathOf(w), key);
        report(w, violation({ id: TYPE.id, severity: 'warning' }, childPath,
          `${label(childPath)} is null; the server drops it, as if it were not set`, 'remove the key, or give it a value'));
      }
      continue;
    }
    if (fieldNode !== undefined) {
      steps.push(key);
      visitNode(child, fieldNode, w, false, reportUnknown, depth + 1);
      steps.pop();
    } else if (additional === true || preserve) {
      continue;
    } else if (reportUnknown) {
      const path = pathOf(w);
      const childPath = keyPath(path, key);
      const known = node.known ??= properties !== undefined ? Object.keys(properties) : [];
      report(w, violation(UNKNOWN_FIELD, childPath,
        `${label(childPath)} is not a known field${path === '' ? '' : ` of ${path}`}; the server drops it${didYouMean(key, known)}`,
        known.length > 0 ? `known fields here: ${known.join(', ')}` : 'nothing may be set here'));
    }
  }
  if (node.required !== undefined) {
    for (const name of node.required) {
      if (typeof name !== 'string' || (has(value, name) && own(value, name) !== null)) continue;
      const requiredSchema = properties !== undefined ? own(properties, name) : undefined;
      // The server applies defaults before it validates, so a defaulted field is never missing.
      if (has(requiredSchema, 'default')) continue;
      const path = keyPath(pathOf(w), name);
      const nulled = has(value, name) ? ' (it is null, which the server drops before it validates)' : '';
      report(w, violation(REQUIRED, path, `${label(path)} is required${nulled}`, requiredHint(requiredSchema)));
    }
  }
  const count = keys.length;
  const { minProperties, maxProperties } = node;
  if (minProperties !== undefined && count < minProperties) {
    const path = pathOf(w);
    report(w, violation(LIST_CONSTRAINT, path, `${label(path)} must have at least ${minProperties} entries, has ${count}`));
  }
  if (maxProperties !== undefined && count > maxProperties) {
    const path = pathOf(w);
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
  if (type === 'string' && typeof value === 'boolean') return yamlBooleanHint(value);
  if (type === 'string' && typeof value === 'number') return `quote it: "${String(value)}"`;
  if (type === 'array' && !Array.isArray(value) && value !== undefined) return 'make it a list (YAML "- item" lines)';
  if (type === 'object' && Array.isArray(value)) return 'make it a map of key: value pairs, not a list';
  if (type === 'boolean') return 'write true or false, unquoted';
  if (type === 'integer' || type === 'number') return `write ${article(type)}, unquoted`;
  if (type === 'object') return 'make it a map of key: value pairs';
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

/** Our instance schemas, by group, then kind/version. */
const schemaCache = new Map<string, Map<KindVersion, Schema>>();
// Our CRD schemas are built here and never handed out, so what is read from them once holds.
const CRD_SCHEMA_NODES: NodeCache = new WeakMap();

function schemaFor(kv: KindVersion, group: string): Schema {
  let byKindVersion = schemaCache.get(group);
  if (byKindVersion === undefined) {
    byKindVersion = new Map();
    schemaCache.set(group, byKindVersion);
  }
  let schema = byKindVersion.get(kv);
  if (schema === undefined) {
    schema = instanceSchema(kv, group);
    byKindVersion.set(kv, schema);
  }
  return schema;
}

/** The structural walk, which the rules KB002-KB009 report from. */
function structuralViolations(obj: Manifest, ctx: RuleContext): Violation[] {
  const kv = kindVersionOf(obj, ctx.group);
  if (kv === undefined) return [];
  const found = walkSchema(obj, schemaFor(kv, ctx.group), '', CRD_SCHEMA_NODES);
  if (kv === 'BoundSchema/v1alpha2' && !has(obj, 'spec')) {
    found.push(violation(SPEC_PRESENT, 'spec', 'spec is missing: a BoundSchema without spec describes no resource',
      `the CRD does not require spec, but every spec field (${requiredOf(kv, ['spec']).join(', ')}) is required once it is present; add them`));
  }
  return found;
}
