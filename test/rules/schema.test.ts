import {
  CTX,
  SUITE_RULES,
  TEST_CA_PEM,
  at,
  errorsOf,
  findings,
  runAll,
  validBoundSchema,
  validExportV1alpha1,
  validExportV1alpha2,
  violationsOf,
} from './helpers';
import { KIND_VERSIONS } from '../../src/model/kinds';
import { Manifest } from '../../src/model/manifest';
import { RULES, validateObject } from '../../src/rules';
import { SCHEMA_RULES, schemaViolations, unknownKindVersion } from '../../src/rules/kube-bind/schema';

const VALID_FIXTURES: Array<[string, () => Manifest]> = [
  ['APIServiceExport v1alpha1', validExportV1alpha1],
  ['APIServiceExport v1alpha2', validExportV1alpha2],
  ['BoundSchema v1alpha2', validBoundSchema],
];

describe('valid fixtures', () => {
  test.each(VALID_FIXTURES)('%s has no violations at all', (_, fixture) => {
    expect(runAll(fixture())).toEqual([]);
  });

  test('schema rules cover every kind/version', () => {
    for (const r of SCHEMA_RULES.filter(x => x.id !== 'KB008')) expect(r.appliesTo).toEqual(KIND_VERSIONS);
  });
});

describe('KB001 unknown kind or version of our group', () => {
  test('passes known kinds and objects of other groups', () => {
    expect(unknownKindVersion(validExportV1alpha1(), CTX)).toEqual([]);
    expect(unknownKindVersion({ apiVersion: 'apps/v1', kind: 'Deployment' }, CTX)).toEqual([]);
    expect(unknownKindVersion({ apiVersion: 'example.com/v1', kind: 'APIServiceExport' }, CTX)).toEqual([]);
    expect(findings('KB001', validBoundSchema())).toEqual([]);
  });

  test('an unknown version of a known kind', () => {
    const v = unknownKindVersion({ apiVersion: 'kube-bind.io/v1', kind: 'APIServiceExport' }, CTX);
    expect(v.map(x => [x.rule, x.path, x.severity])).toEqual([['KB001', 'apiVersion', 'error']]);
    expect(v[0].message).toContain('"kube-bind.io/v1"');
    expect(v[0].message).toContain('"kube-bind.io/v1alpha1", "kube-bind.io/v1alpha2"');
  });

  test('a kind served at other versions only', () => {
    const v = unknownKindVersion({ apiVersion: 'kube-bind.io/v1alpha1', kind: 'BoundSchema' }, CTX);
    expect(v.map(x => [x.rule, x.path])).toEqual([['KB001', 'apiVersion']]);
    expect(v[0].message).toContain('(did you mean "kube-bind.io/v1alpha2"?)');
  });

  test('an unknown kind suggests the right spelling', () => {
    const v = unknownKindVersion({ apiVersion: 'kube-bind.io/v1alpha2', kind: 'ApiServiceExport' }, CTX);
    expect(v.map(x => [x.rule, x.path])).toEqual([['KB001', 'kind']]);
    expect(v[0].message).toContain('(did you mean "APIServiceExport"?)');
  });

  test('a missing kind, a missing version', () => {
    expect(unknownKindVersion({ apiVersion: 'kube-bind.io/v1alpha2' }, CTX).map(x => x.path)).toEqual(['kind']);
    expect(unknownKindVersion({ apiVersion: 'kube-bind.io', kind: 'BoundSchema' }, CTX).map(x => x.path)).toEqual(['apiVersion']);
    expect(unknownKindVersion({ apiVersion: 'kube-bind.io/', kind: 'BoundSchema' }, CTX).map(x => x.path)).toEqual(['apiVersion']);
  });

  test('a group one typo away from ours is an error (the cluster has no such kind)', () => {
    const v = unknownKindVersion({ apiVersion: 'kube-bnd.io/v1alpha2', kind: 'BoundSchema' }, CTX);
    expect(v.map(x => [x.rule, x.path, x.severity])).toEqual([['KB001', 'apiVersion', 'error']]);
    expect(v[0].message).toContain('did you mean "kube-bind.io/v1alpha2"');
  });

  test('follows a configured group', () => {
    const ctx = { group: 'bind.example.org' };
    expect(unknownKindVersion({ apiVersion: 'bind.example.org/v9', kind: 'BoundSchema' }, ctx).map(x => x.rule)).toEqual(['KB001']);
    expect(unknownKindVersion({ apiVersion: 'kube-bind.io/v9', kind: 'BoundSchema' }, ctx)).toEqual([]);
  });
});

