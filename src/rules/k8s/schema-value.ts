/**
 * What kube-openapi's SchemaValidator (pkg/validation/validate, at
 * 43fb72c5454a, the commit Kubernetes 1.36 pins) says of a value, as
 * structuraldefaulting.ValidateDefaults runs it on every default of a CRD
 * (NewSchemaValidatorFromOpenAPI(s.ToKubeOpenAPI()) with strfmt.Default):
 * its validators in their order (type.go typeValidator, schema_props.go
 * allOf/anyOf/oneOf/not, validator.go stringValidator, formats.go
 * formatValidator, validator.go numberValidator, slice_validator.go,
 * validator.go basicCommonValidator (enum), object_validator.go).
 *
 * A value is the default as the API server decodes it (k8s.io/apimachinery's
 * util/json): a whole number that fits int64 is an int64, any other number a
 * float64. The validator knows no `x-kubernetes-int-or-string` (its anyOf,
 * if any, is what checks the type) and no structural-schema rule.
 *
 * The verdict is a problem, which is always one the server reports too, or
 * none, possibly `unsure` when it rests on a check this port does not decide
 * (a pattern regex.ts cannot run): `not` and `oneOf` only refuse a value on
 * sure verdicts.
 */
import { re2Matches } from './regex';
import { formatValidates, isKnownFormat } from './strfmt/registry';
import { deepEqual } from './values';
import { isObject, own } from '../../model/manifest';

export interface Verdict {
  /** Why the validator refuses the value, in words for a message. */
  readonly problem?: string;
  /** No problem found, but one check was not decided here. */
  readonly unsure?: true;
}

const VALID: Verdict = {};
const UNSURE: Verdict = { unsure: true };

const MAX_DEPTH = 100;
const INT64_LIMIT = 2 ** 63;

/** The JSON type Go's decoding gives a value, and the format typeValidator infers for it (schemaInfoForType). */
function goType(value: unknown): [string, string] {
  if (Array.isArray(value)) return ['array', ''];
  if (typeof value === 'number') {
    // A whole number at 2^63 stands for 2^63 - 1 as well, which JSON numbers in JavaScript cannot tell apart: an int64.
    return Number.isInteger(value) && Math.abs(value) <= INT64_LIMIT ? ['integer', 'int64'] : ['number', 'float64'];
  }
  if (typeof value === 'object' && value !== null) return ['object', ''];
  return [typeof value, ''];
}

const problem = (text: string): Verdict => ({ problem: text });

/** Why kube-openapi's validator refuses `value` under `schema`, if it does. */
export function valueVerdict(schema: unknown, value: unknown, depth: number = 0): Verdict {
  if (!isObject(schema) || depth > MAX_DEPTH) return VALID;
  // SchemaValidator.Validate runs only the type and common (enum) validators on null.
  const checks: Array<() => Verdict> = value === null
    ? [() => typeCheck(schema, value), () => enumCheck(schema, value)]
    : [
      () => typeCheck(schema, value),
      () => junctorCheck(schema, value, depth),
      () => stringCheck(schema, value),
      () => numberCheck(schema, value),
      () => itemsCheck(schema, value, depth),
      () => enumCheck(schema, value),
      () => objectCheck(schema, value, depth),
    ];
  let unsure = false;
  for (const check of checks) {
    const verdict = check();
    if (verdict.problem !== undefined) return verdict;
    if (verdict.unsure === true) unsure = true;
  }
  return unsure ? UNSURE : VALID;
}

/** Why kube-openapi's validator refuses `value` under `schema`, or undefined. */
export function valueProblem(schema: unknown, value: unknown): string | undefined {
  return valueVerdict(schema, value).problem;
}

const stringOf = (schema: { [key: string]: any }, key: string): string => (typeof own(schema, key) === 'string' ? own(schema, key) : '');

/**
 * typeValidator.Validate: applies when a type or a format is set. null needs nullable where a type is set.
 * A format on a type that is neither integer nor number lets any string or array through (the check returns
 * early for them), and refuses any other value whose type is not the declared one and whose inferred format
 * (int64, float64) is not the format.
 */
function typeCheck(schema: { [key: string]: any }, value: unknown): Verdict {
  const type = stringOf(schema, 'type');
  const format = stringOf(schema, 'format');
  if (type === '' && format === '') return VALID;
  if (value === null) return type !== '' && own(schema, 'nullable') !== true ? problem('null is not allowed here (nullable is not true)') : VALID;
  const [jsonType, inferredFormat] = goType(value);
  const intAsNumber = jsonType === 'integer' && type === 'number';
  const fits = type === jsonType || intAsNumber;
  const stringOrArray = typeof value === 'string' || Array.isArray(value);
  if (!stringOrArray && format !== '' && !(fits || inferredFormat === format)) {
    return problem(type === '' ? `must be a string for its format ${format}, got ${jsonType}` : `must be of type ${type}, got ${jsonType}`);
  }
  if (type !== 'number' && type !== 'integer' && format !== '' && stringOrArray) return VALID;
  return fits ? VALID : problem(`must be of type ${type === '' ? format : type}, got ${jsonType}`);
}

