/**
 * One YAML error, one invalid object, one valid object and one object of a
 * kind the tool does not check, through every format of `validate`, each
 * read back with a reader of that format: the text lines and summary, JSON,
 * SARIF against the SARIF 2.1.0 schema, JUnit with an XML parser counted as
 * JUnit readers count, GitHub workflow commands by their syntax. Each must
 * name the broken file and the invalid object's problem, with counts that
 * agree with the text summary.
 */
import * as fs from 'fs';
import * as path from 'path';
import { toBeValidSarifLog } from '@microsoft/jest-sarif';
// A real XML parser (a devDependency), so the JUnit report is read as a JUnit reader reads it.
import { Document, DOMParser, Element } from '@xmldom/xmldom';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { lineContaining, removeTempDirs, runCli, tempDir, writeFile } from './cli-helpers';
import { ruleDocUrl, Summary } from '../../src/cli/output';
import { artifactUri } from '../../src/cli/output/sarif';

expect.extend({ toBeValidSarifLog });

const SARIF_SCHEMA = path.join(__dirname, '..', '..', 'node_modules', '@microsoft', 'jest-sarif', 'lib', 'schemas', 'sarif-2.1.0-rtm.5.json');

const VALID = `apiVersion: kube-bind.io/v1alpha2
kind: APIServiceExport
metadata:
  name: cowboys.wildwest.dev
  namespace: kube-bind-wildwest
spec:
  resources:
  - group: wildwest.dev
    resource: cowboys
  isolation: Prefixed
  informerScope: Namespaced
`;

/** `isolation: Prefixd` and `informerScope: Namespacd` break one rule (KB004) at two fields: two errors, one failing object. */
const INVALID = VALID.replace('name: cowboys.wildwest.dev', 'name: sheriffs.wildwest.dev').replace('resource: cowboys', 'resource: sheriffs')
  .replace('isolation: Prefixed', 'isolation: Prefixd').replace('informerScope: Namespaced', 'informerScope: Namespacd');

const SECRET = 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: token\n';

/** The flow map is never closed. */
const BROKEN = 'apiVersion: kube-bind.io/v1alpha2\nkind: BoundSchema\nmetadata: {name: widgets\n';

let dir: string;
let broken: string;
let app: string;
let appText: string;

beforeAll(() => {
  dir = tempDir();
  broken = writeFile(dir, 'a-broken.yaml', BROKEN);
  appText = `${VALID}---\n${INVALID}---\n${SECRET}`;
  app = writeFile(dir, 'b-app.yaml', appText);
});
afterAll(removeTempDirs);

/** What the text summary says, read back from its words (notes are `infos`). */
type Counts = Summary & { readonly inputErrors: number };

function summaryCounts(summary: string): Counts {
  const m = /^(\d+) objects? checked: (\d+) valid, (\d+) invalid; (\d+) skipped; (\d+) errors?, (\d+) warnings?, (\d+) notes?(?:; (\d+) input errors? \(see above\))?$/.exec(summary);
  if (m === null) throw new Error(`not a summary line: ${summary}`);
  const [checked, valid, invalid, skipped, errors, warnings, infos, inputErrors] = m.slice(1).map(n => Number(n ?? 0));
  return { checked, valid, invalid, skipped, errors, warnings, infos, inputErrors };
}

async function validate(format: string) {
  // Two operands: the folder would read the files in the same order; explicit files keep the test's intent plain.
  return runCli(['validate', '--output', format, broken, app]);
}

let textRun: { out: string; err: string; code: number };
let counts: Counts;
const kb004Line = (): number => lineContaining(appText, 'isolation: Prefixd');

beforeAll(async () => {
  textRun = await validate('text');
  const lines = textRun.out.trimEnd().split('\n');
  counts = summaryCounts(lines[lines.length - 1]);
});

describe('text', () => {
  test('the summary counts the valid, the invalid, the skipped object and the unreadable file; exit status 2', () => {
    expect(textRun.code).toBe(2);
    expect(counts).toEqual({ checked: 2, valid: 1, invalid: 1, skipped: 1, errors: 2, warnings: 0, infos: 0, inputErrors: 1 });
  });

  test('one line per finding, file:line: severity RULE object path: message, the path once, the hint below, indented', () => {
    const lines = textRun.out.trimEnd().split('\n');
    const findings = lines.filter(l => /^\S.*:\d+: (error|warning|note) KB\d{3} /.test(l));
    expect(findings).toHaveLength(counts.errors + counts.warnings + counts.infos);
    const m = /^(.+):(\d+): (error|warning|note) (KB\d{3}) (.+?) \((\w+) ([\w./-]+)\) (\S+): (.*)$/.exec(findings[0]);
    expect(m).not.toBeNull();
    const [, file, line, severity, rule, object, kind, , fieldPath, message] = m!;
    expect({ file, line: Number(line), severity, rule, object, kind, fieldPath }).toEqual({
      file: app, line: kb004Line(), severity: 'error', rule: 'KB004', object: 'kube-bind-wildwest/sheriffs.wildwest.dev', kind: 'APIServiceExport', fieldPath: 'spec.isolation',
    });
    expect(message).toMatch(/^"Prefixd" /);
    expect(message).not.toContain('spec.isolation');
    expect(lines[lines.indexOf(findings[0]) + 1]).toMatch(/^ {4}hint: \S/);
  });

  test('the unreadable file is on stderr, named with its line', () => {
    expect(textRun.err).toMatch(new RegExp(`^${escapeRegExp(broken)}:\\d+: error: YAML syntax error`, 'm'));
  });
});