describe('KB002 required fields', () => {
  test('passes the fixtures', () => {
    expect(findings('KB002', validExportV1alpha1())).toEqual([]);
  });

  test('APIServiceExport requires spec', () => {
    const obj = validExportV1alpha2();
    delete obj.spec;
    expect(findings('KB002', obj)).toEqual([at('KB002', 'spec')]);
  });

  test('a missing required field, with the allowed values as hint', () => {
    const obj = validExportV1alpha1();
    delete obj.spec.informerScope;
    const v = violationsOf('KB002', obj);
    expect(v.map(x => [x.rule, x.path])).toEqual([['KB002', 'spec.informerScope']]);
    expect(v[0].hint).toBe('set it to "Cluster" or "Namespaced"');
  });

  test('a missing template scope: the values both allOf enums allow as hint, not the field\'s description', () => {
    const resources = [{ group: 'example.com', resource: 'widgets', versions: ['v1'] }];
    const template = { apiVersion: 'kube-bind.io/v1alpha2', kind: 'APIServiceExportTemplate', metadata: { name: 't' }, spec: { resources } };
    const v = violationsOf('KB002', template);
    expect(v.map(x => [x.rule, x.path])).toEqual([['KB002', 'spec.scope']]);
    expect(v[0].hint).toBe('set it to "Cluster" or "Namespaced"');
  });

  test('a defaulted field is never missing (served defaults to true on the server)', () => {
    const obj = validBoundSchema();
    delete obj.spec.versions[0].served;
    expect(findings('KB002', obj)).toEqual([]);
  });

  test('v1alpha1 versions need schema.openAPIV3Schema (BoundSchema does not)', () => {
    const obj = validExportV1alpha1();
    obj.spec.versions[0].schema = {};
    expect(findings('KB002', obj)).toEqual([at('KB002', 'spec.versions[0].schema.openAPIV3Schema')]);
    const bound = validBoundSchema();
    bound.spec.versions[0].schema = {};
    expect(findings('KB002', bound)).toEqual([]);
  });

  test('acceptedNames needs kind and plural', () => {
    const obj = validBoundSchema();
    obj.status = { acceptedNames: { singular: 'widget' } };
    expect(findings('KB002', obj)).toEqual([at('KB002', 'status.acceptedNames.kind'), at('KB002', 'status.acceptedNames.plural')]);
  });

  test('conditions need type, status and lastTransitionTime', () => {
    const obj = validExportV1alpha2();
    obj.status = { conditions: [{ reason: 'Foo' }] };
    expect(findings('KB002', obj).map(f => f.path).sort()).toEqual([
      'status.conditions[0].lastTransitionTime',
      'status.conditions[0].status',
      'status.conditions[0].type',
    ]);
  });
});

