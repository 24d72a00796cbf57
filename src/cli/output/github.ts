/**
 * GitHub Actions workflow commands: `::error file=…,line=…,title=KB031::…`
 * per violation (warnings as `::warning`, notes as `::notice`), which the
 * runner shows as annotations on the changed lines, and the summary last.
 */
import { byLine, CheckedObject, describeObject, renderStreamed, Reporter, ReportStream, summaryLine, ValidationReport } from './reporter';
import { STDIN_NAME } from '../../io/read';
import { Severity } from '../../rules';

const COMMANDS: { readonly [s in Severity]: string } = { error: 'error', warning: 'warning', info: 'notice' };

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

function githubStream(): ReportStream {
  return {
    object(object: CheckedObject): string {
      const subject = describeObject(object.manifest);
      let out = '';
      for (const v of byLine(object.violations)) {
        const properties = [
          ...(object.file !== STDIN_NAME ? [`file=${escapeProperty(object.file)}`, `line=${v.line}`] : []),
          `title=${escapeProperty(v.rule)}`,
        ].join(',');
        const message = `${subject}${v.path ? ` ${v.path}` : ''}: ${v.message}${v.hint ? `\nhint: ${v.hint}` : ''}`;
        out += `::${COMMANDS[v.severity] ?? 'error'} ${properties}::${escapeData(message)}\n`;
      }
      return out;
    },
    end: totals => summaryLine(totals) + '\n',
  };
}
