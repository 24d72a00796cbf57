import { at, CTX, findings, runAll, secondVersion, validBoundSchema, validExportV1alpha1, violationsOf, widgetSchema } from './helpers';
import { Manifest } from '../../src/model/manifest';
import { validateObject } from '../../src/rules';

const BOTH: Array<[string, () => Manifest]> = [
  ['APIServiceExport v1alpha1', validExportV1alpha1],
  ['BoundSchema', validBoundSchema],
];

/** A BoundSchema whose only version uses `schema` as its openAPIV3Schema. */
function boundWithSchema(schema: unknown, extra: Manifest = {}): Manifest {
  const obj = validBoundSchema();
  obj.spec.versions[0] = { ...obj.spec.versions[0], schema: { openAPIV3Schema: schema }, ...extra };
  return obj;
}

describe('KB030 exactly one storage version', () => {
  test.each(BOTH)('%s: one storage version passes', (_, fixture) => {
    const obj = fixture();
    obj.spec.versions.push(secondVersion());
    expect(findings('KB030', obj)).toEqual([]);
  });

  test('none', () => {
    const obj = validExportV1alpha1();
    obj.spec.versions[0].storage = false;
    expect(findings('KB030', obj)).toEqual([at('KB030', 'spec.versions')]);
  });

  test('two: the second is reported', () => {
    const obj = validBoundSchema();
    obj.spec.versions.push(secondVersion('v2', { storage: true }));
    const v = violationsOf('KB030', obj);
    expect(v.map(x => x.path)).toEqual(['spec.versions[1].storage']);
    expect(v[0].message).toContain('spec.versions[0].storage already is');
  });

  test('a mistyped storage flag is left to KB003', () => {
    const obj = validBoundSchema();
    obj.spec.versions[0].storage = 'true';
    expect(findings('KB030', obj)).toEqual([]);
    expect(findings('KB003', obj)).toEqual([at('KB003', 'spec.versions[0].storage')]);
  });
});

describe('KB031 served is present', () => {
  test.each(BOTH)('%s: passes', (_, fixture) => {
    expect(findings('KB031', fixture())).toEqual([]);
  });

  test('missing served is an error of the spec, not of the server', () => {
    const obj = validExportV1alpha1();
    delete obj.spec.versions[0].served;
    const v = violationsOf('KB031', obj);
    expect(v.map(x => [x.path, x.severity])).toEqual([['spec.versions[0].served', 'error']]);
    expect(v[0].hint).toContain('default it to true');
    expect(findings('KB002', obj)).toEqual([]);
  });
});

describe('KB032 some version is served', () => {
  test('one served version is enough', () => {
    const obj = validBoundSchema();
    obj.spec.versions.push(secondVersion('v2', { served: false }));
    expect(findings('KB032', obj)).toEqual([]);
  });

  test('no served version is a warning', () => {
    const obj = validBoundSchema();
    obj.spec.versions[0].served = false;
    expect(findings('KB032', obj)).toEqual([at('KB032', 'spec.versions', 'warning')]);
  });

  test('a missing served counts as served (server default)', () => {
    const obj = validBoundSchema();
    delete obj.spec.versions[0].served;
    expect(findings('KB032', obj)).toEqual([]);
  });
});

describe('KB033 deprecationWarning needs deprecated', () => {
  test('with deprecated: true it passes', () => {
    const obj = validExportV1alpha1();
    Object.assign(obj.spec.versions[0], { deprecated: true, deprecationWarning: 'use v2' });
    expect(findings('KB033', obj)).toEqual([]);
  });

  test.each([[undefined], [false]])('with deprecated %p it fails', deprecated => {
    const obj = validBoundSchema();
    Object.assign(obj.spec.versions[0], { deprecated, deprecationWarning: 'use v2' });
    expect(findings('KB033', obj)).toEqual([at('KB033', 'spec.versions[0].deprecationWarning')]);
  });
});