describe('KB003 types', () => {
  test('passes the fixtures', () => {
    expect(findings('KB003', validBoundSchema())).toEqual([]);
  });

  test('a quoted boolean', () => {
    const obj = validExportV1alpha1();
    obj.spec.versions[0].served = 'true';
    const v = violationsOf('KB003', obj);
    expect(v.map(x => [x.path, x.severity])).toEqual([['spec.versions[0].served', 'error']]);
    expect(v[0].message).toBe('must be a boolean, got string "true"');
    expect(v[0].hint).toBe('write true without quotes');
  });

  test('integers reject 1.5', () => {
    const obj = validExportV1alpha1();
    obj.spec.versions[0].additionalPrinterColumns = [{ name: 'A', type: 'string', jsonPath: '.spec.a', priority: 1.5 }];
    expect(findings('KB003', obj)).toEqual([at('KB003', 'spec.versions[0].additionalPrinterColumns[0].priority')]);
  });

  test('a null required field is pruned by the server, then missing: one finding (KB002), which says why', () => {
    const obj = validBoundSchema();
    obj.spec.scope = null;
    expect(findings('KB003', obj)).toEqual([]);
    expect(findings('KB002', obj)).toEqual([at('KB002', 'spec.scope')]);
    expect(violationsOf('KB002', obj)[0].message).toBe('is required (it is null, which the server drops before it validates)');
  });

  test('a null optional field is only a warning', () => {
    const obj = validBoundSchema();
    obj.spec.names.singular = null;
    expect(findings('KB003', obj)).toEqual([at('KB003', 'spec.names.singular', 'warning')]);
    expect(findings('KB002', obj)).toEqual([]);
  });

  test('a boolean where a string belongs: YAML 1.1 read an unquoted on/yes/y as true; quote it', () => {
    const obj = validBoundSchema();
    obj.spec.names.singular = true;
    const [v] = violationsOf('KB003', obj);
    expect(v.message).toBe('must be a string, got boolean true');
    expect(v.hint).toBe('YAML 1.1 (as kubectl reads it) read an unquoted on, yes or y as the boolean true: quote the word, e.g. "on"');
  });

  test('null inside a list is not pruned: an error', () => {
    const obj = validBoundSchema();
    obj.spec.names.shortNames = [null];
    expect(findings('KB003', obj)).toEqual([at('KB003', 'spec.names.shortNames[0]')]);
  });

  test('a list where a map belongs, and the walk stops there', () => {
    const obj = validExportV1alpha1();
    obj.spec.names = [{ kind: 'Widget' }];
    expect(findings('KB003', obj)).toEqual([at('KB003', 'spec.names')]);
    expect(findings('KB009', obj)).toEqual([]);
  });

  test('metadata must be an object even though its content is left to Kubernetes', () => {
    const obj = validBoundSchema();
    obj.metadata = 'widgets';
    expect(findings('KB003', obj)).toEqual([at('KB003', 'metadata')]);
  });

  test('metadata: null decodes as an empty ObjectMeta: no type finding, only the missing name (KB020)', () => {
    const obj = validBoundSchema();
    obj.metadata = null;
    expect(findings('KB003', obj)).toEqual([]);
    expect(findings('KB020', obj)).toEqual([at('KB020', 'metadata.name')]);
  });
});

describe('KB004 enums', () => {
  test('passes the fixtures', () => {
    expect(findings('KB004', validExportV1alpha1())).toEqual([]);
  });

  test('the spec\'s "Namespace" suggests the server\'s "Namespaced"', () => {
    const obj = validExportV1alpha1();
    obj.spec.informerScope = 'Namespace';
    const v = violationsOf('KB004', obj);
    expect(v.map(x => x.path)).toEqual(['spec.informerScope']);
    expect(v[0].message).toBe('"Namespace" must be one of "Cluster", "Namespaced" (did you mean "Namespaced"?)');
    expect(v[0].hint).toBe('use "Namespaced"');
  });

  test('BoundSchema\'s doubled allOf enum is reported once', () => {
    const obj = validBoundSchema();
    obj.spec.informerScope = 'cluster';
    const v = violationsOf('KB004', obj);
    expect(v.map(x => x.path)).toEqual(['spec.informerScope']);
    expect(v[0].message).toContain('(did you mean "Cluster"?)');
    expect(v[0].hint).toBe('use "Cluster": values are case-sensitive');
  });

  test('conversion strategy', () => {
    const obj = validBoundSchema();
    obj.spec.conversion = { strategy: 'webhook' };
    expect(findings('KB004', obj)).toEqual([at('KB004', 'spec.conversion.strategy')]);
  });
});

