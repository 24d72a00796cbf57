/**
 * The `validate` subcommand: its flags and help, wired to the rule registry.
 */
import { Manifest } from '../model';
import { isChecked, runCheck, StreamingValidator } from './check';
import { Command, ParsedArgs } from './command';
import { temporaryFilesHelp } from './interrupt';
import { GROUP_FLAG, MAX_DOCUMENT_SIZE_FLAG, NAMESPACE_PREFIX_FLAG, groupFlag, inputOperands, namespacePrefixFlag, stringFlag, stringFlags } from './options';
import { REPORTERS, useColor } from './output/formats';
import type { RepeatedObjects } from './repeated-objects';
import { FAIL_ON_SKIPPED_FLAG, runModeFlags, STRICT_FLAG, strictStreaming, strictValidateFn } from './run-mode';
import { packageVersion } from './version';
import { DEFAULT_LIMITS, formatSize } from '../io/read';
import { contextFor, eachCrossObjectViolation, RuleContext, validateObject, validateObjects, Violation, crdKindVersionOf, unknownKindVersion } from '../rules';

/** Every rule of the registry over the objects (KB001 included, for kinds/versions no other rule recognises). */
export function validateWithRules(objects: readonly Manifest[], ctx: RuleContext): Violation[][] {
  return validateObjects(objects, ctx);
}

/**
 * `validateWithRules` in two parts, for `check` to validate objects one at a
 * time as they are read: what it finds is the same, in the same order.
 */
export const STREAMING_RULES: StreamingValidator = {
  perObject: validateObject,
  acrossObjects: eachCrossObjectViolation,
};

/**
 * `STREAMING_RULES` for one run of `validate`: an object that repeats (the
 * same export in every namespace of `kubectl get -A`) is checked once, its
 * findings remembered for the run (`RepeatedObjects`). The table, and its
 * module, come with the run's second object: a run of one has nothing to
 * repeat, and start-up (a target of the bench) counts every module read.
 */
export function streamingRulesForRun(): StreamingValidator {
  let repeated: RepeatedObjects | undefined;
  let objects = 0;
  let textKey: typeof import('../io/text-key') | undefined;
  const textOutside = (text: string, namespace: string): string | undefined => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    textKey ??= require('../io/text-key') as typeof import('../io/text-key');
    return textKey.textOutsideNamespace(text, namespace);
  };
  return {
    ...STREAMING_RULES,
    repeatKey: (manifest, ctx, documentText) => {
      if (objects++ === 0) return undefined;
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      repeated ??= new (require('./repeated-objects') as typeof import('./repeated-objects')).RepeatedObjects();
      return repeated.keyOf(manifest, ctx, documentText === undefined ? undefined : namespace => textOutside(documentText, namespace));
    },
    perObject: (manifest, ctx, key) => repeated === undefined ? validateObject(manifest, ctx) : repeated.validateWithKey(manifest, ctx, key),
    knownLines: key => repeated?.knownLines(key),
    keepLines: (key, lines) => repeated?.keepLines(key, lines),
  };
}

/**
 * Objects of our group, plus one of our kinds under an apiVersion one typo
 * away from our group: `unknownKindVersion` warns about those, and a typo
 * must not make an object silently skipped. And CustomResourceDefinitions,
 * which the Kubernetes rules check.
 */
export function selectForCheck(manifest: Manifest, ctx: RuleContext): boolean {
  return isChecked(manifest, ctx) || crdKindVersionOf(manifest) !== undefined || unknownKindVersion(manifest, ctx).length > 0;
}

