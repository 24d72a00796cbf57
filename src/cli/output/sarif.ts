/**
 * SARIF 2.1.0, as GitHub code scanning reads it: one run whose results are
 * written one by one as the objects are handed over (a finding is located
 * by file and line, and names the object as a logical location), then the
 * tool with the rules the results used (id, description, help and the
 * address of the rule's section in the catalogue; JSON objects are
 * unordered, so the rules can follow the results), then the invocation.
 *
 * An input that cannot be read is both a result of rule KB000 located at
 * the file (code scanning shows results, not notifications) and an
 * error-level `toolExecutionNotification`; the invocation's
 * `executionSuccessful` is then false, as the tool could not analyse all it
 * was given, and `exitCode` is 2. Findings do not make the execution
 * unsuccessful: they are what a successful run reports (exit code 1).
 */
import * as path from 'path';
import { pathToFileURL } from 'url';
import { describeRule, repositoryUrl, ruleDocUrl } from './catalogue';
import { JsonArray, jsonFrame, STREAMED } from './json-stream';
import {
  byLine, CheckedObject, describeFinding, describeObject, inputFinding, LocatedViolation, modeFlags, PLAIN, renderStreamed, RenderOptions,
  Reporter, ReportStream, RunMode, SkippedObject, skippedFinding, ValidationReport,
} from './reporter';
import { Diagnostic, STDIN_NAME } from '../../io/read';
import { KUBERNETES_VERSION } from '../../model/kubernetes';
import { Severity } from '../../rules';

const LEVELS: { readonly [s in Severity]: 'error' | 'warning' | 'note' } = { error: 'error', warning: 'warning', info: 'note' };
const DIAGNOSTIC_LEVELS: { readonly [s in Diagnostic['severity']]: 'error' | 'warning' | 'note' } = { error: 'error', warning: 'warning', note: 'note' };

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

/** What a SARIF log is made of; `results` is `STREAMED` while the results are being written. */
export interface SarifParts {
  readonly results: readonly unknown[] | typeof STREAMED;
  /** Ids of the rules the results use, in the order of `ruleIndex`. */
  readonly ruleIds: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
  readonly exitCode: number;
  readonly version: string;
  /** The modes of the run, stated in the invocation's properties when any is on. */
  readonly mode?: RunMode;
}

/** The SARIF log: the one place its shape is stated, for the stream and for the tests that check it. */
export function sarifDocument(parts: SarifParts): unknown {
  const informationUri = repositoryUrl();
  return {
    $schema: SCHEMA_URI,
    version: '2.1.0',
    runs: [{
      results: parts.results,
      tool: {
        driver: {
          name: 'cdk8s-kube-bind',
          version: parts.version,
          ...(informationUri !== undefined ? { informationUri } : {}),
          // The release whose API-server validation the rules mirror (model/kubernetes.ts).
          properties: { kubernetesVersion: KUBERNETES_VERSION },
          rules: parts.ruleIds.map(sarifRule),
        },
      },
      invocations: [{
        executionSuccessful: !parts.diagnostics.some(d => d.severity === 'error'),
        exitCode: parts.exitCode,
        toolExecutionNotifications: parts.diagnostics.map(sarifNotification),
        ...(modeFlags(parts.mode).length > 0 ? { properties: sarifModeProperties(parts.mode!) } : {}),
      }],
    }],
  };
}

/** The modes of a run, as the invocation's property bag states them. */
function sarifModeProperties(mode: RunMode): unknown {
  return { strict: mode.strict === true, failOnSkipped: mode.failOnSkipped === true, arguments: modeFlags(mode) };
}

function sarifRule(id: string): unknown {
  const rule = describeRule(id);
  const title = rule?.title ?? `rule ${id}`;
  const url = ruleDocUrl(id);
  return {
    id,
    shortDescription: { text: title },
    fullDescription: { text: rule !== undefined ? `${title} (source: ${rule.source})` : title },
    help: {
      text: `${title}. Each finding carries its own hint. The rule, a failing example and its fix: ${url}`,
      markdown: `${title}.\n\nEach finding carries its own hint. The rule, a failing example and its fix: [${id}](${url}).`,
    },
    helpUri: url,
    defaultConfiguration: { level: LEVELS[rule?.severity ?? 'error'] },
    ...(rule !== undefined ? { properties: { source: rule.source } } : {}),
  };
}

