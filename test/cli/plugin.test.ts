/**
 * The cdk8s-cli validation plugin: its report on a recording context, its
 * properties, that its shapes match cdk8s-cli's own types, and end to end
 * with the real `cdk8s synth` on an app that `Include`s YAML (needs lib/
 * compiled, as the project's test task does first; missing or older than
 * src/, those tests fail saying so).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import type { Validation, ValidationContext } from 'cdk8s-cli/plugins';
import { removeTempDirs, tempDir, writeFile } from './cli-helpers';
import { KubeBindValidation, PluginContext, PluginViolation } from '../../src/plugin/cdk8s-plugin';
import { compiledLib, ROOT } from '../support/compiled';

const CDK8S = path.join(ROOT, 'node_modules', 'cdk8s-cli', 'bin', 'cdk8s');

afterAll(removeTempDirs);

const INVALID_SCHEMA = `apiVersion: kube-bind.io/v1alpha2
kind: BoundSchema
metadata:
  name: widgets.example
spec:
  group: example
  informerScope: Cluster
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema: {type: object}
`;
const VALID_SCHEMA = INVALID_SCHEMA.replace(/widgets\.example$/m, 'widgets.example.com').replace(/group: example$/m, 'group: example.com');

/** A context like cdk8s-cli's, recording what the plugin reports. */
function recordingContext(manifests: string[]) {
  const violations: PluginViolation[] = [];
  const logged: string[] = [];
  let submitted: { status: string; metadata?: { readonly [key: string]: string } } | undefined;
  const context: PluginContext = {
    manifests,
    report: {
      addViolation: v => { violations.push(v); },
      submit: (status, metadata) => { submitted = { status, metadata }; },
    },
    logger: { log: m => { logged.push(m); } },
  };
  return { context, violations, logged, submitted: () => submitted };
}

test('the plugin has the shape cdk8s-cli loads: a class whose instances validate a ValidationContext', () => {
  // Compile-time check against cdk8s-cli's own types; the assertions keep it honest at run time.
  const plugin: Validation = new KubeBindValidation();
  const context: PluginContext = {} as ValidationContext;
  expect(typeof plugin.validate).toBe('function');
  expect(context).toBeDefined();
});

test('an invalid manifest: one violation per finding with rule, path, line, resource and manifest path; status failure', async () => {
  const dir = tempDir();
  const file = writeFile(dir, 'app.k8s.yaml', INVALID_SCHEMA);
  const run = recordingContext([file]);
  await new KubeBindValidation().validate(run.context);
  expect(run.submitted()?.status).toBe('failure');
  const kb010 = run.violations.find(v => v.ruleName.startsWith('KB010 error: '));
  expect(kb010).toBeDefined();
  // The path is in locations, once.
  expect(kb010!.ruleName).toBe('KB010 error: "example" must contain at least one dot');
  expect(kb010!.recommendation).not.toBe('');
  expect(kb010!.fix).toBe('https://github.com/cdk8s-kube-bind/cdk8s-kube-bind/blob/main/docs/rules.md#kb010');
  expect(kb010!.violatingResources).toEqual([{ resourceName: 'widgets.example', locations: ['spec.group (line 6)'], manifestPath: file }]);
  expect(run.submitted()?.metadata?.Errors).toBe(String(run.violations.filter(v => / error: /.test(v.ruleName)).length));
});

test('a valid manifest and objects of other kinds: no violation, status success', async () => {
  const dir = tempDir();
  const file = writeFile(dir, 'app.k8s.yaml', `${VALID_SCHEMA}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n`);
  const run = recordingContext([file]);
  await new KubeBindValidation().validate(run.context);
  expect(run.violations).toEqual([]);
  expect(run.submitted()).toEqual({
    status: 'success',
    metadata: {
      'Objects checked': '1',
      'Objects skipped': '1',
      'Errors': '0',
      'Warnings': '0',
      'Notes': '0',
      'Strict field validation': 'off',
      'Fail on skipped': 'off',
    },
  });
});

test('checks across manifests: objects of different files are checked together', async () => {
  const dir = tempDir();
  const schema = writeFile(dir, 'a.k8s.yaml', VALID_SCHEMA);
  // A second BoundSchema of the same group/resource under another name: KB174 (one per group/resource) needs both files.
  const other = writeFile(dir, 'b.k8s.yaml', VALID_SCHEMA.replace(/name: widgets\.example\.com$/m, 'name: more-widgets'));
  const alone = recordingContext([schema]);
  await new KubeBindValidation().validate(alone.context);
  const together = recordingContext([schema, other]);
  await new KubeBindValidation().validate(together.context);
  expect(alone.violations).toEqual([]);
  expect(together.violations.map(v => v.ruleName.slice(0, 5))).toContain('KB174');
});

