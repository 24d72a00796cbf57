/**
 * `validate --previous`: each checked object compared with its previous state
 * (what is live), through the real update rules.
 */
import * as fs from 'fs';
import * as path from 'path';
import { CRASH, fixture, lineContaining, removeTempDirs, runCli, tempDir, writeFile } from './cli-helpers';
import { runCheck } from '../../src/cli/check';
import { TEXT_REPORTER } from '../../src/cli/output';
import { validateWithRules } from '../../src/cli/validate';
import { DEFAULT_LIMITS } from '../../src/io/read';

afterAll(removeTempDirs);

const LIVE = fixture('previous', 'live.yaml');
const DIST = fixture('previous', 'dist');
const COMPATIBLE = fixture('previous', 'dist-compatible');
const liveText = fs.readFileSync(LIVE, 'utf8');

describe('the README workflow: kubectl get ... -o yaml | cdk8s-kube-bind validate --previous - dist/', () => {
  test('an unsafe update: status 1, each update error at the line of its field, with the other findings', async () => {
    const r = await runCli(['validate', '--previous', '-', `${DIST}/`], { stdin: liveText });
    expect(r.code).toBe(1);
    expect(r.err).toBe('');
    const schemaFile = path.join(DIST, 'schemas', 'widgets.yaml');
    const exportFile = path.join(DIST, 'export.yaml');
    const schemaLine = lineContaining(fs.readFileSync(schemaFile, 'utf8'), 'versions:');
    const exportLine = lineContaining(fs.readFileSync(exportFile, 'utf8'), 'resources:');
    expect(r.out).toContain(`${schemaFile}:${schemaLine}: error KB190 kube-bind/widgets.example.com (BoundSchema kube-bind.io/v1alpha2) spec.versions: `
      + 'no longer lists "v1beta1", which status.storedVersions lists');
    expect(r.out).toContain(`${exportFile}:${exportLine}: error KB191 kube-bind/widgets (APIServiceExport kube-bind.io/v1alpha2) spec.resources: `);
    expect(r.out.trim().split('\n').pop()).toBe(
      '3 objects checked: 1 valid, 2 invalid; 0 skipped; 2 errors, 0 warnings, 0 notes; 2 compared with their previous state (2 previous objects read)');
  });

  test('the same inputs without --previous are valid: the errors come from the comparison alone', async () => {
    const r = await runCli(['validate', DIST]);
    expect(r.code).toBe(0);
    expect(r.out).toBe('3 objects checked: 3 valid, 0 invalid; 0 skipped; 0 errors, 0 warnings, 0 notes\n');
  });

  test('a safe update: status 0; the deprecation note shows but does not count', async () => {
    const r = await runCli(['validate', '--previous', '-', COMPATIBLE], { stdin: liveText });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/app\.yaml:\d+: note KB041 kube-bind\/widgets\.example\.com \(BoundSchema kube-bind\.io\/v1alpha2\) spec\.versions\[0\]: /);
    expect(r.out).toContain('; 0 errors, 0 warnings, 1 note; 2 compared with their previous state (2 previous objects read)\n');
  });

  test('JSON: update violations with the object\'s others, and where its previous state came from', async () => {
    const r = await runCli(['validate', '-o', 'json', '--previous', '-', DIST], { stdin: liveText });
    expect(r.code).toBe(1);
    const entries = JSON.parse(r.out);
    const byName = Object.fromEntries(entries.map((e: any) => [`${e.kind}/${e.name}`, e]));
    expect(byName['BoundSchema/widgets.example.com']).toMatchObject({
      valid: false,
      previous: { file: '<stdin>', line: lineContaining(liveText, 'kind: BoundSchema') - 1 },
    });
    expect(byName['BoundSchema/widgets.example.com'].violations.map((v: any) => [v.rule, v.severity, v.path])).toEqual([['KB190', 'error', 'spec.versions']]);
    expect(byName['APIServiceExport/widgets'].previous).toEqual({ file: '<stdin>', line: lineContaining(liveText, 'kind: APIServiceExport') - 1 });
    expect(byName['APIServiceExport/widgets'].violations.map((v: any) => v.rule)).toEqual(['KB191']);
    // A new object has nothing to be compared with.
    expect(byName['APIServiceExport/gadgets']).toMatchObject({ valid: true, previous: null, violations: [] });
  });

  test('JSON: a deprecation note is severity info and leaves the object valid', async () => {
    const r = await runCli(['validate', '-o', 'json', '--previous', LIVE, COMPATIBLE]);
    expect(r.code).toBe(0);
    const schema = JSON.parse(r.out).find((e: any) => e.kind === 'BoundSchema');
    expect(schema.valid).toBe(true);
    expect(schema.violations.map((v: any) => [v.rule, v.severity])).toEqual([['KB041', 'info']]);
  });
});

