/**
 * A validation plugin for cdk8s-cli: with it in `cdk8s.yaml`'s
 * `validations:`, `cdk8s synth` runs every rule of this library over every
 * manifest the app synthesized (objects of `Include`d YAML too, and the
 * checks across objects), reports each finding, and fails the synth when one
 * is an error.
 *
 *   validations:
 *     - package: ./node_modules/cdk8s-kube-bind/lib/plugin/cdk8s-plugin.js
 *       class: KubeBindValidation
 *       version: 0.1.0        # the installed version (cdk8s-cli wants one exact version)
 *       properties:
 *         group: kube-bind.io
 *         namespacePrefix: kube-bind-
 *         strict: true           # unknown fields are errors (validate --strict)
 *         failOnSkipped: true    # an object of a kind not checked fails the synth (validate --fail-on-skipped)
 *
 * Why a module of its own, outside the jsii API: cdk8s-cli loads a plugin
 * with `require` and calls it with its own Node.js objects, so the plugin is
 * JavaScript-only by nature; exported from `index.ts` it would have to be a
 * jsii type in every target language. jsii still compiles this file (it
 * compiles all of src/) into lib/, but it is not part of the assembly. It
 * needs nothing of cdk8s-cli at run time: the shapes it uses are declared
 * here (`test/cli/plugin.test.ts` checks they match cdk8s-cli's).
 */
import { check } from '../cli/check';
import { isDnsSubdomain } from '../cli/options';
import { byLine, describeObject, formatDiagnostic, inputErrors, inputFinding, ruleDocUrl, RunMode, SEVERITY_LABELS, skippedFinding, summarize } from '../cli/output';
import { strictValidateFn } from '../cli/run-mode';
import { selectForCheck, validateWithRules } from '../cli/validate';
import { DEFAULT_LIMITS } from '../io/read';
import { own } from '../model/manifest';
import { contextFor, didYouMean } from '../rules';

/** A finding as cdk8s-cli's `ValidationReport.addViolation` takes it. */
export interface PluginViolation {
  readonly ruleName: string;
  readonly recommendation: string;
  readonly fix: string;
  readonly violatingResources: ReadonlyArray<{
    readonly resourceName: string;
    readonly locations: readonly string[];
    readonly manifestPath: string;
  }>;
}

/** What the plugin uses of cdk8s-cli's `ValidationContext`. */
export interface PluginContext {
  /** Paths of the synthesized manifests. */
  readonly manifests: readonly string[];
  readonly report: {
    addViolation(violation: PluginViolation): void;
    submit(status: 'success' | 'failure', metadata?: { readonly [key: string]: string }): void;
  };
  readonly logger: { log(message: string): void };
}

/** The `properties:` of the plugin's entry in cdk8s.yaml. */
export interface KubeBindValidationProperties {
  /** The API group the kube-bind kinds are served under; default `kube-bind.io`. */
  readonly group?: string;
  /** The kube-bind backend's `--namespace-prefix`, for the namespaces of templates (KB203); default `kube-bind-`. */
  readonly namespacePrefix?: string;
  /** Strict field validation, as `validate --strict`: an unknown field (KB009, KB223, KB224) is an error; default false. */
  readonly strict?: boolean;
  /** As `validate --fail-on-skipped`: a manifest of a kind this library does not check fails the synth (KB001); default false. */
  readonly failOnSkipped?: boolean;
}

const PROPERTIES = ['group', 'namespacePrefix', 'strict', 'failOnSkipped'];

/** The plugin class cdk8s-cli instantiates with the entry's `properties`. */
export class KubeBindValidation {
  private readonly group: string;
  private readonly namespacePrefix: string;
  private readonly mode: RunMode;

  constructor(properties: KubeBindValidationProperties = {}) {
    const props: unknown = properties ?? {};
    if (typeof props !== 'object' || props === null || Array.isArray(props)) {
      throw new Error(`cdk8s-kube-bind plugin: properties must be a map, got ${JSON.stringify(props)}`);
    }
    const unknown = Object.keys(props).filter(key => !PROPERTIES.includes(key));
    if (unknown.length > 0) {
      const named = unknown.map(k => `${JSON.stringify(k)}${didYouMean(k, PROPERTIES)}`).join(', ');
      throw new Error(`cdk8s-kube-bind plugin: unknown ${unknown.length === 1 ? 'property' : 'properties'} ${named}; the plugin takes ${PROPERTIES.join(', ')}`);
    }
    const group = own(props, 'group') ?? contextFor().group;
    if (typeof group !== 'string' || !isDnsSubdomain(group)) {
      throw new Error(`cdk8s-kube-bind plugin: properties.group ${JSON.stringify(group)} is not an API group name (a lowercase DNS subdomain such as kube-bind.io)`);
    }
    this.group = group;
    const prefix = own(props, 'namespacePrefix') ?? contextFor().namespacePrefix;
    if (typeof prefix !== 'string' || (prefix !== '' && !/^[a-z0-9][-a-z0-9]*$/.test(prefix))) {
      throw new Error(`cdk8s-kube-bind plugin: properties.namespacePrefix ${JSON.stringify(prefix)} cannot start a namespace name: use lowercase letters, digits and "-", starting with a letter or digit`);
    }
    this.namespacePrefix = prefix;
    this.mode = { strict: booleanProperty(props, 'strict'), failOnSkipped: booleanProperty(props, 'failOnSkipped') };
  }

