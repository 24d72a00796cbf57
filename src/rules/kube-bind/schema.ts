/**
 * Structure: a small, generic OpenAPI v3 checker that walks a manifest
 * against the openAPIV3Schema of our own CRD for its kind/version, the way
 * the API server's schema validation would. It knows nothing of kube-bind's
 * field names; everything it says comes from the schema.
 */
import { instanceSchema } from '../../crds';
import { requiredOf } from '../../crds/facts';
import { CRD_API_VERSION, CRD_KIND, KIND_VERSIONS, KindVersion, kindVersionOf } from '../../model/kinds';
import { has, isObject, Manifest, own } from '../../model/manifest';
import { closest, didYouMean, oneOf, show, yamlBooleanHint } from '../engine/messages';
import { field, item } from '../engine/paths';
import { RatchetQuery, Rule, RuleContext, defineRule } from '../engine/rule';
import { Violation, violation } from '../engine/violation';
import { ratchetedWithItsValue } from '../helpers/custom-resource-ratchet';
import { KUBE_BIND_KINDS, groupMiss, isProtocolDocument, servedVersionsOf } from '../helpers/kube-bind-kinds';
import { isBase64, isRfc3339, looksLikePem } from '../k8s/formats';
import { formatValidates, isKnownFormat, normalizeFormatName } from '../k8s/strfmt/registry';
import { customResourceFormat } from '../k8s/strfmt/supported';
import { codePointLength, deepEqual, jsonType, keyPath } from '../k8s/values';

const SOURCE_CRD = 'kube-bind CRD';

// ---------------------------------------------------------------------------
// The rules. KB001 judges apiVersion and kind (`unknownKindVersion`, below);
// the others are what one structural walk of the object against its CRD's
// schema finds (`structuralViolations`, at the end), each reported where the
// walk meets it.

/** A rule the generic checker reports, in its structural walk of every kube-bind object. */
const CHECKER = { source: SOURCE_CRD, scope: 'object', appliesTo: KIND_VERSIONS, pass: structuralViolations, foundBy: 'schema' } as const;

const UNKNOWN_KIND_VERSION: Rule = defineRule({
  id: 'KB001',
  severity: 'error',
  title: 'apiVersion and kind are set and name a kind/version kube-bind serves in the configured group (the documents of its binding protocol are skipped)',
  source: 'spec §2.1; kube-bind CRDs (deploy/crd); Kubernetes API machinery (apiVersion and kind are required, groups match exactly)',
  scope: 'object',
  appliesTo: KIND_VERSIONS,
  // It judges whether an object is of these kinds at all: the runner gives it the objects of no recognised kind/version.
  judgesKind: true,
  check: (obj, ctx) => unknownKindVersion(obj, ctx),
});
/**
 * The rules of the OpenAPI schema, which the server ratchets on update: an
 * error found on a value unchanged from the stored object is dropped
 * (ratcheting.go; a missing field's object is the value). KB007's duplicate
 * keys are ValidateListSetsAndMaps', ratcheted for the whole object.
 */
const VALUE_CHECKER = { ...CHECKER, ratchet: ratchetedWithItsValue } as const;

const REQUIRED: Rule = defineRule({ id: 'KB002', severity: 'error', ...VALUE_CHECKER, title: 'Required fields are present' });
const TYPE: Rule = defineRule({ id: 'KB003', severity: 'error', ...VALUE_CHECKER, title: 'Every field has the type the schema declares (integers are whole numbers)' });
const ENUM: Rule = defineRule({ id: 'KB004', severity: 'error', ...VALUE_CHECKER, title: 'Fields with a fixed set of values use one of them' });
const STRING_CONSTRAINT: Rule = defineRule({
  id: 'KB005',
  severity: 'error',
  ...VALUE_CHECKER,
  title: 'Values meet the schema\'s pattern, length and range limits',
});
const FORMAT: Rule = defineRule({
  id: 'KB006',
  severity: 'error',
  ...VALUE_CHECKER,
  source: 'kube-bind CRD; apiextensions-apiserver pkg/apiserver/validation/formats.go (StripUnsupportedFormatsPostProcessorForVersion), '
    + 'kube-openapi strfmt.Default and numberValidator (43fb72c5454a, Kubernetes 1.36); metav1.Time (RFC 3339) for kube-bind\'s Go types',
  title: 'Formatted values parse as the API server checks them (date-time, byte, uri, int32/int64 ranges; date-time also as RFC 3339)',
});
const LIST_CONSTRAINT: Rule = defineRule({
  id: 'KB007',
  severity: 'error',
  ...CHECKER,
  ratchet: (v, update) => (isListSetOrMap(v) ? storedHasListSetOrMapErrors(update) : ratchetedWithItsValue(v, update)),
  title: 'Lists meet their size limits and keyed lists have unique keys',
});
const SPEC_PRESENT: Rule = defineRule({
  id: 'KB008',
  // The spec (2.2) and kube-bind's CRD both make a BoundSchema's spec optional: a warning, not an error.
  severity: 'warning',
  ...CHECKER,
  title: 'A BoundSchema has a spec (optional for the server, but without it nothing is bound)',
  source: 'spec §2.2, §2.6',
  appliesTo: ['BoundSchema/v1alpha2'],
});
const UNKNOWN_FIELD: Rule = defineRule({
  id: 'KB009',
  severity: 'warning',
  // kubectl's default --validate=strict asks for fieldValidation=Strict, and the API server then refuses
  // what it would prune (apiextensions-apiserver customresource_handler.go, Kubernetes 1.34:
  // unstructuredSchemaCoercer.apply with returnUnknownFieldPaths, from pruning.PruneWithOptions).
  strictSeverity: 'error',
  ...CHECKER,
  // Unknown fields are found by the decoder, before PrepareForCreate drops `.status`: strict refuses them there too.
  foundBy: 'decoding',
  title: 'No unknown fields (the server would silently drop them; under strict field validation it refuses the object)',
});

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
 * The documents of kube-bind's binding protocol (BindingProvider...) are
 * no API objects: nothing is reported, and `validate` counts them as
 * skipped. Objects of other groups get nothing. Never throws.
 */
