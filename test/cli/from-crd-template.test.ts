/**
 * `from-crd --template NAME`: today's flow for existing CRDs (the CRDs with
 * the export label, one template per scope), checked like validate checks it.
 */
import * as fs from 'fs';
import { parse } from 'yaml';
import { fixture, removeTempDirs, runCli, tempDir, writeFile } from './cli-helpers';
import { parseFile } from '../../src/io/parse';
import { DEFAULT_LIMITS } from '../../src/io/read';

afterAll(removeTempDirs);

const GADGETS = fixture('crds', 'gadgets.yaml');
const TOWNS = fixture('crds', 'towns.yaml');

function manifests(yaml: string): any[] {
  const parsed = parseFile('out.yaml', yaml, DEFAULT_LIMITS);
  expect(parsed.diagnostics).toEqual([]);
  return parsed.objects.map(o => o.manifest);
}

describe('from-crd --template', () => {
  test('one scope: the labelled CRD, unchanged otherwise, then one template with the served versions; validate accepts it', async () => {
    const r = await runCli(['from-crd', '--template', 'shop', GADGETS]);
    expect(r.code).toBe(0);
    const out = manifests(r.out);
    expect(out.map(o => `${o.kind}/${o.metadata.name}`)).toEqual(['CustomResourceDefinition/gadgets.shop.example.com', 'APIServiceExportTemplate/shop']);
    const original = parse(fs.readFileSync(GADGETS, 'utf8'));
    const { labels, ...metadata } = out[0].metadata;
    expect(labels).toEqual({ ...(original.metadata.labels ?? {}), 'kube-bind.io/exported': 'true' });
    expect({ ...out[0], metadata }).toEqual(original);
    expect(out[1]).toEqual({
      apiVersion: 'kube-bind.io/v1alpha2',
      kind: 'APIServiceExportTemplate',
      metadata: { name: 'shop' },
      spec: { scope: 'Namespaced', resources: [{ group: 'shop.example.com', resource: 'gadgets', versions: ['v1beta1', 'v1'] }] },
    });
    const check = await runCli(['validate', '-'], { stdin: r.out });
    expect(check.out).toMatch(/2 objects checked: 2 valid, 0 invalid; 0 skipped; 0 errors, 0 warnings/);
    expect(check.code).toBe(0);
  });

  test('the CRD is printed with its metadata, so no note says its labels or annotations are not carried', async () => {
    const r = await runCli(['from-crd', '--template', 'shop', GADGETS]);
    expect(r.code).toBe(0);
    expect(r.err).not.toContain('not carried');
    // Without --template, a BoundSchema carries the name only, and the note says so.
    expect((await runCli(['from-crd', GADGETS])).err).toContain('metadata.annotations is not carried into the BoundSchema');
  });

  test('a CRD of a protected group (Gateway API) is refused: kube-bind can never bind it', async () => {
    const gateway = [
      'apiVersion: apiextensions.k8s.io/v1', 'kind: CustomResourceDefinition', 'metadata:', '  name: gateways.gateway.networking.k8s.io',
      '  annotations:', '    api-approved.kubernetes.io: https://github.com/kubernetes-sigs/gateway-api/pull/2997', 'spec:',
      '  group: gateway.networking.k8s.io', '  names: {kind: Gateway, plural: gateways}', '  scope: Namespaced', '  versions:',
      '    - name: v1', '      served: true', '      storage: true', '      schema: {openAPIV3Schema: {type: object}}', '',
    ].join('\n');
    const file = writeFile(tempDir(), 'gateway.yaml', gateway);
    for (const args of [['from-crd', file], ['from-crd', '--template', 'gw', file]]) {
      const r = await runCli(args);
      expect(r.code).toBe(1);
      expect(r.err).toContain('"gateway.networking.k8s.io" is a protected Kubernetes group');
    }
    // The one mistake is told once with --template: on the CRD it prints (KB220), not again through its BoundSchema (KB185).
    const template = await runCli(['from-crd', '--template', 'gw', file]);
    expect(template.err.match(/error KB\d+ \S+ \(CustomResourceDefinition apiextensions\.k8s\.io\/v1\) spec\.group:/g)).toEqual([
      'error KB220 gateways.gateway.networking.k8s.io (CustomResourceDefinition apiextensions.k8s.io/v1) spec.group:',
    ]);
    // Labelled for export, the CRD itself is an error in validate, approved or not (KB220).
    const labelled = gateway.replace('  annotations:', '  labels: {kube-bind.io/exported: "true"}\n  annotations:');
    const v = await runCli(['validate', '-'], { stdin: labelled });
    expect(v.code).toBe(1);
    expect(v.out).toContain('error KB220');
  });

  test('what it prints, validate accepts: a CRD whose labelled form validate refuses (KB220) is withheld, whatever --versions leaves out', async () => {
    const dir = tempDir();
    // Versions whose schemas differ: kube-bind's backend makes its BoundSchema of every version of a labelled CRD
    // (CRDToBoundSchema), so the template's versions do not make the CRD one kube-bind can carry.
    const twoSchemas = JSON.parse(JSON.stringify(parse(fs.readFileSync(GADGETS, 'utf8'))));
    twoSchemas.spec.versions[0].schema.openAPIV3Schema.properties.extra = { type: 'string' };
    const file = writeFile(dir, 'two-schemas.yaml', JSON.stringify(twoSchemas));
    const r = await runCli(['from-crd', '--template', 'shop', '--versions', 'v1', file]);
    expect({ code: r.code, out: r.out }).toEqual({ code: 1, out: '' });
    expect(r.err).toMatch(/error KB220 gadgets\.shop\.example\.com \(CustomResourceDefinition apiextensions\.k8s\.io\/v1\) spec\.versions\[\d\]/);
    // Labelled as from-crd would have printed it, validate says the same.
    twoSchemas.metadata.labels = { ...(twoSchemas.metadata.labels ?? {}), 'kube-bind.io/exported': 'true' };
    const v = await runCli(['validate', '-'], { stdin: JSON.stringify(twoSchemas) });
    expect(v.code).toBe(1);
    expect(v.out).toContain('error KB220');
  });

  test('selectableFields, which kube-bind leaves out of the BoundSchema it makes, are printed with a warning, and validate warns the same (KB236)', async () => {
    const dir = tempDir();
    const selectable = JSON.parse(JSON.stringify(parse(fs.readFileSync(GADGETS, 'utf8'))));
    for (const v of selectable.spec.versions) v.selectableFields = [{ jsonPath: '.spec.size' }];
    const r = await runCli(['from-crd', '--template', 'shop', writeFile(dir, 'selectable.yaml', JSON.stringify(selectable))]);
    expect(r.code).toBe(0);
    const labelled = manifests(r.out).find(o => o.kind === 'CustomResourceDefinition');
    expect(labelled.spec.versions.map((v: any) => v.selectableFields)).toEqual(selectable.spec.versions.map((v: any) => v.selectableFields));
    expect(r.err).toMatch(/warning KB236 gadgets\.shop\.example\.com \(CustomResourceDefinition apiextensions\.k8s\.io\/v1\) spec\.versions\[0\]\.selectableFields/);
    const v = await runCli(['validate', '-'], { stdin: r.out });
    expect(v.code).toBe(0);
    expect(v.out).toContain('warning KB236');
    expect(v.out).not.toMatch(/ error KB/);
  });

  test('both scopes: one template per scope, with a note', async () => {
    const r = await runCli(['from-crd', '--template', 'all', GADGETS, TOWNS]);
    expect(r.code).toBe(0);
    const templates = manifests(r.out).filter(o => o.kind === 'APIServiceExportTemplate');
    expect(templates.map(t => [t.metadata.name, t.spec.scope, t.spec.resources.map((x: any) => x.resource)]))
      .toEqual([['all-namespaced', 'Namespaced', ['gadgets']], ['all-cluster', 'Cluster', ['towns']]]);
    expect(r.err).toContain('--template "all" writes "all-namespaced" and "all-cluster"');
  });

  test('without --template the output is BoundSchemas, as before', async () => {
    const r = await runCli(['from-crd', GADGETS]);
    expect(manifests(r.out).map(o => o.kind)).toEqual(['BoundSchema']);
  });

  test('a CRD kube-bind cannot carry gives no labelled CRD and no template; --template and --export exclude each other', async () => {
    const dir = tempDir();
    // A copy: the fixture shares one schema between its versions through a YAML alias.
    const crd = JSON.parse(JSON.stringify(parse(fs.readFileSync(GADGETS, 'utf8'))));
    crd.spec.versions[0].schema.openAPIV3Schema.properties.extra = { type: 'string' };
    const file = writeFile(dir, 'two-schemas.yaml', JSON.stringify(crd));
    const r = await runCli(['from-crd', '--template', 'shop', file]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toContain('no APIServiceExportTemplate "shop" either');
    const both = await runCli(['from-crd', '--template', 'a', '--export', 'b', GADGETS]);
    expect(both.code).toBe(2);
    expect(both.err).toContain('--template and --export exclude each other');
  });
});
