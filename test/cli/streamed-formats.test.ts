/**
 * Every format is written piece by piece as a run hands its objects over
 * (memory does not grow with the input). What it writes must be the same,
 * byte for byte, as the whole document:
 * - JSON and SARIF: as `JSON.stringify(document, null, 2)` of the whole
 *   document built at once from the same entries;
 * - every format: a streaming run (objects checked one by one, findings
 *   waiting on disk, counts known before the first object) writes what the
 *   format renders from the whole report of a run that holds every object.
 */
import * as fs from 'fs';
import { fixture, removeTempDirs, runCli, tempDir, writeFile } from './cli-helpers';
import { check } from '../../src/cli/check';
import { REPORTERS } from '../../src/cli/output';
import { jsonEntry, jsonInputEntry } from '../../src/cli/output/json';
import { inputErrors, ValidationReport } from '../../src/cli/output/reporter';
import { sarifDocument, SarifResults } from '../../src/cli/output/sarif';
import { selectForCheck, validateWithRules } from '../../src/cli/validate';
import { packageVersion } from '../../src/cli/version';
import { DEFAULT_LIMITS } from '../../src/io/read';
import { contextFor } from '../../src/rules';

const EXPORT = (name: string, isolation: string) => `apiVersion: kube-bind.io/v1alpha2
kind: APIServiceExport
metadata:
  name: ${name}.wildwest.dev
  namespace: kube-bind-wildwest
spec:
  resources:
  - group: wildwest.dev
    resource: ${name}
  isolation: ${isolation}
  informerScope: Namespaced
`;

let operands: string[];

beforeAll(() => {
  const dir = tempDir();
  operands = [
    writeFile(dir, 'a.yaml', `${EXPORT('cowboys', 'Prefixed')}---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: s\n---\n${EXPORT('sheriffs', 'Prefixd')}`),
    writeFile(dir, 'b-broken.yaml', 'kind: BoundSchema\nmetadata: {name: x\n'),
    // The same name twice across files: a finding across objects (KB170), and a List of two items.
    writeFile(dir, 'c.yaml', `apiVersion: v1\nkind: List\nitems:\n- ${EXPORT('cowboys', 'Prefixed').trimEnd().split('\n').join('\n  ')}\n- ${EXPORT('deputies', 'None').trimEnd().split('\n').join('\n  ')}\n`),
    writeFile(dir, 'd-empty.yaml', ''),
    // A valid export and an invalid BoundSchema (KB003), then the BoundSchema again under another name.
    fixture('invalid.yaml'),
    writeFile(dir, 'e.yaml', fs.readFileSync(fixture('invalid.yaml'), 'utf8').split('---\n')[1].replace('name: cowboys.wildwest.dev', 'name: cowboys-again')),
  ];
});
afterAll(removeTempDirs);

/** The report of a run holding every object, validated all at once (not streamed). */
async function wholeReport(): Promise<ValidationReport> {
  const noInput = { [Symbol.asyncIterator]: () => ({ next: async () => ({ done: true as const, value: undefined }) }) };
  const options = { operands, context: contextFor(), validate: validateWithRules, select: selectForCheck, limits: DEFAULT_LIMITS };
  const { report } = await check(options, noInput);
  return report;
}

test('the inputs give checked, skipped and unreadable objects, and findings of several kinds', async () => {
  const report = await wholeReport();
  expect(report.skippedObjects?.length).toBe(1);
  expect(inputErrors(report.diagnostics ?? []).length).toBe(1);
  expect(report.checked.length).toBe(7);
  const rules = new Set(report.checked.flatMap(o => o.violations.map(v => `${v.rule} ${v.severity}`)));
  // Per-object findings, and findings across objects (the BoundSchema defined twice in a namespace).
  expect([...rules].sort()).toEqual(['KB003 error', 'KB004 error', 'KB019 warning', 'KB174 warning', 'KB176 error']);
});

test.each(Object.keys(REPORTERS))('%s: a streaming run writes what the format renders of the whole report, byte for byte', async format => {
  const streamed = await runCli(['validate', '--output', format, ...operands]);
  expect(streamed.code).toBe(2);
  const whole = REPORTERS[format].render(await wholeReport(), { color: false, version: packageVersion() });
  expect(streamed.out).toBe(whole);
});

test('json: the streamed array is JSON.stringify of all entries at once, byte for byte', async () => {
  const report = await wholeReport();
  const entries = [...inputErrors(report.diagnostics ?? []).map(jsonInputEntry), ...report.checked.map(jsonEntry)];
  expect(REPORTERS.json.render(report)).toBe(JSON.stringify(entries, null, 2) + '\n');
  const empty: ValidationReport = { checked: [], skipped: 0, inputErrors: 0 };
  expect(REPORTERS.json.render(empty)).toBe('[]\n');
});

test('sarif: the streamed log is JSON.stringify of the whole log, byte for byte, rules after results', async () => {
  const report = await wholeReport();
  const results = new SarifResults();
  const all = [...inputErrors(report.diagnostics ?? []).map(d => results.ofInput(d)), ...report.checked.flatMap(o => results.ofObject(o))];
  const document = sarifDocument({ results: all, ruleIds: results.ruleIds, diagnostics: report.diagnostics ?? [], exitCode: 2, version: '1.2.3' });
  const streamed = REPORTERS.sarif.render(report, { color: false, version: '1.2.3' });
  expect(streamed).toBe(JSON.stringify(document, null, 2) + '\n');
  expect(streamed.indexOf('"results"')).toBeLessThan(streamed.indexOf('"rules"'));
  const empty = REPORTERS.sarif.render({ checked: [], skipped: 0, inputErrors: 0 }, { color: false, version: '1.2.3' });
  expect(empty).toBe(JSON.stringify(sarifDocument({ results: [], ruleIds: [], diagnostics: [], exitCode: 0, version: '1.2.3' }), null, 2) + '\n');
});