export function unknownKindVersion(obj: Manifest, ctx: RuleContext): Violation[] {
  const apiVersion = own(obj, 'apiVersion');
  const kind = own(obj, 'kind');
  if (typeof apiVersion !== 'string' || apiVersion === '') {
    return [violation(UNKNOWN_KIND_VERSION, 'apiVersion',
      `is ${apiVersion === '' ? 'empty' : apiVersion === undefined ? 'missing' : `${show(apiVersion)}, not a string`}: kubectl and the API server refuse an object without apiVersion`,
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
      `is ${kind === '' ? 'empty' : kind === undefined ? 'missing' : `${show(kind)}, not a string`} on an object of apiVersion ${show(apiVersion)}: kubectl and the API server refuse an object without kind`,
      group === ctx.group ? `${ctx.group} serves ${servedText(ctx.group)}` : 'add the object\'s kind, e.g. kind: APIServiceExport')];
  }
  if (group !== ctx.group) return groupMissViolations(apiVersion, group, version, kind, ctx);
  if (version === undefined || version === '') {
    return [violation(UNKNOWN_KIND_VERSION, 'apiVersion',
      `${show(apiVersion)} has no version: it must be <group>/<version>${servedVersionsOf(kind).length > 0 ? ` (did you mean ${show(`${ctx.group}/${servedVersionsOf(kind).slice(-1)[0]}`)}?)` : ''}`,
      `${ctx.group} serves ${servedText(ctx.group)}`)];
  }
  if (isProtocolDocument(kind, version)) return [];
  const versions = servedVersionsOf(kind);
  if (versions.length === 0) {
    return [violation(UNKNOWN_KIND_VERSION, 'kind',
      `${show(kind)} is not a kind of ${ctx.group}: the API server refuses it with "no matches for kind"${didYouMean(kind, KUBE_BIND_KINDS)}`,
      `${ctx.group} serves ${servedText(ctx.group)} (its API objects), and ${KUBE_BIND_KINDS.filter(k => !modelledKinds().has(k)).join(', ')} (the documents of its binding protocol, served by no CRD)`)];
  }
  const apiVersions = versions.map(v => `${ctx.group}/${v}`);
  return [violation(UNKNOWN_KIND_VERSION, 'apiVersion',
    `${show(apiVersion)} does not serve ${kind}: ${oneOf(apiVersions)}${didYouMean(apiVersion, apiVersions)}`,
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
    `${show(apiVersion)}: ${why}, so ${refused}${miss.reason === 'invalid' && !miss.near ? '' : fixed}`, hint)];
}

// ---------------------------------------------------------------------------
// The generic checker
//
// Each schema node is turned, the first time the walk meets it, into a
// checker: a closure that runs only the checks that node has (a node with a
// pattern tests the pattern, a node without one tests nothing but the type),
// with everything it needs read from the schema once. Checking a value is
// then a call or two, with no keyword looked up again: the first pass of
// a synth checks each object once, mostly before V8 has optimized anything,
// so what counts is how little code a valid value runs. Children are built
// lazily, as keys and items are met, so cyclic or huge schemas cost no more
// than the walk.

/**
 * Checks `value` against the node it was built for and reports into `w`.
 * `depth` counts the nodes entered, branches of allOf/anyOf/oneOf/not included.
 */
type Checker = (value: unknown, w: Walk, depth: number) => void;

/** The checker of what is no schema (an `items: true`, a branch that is not an object): nothing to check. */
const NOTHING: Checker = () => {};

interface Walk {
  readonly out: Violation[];
  /** What was reported, once something was. */
  seen: Set<string> | undefined;
  /** Where the walk started. */
  readonly base: string;
  /**
   * The keys and indexes from there to the value being checked. Kept as a
   * stack and joined only when a message needs the path: most values are valid.
   */
  readonly steps: Array<string | number>;
}

/**
 * The checkers built so far, by schema node, then by how the node is reached
 * (`modeOf`): the same node checks differently at the root of an object,
 * where metadata is Kubernetes' business, and inside an allOf/anyOf/oneOf/not
 * branch, where unknown fields are not reported.
 */
type Checkers = WeakMap<object, Array<Checker | undefined>>;

function modeOf(root: boolean, reportUnknown: boolean): number {
  return (root ? 2 : 0) + (reportUnknown ? 1 : 0);
}

function checkerOf(schema: unknown, root: boolean, reportUnknown: boolean, built: Checkers): Checker {
  if (!isObject(schema)) return NOTHING;
  let modes = built.get(schema);
  if (modes === undefined) {
    modes = [];
    built.set(schema, modes);
  }
  return modes[modeOf(root, reportUnknown)] ??= nodeChecker(schema, root, reportUnknown, built);
}