/** schemaPropsValidator: anyOf (one branch), oneOf (exactly one), allOf (every branch), not (no match). */
function junctorCheck(schema: { [key: string]: any }, value: unknown, depth: number): Verdict {
  let unsure = false;
  const branches = (key: string): unknown[] => (Array.isArray(own(schema, key)) ? own(schema, key) : []);
  const anyOf = branches('anyOf');
  if (anyOf.length > 0) {
    const verdicts = anyOf.map(b => valueVerdict(b, value, depth + 1));
    const passing = verdicts.find(v => v.problem === undefined && v.unsure !== true) ?? verdicts.find(v => v.problem === undefined);
    if (passing === undefined) {
      return problem(anyOfProblem(verdicts));
    }
    if (passing.unsure === true) unsure = true;
  }
  const oneOf = branches('oneOf');
  if (oneOf.length > 0) {
    const verdicts = oneOf.map(b => valueVerdict(b, value, depth + 1));
    const sure = verdicts.filter(v => v.problem === undefined && v.unsure !== true).length;
    const maybe = verdicts.filter(v => v.unsure === true).length;
    if (sure + maybe === 0) return problem(`must match exactly one schema of oneOf, matches none (oneOf[0]: ${verdicts[0].problem})`);
    if (sure > 1) return problem(`must match exactly one schema of oneOf, matches ${sure}`);
    if (maybe > 0) unsure = true;
  }
  for (const [i, branch] of branches('allOf').entries()) {
    const verdict = valueVerdict(branch, value, depth + 1);
    if (verdict.problem !== undefined) return problem(`allOf[${i}]: ${verdict.problem}`);
    if (verdict.unsure === true) unsure = true;
  }
  if (isObject(own(schema, 'not'))) {
    const verdict = valueVerdict(own(schema, 'not'), value, depth + 1);
    if (verdict.problem === undefined && verdict.unsure !== true) return problem('must not match the schema of not');
    if (verdict.unsure === true) unsure = true;
  }
  return unsure ? UNSURE : VALID;
}

/** The problem of a failed anyOf: `must be of type integer or string, got boolean` when every branch wants another type (an int-or-string's). */
function anyOfProblem(verdicts: readonly Verdict[]): string {
  const types = verdicts.map(v => /^must be of type (\S+), got (\S+)$/.exec(v.problem ?? ''));
  if (types.every(m => m !== null)) return `must be of type ${types.map(m => m![1]).join(' or ')}, got ${types[0]![2]}`;
  return `must match at least one schema of anyOf (anyOf[0]: ${verdicts[0].problem})`;
}

/** stringValidator (maxLength, minLength in runes, pattern) and formatValidator (a format strfmt.Default knows). */
function stringCheck(schema: { [key: string]: any }, value: unknown): Verdict {
  if (typeof value !== 'string') return VALID;
  const length = [...value].length;
  const maxLength = own(schema, 'maxLength');
  const minLength = own(schema, 'minLength');
  if (typeof maxLength === 'number' && length > maxLength) return problem(`must be at most ${maxLength} characters long`);
  if (typeof minLength === 'number' && length < minLength) return problem(`must be at least ${minLength} characters long`);
  let unsure = false;
  const pattern = own(schema, 'pattern');
  if (typeof pattern === 'string' && pattern !== '') {
    const matches = re2Matches(pattern, value);
    if (matches === false) return problem(`must match the pattern ${JSON.stringify(pattern)}`);
    if (matches === undefined) unsure = true;
  }
  const format = stringOf(schema, 'format');
  if (format !== '' && isKnownFormat(format) && !formatValidates(format, value)) {
    return problem(`must be a valid ${format} (kube-openapi's strfmt "${format}")`);
  }
  return unsure ? UNSURE : VALID;
}

/**
 * swag.IsFloat64AJSONInteger: within ±(2^53 - 1), and a whole number or within a relative 1e-9 of one. For a
 * negative number Go compares with float64(uint64(f)), which is not its whole part: the magnitude is compared
 * here, which can only find more numbers whole (never a false refusal).
 */
