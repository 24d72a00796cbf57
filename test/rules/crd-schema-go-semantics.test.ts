/**
 * The openAPIV3Schema of a CustomResourceDefinition as the API server reads
 * it: decoded into Go's JSONSchemaProps (a null keyword is not set; a pointer,
 * slice or map keyword is set by any other value, `maxProperties: 0` and
 * `enum: []` too) and then checked by validation.go and
 * schema/validation.go (Kubernetes 1.36). Each case pairs a schema the
 * server refuses with the nearest one it accepts; the cases are our own.
 */
import { Manifest } from '../../src/model/manifest';
import { contextFor, validateObject } from '../../src/rules';
import { crd, SCHEMA, SCHEMA_PATH } from '../../src/rules/engine/scenario-kit';

const ROOT = SCHEMA_PATH;
const FIELD = `${SCHEMA_PATH}.properties.spec.properties.f`;

/** The errors of the schema rules (KB036-KB040) on a CRD: [rule, path]. */
function schemaErrors(m: Manifest): string[][] {
  return validateObject(m, contextFor())
    .filter(v => v.severity === 'error' && /^KB0(3[6-9]|40)$/.test(v.rule))
    .map(v => [v.rule, v.path]);
}

/** A CRD whose schema root is `root`, with /status served when asked. */
const withRoot = (root: unknown, status = false): Manifest =>
  crd([SCHEMA, root], ...(status ? [['spec.versions.0.subresources', { status: {} }] as const] : []));
/** A CRD whose spec has the one field `f` with schema `f`. */
const withField = (f: unknown): Manifest => withRoot({ type: 'object', properties: { spec: { type: 'object', properties: { f } } } });

describe('a keyword written as null is not set (JSON decoding into JSONSchemaProps)', () => {
  test.each([
    ['$ref', { type: 'string', $ref: null }],
    ['dependencies', { type: 'string', dependencies: null }],
    ['additionalItems', { type: 'string', additionalItems: null }],
    ['x-kubernetes-preserve-unknown-fields', { 'type': 'string', 'x-kubernetes-preserve-unknown-fields': null }],
    ['x-kubernetes-list-type', { 'type': 'string', 'x-kubernetes-list-type': null }],
    ['x-kubernetes-map-type', { 'type': 'string', 'x-kubernetes-map-type': null }],
    ['x-kubernetes-list-map-keys', { 'type': 'string', 'x-kubernetes-list-map-keys': null }],
    ['x-kubernetes-validations', { 'type': 'string', 'x-kubernetes-validations': null }],
    ['x-kubernetes-int-or-string', { 'type': 'string', 'x-kubernetes-int-or-string': null }],
    ['not', { type: 'string', not: null }],
    ['allOf', { type: 'string', allOf: null }],
    ['properties', { type: 'object', properties: null }],
  ])('%s: null is accepted', (_, f) => {
    expect(schemaErrors(withField(f))).toEqual([]);
  });

  test('items: null leaves an array without items, which is refused', () => {
    expect(schemaErrors(withField({ type: 'array', items: null }))).toEqual([['KB037', `${FIELD}.items`]]);
    expect(schemaErrors(withField({ type: 'array', items: { type: 'string' } }))).toEqual([]);
  });

  test('a null schema in a list of schemas is the empty schema', () => {
    expect(schemaErrors(withField({ type: 'string', allOf: [null] }))).toEqual([]);
    expect(schemaErrors(withField({ type: 'object', properties: { a: null } }))).toEqual([['KB037', `${FIELD}.properties.a.type`]]);
  });
});

describe('unsupported keywords, each as specStandardValidatorV3.validate finds it set', () => {
  test('id and the map keywords are refused only when not empty', () => {
    expect(schemaErrors(withField({ type: 'string', id: '', definitions: {}, patternProperties: {} }))).toEqual([]);
    expect(schemaErrors(withField({ type: 'string', id: 'x' }))).toEqual([['KB038', `${FIELD}.id`]]);
    expect(schemaErrors(withField({ type: 'string', definitions: { a: { type: 'string' } } }))).toEqual([['KB038', `${FIELD}.definitions`]]);
  });

  test('the pointer and map keywords are refused whatever their value', () => {
    expect(schemaErrors(withField({ type: 'string', $ref: '' }))).toEqual([['KB038', `${FIELD}.$ref`]]);
    expect(schemaErrors(withField({ type: 'string', dependencies: {} }))).toEqual([['KB038', `${FIELD}.dependencies`]]);
    expect(schemaErrors(withField({ type: 'string', additionalItems: false }))).toEqual([['KB038', `${FIELD}.additionalItems`]]);
  });

  test('$schema makes the schema non-structural (NewStructural), an empty one does not', () => {
    expect(schemaErrors(withField({ type: 'string', $schema: 'http://json-schema.org/draft-04/schema#' }))).toEqual([['KB038', `${FIELD}.$schema`]]);
    expect(schemaErrors(withField({ type: 'string', $schema: '' }))).toEqual([]);
  });

  test('items: [] is no list of schemas: only an array then lacks its items', () => {
    expect(schemaErrors(withField({ type: 'string', items: [] }))).toEqual([]);
    expect(schemaErrors(withField({ type: 'array', items: [] }))).toEqual([['KB037', `${FIELD}.items`]]);
    expect(schemaErrors(withField({ type: 'array', items: [{ type: 'string' }] }))).toEqual([['KB038', `${FIELD}.items`]]);
  });
});