/** What a type finding says about a node: read when a value has the wrong type, which is rare. */
interface TypeFacts {
  readonly schema: Schema;
  readonly type: unknown;
  /** `nullable: true` or a default: the server accepts (or replaces) null. */
  readonly nullAllowed: boolean;
  readonly intOrString: boolean;
}

function typeFactsOf(schema: Schema): TypeFacts {
  return {
    schema,
    type: own(schema, 'type'),
    nullAllowed: nullAllowedBy(schema),
    intOrString: own(schema, 'x-kubernetes-int-or-string') === true,
  };
}

function nullAllowedBy(schema: Schema): boolean {
  return own(schema, 'nullable') === true || has(schema, 'default');
}

/**
 * The checker of one node: its type first (a value of the wrong type gets one
 * finding and nothing else), then its enum, its allOf/anyOf/oneOf/not, then
 * what its type has to check (string, number, list or object), in that order.
 */
function nodeChecker(schema: Schema, root: boolean, reportUnknown: boolean, built: Checkers): Checker {
  const facts = typeFactsOf(schema);
  const body = inOrder([
    enumCheck(schema),
    junctorCheck(schema, root, built),
    typeCheck(schema, facts, root, reportUnknown, built),
  ]);
  return typeGate(facts, body);
}

/** One checker running `checks` in turn (none: undefined, so a node with nothing to check costs no call). */
function inOrder(checks: Array<Checker | undefined>): Checker | undefined {
  const present = checks.filter((c): c is Checker => c !== undefined);
  if (present.length <= 1) return present[0];
  return (value, w, depth) => {
    for (const check of present) check(value, w, depth);
  };
}

/**
 * The type test, written out for each type so that a value of the declared
 * type costs one `typeof`: null and wrong types go to `wrongType`, which
 * reports them. (One closure testing any type, with a switch, ran more
 * instructions on the bench's exports: each type's closure gets its own,
 * simpler, type feedback.) The depth limit keeps hostile input from
 * exhausting the stack.
 */
function typeGate(facts: TypeFacts, body: Checker | undefined): Checker {
  const type = facts.intOrString ? 'int-or-string' : facts.type;
  switch (type) {
    case 'string': return (value, w, depth) => {
      if (depth > MAX_DEPTH) return;
      if (typeof value !== 'string') wrongType(value, facts, w);
      else if (body !== undefined) body(value, w, depth);
    };
    case 'object': return (value, w, depth) => {
      if (depth > MAX_DEPTH) return;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) wrongType(value, facts, w);
      else if (body !== undefined) body(value, w, depth);
    };
    case 'array': return (value, w, depth) => {
      if (depth > MAX_DEPTH) return;
      if (!Array.isArray(value)) wrongType(value, facts, w);
      else if (body !== undefined) body(value, w, depth);
    };
    case 'boolean': return (value, w, depth) => {
      if (depth > MAX_DEPTH) return;
      if (typeof value !== 'boolean') wrongType(value, facts, w);
      else if (body !== undefined) body(value, w, depth);
    };
    case 'integer': return (value, w, depth) => {
      if (depth > MAX_DEPTH) return;
      if (typeof value !== 'number' || !Number.isInteger(value)) wrongType(value, facts, w);
      else if (body !== undefined) body(value, w, depth);
    };
    case 'number': return (value, w, depth) => {
      if (depth > MAX_DEPTH) return;
      if (typeof value !== 'number' || !Number.isFinite(value)) wrongType(value, facts, w);
      else if (body !== undefined) body(value, w, depth);
    };
    case 'int-or-string': return (value, w, depth) => {
      if (depth > MAX_DEPTH) return;
      if (typeof value !== 'string' && (typeof value !== 'number' || !Number.isInteger(value))) wrongType(value, facts, w);
      else if (body !== undefined) body(value, w, depth);
    };
    // No type, or one OpenAPI does not know: any value but null passes.
    default: return (value, w, depth) => {
      if (depth > MAX_DEPTH) return;
      if (value === null) wrongType(value, facts, w);
      else if (body !== undefined) body(value, w, depth);
    };
  }
}

/** Reports a value that failed `typeGate`: null (unless the node allows it), or a value of another type. */
function wrongType(value: unknown, facts: TypeFacts, w: Walk): void {
  if (value === null) {
    // The server drops nulls of fields that have a default, then applies the default.
    if (facts.nullAllowed) return;
    const path = pathOf(w);
    report(w, violation(TYPE, path, `${lead(path)}is null; it must be ${describeExpected(facts.schema)}`,
      'give it a value or remove the key (in YAML, "key:" with nothing after it is null)'));
  } else if (facts.intOrString) {
    const path = pathOf(w);
    report(w, violation(TYPE, path, `${lead(path)}must be an integer or a string, got ${describeValue(value)}`, 'write a whole number such as 8080, or a string such as "http"'));
  } else {
    const type = facts.type as string;
    const path = pathOf(w);
    report(w, violation(TYPE, path, `${lead(path)}must be ${article(type)}, got ${describeValue(value)}`, typeHint(value, type)));
  }
}

/**
 * What the node's type has to check. A node of one type checks only that
 * type's constraints; a node of no type (or int-or-string) picks by the value.
 */