function isJsonInteger(f: number): boolean {
  const max = 2 ** 53 - 1;
  if (!Number.isFinite(f) || f < -max || f > max) return false;
  const a = Math.abs(f);
  const g = Math.trunc(a);
  if (a === g) return true;
  if (g === 0) return false;
  return (a - g) / (a + g) < 1e-9;
}

/** IsValueValidAgainstRange: whether a number (the value or a bound) fits the type and format numberValidator passes on. */
function fitsRange(n: number, integral: boolean, type: string, format: string): boolean {
  if (type === 'integer') {
    // ConvertInt32/ConvertInt64 of the number's text: a float must be whole and in range.
    const [min, max] = format === 'int32' ? [-(2 ** 31), 2 ** 31 - 1] : [-INT64_LIMIT, INT64_LIMIT];
    return (integral || Number.isInteger(n)) && n >= min && n <= max;
  }
  // ConvertFloat32: strconv.ParseFloat(s, 32) fails past float32's range.
  return !(type === 'number' && format === 'float' && !Number.isFinite(Math.fround(n)));
}

/**
 * numberValidator: the value within the range of its type and format (int32, int64, float, double, passed on
 * only with one type), then multipleOf, maximum and minimum, each bound first checked against the same range.
 * A whole value is an int64 in Go, compared with the bound truncated to an int64 (MultipleOfInt, MaximumInt,
 * MinimumInt): multipleOf 0.5 truncates to 0, which "must be positive".
 */
function numberCheck(schema: { [key: string]: any }, value: unknown): Verdict {
  if (typeof value !== 'number') return VALID;
  const type = own(schema, 'type') === 'integer' || own(schema, 'type') === 'number' ? own(schema, 'type') as string : '';
  const rawFormat = stringOf(schema, 'format');
  const format = (type === 'integer' && ['int32', 'int64'].includes(rawFormat)) || (type === 'number' && ['float', 'double'].includes(rawFormat)) ? rawFormat : '';
  const whole = goType(value)[0] === 'integer';
  const typeName = `${type === '' ? 'number' : type}${format === '' ? ' (default format)' : ` with format ${format}`}`;
  if (!fitsRange(value, whole, type, format)) return problem(`does not fit in type ${typeName}`);
  let unsure = false;
  const bound = (key: string): number | undefined => (typeof own(schema, key) === 'number' ? own(schema, key) : undefined);
  const multipleOf = bound('multipleOf');
  if (multipleOf !== undefined) {
    const checked = checkMultipleOf(value, whole, multipleOf, fitsRange(multipleOf, false, type, format), typeName);
    if (checked.problem !== undefined) return checked;
    if (checked.unsure === true) unsure = true;
  }
  for (const [key, exclusiveKey, above] of [['maximum', 'exclusiveMaximum', true], ['minimum', 'exclusiveMinimum', false]] as const) {
    const limit = bound(key);
    if (limit === undefined) continue;
    if (!fitsRange(limit, false, type, format)) return problem(`is checked against ${key} ${limit}, which is not of type ${typeName}: fix the schema's ${key}`);
    const exclusive = own(schema, exclusiveKey) === true;
    // MaximumInt/MinimumInt compare with int64(limit); a limit past int64 converts to what the platform gives.
    if (whole && Math.abs(limit) >= INT64_LIMIT) {
      unsure = true;
      continue;
    }
    const against = whole ? Math.trunc(limit) : limit;
    const beyond = above ? (exclusive ? value >= against : value > against) : (exclusive ? value <= against : value < against);
    if (beyond) {
      return problem(`must be ${above ? (exclusive ? 'less than' : 'at most') : (exclusive ? 'greater than' : 'at least')} ${limit}`
        + `${against !== limit ? ` (read as ${against}: the value is an int64, the bound truncated to one)` : ''}`);
    }
  }
  return unsure ? UNSURE : VALID;
}

function checkMultipleOf(value: number, whole: boolean, factor: number, factorFits: boolean, typeName: string): Verdict {
  if (!factorFits) return problem(`is checked against multipleOf ${factor}, which is not of type ${typeName}: fix the schema's multipleOf`);
  if (whole) {
    if (Math.abs(factor) >= INT64_LIMIT) return UNSURE;
    const intFactor = Math.trunc(factor);
    if (intFactor <= 0) {
      return problem(`is a whole number, checked against multipleOf ${factor} truncated to ${intFactor}, and the factor must be positive`
        + ' (write the default with a fraction, or use a multipleOf of 1 or more)');
    }
    return Number.isSafeInteger(value) && value % intFactor !== 0 ? problem(`must be a multiple of ${intFactor}`) : (Number.isSafeInteger(value) ? VALID : UNSURE);
  }
  if (factor <= 0) return problem(`is checked against multipleOf ${factor}, and the factor must be positive`);
  const ratio = factor < 1 ? (1 / factor) * value : value / factor;
  return isJsonInteger(ratio) ? VALID : problem(`must be a multiple of ${factor}`);
}