describe('KB005 patterns and lengths', () => {
  test('passes the fixtures', () => {
    expect(findings('KB005', validBoundSchema())).toEqual([]);
  });

  test('a version name suggests its lowercase form', () => {
    const obj = validExportV1alpha1();
    obj.spec.versions[0].name = 'V2';
    const v = violationsOf('KB005', obj);
    expect(v.map(x => x.path)).toEqual(['spec.versions[0].name']);
    expect(v[0].message).toBe('"V2" must match ^v[1-9][0-9]*([a-z]+[1-9][0-9]*)?$ (did you mean "v2"?)');
  });

  test('an empty version name', () => {
    const obj = validBoundSchema();
    obj.spec.versions[0].name = '';
    const v = violationsOf('KB005', obj);
    expect(v.map(x => x.path)).toEqual(['spec.versions[0].name']);
    expect(v[0].message).toBe('must not be empty');
  });
});

describe('KB006 formats', () => {
  const withCondition = (lastTransitionTime: unknown): Manifest => {
    const obj = validExportV1alpha1();
    obj.status = { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime }] };
    return obj;
  };

  test('RFC 3339 timestamps pass', () => {
    expect(findings('KB006', withCondition('2024-02-29T23:59:59Z'))).toEqual([]);
    expect(findings('KB006', withCondition('2024-05-01T12:00:00.123+02:00'))).toEqual([]);
  });

  test.each(['yesterday', '2024-05-01', '2024-05-01 12:00:00Z', '2023-02-29T00:00:00Z', '2024-05-01t12:00:00z', '2024-05-01T24:00:00Z'])(
    'lastTransitionTime %s is not RFC 3339', value => {
      expect(findings('KB006', withCondition(value))).toEqual([at('KB006', 'status.conditions[0].lastTransitionTime')]);
    });

  test('raw PEM in caBundle: the hint says to base64-encode it', () => {
    const obj = validBoundSchema();
    obj.spec.conversion = {
      strategy: 'Webhook',
      webhook: { clientConfig: { url: 'https://convert.example.com', caBundle: TEST_CA_PEM }, conversionReviewVersions: ['v1'] },
    };
    const v = violationsOf('KB006', obj);
    expect(v.map(x => x.path)).toEqual(['spec.conversion.webhook.clientConfig.caBundle']);
    expect(v[0].hint).toContain('base64-encode');
    // The conversion rule does not report the same field again.
    expect(errorsOf(runAll(obj)).map(x => x.rule)).toEqual(['KB006']);
  });

  test('int32 range', () => {
    const obj = validBoundSchema();
    obj.spec.versions[0].additionalPrinterColumns = [{ name: 'A', type: 'string', jsonPath: '.spec.a', priority: 2 ** 31 }];
    expect(findings('KB006', obj)).toEqual([at('KB006', 'spec.versions[0].additionalPrinterColumns[0].priority')]);
    // kube-openapi's numberValidator checks the value against the format's range (IsValueValidAgainstRange).
    expect(violationsOf('KB006', obj)[0].hint).toContain('refuses a value beyond int32');
  });

  test('a date-time the server takes but metav1.Time does not: the hint says who cannot read it', () => {
    expect(violationsOf('KB006', withCondition('2024-05-01t12:00:00z'))[0].hint).toContain('the API server stores this one');
    expect(violationsOf('KB006', withCondition('yesterday'))[0].hint).not.toContain('stores');
  });

  test.each([
    ['https://convert.example.com/convert', []],
    ['/convert', []],
    ['convert.example.com', ['KB006']],
    ['https://convert example.com/convert', ['KB006']],
  ])('the conversion webhook url %s against format: uri (url.ParseRequestURI)', (url, rules) => {
    const obj = validBoundSchema();
    obj.spec.conversion = { strategy: 'Webhook', webhook: { clientConfig: { url }, conversionReviewVersions: ['v1'] } };
    expect(violationsOf('KB006', obj).map(v => v.rule)).toEqual(rules);
  });
});