describe('KB034 deprecationWarning text', () => {
  const withWarning = (deprecationWarning: string): Manifest => {
    const obj = validBoundSchema();
    Object.assign(obj.spec.versions[0], { deprecated: true, deprecationWarning });
    return obj;
  };

  test('a printable warning of 256 bytes passes', () => {
    expect(findings('KB034', withWarning('x'.repeat(256)))).toEqual([]);
    expect(findings('KB034', withWarning('v1 is deprecated – use v2 ✓'))).toEqual([]);
  });

  test.each([
    ['empty', ''],
    ['257 bytes', 'x'.repeat(257)],
    ['256 characters but more bytes', 'é'.repeat(200)],
    ['a newline', 'use\nv2'],
    ['a tab', 'use\tv2'],
  ])('%s fails', (_, text) => {
    expect(findings('KB034', withWarning(text))).toEqual([at('KB034', 'spec.versions[0].deprecationWarning')]);
  });

  test('not checked when KB033 already reports the field', () => {
    const obj = validBoundSchema();
    obj.spec.versions[0].deprecationWarning = '';
    expect(findings('KB034', obj)).toEqual([]);
  });
});

describe('KB035 equal schemas', () => {
  test('equal schemas with different key order pass', () => {
    const obj = validExportV1alpha1();
    const schema = widgetSchema();
    const shuffled = { properties: { status: schema.properties.status, spec: schema.properties.spec }, type: 'object' };
    obj.spec.versions.push(secondVersion('v2', { schema: { openAPIV3Schema: shuffled } }));
    expect(findings('KB035', obj)).toEqual([]);
  });

  test('a BoundSchema may mix the wrapped and the raw shape', () => {
    const obj = validBoundSchema();
    obj.spec.versions.push(secondVersion('v2', { schema: widgetSchema() }));
    expect(findings('KB035', obj)).toEqual([]);
    expect(runAll(obj)).toEqual([]);
  });

  test('different schemas name the first difference', () => {
    const obj = validExportV1alpha1();
    const other = widgetSchema();
    other.properties.spec.properties.size.minimum = 1;
    obj.spec.versions.push(secondVersion('v2', { schema: { openAPIV3Schema: other } }));
    const v = violationsOf('KB035', obj);
    expect(v.map(x => x.path)).toEqual(['spec.versions[1].schema.openAPIV3Schema']);
    expect(v[0].message).toContain('first difference at properties.spec.properties.size.minimum');
  });

  test('raw and wrapped shapes are compared by their content', () => {
    const obj = validBoundSchema();
    obj.spec.versions.push(secondVersion('v2', { schema: { type: 'object' } }));
    expect(findings('KB035', obj)).toEqual([at('KB035', 'spec.versions[1].schema')]);
  });

  /** A Widget schema documented with `text`: description, example and externalDocs at the root and on a nested field. */
  function documented(text: string): Manifest {
    const schema = widgetSchema();
    schema.description = `Widget ${text}`;
    schema.externalDocs = { url: `https://example.com/${text}` };
    schema.properties.spec.properties.size.description = `size ${text}`;
    schema.properties.spec.properties.size.example = text.length;
    return schema;
  }

  test.each(BOTH)('%s: versions that differ only in description, example and externalDocs pass', (_, fixture) => {
    const obj = fixture();
    obj.spec.versions[0].schema = { openAPIV3Schema: documented('one') };
    obj.spec.versions.push(secondVersion('v2', { schema: { openAPIV3Schema: documented('two, longer') } }));
    expect(findings('KB035', obj)).toEqual([]);
  });

  test('documentation aside, a differing type still fails', () => {
    const obj = validBoundSchema();
    obj.spec.versions[0].schema = { openAPIV3Schema: documented('one') };
    const other = documented('two');
    other.properties.spec.properties.size.type = 'string';
    obj.spec.versions.push(secondVersion('v2', { schema: { openAPIV3Schema: other } }));
    const v = violationsOf('KB035', obj);
    expect(v.map(x => x.path)).toEqual(['spec.versions[1].schema.openAPIV3Schema']);
    expect(v[0].message).toContain('first difference at properties.spec.properties.size.type');
  });

  test('a property named description is a field, not documentation', () => {
    const schema = (descriptionType: string) => {
      const s = widgetSchema();
      s.properties.spec.properties.description = { type: descriptionType };
      return s;
    };
    const obj = validBoundSchema();
    obj.spec.versions[0].schema = { openAPIV3Schema: schema('string') };
    obj.spec.versions.push(secondVersion('v2', { schema: { openAPIV3Schema: schema('integer') } }));
    expect(violationsOf('KB035', obj)[0].message).toContain('first difference at properties.spec.properties.description.type');
    obj.spec.versions[1].schema.openAPIV3Schema.properties.spec.properties.description = { type: 'string', description: 'other words' };
    expect(findings('KB035', obj)).toEqual([]);
  });

  test('a description key inside a default value is data and counts', () => {
    const schema = (text: string) => {
      const s = widgetSchema();
      s.properties.spec.default = { description: text };
      return s;
    };
    const obj = validBoundSchema();
    obj.spec.versions[0].schema = { openAPIV3Schema: schema('a') };
    obj.spec.versions.push(secondVersion('v2', { schema: { openAPIV3Schema: schema('b') } }));
    expect(violationsOf('KB035', obj)[0].message).toContain('first difference at properties.spec.default.description');
  });

  test.each(BOTH)('%s: a version neither served nor stored is not compared', (_, fixture) => {
    const obj = fixture();
    const other = widgetSchema();
    other.properties.spec.properties.size.type = 'string';
    obj.spec.versions.push(secondVersion('v1beta1', { served: false, storage: false, schema: { openAPIV3Schema: other } }));
    expect(findings('KB035', obj)).toEqual([]);
  });

  test('a stored version that is not served is compared', () => {
    const obj = validBoundSchema();
    obj.spec.versions[0].storage = false;
    const other = widgetSchema();
    other.properties.spec.properties.size.type = 'string';
    obj.spec.versions.push(secondVersion('v1beta1', { served: false, storage: true, schema: { openAPIV3Schema: other } }));
    expect(findings('KB035', obj)).toEqual([at('KB035', 'spec.versions[1].schema.openAPIV3Schema')]);
  });

  test('the message gives kube-bind\'s reason, not a storage model it does not have', () => {
    const obj = validBoundSchema();
    obj.spec.versions.push(secondVersion('v2', { schema: { type: 'object' } }));
    const [v] = violationsOf('KB035', obj);
    expect(v.hint).toContain('kube-bind cannot convert objects between versions');
    expect(`${v.message} ${v.hint}`).not.toMatch(/keeps one schema/);
  });
});

