/**
 * The CRD checker itself: hand-written manifests the server accepts and
 * refuses, each Kubernetes extension it translates, and every CEL rule of our
 * CRDs failing once.
 */
import {
  CEL_SKIPPED, CheckedKindVersion, CrdFailure, celRulesOfOurCrds, checkAgainstCrd, checkAgainstSchema, compileSchema,
  isKubernetesDateTime, isKubernetesUri,
} from './crd-checker';
import { instanceSchema } from '../../src/crds';

function exportV1alpha1(): any {
  return {
    apiVersion: 'kube-bind.io/v1alpha1',
    kind: 'APIServiceExport',
    metadata: { name: 'widgets.example.com', namespace: 'kube-bind' },
    spec: {
      group: 'example.com',
      names: { kind: 'Widget', plural: 'widgets' },
      scope: 'Namespaced',
      informerScope: 'Cluster',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }],
    },
  };
}

function exportV1alpha2(): any {
  return {
    apiVersion: 'kube-bind.io/v1alpha2',
    kind: 'APIServiceExport',
    metadata: { name: 'widgets', namespace: 'kube-bind' },
    spec: {
      resources: [{ group: 'example.com', resource: 'widgets', versions: ['v1'] }],
      isolation: 'Prefixed',
      informerScope: 'Cluster',
      permissionClaims: [{ group: '', resource: 'secrets', selector: { labelSelector: { matchLabels: { app: 'x' } } } }],
    },
    status: { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2025-01-01T00:00:00Z' }] },
  };
}

function boundSchema(): any {
  return {
    apiVersion: 'kube-bind.io/v1alpha2',
    kind: 'BoundSchema',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      names: { kind: 'Widget', plural: 'widgets' },
      scope: 'Namespaced',
      informerScope: 'Cluster',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }],
      conversion: { strategy: 'None' },
    },
  };
}

const VALID: Array<[CheckedKindVersion, () => any]> = [
  ['APIServiceExport/v1alpha1', exportV1alpha1],
  ['APIServiceExport/v1alpha2', exportV1alpha2],
  ['BoundSchema/v1alpha2', boundSchema],
];

/** The paths of the failures, without the note that CEL rules were skipped (tested on its own). */
function paths(failures: CrdFailure[]): string[] {
  return failures.filter(f => f.message !== CEL_SKIPPED).map(f => f.path);
}

