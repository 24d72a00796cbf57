/**
 * Compiler style: one `file:line: severity RULE object path: message` line
 * per violation (the path once), its hint on the next line, indented, and a
 * summary last. Coloured on a terminal. Input problems are on stderr.
 */
import {
  byLine, CheckedObject, describeFinding, LocatedViolation, PLAIN, renderStreamed, RenderOptions, Reporter, ReportStream, SEVERITY_LABELS,
  skippedFinding, summaryLine, ValidationReport,
} from './reporter';
import type { Manifest } from '../../model/manifest';
import { Severity } from '../../rules';

// SGR codes: bold red, bold yellow, bold cyan, bold, dim.
const SEVERITY_COLORS: { readonly [s in Severity]: string } = { error: '1;31', warning: '1;33', info: '1;36' };

function paint(text: string, code: string, color: boolean): string {
  return color ? `\u001b[${code}m${text}\u001b[0m` : text;
}

export const TEXT_REPORTER: Reporter = {
  description: 'one line per violation, file:line first, and a summary (coloured on a terminal)',
  render(report: ValidationReport, options = PLAIN): string {
    return renderStreamed(textStream(options), report);
  },
  stream: textStream,
};

function textStream({ color }: RenderOptions = PLAIN): ReportStream {
  let failOnSkipped = false;
  const findings = (file: string, manifest: Manifest, violations: readonly LocatedViolation[]): string => {
    let out = '';
    for (const v of byLine(violations)) {
      const severity = paint(SEVERITY_LABELS[v.severity] ?? v.severity, SEVERITY_COLORS[v.severity] ?? '1', color);
      out += `${file}:${v.line}: ${severity} ${paint(v.rule, '1', color)} ${describeFinding(manifest, v)}\n`;
      if (v.hint) out += paint(`    hint: ${v.hint}`, '2', color) + '\n';
    }
    return out;
  };
  return {
    begin: head => {
      failOnSkipped = head.totals.end.mode?.failOnSkipped === true;
      return '';
    },
    object: (object: CheckedObject) => findings(object.file, object.manifest, object.violations),
    // A skipped object is silent, unless --fail-on-skipped makes it an error.
    skipped: object => failOnSkipped ? findings(object.file, object.manifest, [skippedFinding(object)]) : '',
    end: totals => summaryLine(totals) + '\n',
  };
}