describe('KB036 schema root', () => {
  test.each(BOTH)('%s: an object root passes', (_, fixture) => {
    expect(findings('KB036', fixture())).toEqual([]);
  });

  test('a string root', () => {
    expect(findings('KB036', boundWithSchema({ type: 'string' }))).toEqual([at('KB036', 'spec.versions[0].schema.openAPIV3Schema.type')]);
  });

  test('an empty BoundSchema schema (raw shape)', () => {
    const obj = validBoundSchema();
    obj.spec.versions[0].schema = {};
    expect(findings('KB036', obj)).toEqual([at('KB036', 'spec.versions[0].schema')]);
  });

  test('a nullable root', () => {
    expect(findings('KB036', boundWithSchema({ type: 'object', nullable: true }))).toEqual([at('KB036', 'spec.versions[0].schema.openAPIV3Schema.nullable')]);
  });

  test('a nullable root with /status is reported once', () => {
    expect(findings('KB036', boundWithSchema({ type: 'object', nullable: true }, { subresources: { status: {} } })))
      .toEqual([at('KB036', 'spec.versions[0].schema.openAPIV3Schema.nullable')]);
  });

  test('/status restricts the root keywords', () => {
    const schema = { type: 'object', maxProperties: 3 };
    expect(findings('KB036', boundWithSchema(schema))).toEqual([]);
    expect(findings('KB036', boundWithSchema(schema, { subresources: { status: {} } })))
      .toEqual([at('KB036', 'spec.versions[0].schema.openAPIV3Schema.maxProperties')]);
  });

  test('metadata may only restrict name and generateName', () => {
    const ok = { type: 'object', properties: { metadata: { type: 'object', properties: { name: { type: 'string', maxLength: 20 } } } } };
    expect(findings('KB036', boundWithSchema(ok))).toEqual([]);
    const bad = { type: 'object', properties: { metadata: { type: 'object', properties: { labels: { type: 'object' } } } } };
    expect(findings('KB036', boundWithSchema(bad))).toEqual([at('KB036', 'spec.versions[0].schema.openAPIV3Schema.properties.metadata.properties.labels')]);
  });

  // The walk's findings are remembered by the schema's JSON text (versions.ts): a schema met again is not walked
  // again, but its findings still sit at the version it is in, and a schema equal only in JSON is walked anew.
  test('a schema met again is reported again, at the version it sits in', () => {
    const bad = { type: 'object', nullable: true };
    expect(findings('KB036', boundWithSchema(bad))).toEqual([at('KB036', 'spec.versions[0].schema.openAPIV3Schema.nullable')]);
    const second = validBoundSchema();
    second.spec.versions.push(secondVersion('v2', { schema: { openAPIV3Schema: { ...bad } } }));
    expect(findings('KB036', second)).toEqual([at('KB036', 'spec.versions[1].schema.openAPIV3Schema.nullable')]);
    expect(findings('KB036', boundWithSchema({ ...bad }))).toEqual([at('KB036', 'spec.versions[0].schema.openAPIV3Schema.nullable')]);
    // JSON has no undefined: the first schema's JSON text is the second's, yet it is another schema (a synth may render it).
    expect(findings('KB037', boundWithSchema({ type: 'object', properties: { a: undefined } })))
      .toEqual([at('KB037', 'spec.versions[0].schema.openAPIV3Schema.properties.a')]);
    expect(findings('KB037', boundWithSchema({ type: 'object', properties: {} }))).toEqual([]);
  });

  test('a v1alpha1 openAPIV3Schema of the wrong type is left to KB003', () => {
    const obj = validExportV1alpha1();
    obj.spec.versions[0].schema.openAPIV3Schema = 'object';
    expect(findings('KB036', obj)).toEqual([]);
    expect(findings('KB003', obj)).toEqual([at('KB003', 'spec.versions[0].schema.openAPIV3Schema')]);
  });
});