describe('KB007 list sizes and keys', () => {
  test('passes the fixtures', () => {
    expect(findings('KB007', validExportV1alpha1())).toEqual([]);
  });

  test('at least one version', () => {
    const obj = validBoundSchema();
    obj.spec.versions = [];
    expect(findings('KB007', obj)).toEqual([at('KB007', 'spec.versions')]);
  });

  test('version names are unique', () => {
    const obj = validExportV1alpha1();
    obj.spec.versions.push({ ...obj.spec.versions[0], storage: false });
    const v = violationsOf('KB007', obj);
    expect(v.map(x => x.path)).toEqual(['spec.versions[1].name']);
    expect(v[0].message).toContain('"v1" duplicates spec.versions[0]');
  });

  test('printer column names are unique', () => {
    const obj = validExportV1alpha1();
    obj.spec.versions[0].additionalPrinterColumns = [
      { name: 'Size', type: 'integer', jsonPath: '.spec.size' },
      { name: 'Size', type: 'integer', jsonPath: '.spec.replicas' },
    ];
    expect(findings('KB007', obj)).toEqual([at('KB007', 'spec.versions[0].additionalPrinterColumns[1].name')]);
  });

  test('v1alpha2 needs at least one resource', () => {
    const obj = validExportV1alpha2();
    obj.spec.resources = [];
    // The checker finds it, but KB120 says it better and declares it supersedes it: the runner reports KB120 alone.
    expect(findings('KB007', obj)).toEqual([at('KB007', 'spec.resources')]);
    expect(validateObject(obj).filter(v => v.path === 'spec.resources').map(v => v.rule)).toEqual(['KB120']);
  });
});

describe('KB008 BoundSchema has a spec', () => {
  test('passes with a spec', () => {
    expect(findings('KB008', validBoundSchema())).toEqual([]);
  });

  test('warns without one: the spec and the CRD make it optional, but nothing is bound', () => {
    const obj = validBoundSchema();
    delete obj.spec;
    expect(findings('KB008', obj)).toEqual([at('KB008', 'spec', 'warning')]);
    expect(findings('KB002', obj)).toEqual([]);
  });
});

describe('KB009 unknown fields', () => {
  test('passes the fixtures, and leaves preserved subtrees and metadata alone', () => {
    const obj = validBoundSchema();
    obj.metadata.labels = { app: 'x' };
    obj.spec.versions[0].schema.openAPIV3Schema['x-anything'] = { deep: [1, 2] };
    expect(findings('KB009', obj)).toEqual([]);
  });

  test('a misspelt field is a warning with a suggestion', () => {
    const obj = validExportV1alpha1();
    obj.spec.informerscope = 'Cluster';
    const v = violationsOf('KB009', obj);
    expect(v.map(x => [x.path, x.severity])).toEqual([['spec.informerscope', 'warning']]);
    expect(v[0].message).toContain('(did you mean "informerScope"?)');
  });

  test('fields of v1alpha1 are unknown in v1alpha2', () => {
    const obj = validExportV1alpha2();
    obj.status = { storedVersions: ['v1'] };
    expect(findings('KB009', obj)).toEqual([at('KB009', 'status.storedVersions', 'warning')]);
  });

  test('an empty-object schema prunes everything (subresources.status)', () => {
    const obj = validBoundSchema();
    obj.spec.versions[0].subresources = { status: { enabled: true } };
    expect(findings('KB009', obj)).toEqual([at('KB009', 'spec.versions[0].subresources.status.enabled', 'warning')]);
  });
});

