/**
 * The CI formats (SARIF, JUnit, GitHub annotations), colour and --version:
 * each format on a hand-made report, SARIF checked against the SARIF 2.1.0
 * JSON schema, and the formats through a real run.
 */
import * as fs from 'fs';
import * as path from 'path';
import { toBeValidSarifLog } from '@microsoft/jest-sarif';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { captureIo, fixture, lineContaining, runCli } from './cli-helpers';
import { main } from '../../src/cli/main';
import {
  CheckedObject, GITHUB_REPORTER, JUNIT_REPORTER, LocatedViolation, ruleDocUrl, SARIF_REPORTER, TEXT_REPORTER, ValidationReport, useColor,
} from '../../src/cli/output';
import { escapeData, escapeProperty } from '../../src/cli/output/github';
import { xmlText } from '../../src/cli/output/junit';
import { artifactUri } from '../../src/cli/output/sarif';
import { MIRRORED_KUBERNETES } from '../../src/model/kubernetes';
import { Manifest } from '../../src/model/manifest';

expect.extend({ toBeValidSarifLog });

const SARIF_SCHEMA = path.join(__dirname, '..', '..', 'node_modules', '@microsoft', 'jest-sarif', 'lib', 'schemas', 'sarif-2.1.0-rtm.5.json');

function object(file: string, manifest: Manifest, violations: LocatedViolation[] = []): CheckedObject {
  return { file, index: 0, line: 1, manifest, violations, valid: !violations.some(v => v.severity === 'error') };
}

const error: LocatedViolation = { rule: 'KB030', severity: 'error', path: 'spec.versions', message: 'has no version with storage: true', hint: 'mark one version storage: true', line: 7 };
const warning: LocatedViolation = { rule: 'KB032', severity: 'warning', path: 'spec.versions', message: 'no served version', line: 7 };
const note: LocatedViolation = { rule: 'KB041', severity: 'info', path: '', message: 'deprecated, 100% <sure> & "quoted"', line: 1 };