describe('KB037 types in the schema', () => {
  const P = 'spec.versions[0].schema.openAPIV3Schema.properties.spec';

  test('preserve-unknown-fields and int-or-string need no type', () => {
    const schema = { type: 'object', properties: { spec: { 'x-kubernetes-preserve-unknown-fields': true }, port: { 'x-kubernetes-int-or-string': true } } };
    expect(findings('KB037', boundWithSchema(schema))).toEqual([]);
  });

  test.each([
    ['a missing type', { properties: { a: { type: 'string' } } }, `${P}.type`],
    ['an unknown type', { type: 'map' }, `${P}.type`],
    ['an array without items', { type: 'array' }, `${P}.items`],
    ['properties and additionalProperties', { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'string' } }, `${P}.additionalProperties`],
  ])('%s', (_, spec, path) => {
    expect(findings('KB037', boundWithSchema({ type: 'object', properties: { spec } }))).toEqual([at('KB037', path)]);
  });

  // Kubernetes has no rule tying properties to type object or items to type array (validateStructuralInvariants,
  // apiextensions-apiserver pkg/apiserver/schema/validation.go, asks only that an array has items).
  test.each([
    ['properties on a string', { type: 'string', properties: { a: { type: 'string' } } }],
    ['items on an object', { type: 'object', items: { type: 'string' } }],
  ])('%s is accepted, as Kubernetes accepts it', (_, spec) => {
    expect(findings('KB037', boundWithSchema({ type: 'object', properties: { spec } }))).toEqual([]);
  });

  // Clean schemas are remembered by their JSON text (walkVersionSchemas), which leaves out undefined values.
  test('a schema remembered clean is not taken for one with the same JSON text: an undefined property is still reported', () => {
    expect(findings('KB037', boundWithSchema({ type: 'object', properties: {} }))).toEqual([]);
    expect(findings('KB037', boundWithSchema({ type: 'object', properties: { spec: undefined } }))).toEqual([at('KB037', P)]);
  });

  test('property names such as __proto__ are walked as data', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"properties":{}},"constructor":{"type":"string"}}}');
    expect(findings('KB037', boundWithSchema(schema))).toEqual([at('KB037', 'spec.versions[0].schema.openAPIV3Schema.properties.__proto__.type')]);
  });
});

describe('KB038 unsupported keywords', () => {
  const P = 'spec.versions[0].schema.openAPIV3Schema';

  test('passes ordinary schemas', () => {
    expect(findings('KB038', validBoundSchema())).toEqual([]);
  });

  test.each([
    ['$ref', { type: 'object', $ref: '#/definitions/x' }, `${P}.$ref`],
    ['definitions', { type: 'object', definitions: { x: { type: 'string' } } }, `${P}.definitions`],
    ['patternProperties', { type: 'object', patternProperties: { '^a': { type: 'string' } } }, `${P}.patternProperties`],
    ['uniqueItems', { type: 'object', properties: { a: { type: 'array', items: { type: 'string' }, uniqueItems: true } } }, `${P}.properties.a.uniqueItems`],
    ['tuple items', { type: 'object', properties: { a: { type: 'array', items: [{ type: 'string' }] } } }, `${P}.properties.a.items`],
    ['type null', { type: 'object', properties: { a: { type: 'null' } } }, `${P}.properties.a.type`],
  ])('%s', (_, schema, path) => {
    expect(findings('KB038', boundWithSchema(schema))).toEqual([at('KB038', path)]);
  });
});