function physicalLocation(file: string, line: number | undefined): unknown {
  return { artifactLocation: { uri: artifactUri(file) }, ...(line !== undefined ? { region: { startLine: line } } : {}) };
}

/** One result; `ruleIndex` is the rule's place in the rules list; the object, when there is one, is its logical location. */
export function sarifResult(file: string, v: LocatedViolation, subject: string, fullyQualifiedName: string | undefined, ruleIndex: number): unknown {
  const logical = fullyQualifiedName !== undefined ? { logicalLocations: [{ fullyQualifiedName, kind: 'object' }] } : {};
  return {
    ruleId: v.rule,
    ruleIndex,
    level: LEVELS[v.severity] ?? 'error',
    message: { text: `${subject}${v.hint ? `\nhint: ${v.hint}` : ''}` },
    // Standard input has no file to point at: a finding there has its object only, an unreadable standard input nothing.
    ...(file !== STDIN_NAME ? { locations: [{ physicalLocation: physicalLocation(file, v.line), ...logical }] }
      : fullyQualifiedName !== undefined ? { locations: [logical] } : {}),
  };
}

function sarifNotification(d: Diagnostic): unknown {
  return {
    level: DIAGNOSTIC_LEVELS[d.severity] ?? 'warning',
    message: { text: d.message },
    ...(d.file !== STDIN_NAME ? { locations: [{ physicalLocation: physicalLocation(d.file, d.line) }] } : {}),
    ...(d.severity === 'error' ? { descriptor: { id: inputFinding(d).rule } } : {}),
  };
}

/** The results of a stream, numbering rules in the order they first occur. */
export class SarifResults {
  public readonly ruleIds: string[] = [];
  private readonly indexOf = new Map<string, number>();

  public ruleIndex(id: string): number {
    let index = this.indexOf.get(id);
    if (index === undefined) {
      index = this.ruleIds.push(id) - 1;
      this.indexOf.set(id, index);
    }
    return index;
  }

  /** The results of an unreadable input. */
  public ofInput(d: Diagnostic): unknown {
    const finding = inputFinding(d);
    return sarifResult(d.file, finding, d.message, undefined, this.ruleIndex(finding.rule));
  }

  /** The result of a skipped object under `--fail-on-skipped`. */
  public ofSkipped(object: SkippedObject): unknown {
    const v = skippedFinding(object);
    return sarifResult(object.file, v, describeFinding(object.manifest, v), describeObject(object.manifest), this.ruleIndex(v.rule));
  }

  /** The results of a checked object. */
  public ofObject(object: CheckedObject): unknown[] {
    const name = describeObject(object.manifest);
    return byLine(object.violations).map(v =>
      sarifResult(object.file, v, describeFinding(object.manifest, v), v.path ? `${name} ${v.path}` : name, this.ruleIndex(v.rule)));
  }
}

export const SARIF_REPORTER: Reporter = {
  description: 'SARIF 2.1.0 (GitHub code scanning): results by file and line, the rules they use, unreadable input',
  render(report: ValidationReport, options = PLAIN): string {
    return renderStreamed(sarifStream(options), report);
  },
  stream: sarifStream,
};

function sarifStream({ version }: RenderOptions = PLAIN): ReportStream {
  const results = new SarifResults();
  let diagnostics: readonly Diagnostic[] = [];
  let array: JsonArray | undefined;
  let mode: RunMode | undefined;
  return {
    begin(head) {
      diagnostics = head.diagnostics;
      mode = head.totals.end.mode;
      const frame = jsonFrame(sarifDocument({ results: STREAMED, ruleIds: [], diagnostics: [], exitCode: 0, version }));
      array = new JsonArray(frame.indent);
      return frame.before + array.open() + diagnostics.filter(d => d.severity === 'error').map(d => array!.element(results.ofInput(d))).join('');
    },
    object: object => results.ofObject(object).map(r => array!.element(r)).join(''),
    // No result, unless --fail-on-skipped makes a skipped object an error.
    skipped: object => mode?.failOnSkipped === true ? array!.element(results.ofSkipped(object)) : '',
    end(totals) {
      const exitCode = totals.exitStatus();
      const frame = jsonFrame(sarifDocument({ results: STREAMED, ruleIds: results.ruleIds, diagnostics, exitCode, version, mode }));
      return array!.close() + frame.after + '\n';
    },
  };
}
