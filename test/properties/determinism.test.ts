/**
 * The output depends on what was declared, never on how: the example app
 * synthesizes to the same bytes every time, and props built with keys in
 * another order, or the same claims and resources built through the other
 * API (props or add* methods), synthesize to identical YAML.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import * as fc from 'fast-check';
import { ProviderChart } from '../../examples/provider-chart';
import { ApiServiceExport, BoundSchema, PermissionClaim } from '../../src';
import { ExportProps, buildBoundSchema, buildExport, declaredUnderSpec, exportProps } from '../support/arbitraries';
import { testApp } from '../util';

fc.configureGlobal({ seed: 4242, numRuns: 40 });

process.env.CDK8S_KUBE_BIND_QUIET = '1';

describe('the example app', () => {
  test('two fresh apps synthesize byte-identical YAML, in memory and on disk', () => {
    const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'kb-determinism-')));
    try {
      const outputs = dirs.map(outdir => {
        const app = new App({ outdir });
        new ProviderChart(app, 'mangodb-provider');
        const yaml = app.synthYaml();
        app.synth();
        return { yaml, file: fs.readFileSync(path.join(outdir, 'mangodb-provider.k8s.yaml')) };
      });
      expect(outputs[1].yaml).toBe(outputs[0].yaml);
      expect(outputs[1].file.equals(outputs[0].file)).toBe(true);
      expect(outputs[0].file.toString('utf8')).toBe(outputs[0].yaml);
    } finally {
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('one app synthesized twice gives the same YAML both times', () => {
    const app = testApp();
    new ProviderChart(app, 'mangodb-provider');
    expect(app.synthYaml()).toBe(app.synthYaml());
  });
});

/** A deep copy of the plain objects in `value` with their keys inserted in reverse order; class instances are kept. */
function reverseKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reverseKeys) as unknown as T;
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: { [key: string]: unknown } = {};
  for (const k of Object.keys(value).reverse()) out[k] = reverseKeys((value as any)[k]);
  return out as T;
}

/** The same declarations as `buildExport`, made through the other API: add* methods instead of props, or the reverse. */
function buildExportTheOtherWay(chart: Chart, p: ExportProps): ApiServiceExport {
  const schemas = p.schemas.map((s, i) => buildBoundSchema(chart, `schema${i}`, { ...s, addLater: s.definition.versions.length - 1 - s.addLater }));
  const CLAIMABLE: { [r: string]: kplus.IApiResource } = {
    secrets: kplus.ApiResource.SECRETS, configmaps: kplus.ApiResource.CONFIG_MAPS, serviceaccounts: kplus.ApiResource.SERVICE_ACCOUNTS,
  };
  const claims = p.claims.map((c, ci) => {
    const claim = new PermissionClaim({ resource: CLAIMABLE[c.resource] });
    for (const [k, v] of Object.entries(c.matchLabels)) claim.addMatchLabel(k, v);
    for (const [op, key, values] of c.expressions) {
      claim.addMatchExpression(op === 'in' ? kplus.LabelExpression.in(key, values)
        : op === 'notIn' ? kplus.LabelExpression.notIn(key, values)
          : op === 'exists' ? kplus.LabelExpression.exists(key) : kplus.LabelExpression.doesNotExist(key));
    }
    for (const n of c.named) claim.addName(n.name, n.namespace);
    if (schemas.length > 0) {
      for (const r of c.references) {
        claim.addReference({
          jsonPath: { ...(r.withNamespace ? { namespace: 'metadata.namespace' } : {}), name: `spec.${declaredUnderSpec(p.schemas[r.target % schemas.length], r.nameField)}` },
          resource: schemas[r.target % schemas.length],
        });
      }
    }
    if (c.namedSecret !== undefined && c.resource === 'secrets') {
      claim.addNamedResource(new kplus.Secret(chart, `secret${ci}`, { metadata: { name: c.namedSecret } }));
    }
    return claim;
  });
  const triples = p.triples.map(t => ({ ...(t.versions ? { versions: [...t.versions] } : {}), resource: t.resource, group: t.group }));
  const common = { ...(p.informerScope ? { informerScope: p.informerScope } : {}), ...(p.isolation ? { isolation: p.isolation } : {}) };
  if (p.viaAdd) {
    return triples.length === 0
      ? new ApiServiceExport(chart, 'export', { ...common, schemas, permissionClaims: claims })
      : new ApiServiceExport(chart, 'export', { ...common, schemas, resources: triples, permissionClaims: claims });
  }
  const e = new ApiServiceExport(chart, 'export', common);
  schemas.forEach(s => e.addSchema(s));
  triples.forEach(r => e.addResource(r));
  claims.forEach(c => e.addPermissionClaim(c));
  return e;
}

function yamlOf(build: (chart: Chart) => void): string | Error {
  const app = testApp();
  try {
    build(new Chart(app, 'test'));
    return app.synthYaml();
  } catch (e) {
    return e as Error;
  }
}

test('props with keys in another order synthesize identical YAML', () => {
  fc.assert(fc.property(exportProps, p => {
    const straight = yamlOf(chart => buildExport(chart, p));
    fc.pre(typeof straight === 'string');
    expect(yamlOf(chart => buildExport(chart, reverseKeys(p)))).toBe(straight);
  }));
});

test('the same resources and claims, in the same order, built through the other API, synthesize identical YAML', () => {
  fc.assert(fc.property(exportProps, p => {
    const straight = yamlOf(chart => buildExport(chart, p));
    fc.pre(typeof straight === 'string');
    expect(yamlOf(chart => buildExportTheOtherWay(chart, reverseKeys(p)))).toBe(straight);
  }));
});

test('a schema written with its keys in another order synthesizes identical YAML', () => {
  const schema = { type: 'object', description: 'd', properties: { spec: { type: 'object', required: ['b', 'a'], properties: { b: { type: 'string' }, a: { type: 'integer' } } } } };
  const make = (s: any) => yamlOf(chart => new BoundSchema(chart, 'b', { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, schema: s, versions: [{ name: 'v1' }] }));
  const straight = make(schema);
  expect(typeof straight).toBe('string');
  expect(make(reverseKeys(schema))).toBe(straight);
  // Arrays keep their order: `required` is data, not a set, in the output.
  expect(straight).toMatch(/required:\n\s+- b\n\s+- a\n/);
});