test('the group property, and unknown or bad properties refused with the fix', async () => {
  const dir = tempDir();
  const file = writeFile(dir, 'app.k8s.yaml', VALID_SCHEMA.replace('kube-bind.io/v1alpha2', 'bind.example.org/v1alpha2'));
  const run = recordingContext([file]);
  await new KubeBindValidation({ group: 'bind.example.org' }).validate(run.context);
  expect(run.submitted()?.metadata?.['Objects checked']).toBe('1');
  expect(run.violations).toEqual([]);
  expect(() => new KubeBindValidation({ grop: 'x' } as any)).toThrow('unknown property "grop" (did you mean "group"?); the plugin takes group, namespacePrefix, strict, failOnSkipped');
  expect(() => new KubeBindValidation({ colour: 'x' } as any)).toThrow('unknown property "colour"; the plugin takes group, namespacePrefix, strict, failOnSkipped');
  expect(() => new KubeBindValidation({ namespacePrefix: 'KB_' })).toThrow('properties.namespacePrefix "KB_" cannot start a namespace name');
  expect(() => new KubeBindValidation({ group: 'Not A Group' })).toThrow('properties.group "Not A Group" is not an API group name');
});

test('the namespacePrefix property reaches the namespace rule (KB203)', async () => {
  const dir = tempDir();
  const template = `apiVersion: kube-bind.io/v1alpha2
kind: APIServiceExportTemplate
metadata: {name: widgets}
spec:
  scope: Namespaced
  resources: [{group: example.com, resource: widgets, versions: [v1]}]
  namespaces: [{name: ${'a'.repeat(40)}}]
`;
  const file = writeFile(dir, 'app.k8s.yaml', template);
  const byDefault = recordingContext([file]);
  await new KubeBindValidation().validate(byDefault.context);
  expect(byDefault.violations.map(v => v.ruleName)).toEqual([expect.stringContaining('KB203')]);
  const shorter = recordingContext([file]);
  await new KubeBindValidation({ namespacePrefix: 'kb-' }).validate(shorter.context);
  expect(shorter.violations).toEqual([]);
});

test('an unreadable manifest is logged and fails the report', async () => {
  const dir = tempDir();
  const file = writeFile(dir, 'bad.k8s.yaml', 'a: [\n');
  const run = recordingContext([file]);
  await new KubeBindValidation().validate(run.context);
  expect(run.logged.join('\n')).toContain(file);
  expect(run.submitted()?.status).toBe('failure');
});

/** A cdk8s app in a temp folder that Includes `schemas.yaml`, with the plugin named in cdk8s.yaml as a user would. */
function app(schemas: string): string {
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, 'node_modules'));
  // As installed: the package in the app's node_modules (here a link to this checkout), and cdk8s for the app itself.
  fs.symlinkSync(ROOT, path.join(dir, 'node_modules', 'cdk8s-kube-bind'), 'dir');
  for (const dep of ['cdk8s', 'constructs']) fs.symlinkSync(path.join(ROOT, 'node_modules', dep), path.join(dir, 'node_modules', dep), 'dir');
  writeFile(dir, 'cdk8s.yaml', [
    'app: node main.js',
    'validations:',
    '  - package: ./node_modules/cdk8s-kube-bind/lib/plugin/cdk8s-plugin.js',
    '    class: KubeBindValidation',
    '    version: 1.0.0',
    '',
  ].join('\n'));
  writeFile(dir, 'main.js', [
    "const { App, Chart, Include } = require('cdk8s');",
    'const app = new App();',
    "const chart = new Chart(app, 'platform');",
    "new Include(chart, 'schemas', { url: 'schemas.yaml' });",
    'app.synth();',
    '',
  ].join('\n'));
  writeFile(dir, 'schemas.yaml', schemas);
  return dir;
}

function synth(dir: string) {
  const r = spawnSync(process.execPath, [CDK8S, 'synth', '--no-check-upgrade'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: `${r.stdout}\n${r.stderr}` };
}

describe('cdk8s synth with the plugin in cdk8s.yaml (real cdk8s-cli, needs lib/ compiled)', () => {
  beforeAll(() => { compiledLib(); });

  test('an Included invalid BoundSchema fails the synth, the rule id in the report', () => {
    const r = synth(app(INVALID_SCHEMA));
    expect(r.out).toContain('KB010 error: "example" must contain at least one dot');
    expect(r.out).toContain('spec.group (line 6)');
    expect(r.out).toContain('Validation failed');
    expect(r.code).toBe(2);
  }, 120_000);

  test('a valid app passes', () => {
    const r = synth(app(VALID_SCHEMA));
    expect(r.out).toContain('Validations ended succesfully');
    expect(r.out).not.toMatch(/KB\d{3}/);
    expect(r.code).toBe(0);
  }, 120_000);
});