describe('--previous sources', () => {
  test('a file as previous, the input from standard input', async () => {
    const next = fs.readFileSync(path.join(DIST, 'schemas', 'widgets.yaml'), 'utf8');
    const r = await runCli(['validate', '--previous', LIVE, '-'], { stdin: next });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^<stdin>:\d+: error KB190 /);
  });

  test('repeatable: previous objects from several files; the last state of an object given twice wins', async () => {
    const dir = tempDir();
    const exportOnly = writeFile(dir, 'export.yaml', liveText.replace(/- apiVersion: kube-bind\.io\/v1alpha2\n {2}kind: BoundSchema[\s\S]*$/, ''));
    const schemaOnly = writeFile(dir, 'schema.yaml', liveText.replace(/- apiVersion: kube-bind\.io\/v1alpha2\n {2}kind: APIServiceExport[\s\S]*?(?=- apiVersion)/, ''));
    const split = await runCli(['validate', '-o', 'json', '--previous', exportOnly, '--previous', schemaOnly, DIST]);
    const together = await runCli(['validate', '-o', 'json', '--previous', LIVE, DIST]);
    const rules = (out: string) => JSON.parse(out).map((e: any) => [e.name, e.violations.map((v: any) => v.rule), e.previous?.file ?? null]);
    expect(rules(split.out)).toEqual([
      ['widgets', ['KB191'], exportOnly],
      ['gadgets', [], null],
      ['widgets.example.com', ['KB190'], schemaOnly],
    ]);
    expect(rules(together.out).map(([name, found]: any) => [name, found])).toEqual(rules(split.out).map(([name, found]: any) => [name, found]));
    // The second file holds the export again, unchanged from the next state: that later state is the one compared.
    const safeExport = writeFile(dir, 'safe-export.yaml', fs.readFileSync(path.join(DIST, 'export.yaml'), 'utf8'));
    const later = await runCli(['validate', '-o', 'json', '--previous', LIVE, '--previous', safeExport, DIST]);
    expect(rules(later.out)[0]).toEqual(['widgets', [], safeExport]);
  });

  test('a folder as previous; objects of other kinds and other names there are ignored', async () => {
    const dir = tempDir();
    writeFile(dir, 'live/a.yaml', liveText);
    writeFile(dir, 'live/other.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: widgets, namespace: kube-bind}\n');
    const r = await runCli(['validate', '--previous', path.join(dir, 'live'), DIST]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('; 2 compared with their previous state (3 previous objects read)\n');
  });

  test('a previous state in another namespace is another object: nothing to compare', async () => {
    const r = await runCli(['validate', '--previous', '-', DIST], { stdin: liveText.replace(/namespace: kube-bind/g, 'namespace: elsewhere') });
    expect(r.code).toBe(0);
    expect(r.out).toContain('; 0 compared with their previous state (2 previous objects read)\n');
  });

  test('a previous v1alpha1 export is compared with the v1alpha2 export of the same name', async () => {
    const previous = [
      'apiVersion: kube-bind.io/v1alpha1',
      'kind: APIServiceExport',
      'metadata: {name: widgets, namespace: kube-bind}',
      'spec: {group: example.com, names: {kind: Widget, plural: widgets}, scope: Namespaced, informerScope: Cluster, versions: []}',
    ].join('\n');
    const r = await runCli(['validate', '-o', 'json', '--previous', '-', path.join(DIST, 'export.yaml')], { stdin: previous });
    const entry = JSON.parse(r.out).find((e: any) => e.name === 'widgets');
    expect(entry.violations.map((v: any) => [v.rule, v.path])).toEqual([['KB191', 'spec.informerScope']]);
    expect(r.code).toBe(1);
  });
});

describe('--previous errors', () => {
  test.each([
    [['validate', '--previous', '-', '-'], /- \(standard input\) given more than once \(as an input and --previous\): standard input can be read only once/],
    [['validate', '--previous', '-', '--previous', '-', 'x.yaml'], /- \(standard input\) given more than once \(as --previous\)/],
    [['validate', '--previous', '', 'x.yaml'], /--previous needs a FILE, DIR, or - for standard input, got ""/],
    [['validate', '--previous', 'live.yaml'], /no input: give FILE, DIR, or - for standard input/],
    [['validate', 'x.yaml', '--previous'], /--previous needs a value \(FILE\|DIR\|-\)/],
  ])('%j is a usage error: status 2, nothing on stdout', async (argv, message) => {
    const r = await runCli(argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).toMatch(/Run 'cdk8s-kube-bind validate --help' for usage\.\n$/);
    expect(r.out).toBe('');
  });

  test('a missing previous file is unreadable input: status 2, even though the objects are valid', async () => {
    const missing = path.join(tempDir(), 'live.yaml');
    const r = await runCli(['validate', '--previous', missing, COMPATIBLE]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`${missing}: error: no such file or directory\n`);
    expect(r.out).toMatch(/; 0 compared with their previous state \(0 previous objects read\); 1 input error \(see above\)\n$/);
  });

  test('a YAML error in the previous objects: status 2, with file and line', async () => {
    const r = await runCli(['validate', '--previous', '-', COMPATIBLE], { stdin: 'items:\n- a: [1\n' });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^<stdin>:\d+: error: YAML syntax error: /);
    expect(r.err).not.toMatch(CRASH);
  });

});

test('runCheck: the update validator is a parameter and gets each checked object with its previous state', async () => {
  const seen: Array<{ previous: string; next: string }> = [];
  let out = '';
  const code = await runCheck({
    operands: [COMPATIBLE],
    previous: [LIVE],
    context: { group: 'kube-bind.io' },
    reporter: TEXT_REPORTER,
    validate: validateWithRules,
    validateUpdate: (previous, next) => {
      seen.push({ previous: previous.metadata.name, next: next.metadata.name });
      // What is reported is what the parameter says, not the update rules.
      return [{ rule: 'KB199', severity: 'error', path: 'spec', message: 'stand-in' }];
    },
    limits: DEFAULT_LIMITS,
  }, { stdout: { write: (s: string) => { out += s; } }, stderr: { write: () => undefined }, stdin: [] as any });
  expect(seen).toEqual([{ previous: 'widgets', next: 'widgets' }, { previous: 'widgets.example.com', next: 'widgets.example.com' }]);
  expect(code).toBe(1);
  expect(out.match(/error KB199 /g)).toHaveLength(2);
});