describe('the checker is generic', () => {
  const schema = {
    type: 'object',
    required: ['id'],
    properties: {
      'id': { type: 'string', maxLength: 3 },
      'count': { type: 'number', minimum: 1, maximum: 10 },
      'labels': { type: 'object', additionalProperties: { type: 'string' } },
      'tags': { 'type': 'array', 'items': { type: 'string' }, 'x-kubernetes-list-type': 'set', 'maxItems': 3 },
      'port': { 'x-kubernetes-int-or-string': true },
      'either': { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      'exactly': { oneOf: [{ type: 'integer', minimum: 0 }, { type: 'integer', maximum: 10 }] },
      'notEmpty': { type: 'string', not: { enum: [''] } },
      'maybe': { type: 'string', nullable: true },
      'stamp': { type: 'string', format: 'date-time' },
      'blob': { type: 'string', format: 'byte' },
      'free': { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true },
      'a.b/c': { type: 'boolean' },
    },
  };

  test('a conforming value passes', () => {
    expect(schemaViolations({
      'id': 'abc',
      'count': 2.5,
      'labels': { x: 'y' },
      'tags': ['a', 'b'],
      'port': 'http',
      'either': 3,
      'exactly': 20,
      'notEmpty': 'x',
      'maybe': null,
      'stamp': '2024-01-01T00:00:00Z',
      'blob': 'aGk=',
      'free': { any: [1] },
      'a.b/c': true,
    }, schema, 'x')).toEqual([]);
  });

  test('every constraint is reported, all at once', () => {
    const v = schemaViolations({
      'count': 11,
      'labels': { x: 1 },
      'tags': ['a', 'a', 'b', 'c'],
      'port': 1.5,
      'either': true,
      'exactly': 5,
      'notEmpty': '',
      'stamp': 'now',
      'blob': 'not base64!',
      'a.b/c': 'yes',
      'extra': 1,
    }, schema, 'x');
    expect(v.map(x => [x.rule, x.path]).sort()).toEqual([
      ['KB002', 'x.id'],
      ['KB003', 'x.either'],
      ['KB003', 'x.exactly'],
      ['KB003', 'x.notEmpty'],
      ['KB003', 'x.port'],
      ['KB003', 'x[a.b/c]'],
      ['KB003', 'x.labels.x'],
      ['KB005', 'x.count'],
      ['KB006', 'x.blob'],
      ['KB006', 'x.stamp'],
      ['KB007', 'x.tags'],
      ['KB007', 'x.tags[1]'],
      ['KB009', 'x.extra'],
    ].sort());
  });

  test('a null field with a default is dropped by the server, not an error', () => {
    expect(schemaViolations({ a: null }, { type: 'object', properties: { a: { type: 'string', default: 'z' } } }, 'x')).toEqual([]);
  });

  test('hostile keys stay data', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1, "id": "a"}');
    const v = schemaViolations(value, schema, 'x');
    expect(v.map(x => [x.rule, x.path])).toEqual([['KB009', 'x.__proto__'], ['KB009', 'x.constructor']]);
    expect(({} as any).polluted).toBeUndefined();
  });
});