function typeCheck(schema: Schema, facts: TypeFacts, root: boolean, reportUnknown: boolean, built: Checkers): Checker | undefined {
  const type = facts.intOrString ? 'int-or-string' : facts.type;
  switch (type) {
    case 'string': return stringCheck(schema);
    case 'integer':
    case 'number': return numberCheck(schema);
    case 'boolean': return undefined;
    case 'array': return arrayCheck(schema, reportUnknown, built);
    case 'object': return objectCheck(schema, root, reportUnknown, built);
    case 'int-or-string': return byValueType(stringCheck(schema), numberCheck(schema), undefined, undefined);
    default: return byValueType(stringCheck(schema), numberCheck(schema),
      arrayCheck(schema, reportUnknown, built), objectCheck(schema, root, reportUnknown, built));
  }
}

function byValueType(
  ofString: Checker | undefined, ofNumber: Checker | undefined, ofArray: Checker | undefined, ofObject: Checker | undefined,
): Checker | undefined {
  if (ofString === undefined && ofNumber === undefined && ofArray === undefined && ofObject === undefined) return undefined;
  return (value, w, depth) => {
    if (typeof value === 'string') {
      if (ofString !== undefined) ofString(value, w, depth);
    } else if (typeof value === 'number') {
      if (ofNumber !== undefined) ofNumber(value, w, depth);
    } else if (Array.isArray(value)) {
      if (ofArray !== undefined) ofArray(value, w, depth);
    } else if (isObject(value) && ofObject !== undefined) {
      ofObject(value, w, depth);
    }
  };
}

function enumCheck(schema: Schema): Checker | undefined {
  const allowed = own(schema, 'enum');
  if (!Array.isArray(allowed)) return undefined;
  return (value, w) => {
    // For a scalar, structural equality is ===, NaN equal to itself: what includes() does.
    if (typeof value !== 'object' ? !allowed.includes(value) : !allowed.some(a => deepEqual(a, value))) enumMiss(value, allowed, w);
  };
}

function enumMiss(value: unknown, allowed: unknown[], w: Walk): void {
  const path = pathOf(w);
  const names = allowed.filter((a): a is string => typeof a === 'string');
  const guess = closest(value, names);
  report(w, violation(ENUM, path,
    `${lead(path)}${show(value)} ${oneOf(allowed.map(a => (typeof a === 'string' ? a : JSON.stringify(a))))}${didYouMean(value, names)}`,
    guess === undefined || guess === value ? undefined
      : guess.toLowerCase() === String(value).toLowerCase() ? `use ${show(guess)}: values are case-sensitive` : `use ${show(guess)}`));
}

/**
 * allOf, anyOf, oneOf and not. allOf branches report into the walk; the
 * others are tried on their own (an error in a branch means it does not
 * match). Unknown fields are not reported inside any branch.
 */
function junctorCheck(schema: Schema, root: boolean, built: Checkers): Checker | undefined {
  const allOf = Array.isArray(own(schema, 'allOf')) ? own(schema, 'allOf') as unknown[] : undefined;
  const anyOf = nonEmptyList(own(schema, 'anyOf'));
  const oneOfBranches = nonEmptyList(own(schema, 'oneOf'));
  const not = isObject(own(schema, 'not')) ? own(schema, 'not') as Schema : undefined;
  if (allOf === undefined && anyOf === undefined && oneOfBranches === undefined && not === undefined) return undefined;
  const branches = (list: unknown[] | undefined): Checker[] => (list ?? []).map(b => checkerOf(b, root, false, built));
  // Built at the first value, not with the node: a branch may be the node itself.
  let checks: { allOf: Checker[]; anyOf: Checker[]; oneOf: Checker[]; not: Checker[] } | undefined;
  return (value, w, depth) => {
    checks ??= {
      allOf: branches(allOf), anyOf: branches(anyOf), oneOf: branches(oneOfBranches), not: branches(not !== undefined ? [not] : undefined),
    };
    for (const check of checks.allOf) check(value, w, depth + 1);
    const passes = (check: Checker): boolean => {
      const sub: Walk = { out: [], seen: undefined, base: w.base, steps: w.steps };
      check(value, sub, depth + 1);
      return !sub.out.some(v => v.severity === 'error');
    };
    if (anyOf !== undefined && !checks.anyOf.some(passes)) {
      const path = pathOf(w);
      report(w, violation(TYPE, path, `${lead(path)}${show(value)} matches none of the ${anyOf.length} shapes allowed by anyOf`));
    }
    if (oneOfBranches !== undefined) {
      const matching = checks.oneOf.filter(passes).length;
      if (matching !== 1) {
        const path = pathOf(w);
        report(w, violation(TYPE, path, `${lead(path)}${show(value)} matches ${matching} of the shapes allowed by oneOf; it must match exactly one`));
      }
    }
    if (not !== undefined && passes(checks.not[0])) {
      const path = pathOf(w);
      report(w, violation(TYPE, path, `${lead(path)}${show(value)} matches a shape the schema forbids (not)`));
    }
  };
}

function nonEmptyList(v: unknown): unknown[] | undefined {
  return Array.isArray(v) && v.length > 0 ? v : undefined;
}

