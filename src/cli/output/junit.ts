/**
 * JUnit XML, as GitLab, Jenkins and most CI servers read it: a test suite
 * per file, written once the file's objects are handed over (so memory holds
 * one file's findings), and in it a test case per object:
 * - a checked object with errors fails, with ONE `<failure>` (readers count
 *   failing test cases by their failure elements) whose text lists every
 *   error; warnings and notes do not fail it and go to its system-out;
 * - an object of a kind this tool does not check is `<skipped/>`;
 * - an input that cannot be read is a test case of its own, named after
 *   the file, with an `<error>`, in a suite of its own, first.
 * `tests` counts every test case; `failures`, `errors` and `skipped` count
 * test cases too, in each suite and on the root (the sums of the suites').
 */
import {
  byLine, CheckedObject, describeObject, inputErrors, inputFinding, LocatedViolation, Reporter, ReportStream, renderStreamed,
  SEVERITY_LABELS, SkippedObject, ValidationReport,
} from './reporter';
import type { Diagnostic } from '../../io/read';
import { describeViolation } from '../../rules';

// Characters XML 1.0 cannot hold at all, even escaped: most C0 controls, lone surrogates, U+FFFE and U+FFFF.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for an XML attribute or element: escaped, and stripped of what XML cannot carry. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '\uFFFD')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;').replace(/'/g, '&apos;')
    .replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

/** `file:line: severity RULE path: message`, and the hint below: one finding in a failure's text. */
function findingLines(file: string, v: LocatedViolation): string {
  const line = `${file}:${v.line}: ${SEVERITY_LABELS[v.severity] ?? v.severity} ${v.rule} ${describeViolation(v)}`;
  return v.hint ? `${line}\nhint: ${v.hint}` : line;
}

function attributes(name: string, file: string, line: number): string {
  return `name="${xmlText(name)}" classname="${xmlText(file)}" file="${xmlText(file)}" line="${line}"`;
}

/** The test case of a checked object, and whether it failed. */
function checkedCase(object: CheckedObject): { readonly text: string; readonly failed: boolean } {
  const open = `    <testcase ${attributes(describeObject(object.manifest), object.file, object.line)}`;
  const sorted = byLine(object.violations);
  const errors = sorted.filter(v => v.severity === 'error');
  const others = sorted.filter(v => v.severity !== 'error');
  if (errors.length === 0 && others.length === 0) return { text: `${open}/>\n`, failed: false };
  let text = `${open}>\n`;
  if (errors.length > 0) {
    const message = errors.length === 1 ? `${errors[0].rule} ${describeViolation(errors[0])}` : `${errors.length} errors: ${[...new Set(errors.map(v => v.rule))].join(', ')}`;
    const type = [...new Set(errors.map(v => v.rule))].join(' ');
    text += `      <failure type="${xmlText(type)}" message="${xmlText(message)}">${xmlText(errors.map(v => findingLines(object.file, v)).join('\n'))}</failure>\n`;
  }
  if (others.length > 0) text += `      <system-out>${xmlText(others.map(v => findingLines(object.file, v)).join('\n'))}</system-out>\n`;
  return { text: `${text}    </testcase>\n`, failed: errors.length > 0 };
}

function skippedCase(object: SkippedObject): string {
  const reason = object.reason ?? 'not a kind cdk8s-kube-bind validate checks';
  return `    <testcase ${attributes(describeObject(object.manifest), object.file, object.line)}>\n      <skipped message="${xmlText(reason)}"/>\n    </testcase>\n`;
}

function inputCase(d: Diagnostic): string {
  const finding = inputFinding(d);
  return `    <testcase ${attributes(`${d.file} can be read`, d.file, finding.line)}>\n`
    + `      <error type="${xmlText(finding.rule)}" message="${xmlText(d.message)}">${xmlText(findingLines(d.file, finding))}</error>\n`
    + '    </testcase>\n';
}

interface Counts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
}

function suite(name: string, counts: Counts, cases: string): string {
  return `  <testsuite name="${xmlText(name)}" tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}">\n${cases}  </testsuite>\n`;
}

export const JUNIT_REPORTER: Reporter = {
  description: 'JUnit XML (GitLab, Jenkins): a test suite per file, a test case per object, one failure per invalid object',
  render(report: ValidationReport): string {
    return renderStreamed(junitStream(), report);
  },
  stream: junitStream,
};

function junitStream(): ReportStream {
  // The file whose test cases are being gathered, written as one suite when the next file starts.
  let file: string | undefined;
  let cases = '';
  let counts: Counts = { tests: 0, failures: 0, errors: 0, skipped: 0 };
  const switchTo = (next: string | undefined): string => {
    if (next === file) return '';
    const out = file !== undefined ? suite(file, counts, cases) : '';
    file = next;
    cases = '';
    counts = { tests: 0, failures: 0, errors: 0, skipped: 0 };
    return out;
  };
  return {
    begin({ diagnostics, totals }) {
      const unreadable = inputErrors(diagnostics);
      const s = totals.summary();
      let out = '<?xml version="1.0" encoding="UTF-8"?>\n'
        + `<testsuites name="cdk8s-kube-bind validate" tests="${s.checked + s.skipped + unreadable.length}" failures="${s.invalid}" errors="${unreadable.length}" skipped="${s.skipped}">\n`;
      for (const d of unreadable) {
        out += switchTo(d.file);
        cases += inputCase(d);
        counts.tests++;
        counts.errors++;
      }
      return out + switchTo(undefined);
    },
    object(object) {
      const out = switchTo(object.file);
      const { text, failed } = checkedCase(object);
      cases += text;
      counts.tests++;
      if (failed) counts.failures++;
      return out;
    },
    skipped(object) {
      const out = switchTo(object.file);
      cases += skippedCase(object);
      counts.tests++;
      counts.skipped++;
      return out;
    },
    end: () => `${switchTo(undefined)}</testsuites>\n`,
  };
}
