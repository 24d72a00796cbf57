/**
 * The API server's decoding of a CustomResourceDefinition into its Go types
 * (src/rules/k8s/go-json.ts, crd-types.ts): what Go's encoding/json, through
 * sigs.k8s.io/json, refuses (a wrong JSON type) and drops (an unknown field),
 * and the custom UnmarshalJSON methods of apiextensions' marshal.go, which
 * decode what is below them again without strictness.
 */
import { Manifest } from '../../src/model/manifest';
import { strictFindings, validateObject } from '../../src/rules';
import { crd, SCHEMA } from '../../src/rules/engine/scenario-kit';
import { CUSTOM_RESOURCE_DEFINITION, JSON_SCHEMA_PROPS } from '../../src/rules/k8s/crd-types';
import { decodeProblems, INT32, TIME, BYTES, sliceOf, STRING } from '../../src/rules/k8s/go-json';

const problems = (value: unknown, type = JSON_SCHEMA_PROPS): string[] =>
  decodeProblems(value, type).map(p => `${p.kind} ${p.path.join('.')}: ${p.detail}`);

test('null decodes into any field, as Go leaves its zero value', () => {
  expect(problems({ type: null, maxLength: null, properties: null, items: null, additionalProperties: null, required: null })).toEqual([]);
});

test('a value of the wrong JSON type is refused, at its path', () => {
  expect(problems({ type: 5, maxLength: '5', nullable: 'false', required: 'name', properties: { a: { minimum: 'one' } } })).toEqual([
    'type type: cannot unmarshal number into a Go value of type string',
    'type maxLength: cannot unmarshal string into a Go value of type int64',
    'type nullable: cannot unmarshal string into a Go value of type bool',
    'type required: cannot unmarshal string into a Go value of type []string',
    'type properties.a.minimum: cannot unmarshal string into a Go value of type float64',
  ]);
});

test('integers: a fraction or a value past int32 does not decode; a float64 takes any number', () => {
  expect(decodeProblems(1.5, INT32).map(p => p.detail)).toEqual(['cannot unmarshal number 1.5 into a Go value of type int32']);
  expect(decodeProblems(2 ** 31, INT32).map(p => p.detail)).toEqual([`cannot unmarshal number ${2 ** 31} into a Go value of type int32`]);
  expect(decodeProblems(-(2 ** 31), INT32)).toEqual([]);
  expect(problems({ maximum: 1.5, minimum: -3 })).toEqual([]);
});

test('int64 takes what kubectl sends for any integer up to 2^63 - 1, past 2^53 too', () => {
  // kubectl decodes 1e18 as a float64 and marshals it as 1000000000000000000, which fits an int64.
  expect(problems({ maxLength: 1e18, maxItems: -(2 ** 63) })).toEqual([]);
  expect(problems({ maxLength: 2 ** 63 })).toEqual([`type maxLength: cannot unmarshal number ${2 ** 63} into a Go value of type int64`]);
  expect(problems({ maxLength: 2n ** 63n - 1n, maxItems: 2n ** 63n })).toEqual([
    `type maxItems: cannot unmarshal number ${2n ** 63n} into a Go value of type int64`,
  ]);
});

test('metav1.Time takes an RFC 3339 string; []byte a base64 one', () => {
  expect(decodeProblems('2026-11-29T09:00:00Z', TIME)).toEqual([]);
  expect(decodeProblems('yesterday', TIME).map(p => p.detail)).toEqual(['parsing time "yesterday" as RFC 3339 failed']);
  expect(decodeProblems('aGVsbG8=\n', BYTES)).toEqual([]);
  expect(decodeProblems('not base64!', BYTES).map(p => p.detail)).toEqual(['illegal base64 data']);
});

test('an unknown key is reported, matched case-sensitively as sigs.k8s.io/json matches it', () => {
  expect(problems({ Type: 'string', tpye: 'string', type: 'string' })).toEqual(['unknown Type: unknown field "Type"', 'unknown tpye: unknown field "tpye"']);
});

test('additionalProperties (JSONSchemaPropsOrBool): an object or a bool; anything else is refused; below it nothing is strict', () => {
  expect(problems({ additionalProperties: true })).toEqual([]);
  expect(problems({ additionalProperties: 'yes' })).toEqual(['type additionalProperties: boolean or JSON schema expected']);
  // json.Unmarshal again, without strictness: the unknown key is dropped unreported, a wrong type still refused.
  expect(problems({ additionalProperties: { tpye: 'string', maxLength: 'x' } })).toEqual(['type additionalProperties.maxLength: cannot unmarshal string into a Go value of type int64']);
});

test('items (JSONSchemaPropsOrArray) and dependencies (...OrStringArray): a scalar is dropped without an error', () => {
  expect(problems({ items: 'string', dependencies: { a: 5 } })).toEqual([]);
  expect(problems({ items: [{ type: 'string', tpye: 1 }, { type: 7 }] })).toEqual(['type items.1.type: cannot unmarshal number into a Go value of type string']);
  expect(problems({ dependencies: { a: ['b', 3] } })).toEqual(['type dependencies.a.1: cannot unmarshal number into a Go value of type string']);
});

test('JSON values (default, example, enum entries) take anything', () => {
  expect(problems({ default: { any: [1, 'two'] }, example: 3, enum: [1, 'a', null, { b: true }] })).toEqual([]);
});

test('a slice of strings refuses a number among them, each at its index', () => {
  expect(decodeProblems(['a', 1, 'b', true], sliceOf(STRING)).map(p => p.path.join('.'))).toEqual(['1', '3']);
});

test('the CRD\'s own fields: subresources.status is an empty struct, metadata is left to the metadata family', () => {
  const m: Manifest = crd([SCHEMA, { type: 'object' }], ['spec.versions.0.subresources', { status: { enabled: true } }], ['metadata.lables', { a: 'b' }]);
  expect(decodeProblems(m, CUSTOM_RESOURCE_DEFINITION).map(p => `${p.kind} ${p.path.join('.')}`)).toEqual(['unknown spec.versions.0.subresources.status.enabled']);
});

test('through the rules: KB222 refuses, KB223 warns and is an error under --strict, each once', () => {
  const m: Manifest = crd(['spec.versions.0.served', 'yes'], ['spec.names.plurl', 'x']);
  const found = validateObject(m).filter(v => v.rule === 'KB222' || v.rule === 'KB223');
  expect(found.map(v => `${v.rule} ${v.severity} ${v.path}`)).toEqual(['KB222 error spec.versions[0].served', 'KB223 warning spec.names.plurl']);
  expect(strictFindings(found).map(v => `${v.rule} ${v.severity}`)).toEqual(['KB222 error', 'KB223 error']);
});

test('a value that does not decode is reported by KB222 alone: the server never validates it (refusedFirst)', () => {
  const m: Manifest = crd(['spec.scope', 3], [SCHEMA, { type: 5 }], ['spec.names', 'widgets']);
  expect(validateObject(m).filter(v => v.severity === 'error').map(v => `${v.rule} ${v.path}`)).toEqual([
    'KB222 spec.names',
    'KB222 spec.scope',
    'KB222 spec.versions[0].schema.openAPIV3Schema.type',
  ]);
  // Without the decoding problem, the scope is KB182's to report.
  expect(validateObject(crd(['spec.scope', 'Global'])).map(v => v.rule)).toContain('KB182');
});