describe('the OpenAPI part', () => {
  test.each(VALID)('a valid %s passes', (kv, make) => {
    expect(checkAgainstCrd(make(), kv)).toEqual([]);
  });

  test('unknown fields are pruned by the server, not errors', () => {
    const m = boundSchema();
    m.spec.colour = 'blue';
    m.spec.versions[0].extra = { anything: 1 };
    m.status = { unknown: true };
    expect(checkAgainstCrd(m, 'BoundSchema/v1alpha2')).toEqual([]);
  });

  test('but an unknown field is pruned before the CEL rules see it', () => {
    // A webhook under a misspelt key is dropped, so the CEL rule sees no webhook.
    const m = boundSchema();
    m.spec.conversion = { strategy: 'Webhook', webHook: { clientConfig: { url: 'https://x' } } };
    expect(checkAgainstCrd(m, 'BoundSchema/v1alpha2').map(f => f.source)).toEqual(['cel']);
  });

  test('a wrong type, a missing required field, a bad enum value and a bad pattern are each reported at their path', () => {
    const m = exportV1alpha1();
    m.spec.versions[0].served = 'yes';
    delete m.spec.names.plural;
    m.spec.scope = 'Namespace';
    m.spec.versions[0].name = 'V1';
    const failures = checkAgainstCrd(m, 'APIServiceExport/v1alpha1');
    expect(failures.map(f => f.path).sort()).toEqual(['', 'spec.names.plural', 'spec.scope', 'spec.versions[0].name', 'spec.versions[0].served']);
    // As on the server, the CEL rules do not run on an object of the wrong shape.
    expect(failures.find(f => f.path === '')).toEqual({ source: 'schema', path: '', message: CEL_SKIPPED });
  });

  test('a pattern or format error alone does not stop the CEL rules', () => {
    const m = exportV1alpha1();
    m.spec.versions[0].name = 'V1';
    m.spec.informerScope = 'Namespaced';
    m.spec.scope = 'Cluster';
    m.spec.clusterScopedIsolation = 'None';
    expect(checkAgainstCrd(m, 'APIServiceExport/v1alpha1').map(f => [f.source, f.path])).toEqual([['schema', 'spec.versions[0].name'], ['cel', 'spec']]);
  });

  test('defaults are applied before required is checked (served defaults to true)', () => {
    const m = exportV1alpha1();
    delete m.spec.versions[0].served;
    expect(checkAgainstCrd(m, 'APIServiceExport/v1alpha1')).toEqual([]);
    delete m.spec.versions[0].storage;
    expect(paths(checkAgainstCrd(m, 'APIServiceExport/v1alpha1'))).toEqual(['spec.versions[0].storage']);
  });

  test('a null in a non-nullable field without default is dropped, then required catches it', () => {
    const m = exportV1alpha2();
    m.spec.permissionClaims[0].selector.labelSelector = null;
    expect(checkAgainstCrd(m, 'APIServiceExport/v1alpha2')).toEqual([]);
    m.spec.isolation = null;
    expect(paths(checkAgainstCrd(m, 'APIServiceExport/v1alpha2'))).toEqual(['spec.isolation']);
  });

  test('formats: date-time, byte, int32, uri', () => {
    const m = boundSchema();
    m.status = { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: 'yesterday' }] };
    m.spec.conversion = {
      strategy: 'Webhook',
      webhook: { clientConfig: { url: 'https://conv.example.com/x', caBundle: 'not base64!' }, conversionReviewVersions: ['v1'] },
    };
    m.spec.versions[0].additionalPrinterColumns = [{ name: 'A', type: 'string', jsonPath: '.a', priority: 2 ** 31 }];
    // A create drops .status (the status subresource: PrepareForCreate); a write through /status validates it.
    expect(paths(checkAgainstCrd(m, 'BoundSchema/v1alpha2')).sort()).toEqual([
      'spec.conversion.webhook.clientConfig.caBundle',
      'spec.versions[0].additionalPrinterColumns[0].priority',
    ]);
    expect(paths(checkAgainstSchema(m, compileSchema(instanceSchema('BoundSchema/v1alpha2')))).sort()).toEqual([
      'spec.conversion.webhook.clientConfig.caBundle',
      'spec.versions[0].additionalPrinterColumns[0].priority',
      'status.conditions[0].lastTransitionTime',
    ]);
    m.status.conditions[0].lastTransitionTime = '2025-02-28T10:00:00.5+02:00';
    m.spec.conversion.webhook.clientConfig.caBundle = Buffer.from('pem').toString('base64');
    m.spec.versions[0].additionalPrinterColumns[0].priority = 2 ** 31 - 1;
    expect(checkAgainstCrd(m, 'BoundSchema/v1alpha2')).toEqual([]);
  });

  test('format helpers follow Kubernetes rather than the strictest RFC reading', () => {
    expect(['2025-01-01T00:00:00Z', '2025-01-01T00:00:00.123456789+01:00', '2025-01-01T00:00:00'].every(isKubernetesDateTime)).toBe(true);
    expect(['2025-02-30T00:00:00Z', '2025-01-01', 'now', '2025-01-01T25:00:00Z'].some(isKubernetesDateTime)).toBe(false);
    expect(['https://a.example.com:8443/p', '/path', 'conv.example.com'].every(isKubernetesUri)).toBe(true);
    expect(['https://', 'a b', 'http://[bad'].some(isKubernetesUri)).toBe(false);
  });

  test('x-kubernetes-list-type map: duplicate keys are refused', () => {
    const m = boundSchema();
    m.spec.versions.push({ ...m.spec.versions[0], storage: false });
    expect(checkAgainstCrd(m, 'BoundSchema/v1alpha2')).toEqual([
      { source: 'schema', path: 'spec.versions[1]', message: 'Duplicate value: ["v1"]' },
    ]);
  });

  test('minItems', () => {
    const m = boundSchema();
    m.spec.versions = [];
    expect(paths(checkAgainstCrd(m, 'BoundSchema/v1alpha2'))).toEqual(['spec.versions']);
  });

  test('a manifest that is not an object', () => {
    expect(checkAgainstCrd('text', 'BoundSchema/v1alpha2')).toEqual([{ source: 'schema', path: '', message: 'must be an object' }]);
  });
});

