/**
 * SARIF 2.1.0, as GitHub code scanning and other SARIF viewers read it: one
 * run, the rules that were reported (id, title, help pointing at the
 * catalogue), one result per violation located by file and line, and the
 * object as a logical location.
 */
import * as path from 'path';
import { pathToFileURL } from 'url';
import { describeRule, RULES_DOC_URL } from './catalogue';
import { describeObject, PLAIN, Reporter, ValidationReport } from './reporter';
import { STDIN_NAME } from '../../io/read';
import { Severity } from '../../rules';

const LEVELS: { readonly [s in Severity]: 'error' | 'warning' | 'note' } = { error: 'error', warning: 'warning', info: 'note' };

const SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

/**
 * A file name as a SARIF artifact URI: relative paths stay relative (code
 * scanning resolves them against the checkout), with `/` separators and each
 * segment percent-encoded; absolute paths become `file:` URLs.
 */
export function artifactUri(file: string): string {
  if (path.isAbsolute(file)) return pathToFileURL(file).href;
  return file.split(/[\\/]/).map(segment => encodeURIComponent(segment)).join('/');
}

export const SARIF_REPORTER: Reporter = {
  description: 'SARIF 2.1.0 (GitHub code scanning): rules, and results by file and line',
  render(report: ValidationReport, options = PLAIN): string {
    const ruleIds = [...new Set(report.checked.flatMap(o => o.violations.map(v => v.rule)))].sort();
    const rules = ruleIds.map(id => {
      const rule = describeRule(id);
      const title = rule?.title ?? `rule ${id}`;
      return {
        id,
        shortDescription: { text: title },
        fullDescription: { text: rule !== undefined ? `${title} (source: ${rule.source})` : title },
        help: {
          text: `${title}. Each finding carries its own hint. Every rule, its source and an example message: ${RULES_DOC_URL}`,
          markdown: `${title}.\n\nEach finding carries its own hint. Every rule, its source and an example message: [rule catalogue](${RULES_DOC_URL}).`,
        },
        helpUri: RULES_DOC_URL,
        defaultConfiguration: { level: LEVELS[rule?.severity ?? 'error'] },
        ...(rule !== undefined ? { properties: { source: rule.source } } : {}),
      };
    });
    const results = report.checked.flatMap(object => object.violations.map(v => {
      const subject = describeObject(object.manifest);
      const text = `${subject}${v.path ? ` ${v.path}` : ''}: ${v.message}${v.hint ? `\nhint: ${v.hint}` : ''}`;
      const logical = [{ fullyQualifiedName: v.path ? `${subject} ${v.path}` : subject, kind: 'object' }];
      const location = object.file === STDIN_NAME
        ? { logicalLocations: logical }
        : {
          physicalLocation: { artifactLocation: { uri: artifactUri(object.file) }, region: { startLine: v.line } },
          logicalLocations: logical,
        };
      return {
        ruleId: v.rule,
        ruleIndex: ruleIds.indexOf(v.rule),
        level: LEVELS[v.severity] ?? 'error',
        message: { text },
        locations: [location],
      };
    }));
    const sarif = {
      $schema: SCHEMA_URI,
      version: '2.1.0',
      runs: [{
        tool: {
          driver: {
            name: 'cdk8s-kube-bind',
            version: options.version,
            informationUri: 'https://github.com/cdk8s-kube-bind/cdk8s-kube-bind',
            rules,
          },
        },
        results,
      }],
    };
    return JSON.stringify(sarif, null, 2) + '\n';
  },
};