const schema = { apiVersion: 'kube-bind.io/v1alpha2', kind: 'BoundSchema', metadata: { name: 'widgets.example.com', namespace: 'ns' } };
const report: ValidationReport = {
  checked: [
    object('dist/app.k8s.yaml', schema, [error, warning, note]),
    object('dist/app.k8s.yaml', { ...schema, metadata: { name: 'ok' } }),
    object('other dir/x,y:z.yaml', { ...schema, metadata: { name: 'b' } }, [{ ...error, line: 3 }]),
  ],
  skippedObjects: [
    { file: 'dist/app.k8s.yaml', index: 2, line: 20, manifest: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' } } },
    { file: 'dist/app.k8s.yaml', index: 3, line: 30, manifest: { apiVersion: 'kube-bind.io/v1alpha2', kind: 'Collection', metadata: { name: 'c' } }, reason: 'not modelled' },
  ],
  skipped: 2,
  inputErrors: 0,
};

/**
 * The SARIF schema is draft-04 (its `$schema` says so), which Ajv 8 no longer
 * reads. Draft-04 and draft-07 differ in `id`/`$id` and in boolean
 * `exclusiveMinimum`/`exclusiveMaximum`; the schema has no such booleans
 * (asserted), so with `id` renamed Ajv's draft-07 class checks the same.
 */
function sarifValidator() {
  const original = JSON.parse(fs.readFileSync(SARIF_SCHEMA, 'utf8'));
  expect(original.$schema).toBe('http://json-schema.org/draft-04/schema#');
  expect(JSON.stringify(original)).not.toMatch(/"exclusive(Minimum|Maximum)"\s*:\s*(true|false)/);
  const { id, $schema: _draft04, ...rest } = original;
  // unicodeRegExp off: one pattern of the schema (the language tag) has a stray "]" that only non-unicode regexps accept.
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats(ajv);
  return ajv.compile({ ...rest, $id: id, $schema: 'http://json-schema.org/draft-07/schema#' });
}

describe('SARIF', () => {
  const validate = sarifValidator();

  test.each([
    ['a report with findings', report],
    ['an empty report', { checked: [], skipped: 0, inputErrors: 0 }],
    ['a finding read from standard input', { checked: [object('<stdin>', schema, [error])], skipped: 0, inputErrors: 0 }],
  ])('%s validates against the SARIF 2.1.0 schema', (_name, r) => {
    const log = JSON.parse(SARIF_REPORTER.render(r as ValidationReport, { color: false, version: '1.2.3' }));
    const valid = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(log).toBeValidSarifLog();
  });

  test('the schema check can fail: a result without message is refused', () => {
    const log = JSON.parse(SARIF_REPORTER.render(report));
    delete log.runs[0].results[0].message;
    expect(validate(log)).toBe(false);
  });

  test('rules with ids, descriptions and help; results by file and line, with levels', () => {
    const log = JSON.parse(SARIF_REPORTER.render(report, { color: false, version: '1.2.3' }));
    expect(log.version).toBe('2.1.0');
    const run = log.runs[0];
    expect(run.tool.driver).toMatchObject({ name: 'cdk8s-kube-bind', version: '1.2.3' });
    // In the order the results first use them: the rules are written after the results.
    expect(run.tool.driver.rules.map((r: any) => r.id)).toEqual(['KB041', 'KB030', 'KB032']);
    const kb030 = run.tool.driver.rules[1];
    expect(kb030.shortDescription.text).toBe('Exactly one version has storage: true');
    expect(kb030.help.text).toContain(ruleDocUrl('KB030'));
    expect(kb030.helpUri).toBe('https://github.com/cdk8s-kube-bind/cdk8s-kube-bind/blob/main/docs/rules.md#kb030');
    expect(kb030.defaultConfiguration.level).toBe('error');
    expect(run.results.map((r: any) => [r.ruleId, r.ruleIndex, r.level])).toEqual([
      ['KB041', 0, 'note'], ['KB030', 1, 'error'], ['KB032', 2, 'warning'], ['KB030', 1, 'error'],
    ]);
    expect(run.results[1].message.text).toBe('ns/widgets.example.com (BoundSchema kube-bind.io/v1alpha2) spec.versions: has no version with storage: true\nhint: mark one version storage: true');
    expect(run.results[1].locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'dist/app.k8s.yaml' }, region: { startLine: 7 } });
    expect(run.results[3].locations[0].physicalLocation.artifactLocation.uri).toBe('other%20dir/x%2Cy%3Az.yaml');
  });

  test('artifact URIs: relative paths stay relative, absolute ones become file URLs', () => {
    expect(artifactUri('a/b c.yaml')).toBe('a/b%20c.yaml');
    expect(artifactUri('/tmp/a b/c.yaml')).toBe('file:///tmp/a%20b/c.yaml');
  });
});

describe('JUnit', () => {
  test('a suite per file, a case per object, one failure per invalid object, other findings in system-out, skipped objects', () => {
    expect(JUNIT_REPORTER.render(report).split('\n')).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites name="cdk8s-kube-bind validate" tests="5" failures="2" errors="0" skipped="2">',
      '  <testsuite name="dist/app.k8s.yaml" tests="4" failures="1" errors="0" skipped="2">',
      '    <testcase name="ns/widgets.example.com (BoundSchema kube-bind.io/v1alpha2)" classname="dist/app.k8s.yaml" file="dist/app.k8s.yaml" line="1">',
      '      <failure type="KB030" message="KB030 spec.versions: has no version with storage: true">dist/app.k8s.yaml:7: error KB030 spec.versions: has no version with storage: true&#10;hint: mark one version storage: true</failure>',
      '      <system-out>dist/app.k8s.yaml:1: note KB041 deprecated, 100% &lt;sure&gt; &amp; &quot;quoted&quot;&#10;dist/app.k8s.yaml:7: warning KB032 spec.versions: no served version</system-out>',
      '    </testcase>',
      '    <testcase name="ok (BoundSchema kube-bind.io/v1alpha2)" classname="dist/app.k8s.yaml" file="dist/app.k8s.yaml" line="1"/>',
      '    <testcase name="s (Secret v1)" classname="dist/app.k8s.yaml" file="dist/app.k8s.yaml" line="20">',
      '      <skipped message="not a kind cdk8s-kube-bind validate checks"/>',
      '    </testcase>',
      '    <testcase name="c (Collection kube-bind.io/v1alpha2)" classname="dist/app.k8s.yaml" file="dist/app.k8s.yaml" line="30">',
      '      <skipped message="not modelled"/>',
      '    </testcase>',
      '  </testsuite>',
      '  <testsuite name="other dir/x,y:z.yaml" tests="1" failures="1" errors="0" skipped="0">',
      '    <testcase name="b (BoundSchema kube-bind.io/v1alpha2)" classname="other dir/x,y:z.yaml" file="other dir/x,y:z.yaml" line="1">',
      '      <failure type="KB030" message="KB030 spec.versions: has no version with storage: true">other dir/x,y:z.yaml:3: error KB030 spec.versions: has no version with storage: true&#10;hint: mark one version storage: true</failure>',
      '    </testcase>',
      '  </testsuite>',
      '</testsuites>',
      '',
    ]);
  });

  test('text XML cannot hold is replaced, markup is escaped', () => {
    expect(xmlText('a\u0000b\u001Fc\uD800d<&>\'"\t\r\n')).toBe('a\uFFFDb\uFFFDc\uFFFDd&lt;&amp;&gt;&apos;&quot;&#9;&#13;&#10;');
    expect(xmlText('\uD83D\uDE00')).toBe('\uD83D\uDE00');
  });
});