describe('all rules together', () => {
  test('a manifest with many problems gets all of them reported at once', () => {
    const obj = validExportV1alpha1();
    obj.metadata.name = 'widget';
    obj.spec.group = 'Example';
    obj.spec.names = { kind: 'Widget', listKind: 'Widget', plural: 'Widgets', shortNames: ['W'] };
    obj.spec.scope = 'Cluster';
    obj.spec.informerScope = 'Namespaced';
    obj.spec.versions = [
      { name: 'V1', served: 'yes', storage: true, deprecationWarning: 'old', schema: { openAPIV3Schema: { type: 'string' } } },
      {
        name: 'v2',
        storage: true,
        schema: { openAPIV3Schema: { type: 'object' } },
        additionalPrinterColumns: [{ name: '', type: 'datetime', jsonPath: 'spec.size', format: 'name', priority: -1 }],
        subresources: { scale: { specReplicasPath: '.status.replicas', statusReplicasPath: 'status.replicas' } },
      },
    ];
    obj.status = {
      conditions: [{ type: 'ready', status: 'true', severity: 'Error', reason: '', lastTransitionTime: 'now' }],
      storedVersions: ['v0'],
    };
    const got = runAll(obj).map(v => `${v.rule} ${v.path}`);
    expect(got.sort()).toEqual([
      'KB003 spec.versions[0].served',
      'KB005 spec.versions[0].name',
      'KB006 status.conditions[0].lastTransitionTime',
      'KB010 spec.group',
      'KB011 spec.names.plural',
      'KB015 spec.names.listKind',
      'KB016 spec.names.shortNames[0]',
      'KB018 metadata.name',
      'KB030 spec.versions[1].storage',
      'KB031 spec.versions[1].served',
      'KB033 spec.versions[0].deprecationWarning',
      'KB035 spec.versions[1].schema.openAPIV3Schema',
      'KB036 spec.versions[0].schema.openAPIV3Schema.type',
      'KB042 spec.versions[0].name',
      'KB050 spec.versions[1].additionalPrinterColumns[0].name',
      'KB051 spec.versions[1].additionalPrinterColumns[0].type',
      'KB052 spec.versions[1].additionalPrinterColumns[0].format',
      'KB053 spec.versions[1].additionalPrinterColumns[0].jsonPath',
      'KB054 spec.versions[1].additionalPrinterColumns[0].priority',
      'KB060 spec.versions[1].subresources.scale.specReplicasPath',
      'KB061 spec.versions[1].subresources.scale.statusReplicasPath',
      'KB070 spec.informerScope',
      'KB071 spec.clusterScopedIsolation',
      'KB100 status.conditions[0].type',
      'KB101 status.conditions[0].status',
      'KB104 status.conditions[0].reason',
      'KB106 status.storedVersions[0]',
    ].sort());
  });
});

