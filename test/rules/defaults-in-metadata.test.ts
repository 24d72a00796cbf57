/**
 * Defaults that land in an embedded resource's metadata, apiVersion or kind,
 * as structuraldefaulting.ValidateDefaults checks them
 * (apiextensions-apiserver pkg/apiserver/schema/defaulting/validation.go,
 * schemaobjectmeta.Validate) and as ValidateCustomResourceDefinitionOpenAPISchema
 * forbids them (validation.go: insideResourceMeta). Cases written from those
 * functions; the test code is our own.
 */
import { Manifest } from '../../src/model/manifest';
import { validateObject } from '../../src/rules';
import { crd, SCHEMA } from '../../src/rules/engine/scenario-kit';

const withTemplate = (template: Manifest): Manifest => crd([SCHEMA, { type: 'object', properties: { spec: { type: 'object', properties: { template } } } }]);
const embedded = (properties: Manifest, extra: Manifest = {}): Manifest => ({ 'type': 'object', 'x-kubernetes-embedded-resource': true, properties, ...extra });
const TEMPLATE = 'spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.template';
const findings = (m: Manifest): string[] => validateObject(m).filter(v => ['KB037', 'KB039'].includes(v.rule)).map(v => `${v.rule} ${v.path}: ${v.message}`);

describe('a default inside an embedded resource\'s metadata must result in valid metadata', () => {
  test('a name that is not a path segment is refused', () => {
    const m = withTemplate(embedded({ metadata: { type: 'object', properties: { name: { type: 'string', default: 'a/b' } } } }));
    expect(findings(m)).toEqual([`KB037 ${TEMPLATE}.properties.metadata.properties.name.default: "a/b" must result in valid metadata: metadata.name: may not contain '/'`]);
  });

  test('a name that is a path segment is accepted', () => {
    expect(findings(withTemplate(embedded({ metadata: { type: 'object', properties: { name: { type: 'string', default: 'web' } } } })))).toEqual([]);
  });

  test('labels whose key is not a qualified name are refused', () => {
    const m = withTemplate(embedded({ metadata: { type: 'object', properties: { labels: { type: 'object', additionalProperties: { type: 'string' }, default: { 'bad key!': 'x' } } } } }));
    expect(findings(m)).toEqual([expect.stringMatching(/^KB037 .*labels\.default: .*must result in valid metadata: metadata\.labels\[bad key!\]/)]);
  });

  test('a kind that is not a DNS-1035 label once lowercased is refused, a CamelCase one accepted', () => {
    expect(findings(withTemplate(embedded({ kind: { type: 'string', default: 'Bad_Kind' } })))).toEqual([expect.stringContaining('kind: may have mixed case, but should otherwise match')]);
    expect(findings(withTemplate(embedded({ kind: { type: 'string', default: 'ConfigMap' } })))).toEqual([]);
  });

  test('a default inside additionalProperties of an embedded resource\'s metadata is forbidden outright', () => {
    const m = withTemplate(embedded({ metadata: { type: 'object', properties: { labels: { type: 'object', additionalProperties: { type: 'string', default: 'x' } } } } }));
    expect(findings(m)).toEqual([`KB037 ${TEMPLATE}.properties.metadata.properties.labels.additionalProperties.default: must not be set inside additionalProperties applying to object metadata`]);
  });
});

describe('a default of an embedded resource is an object with apiVersion and kind', () => {
  const resource = embedded({ apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: { type: 'object' } });
  test('without them it is refused', () => {
    expect(findings(withTemplate({ ...resource, default: { metadata: { name: 'x' } } }))).toEqual([
      expect.stringContaining('must result in valid metadata: apiVersion: Required value, kind: Required value'),
    ]);
  });
  test('with them it is accepted', () => {
    expect(findings(withTemplate({ ...resource, default: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } } }))).toEqual([]);
  });
});

test('x-kubernetes-embedded-resource inside resource meta is refused (specStandardValidatorV3.validate)', () => {
  const m = withTemplate(embedded({ metadata: { type: 'object', properties: { inner: embedded({ kind: { type: 'string' } }) } } }));
  expect(findings(m)).toContain(`KB039 ${TEMPLATE}.properties.metadata.properties.inner.x-kubernetes-embedded-resource: must not be used inside of resource meta`);
});

describe('a default pruning would change is refused (ValidateDefaults, requirePrunedDefaults; pruning.Prune)', () => {
  const SPEC = 'spec.versions[0].schema.openAPIV3Schema.properties.spec';
  const withSpec = (spec: Manifest): Manifest => crd([SCHEMA, { type: 'object', properties: { spec } }]);
  test('a field of an object schema that declares none', () => {
    expect(findings(withSpec({ type: 'object', default: { a: 1 } })))
      .toEqual([`KB037 ${SPEC}.default: {"a":1} must not have unknown fields: a is not in the schema and would be pruned`]);
  });
  test('kept by x-kubernetes-preserve-unknown-fields or additionalProperties', () => {
    expect(findings(withSpec({ 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true, 'default': { a: 1 } }))).toEqual([]);
    expect(findings(withSpec({ type: 'object', additionalProperties: { type: 'integer' }, default: { a: 1 } }))).toEqual([]);
  });
});