describe('GitHub annotations', () => {
  test('::error, ::warning and ::notice with file, line and the rule and its section as title, then the summary', () => {
    expect(GITHUB_REPORTER.render(report).split('\n')).toEqual([
      '::notice file=dist/app.k8s.yaml,line=1,title=KB041 https%3A//github.com/cdk8s-kube-bind/cdk8s-kube-bind/blob/main/docs/rules.md#kb041::ns/widgets.example.com (BoundSchema kube-bind.io/v1alpha2): deprecated, 100%25 <sure> & "quoted"',
      '::error file=dist/app.k8s.yaml,line=7,title=KB030 https%3A//github.com/cdk8s-kube-bind/cdk8s-kube-bind/blob/main/docs/rules.md#kb030::ns/widgets.example.com (BoundSchema kube-bind.io/v1alpha2) spec.versions: has no version with storage: true%0Ahint: mark one version storage: true',
      '::warning file=dist/app.k8s.yaml,line=7,title=KB032 https%3A//github.com/cdk8s-kube-bind/cdk8s-kube-bind/blob/main/docs/rules.md#kb032::ns/widgets.example.com (BoundSchema kube-bind.io/v1alpha2) spec.versions: no served version',
      '::error file=other dir/x%2Cy%3Az.yaml,line=3,title=KB030 https%3A//github.com/cdk8s-kube-bind/cdk8s-kube-bind/blob/main/docs/rules.md#kb030::b (BoundSchema kube-bind.io/v1alpha2) spec.versions: has no version with storage: true%0Ahint: mark one version storage: true',
      '3 objects checked: 1 valid, 2 invalid; 2 skipped; 2 errors, 1 warning, 1 note',
      '',
    ]);
  });

  test('standard input has no file to annotate: the command goes without file and line', () => {
    const out = GITHUB_REPORTER.render({ checked: [object('<stdin>', schema, [error])], skipped: 0, inputErrors: 0 });
    expect(out.split('\n')[0]).toMatch(/^::error title=KB030 [^:]+#kb030::/);
  });

  test('escaping as the Actions toolkit does', () => {
    expect(escapeData('50%\r\nx:y,z')).toBe('50%25%0D%0Ax:y,z');
    expect(escapeProperty('50%\r\nx:y,z')).toBe('50%25%0D%0Ax%3Ay%2Cz');
  });
});

describe('colour', () => {
  test.each([
    [{}, true, true],
    [{}, false, false],
    [{ NO_COLOR: '1' }, true, false],
    [{ NO_COLOR: '' }, true, true],
    [{ NO_COLOR: '1', FORCE_COLOR: '1' }, true, false],
    [{ FORCE_COLOR: '1' }, false, true],
    [{ FORCE_COLOR: '' }, false, true],
    [{ FORCE_COLOR: '0' }, true, false],
    [{ FORCE_COLOR: 'false' }, true, false],
  ])('env %j, terminal %s: colour %s', (env, tty, expected) => {
    expect(useColor(env, tty)).toBe(expected);
  });

  test('coloured text differs from plain text only by ANSI codes', () => {
    const coloured = TEXT_REPORTER.render(report, { color: true, version: '0' });
    expect(coloured).toContain('\u001b[1;31merror\u001b[0m');
    expect(coloured).toContain('\u001b[1;33mwarning\u001b[0m');
    expect(coloured).toContain('\u001b[1;36mnote\u001b[0m');
    // eslint-disable-next-line no-control-regex
    expect(coloured.replace(/\u001b\[[0-9;]*m/g, '')).toBe(TEXT_REPORTER.render(report));
  });

  async function validateOn(tty: boolean, env: { [name: string]: string }, format = 'text'): Promise<string> {
    const captured = captureIo();
    const io = { ...captured.io, stdout: { isTTY: tty, write: (s: string) => captured.io.stdout.write(s) } };
    await main(['validate', '--output', format, fixture('invalid.yaml')], io, { env });
    return captured.out();
  }

  test('a run colours only on a terminal, and never with NO_COLOR or in other formats', async () => {
    expect(await validateOn(true, {})).toContain('\u001b[');
    expect(await validateOn(false, {})).not.toContain('\u001b[');
    expect(await validateOn(true, { NO_COLOR: '1' })).not.toContain('\u001b[');
    expect(await validateOn(false, { FORCE_COLOR: '1' })).toContain('\u001b[');
    expect(await validateOn(true, {}, 'github')).not.toContain('\u001b[');
  });
});

describe('the formats through a run', () => {
  const file = fixture('invalid.yaml');
  const line = lineContaining(fs.readFileSync(file, 'utf8'), 'served: "yes"');

  test('sarif: exit status 1, the finding at its line', async () => {
    const r = await runCli(['validate', '-o', 'sarif', file]);
    expect(r.code).toBe(1);
    const results = JSON.parse(r.out).runs[0].results;
    expect(results).toContainEqual(expect.objectContaining({
      ruleId: 'KB003',
      locations: [expect.objectContaining({ physicalLocation: { artifactLocation: { uri: artifactUri(file) }, region: { startLine: line } } })],
    }));
  });

  test('junit and github: exit status 1, the finding named', async () => {
    const junit = await runCli(['validate', '--output=junit', file]);
    expect(junit.code).toBe(1);
    expect(junit.out).toContain('<failure type="KB003"');
    const github = await runCli(['validate', '--output', 'github', file]);
    expect(github.code).toBe(1);
    expect(github.out).toContain(`::error file=${escapeProperty(file)},line=${line},title=KB003 ${escapeProperty(ruleDocUrl('KB003'))}::`);
  });

  test('an unknown format is a usage error with a suggestion', async () => {
    const r = await runCli(['validate', '-o', 'sarf', file]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--output "sarf" is not one of text, json, sarif, junit, github (did you mean sarif?)');
  });
});

test('the program help lists --version', async () => {
  expect((await runCli(['--help'])).out).toMatch(/\n {2}-V, --version +print the version and exit\n/);
});

test('--version and -V print the package.json version', async () => {
  const version = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')).version;
  for (const flag of ['--version', '-V']) {
    const r = await runCli([flag]);
    expect(r).toEqual({ code: 0, out: `cdk8s-kube-bind ${version} (mirrors ${MIRRORED_KUBERNETES}'s validation)\n`, err: '' });
  }
});

test('sarif: unreadable standard input is a KB000 result without location, and a notification without location', () => {
  const log = JSON.parse(SARIF_REPORTER.render({
    checked: [], skipped: 0, inputErrors: 1, diagnostics: [{ severity: 'error', file: '<stdin>', line: 3, message: 'YAML syntax error: boom' }],
  }));
  expect(log.runs[0].results).toEqual([{ ruleId: 'KB000', ruleIndex: 0, level: 'error', message: { text: expect.stringMatching(/^YAML syntax error: boom\nhint: /) } }]);
  expect(log.runs[0].invocations).toEqual([{
    executionSuccessful: false, exitCode: 2, toolExecutionNotifications: [{ level: 'error', message: { text: 'YAML syntax error: boom' }, descriptor: { id: 'KB000' } }],
  }]);
  expect(sarifValidator()(log)).toBe(true);
});