export const VALIDATE_COMMAND: Command = {
  summary: 'check kube-bind manifests (exports, schemas, templates, requests) and CRDs',
  synopsis: `validate [--output ${Object.keys(REPORTERS).join('|')}] [--strict] [--fail-on-skipped] [--group GROUP] [--namespace-prefix PREFIX] [--previous FILE|DIR|-]... [--max-document-size SIZE] FILE|DIR|- ...`,
  // Built when help is asked for, not at every start (its temporary-files paragraph loads `os`).
  get description(): string {
    return validateDescription();
  },
  flags: [
    {
      name: 'output',
      short: 'o',
      value: 'FORMAT',
      choices: Object.keys(REPORTERS),
      description: `output format: ${Object.keys(REPORTERS).join(', ')}; default text`,
    },
    STRICT_FLAG,
    FAIL_ON_SKIPPED_FLAG,
    GROUP_FLAG,
    NAMESPACE_PREFIX_FLAG,
    {
      name: 'previous',
      value: 'FILE|DIR|-',
      repeatable: true,
      description: 'the previous state of the objects, to check each update',
    },
    MAX_DOCUMENT_SIZE_FLAG,
  ],
  async run(args: ParsedArgs, io, settings): Promise<number> {
    const output = stringFlag(args, 'output') ?? 'text';
    const group = groupFlag(args);
    const namespacePrefix = namespacePrefixFlag(args);
    const previous = stringFlags(args, 'previous');
    const operands = inputOperands(args, [{ flag: 'previous', values: previous }]);
    const mode = runModeFlags(args);
    const validate = settings.validate ?? validateWithRules;
    const strict = mode?.strict === true;
    return runCheck({
      operands,
      context: contextFor({ group, namespacePrefix }),
      reporter: REPORTERS[output],
      validate: strict ? strictValidateFn(validate) : validate,
      // A validator given in the settings (tests) sees all objects at once.
      ...(settings.validate === undefined ? { streaming: strict ? strictStreaming(streamingRulesForRun()) : streamingRulesForRun() } : {}),
      ...(mode !== undefined ? { mode } : {}),
      select: selectForCheck,
      limits: settings.limits,
      render: { color: output === 'text' && useColor(settings.env, io.stdout.isTTY === true), version: packageVersion() },
      ...(previous.length > 0 ? { previous } : {}),
    }, io);
  },
};

