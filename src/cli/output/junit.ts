/**
 * JUnit XML, as GitLab, Jenkins and most CI servers read it: a test suite
 * per file, whose counts the run knows before it hands the objects over, so
 * each test case is written as its object comes; in it a test case per object:
 * - a checked object with errors fails, with ONE `<failure>` (readers count
 *   failing test cases by their failure elements) whose text lists every
 *   error; warnings and notes do not fail it and go to its system-out;
 * - an object of a kind this tool does not check is `<skipped/>`, or under
 *   `--fail-on-skipped` a test case with a `<failure>` (KB001);
 * - the modes that are on (`--strict`, `--fail-on-skipped`) are each suite's
 *   `<properties>`;
 * - an input that cannot be read is a test case of its own, named after
 *   the file, with an `<error>`, in a suite of its own, first.
 * `tests` counts every test case; `failures`, `errors` and `skipped` count
 * test cases too, in each suite and on the root (the sums of the suites').
 */
import {
  byLine, CheckedObject, describeObject, FileCounts, inputErrors, inputFinding, LocatedViolation, modeFlags, Reporter, ReportStream, renderStreamed,
  RunMode, SEVERITY_LABELS, SkippedObject, skippedFinding, ValidationReport,
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

/** The test case of a checked object. */
function checkedCase(object: CheckedObject): string {
  const open = `    <testcase ${attributes(describeObject(object.manifest), object.file, object.line)}`;
  const sorted = byLine(object.violations);
  const errors = sorted.filter(v => v.severity === 'error');
  const others = sorted.filter(v => v.severity !== 'error');
  if (errors.length === 0 && others.length === 0) return `${open}/>\n`;
  let text = `${open}>\n`;
  if (errors.length > 0) {
    const message = errors.length === 1 ? `${errors[0].rule} ${describeViolation(errors[0])}` : `${errors.length} errors: ${[...new Set(errors.map(v => v.rule))].join(', ')}`;
    const type = [...new Set(errors.map(v => v.rule))].join(' ');
    text += `      <failure type="${xmlText(type)}" message="${xmlText(message)}">${xmlText(errors.map(v => findingLines(object.file, v)).join('\n'))}</failure>\n`;
  }
  if (others.length > 0) text += `      <system-out>${xmlText(others.map(v => findingLines(object.file, v)).join('\n'))}</system-out>\n`;
  return `${text}    </testcase>\n`;
}

function skippedCase(object: SkippedObject): string {
  const reason = object.reason ?? 'not a kind cdk8s-kube-bind validate checks';
  return `    <testcase ${attributes(describeObject(object.manifest), object.file, object.line)}>\n      <skipped message="${xmlText(reason)}"/>\n    </testcase>\n`;
}

/** A skipped object under `--fail-on-skipped`: a failing test case, its one finding the failure. */
function failedSkippedCase(object: SkippedObject): string {
  const v = skippedFinding(object);
  return `    <testcase ${attributes(describeObject(object.manifest), object.file, object.line)}>\n`
    + `      <failure type="${xmlText(v.rule)}" message="${xmlText(`${v.rule} ${describeViolation(v)}`)}">${xmlText(findingLines(object.file, v))}</failure>\n`
    + '    </testcase>\n';
}

/** The modes of the run, as a suite's properties (the first thing in it), when any is on. */
function modeProperties(mode: RunMode | undefined): string {
  if (modeFlags(mode).length === 0) return '';
  return '    <properties>\n'
    + `      <property name="strict" value="${mode?.strict === true}"/>\n`
    + `      <property name="failOnSkipped" value="${mode?.failOnSkipped === true}"/>\n`
    + '    </properties>\n';
}

function inputCase(d: Diagnostic): string {
  const finding = inputFinding(d);
  return `    <testcase ${attributes(`${d.file} can be read`, d.file, finding.line)}>\n`
    + `      <error type="${xmlText(finding.rule)}" message="${xmlText(d.message)}">${xmlText(findingLines(d.file, finding))}</error>\n`
    + '    </testcase>\n';
}

function suiteOpen(name: string, tests: number, failures: number, errors: number, skipped: number): string {
  return `  <testsuite name="${xmlText(name)}" tests="${tests}" failures="${failures}" errors="${errors}" skipped="${skipped}">\n`;
}

const SUITE_CLOSE = '  </testsuite>\n';

export const JUNIT_REPORTER: Reporter = {
  description: 'JUnit XML (GitLab, Jenkins): a test suite per file, a test case per object, one failure per invalid object',
  render(report: ValidationReport): string {
    return renderStreamed(junitStream(), report);
  },
  stream: junitStream,
};

function junitStream(): ReportStream {
  // The file whose suite is open, and the counts of the suites still to open, in the order they come.
  let file: string | undefined;
  let files: readonly FileCounts[] = [];
  let next = 0;
  let mode: RunMode | undefined;
  // Under --fail-on-skipped a skipped object is a failure, not a skipped test case.
  let failOnSkipped = false;
  /** Closes the open suite and opens the next one when the object belongs to another file. */
  const suiteOf = (objectFile: string): string => {
    if (objectFile === file) return '';
    const close = file !== undefined ? SUITE_CLOSE : '';
    const counts = files[next++];
    if (counts === undefined || counts.file !== objectFile) throw new Error(`JUnit: objects of ${objectFile} were not announced`);
    file = objectFile;
    const failures = counts.invalid + (failOnSkipped ? counts.skipped : 0);
    return close + suiteOpen(objectFile, counts.checked + counts.skipped, failures, 0, failOnSkipped ? 0 : counts.skipped) + modeProperties(mode);
  };
  return {
    begin(head) {
      files = head.files;
      mode = head.totals.end.mode;
      failOnSkipped = mode?.failOnSkipped === true;
      const unreadable = inputErrors(head.diagnostics);
      const s = head.totals.summary();
      const failures = s.invalid + (failOnSkipped ? s.skipped : 0);
      let out = '<?xml version="1.0" encoding="UTF-8"?>\n'
        + `<testsuites name="cdk8s-kube-bind validate" tests="${s.checked + s.skipped + unreadable.length}" failures="${failures}" errors="${unreadable.length}" skipped="${failOnSkipped ? 0 : s.skipped}">\n`;
      // An unreadable file gives no object: its suite holds its errors only.
      for (let i = 0; i < unreadable.length;) {
        const name = unreadable[i].file;
        const first = i;
        while (i < unreadable.length && unreadable[i].file === name) i++;
        out += suiteOpen(name, i - first, 0, i - first, 0) + modeProperties(mode) + unreadable.slice(first, i).map(inputCase).join('') + SUITE_CLOSE;
      }
      return out;
    },
    object: object => suiteOf(object.file) + checkedCase(object),
    skipped: object => suiteOf(object.file) + (failOnSkipped ? failedSkippedCase(object) : skippedCase(object)),
    end: () => `${file !== undefined ? SUITE_CLOSE : ''}</testsuites>\n`,
  };
}
