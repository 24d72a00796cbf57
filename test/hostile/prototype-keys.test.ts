/**
 * Keys such as `__proto__`, `constructor` and `$ref` in user-supplied schemas
 * and manifests stay data: they reach the output as own keys, never change a
 * prototype, and never crash the synth, the rules or the CLI.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, App, Chart, JsonPatch, Lazy, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import * as fc from 'fast-check';
import { parseAllDocuments } from 'yaml';
import { ApiServiceExport, ApiServiceExportV1Alpha1, BoundSchema, PermissionClaim, l1 } from '../../src';
import { main } from '../../src/cli/main';
import { contextFor, validateObject, validateObjects } from '../../src/rules';
import { copySchema, renderVersions } from '../../src/values/resource-version';
import { PROTOTYPE_KEYS, allPrototypesStandard, canonicalJson, hostileSchema, prototypeWitness } from '../support/hostile';
import { testApp } from '../util';

fc.configureGlobal({ seed: 4242, numRuns: 60 });

const WITNESS = prototypeWitness();
afterEach(() => expect(prototypeWitness()).toBe(WITNESS));

const NAMES = { kind: 'Widget', plural: 'widgets' };

function schemaOf(manifest: any, version = 0): any {
  return manifest.spec.versions[version].schema.openAPIV3Schema;
}

/**
 * A BoundSchema of this schema: an L1 object whose spec is a Lazy, as cdk8s
 * renders it (no fix), or the BoundSchema construct's own L1 (the fix).
 */
function l1BoundSchema(chart: Chart, schema: any, options: { fix: boolean; versions?: string[]; description?: any } = { fix: true }): ApiObject {
  const versions = (options.versions ?? ['v1']).map(name => ({ name }));
  const printerColumns = options.description ? [{ name: 'A', type: 'string' as any, jsonPath: '.a', description: options.description }] : undefined;
  const id = `r${chart.node.children.length}`;
  if (options.fix) {
    return ApiObject.of(new BoundSchema(chart, id, { group: 'example.com', names: NAMES, schema, versions, printerColumns }));
  }
  const render = () => ({
    group: 'example.com',
    names: { ...NAMES, singular: 'widget', listKind: 'WidgetList' },
    scope: 'Namespaced',
    informerScope: 'Cluster',
    versions: renderVersions(versions, { schema, printerColumns }),
  });
  return new l1.BoundSchema(chart, id, { metadata: { name: 'widgets.example.com' }, spec: Lazy.any({ produce: render }) } as any);
}

/**
 * When this fails, cdk8s renders such keys as data: drop the key renaming in
 * src/constructs/data-keys.ts.
 */
describe('the defect in cdk8s that the fix works around', () => {
  test('without it, __proto__ vanishes, constructor crashes, {constructor, value} is cut down', () => {
    const chart = new Chart(testApp(), 'c');
    const proto = l1BoundSchema(chart, JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}'), { fix: false });
    expect(Object.keys(schemaOf(proto.toJson()).properties)).toEqual([]);
    const ctor = l1BoundSchema(chart, JSON.parse('{"type":"object","properties":{"constructor":{"type":"string"}}}'), { fix: false });
    expect(() => ctor.toJson()).toThrow(/can't render non-simple object of type 'undefined'/);
    const union = l1BoundSchema(chart, { type: 'object', default: { constructor: 'c', value: 'v', other: 1 } }, { fix: false });
    expect(schemaOf(union.toJson()).default).toEqual({ value: 'v' });
  });
});

describe('src/constructs/data-keys: schemas rendered with their own keys', () => {
  test('every hostile key reaches the output as an own key, with standard prototypes everywhere', () => {
    const chart = new Chart(testApp(), 'c');
    const input = hostileSchema();
    l1BoundSchema(chart, input, { fix: true, versions: ['v1', 'v2'] });
    const [out] = Testing.synth(chart);
    for (const v of [0, 1]) {
      expect(canonicalJson(schemaOf(out, v))).toBe(canonicalJson(input));
      expect(Object.prototype.hasOwnProperty.call(schemaOf(out, v).properties.spec.properties, '__proto__')).toBe(true);
      expect(Object.keys(schemaOf(out, v).properties.settings.default)).toEqual([...PROTOTYPE_KEYS].sort());
    }
    expect(allPrototypesStandard(out)).toBe(true);
  });

  test('the YAML written by app.synthYaml() holds the keys, and parses back to the same data', () => {
    const app = testApp();
    const input = hostileSchema();
    l1BoundSchema(new Chart(app, 'c'), input);
    const yaml = app.synthYaml();
    expect(yaml).toMatch(/\n {16}__proto__:\n/);
    const [doc] = parseAllDocuments(yaml, { version: '1.2', schema: 'core' }) as any[];
    const parsed = doc.toJS();
    expect(canonicalJson(schemaOf(parsed))).toBe(canonicalJson(input));
    expect(allPrototypesStandard(parsed)).toBe(true);
  });

  test('a user JSON patch added afterwards applies to the real schema', () => {
    const chart = new Chart(testApp(), 'c');
    const resource = l1BoundSchema(chart, JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}'));
    resource.addJsonPatch(JsonPatch.add('/spec/versions/0/schema/openAPIV3Schema/properties/extra', { type: 'integer' }));
    const props = schemaOf(Testing.synth(chart)[0]).properties;
    expect(Object.keys(props)).toEqual(['__proto__', 'extra']);
  });

  test('tokens outside the schema are still resolved', () => {
    const chart = new Chart(testApp(), 'c');
    l1BoundSchema(chart, { type: 'object' }, { fix: true, description: Lazy.any({ produce: () => 'made late' }) });
    expect(Testing.synth(chart)[0].spec.versions[0].additionalPrinterColumns[0].description).toBe('made late');
  });

  test.each([['sorted keys', undefined], ['CDK8S_DISABLE_SORT', '1']])('ordinary schemas render byte for byte as before (%s)', (_, disableSort) => {
    const saved = process.env.CDK8S_DISABLE_SORT;
    if (disableSort === undefined) delete process.env.CDK8S_DISABLE_SORT;
    else process.env.CDK8S_DISABLE_SORT = disableSort;
    try {
      const key = fc.string({ minLength: 1, maxLength: 8 }).filter(k => !(PROTOTYPE_KEYS as readonly string[]).includes(k));
      const schema = fc.dictionary(key, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }).map(extra => ({ ...extra, type: 'object' }));
      fc.assert(fc.property(schema, s => {
        const chart = new Chart(testApp(), 'c');
        const before = l1BoundSchema(chart, s, { fix: false });
        const after = l1BoundSchema(chart, s, { fix: true });
        expect(JSON.stringify(schemaOf(after.toJson()))).toBe(JSON.stringify(schemaOf(before.toJson())));
      }));
    } finally {
      if (saved === undefined) delete process.env.CDK8S_DISABLE_SORT;
      else process.env.CDK8S_DISABLE_SORT = saved;
    }
  });
});