function numberOrUndefined(v: unknown): number | undefined {
  return typeof v === 'number' ? v : undefined;
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

/** Length, pattern and format of a string; undefined when the node has none of them, as most strings of an object. */
function stringCheck(schema: Schema): Checker | undefined {
  const minLength = numberOrUndefined(own(schema, 'minLength'));
  const maxLength = numberOrUndefined(own(schema, 'maxLength'));
  const pattern = own(schema, 'pattern');
  const re = typeof pattern === 'string' ? compiled(pattern) : null;
  const format = stringFormatOf(schema);
  if (minLength === undefined && maxLength === undefined && re === null && format === undefined) return undefined;
  return (value, w) => {
    const s = value as string;
    // A string has between length / 2 and length code points: they are counted only when that decides.
    if ((minLength !== undefined && Math.ceil(s.length / 2) < minLength) || (maxLength !== undefined && s.length > maxLength)) {
      checkLength(s, minLength, maxLength, w);
    }
    if (re !== null && !re.test(s)) patternMiss(s, pattern as string, re, minLength, w);
    if (format !== undefined) checkFormat(s, format, w);
  };
}

/**
 * The format the custom-resource validator checks a string node against: the one
 * StripUnsupportedFormatsPostProcessorForVersion keeps (strfmt/supported.ts), validated with
 * strfmt.Default (strfmt/registry.ts); undefined when the server checks none.
 */
function stringFormatOf(schema: Schema): string | undefined {
  const format = customResourceFormat(own(schema, 'type'), own(schema, 'format'));
  return format !== undefined && isKnownFormat(format) ? format : undefined;
}

/** What to write instead, by format (normalized), where a generic hint would say less. */
const FORMAT_HINTS: { readonly [format: string]: string } = {
  uri: 'write an absolute URL such as https://webhook.example.com/convert, or an absolute path (url.ParseRequestURI)',
};

/**
 * A string against its format, as the API server checks it (kube-openapi's formatValidator). A date-time the
 * server takes but Go's time.Parse(time.RFC3339) does not (lowercase t or z, an offset such as +99:99) is
 * refused too: kube-bind's Go types read such a field as metav1.Time, so its controllers cannot decode the object.
 */
function checkFormat(s: string, format: string, w: Walk): void {
  const normalized = normalizeFormatName(format);
  const serverRefuses = !formatValidates(format, s);
  if (normalized === 'datetime' && (serverRefuses || !isRfc3339(s))) {
    const path = pathOf(w);
    const found = violation(FORMAT, path, `${lead(path)}${show(s)} is not an RFC 3339 date-time`,
      `write it like 2024-05-01T12:00:00Z (uppercase T and Z, or an offset such as +02:00)${serverRefuses ? ''
        : ': the API server stores this one (kube-openapi\'s strfmt date-time takes it), but kube-bind\'s Go types read the field as metav1.Time (time.RFC3339), so its controllers cannot decode the object'}`);
    // Only kube-bind's Go types refuse a value the server's format check takes: the finding says so for itself.
    report(w, serverRefuses ? found : { ...found, foundBy: 'go-types' });
  } else if (normalized === 'byte' && serverRefuses) {
    const path = pathOf(w);
    report(w, violation(FORMAT, path, `${lead(path)}${show(s).length > 60 ? 'value' : show(s)} is not base64 (format: byte)`,
      s === '' ? 'leave the field out instead: the API server\'s format check (kube-openapi strfmt "byte", govalidator.IsBase64) refuses an empty value'
        : looksLikePem(s)
          ? 'this looks like PEM text: base64-encode the whole PEM file (for example base64 -w0 ca.crt) and put that here'
          : isBase64(s) ? 'write the base64 on one line: the API server\'s format check (govalidator.IsBase64) refuses line breaks' : 'encode the bytes as standard, padded base64'));
  } else if (serverRefuses) {
    const path = pathOf(w);
    report(w, violation(FORMAT, path, `${lead(path)}${show(s)} is not a valid ${format} (format: ${format})`,
      FORMAT_HINTS[normalized] ?? `the API server checks format: ${format} with kube-openapi's strfmt "${format}": write a valid ${format}`));
  }
}

function checkLength(value: string, minLength: number | undefined, maxLength: number | undefined, w: Walk): void {
  const length = codePointLength(value);
  if (minLength !== undefined && length < minLength) {
    const path = pathOf(w);
    report(w, violation(STRING_CONSTRAINT, path, value === ''
      ? `${lead(path)}must not be empty`
      : `${lead(path)}${show(value)} must be at least ${minLength} characters long`));
  }
  if (maxLength !== undefined && length > maxLength) {
    const path = pathOf(w);
    report(w, violation(STRING_CONSTRAINT, path, `${lead(path)}${show(value)} must be at most ${maxLength} characters long, has ${length}`));
  }
}

/** A string that does not match the node's pattern: an empty one is the length check's when that already requires a value. */
function patternMiss(value: string, pattern: string, re: RegExp, minLength: number | undefined, w: Walk): void {
  if (value !== '') {
    // Suggest the nearest spelling that would match: usually the value lowercased or trimmed.
    const candidates = [value.trim(), value.toLowerCase(), value.trim().toLowerCase()];
    const fix = candidates.find(c => c !== value && re.test(c));
    const path = pathOf(w);
    report(w, violation(STRING_CONSTRAINT, path,
      `${lead(path)}${show(value)} must match ${pattern}${fix !== undefined ? ` (did you mean ${show(fix)}?)` : ''}`,
      fix !== undefined ? `write ${show(fix)}: the pattern of kube-bind's CRD is case-sensitive` : 'the API server refuses any value that does not match the pattern of kube-bind\'s CRD'));
  } else if (!(minLength !== undefined && minLength > 0)) {
    const path = pathOf(w);
    report(w, violation(STRING_CONSTRAINT, path, `${lead(path)}must not be empty: it must match ${pattern}`, 'set a value, or remove the key when the field is optional'));
  }
}

const INT_RANGES: { [format: string]: [number, number] } = {
  int32: [-2147483648, 2147483647],
  int64: [-9223372036854775808, 9223372036854775807],
};

/** The format range and the bounds of a number; undefined when the node has none. */
function numberCheck(schema: Schema): Checker | undefined {
  // The integer formats the custom-resource validator keeps (StripUnsupportedFormatsPostProcessorForVersion).
  const format = own(schema, 'type') === 'integer' ? customResourceFormat('integer', own(schema, 'format')) : undefined;
  const range = format !== undefined && Object.prototype.hasOwnProperty.call(INT_RANGES, format) ? INT_RANGES[format] : undefined;
  const minimum = numberOrUndefined(own(schema, 'minimum'));
  const exclusiveMinimum = own(schema, 'exclusiveMinimum') === true;
  const maximum = numberOrUndefined(own(schema, 'maximum'));
  const exclusiveMaximum = own(schema, 'exclusiveMaximum') === true;
  if (range === undefined && minimum === undefined && maximum === undefined) return undefined;
  return (v, w) => {
    const value = v as number;
    if (range !== undefined && (value < range[0] || value > range[1])) {
      const path = pathOf(w);
      report(w, violation(FORMAT, path, `${lead(path)}${value} does not fit in ${format} (${range[0]} to ${range[1]})`,
        `use a whole number from ${range[0]} to ${range[1]}: ${formatRangeWhy(format as string)}`));
    }
    if (minimum !== undefined && (exclusiveMinimum ? value <= minimum : value < minimum)) {
      const path = pathOf(w);
      report(w, violation(STRING_CONSTRAINT, path, `${lead(path)}${value} must be ${exclusiveMinimum ? 'greater than' : 'at least'} ${minimum}`));
    }
    if (maximum !== undefined && (exclusiveMaximum ? value >= maximum : value > maximum)) {
      const path = pathOf(w);
      report(w, violation(STRING_CONSTRAINT, path, `${lead(path)}${value} must be ${exclusiveMaximum ? 'less than' : 'at most'} ${maximum}`));
    }
  };
}

/**
 * Why an integer out of its format's range is refused: the API server's
 * schema validation checks the value against the format's range
 * (kube-openapi's numberValidator, `IsValueValidAgainstRange`, in the
 * kube-openapi of Kubernetes 1.36), and kube-bind's Go types, from which
 * its CRDs take their formats, could not hold it either.
 */
function formatRangeWhy(format: string): string {
  return `the API server's schema validation refuses a value beyond ${format} (kube-openapi IsValueValidAgainstRange), and kube-bind's Go types hold this field as ${format}`;
}

/** Size limits, unique keys of a map list or entries of a set, then each item against `items`. */
function arrayCheck(schema: Schema, reportUnknown: boolean, built: Checkers): Checker {
  const minItems = numberOrUndefined(own(schema, 'minItems'));
  const maxItems = numberOrUndefined(own(schema, 'maxItems'));
  const listType = own(schema, 'x-kubernetes-list-type');
  const items = own(schema, 'items');
  const mapKeys = listType === 'map' ? listMapKeysCheck(schema, items) : undefined;
  let each: Checker | undefined;
  return (v, w, depth) => {
    const value = v as unknown[];
    if (minItems !== undefined || maxItems !== undefined) checkListSize(value, minItems, maxItems, w);
    if (mapKeys !== undefined) mapKeys(value, w, depth);
    if (listType === 'set') checkSetEntries(value, w);
    each ??= checkerOf(items, false, reportUnknown, built);
    if (each === NOTHING) return;
    const steps = w.steps;
    for (let i = 0; i < value.length; i++) {
      steps.push(i);
      each(value[i], w, depth + 1);
      steps.pop();
    }
  };
}

function checkListSize(value: unknown[], minItems: number | undefined, maxItems: number | undefined, w: Walk): void {
  if (minItems !== undefined && value.length < minItems) {
    const path = pathOf(w);
    report(w, violation(LIST_CONSTRAINT, path, `${lead(path)}must have at least ${minItems} item${minItems === 1 ? '' : 's'}, has ${value.length}`,
      value.length === 0 ? 'add an item, or remove the key when the field is optional' : `add ${minItems - value.length} more`));
  }
  if (maxItems !== undefined && value.length > maxItems) {
    const path = pathOf(w);
    report(w, violation(LIST_CONSTRAINT, path, `${lead(path)}must have at most ${maxItems} items, has ${value.length}`, `remove ${value.length - maxItems}`));
  }
}

/**
 * The findings of duplicate entries in `x-kubernetes-list-type` set and map
 * lists: the server finds them apart from the OpenAPI schema
 * (structurallisttype.ValidateListSetsAndMaps), and on update reports them
 * only when the stored object has none (customResourceStrategy.ValidateUpdate).
 * They are told from KB007's other findings by their message, which only
 * duplicateMessage writes: by content, so that a copy of a finding is still one.
 */
const DUPLICATES = ' duplicates ';
const DUPLICATE_MESSAGE = /^.* duplicates [^ ]+\[\d+\](?:: this list is a set)?$/s;

function duplicateMessage(what: string, first: string, isSet: boolean): string {
  return `${what}${DUPLICATES}${first}${isSet ? ': this list is a set' : ''}`;
}

function isListSetOrMap(v: Violation): boolean {
  return v.rule === LIST_CONSTRAINT.id && DUPLICATE_MESSAGE.test(v.message);
}

/** Whether the stored object has duplicate entries in a set or map list, read with the schema of the update's version. */
function storedHasListSetOrMapErrors(update: RatchetQuery): boolean {
  return walkSchema(update.stored, schemaFor(update.kindVersion, update.ctx.group), '', CRD_CHECKERS).some(isListSetOrMap);
}

function checkSetEntries(value: unknown[], w: Walk): void {
  value.forEach((entry, i) => {
    const j = value.findIndex(other => deepEqual(other, entry));
    if (j >= i) return;
    const path = pathOf(w);
    report(w, violation(LIST_CONSTRAINT, item(path, i), duplicateMessage(show(entry), item(path, j), true)));
  });
}

/** Entries of an `x-kubernetes-list-type: map` list must differ in their key fields (a key left out counts as its default). */
function listMapKeysCheck(schema: Schema, items: unknown): Checker | undefined {
  const keys = own(schema, 'x-kubernetes-list-map-keys');
  if (!Array.isArray(keys) || keys.length === 0 || !keys.every(k => typeof k === 'string')) return undefined;
  const defaults = (keys as string[]).map(key => own(own(own(items, 'properties'), key), 'default'));
  return (v, w) => {
    const value = v as unknown[];
    const firstSeen = new Map<string, number>();
    value.forEach((entry, i) => {
      if (!isObject(entry)) return;
      const tuple: unknown[] = [];
      for (let n = 0; n < keys.length; n++) {
        const key = keys[n] as string;
        const k = has(entry, key) ? own(entry, key) : defaults[n];
        // A missing or non-scalar key is the required/type check's business.
        if (k === undefined || k === null || typeof k === 'object') return;
        tuple.push(k);
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
        duplicateMessage(what, item(path, j), false),
        `entries of ${label(path)} are keyed by ${(keys as string[]).join(', ')} and must be unique: rename or remove one of them`));
    });
  };
}

