/**
 * `validate --strict` and `--fail-on-skipped`, in every format, and the
 * plugin's `strict` and `failOnSkipped`: an unknown field (KB009) is a
 * warning without --strict and an error with it; a skipped object is silent
 * without --fail-on-skipped and an error (KB001) that fails the run with it;
 * each format states the modes that are on; a streamed run writes what the
 * format renders of the whole report.
 */
import { toBeValidSarifLog } from '@microsoft/jest-sarif';
import { DOMParser, Element } from '@xmldom/xmldom';
import { removeTempDirs, runCli, tempDir, writeFile } from './cli-helpers';
import { check } from '../../src/cli/check';
import { REPORTERS } from '../../src/cli/output';
import { RunMode } from '../../src/cli/output/reporter';
import { strictValidateFn } from '../../src/cli/run-mode';
import { selectForCheck, validateWithRules } from '../../src/cli/validate';
import { packageVersion } from '../../src/cli/version';
import { DEFAULT_LIMITS } from '../../src/io/read';
import { KubeBindValidation, PluginContext, PluginViolation } from '../../src/plugin/cdk8s-plugin';
import { contextFor, strictRuleIds } from '../../src/rules';

expect.extend({ toBeValidSarifLog });

// A valid export but for one unknown field (KB009, line 9), and a ConfigMap, which validate skips (line 12).
const INPUT = `apiVersion: kube-bind.io/v1alpha2
kind: APIServiceExport
metadata:
  name: cowboys.wildwest.dev
  namespace: kube-bind-wildwest
spec:
  resources: [{group: wildwest.dev, resource: cowboys}]
  isolation: Prefixed
  colour: blue
  informerScope: Namespaced
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data: {a: b}
`;

let file: string;
let clean: string;
beforeAll(() => {
  const dir = tempDir();
  file = writeFile(dir, 'app.yaml', INPUT);
  clean = writeFile(dir, 'clean.yaml', INPUT.split('---\n')[0].replace('  colour: blue\n', ''));
});
afterAll(removeTempDirs);

const STRICT = ['--strict'];
const FAIL_ON_SKIPPED = ['--fail-on-skipped'];
const BOTH = [...STRICT, ...FAIL_ON_SKIPPED];

async function run(format: string, flags: string[], input = file) {
  return runCli(['validate', '--output', format, ...flags, input]);
}

test('the unknown-field rules (kube-bind\'s kinds, CRDs, metadata) are the ones whose severity strict field validation changes', () => {
  expect(strictRuleIds()).toEqual(['KB009', 'KB223', 'KB224']);
});

describe('text', () => {
  test('without the flags: KB009 a warning, the ConfigMap silent, exit 0, no mode in the summary', async () => {
    const r = await run('text', []);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`${file}:9: warning KB009 kube-bind-wildwest/cowboys.wildwest.dev (APIServiceExport kube-bind.io/v1alpha2) spec.colour: is not a known field of spec`);
    expect(r.out).not.toContain('KB001');
    expect(r.out.trimEnd().split('\n').pop()).toBe('1 object checked: 1 valid, 0 invalid; 1 skipped; 0 errors, 1 warning, 0 notes');
  });

  test('--strict: KB009 an error, exit 1, the summary says so', async () => {
    const r = await run('text', STRICT);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${file}:9: error KB009 `);
    expect(r.out.trimEnd().split('\n').pop())
      .toBe('1 object checked: 0 valid, 1 invalid; 1 skipped; 1 error, 0 warnings, 0 notes; unknown fields are errors (--strict)');
  });

  test('--fail-on-skipped: the ConfigMap an error of its own, exit 1, the summary says so', async () => {
    const r = await run('text', FAIL_ON_SKIPPED);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${file}:12: error KB001 settings (ConfigMap v1): not checked: it is not a kind cdk8s-kube-bind validate checks; with --fail-on-skipped`);
    expect(r.out.trimEnd().split('\n').pop()).toMatch(/; 1 skipped; .*; skipped objects fail the run \(--fail-on-skipped\)$/);
  });

  test('--fail-on-skipped with nothing skipped, --strict with no unknown field: exit 0, the modes still named', async () => {
    const r = await run('text', BOTH, clean);
    expect(r.code).toBe(0);
    expect(r.out).toBe('1 object checked: 1 valid, 0 invalid; 0 skipped; 0 errors, 0 warnings, 0 notes; '
      + 'unknown fields are errors, skipped objects fail the run (--strict --fail-on-skipped)\n');
  });
});

