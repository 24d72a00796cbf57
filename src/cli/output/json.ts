/**
 * One JSON array, an entry per checked object in input order, written entry
 * by entry. Skipped objects are absent, unless `--fail-on-skipped` makes
 * each an invalid entry with one KB001 error. An input that cannot be read is an
 * entry of its own, first: `index` null, `valid` false, and one violation
 * of rule KB000 saying why. `index` is the document's index within its
 * file; the items of a `List` document all carry that document's index and
 * differ by `line`. `namespace`, `name`, `apiVersion`, `kind` and `hint`
 * are null when absent; `previous` is the file and line of the previous
 * state the object was compared with (`--previous`), else null. A
 * violation's `message` follows its `path`: together they read
 * `path: message`.
 */
import { JsonArray, jsonFrame, STREAMED } from './json-stream';
import {
  CheckedObject, inputErrors, inputFinding, LocatedViolation, renderStreamed, Reporter, ReportStream, SkippedObject, skippedFinding, stringOrNull,
  ValidationReport,
} from './reporter';
import type { Diagnostic } from '../../io/read';
import { own } from '../../model/manifest';

export const JSON_REPORTER: Reporter = {
  description: 'one JSON array with an entry per checked object',
  render(report: ValidationReport): string {
    return renderStreamed(jsonStream(), report);
  },
  stream: jsonStream,
};

/** The entry of one checked object. */
export function jsonEntry(o: CheckedObject): unknown {
  return {
    file: o.file,
    index: o.index,
    line: o.line,
    apiVersion: stringOrNull(own(o.manifest, 'apiVersion')),
    kind: stringOrNull(own(o.manifest, 'kind')),
    namespace: stringOrNull(own(own(o.manifest, 'metadata'), 'namespace')),
    name: stringOrNull(own(own(o.manifest, 'metadata'), 'name')),
    valid: o.valid,
    previous: o.previous !== undefined ? { file: o.previous.file, line: o.previous.line } : null,
    violations: o.violations.map(jsonViolation),
  };
}

/** The entry of an input that cannot be read. */
export function jsonInputEntry(d: Diagnostic): unknown {
  const finding = inputFinding(d);
  return {
    file: d.file,
    index: null,
    line: finding.line,
    apiVersion: null,
    kind: null,
    namespace: null,
    name: null,
    valid: false,
    previous: null,
    violations: [jsonViolation(finding)],
  };
}

/** A skipped object as `--fail-on-skipped` reports it: invalid, with its one finding. */
function failedSkipped(object: SkippedObject): CheckedObject {
  return { file: object.file, index: object.index, line: object.line, manifest: object.manifest, violations: [skippedFinding(object)], valid: false };
}

function jsonViolation(v: LocatedViolation): unknown {
  return { rule: v.rule, severity: v.severity, path: v.path, message: v.message, hint: v.hint ?? null };
}

function jsonStream(): ReportStream {
  const array = new JsonArray(jsonFrame(STREAMED).indent);
  let failOnSkipped = false;
  return {
    begin: ({ diagnostics, totals }) => {
      failOnSkipped = totals.end.mode?.failOnSkipped === true;
      return array.open() + inputErrors(diagnostics).map(d => array.element(jsonInputEntry(d))).join('');
    },
    object: object => array.element(jsonEntry(object)),
    // Absent, unless --fail-on-skipped makes a skipped object an invalid entry of its own.
    skipped: object => failOnSkipped ? array.element(jsonEntry(failedSkipped(object))) : '',
    end: () => array.close() + '\n',
  };
}