/** How the value of one key of an object is checked, worked out the first time the key is met. */
interface Field {
  readonly check: Checker;
  /** `nullable: true` or a default: the server accepts (or replaces) null. */
  readonly nullAllowed: boolean;
  /** Whether the required check looks for this key: counting them spares the check for objects that have them all. */
  readonly required: boolean;
  /** The property's name, as the schema spells it; undefined for additionalProperties, which serves any key. */
  readonly name: string | undefined;
}

/** How many key positions an object checker remembers (`objectCheck`): objects of a schema have a handful of keys. */
const REMEMBERED_POSITIONS = 16;

/**
 * Each key against its property (or additionalProperties), unknown keys,
 * required keys, then the number of keys. At the root of a resource,
 * metadata is left to Kubernetes' own ObjectMeta validation, as the API
 * server does.
 */
function objectCheck(schema: Schema, root: boolean, reportUnknown: boolean, built: Checkers): Checker {
  const properties = isObject(own(schema, 'properties')) ? own(schema, 'properties') as Schema : undefined;
  const additional = own(schema, 'additionalProperties');
  const keepsUnknown = additional === true || own(schema, 'x-kubernetes-preserve-unknown-fields') === true;
  // The server applies defaults before it validates, so a defaulted field is never missing.
  const required = own(schema, 'required');
  const mustHave = Array.isArray(required)
    ? required.filter((name): name is string => typeof name === 'string' && !has(properties !== undefined ? own(properties, name) : undefined, 'default'))
    : [];
  const minProperties = numberOrUndefined(own(schema, 'minProperties'));
  const maxProperties = numberOrUndefined(own(schema, 'maxProperties'));
  // null: no field (an unknown key). Only the schema's own property names are kept: keys of values are unbounded (maps, typos).
  const fields = new Map<string, Field | null>();
  let ofAdditional: Field | null | undefined;
  const fieldOf = (key: string): Field | null => {
    ofAdditional ??= isObject(additional) ? fieldFor(additional, undefined, false, reportUnknown, built) : null;
    if (properties === undefined || !has(properties, key)) return ofAdditional;
    const propertySchema = own(properties, key);
    const found = isObject(propertySchema) ? fieldFor(propertySchema, key, mustHave.includes(key), reportUnknown, built) : ofAdditional;
    fields.set(key, found);
    return found;
  };
  // Objects of one schema node mostly list their keys in the same order: the property met at each position last
  // time is tried first, sparing a lookup by name. Only the schema's own names are kept, never a key of the input.
  const lastNames: Array<string | undefined> = [];
  const lastFields: Array<Field | null> = [];
  let known: string[] | undefined;
  return (v, w, depth) => {
    const value = v as { [key: string]: unknown };
    const steps = w.steps;
    let count = 0;
    let requiredSeen = 0;
    // for-in, not Object.keys: no array of keys per object. It also walks the prototype chain, whose keys are no fields.
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      count++;
      const child = value[key];
      if (root && key === 'metadata') {
        // ObjectMeta is validated by Kubernetes itself; a CRD may not describe it. `metadata: null` decodes as an
        // empty ObjectMeta (objectmeta.GetObjectMetaWithOptions): only the missing name is wrong then, KB020's.
        if (child !== null && !isObject(child)) {
          const childPath = keyPath(pathOf(w), key);
          report(w, violation(TYPE, childPath, `${lead(childPath)}must be an object, got ${describeValue(child)}`));
        }
        continue;
      }
      const at = count - 1;
      let f: Field | null | undefined;
      if (lastNames[at] === key) {
        f = lastFields[at];
      } else {
        f = fields.get(key);
        if (f === undefined) f = fieldOf(key);
        if (at < REMEMBERED_POSITIONS) {
          lastNames[at] = f?.name;
          lastFields[at] = f;
        }
      }
      if (f === null) {
        if (keepsUnknown || !reportUnknown) continue;
        known ??= properties !== undefined ? Object.keys(properties) : [];
        unknownField(key, known, w);
      } else if (child === null && !f.nullAllowed) {
        // The API server prunes a null field the schema does not allow (neither nullable nor defaulted) before it
        // validates: as good as absent. When the field is required, the required check below reports it (one
        // finding, which says why); otherwise this warning does.
        if (!mustHave.includes(key)) nullDropped(key, w);
      } else {
        if (f.required && child !== null) requiredSeen++;
        steps.push(key);
        f.check(child, w, depth + 1);
        steps.pop();
      }
    }
    // Every required key seen, set: nothing is missing (a name listed twice is never counted twice, and falls through).
    if (requiredSeen < mustHave.length) {
      for (let i = 0; i < mustHave.length; i++) {
        const name = mustHave[i];
        const present = Object.hasOwn(value, name);
        if (!present || value[name] === null) missingField(name, present, properties, w);
      }
    }
    if (minProperties !== undefined && count < minProperties) {
      const path = pathOf(w);
      report(w, violation(LIST_CONSTRAINT, path, `${lead(path)}must have at least ${minProperties} entries, has ${count}`));
    }
    if (maxProperties !== undefined && count > maxProperties) {
      const path = pathOf(w);
      report(w, violation(LIST_CONSTRAINT, path, `${lead(path)}must have at most ${maxProperties} entries, has ${count}`));
    }
  };
}

