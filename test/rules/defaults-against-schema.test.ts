/**
 * Defaults checked against their own schema as structuraldefaulting.ValidateDefaults checks them, with
 * kube-openapi's SchemaValidator and strfmt.Default (pkg/validation/validate at 43fb72c5454a, Kubernetes 1.36):
 * src/rules/k8s/schema-value.ts, reported by KB037. Each case has a default the server takes and one it refuses.
 */
import { Manifest } from '../../src/model/manifest';
import { validateObject } from '../../src/rules';
import { crd, SCHEMA } from '../../src/rules/engine/scenario-kit';
import { valueVerdict } from '../../src/rules/k8s/schema-value';

const withField = (node: Manifest): Manifest => crd([SCHEMA, { type: 'object', properties: { spec: { type: 'object', properties: { field: node } } } }]);
const PATH = 'spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.field.default';
const findings = (node: Manifest): string[] => validateObject(withField(node)).filter(v => v.rule === 'KB037').map(v => `${v.path}: ${v.message}`);

type Case = [string, Manifest, unknown, unknown, string];

const CASES: Case[] = [
  // formatValidator with strfmt.Default: every format it knows, under its name with or without '-'
  ['ipv4', { type: 'string', format: 'ipv4' }, '1.2.3.4', '1.2.3', 'must be a valid ipv4'],
  ['date-time', { type: 'string', format: 'date-time' }, '2024-05-01T12:00:00Z', 'yesterday', 'must be a valid date-time'],
  ['email', { type: 'string', format: 'email' }, 'a@example.com', 'a.example.com', 'must be a valid email'],
  ['uuid', { type: 'string', format: 'uuid' }, '123e4567-e89b-12d3-a456-426614174000', '123e4567', 'must be a valid uuid'],
  ['hostname', { type: 'string', format: 'hostname' }, 'example.com', 'example.com-', 'must be a valid hostname'],
  ['duration', { type: 'string', format: 'duration' }, '3 days', 'soon', 'must be a valid duration'],
  ['byte', { type: 'string', format: 'byte' }, 'aGk=', 'hi', 'must be a valid byte'],
  ['cidr', { type: 'string', format: 'cidr' }, '10.0.0.0/8', '10.0.0.0/33', 'must be a valid cidr'],
  ['date', { type: 'string', format: 'date' }, '2024-02-29', '2023-02-29', 'must be a valid date'],
  ['k8s-short-name', { type: 'string', format: 'k8s-short-name' }, 'web', 'Web', 'must be a valid k8s-short-name'],
  ['a format in an anyOf branch', { type: 'string', anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] }, '::1', 'localhost', 'must match at least one schema of anyOf'],
  // numberValidator: multipleOf, and each number against the range of its type and format
  ['multipleOf', { type: 'integer', multipleOf: 5 }, 10, 12, 'must be a multiple of 5'],
  ['multipleOf on a fraction', { type: 'number', multipleOf: 0.5 }, 1.5, 1.25, 'must be a multiple of 0.5'],
  ['multipleOf below 1 on a whole number (truncated to 0)', { type: 'number', multipleOf: 0.5 }, 2.5, 2, 'truncated to 0, and the factor must be positive'],
  ['int32', { type: 'integer', format: 'int32' }, 2147483647, 2147483648, 'does not fit in type integer with format int32'],
  ['a maximum out of int32', { type: 'integer', format: 'int32', maximum: 4294967295 }, undefined, 1, 'maximum 4294967295, which is not of type integer with format int32'],
  ['a fractional maximum on an integer', { type: 'integer', maximum: 1.5 }, undefined, 1, 'maximum 1.5, which is not of type integer (default format)'],
  ['float', { type: 'number', format: 'float' }, 1e38, 1e39, 'does not fit in type number with format float'],
  ['an exclusive maximum read as an int64', { type: 'number', maximum: 2.5, exclusiveMaximum: true }, 1, 2, 'read as 2'],
  // objectValidator: maxProperties and minProperties
  ['maxProperties', { type: 'object', additionalProperties: { type: 'string' }, maxProperties: 1 }, { a: 'x' }, { a: 'x', b: 'y' }, 'must have at most 1 properties'],
  ['minProperties', { type: 'object', additionalProperties: { type: 'string' }, minProperties: 1 }, { a: 'x' }, {}, 'must have at least 1 properties'],
  // schemaPropsValidator: allOf, oneOf, not
  ['allOf', { type: 'string', allOf: [{ minLength: 2 }, { maxLength: 3 }] }, 'ab', 'abcd', 'allOf[1]: must be at most 3 characters long'],
  ['oneOf', { type: 'integer', oneOf: [{ minimum: 0 }, { maximum: 10 }] }, 11, 5, 'must match exactly one schema of oneOf, matches 2'],
  ['not', { type: 'string', not: { enum: ['admin'] } }, 'user', 'admin', 'must not match the schema of not'],
  ['int-or-string through its anyOf', { 'x-kubernetes-int-or-string': true, 'anyOf': [{ type: 'integer' }, { type: 'string' }] }, '50%', true, 'must be of type integer or string, got boolean'],
  // typeValidator: a format on a type it does not belong to refuses a number it does not infer
  ['a format on an int-or-string', { 'x-kubernetes-int-or-string': true, 'format': 'int-or-string' }, '1', 1, 'must be a string for its format int-or-string, got integer'],
  // basicCommonValidator runs on null too (SchemaValidator.Validate: the type and common validators), and no enum entry matches it
  ['null under an enum, nullable or not', { type: 'object', properties: { mode: { type: 'string', nullable: true, enum: ['a', null] } } }, { mode: 'a' }, { mode: null }, 'mode: must be one of'],
  // nested: items and properties
  ['items', { type: 'array', items: { type: 'string', format: 'ipv4' } }, ['1.1.1.1'], ['1.1.1.1', 'x'], 'item 1: must be a valid ipv4'],
];