/**
 * cdk8s' renderer copies keys with plain assignment; the constructs route
 * the keys it mishandles around it (src/constructs/data-keys.ts), so these keys stay data.
 */
describe('through the constructs', () => {
  const constructs: Array<[string, (chart: Chart, schema: any) => void]> = [
    ['BoundSchema', (chart, schema) => new BoundSchema(chart, 'b', { group: 'example.com', names: NAMES, schema, versions: [{ name: 'v1' }] })],
    ['ApiServiceExportV1Alpha1', (chart, schema) => new ApiServiceExportV1Alpha1(chart, 'e', { group: 'example.com', names: NAMES, schema, versions: [{ name: 'v1' }] })],
  ];

  test.each(constructs)('%s: a __proto__ property and a constructor property reach the output as own keys', (_, make) => {
    const chart = new Chart(testApp(), 'c');
    const input = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"}}}');
    make(chart, input);
    const [out] = Testing.synth(chart);
    expect(canonicalJson(schemaOf(out))).toBe(canonicalJson(input));
  });

  test.each(constructs)('%s: the props are never mutated and no prototype changes, whatever the outcome', (_, make) => {
    const chart = new Chart(testApp(), 'c');
    const input = hostileSchema();
    const before = canonicalJson(input);
    make(chart, input);
    try {
      Testing.synth(chart);
    } catch {
      // The known bug above; what matters here is that nothing leaked.
    }
    expect(canonicalJson(input)).toBe(before);
    expect(allPrototypesStandard(input)).toBe(true);
  });

  test.each(constructs)('%s: hostile keys that cdk8s copes with are kept (hasOwnProperty, toString, valueOf)', (_, make) => {
    const chart = new Chart(testApp(), 'c');
    const input = JSON.parse('{"type":"object","properties":{"hasOwnProperty":{"type":"string"},"toString":{"type":"string"},"valueOf":{"type":"string"}}}');
    make(chart, input);
    expect(canonicalJson(schemaOf(Testing.synth(chart)[0]))).toBe(canonicalJson(input));
  });

  test('a $ref in a schema is refused by the rules with its path, not followed', () => {
    const chart = new Chart(testApp(), 'c');
    new BoundSchema(chart, 'b', {
      group: 'example.com',
      names: NAMES,
      versions: [{ name: 'v1' }],
      schema: { type: 'object', properties: { a: { $ref: '#/definitions/x' } } },
    });
    expect(() => Testing.synth(chart)).toThrow(/KB038/);
  });

  test('copySchema keeps __proto__ as an own key and does not share objects with the input', () => {
    const input = hostileSchema();
    const copy = copySchema(input);
    expect(canonicalJson(copy)).toBe(canonicalJson(input));
    expect(copy.properties.spec).not.toBe(input.properties.spec);
    expect(allPrototypesStandard(copy)).toBe(true);
  });

  /**
   * Label keys are user data too: `constructor` is a valid label key, and
   * `__proto__` an invalid one that must still render as data (and then fail
   * KB146: kube-bind cannot parse the selector). Claims keep them in a Map,
   * and the export's spec is rendered around cdk8s' resolver (keepSpecAsData).
   */
  test('label keys named constructor and __proto__ in a permission claim render as own keys', () => {
    const chart = new Chart(testApp(), 'c');
    const e = new ApiServiceExport(chart, 'e', { resources: [{ group: 'example.com', resource: 'widgets' }] });
    const claim = new PermissionClaim({ resource: kplus.ApiResource.SECRETS, matchLabels: { constructor: 'x' } });
    claim.addMatchLabel('__proto__', 'y');
    e.addPermissionClaim(claim);
    expect(() => Testing.synth(chart)).toThrow(/\[KB146\] spec\.permissionClaims\[0\]\.selector\.labelSelector\.matchLabels\.__proto__/);
    const labels = (e.node.defaultChild as ApiObject).toJson().spec.permissionClaims[0].selector.labelSelector.matchLabels;
    expect(Object.keys(labels).sort()).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(labels)).toBe(Object.prototype);
    expect(labels.constructor).toBe('x');
  });
});

