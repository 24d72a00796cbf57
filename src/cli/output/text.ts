/**
 * Compiler style: one `file:line: severity RULE object path: message` line
 * per violation (the path once), its hint on the next line, indented, and a
 * summary last. Coloured on a terminal. Input problems are on stderr.
 */
import {
  byLine, CheckedObject, describeFinding, nothing, PLAIN, renderStreamed, RenderOptions, Reporter, ReportStream, SEVERITY_LABELS, summaryLine,
  ValidationReport,
} from './reporter';
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
  return {
    begin: nothing,
    object(object: CheckedObject): string {
      let out = '';
      for (const v of byLine(object.violations)) {
        const severity = paint(SEVERITY_LABELS[v.severity] ?? v.severity, SEVERITY_COLORS[v.severity] ?? '1', color);
        out += `${object.file}:${v.line}: ${severity} ${paint(v.rule, '1', color)} ${describeFinding(object.manifest, v)}\n`;
        if (v.hint) out += paint(`    hint: ${v.hint}`, '2', color) + '\n';
      }
      return out;
    },
    skipped: nothing,
    end: totals => summaryLine(totals) + '\n',
  };
}
