/**
 * `from-crd`: BoundSchemas (and an APIServiceExport) from CustomResourceDefinitions,
 * as YAML that passes `validate`; a clear message for every document that
 * cannot become one.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { CRASH, fixture, lineContaining, removeTempDirs, runCli, tempDir, writeFile } from './cli-helpers';
import { parseFile } from '../../src/io/parse';
import { DEFAULT_LIMITS } from '../../src/io/read';
import { describeWithShared } from '../support/shared';

afterAll(removeTempDirs);

const GADGETS = fixture('crds', 'gadgets.yaml');
const TOWNS = fixture('crds', 'towns.yaml');
const PROBLEMS = fixture('crds', 'problems.yaml');
const problemsText = fs.readFileSync(PROBLEMS, 'utf8');

function manifests(yaml: string): any[] {
  const parsed = parseFile('out.yaml', yaml, DEFAULT_LIMITS);
  expect(parsed.diagnostics).toEqual([]);
  return parsed.objects.map(o => o.manifest);
}

const names = (objects: any[]) => objects.map(o => `${o.kind} ${o.metadata.namespace ?? ''}/${o.metadata.name}`);

async function validates(yaml: string, args: string[] = []): Promise<void> {
  const r = await runCli(['validate', ...args, '-'], { stdin: yaml });
  expect(r.err).toBe('');
  expect(r.out).toMatch(/ 0 invalid; 0 skipped; 0 errors, 0 warnings, /);
  expect(r.code).toBe(0);
}

describe('BoundSchemas from CRDs', () => {
  test('one BoundSchema per CRD, in input order, carrying names, scope, versions and the one schema', async () => {
    const r = await runCli(['from-crd', GADGETS, TOWNS]);
    expect(r.code).toBe(0);
    expect(r.err).toBe(`${GADGETS}:${lineContaining(fs.readFileSync(GADGETS, 'utf8'), 'annotations:')}: note: `
      + 'CustomResourceDefinition "gadgets.shop.example.com": metadata.annotations is not carried into the BoundSchema\n');
    const out = manifests(r.out);
    expect(names(out)).toEqual(['BoundSchema /gadgets.shop.example.com', 'BoundSchema /towns.wildwest.dev']);
    const crd = parse(fs.readFileSync(GADGETS, 'utf8'));
    expect(out[0].apiVersion).toBe('kube-bind.io/v1alpha2');
    // informerScope follows the CRD's scope, as kube-bind's own CRDToBoundSchema derives it.
    expect(out[0].spec).toMatchObject({ group: 'shop.example.com', names: crd.spec.names, scope: 'Namespaced', informerScope: 'Namespaced' });
    expect(out[1].spec).toMatchObject({ scope: 'Cluster', informerScope: 'Cluster' });
    expect(out[0].spec.versions.map((v: any) => [v.name, v.served, v.storage, v.deprecated ?? false, v.deprecationWarning ?? null])).toEqual([
      ['v1beta1', true, false, true, 'shop.example.com/v1beta1 Gadget is deprecated; use shop.example.com/v1'],
      ['v1', true, true, false, null],
    ]);
    for (const v of out[0].spec.versions) expect(v.schema.openAPIV3Schema).toEqual(crd.spec.versions[1].schema.openAPIV3Schema);
    expect(out[0].spec.versions[1].subresources).toEqual(crd.spec.versions[1].subresources);
    expect(out[0].spec.versions[1].additionalPrinterColumns).toEqual(crd.spec.versions[1].additionalPrinterColumns);
  });

  test('hostile strings in a schema (enum values on/off/yes/~, defaults 0755 and 1e3, multi-line, non-ASCII) come out exactly', async () => {
    const r = await runCli(['from-crd', TOWNS]);
    const crd = parse(fs.readFileSync(TOWNS, 'utf8'), { version: '1.2' });
    const [schema] = manifests(r.out);
    expect(schema.spec.versions[0].schema.openAPIV3Schema).toEqual(crd.spec.versions[0].schema.openAPIV3Schema);
    // And for a YAML 1.1 reader such as kubectl's.
    expect(parse(r.out, { version: '1.1' }).spec.versions[0].schema.openAPIV3Schema).toEqual(crd.spec.versions[0].schema.openAPIV3Schema);
    expect(r.out).toContain('                    - "on"\n');
    expect(r.out).toContain('                  default: "0755"\n');
  });

  test('the output passes validate', async () => {
    await validates((await runCli(['from-crd', GADGETS, TOWNS])).out);
  });

  test('--export NAME: the APIServiceExport of every resource follows the BoundSchemas, and all of it passes validate', async () => {
    const r = await runCli(['from-crd', '--export', 'shop', GADGETS]);
    expect(r.code).toBe(0);
    const out = manifests(r.out);
    expect(names(out)).toEqual(['BoundSchema /gadgets.shop.example.com', 'APIServiceExport /shop']);
    expect(out[1]).toEqual({
      apiVersion: 'kube-bind.io/v1alpha2',
      kind: 'APIServiceExport',
      metadata: { name: 'shop' },
      spec: {
        resources: [{ group: 'shop.example.com', resource: 'gadgets', versions: ['v1beta1', 'v1'] }],
        isolation: 'Prefixed',
        informerScope: 'Namespaced',
      },
    });
    await validates(r.out);
  });

  test('--export NAME over CRDs of both scopes: one export per scope, as kube-bind refuses mixed scopes (KB175), with a note', async () => {
    const r = await runCli(['from-crd', '--export', 'frontier-shop', GADGETS, TOWNS]);
    expect(r.code).toBe(0);
    expect(r.err).toContain('note: the CRDs are of both scopes, and kube-bind refuses an export whose resources differ in scope (KB175): '
      + '--export "frontier-shop" writes "frontier-shop-namespaced" and "frontier-shop-cluster"');
    const out = manifests(r.out);
    expect(names(out)).toEqual(['BoundSchema /gadgets.shop.example.com', 'BoundSchema /towns.wildwest.dev',
      'APIServiceExport /frontier-shop-namespaced', 'APIServiceExport /frontier-shop-cluster']);
    expect(out.slice(2).map(e => [e.spec.resources.map((x: any) => x.resource), e.spec.informerScope])).toEqual([
      [['gadgets'], 'Namespaced'],
      [['towns'], 'Cluster'],
    ]);
    // gadgets are namespaced, towns cluster-scoped: split, all of it passes validate.
    await validates(r.out);
  });

  test('--namespace and --informer-scope apply to the BoundSchemas and the export', async () => {
    const r = await runCli(['from-crd', '--export', 'shop', '-n', 'kube-bind', '--informer-scope', 'Namespaced', GADGETS]);
    expect(r.code).toBe(0);
    const out = manifests(r.out);
    expect(out.map(o => [o.kind, o.metadata.namespace, o.spec.informerScope])).toEqual([
      ['BoundSchema', 'kube-bind', 'Namespaced'],
      ['APIServiceExport', 'kube-bind', 'Namespaced'],
    ]);
    await validates(r.out);
    expect((await runCli(['from-crd', '--export=shop', '--namespace=kube-bind', '--informer-scope=Namespaced', GADGETS])).out).toBe(r.out);
  });

  test('--informer-scope Namespaced for a cluster-scoped CRD: made, and judged by the rules as validate judges it', async () => {
    const r = await runCli(['from-crd', '--informer-scope', 'Namespaced', '--export', 'x', GADGETS, TOWNS]);
    expect(r.code).toBe(1);
    // The BoundSchema gets KB070's warning (kube-bind binds it all the same); the export of the cluster-scoped resource KB170's error.
    expect(r.err).toMatch(/: warning KB070 towns\.wildwest\.dev \(BoundSchema kube-bind\.io\/v1alpha2\) spec\.informerScope: /);
    expect(r.err).toMatch(/: error KB170 x-cluster \(APIServiceExport kube-bind\.io\/v1alpha2\) spec\.resources\[0\]: /);
    expect(names(manifests(r.out))).toEqual(['BoundSchema /gadgets.shop.example.com', 'BoundSchema /towns.wildwest.dev', 'APIServiceExport /x-namespaced']);
  });

  test('--group: the kube-bind kinds of another group, which validate --group accepts', async () => {
    const r = await runCli(['from-crd', '--group', 'bind.example.org', '--export', 'shop', GADGETS]);
    expect(manifests(r.out).map(o => o.apiVersion)).toEqual(['bind.example.org/v1alpha2', 'bind.example.org/v1alpha2']);
    await validates(r.out, ['--group', 'bind.example.org']);
  });

  test('a folder and standard input; List documents unpacked', async () => {
    const dir = tempDir();
    fs.copyFileSync(GADGETS, path.join(dir, 'b.yaml'));
    const list = `apiVersion: v1\nkind: List\nitems:\n- ${JSON.stringify(parse(fs.readFileSync(TOWNS, 'utf8')))}\n`;
    const r = await runCli(['from-crd', dir, '-'], { stdin: list });
    expect(r.code).toBe(0);
    expect(names(manifests(r.out))).toEqual(['BoundSchema /gadgets.shop.example.com', 'BoundSchema /towns.wildwest.dev']);
  });

  test('the same CRD twice is printed once, with a note; a different CRD of the same name is an error', async () => {
    const dir = tempDir();
    const again = writeFile(dir, 'again.yaml', fs.readFileSync(GADGETS, 'utf8'));
    const same = await runCli(['from-crd', GADGETS, again]);
    expect(same.code).toBe(0);
    expect(same.err).toContain(`${again}:3: note: CustomResourceDefinition "gadgets.shop.example.com": the same CRD as at ${GADGETS}:3: `
      + 'its BoundSchema "gadgets.shop.example.com" is printed once');
    expect(names(manifests(same.out))).toEqual(['BoundSchema /gadgets.shop.example.com']);
    const changed = writeFile(dir, 'changed.yaml', fs.readFileSync(GADGETS, 'utf8').replace('minimum: 1', 'minimum: 2'));
    const different = await runCli(['from-crd', GADGETS, changed]);
    expect(different.code).toBe(1);
    expect(different.err).toContain(`${changed}:3: error: CustomResourceDefinition "gadgets.shop.example.com": defines "gadgets.shop.example.com" `
      + `differently from the CRD at ${GADGETS}:3: one BoundSchema name cannot hold both; only the first is printed`);
    expect(manifests(different.out)).toEqual(manifests(same.out));
  });
});

describeWithShared('kube-bind\'s own example CRDs (read from shared/ at run time)', ['upstream', 'kube-bind', 'examples'], (EXAMPLES) => {
  test('become BoundSchemas and an export that pass validate', async () => {
    const r = await runCli(['from-crd', '--export', 'wildwest', '--namespace', 'kube-bind', EXAMPLES]);
    expect(r.code).toBe(0);
    expect(r.err).not.toMatch(/: error: /);
    const out = manifests(r.out);
    expect(names(out)).toEqual(['BoundSchema kube-bind/cowboys.wildwest.dev', 'BoundSchema kube-bind/sheriffs.wildwest.dev',
      'APIServiceExport kube-bind/wildwest-namespaced', 'APIServiceExport kube-bind/wildwest-cluster']);
    const crds = fs.readdirSync(EXAMPLES).filter(f => f.endsWith('.yaml')).sort().map(f => parse(fs.readFileSync(path.join(EXAMPLES, f), 'utf8')));
    out.slice(0, 2).forEach((schema, i) => {
      expect(schema.spec.scope).toBe(crds[i].spec.scope);
      expect(schema.spec.versions[0].schema.openAPIV3Schema).toEqual(crds[i].spec.versions[0].schema.openAPIV3Schema);
    });
    // cowboys are namespaced, sheriffs cluster-scoped: one export per scope.
    await validates(r.out);
  });
});

describe('documents that cannot become a BoundSchema', () => {
  test('one message per object with file, line, object and what is wrong; the others still printed; status 1', async () => {
    const r = await runCli(['from-crd', '--export', 'frontier', PROBLEMS]);
    expect(r.code).toBe(1);
    const errors = r.err.split('\n').filter(l => l.includes(': error: '));
    expect(errors).toEqual([
      `${PROBLEMS}:${lineContaining(problemsText, 'kind: ConfigMap')}: error: ConfigMap "not-a-crd": kind "ConfigMap" is not a CustomResourceDefinition: `
        + 'only CRDs (apiextensions.k8s.io/v1) can become a BoundSchema',
      `${PROBLEMS}:${lineContaining(problemsText, 'versions: []')}: error: CustomResourceDefinition "ghosts.wildwest.dev": `
        + 'spec.versions is empty: kube-bind refuses a CRD without versions',
      `${PROBLEMS}:${lineContaining(problemsText, 'type: string')}: error: CustomResourceDefinition "trains.wildwest.dev": `
        + 'spec.versions[1].schema.openAPIV3Schema.properties.cars.type is "string" but spec.versions[0].schema.openAPIV3Schema.properties.cars.type '
        + 'is "integer": the spec (§8.2) requires every exported version to have the same schema (description, example and externalDocs aside), '
        + 'because kube-bind cannot convert objects between versions '
        + '(give every version the same openAPIV3Schema, or export only the versions that share one with --versions (BoundSchema.fromCrd: versions))',
      expect.stringMatching(new RegExp(`^${escape(PROBLEMS)}:${lineContaining(problemsText, 'service:')}: error: CustomResourceDefinition `
        + '"stagecoaches\\.wildwest\\.dev": spec\\.conversion\\.webhook\\.clientConfig\\.service .* has no home in kube-bind')),
    ]);
    expect(r.err).not.toMatch(CRASH);
    const out = manifests(r.out);
    expect(names(out)).toEqual(['BoundSchema /horses.wildwest.dev', 'APIServiceExport /frontier']);
    expect(out[1].spec.resources).toEqual([{ group: 'wildwest.dev', resource: 'horses', versions: ['v1'] }]);
    await validates(r.out);
  });

  test('when nothing could be made, --export prints nothing either, and says so', async () => {
    const file = writeFile(tempDir(), 'only-bad.yaml', problemsText.split(/^---\n/m).slice(0, 2).join('---\n'));
    const r = await runCli(['from-crd', '--export', 'frontier', file]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err.trim().split('\n').pop()).toBe(`${file}: error: no BoundSchema could be made, so no APIServiceExport "frontier" either`);
  });

  test('an empty input is an error: there is nothing to convert', async () => {
    const r = await runCli(['from-crd', '-'], { stdin: '---\n# nothing\n' });
    expect(r).toEqual({ code: 1, out: '', err: '<stdin>: error: no document in the input: expected CustomResourceDefinitions\n' });
  });

  test('an apiextensions.k8s.io/v1beta1 CRD says how to convert it', async () => {
    const r = await runCli(['from-crd', '-'], { stdin: fs.readFileSync(TOWNS, 'utf8').replace('apiextensions.k8s.io/v1', 'apiextensions.k8s.io/v1beta1') });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^<stdin>:3: error: CustomResourceDefinition "towns\.wildwest\.dev": apiVersion "apiextensions\.k8s\.io\/v1beta1" is not supported/);
  });
});

describe('bad input and usage', () => {
  test('a missing file: status 2, the readable CRDs still printed', async () => {
    const missing = path.join(tempDir(), 'missing.yaml');
    const r = await runCli(['from-crd', missing, TOWNS]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`${missing}: error: no such file or directory\n`);
    expect(names(manifests(r.out))).toEqual(['BoundSchema /towns.wildwest.dev']);
  });

  test('binary input: status 2', async () => {
    const r = await runCli(['from-crd', '-'], { stdin: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]) });
    expect(r.code).toBe(2);
    expect(r.err).toBe('<stdin>:1: error: binary file: NUL byte found; manifests must be UTF-8 text\n');
  });

  test.each([
    [['from-crd'], /^cdk8s-kube-bind from-crd: no input: give FILE, DIR, or - for standard input\nRun 'cdk8s-kube-bind from-crd --help' for usage\.\n$/],
    [['from-crd', '-', '-'], /- \(standard input\) given more than once/],
    [['from-crd', '--export', 'Not_A_Name', 'x.yaml'], /--export "Not_A_Name" is not an object name/],
    [['from-crd', '--export', '', 'x.yaml'], /--export "" is not an object name/],
    [['from-crd', '--namespace', 'kube.bind', 'x.yaml'], /--namespace "kube.bind" is not a namespace name/],
    [['from-crd', '--namespace', 'a'.repeat(64), 'x.yaml'], /is not a namespace name \(a lowercase DNS label of at most 63 characters\)/],
    [['from-crd', '--informer-scope', 'Namespace', 'x.yaml'], /--informer-scope "Namespace" is not one of Cluster, Namespaced \(did you mean Namespaced\?\)/],
    [['from-crd', '--group', 'Kube-Bind.io', 'x.yaml'], /--group "Kube-Bind.io" is not an API group name/],
    [['from-crd', '--export', 'a', '--export', 'b', 'x.yaml'], /--export given more than once/],
  ])('%j is a usage error: status 2', async (argv, message) => {
    const r = await runCli(argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.out).toBe('');
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('issue 12: from-crd agrees with kube-bind and with validate', () => {
  const own = (name: string) => fixture('..', 'from-crd', name);

  test('selectableFields: converted, dropped with a note, status 0, and the output passes validate', async () => {
    const r = await runCli(['from-crd', own('selectable-fields.yaml')]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/selectable-fields\.yaml:\d+: note: .*spec\.versions\[0\]\.selectableFields is dropped/);
    expect(r.out).not.toContain('selectableFields');
    await validates(r.out);
  });

  test('versions differing only in documentation convert; the output passes validate', async () => {
    const r = await runCli(['from-crd', own('documentation-only.yaml')]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/: note: .*only in documentation/);
    await validates(r.out);
  });

  test('a version neither served nor stored is left out with a note', async () => {
    const r = await runCli(['from-crd', own('unserved-version.yaml')]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/unserved-version\.yaml:\d+: note: .*spec\.versions\[0\] "v1alpha1" is left out/);
    expect(manifests(r.out)[0].spec.versions.map((v: any) => v.name)).toEqual(['v1beta1', 'v1']);
    await validates(r.out);
  });

  test('--versions selects the versions to export; without it, differing served versions are refused with a hint naming it', async () => {
    const refused = await runCli(['from-crd', own('served-versions-differ.yaml')]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('export only the versions that share one with --versions');
    const r = await runCli(['from-crd', '--versions', 'v2', own('served-versions-differ.yaml')]);
    expect(r.code).toBe(0);
    expect(manifests(r.out)[0].spec.versions.map((v: any) => v.name)).toEqual(['v2']);
    await validates(r.out);
    expect((await runCli(['from-crd', '--versions=v2,v3', own('served-versions-differ.yaml')])).err).toContain('has no version "v3"');
  });

  test('--versions with an empty name is bad usage', async () => {
    const r = await runCli(['from-crd', '--versions', 'v1,', own('served-versions-differ.yaml')]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--versions "v1," must be comma-separated version names');
  });

  test('output that validate rejects (group "example") is reported as validate does, withheld, and exits 1', async () => {
    const r = await runCli(['from-crd', own('single-word-group.yaml')]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/single-word-group\.yaml:\d+: error KB\d{3} widgets\.example \(BoundSchema kube-bind\.io\/v1alpha2\) spec\.group: "example" /);
    expect(r.err).toMatch(/1 object checked: 0 valid, 1 invalid/);
    expect(r.out).toBe('');
    // The same CRD with a dotted group passes.
    const fine = fs.readFileSync(own('single-word-group.yaml'), 'utf8').replace(/example$/gm, 'example.com');
    const ok = await runCli(['from-crd', '-'], { stdin: fine });
    expect(ok.err).toBe('');
    expect(ok.code).toBe(0);
  });

  test('informerScope follows each CRD\'s scope; --informer-scope overrides it', async () => {
    const r = await runCli(['from-crd', own('selectable-fields.yaml'), own('documentation-only.yaml')]);
    expect(manifests(r.out).map(o => [o.spec.scope, o.spec.informerScope])).toEqual([['Namespaced', 'Namespaced'], ['Cluster', 'Cluster']]);
    const cluster = await runCli(['from-crd', '--informer-scope', 'Cluster', own('selectable-fields.yaml')]);
    expect(manifests(cluster.out)[0].spec.informerScope).toBe('Cluster');
    await validates(cluster.out);
  });
});
