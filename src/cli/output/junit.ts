/**
 * JUnit XML, as GitLab, Jenkins and most CI servers read it: a test suite per
 * file, a test case per checked object, a failure per error. Warnings and
 * notes do not fail a test case; they go to its system-out.
 */
import { byLine, CheckedObject, describeObject, LocatedViolation, Reporter, SEVERITY_LABELS, ValidationReport } from './reporter';

// Characters XML 1.0 cannot hold at all, even escaped: most C0 controls, lone surrogates, U+FFFE and U+FFFF.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for an XML attribute or element: escaped, and stripped of what XML cannot carry. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '\uFFFD')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;').replace(/'/g, '&apos;')
    .replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

function describeViolation(object: CheckedObject, v: LocatedViolation): string {
  const line = `${object.file}:${v.line}: ${SEVERITY_LABELS[v.severity] ?? v.severity} ${v.rule}${v.path ? ` ${v.path}` : ''}: ${v.message}`;
  return v.hint ? `${line}\nhint: ${v.hint}` : line;
}

function testCase(object: CheckedObject): string[] {
  const attributes = `name="${xmlText(describeObject(object.manifest))}" classname="${xmlText(object.file)}" file="${xmlText(object.file)}" line="${object.line}"`;
  const sorted = byLine(object.violations);
  const errors = sorted.filter(v => v.severity === 'error');
  const others = sorted.filter(v => v.severity !== 'error');
  if (errors.length === 0 && others.length === 0) return [`    <testcase ${attributes}/>`];
  const out = [`    <testcase ${attributes}>`];
  for (const v of errors) {
    out.push(`      <failure type="${xmlText(v.rule)}" message="${xmlText(`${v.rule}${v.path ? ` ${v.path}` : ''}: ${v.message}`)}">${xmlText(describeViolation(object, v))}</failure>`);
  }
  if (others.length > 0) {
    out.push(`      <system-out>${xmlText(others.map(v => describeViolation(object, v)).join('\n'))}</system-out>`);
  }
  out.push('    </testcase>');
  return out;
}

export const JUNIT_REPORTER: Reporter = {
  description: 'JUnit XML (GitLab, Jenkins): a test case per checked object, a failure per error',
  render(report: ValidationReport): string {
    const files = [...new Set(report.checked.map(o => o.file))];
    const failures = (objects: readonly CheckedObject[]): number => objects.reduce((n, o) => n + o.violations.filter(v => v.severity === 'error').length, 0);
    const lines = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<testsuites name="cdk8s-kube-bind validate" tests="${report.checked.length}" failures="${failures(report.checked)}" errors="${report.inputErrors}">`,
    ];
    for (const file of files) {
      const objects = report.checked.filter(o => o.file === file);
      lines.push(`  <testsuite name="${xmlText(file)}" tests="${objects.length}" failures="${failures(objects)}" errors="0" skipped="0">`);
      for (const object of objects) lines.push(...testCase(object));
      lines.push('  </testsuite>');
    }
    lines.push('</testsuites>');
    return lines.join('\n') + '\n';
  },
};