describe('json', () => {
  test('one array: the unreadable file as an invalid KB000 entry, then an entry per checked object', async () => {
    const r = await validate('json');
    expect(r.code).toBe(2);
    const entries = JSON.parse(r.out);
    const unreadable = entries.filter((e: any) => e.index === null);
    const checked = entries.filter((e: any) => e.index !== null);
    expect(unreadable).toEqual([expect.objectContaining({ file: broken, valid: false, violations: [expect.objectContaining({ rule: 'KB000', severity: 'error', message: expect.stringContaining('YAML syntax error') })] })]);
    expect(unreadable.length).toBe(counts.inputErrors);
    expect(checked.length).toBe(counts.checked);
    expect(checked.filter((e: any) => e.valid).length).toBe(counts.valid);
    const found = checked.flatMap((e: any) => e.violations.map((v: any) => ({ ...v, name: e.name })));
    expect(found.filter((v: any) => v.severity === 'error').length).toBe(counts.errors);
    expect(found).toEqual([
      expect.objectContaining({ rule: 'KB004', path: 'spec.isolation', name: 'sheriffs.wildwest.dev', message: expect.stringMatching(/^"Prefixd" /) }),
      expect.objectContaining({ rule: 'KB004', path: 'spec.informerScope', name: 'sheriffs.wildwest.dev', message: expect.stringMatching(/^"Namespacd" /) }),
    ]);
  });
});