describe('json', () => {
  test('without the flags: KB009 a warning, no entry for the ConfigMap', async () => {
    const entries = JSON.parse((await run('json', [])).out);
    expect(entries.map((e: any) => e.kind)).toEqual(['APIServiceExport']);
    expect(entries[0].violations.map((v: any) => `${v.rule} ${v.severity}`)).toEqual(['KB009 warning']);
  });

  test('both flags: KB009 an error; the ConfigMap an invalid entry with one KB001 error; exit 1', async () => {
    const r = await run('json', BOTH);
    expect(r.code).toBe(1);
    const entries = JSON.parse(r.out);
    expect(entries[0].valid).toBe(false);
    expect(entries[0].violations.map((v: any) => `${v.rule} ${v.severity}`)).toEqual(['KB009 error']);
    expect(entries[1]).toMatchObject({ file, index: 1, line: 12, apiVersion: 'v1', kind: 'ConfigMap', name: 'settings', valid: false, previous: null });
    expect(entries[1].violations).toEqual([expect.objectContaining({ rule: 'KB001', severity: 'error', path: '' })]);
  });
});

describe('sarif', () => {
  test('without the flags: a warning result, no properties on the invocation', async () => {
    const log = JSON.parse((await run('sarif', [])).out);
    expect(log).toBeValidSarifLog();
    expect(log.runs[0].results.map((r: any) => `${r.ruleId} ${r.level}`)).toEqual(['KB009 warning']);
    expect(log.runs[0].invocations[0].properties).toBeUndefined();
  });

  test('both flags: KB009 an error, a KB001 result at the ConfigMap, the modes in the invocation\'s properties', async () => {
    const r = await run('sarif', BOTH);
    const log = JSON.parse(r.out);
    expect(log).toBeValidSarifLog();
    expect(log.runs[0].results.map((x: any) => `${x.ruleId} ${x.level}`)).toEqual(['KB009 error', 'KB001 error']);
    expect(log.runs[0].results[1].locations[0].physicalLocation.region).toEqual({ startLine: 12 });
    expect(log.runs[0].invocations[0]).toMatchObject({
      exitCode: 1,
      executionSuccessful: true,
      properties: { strict: true, failOnSkipped: true, arguments: ['--strict', '--fail-on-skipped'] },
    });
  });
});

describe('junit', () => {
  function parse(xml: string) {
    const errors: string[] = [];
    const doc = new DOMParser({ onError: (level, message) => { if (level !== 'warning') errors.push(message); } }).parseFromString(xml, 'text/xml');
    expect(errors).toEqual([]);
    const root = doc.documentElement!;
    const suite = root.getElementsByTagName('testsuite')[0];
    const cases = Array.from(suite.getElementsByTagName('testcase')) as Element[];
    return { root, suite, cases };
  }

  test('without the flags: the ConfigMap skipped, no properties', async () => {
    const { root, suite, cases } = parse((await run('junit', [])).out);
    expect(root.getAttribute('skipped')).toBe('1');
    expect(root.getAttribute('failures')).toBe('0');
    expect(suite.getElementsByTagName('properties').length).toBe(0);
    expect(cases[1].getElementsByTagName('skipped').length).toBe(1);
  });

  test('both flags: two failures (KB009 and the ConfigMap\'s KB001), nothing skipped, the modes as the suite\'s properties', async () => {
    const { root, suite, cases } = parse((await run('junit', BOTH)).out);
    expect([root.getAttribute('tests'), root.getAttribute('failures'), root.getAttribute('skipped')]).toEqual(['2', '2', '0']);
    expect([suite.getAttribute('tests'), suite.getAttribute('failures'), suite.getAttribute('skipped')]).toEqual(['2', '2', '0']);
    // The properties come first in the suite, as the JUnit schema has them.
    expect((suite.firstChild?.nextSibling as Element).tagName).toBe('properties');
    const properties = Array.from(suite.getElementsByTagName('property')).map(p => `${p.getAttribute('name')}=${p.getAttribute('value')}`);
    expect(properties).toEqual(['strict=true', 'failOnSkipped=true']);
    expect(cases[0].getElementsByTagName('failure')[0].getAttribute('type')).toBe('KB009');
    expect(cases[1].getElementsByTagName('failure')[0].getAttribute('type')).toBe('KB001');
    expect(cases[1].getElementsByTagName('skipped').length).toBe(0);
  });
});