describe.each(CASES)('%s', (_name, node, good, bad, message) => {
  if (good !== undefined) {
    test('the default the server takes passes', () => {
      expect(findings({ ...node, default: good })).toEqual([]);
    });
  }
  test('the default the server refuses fails, with why', () => {
    const found = findings({ ...node, default: bad });
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(`${PATH}: `);
    expect(found[0]).toContain(message);
  });
});

describe('what kube-openapi\'s validator lets through', () => {
  test.each([
    ['a format it does not know', { type: 'string', format: 'quantity' }, 'anything'],
    ['int-or-string without its anyOf (the validator does not know the extension)', { 'x-kubernetes-int-or-string': true }, true],
    ['a string of the format under a format on a non-numeric type (the type check returns early for strings)', { type: 'object', format: 'ipv4' }, '1.2.3.4'],
    ['null where no type is set', { type: 'object', properties: { free: { 'x-kubernetes-preserve-unknown-fields': true } } }, { free: null }],
    ['a fraction against a whole enum entry (converted to int64)', { type: 'number', enum: [1, 2] }, 1.5],
    ['a whole number against a fractional minimum (read as its int64)', { type: 'number', minimum: 0.5 }, 0],
    ['an e-mail address with a display name (net/mail.ParseAddress reads it whole)', { type: 'string', format: 'email' }, 'Someone <someone@example.com>'],
  ])('%s', (_name, node, value) => {
    expect(findings({ ...node, default: value })).toEqual([]);
  });
});

describe('an undecided check is unsure, and not or oneOf do not refuse on it', () => {
  // A pattern Go's regexp cannot compile is refused where the CRD is checked; against a value it decides nothing.
  const UNDECIDED = { pattern: '(' };

  test('a valid verdict that rests on an undecided check is unsure', () => {
    expect(valueVerdict({ type: 'string', ...UNDECIDED }, 'x')).toEqual({ unsure: true });
    expect(valueVerdict({ type: 'string', pattern: 'x' }, 'x')).toEqual({});
  });

  test('not: an unsure match is no refusal; a sure one is', () => {
    expect(valueVerdict({ type: 'string', not: UNDECIDED }, 'x').problem).toBeUndefined();
    expect(valueVerdict({ type: 'string', not: { pattern: 'x' } }, 'x').problem).toBe('must not match the schema of not');
  });

  test('oneOf: an unsure second match is no refusal', () => {
    expect(valueVerdict({ type: 'string', oneOf: [{ minLength: 1 }, UNDECIDED] }, 'x').problem).toBeUndefined();
    expect(valueVerdict({ type: 'string', oneOf: [{ minLength: 1 }, { pattern: 'x' }] }, 'x').problem).toContain('matches 2');
  });

  test('formats are all decided: an e-mail address\'s whole grammar is (net/mail.ParseAddress)', () => {
    expect(valueVerdict({ type: 'string', format: 'email' }, 'Someone <s@example.com>')).toEqual({});
    expect(valueVerdict({ type: 'string', not: { format: 'email' } }, 'Someone <s@example.com>').problem).toBe('must not match the schema of not');
    expect(valueVerdict({ type: 'string', format: 'email' }, 'group: a@b, c@d;').problem).toBe('must be a valid email (kube-openapi\'s strfmt "email")');
  });
});