describe('sarif', () => {
  let log: any;
  beforeAll(async () => {
    const r = await validate('sarif');
    expect(r.code).toBe(2);
    log = JSON.parse(r.out);
  });

  test('valid against the SARIF 2.1.0 schema (Ajv, and jest-sarif)', () => {
    const schema = JSON.parse(fs.readFileSync(SARIF_SCHEMA, 'utf8'));
    const { id, $schema: _draft04, ...rest } = schema;
    const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
    addFormats(ajv);
    const check = ajv.compile({ ...rest, $id: id, $schema: 'http://json-schema.org/draft-07/schema#' });
    expect(check(log) ? [] : check.errors).toEqual([]);
    expect(log).toBeValidSarifLog();
  });

  test('the unreadable file: an error-level tool execution notification and a KB000 result at the file; execution not successful, exit code 2', () => {
    const [invocation] = log.runs[0].invocations;
    expect(invocation.executionSuccessful).toBe(false);
    expect(invocation.exitCode).toBe(2);
    const errors = invocation.toolExecutionNotifications.filter((n: any) => n.level === 'error');
    expect(errors).toHaveLength(counts.inputErrors);
    expect(errors[0].locations[0].physicalLocation.artifactLocation.uri).toBe(artifactUri(broken));
    const kb000 = log.runs[0].results.filter((r: any) => r.ruleId === 'KB000');
    expect(kb000).toHaveLength(counts.inputErrors);
    expect(kb000[0].level).toBe('error');
    expect(kb000[0].locations[0].physicalLocation.artifactLocation.uri).toBe(artifactUri(broken));
    expect(kb000[0].message.text).toContain('YAML syntax error');
  });

  test('the invalid object: a KB004 result at its line; counts agree with the summary; each rule links to its section', () => {
    const run = log.runs[0];
    const findings = run.results.filter((r: any) => r.ruleId !== 'KB000');
    expect(findings.filter((r: any) => r.level === 'error')).toHaveLength(counts.errors);
    expect(findings.filter((r: any) => r.level === 'warning')).toHaveLength(counts.warnings);
    expect(findings.filter((r: any) => r.level === 'note')).toHaveLength(counts.infos);
    expect(findings[0]).toMatchObject({ ruleId: 'KB004', locations: [{ physicalLocation: { artifactLocation: { uri: artifactUri(app) }, region: { startLine: kb004Line() } } }] });
    for (const result of run.results) expect(run.tool.driver.rules[result.ruleIndex].id).toBe(result.ruleId);
    for (const rule of run.tool.driver.rules) expect(rule.helpUri).toBe(ruleDocUrl(rule.id));
    expect(ruleDocUrl('KB004')).toMatch(/\/docs\/rules\.md#kb004$/);
  });
});

describe('junit', () => {
  let doc: Document;
  beforeAll(async () => {
    const r = await validate('junit');
    expect(r.code).toBe(2);
    const errors: string[] = [];
    doc = new DOMParser({ onError: (level, message) => { if (level !== 'warning') errors.push(message); } }).parseFromString(r.out, 'text/xml');
    expect(errors).toEqual([]);
  });

  const all = (parent: Document | Element, name: string): Element[] => Array.from(parent.getElementsByTagName(name));
  const attr = (e: Element, name: string): number => Number(e.getAttribute(name));
  const declared = (e: Element) => ({ tests: attr(e, 'tests'), failures: attr(e, 'failures'), errors: attr(e, 'errors'), skipped: attr(e, 'skipped') });
  /** What a JUnit reader shows: test cases by outcome. */
  const outcomes = (cases: Element[]) => ({
    tests: cases.length,
    failures: cases.filter(c => all(c, 'failure').length > 0).length,
    errors: cases.filter(c => all(c, 'error').length > 0).length,
    skipped: cases.filter(c => all(c, 'skipped').length > 0).length,
  });

  test('counts on the root and each suite are the counts of their test cases, and agree with the summary', () => {
    const root = doc.documentElement!;
    expect(root.tagName).toBe('testsuites');
    const cases = all(doc, 'testcase');
    const seen = outcomes(cases);
    expect(declared(root)).toEqual(seen);
    expect(seen).toEqual({
      tests: counts.checked + counts.skipped + counts.inputErrors, failures: counts.invalid, errors: counts.inputErrors, skipped: counts.skipped,
    });
    for (const suite of all(doc, 'testsuite')) {
      expect(declared(suite)).toEqual(outcomes(all(suite, 'testcase')));
    }
    // One failure element per failing case: readers count failures by them.
    for (const c of cases) expect(all(c, 'failure').length).toBeLessThanOrEqual(1);
  });

  test('the unreadable file is a test case with an <error> naming it; the invalid object fails with KB004; the Secret is skipped', () => {
    const suites = all(doc, 'testsuite');
    expect(suites.map(s => s.getAttribute('name'))).toEqual([broken, app]);
    const [errorCase] = all(suites[0], 'testcase');
    expect(errorCase.getAttribute('name')).toContain(broken);
    expect(all(errorCase, 'error')[0].getAttribute('type')).toBe('KB000');
    expect(all(errorCase, 'error')[0].textContent).toContain(`${broken}:`);
    const failing = all(suites[1], 'testcase').filter(c => all(c, 'failure').length > 0);
    expect(failing.map(c => c.getAttribute('name'))).toEqual(['kube-bind-wildwest/sheriffs.wildwest.dev (APIServiceExport kube-bind.io/v1alpha2)']);
    // Both errors in the one failure's text.
    const [failure] = all(failing[0], 'failure');
    expect(failure.getAttribute('message')).toBe('2 errors: KB004');
    expect(failure.textContent).toContain(`${app}:${kb004Line()}: error KB004 spec.isolation: "Prefixd"`);
    expect(failure.textContent).toContain('error KB004 spec.informerScope: "Namespacd"');
    const skipped = all(suites[1], 'testcase').filter(c => all(c, 'skipped').length > 0);
    expect(skipped.map(c => c.getAttribute('name'))).toEqual(['token (Secret v1)']);
  });
});

describe('github', () => {
  /** A workflow command by the runner's syntax: `::name key=value,key=value::message`, with the toolkit's escapes undone. */
  function parseCommand(line: string) {
    const m = /^::([a-z]+)(?: ([^:]*))?::(.*)$/.exec(line);
    if (m === null) return undefined;
    const unescape = (s: string): string => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
    const properties: Record<string, string> = {};
    for (const pair of (m[2] ?? '').split(',').filter(p => p !== '')) {
      const eq = pair.indexOf('=');
      properties[pair.slice(0, eq)] = unescape(pair.slice(eq + 1));
    }
    return { command: m[1], properties, message: unescape(m[3]) };
  }

  test('an ::error at the unreadable file, an ::error at the invalid field with the rule and its section as title; counts agree', async () => {
    const r = await validate('github');
    expect(r.code).toBe(2);
    const lines = r.out.trimEnd().split('\n');
    const commands = lines.map(parseCommand).filter(c => c !== undefined);
    // Every line but the summary is a well-formed command.
    expect(commands).toHaveLength(lines.length - 1);
    expect(summaryCounts(lines[lines.length - 1])).toEqual(counts);
    const atBroken = commands.filter(c => c!.properties.file === broken);
    expect(atBroken).toEqual([expect.objectContaining({ command: 'error', message: expect.stringContaining('YAML syntax error') })]);
    expect(Number(atBroken[0]!.properties.line)).toBeGreaterThan(0);
    const findings = commands.filter(c => c!.properties.file === app);
    expect(findings.filter(c => c!.command === 'error')).toHaveLength(counts.errors);
    expect(findings[0]).toEqual({
      command: 'error',
      properties: { file: app, line: String(kb004Line()), title: `KB004 ${ruleDocUrl('KB004')}` },
      message: expect.stringMatching(/^kube-bind-wildwest\/sheriffs\.wildwest\.dev \(APIServiceExport kube-bind\.io\/v1alpha2\) spec\.isolation: "Prefixd" [^\n]*\nhint: /),
    });
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