describe('Kubernetes extensions, on a schema of our own', () => {
  const schema = compileSchema({
    type: 'object',
    properties: {
      port: { 'x-kubernetes-int-or-string': true },
      note: { type: 'string', nullable: true },
      tags: { 'type': 'array', 'items': { type: 'string' }, 'x-kubernetes-list-type': 'set' },
      ports: {
        'type': 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['name', 'protocol'],
        'items': { type: 'object', properties: { name: { type: 'string' }, protocol: { type: 'string', default: 'TCP' } } },
      },
      free: { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true, 'properties': { known: { type: 'integer' } } },
      count: { 'type': 'integer', 'x-kubernetes-validations': [{ rule: 'self >= 0', message: 'count must not be negative' }] },
    },
  });

  test('int-or-string accepts both and nothing else', () => {
    expect(checkAgainstSchema({ port: 80 }, schema)).toEqual([]);
    expect(checkAgainstSchema({ port: 'http' }, schema)).toEqual([]);
    expect(paths(checkAgainstSchema({ port: true }, schema))).toEqual(['port']);
  });

  test('nullable keeps null as a value', () => {
    expect(checkAgainstSchema({ note: null }, schema)).toEqual([]);
  });

  test('list-type set: duplicates are refused', () => {
    expect(checkAgainstSchema({ tags: ['a', 'b'] }, schema)).toEqual([]);
    expect(checkAgainstSchema({ tags: ['a', 'a'] }, schema)).toEqual([{ source: 'schema', path: 'tags[1]', message: 'Duplicate value: "a"' }]);
  });

  test('list-type map: composite keys, with defaults applied first', () => {
    expect(checkAgainstSchema({ ports: [{ name: 'a' }, { name: 'a', protocol: 'UDP' }] }, schema)).toEqual([]);
    expect(paths(checkAgainstSchema({ ports: [{ name: 'a' }, { name: 'a', protocol: 'TCP' }] }, schema))).toEqual(['ports[1]']);
  });

  test('preserve-unknown-fields keeps unknown keys but still checks known ones', () => {
    expect(checkAgainstSchema({ free: { anything: [1, { x: 2 }] } }, schema)).toEqual([]);
    expect(paths(checkAgainstSchema({ free: { known: 'x' } }, schema))).toEqual(['free.known']);
  });

  test('CEL sees integers as ints', () => {
    expect(checkAgainstSchema({ count: 3 }, schema)).toEqual([]);
    expect(checkAgainstSchema({ count: -1 }, schema)).toEqual([{ source: 'cel', path: 'count', rule: 'self >= 0', message: 'count must not be negative' }]);
  });

  test('a __proto__ key stays data through pruning, ajv and CEL', () => {
    const hostile = compileSchema(JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string","x-kubernetes-validations":[{"rule":"self != \\"bad\\"","message":"bad"}]}}}',
    ));
    expect(checkAgainstSchema(JSON.parse('{"__proto__":"ok"}'), hostile)).toEqual([]);
    expect(checkAgainstSchema(JSON.parse('{"__proto__":"bad"}'), hostile).map(f => f.message)).toEqual(['bad']);
    expect(paths(checkAgainstSchema(JSON.parse('{"__proto__":1}'), hostile))).toEqual(['__proto__']);
    expect(({} as any).type).toBeUndefined();
  });
});

