/**
 * `paths`: the REST paths each BoundSchema and v1alpha1 export serves, with
 * the deprecation warnings, in text and JSON.
 */
import * as fs from 'fs';
import * as path from 'path';
import { CRASH, fixture, lineContaining, removeTempDirs, runCli, tempDir, writeFile } from './cli-helpers';

afterAll(removeTempDirs);

const FILE = fixture('paths', 'definitions.yaml');
const text = fs.readFileSync(FILE, 'utf8');
const lineOf = (needle: string): number => lineContaining(text, needle);

test('text: per object, each served version and its paths, with the warning of deprecated versions', async () => {
  const r = await runCli(['paths', FILE]);
  expect(r.code).toBe(0);
  expect(r.err).toBe('');
  expect(r.out).toBe([
    `${FILE}:${lineOf('apiVersion: kube-bind.io/v1alpha2')}: kube-bind/widgets.example.com (BoundSchema kube-bind.io/v1alpha2)`,
    '  v1beta1 (deprecated; clients receive the warning "example.com/v1beta1 Widget is deprecated; use example.com/v2 Widget", the API server\'s default text)',
    '    /apis/example.com/v1beta1/widgets',
    '    /apis/example.com/v1beta1/namespaces/{namespace}/widgets',
    '    /apis/example.com/v1beta1/namespaces/{namespace}/widgets/{name}',
    '  v1 (deprecated; clients receive the warning "example.com/v1 Widget is retired on 2027-01-01; use example.com/v2")',
    '    /apis/example.com/v1/widgets',
    '    /apis/example.com/v1/namespaces/{namespace}/widgets',
    '    /apis/example.com/v1/namespaces/{namespace}/widgets/{name}',
    '    /apis/example.com/v1/namespaces/{namespace}/widgets/{name}/status',
    '    /apis/example.com/v1/namespaces/{namespace}/widgets/{name}/scale',
    '  v2',
    '    /apis/example.com/v2/widgets',
    '    /apis/example.com/v2/namespaces/{namespace}/widgets',
    '    /apis/example.com/v2/namespaces/{namespace}/widgets/{name}',
    '    /apis/example.com/v2/namespaces/{namespace}/widgets/{name}/status',
    `${FILE}:${lineOf('apiVersion: kube-bind.io/v1alpha1')}: sheriffs.wildwest.dev (APIServiceExport kube-bind.io/v1alpha1)`,
    '  v1',
    '    /apis/wildwest.dev/v1/sheriffs',
    '    /apis/wildwest.dev/v1/sheriffs/{name}',
    '',
  ].join('\n'));
});

test('JSON: one array, an entry per object, versions with their warning and paths', async () => {
  const r = await runCli(['paths', '--output', 'json', FILE]);
  expect(r.code).toBe(0);
  const entries = JSON.parse(r.out);
  expect(entries.map((e: any) => Object.keys(e))).toEqual([
    ['file', 'index', 'line', 'apiVersion', 'kind', 'namespace', 'name', 'versions'],
    ['file', 'index', 'line', 'apiVersion', 'kind', 'namespace', 'name', 'versions'],
  ]);
  expect(entries[1]).toEqual({
    file: FILE,
    index: 1,
    line: lineOf('apiVersion: kube-bind.io/v1alpha1'),
    apiVersion: 'kube-bind.io/v1alpha1',
    kind: 'APIServiceExport',
    namespace: null,
    name: 'sheriffs.wildwest.dev',
    versions: [{
      version: 'v1',
      deprecated: false,
      deprecationWarning: null,
      defaultWarning: null,
      paths: ['/apis/wildwest.dev/v1/sheriffs', '/apis/wildwest.dev/v1/sheriffs/{name}'],
    }],
  });
  expect(entries[0].versions.map((v: any) => [v.version, v.deprecated, v.deprecationWarning, v.defaultWarning, v.paths.length])).toEqual([
    ['v1beta1', true, 'example.com/v1beta1 Widget is deprecated; use example.com/v2 Widget', true, 3],
    ['v1', true, 'example.com/v1 Widget is retired on 2027-01-01; use example.com/v2', false, 5],
    ['v2', false, null, null, 4],
  ]);
});