describe('the root (validateStructuralInvariants, validateCustomResourceDefinitionValidation)', () => {
  test.each([[{ type: 'string' }], [true], [false]])('additionalProperties %j is refused at the root', additional => {
    expect(schemaErrors(withRoot({ type: 'object', additionalProperties: additional }))).toEqual([['KB036', `${ROOT}.additionalProperties`]]);
    expect(schemaErrors(withRoot({ type: 'object', properties: { spec: { type: 'object', additionalProperties: additional } } }))).toEqual([]);
  });

  test.each([
    ['maxProperties', 0], ['minProperties', 0], ['enum', []], ['allOf', []], ['not', {}], ['default', {}], ['x-kubernetes-list-map-keys', []],
  ])('with /status, %s: %j is set and refused', (key, value) => {
    expect(schemaErrors(withRoot({ type: 'object', [key]: value }, true))).toContainEqual(['KB036', `${ROOT}.${key}`]);
    expect(schemaErrors(withRoot({ type: 'object', [key]: value }))).not.toContainEqual(['KB036', `${ROOT}.${key}`]);
  });

  test('with /status, Go zero values are not set: accepted', () => {
    const zeros = { 'type': 'object', 'description': '', 'id': '', '$schema': '', 'nullable': false, 'x-kubernetes-embedded-resource': false };
    expect(schemaErrors(withRoot(zeros, true))).toEqual([]);
  });

  test('metadata may hold nothing but type and the name and generateName properties: a description is refused', () => {
    const meta = (m: Manifest): Manifest => withRoot({ type: 'object', properties: { metadata: { type: 'object', ...m } } });
    expect(schemaErrors(meta({ description: 'the object metadata' }))).toEqual([['KB036', `${ROOT}.properties.metadata.description`]]);
    expect(schemaErrors(meta({ required: [] }))).toEqual([['KB036', `${ROOT}.properties.metadata.required`]]);
    expect(schemaErrors(meta({ enum: [], description: '', properties: { name: { type: 'string', maxLength: 10 } } }))).toEqual([]);
  });

  test('kind and apiVersion must be strings even when they declare no type', () => {
    const kind = { 'x-kubernetes-preserve-unknown-fields': true };
    expect(schemaErrors(withRoot({ type: 'object', properties: { kind } }))).toEqual([['KB036', `${ROOT}.properties.kind.type`]]);
    expect(schemaErrors(withRoot({ type: 'object', properties: { kind: { type: 'string' } } }))).toEqual([]);
  });
});

describe('x-kubernetes-embedded-resource (validateStructuralInvariants)', () => {
  const embedded = (m: Manifest): Manifest => withField({ 'type': 'object', 'x-kubernetes-embedded-resource': true, ...m });

  test('needs properties that are not empty, or x-kubernetes-preserve-unknown-fields', () => {
    expect(schemaErrors(embedded({ properties: {} }))).toEqual([['KB039', `${FIELD}.properties`]]);
    expect(schemaErrors(embedded({ 'properties': {}, 'x-kubernetes-preserve-unknown-fields': true }))).toEqual([]);
  });

  test('refuses additionalProperties, even false', () => {
    expect(schemaErrors(embedded({ 'x-kubernetes-preserve-unknown-fields': true, 'additionalProperties': false })))
      .toEqual([['KB039', `${FIELD}.additionalProperties`]]);
  });

  test('types kind, apiVersion and metadata as the root does', () => {
    expect(schemaErrors(embedded({ properties: { kind: { type: 'integer' }, metadata: { type: 'string' } } })))
      .toEqual([['KB039', `${FIELD}.properties.kind.type`], ['KB039', `${FIELD}.properties.metadata.type`]]);
    expect(schemaErrors(embedded({ properties: { kind: { type: 'string' }, metadata: { type: 'object', properties: { labels: { type: 'object' } } } } })))
      .toEqual([]);
  });
});