describe('every CEL rule of our CRDs', () => {
  type Case = { kv: CheckedKindVersion; path: string; rule: string; bad: () => any; old?: () => any };
  const v1alpha1Cluster = () => {
    const m = exportV1alpha1();
    m.spec.scope = 'Cluster';
    m.spec.clusterScopedIsolation = 'Prefixed';
    return m;
  };
  const cases: Case[] = [
    {
      kv: 'APIServiceExport/v1alpha1',
      path: 'spec',
      rule: 'self.scope == "Namespaced" || self.informerScope == "Cluster"',
      bad: () => ({ ...v1alpha1Cluster(), spec: { ...v1alpha1Cluster().spec, informerScope: 'Namespaced' } }),
    },
    {
      kv: 'APIServiceExport/v1alpha1',
      path: 'spec',
      rule: 'self.scope == "Namespaced" || has(self.clusterScopedIsolation)',
      bad: () => ({ ...v1alpha1Cluster(), spec: { ...v1alpha1Cluster().spec, clusterScopedIsolation: undefined } }),
    },
    {
      kv: 'APIServiceExport/v1alpha1',
      path: 'spec',
      rule: 'self.scope == "Cluster" || !has(self.clusterScopedIsolation)',
      bad: () => ({ ...exportV1alpha1(), spec: { ...exportV1alpha1().spec, clusterScopedIsolation: 'None' } }),
    },
    {
      kv: 'APIServiceExport/v1alpha1',
      path: '',
      rule: 'self.metadata.name == self.spec.names.plural+"."+self.spec.group',
      bad: () => ({ ...exportV1alpha1(), metadata: { name: 'widgets' } }),
    },
    {
      kv: 'APIServiceExport/v1alpha1',
      path: 'spec.informerScope',
      rule: 'self == oldSelf',
      bad: () => ({ ...exportV1alpha1(), spec: { ...exportV1alpha1().spec, informerScope: 'Namespaced' } }),
      old: exportV1alpha1,
    },
    ...(['informerScope', 'isolation', 'clusterScopedIsolation', 'resources', 'permissionClaims'] as const).map(field => ({
      kv: 'APIServiceExport/v1alpha2' as const,
      path: `spec.${field}`,
      rule: 'self == oldSelf',
      old: () => ({ ...exportV1alpha2(), spec: { ...exportV1alpha2().spec, clusterScopedIsolation: 'Prefixed' } }),
      bad: () => {
        const m = exportV1alpha2();
        m.spec.clusterScopedIsolation = 'Prefixed';
        m.spec[field] = {
          informerScope: 'Namespaced',
          isolation: 'None',
          clusterScopedIsolation: 'None',
          resources: [{ group: 'example.com', resource: 'gadgets' }],
          permissionClaims: [{ resource: 'configmaps', selector: {} }],
        }[field];
        return m;
      },
    })),
    {
      kv: 'BoundSchema/v1alpha2',
      path: 'spec.conversion',
      rule: "(self.strategy == 'None' && !has(self.webhook))  || (self.strategy == 'Webhook' && has(self.webhook))",
      bad: () => ({ ...boundSchema(), spec: { ...boundSchema().spec, conversion: { strategy: 'Webhook' } } }),
    },
  ];

  test('the table covers every rule our CRDs carry', () => {
    const key = (c: { kv: string; path: string; rule: string }) => `${c.kv} ${c.path} ${c.rule}`;
    expect(cases.map(key).sort()).toEqual(celRulesOfOurCrds().map(key).sort());
  });

  test.each(cases.map(c => [`${c.kv} ${c.path}: ${c.rule}`, c] as const))('%s fails alone', (_, c) => {
    const bad = JSON.parse(JSON.stringify(c.bad()));
    const failures = checkAgainstCrd(bad, c.kv, { oldObject: c.old?.() });
    expect(failures).toEqual([expect.objectContaining({ source: 'cel', path: c.path, rule: c.rule })]);
    // The same object passes when nothing changed (transition rules) or before the mutation.
    if (c.old) expect(checkAgainstCrd(c.old(), c.kv, { oldObject: c.old() })).toEqual([]);
  });

  test('transition rules are skipped without an old object, and compare old and new with one', () => {
    const changed = exportV1alpha2();
    changed.spec.isolation = 'None';
    expect(checkAgainstCrd(changed, 'APIServiceExport/v1alpha2')).toEqual([]);
    expect(checkAgainstCrd(changed, 'APIServiceExport/v1alpha2', { oldObject: exportV1alpha2() }).map(f => f.message)).toEqual(['isolation is immutable']);
  });

  test('a field that is new in the update has no old value, so its transition rule does not run', () => {
    const added = exportV1alpha2();
    added.spec.clusterScopedIsolation = 'None';
    expect(checkAgainstCrd(added, 'APIServiceExport/v1alpha2', { oldObject: exportV1alpha2() })).toEqual([]);
  });

  test('a rule that cannot be evaluated is a failure (a missing field is an error in CEL)', () => {
    const m = exportV1alpha1();
    delete m.metadata.name;
    expect(checkAgainstCrd(m, 'APIServiceExport/v1alpha1')).toEqual([
      expect.objectContaining({ source: 'cel', path: '', message: expect.stringMatching(/^evaluation error: /) }),
    ]);
  });

  test('another API group serves the same schema', () => {
    const m = boundSchema();
    m.apiVersion = 'bind.example.org/v1alpha2';
    expect(checkAgainstCrd(m, 'BoundSchema/v1alpha2', { group: 'bind.example.org' })).toEqual([]);
  });
});
