/**
 * Output formats: the text and JSON reporters on hand-made reports, and a
 * format of our own plugged into a run, as adding a format should be.
 */
import { captureIo, fixture } from './cli-helpers';
import { runCheck } from '../../src/cli/check';
import { CheckedObject, formatDiagnostic, JSON_REPORTER, LocatedViolation, Reporter, REPORTERS, summarize, TEXT_REPORTER, ValidationReport } from '../../src/cli/output';
import { DEFAULT_LIMITS } from '../../src/io/read';
import { Manifest } from '../../src/model/manifest';

function object(manifest: Manifest, violations: LocatedViolation[] = []): CheckedObject {
  return { file: 'f.yaml', index: 0, line: 1, manifest, violations, valid: !violations.some(v => v.severity === 'error') };
}

const error: LocatedViolation = { rule: 'KB031', severity: 'error', path: 'spec.versions[1].storage', message: 'm1', hint: 'h1', line: 7 };
const warning: LocatedViolation = { rule: 'KB032', severity: 'warning', path: 'spec.versions', message: 'm2', line: 3 };
const info: LocatedViolation = { rule: 'KB033', severity: 'info', path: '', message: 'm3', line: 1 };

const report: ValidationReport = {
  checked: [
    object({ apiVersion: 'kube-bind.io/v1alpha2', kind: 'BoundSchema', metadata: { name: 'a', namespace: 'ns' } }, [error, warning, info]),
    object({ apiVersion: 'kube-bind.io/v1alpha2', kind: 'APIServiceExport', metadata: { name: 'b' } }, [warning]),
    object({ apiVersion: 'kube-bind.io/v1alpha2', kind: ['odd'], metadata: 'not a map' }),
  ],
  skipped: 4,
  inputErrors: 0,
};

test('summary counts', () => {
  expect(summarize(report)).toEqual({ checked: 3, valid: 2, invalid: 1, skipped: 4, errors: 1, warnings: 2, infos: 1 });
});

test('text: sorted by line, hints indented, placeholders for missing names, a summary', () => {
  expect(TEXT_REPORTER.render(report).split('\n')).toEqual([
    'f.yaml:1: note KB033 ns/a (BoundSchema kube-bind.io/v1alpha2): m3',
    'f.yaml:3: warning KB032 ns/a (BoundSchema kube-bind.io/v1alpha2) spec.versions: m2',
    'f.yaml:7: error KB031 ns/a (BoundSchema kube-bind.io/v1alpha2) spec.versions[1].storage: m1',
    '    hint: h1',
    'f.yaml:3: warning KB032 b (APIServiceExport kube-bind.io/v1alpha2) spec.versions: m2',
    '3 objects checked: 2 valid, 1 invalid; 4 skipped; 1 error, 2 warnings, 1 note',
    '',
  ]);
  expect(TEXT_REPORTER.render({ checked: [object({ kind: 7 }, [{ ...error, line: 2 }])], skipped: 0, inputErrors: 2 }).split('\n')).toEqual([
    'f.yaml:2: error KB031 <unnamed> (7 <none>) spec.versions[1].storage: m1',
    '    hint: h1',
    '1 object checked: 0 valid, 1 invalid; 0 skipped; 1 error, 0 warnings, 0 notes; 2 input errors (see above)',
    '',
  ]);
});

test('JSON: values that are not strings become null, violations keep the validator order', () => {
  const entries = JSON.parse(JSON_REPORTER.render(report));
  expect(entries[2]).toEqual({
    file: 'f.yaml', index: 0, line: 1, apiVersion: 'kube-bind.io/v1alpha2', kind: null, namespace: null, name: null, valid: true, previous: null, violations: [],
  });
  expect(entries[0].violations.map((v: any) => v.rule)).toEqual(['KB031', 'KB032', 'KB033']);
  expect(entries[0].violations[1].hint).toBeNull();
});

test('diagnostics: file:line: severity: message, or file: when the line is unknown', () => {
  expect(formatDiagnostic({ severity: 'error', file: 'a.yaml', line: 3, message: 'boom' })).toBe('a.yaml:3: error: boom');
  expect(formatDiagnostic({ severity: 'warning', file: '<stdin>', message: 'hmm' })).toBe('<stdin>: warning: hmm');
});

test('the formats --output offers are the keys of REPORTERS', () => {
  expect(Object.keys(REPORTERS)).toEqual(['text', 'json', 'sarif', 'junit', 'github']);
});

test('a new format is one Reporter: reading and validation stay untouched', async () => {
  const names: Reporter = {
    description: 'names of invalid objects',
    render: r => r.checked.filter(o => !o.valid).map(o => `${o.manifest.metadata.name}\n`).join(''),
  };
  const captured = captureIo();
  const code = await runCheck({
    operands: [fixture('invalid.yaml')],
    context: { group: 'kube-bind.io' },
    reporter: names,
    validate: objects => objects.map(o => (o.kind === 'BoundSchema' ? [{ rule: 'KB999', severity: 'error', path: '', message: 'no' }] : [])),
    limits: DEFAULT_LIMITS,
  }, captured.io);
  expect(code).toBe(1);
  expect(captured.out()).toBe('cowboys.wildwest.dev\n');
});