describe('KB039 Kubernetes extensions', () => {
  const P = 'spec.versions[0].schema.openAPIV3Schema.properties.a';
  const items = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };

  test('a type beside x-kubernetes-int-or-string is accepted: no Kubernetes validation refuses it', () => {
    expect(findings('KB039', boundWithSchema({ type: 'object', properties: { a: { 'type': 'string', 'x-kubernetes-int-or-string': true } } }))).toEqual([]);
  });

  test('a well-formed list map passes', () => {
    const a = { 'type': 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'], items };
    expect(findings('KB039', boundWithSchema({ type: 'object', properties: { a } }))).toEqual([]);
  });

  test.each([
    ['preserve-unknown-fields false', { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': false }, `${P}.x-kubernetes-preserve-unknown-fields`],
    ['an unknown list type', { 'type': 'array', 'items': { type: 'string' }, 'x-kubernetes-list-type': 'bag' }, `${P}.x-kubernetes-list-type`],
    ['a map list without keys', { 'type': 'array', items, 'x-kubernetes-list-type': 'map' }, `${P}.x-kubernetes-list-map-keys`],
    ['a map key that is not required', {
      'type': 'array',
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name'],
      'items': { type: 'object', properties: { name: { type: 'string' } } },
    }, `${P}.items.properties.name`],
    ['map-type on an array', { 'type': 'array', 'items': { type: 'string' }, 'x-kubernetes-map-type': 'atomic' }, `${P}.type`],
  ])('%s', (_, a, path) => {
    expect(findings('KB039', boundWithSchema({ type: 'object', properties: { a } }))).toEqual([at('KB039', path)]);
  });
});

describe('KB040 junctors', () => {
  const P = 'spec.versions[0].schema.openAPIV3Schema.properties.a';

  test('value validations in junctors pass, and so does the int-or-string anyOf', () => {
    const a = { type: 'string', anyOf: [{ pattern: '^a' }, { maxLength: 3 }] };
    const port = { 'x-kubernetes-int-or-string': true, 'anyOf': [{ type: 'integer' }, { type: 'string' }] };
    expect(findings('KB040', boundWithSchema({ type: 'object', properties: { a, port } }))).toEqual([]);
  });

  test.each([
    ['a type in allOf', { type: 'string', allOf: [{ type: 'string' }] }, `${P}.allOf[0].type`],
    ['a description in oneOf', { type: 'string', oneOf: [{ description: 'x' }] }, `${P}.oneOf[0].description`],
    ['a default in not', { type: 'string', not: { default: 'x' } }, `${P}.not.default`],
  ])('%s', (_, a, path) => {
    expect(findings('KB040', boundWithSchema({ type: 'object', properties: { a } }))).toEqual([at('KB040', path)]);
  });

  test('metadata may not be restricted inside a root junctor', () => {
    const schema = { type: 'object', anyOf: [{ properties: { metadata: { properties: { name: { maxLength: 3 } } } } }] };
    expect(findings('KB040', boundWithSchema(schema))).toEqual([at('KB040', 'spec.versions[0].schema.openAPIV3Schema.anyOf[0].properties.metadata')]);
  });

  test('findings of a schema shared by several versions are reported once', () => {
    const obj = boundWithSchema({ type: 'object', properties: { a: { type: 'string', allOf: [{ type: 'string' }] } } });
    obj.spec.versions.push({ ...obj.spec.versions[0], name: 'v2', storage: false });
    expect(findings('KB040', obj)).toEqual([at('KB040', `${P}.allOf[0].type`)]);
  });
});

describe('KB041 deprecation notes', () => {
  test('a CustomResourceDefinition: a deprecated version quotes its deprecationWarning; a version not deprecated, nothing', () => {
    const deprecated = crdWithVersion('v1');
    deprecated.spec.versions[0].deprecated = true;
    deprecated.spec.versions[0].deprecationWarning = 'v1 is going away';
    const v = violationsOf('KB041', deprecated);
    expect(v.map(x => [x.path, x.severity, x.message])).toEqual([['spec.versions[0]', 'info', '"v1" is deprecated: clients receive its deprecationWarning "v1 is going away"']]);
    expect(violationsOf('KB041', crdWithVersion('v1'))).toEqual([]);
  });

  test.each(BOTH)('%s: no deprecated version, no note', (_, fixture) => {
    const obj = fixture();
    obj.spec.versions.push(secondVersion());
    expect(findings('KB041', obj)).toEqual([]);
  });

  test.each(BOTH)('%s: a deprecated version without deprecationWarning quotes the server\'s default text', (_, fixture) => {
    const obj = fixture();
    obj.spec.versions[0].deprecated = true;
    obj.spec.versions.push(secondVersion('v2'));
    const v = violationsOf('KB041', obj);
    expect(v.map(x => [x.path, x.severity])).toEqual([['spec.versions[0]', 'info']]);
    expect(v[0].message).toBe('"v1" is deprecated: clients receive the API server\'s default warning '
      + '"example.com/v1 Widget is deprecated; use example.com/v2 Widget"');
    expect(v[0].hint).toContain('set deprecationWarning');
  });

  test('an explicit deprecationWarning is quoted as the object\'s own, at the index of its version', () => {
    const obj = validBoundSchema();
    obj.spec.versions.push(secondVersion('v2', { deprecated: true, deprecationWarning: 'v2 is retired on 2027-01-01; use v3' }));
    obj.spec.versions.push(secondVersion('v3'));
    const v = violationsOf('KB041', obj);
    expect(v.map(x => x.path)).toEqual(['spec.versions[1]']);
    expect(v[0].message).toBe('"v2" is deprecated: clients receive its deprecationWarning "v2 is retired on 2027-01-01; use v3"');
    expect(v[0].hint).toBeUndefined();
  });

  test('a deprecated version that is not served has no clients, so no note; a missing served counts as served', () => {
    const obj = validBoundSchema();
    obj.spec.versions.push(secondVersion('v1beta1', { deprecated: true, served: false }));
    expect(findings('KB041', obj)).toEqual([]);
    delete obj.spec.versions[1].served;
    expect(findings('KB041', obj)).toEqual([at('KB041', 'spec.versions[1]', 'info')]);
  });

  test('several deprecated versions: one note each, in spec.versions order, non-object entries skipped', () => {
    const obj = validExportV1alpha1();
    obj.spec.versions = ['junk', secondVersion('v1alpha1', { deprecated: true }), secondVersion('v1beta1', { deprecated: true }), { ...obj.spec.versions[0] }];
    const v = violationsOf('KB041', obj);
    expect(v.map(x => x.path)).toEqual(['spec.versions[1]', 'spec.versions[2]']);
    expect(v[1].message).toContain('"example.com/v1beta1 Widget is deprecated; use example.com/v1 Widget"');
  });

  test('an empty deprecationWarning is left to KB034 (there is no warning to quote)', () => {
    const obj = validBoundSchema();
    Object.assign(obj.spec.versions[0], { deprecated: true, deprecationWarning: '' });
    expect(findings('KB041', obj)).toEqual([]);
    expect(findings('KB034', obj)).toEqual([at('KB034', 'spec.versions[0].deprecationWarning')]);
  });

  test('notes are information: the object stays valid', () => {
    const obj = validBoundSchema();
    obj.spec.versions[0].deprecated = true;
    expect(runAll(obj).filter(v => v.severity !== 'info')).toEqual([]);
    expect(runAll(obj).map(v => v.rule)).toEqual(['KB041']);
  });

  test('other kinds, other groups and hostile input give nothing and do not throw', () => {
    const v2 = validBoundSchema();
    v2.spec.versions[0].deprecated = true;
    expect(findings('KB041', v2, { group: 'other.example.com' })).toEqual([]);
    for (const spec of [undefined, 'x', { versions: 'x' }, { group: 'g', versions: [null, 1, { name: 7, deprecated: true }] }, JSON.parse('{"__proto__":{"versions":[]}}')]) {
      const obj = validBoundSchema();
      obj.spec = spec;
      expect(() => findings('KB041', obj)).not.toThrow();
      expect(findings('KB041', obj)).toEqual([]);
    }
  });
});

describe('KB042 version names are DNS-1035 labels', () => {
  const longest = 'v1' + 'a'.repeat(60) + '1';

  test('passes a 63-character name that matches the pattern', () => {
    const obj = validBoundSchema();
    obj.spec.versions[0].name = longest;
    expect(longest).toHaveLength(63);
    expect(findings('KB042', obj)).toEqual([]);
  });

  test('fails a 64-character name that matches the pattern', () => {
    for (const obj of [validBoundSchema(), validExportV1alpha1()]) {
      obj.spec.versions[0].name = 'v1' + 'a'.repeat(61) + '1';
      expect(findings('KB042', obj)).toEqual([at('KB042', 'spec.versions[0].name')]);
      expect(violationsOf('KB042', obj)[0].message).toContain('must be no more than 63 characters');
    }
  });

  // IsDNS1035Label: lowercase letters, digits and '-', starting with a letter, ending with a letter or digit.
  test.each(['V1beta1', 'v1_alpha1', '1v', 'v1-', 'v1.0'])('fails %p', name => {
    for (const obj of [validBoundSchema(), validExportV1alpha1(), crdWithVersion(name)]) {
      obj.spec.versions[0].name = name;
      expect(findings('KB042', obj)).toEqual([at('KB042', 'spec.versions[0].name')]);
    }
  });

  test.each(['v1', 'v1beta1', 'v2alpha3', 'version-one'])('passes %p', name => {
    expect(findings('KB042', crdWithVersion(name))).toEqual([]);
  });

  test('suggests the label', () => {
    expect(violationsOf('KB042', crdWithVersion('V1beta1'))[0].message).toBe('"V1beta1" must be a DNS-1035 label (did you mean "v1beta1"?)');
  });
});

describe('KB042 an absent version name', () => {
  test.each([undefined, null])('%p: required on a CRD', value => {
    const obj = crdWithVersion('v1');
    if (value === undefined) delete obj.spec.versions[0].name;
    else obj.spec.versions[0].name = value;
    const v = violationsOf('KB042', obj);
    expect(v.map(x => x.path)).toEqual(['spec.versions[0].name']);
    expect(v[0].message).toMatch(/^is required/);
  });

  test('on kube-bind\'s kinds it is the schema\'s KB002 alone (it ratchets on update)', () => {
    for (const obj of [validBoundSchema(), validExportV1alpha1()]) {
      delete obj.spec.versions[0].name;
      expect(validateObject(obj, CTX).filter(v => v.path === 'spec.versions[0].name').map(v => v.rule)).toEqual(['KB002']);
    }
  });

  test('a name of the wrong JSON type is the decoding\'s finding (KB222), not KB042\'s', () => {
    expect(findings('KB042', crdWithVersion(1 as unknown as string))).toEqual([]);
  });
});

describe('KB045 a CRD\'s version names are unique', () => {
  function withVersions(obj: Manifest, ...names: Array<string | undefined>): Manifest {
    obj.spec.versions = names.map((name, i) => {
      const v = secondVersion(name, { storage: i === 0 });
      if (name === undefined) delete v.name;
      return v;
    });
    return obj;
  }

  test('distinct names pass, a repeated one is reported at each repetition', () => {
    expect(findings('KB045', withVersions(crdWithVersion('v1'), 'v1', 'v2', 'v3'))).toEqual([]);
    const v = violationsOf('KB045', withVersions(crdWithVersion('v1'), 'v1', 'v2', 'v1', 'v1'));
    expect(v.map(x => x.path)).toEqual(['spec.versions[2].name', 'spec.versions[3].name']);
    expect(v[0].message).toBe('"v1" duplicates spec.versions[0]: version names must be unique');
  });

  test('names are compared as Go reads them: two absent names are both ""', () => {
    expect(findings('KB045', withVersions(crdWithVersion('v1'), undefined, undefined))).toEqual([at('KB045', 'spec.versions[1].name')]);
  });

  test('names differing in case are distinct here (KB042 refuses the uppercase one)', () => {
    const obj = withVersions(crdWithVersion('v1'), 'v1', 'V1');
    expect(findings('KB045', obj)).toEqual([]);
    expect(findings('KB042', obj)).toEqual([at('KB042', 'spec.versions[1].name')]);
  });

  test('on kube-bind\'s kinds a repeated name is the schema\'s KB007 (a map list keyed by name, ratcheted on update)', () => {
    const obj = withVersions(validBoundSchema(), 'v1', 'v1');
    expect(validateObject(obj, CTX).filter(v => v.path === 'spec.versions[1].name').map(v => v.rule)).toEqual(['KB007']);
  });
});

function crdWithVersion(name: string): Manifest {
  const obj = validBoundSchema();
  obj.apiVersion = 'apiextensions.k8s.io/v1';
  obj.kind = 'CustomResourceDefinition';
  obj.metadata = { name: `${obj.spec.names.plural}.${obj.spec.group}` };
  obj.spec.versions[0].name = name;
  delete obj.spec.informerScope;
  return obj;
}

describe('KB037 wording: did you mean, and YAML 1.1 booleans', () => {
  test('a misspelt type gets the type it was meant to be, and a hint listing the types', () => {
    const [v] = violationsOf('KB037', boundWithSchema({ type: 'object', properties: { size: { type: 'strin' } } }));
    expect(v.message).toBe('"strin" is not an OpenAPI type (did you mean "string"?)');
    expect(v.hint).toContain('use one of array, boolean, integer, number, object, string');
  });

  test('a boolean default of a string field: YAML read off as a boolean, quote it', () => {
    const [v] = violationsOf('KB037', boundWithSchema({ type: 'object', properties: { mode: { type: 'string', default: false } } }));
    expect(v.message).toContain('false is not valid for its own schema: must be of type string, got boolean');
    expect(v.hint).toBe('YAML 1.1 (as kubectl reads it) read an unquoted off, no or n as the boolean false: quote the word, e.g. "off"');
  });

  test('any other bad default keeps the general hint', () => {
    const [v] = violationsOf('KB037', boundWithSchema({ type: 'object', properties: { size: { type: 'integer', default: 'big' } } }));
    expect(v.hint).toMatch(/^Kubernetes validates every default against the schema/);
  });
});

// structuraldefaulting.ValidateDefaults does not follow additionalProperties: the server checks no default below it.
describe('KB037 defaults below additionalProperties are not checked, as the server does not check them', () => {
  test('a default that does not fit its schema under additionalProperties is accepted', () => {
    const labels = { type: 'object', additionalProperties: { type: 'integer', default: 'big' } };
    expect(findings('KB037', boundWithSchema({ type: 'object', properties: { labels } }))).toEqual([]);
  });

  test('nor deeper below it', () => {
    const byName = { type: 'object', additionalProperties: { type: 'object', properties: { size: { type: 'integer', default: 'big' } } } };
    expect(findings('KB037', boundWithSchema({ type: 'object', properties: { byName } }))).toEqual([]);
  });

  test('the same default under properties is still refused', () => {
    const byName = { type: 'object', properties: { x: { type: 'object', properties: { size: { type: 'integer', default: 'big' } } } } };
    expect(findings('KB037', boundWithSchema({ type: 'object', properties: { byName } })))
      .toEqual([at('KB037', 'spec.versions[0].schema.openAPIV3Schema.properties.byName.properties.x.properties.size.default')]);
  });
});

test('a fieldPath that names no field hides the compile errors of its node\'s rules, as validation.go does, and its hint says so', () => {
  const rules = [{ rule: 'self.sise > 0' }, { rule: 'self.size > 0', fieldPath: '.nope' }];
  const spec = { 'type': 'object', 'properties': { size: { type: 'integer' } }, 'x-kubernetes-validations': rules };
  const obj = boundWithSchema({ type: 'object', properties: { spec } });
  expect(violationsOf('KB043', obj)).toEqual([]);
  const [fieldPath, ...rest] = violationsOf('KB039', obj);
  expect(rest).toEqual([]);
  expect(fieldPath.path).toBe('spec.versions[0].schema.openAPIV3Schema.properties.spec.x-kubernetes-validations[1].fieldPath');
  expect(fieldPath.hint).toContain('a rule here that does not compile shows once this is fixed');
  // Fixed, the rule that does not compile is reported.
  rules[1].fieldPath = '.size';
  expect(violationsOf('KB043', obj).map(v => v.path)).toEqual(['spec.versions[0].schema.openAPIV3Schema.properties.spec.x-kubernetes-validations[0].rule']);
});
