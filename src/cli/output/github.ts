/**
 * GitHub Actions workflow commands: `::error file=…,line=…,title=KB031 …::…`
 * per violation (warnings as `::warning`, notes as `::notice`), which the
 * runner shows as annotations on the changed lines, and the summary last.
 * The title names the rule and the address of its section in the rule
 * catalogue. An input that cannot be read is an `::error` at its file, first.
 */
import { ruleDocUrl } from './catalogue';
import {
  byLine, CheckedObject, describeFinding, inputFinding, LocatedViolation, renderStreamed, Reporter, ReportStream, skippedFinding, summaryLine,
  ValidationReport,
} from './reporter';
import { Diagnostic, STDIN_NAME } from '../../io/read';
import { Severity } from '../../rules';

const COMMANDS: { readonly [s in Severity]: string } = { error: 'error', warning: 'warning', info: 'notice' };
const DIAGNOSTIC_COMMANDS: { readonly [s in Diagnostic['severity']]: string } = { error: 'error', warning: 'warning', note: 'notice' };

/** The message of a workflow command: `%`, CR and LF escaped, as the runner's toolkit does. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value of a workflow command: also `:` and `,`, which separate properties. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export const GITHUB_REPORTER: Reporter = {
  description: 'GitHub Actions workflow commands (::error file=...,line=...::), shown as annotations',
  render(report: ValidationReport): string {
    return renderStreamed(githubStream(), report);
  },
  stream: githubStream,
};

/** One workflow command; standard input has no file to annotate, so it goes without file and line. */
function command(name: string, file: string, line: number | undefined, title: string | undefined, message: string): string {
  const properties = [
    ...(file !== STDIN_NAME ? [`file=${escapeProperty(file)}`, ...(line !== undefined ? [`line=${line}`] : [])] : []),
    ...(title !== undefined ? [`title=${escapeProperty(title)}`] : []),
  ].join(',');
  return `::${name} ${properties}::${escapeData(message)}\n`;
}

function annotation(file: string, v: LocatedViolation, subject: string): string {
  const message = `${subject}${v.hint ? `\nhint: ${v.hint}` : ''}`;
  return command(COMMANDS[v.severity] ?? 'error', file, v.line, `${v.rule} ${ruleDocUrl(v.rule)}`, message);
}

function githubStream(): ReportStream {
  let failOnSkipped = false;
  return {
    begin: ({ diagnostics, totals }) => {
      failOnSkipped = totals.end.mode?.failOnSkipped === true;
      return diagnostics.map(d => d.severity === 'error'
        ? annotation(d.file, inputFinding(d), d.message)
        : command(DIAGNOSTIC_COMMANDS[d.severity] ?? 'warning', d.file, d.line, undefined, d.message)).join('');
    },
    object(object: CheckedObject): string {
      let out = '';
      for (const v of byLine(object.violations)) out += annotation(object.file, v, describeFinding(object.manifest, v));
      return out;
    },
    // A skipped object is silent, unless --fail-on-skipped makes it an error.
    skipped: object => {
      if (!failOnSkipped) return '';
      const v = skippedFinding(object);
      return annotation(object.file, v, describeFinding(object.manifest, v));
    },
    end: totals => summaryLine(totals) + '\n',
  };
}