describe('x-kubernetes-int-or-string (validateExtensions, isIntOrStringAnyOfPattern)', () => {
  test('excludes x-kubernetes-preserve-unknown-fields and x-kubernetes-embedded-resource', () => {
    expect(schemaErrors(withField({ 'x-kubernetes-int-or-string': true, 'x-kubernetes-preserve-unknown-fields': true })))
      .toEqual([['KB039', `${FIELD}.x-kubernetes-preserve-unknown-fields`]]);
    expect(schemaErrors(withField({ 'x-kubernetes-int-or-string': true }))).toEqual([]);
  });

  test('the anyOf pattern is integer then string, and is left unchecked with or without the extension', () => {
    const anyOf = [{ type: 'integer' }, { type: 'string' }];
    expect(schemaErrors(withField({ type: 'string', anyOf }))).toEqual([]);
    expect(schemaErrors(withField({ 'x-kubernetes-int-or-string': true, 'anyOf': [...anyOf].reverse() })))
      .toEqual([['KB040', `${FIELD}.anyOf[0].type`], ['KB040', `${FIELD}.anyOf[1].type`]]);
  });
});

describe('allOf/anyOf/oneOf/not (validateNestedValueValidation)', () => {
  test('a default, a list type or a map type is set whatever its value', () => {
    expect(schemaErrors(withField({ type: 'string', allOf: [{ default: '' }] }))).toEqual([['KB040', `${FIELD}.allOf[0].default`]]);
    expect(schemaErrors(withField({ type: 'string', allOf: [{ 'x-kubernetes-map-type': '' }] }))).toContainEqual(['KB040', `${FIELD}.allOf[0].x-kubernetes-map-type`]);
    expect(schemaErrors(withField({ type: 'string', allOf: [{ nullable: false, description: '' }] }))).toEqual([]);
  });

  test('additionalProperties: false is no additionalProperties there, {} is', () => {
    expect(schemaErrors(withField({ type: 'object', allOf: [{ additionalProperties: false }] }))).toEqual([]);
    expect(schemaErrors(withField({ type: 'object', allOf: [{ additionalProperties: {} }] }))).toEqual([['KB040', `${FIELD}.allOf[0].additionalProperties`]]);
  });

  test('metadata is refused in a nested context at any depth', () => {
    const f = { type: 'object', properties: { metadata: { type: 'object' } }, allOf: [{ properties: { metadata: { required: ['a'] } } }] };
    expect(schemaErrors(withField(f))).toEqual([['KB040', `${FIELD}.allOf[0].properties.metadata`]]);
    expect(schemaErrors(withField({ ...f, allOf: [{ properties: { other: { required: ['a'] } } }] }))).toEqual([]);
  });

  test('properties beside additionalProperties: false are refused there too', () => {
    expect(schemaErrors(withField({ type: 'object', allOf: [{ properties: { a: { minLength: 1 } }, additionalProperties: false }] })))
      .toEqual([['KB037', `${FIELD}.allOf[0].additionalProperties`]]);
  });
});

describe('defaults are validated against the whole schema (ValidateDefaults, kube-openapi)', () => {
  test.each([
    ['multipleOf', { type: 'integer', multipleOf: 2 }, 3, 4],
    ['maxProperties', { type: 'object', maxProperties: 1, additionalProperties: { type: 'string' } }, { a: 'x', b: 'x' }, { a: 'x' }],
    ['allOf', { type: 'string', allOf: [{ pattern: '^a' }] }, 'b', 'a'],
    ['anyOf', { type: 'string', anyOf: [{ enum: ['a'] }, { enum: ['b'] }] }, 'c', 'b'],
    ['oneOf', { type: 'string', oneOf: [{ pattern: '^a' }, { pattern: 'b$' }] }, 'ab', 'a'],
    ['not', { type: 'string', not: { enum: ['a'] } }, 'a', 'b'],
    ['format (strfmt.Default)', { type: 'string', format: 'date' }, '2020-13-01', '2020-12-01'],
  ])('%s', (_, schema, refused, accepted) => {
    expect(schemaErrors(withField({ ...schema, default: refused }))).toEqual([['KB037', `${FIELD}.default`]]);
    expect(schemaErrors(withField({ ...schema, default: accepted }))).toEqual([]);
  });

  test('a format strfmt.Default does not register checks nothing', () => {
    expect(schemaErrors(withField({ type: 'string', format: 'int32', default: 'abc' }))).toEqual([]);
  });

  test('the root default is a resource (isResourceRoot): it carries apiVersion and kind', () => {
    const root = (value: unknown): Manifest => withRoot({
      type: 'object', properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, spec: { type: 'object' } }, default: value,
    });
    expect(schemaErrors(root({ spec: {} }))).toEqual([['KB037', `${ROOT}.default`]]);
    expect(schemaErrors(root({ apiVersion: 'example.com/v1', kind: 'Widget', spec: {} }))).toEqual([]);
  });
});