test('objects that serve nothing say why', async () => {
  const file = writeFile(tempDir(), 'none.yaml', [
    'apiVersion: kube-bind.io/v1alpha2',
    'kind: BoundSchema',
    'metadata: {name: idle.example.com}',
    'spec: {group: example.com, names: {kind: Idle, plural: idles}, scope: Cluster, versions: [{name: v1, served: false, storage: true}]}',
    '---',
    'apiVersion: kube-bind.io/v1alpha2',
    'kind: BoundSchema',
    'metadata: {name: broken}',
    'spec: {group: example.com, names: {kind: Broken}, scope: Somewhere}',
  ].join('\n'));
  const r = await runCli(['paths', file]);
  expect(r.code).toBe(0);
  expect(r.out).toBe([
    `${file}:1: idle.example.com (BoundSchema kube-bind.io/v1alpha2)`,
    '  no paths: no version is served',
    `${file}:6: broken (BoundSchema kube-bind.io/v1alpha2)`,
    '  no paths: spec.group, spec.names.plural, spec.scope (Namespaced or Cluster) and spec.versions are needed; run validate',
    '',
  ].join('\n'));
  const json = await runCli(['paths', '-o', 'json', file]);
  expect(JSON.parse(json.out).map((e: any) => [e.name, e.versions])).toEqual([['idle.example.com', []], ['broken', []]]);
});

test('--group: the kinds of another group, and the default group\'s are skipped', async () => {
  const other = writeFile(tempDir(), 'other.yaml', text.replace(/kube-bind\.io\//g, 'bind.example.org/'));
  const r = await runCli(['paths', '--group', 'bind.example.org', '-o', 'json', other, FILE]);
  expect(r.code).toBe(0);
  expect(JSON.parse(r.out).map((e: any) => [e.file, e.name])).toEqual([[other, 'widgets.example.com'], [other, 'sheriffs.wildwest.dev']]);
});

test('standard input, List documents unpacked', async () => {
  const list = fs.readFileSync(fixture('list.yaml'), 'utf8');
  const r = await runCli(['paths', '-'], { stdin: list });
  expect(r.code).toBe(0);
  expect(r.out).toBe([
    `<stdin>:${lineContaining(list, 'kind: BoundSchema') - 1}: kube-bind-wildwest/cowboys.wildwest.dev (BoundSchema kube-bind.io/v1alpha2)`,
    '  v1',
    '    /apis/wildwest.dev/v1/cowboys',
    '    /apis/wildwest.dev/v1/namespaces/{namespace}/cowboys',
    '    /apis/wildwest.dev/v1/namespaces/{namespace}/cowboys/{name}',
    '',
  ].join('\n'));
});

test('nothing to list: empty output, a note on stderr, status 0', async () => {
  const r = await runCli(['paths', fixture('valid', 'exports.yaml')]);
  expect(r).toEqual({
    code: 0,
    out: '',
    err: 'cdk8s-kube-bind paths: no BoundSchema (kube-bind.io/v1alpha2) or APIServiceExport (kube-bind.io/v1alpha1) in the input; 2 other objects skipped\n',
  });
  expect(JSON.parse((await runCli(['paths', '-o', 'json', fixture('valid', 'exports.yaml')])).out)).toEqual([]);
});

describe('errors', () => {
  test('unreadable input: status 2, the readable inputs still listed', async () => {
    const missing = path.join(tempDir(), 'missing.yaml');
    const r = await runCli(['paths', missing, FILE]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`${missing}: error: no such file or directory\n`);
    expect(r.out).toContain('/apis/example.com/v2/widgets\n');
  });

  test('a YAML error: status 2 with file and line; JSON output stays one array', async () => {
    const bad = writeFile(tempDir(), 'bad.yaml', 'apiVersion: kube-bind.io/v1alpha2\nkind: BoundSchema\nspec: [\n');
    const r = await runCli(['paths', '-o', 'json', bad]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`^${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+: error: YAML syntax error: `));
    expect(r.err).not.toMatch(CRASH);
    expect(JSON.parse(r.out)).toEqual([]);
  });

  test.each([
    [['paths'], /^cdk8s-kube-bind paths: no input: give FILE, DIR, or - for standard input\nRun 'cdk8s-kube-bind paths --help' for usage\.\n$/],
    [['paths', '-', '-'], /- \(standard input\) given more than once/],
    [['paths', '-o', 'yaml', 'x.yaml'], /--output "yaml" is not one of text, json/],
    [['paths', '--group', 'Bad_Group', 'x.yaml'], /--group "Bad_Group" is not an API group name/],
    [['paths', '--previous', 'x.yaml', 'y.yaml'], /unknown flag "--previous"/],
  ])('%j is a usage error: status 2', async (argv, message) => {
    const r = await runCli(argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.out).toBe('');
  });
});