describe('through the rules engine and the CLI', () => {
  /** A manifest of each of our kinds with a hostile key at every level. */
  function hostileManifests(): any[] {
    const keys = (value: string) => PROTOTYPE_KEYS.map(k => `${JSON.stringify(k)}:${value}`).join(',');
    const schema = JSON.stringify(hostileSchema());
    return JSON.parse(`[
      {"apiVersion":"kube-bind.io/v1alpha2","kind":"BoundSchema","metadata":{"name":"widgets.example.com","labels":{${keys('"x"')}}},
       "spec":{${keys('{}')},"group":"example.com","names":{"kind":"Widget","plural":"widgets","__proto__":"x"},"scope":"Namespaced",
               "informerScope":"Cluster","versions":[{"name":"v1","served":true,"storage":true,"__proto__":{"a":1},"schema":{"openAPIV3Schema":${schema}}}]}},
      {"apiVersion":"kube-bind.io/v1alpha2","kind":"APIServiceExport","metadata":{"name":"e","__proto__":{"name":"x"}},
       "spec":{"resources":[{"group":"example.com","resource":"widgets","__proto__":[]}],"isolation":"Prefixed","informerScope":"Cluster",
               "permissionClaims":[{"resource":"secrets","selector":{"labelSelector":{"matchLabels":{${keys('"x"')}}}}}]}},
      {"apiVersion":"kube-bind.io/v1alpha1","kind":"APIServiceExport","__proto__":{"kind":"BoundSchema"},"metadata":{"name":"widgets.example.com"},
       "spec":{"group":"example.com","names":{"kind":"Widget","plural":"widgets"},"scope":"Namespaced","informerScope":"Cluster",
               "versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":${schema}}}]}}
    ]`);
  }

  test('validateObject and validateObjects never throw, never report an internal error, never mutate', () => {
    const manifests = hostileManifests();
    const before = canonicalJson(manifests);
    const all = [...manifests.map(m => validateObject(m, contextFor())), ...validateObjects(manifests, contextFor())];
    expect(all.flat().filter(v => /internal error/.test(v.message))).toEqual([]);
    expect(canonicalJson(manifests)).toBe(before);
  });

  test('a __proto__ key in the schema of a valid BoundSchema does not make it invalid', () => {
    const [boundSchema] = JSON.parse(`[{"apiVersion":"kube-bind.io/v1alpha2","kind":"BoundSchema","metadata":{"name":"widgets.example.com"},
      "spec":{"group":"example.com","names":{"kind":"Widget","plural":"widgets"},"scope":"Namespaced","informerScope":"Cluster",
      "versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":
        {"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"integer"}}}}}]}}]`);
    expect(validateObject(boundSchema).filter(v => v.severity === 'error')).toEqual([]);
  });

  test('the CLI reads hostile keys from YAML as data and reports without crashing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-hostile-'));
    try {
      const file = path.join(dir, 'hostile.yaml');
      fs.writeFileSync(file, hostileManifests().map(m => JSON.stringify(m)).join('\n---\n'));
      let out = '';
      let err = '';
      const io = {
        stdout: { write: (s: string) => { out += s; return true; } },
        stderr: { write: (s: string) => { err += s; return true; } },
        stdin: (async function* () { })(),
      };
      const code = await main(['validate', '--output', 'json', file], io as any, { env: {} });
      expect(err).not.toMatch(/internal error|\n\s+at /);
      const report = JSON.parse(out);
      expect(report.map((r: any) => r.kind)).toEqual(['BoundSchema', 'APIServiceExport', 'APIServiceExport']);
      expect([0, 1]).toContain(code);
      expect(allPrototypesStandard(report)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

test('an app synthesizes twice with a hostile schema in a BoundSchema that uses the fix', () => {
  const app = new App({ outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'kb-hostile-app-')) });
  try {
    l1BoundSchema(new Chart(app, 'c'), hostileSchema());
    app.synth();
    const written = fs.readFileSync(path.join(app.outdir, 'c.k8s.yaml'), 'utf8');
    expect(written).toContain('__proto__:');
    expect(written).toBe(app.synthYaml());
  } finally {
    fs.rmSync(app.outdir, { recursive: true, force: true });
  }
});