function fieldFor(schema: Schema, name: string | undefined, required: boolean, reportUnknown: boolean, built: Checkers): Field {
  return { check: checkerOf(schema, false, reportUnknown, built), nullAllowed: nullAllowedBy(schema), required, name };
}

function unknownField(key: string, known: string[], w: Walk): void {
  const path = pathOf(w);
  const childPath = keyPath(path, key);
  report(w, violation(UNKNOWN_FIELD, childPath,
    `${lead(childPath)}is not a known field${path === '' ? '' : ` of ${path}`}${didYouMean(key, known)}; the server drops it, or refuses the object under strict field validation`,
    known.length > 0 ? `known fields here: ${known.join(', ')}` : 'nothing may be set here'));
}

function nullDropped(key: string, w: Walk): void {
  const childPath = keyPath(pathOf(w), key);
  report(w, violation({ id: TYPE.id, severity: 'warning' }, childPath,
    `${lead(childPath)}is null; the server drops it, as if it were not set`, 'remove the key, or give it a value'));
}

function missingField(name: string, present: boolean, properties: Schema | undefined, w: Walk): void {
  const path = keyPath(pathOf(w), name);
  const nulled = present ? ' (it is null, which the server drops before it validates)' : '';
  report(w, violation(REQUIRED, path, `${lead(path)}is required${nulled}`, requiredHint(properties !== undefined ? own(properties, name) : undefined)));
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

function walkSchema(value: unknown, schema: Schema, path: string, built: Checkers): Violation[] {
  const w: Walk = { out: [], seen: undefined, base: path, steps: [] };
  checkerOf(schema, path === '', true, built)(value, w, 0);
  return w.out;
}

// ---------------------------------------------------------------------------
// Wording

function label(path: string): string {
  return path === '' ? 'the object' : path;
}

/** What a message begins with: nothing for a field (the front-ends show its path), `the object ` for the object itself. */
function lead(path: string): string {
  return path === '' ? 'the object ' : '';
}

function article(type: string): string {
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

function describeValue(value: unknown): string {
  const t = jsonType(value);
  if (t === 'object' || t === 'array') return `${article(t)}`;
  if (value === null) return 'null';
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

/**
 * The string values a schema allows: its `enum`, and those every `allOf` branch's
 * enum allows (controller-gen writes a Go type's enum and a field's marker as two
 * branches: a template's spec.scope); undefined when it lists none.
 */
function allowedStrings(schema: unknown): string[] | undefined {
  const lists = [own(schema, 'enum'), ...(Array.isArray(own(schema, 'allOf')) ? (own(schema, 'allOf') as unknown[]).map(b => own(b, 'enum')) : [])]
    .filter((l): l is string[] => Array.isArray(l) && l.every(v => typeof v === 'string'));
  if (lists.length === 0) return undefined;
  return lists[0].filter(v => lists.every(l => l.includes(v)));
}

function requiredHint(propertySchema: unknown): string | undefined {
  const values = allowedStrings(propertySchema);
  if (values !== undefined && values.length > 0) return `set it to ${values.map(v => show(v)).join(' or ')}`;
  const description = own(propertySchema, 'description');
  return typeof description === 'string' && description.length > 0 ? description : undefined;
}

// ---------------------------------------------------------------------------
// The rules

/** Our instance schemas, by group, then kind/version. */
const schemaCache = new Map<string, Map<KindVersion, Schema>>();
// Our CRD schemas are built here and never handed out, so what is read from them once holds.
const CRD_CHECKERS: Checkers = new WeakMap();

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
  const found = walkSchema(obj, schemaFor(kv, ctx.group), '', CRD_CHECKERS);
  if (kv === 'BoundSchema/v1alpha2' && !has(obj, 'spec')) {
    found.push(violation(SPEC_PRESENT, 'spec', 'is missing: a BoundSchema without spec describes no resource',
      `the CRD does not require spec, but every spec field (${requiredOf(kv, ['spec']).join(', ')}) is required once it is present; add them`));
  }
  return found;
}
