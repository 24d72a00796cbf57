/**
 * One JSON array, an entry per checked object in input order. Skipped objects
 * are absent. `index` is the document's index within its file; the items of
 * a `List` document all carry that document's index and differ by `line`.
 * `namespace`, `name`, `apiVersion`, `kind` and `hint` are null when absent;
 * `previous` is the file and line of the previous state the object was
 * compared with (`--previous`), else null.
 */
import { Reporter, stringOrNull, ValidationReport } from './reporter';
import { own } from '../../model/manifest';

export const JSON_REPORTER: Reporter = {
  description: 'one JSON array with an entry per checked object',
  render(report: ValidationReport): string {
    const entries = report.checked.map(o => ({
      file: o.file,
      index: o.index,
      line: o.line,
      apiVersion: stringOrNull(own(o.manifest, 'apiVersion')),
      kind: stringOrNull(own(o.manifest, 'kind')),
      namespace: stringOrNull(own(own(o.manifest, 'metadata'), 'namespace')),
      name: stringOrNull(own(own(o.manifest, 'metadata'), 'name')),
      valid: o.valid,
      previous: o.previous !== undefined ? { file: o.previous.file, line: o.previous.line } : null,
      violations: o.violations.map(v => ({
        rule: v.rule,
        severity: v.severity,
        path: v.path,
        message: v.message,
        hint: v.hint ?? null,
      })),
    }));
    return JSON.stringify(entries, null, 2) + '\n';
  },
};
