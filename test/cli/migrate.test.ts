/**
 * `migrate`: v1alpha1 exports to v1alpha2 exports plus BoundSchemas, as YAML
 * that passes `validate` and that `migrate` leaves as it is.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { CRASH, fixture, lineContaining, removeTempDirs, runCli, tempDir, writeFile } from './cli-helpers';
import { parseFile } from '../../src/io/parse';
import { DEFAULT_LIMITS, readInputs } from '../../src/io/read';
import { manifestsToYaml } from '../../src/io/yaml-out';
import { migrateV1alpha1 } from '../../src/migrate/v1alpha1-to-v1alpha2';

afterAll(removeTempDirs);

const FILE = fixture('migrate', 'v1alpha1.yaml');
const INVALID = fixture('migrate', 'invalid.yaml');
const text = fs.readFileSync(FILE, 'utf8');

/** The manifests of a YAML text, read as the CLI reads its input. */
function manifests(yaml: string): any[] {
  const parsed = parseFile('out.yaml', yaml, DEFAULT_LIMITS);
  expect(parsed.diagnostics).toEqual([]);
  return parsed.objects.map(o => o.manifest);
}

const summary = (objects: any[]) => objects.map(o => `${o.apiVersion} ${o.kind} ${o.metadata?.namespace ?? ''}/${o.metadata?.name}`);

describe('migrating v1alpha1 exports', () => {
  test('each export becomes a BoundSchema and a v1alpha2 export, in input order; other objects pass through', async () => {
    const r = await runCli(['migrate', FILE]);
    expect(r.code).toBe(0);
    const out = manifests(r.out);
    expect(summary(out)).toEqual([
      'kube-bind.io/v1alpha2 BoundSchema kube-bind-wildwest/cowboys.wildwest.dev',
      'kube-bind.io/v1alpha2 APIServiceExport kube-bind-wildwest/cowboys.wildwest.dev',
      'v1 ConfigMap dodge-city/saloon',
      'kube-bind.io/v1alpha2 BoundSchema /sheriffs.wildwest.dev',
      'kube-bind.io/v1alpha2 APIServiceExport /sheriffs.wildwest.dev',
    ]);
    const input = manifests(text);
    // The ConfigMap, hostile strings included, comes out exactly as it went in.
    expect(out[2]).toEqual(input[1]);
    expect(out[1].spec).toEqual({
      resources: [{ group: 'wildwest.dev', resource: 'cowboys', versions: ['v1', 'v1beta1'] }],
      isolation: 'Prefixed',
      informerScope: 'Namespaced',
    });
    expect(out[1].metadata.annotations).toEqual({ 'wildwest.dev/owner': 'Doc Holliday' });
    expect(out[4].spec.isolation).toBe('Namespaced');
    expect(out[0].spec.versions.map((v: any) => v.schema.openAPIV3Schema)).toEqual(input[0].spec.versions.map((v: any) => v.schema.openAPIV3Schema));
  });

  test('the YAML: documents separated by ---, apiVersion, kind and metadata first, hostile strings quoted', async () => {
    const r = await runCli(['migrate', FILE]);
    const documents = r.out.split(/^---\n/m);
    expect(documents).toHaveLength(5);
    for (const doc of documents) expect(doc).toMatch(/^apiVersion: [^\n]+\nkind: [^\n]+\nmetadata:\n/);
    expect(documents[2]).toContain('  open: "on"\n  served: "yes"\n  mode: "0755"\n  nothing: "~"\n  thousand: "1e3"\n');
    expect(documents[2]).toContain('  motto: |\n    Whiskey first,\n      questions later.\n');
    expect(documents[2]).toContain('  greeting: ¡Howdy, Señor! 🤠 日本\n');
  });

  test('notes on stderr: per object, at the line of the field they are about', async () => {
    const r = await runCli(['migrate', FILE]);
    const lines = r.err.trim().split('\n');
    expect(lines).toEqual([
      `${FILE}:${lineContaining(text, 'last-applied-configuration')}: note: APIServiceExport "cowboys.wildwest.dev": `
        + 'metadata.annotations[kubectl.kubernetes.io/last-applied-configuration] is dropped: it holds the old v1alpha1 object, and kubectl apply writes it anew',
      `${FILE}:${lineContaining(text, 'uid:')}: note: APIServiceExport "cowboys.wildwest.dev": metadata.uid, metadata.resourceVersion are dropped: `
        + 'the API server sets them, and they describe the old object',
      expect.stringMatching(new RegExp(`^${escape(FILE)}:${lineContaining(text, 'conditions:')}: note: APIServiceExport "cowboys.wildwest.dev": `
        + 'status.conditions, status.storedVersions are dropped: ')),
      expect.stringMatching(new RegExp(`^${escape(FILE)}:${lineContaining(text, 'spec:')}: note: APIServiceExport "cowboys.wildwest.dev": `
        + 'spec.isolation is set to "Prefixed"')),
      `${FILE}:${lineContaining(text, 'clusterScopedIsolation: Namespaced')}: note: APIServiceExport "sheriffs.wildwest.dev": `
        + 'spec.clusterScopedIsolation "Namespaced" becomes spec.isolation "Namespaced" (clusterScopedIsolation is deprecated in v1alpha2)',
    ]);
  });

  test('the output passes validate (fed back in-process through standard input)', async () => {
    const migrated = await runCli(['migrate', FILE]);
    const r = await runCli(['validate', '-'], { stdin: migrated.out });
    expect(r.err).toBe('');
    expect(r.out).toMatch(/^<stdin>:\d+: note KB041 kube-bind-wildwest\/cowboys\.wildwest\.dev \(BoundSchema kube-bind\.io\/v1alpha2\) spec\.versions\[1\]: /);
    expect(r.out).toMatch(/\n4 objects checked: 4 valid, 0 invalid; 1 skipped; 0 errors, 0 warnings, 1 note\n$/);
    expect(r.code).toBe(0);
  });

  test('migrating the output again prints the same YAML', async () => {
    const once = await runCli(['migrate', FILE]);
    const twice = await runCli(['migrate', '-'], { stdin: once.out });
    expect(twice.code).toBe(0);
    expect(twice.out).toBe(once.out);
    expect(twice.err).toBe('cdk8s-kube-bind migrate: no APIServiceExport of kube-bind.io/v1alpha1 in the input; 5 objects printed as they were\n');
  });

  test('the output is stable: the same input gives byte-identical output', async () => {
    expect((await runCli(['migrate', FILE])).out).toBe((await runCli(['migrate', FILE])).out);
  });

  test('the items of a List come out as documents of their own', async () => {
    const list = fs.readFileSync(fixture('list.yaml'), 'utf8');
    const r = await runCli(['migrate', '-'], { stdin: list });
    expect(r.code).toBe(0);
    expect(r.out.split(/^---\n/m)).toHaveLength(3);
    expect(manifests(r.out)).toEqual(parse(list).items);
  });

  test('--group: v1alpha1 exports of another group', async () => {
    const other = writeFile(tempDir(), 'other.yaml', text.replace(/kube-bind\.io\/v1alpha1/g, 'bind.example.org/v1alpha1'));
    const asIs = await runCli(['migrate', other]);
    expect(asIs.code).toBe(0);
    expect(asIs.err).toContain(`${other}:3: note: APIServiceExport "cowboys.wildwest.dev": apiVersion "bind.example.org/v1alpha1" is not of the kube-bind group "kube-bind.io": left as it is`);
    expect(manifests(asIs.out)).toEqual(manifests(fs.readFileSync(other, 'utf8')));
    const migrated = await runCli(['migrate', '--group', 'bind.example.org', other]);
    expect(migrated.code).toBe(0);
    expect(summary(manifests(migrated.out)).filter(s => s.startsWith('bind.example.org/'))).toHaveLength(4);
    expect(summary(manifests(migrated.out)).filter(s => s.includes('/v1alpha1 '))).toEqual([]);
  });

  test('nothing in the input: nothing on stdout, status 0', async () => {
    const r = await runCli(['migrate', '-'], { stdin: '# only a comment\n' });
    expect(r).toEqual({ code: 0, out: '', err: 'cdk8s-kube-bind migrate: no APIServiceExport of kube-bind.io/v1alpha1 in the input; 0 objects printed as they were\n' });
  });
});