/** schemaSliceValidator: each item against items, then minItems and maxItems (uniqueItems is refused in a CRD, KB038). */
function itemsCheck(schema: { [key: string]: any }, value: unknown, depth: number): Verdict {
  if (!Array.isArray(value)) return VALID;
  let unsure = false;
  for (let i = 0; i < value.length; i++) {
    const verdict = valueVerdict(own(schema, 'items'), value[i], depth + 1);
    if (verdict.problem !== undefined) return problem(`item ${i}: ${verdict.problem}`);
    if (verdict.unsure === true) unsure = true;
  }
  const minItems = own(schema, 'minItems');
  const maxItems = own(schema, 'maxItems');
  if (typeof minItems === 'number' && value.length < minItems) return problem(`must have at least ${minItems} items`);
  if (typeof maxItems === 'number' && value.length > maxItems) return problem(`must have at most ${maxItems} items`);
  return unsure ? UNSURE : VALID;
}

/**
 * basicCommonValidator: the value equals an enum entry, or converts to its Go type and then equals it
 * (reflect's ConvertibleTo/Convert): a number against a whole entry is truncated to an int64 (1.5 matches 1),
 * a whole number against a string entry becomes the character of that code point. null matches nothing, not
 * even a null entry (the "Safeguard" skips an entry whose reflect.TypeOf is nil; a nil value is no valid Value).
 */
function enumCheck(schema: { [key: string]: any }, value: unknown): Verdict {
  const entries = own(schema, 'enum');
  if (!Array.isArray(entries) || entries.length === 0) return VALID;
  return entries.some(entry => enumMatches(value, entry)) ? VALID : problem(`must be one of ${entries.map(e => JSON.stringify(e)).join(', ')}`);
}

function enumMatches(value: unknown, entry: unknown): boolean {
  // reflect.TypeOf(nil) is nil: a null entry is skipped, and a null value (no valid reflect.Value) matches no entry.
  if (value === null || entry === null) return false;
  if (deepEqual(value, entry)) return true;
  if (typeof value !== 'number' || (typeof entry !== 'number' && typeof entry !== 'string')) return false;
  const whole = goType(value)[0] === 'integer';
  if (typeof entry === 'string') {
    // string(rune(i)): an int64 that is no valid code point becomes U+FFFD.
    if (!whole) return false;
    const valid = value >= 0 && value <= 0x10ffff && !(value >= 0xd800 && value <= 0xdfff);
    return entry === (valid ? String.fromCodePoint(value) : '\ufffd');
  }
  const entryWhole = goType(entry)[0] === 'integer';
  return entryWhole ? Math.trunc(value) === entry : value === entry;
}

/** objectValidator: min/maxProperties, additionalProperties false, each property and additional property, required. */
function objectCheck(schema: { [key: string]: any }, value: unknown, depth: number): Verdict {
  if (!isObject(value) || Array.isArray(value)) return VALID;
  const keys = Object.keys(value);
  const minProperties = own(schema, 'minProperties');
  const maxProperties = own(schema, 'maxProperties');
  if (typeof minProperties === 'number' && keys.length < minProperties) return problem(`must have at least ${minProperties} properties`);
  if (typeof maxProperties === 'number' && keys.length > maxProperties) return problem(`must have at most ${maxProperties} properties`);
  const properties = isObject(own(schema, 'properties')) ? own(schema, 'properties') : undefined;
  const additional = own(schema, 'additionalProperties');
  let unsure = false;
  for (const key of keys) {
    const declared = properties !== undefined && isObject(own(properties, key)) ? own(properties, key) : undefined;
    if (declared === undefined && additional === false) return problem(`${key} is not allowed (additionalProperties is false)`);
    // An undeclared field without additionalProperties is the pruning check's (ValidateDefaults' requirePrunedDefaults).
    const child = declared ?? (isObject(additional) ? additional : undefined);
    if (child === undefined) continue;
    const verdict = valueVerdict(child, own(value, key), depth + 1);
    if (verdict.problem !== undefined) return problem(`${key}: ${verdict.problem}`);
    if (verdict.unsure === true) unsure = true;
  }
  const required = own(schema, 'required');
  if (Array.isArray(required)) {
    const missing = required.find(r => typeof r === 'string' && !Object.prototype.hasOwnProperty.call(value, r));
    if (missing !== undefined) return problem(`${JSON.stringify(missing)} is required`);
  }
  return unsure ? UNSURE : VALID;
}