describe('github', () => {
  test('without the flags: a ::warning, nothing for the ConfigMap', async () => {
    const r = await run('github', []);
    expect(r.out).toMatch(/^::warning file=.*,line=9,title=KB009 /m);
    expect(r.out).not.toContain('KB001');
  });

  test('both flags: ::error for KB009 and for the ConfigMap, the modes in the summary', async () => {
    const r = await run('github', BOTH);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^::error file=.*,line=9,title=KB009 /m);
    expect(r.out).toMatch(/^::error file=.*,line=12,title=KB001 .*::settings \(ConfigMap v1\): not checked/m);
    expect(r.out.trimEnd().split('\n').pop()).toMatch(/\(--strict --fail-on-skipped\)$/);
  });
});

test.each(Object.keys(REPORTERS))('%s with both flags: a streaming run writes what the format renders of the whole report', async format => {
  const streamed = await run(format, BOTH);
  const mode: RunMode = { strict: true, failOnSkipped: true };
  const noInput = { [Symbol.asyncIterator]: () => ({ next: async () => ({ done: true as const, value: undefined }) }) };
  const { report } = await check({
    operands: [file], context: contextFor(), validate: strictValidateFn(validateWithRules), select: selectForCheck, limits: DEFAULT_LIMITS, mode,
  }, noInput);
  expect(streamed.out).toBe(REPORTERS[format].render(report, { color: false, version: packageVersion() }));
});

test('--help names both flags', async () => {
  const r = await runCli(['validate', '--help']);
  expect(r.out).toContain('--strict');
  expect(r.out).toContain('--fail-on-skipped');
  expect(r.out).toContain('-ignore-missing-schemas');
});

describe('the cdk8s-cli plugin', () => {
  function recording(manifests: string[]) {
    const violations: PluginViolation[] = [];
    let submitted: { status: string; metadata?: { readonly [key: string]: string } } | undefined;
    const context: PluginContext = {
      manifests,
      report: { addViolation: v => { violations.push(v); }, submit: (status, metadata) => { submitted = { status, metadata }; } },
      logger: { log: () => undefined },
    };
    return { context, violations, submitted: () => submitted };
  }

  test('by default: KB009 a warning, success, the modes off in the metadata', async () => {
    const r = recording([file]);
    await new KubeBindValidation().validate(r.context);
    expect(r.violations.map(v => v.ruleName.slice(0, 13))).toEqual(['KB009 warning']);
    expect(r.submitted()).toEqual({
      status: 'success',
      metadata: {
        'Objects checked': '1',
        'Objects skipped': '1',
        'Errors': '0',
        'Warnings': '1',
        'Notes': '0',
        'Strict field validation': 'off',
        'Fail on skipped': 'off',
      },
    });
  });

  test('strict and failOnSkipped: KB009 an error, the ConfigMap a KB001 error, failure, the modes on in the metadata', async () => {
    const r = recording([file]);
    await new KubeBindValidation({ strict: true, failOnSkipped: true }).validate(r.context);
    expect(r.violations.map(v => v.ruleName.slice(0, 11))).toEqual(['KB009 error', 'KB001 error']);
    expect(r.violations[1].violatingResources).toEqual([{ resourceName: 'settings', locations: ['(the object) (line 12)'], manifestPath: file }]);
    expect(r.submitted()?.status).toBe('failure');
    expect(r.submitted()?.metadata).toMatchObject({ 'Errors': '2', 'Strict field validation': 'on', 'Fail on skipped': 'on' });
  });

  test('a property that is not a boolean is refused with the fix', () => {
    expect(() => new KubeBindValidation({ strict: 'yes' } as any)).toThrow('properties.strict "yes" must be true or false');
    expect(() => new KubeBindValidation({ failOnSkiped: true } as any)).toThrow('(did you mean "failOnSkipped"?)');
  });
});