describe('exports that cannot be migrated', () => {
  const invalidText = fs.readFileSync(INVALID, 'utf8');

  test('the problem on stderr with file and line; that export printed unchanged, the others migrated; status 1', async () => {
    const r = await runCli(['migrate', INVALID]);
    expect(r.code).toBe(1);
    expect(r.err.split('\n')[0]).toBe(`${INVALID}:${lineContaining(invalidText, 'spec:')}: error: APIServiceExport "marshals.wildwest.dev": `
      + 'spec.clusterScopedIsolation is missing; it is required because spec.scope is "Cluster"');
    expect(r.err).toMatch(/\n[^\n]+invalid\.yaml:\d+: note: APIServiceExport "horses\.wildwest\.dev": spec\.isolation is set to "Prefixed"/);
    const out = manifests(r.out);
    expect(summary(out)).toEqual([
      'kube-bind.io/v1alpha1 APIServiceExport /marshals.wildwest.dev',
      'kube-bind.io/v1alpha2 BoundSchema kube-bind/horses.wildwest.dev',
      'kube-bind.io/v1alpha2 APIServiceExport kube-bind/horses.wildwest.dev',
    ]);
    expect(out[0]).toEqual(manifests(invalidText)[0]);
  });

  test('versions with different schemas: the problem points at the differing field', async () => {
    // A differing type counts; a differing description does not (spec §8.2 read semantically).
    const documented = text.replace(/(- name: v1beta1[\s\S]*?description: )"What the cowboy is up to: on, off, yes or no."/, '$1"Something else."');
    expect((await runCli(['migrate', writeFile(tempDir(), 'documented.yaml', documented)])).code).toBe(0);
    const different = text.replace(/(- name: v1beta1[\s\S]*?intent:\n\s*type: )string/, '$1integer');
    const file = writeFile(tempDir(), 'different.yaml', different);
    const r = await runCli(['migrate', file]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${file}:${lineContaining(different, 'type: integer')}: error: APIServiceExport "cowboys.wildwest.dev": `
      + 'spec.versions[1].schema.openAPIV3Schema.properties.spec.properties.intent.type differs from '
      + 'spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.intent.type');
    expect(manifests(r.out)[0]).toEqual(manifests(different)[0]);
  });

  test('an export with no spec at all, or a spec that is not a map, does not crash', async () => {
    const file = writeFile(tempDir(), 'odd.yaml', 'apiVersion: kube-bind.io/v1alpha1\nkind: APIServiceExport\nmetadata: {name: a}\n---\n'
      + 'apiVersion: kube-bind.io/v1alpha1\nkind: APIServiceExport\nmetadata: {name: b}\nspec: [1, 2]\n');
    const r = await runCli(['migrate', file]);
    expect(r.code).toBe(1);
    expect(r.err).toBe([
      `${file}:1: error: APIServiceExport "a": spec is missing: a v1alpha1 export defines its resource there`,
      `${file}:8: error: APIServiceExport "b": spec must be an object, got [1,2]`,
      '',
    ].join('\n'));
    expect(r.err).not.toMatch(CRASH);
  });
});

describe('bad input and usage', () => {
  test('a missing file: status 2; the readable inputs are still migrated', async () => {
    const missing = path.join(tempDir(), 'missing.yaml');
    const r = await runCli(['migrate', missing, INVALID]);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')[0]).toBe(`${missing}: error: no such file or directory`);
    expect(manifests(r.out)).toHaveLength(3);
  });

  test('a YAML error: status 2, with file and line', async () => {
    const r = await runCli(['migrate', '-'], { stdin: 'apiVersion: v1\nkind: ConfigMap\nkind: Secret\n' });
    expect(r.code).toBe(2);
    expect(r.err).toBe('<stdin>:3: error: duplicate key "kind" in a mapping; Kubernetes rejects an object that sets a field twice\n');
    expect(r.out).toBe('');
  });

  test.each([
    [['migrate'], /^cdk8s-kube-bind migrate: no input: give FILE, DIR, or - for standard input\n/],
    [['migrate', '-', '-'], /- \(standard input\) given more than once/],
    [['migrate', '--group', 'UPPER.example', 'x.yaml'], /--group "UPPER.example" is not an API group name/],
    [['migrate', '--output', 'json', 'x.yaml'], /unknown flag "--output"/],
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

describe('migrate reads its input twice, one object at a time', () => {
  test('the same output and findings as migrating all objects at once, with a clash only a later file shows, stdin and a broken file', async () => {
    const dir = tempDir();
    const first = migrateV1alpha1(manifests(text)).objects;
    const [bound, other] = first.filter(o => o.kind === 'BoundSchema');
    // Later in the input: one BoundSchema as migrating makes it (no clash), and another that differs (a clash).
    const differing = { ...other, spec: { ...other.spec, names: { ...other.spec.names, shortNames: ['differs'] } } };
    const later = writeFile(dir, 'later.yaml', manifestsToYaml([bound]));
    const clashing = writeFile(dir, 'clashing.yaml', manifestsToYaml([differing]));
    const broken = writeFile(dir, 'broken.yaml', `${text}\n---\nkind: [unclosed\n`);
    const stdin = fs.readFileSync(INVALID, 'utf8');
    const operands = [FILE, '-', broken, later, clashing];

    const r = await runCli(['migrate', ...operands], { stdin });
    const read = await readInputs(operands, (async function* () { yield stdin; })(), DEFAULT_LIMITS);
    const all = migrateV1alpha1(read.objects.map(o => o.manifest));
    expect(r.out).toBe(manifestsToYaml(all.objects));
    const found = [
      ...all.problems.map(f => ({ f, severity: 'error' })),
      ...all.notes.map(f => ({ f, severity: 'note' })),
    ].sort((a, b) => a.f.index - b.f.index);
    const lines = r.err.trimEnd().split('\n');
    expect(lines.map(l => l.replace(/^[^:]+:\d+: /, ''))).toEqual([
      ...read.diagnostics.map(d => `${d.severity}: ${d.message}`),
      ...found.map(({ f, severity }) => `${severity}: ${f.object}: ${f.message}`),
    ]);
    expect(all.problems.map(p => p.message)).toContainEqual(expect.stringMatching(/would clash with the object at index \d+, which differs/));
    expect(all.notes.map(p => p.message)).toContainEqual(expect.stringMatching(/is already there, with the same spec/));
    expect(r.code).toBe(2);
  });
});