describe('robustness', () => {
  const JUNK: unknown[] = [
    null, undefined, 0, -1, 1.5, NaN, Infinity, '', 'x', '__proto__', true, false, [], [null], [[]], {}, { a: 1 },
    JSON.parse('{"__proto__": {"x": 1}}'), JSON.parse('{"constructor": {"prototype": {"x": 1}}}'), [{ __proto__: [] }],
  ];

  /** The junk put in every single field (a shorter list: there are many fields). */
  const FIELD_JUNK: unknown[] = [null, -1, 1.5, NaN, 'x', true, [], [null], {}, JSON.parse('{"__proto__": {"x": 1}}'), [{ a: [] }]];

  /** Every path of `obj` down to depth 4, as key lists. */
  function paths(obj: unknown, prefix: string[] = [], depth = 0): string[][] {
    if (depth > 4 || typeof obj !== 'object' || obj === null) return [];
    const out: string[][] = [];
    for (const key of Object.keys(obj)) {
      out.push([...prefix, key]);
      out.push(...paths((obj as any)[key], [...prefix, key], depth + 1));
    }
    return out;
  }

  function replaced(obj: Manifest, path: string[], value: unknown): Manifest {
    const copy = JSON.parse(JSON.stringify(obj));
    let node = copy;
    for (const key of path.slice(0, -1)) node = node[key];
    Object.defineProperty(node, path[path.length - 1], { value, enumerable: true, writable: true, configurable: true });
    return copy;
  }

  function richBoundSchema(): Manifest {
    const obj = validBoundSchema();
    obj.spec.versions.push({
      name: 'v2',
      served: true,
      storage: false,
      deprecated: true,
      deprecationWarning: 'x',
      schema: { type: 'object' },
      additionalPrinterColumns: [{ name: 'A', type: 'string', jsonPath: '.spec.a', format: 'byte', priority: 1 }],
      subresources: { status: {}, scale: { specReplicasPath: '.spec.r', statusReplicasPath: '.status.r', labelSelectorPath: '.status.s' } },
    });
    obj.spec.names.shortNames = ['wd'];
    obj.spec.names.categories = ['all'];
    obj.spec.conversion = { strategy: 'Webhook', webhook: { clientConfig: { url: 'https://x.example.com', caBundle: 'aGk=' }, conversionReviewVersions: ['v1'] } };
    obj.status = {
      acceptedNames: { kind: 'Widget', plural: 'widgets' },
      conditions: [{ type: 'Ready', status: 'False', severity: 'Error', reason: 'Bad', lastTransitionTime: '2024-01-01T00:00:00Z' }],
      storedVersions: ['v1'],
      instantiations: 3,
    };
    return obj;
  }

  const bases: Array<[string, () => Manifest]> = [...VALID_FIXTURES, ['rich BoundSchema', richBoundSchema]];

  test.each(bases)('junk in every field of %s never throws', (_, fixture) => {
    const base = fixture();
    let runs = 0;
    const thrown: string[] = [];
    for (const path of paths(base)) {
      for (const junk of FIELD_JUNK) {
        const obj = replaced(base, path, junk);
        for (const r of SUITE_RULES) {
          try {
            r.check(obj, CTX);
          } catch (e) {
            thrown.push(`${r.id} with ${path.join('.')} = ${String(junk)}: ${e}`);
          }
          runs++;
        }
      }
    }
    expect(thrown).toEqual([]);
    expect(runs).toBeGreaterThan(1000);
  });

  test.each(JUNK.map(j => [j]))('a whole object of junk %p never throws', junk => {
    for (const r of SUITE_RULES) {
      expect(() => r.check(junk as Manifest, CTX)).not.toThrow();
      expect(() => r.check({ apiVersion: 'kube-bind.io/v1alpha2', kind: 'BoundSchema', spec: junk, status: junk } as Manifest, CTX)).not.toThrow();
      expect(() => r.check({ apiVersion: 'kube-bind.io/v1alpha1', kind: 'APIServiceExport', spec: { versions: [junk, { schema: junk }] } }, CTX)).not.toThrow();
    }
    expect(() => unknownKindVersion(junk as Manifest, CTX)).not.toThrow();
  });

  test('deeply nested input does not exhaust the stack', () => {
    let deep: any = { type: 'object' };
    for (let i = 0; i < 5000; i++) deep = { type: 'object', properties: { a: deep } };
    const obj = validBoundSchema();
    obj.spec.versions[0].schema = { openAPIV3Schema: deep };
    expect(() => runAll(obj)).not.toThrow();
  });

  test('no prototype is polluted', () => {
    const obj = JSON.parse(JSON.stringify(validBoundSchema()));
    obj.spec.versions[0].schema.openAPIV3Schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"object","polluted":true},"constructor":{"type":"string"}}}');
    obj.spec.names = JSON.parse('{"kind":"Widget","plural":"widgets","__proto__":{"polluted":true}}');
    runAll(obj);
    expect(({} as any).polluted).toBeUndefined();
    expect((Object.prototype as any).polluted).toBeUndefined();
  });
});

describe('through the registry (validateObject)', () => {
  test.each(VALID_FIXTURES)('%s has no errors', (_, fixture) => {
    expect(errorsOf(validateObject(fixture()))).toEqual([]);
  });

  test('the registry reports this suite\'s findings', () => {
    const obj = validBoundSchema();
    obj.spec.informerScope = 'Namespace';
    obj.spec.versions[0].storage = false;
    obj.spec.names.plural = 'Widgets';
    const rules = validateObject(obj).map(v => v.rule);
    expect(rules).toEqual(expect.arrayContaining(['KB004', 'KB011', 'KB030']));
  });

  test('every rule of this suite is registered', () => {
    expect(RULES.map(r => r.id)).toEqual(expect.arrayContaining(SUITE_RULES.map(r => r.id)));
  });
});