  /** Checks every synthesized manifest together, as `cdk8s-kube-bind validate` checks files, and submits the report. */
  public async validate(context: PluginContext): Promise<void> {
    const { report, diagnostics } = await check({
      operands: [...context.manifests],
      context: contextFor({ group: this.group, namespacePrefix: this.namespacePrefix }),
      validate: this.mode.strict === true ? strictValidateFn(validateWithRules) : validateWithRules,
      select: selectForCheck,
      limits: DEFAULT_LIMITS,
      mode: this.mode,
    }, noInput());
    for (const d of diagnostics) context.logger.log(formatDiagnostic(d));
    // A manifest that cannot be read is a finding too, not only a line in the log.
    for (const d of inputErrors(diagnostics)) {
      const finding = inputFinding(d);
      context.report.addViolation({
        ruleName: `${finding.rule} error: ${d.message}`,
        recommendation: finding.hint ?? d.message,
        fix: ruleDocUrl(finding.rule),
        violatingResources: [{ resourceName: '<unreadable>', locations: [`(the file) (line ${finding.line})`], manifestPath: d.file }],
      });
    }
    for (const object of report.checked) {
      const name = own(own(object.manifest, 'metadata'), 'name');
      for (const v of byLine(object.violations)) {
        context.report.addViolation({
          // The path is in `locations`: the message follows it, without repeating it.
          ruleName: `${v.rule} ${SEVERITY_LABELS[v.severity] ?? v.severity}: ${v.message}`,
          recommendation: v.hint ?? v.message,
          fix: ruleDocUrl(v.rule),
          violatingResources: [{
            resourceName: typeof name === 'string' ? name : '<unnamed>',
            locations: [`${v.path === '' ? '(the object)' : v.path} (line ${v.line})`],
            manifestPath: object.file,
          }],
        });
      }
    }
    const failedSkipped = this.mode.failOnSkipped === true ? report.skippedObjects ?? [] : [];
    for (const object of failedSkipped) {
      const v = skippedFinding(object);
      const name = own(own(object.manifest, 'metadata'), 'name');
      context.report.addViolation({
        ruleName: `${v.rule} ${SEVERITY_LABELS[v.severity]}: ${describeObject(object.manifest)} ${v.message}`,
        recommendation: v.hint ?? v.message,
        fix: ruleDocUrl(v.rule),
        violatingResources: [{
          resourceName: typeof name === 'string' ? name : '<unnamed>',
          locations: [`(the object) (line ${v.line})`],
          manifestPath: object.file,
        }],
      });
    }
    const summary = summarize(report);
    const unreadable = inputErrors(diagnostics).length;
    context.report.submit(summary.errors > 0 || unreadable > 0 || failedSkipped.length > 0 ? 'failure' : 'success', {
      'Objects checked': String(summary.checked),
      'Objects skipped': String(summary.skipped),
      'Errors': String(summary.errors + failedSkipped.length),
      'Warnings': String(summary.warnings),
      'Notes': String(summary.infos),
      'Strict field validation': this.mode.strict === true ? 'on' : 'off',
      'Fail on skipped': this.mode.failOnSkipped === true ? 'on' : 'off',
      ...(unreadable > 0 ? { 'Unreadable manifests': String(unreadable) } : {}),
    });
  }
}

/** A boolean property, false when absent. */
function booleanProperty(props: object, name: string): boolean {
  const value = own(props, name) ?? false;
  if (typeof value !== 'boolean') {
    throw new Error(`cdk8s-kube-bind plugin: properties.${name} ${JSON.stringify(value)} must be true or false`);
  }
  return value;
}

/** The plugin reads files only; standard input belongs to cdk8s-cli. */
function noInput(): AsyncIterable<unknown> {
  return { [Symbol.asyncIterator]: () => ({ next: async () => ({ done: true as const, value: undefined }) }) };
}