/** The text of `validate --help` above its flags. */
function validateDescription(): string {
  return [
    'Checks every APIServiceExport, BoundSchema, APIServiceExportTemplate,',
    'Collection, APIServiceExportRequest and BindableResourcesRequest of the API',
    'group in the given YAML files, folders (recursively: *.yaml and *.yml files,',
    'in code-point order of their names) and standard input (-). Files may hold',
    'several documents; List documents (kind List, or *List with items, as',
    'kubectl get -o yaml prints) are unpacked. Other kinds are counted as skipped.',
    'Checks across objects run over all objects of all inputs together.',
    '',
    'CustomResourceDefinitions (apiextensions.k8s.io/v1) are checked too, with the',
    'rules that mirror Kubernetes\' own CRD validation (names, versions, schemas and',
    'their CEL rules, printer columns, subresources, conversion). What kube-bind',
    'could not export as it is (schemas that differ between versions, a service',
    'conversion webhook, selectableFields) is a note, not an error; on a CRD',
    'labelled kube-bind.io/exported: "true" it is an error.',
    '',
    'Templates and export requests are checked as kube-bind\'s backend checks them',
    'when a consumer binds: each resource against its CRD in the input (labelled',
    'for export, one scope, served versions), claims, and the namespaces it',
    'creates, which must fit 63 characters after --namespace-prefix and a hash.',
    'Collections and BindableResourcesRequests must name templates of the input.',
    'kube-bind\'s other kinds (APIServiceBinding, APIServiceBindingBundle,',
    'ClusterBinding, APIServiceNamespace, Cluster, APIConversion), which only',
    'kube-bind writes, are checked against kube-bind\'s CRDs for them. Only the',
    'documents of its binding protocol (BindingProvider, BindingResponse,',
    'BindingResourceResponse), which no CRD serves, are skipped with a note.',
    '',
    'With --previous, each checked object is also checked as an update of its',
    'previous state: the object of the same API group, kind, namespace and name',
    'among the previous objects (whatever its version), typically what is live:',
    '  kubectl get apiserviceexports,boundschemas -A -o yaml \\',
    '    | cdk8s-kube-bind validate --previous - dist/',
    'Update findings (KB190-KB199: a stored version removed, an immutable field',
    'changed, the storage version moved...) are reported with the other ones.',
    'Standard input can be read once: - may be given once, as --previous or input.',
    '',
    'YAML is read as kubectl reads it (sigs.k8s.io/yaml, go-yaml v2): YAML 1.1',
    'scalars, so unquoted yes/no/on/off/y/n are booleans, 0755 is octal, 0o17,',
    '0x1F, 0b1010 and 1_000 are numbers, timestamps stay strings, and << merge',
    'keys are honoured; .inf and .nan are errors (JSON has no such numbers).',
    'Duplicate keys are errors. A file with a YAML syntax error is not checked.',
    '',
    'Text output: one "file:line: severity RULE object path: message" line per',
    'finding (the field path once) with its hint on the next line, and a summary;',
    'coloured when standard output is a terminal, unless NO_COLOR is set',
    '(FORCE_COLOR=1 colours anyway). Severities are error, warning and note',
    '(information only, such as the warning clients of a deprecated version',
    'receive). Every format is written as the run goes. JSON output: one array',
    'with an entry per checked object (file, index, line, apiVersion, kind,',
    'namespace, name, valid, previous, violations); index is the YAML document\'s',
    'index in its file, from 0, shared by the items of a List; previous is the',
    'file and line of the previous state the object was compared with, or null;',
    'a violation has rule, severity (error, warning or info), path, message (what',
    'follows the path) and hint. SARIF output: SARIF 2.1.0 for GitHub code',
    'scanning, one result per finding located by file and line, then the rules',
    'they use, each with a link to its section of docs/rules.md. JUnit output: a',
    'test suite per file, a test case per object: one failure per invalid object',
    '(warnings and notes in system-out), skipped for objects not checked. GitHub',
    'output: one workflow command per finding (::error, ::warning, ::notice with',
    'file, line, and the rule and its link as title), shown as annotations in',
    'GitHub Actions.',
    '',
    'Input problems go to stderr, whatever the format, and into the formats that',
    'CI reads: an input that cannot be read is a finding of rule KB000 at the file',
    '(a JSON entry with index null, a SARIF result and tool execution',
    'notification, a JUnit test case with an error, a GitHub ::error).',
    '',
    'With --strict, an unknown field (KB009, KB223, KB224) is an error, as',
    'kubectl\'s default strict field validation (--validate=strict) makes the',
    'API server refuse the object; without it, a warning (the server drops the',
    'field for a client that does not ask for strict validation). With',
    '--fail-on-skipped, every object not checked (another kind or group, or a',
    'kube-bind kind this tool does not model) is an error of rule KB001 and',
    'fails the run, as kubeconform fails on a kind it has no schema for unless',
    'given -ignore-missing-schemas. Every format shows both: the text and',
    'GitHub summaries name the modes that are on,',
    'SARIF in the invocation\'s properties, JUnit in each suite\'s properties;',
    'a skipped object is then an invalid JSON entry, a SARIF result, a JUnit',
    'failure, a text line and a GitHub ::error of its own.',
    '',
    'Exit status: 0 when every checked object is valid (warnings and notes',
    'allowed), 1 when any has an error (update errors included) or, with',
    '--fail-on-skipped, when any object was skipped, 2 for bad usage',
    'or unreadable input, previous objects included (missing file, YAML error,',
    'binary data, input too large).',
    '',
    `Limits: inputs are read one YAML document at a time, any size; ${formatSize(DEFAULT_LIMITS.maxDocumentBytes)} per`,
    `document (--max-document-size), ${DEFAULT_LIMITS.maxDepth} levels of nesting; aliases may expand a`,
    `document at most ${DEFAULT_LIMITS.maxAliasCount} times, which stops alias bombs. Memory holds only`,
    'the few facts of each object the checks across objects read (findings past',
    '1 MiB wait in TMPDIR).',
    '',
    ...temporaryFilesHelp([
      'Temporary files: a copy of standard input (when - is given), and the findings',
      'once they pass 1 MiB, until the checks across objects have run.',
    ]),
  ].join('\n');
}
