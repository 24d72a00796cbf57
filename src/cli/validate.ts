/**
 * The `validate` subcommand: its flags and help, wired to the rule registry.
 */
import { contextFor, crossObjectViolations, Manifest, RuleContext, validateObject, validateObjects, Violation } from '../rules';
import { isChecked, runCheck, StreamingValidator } from './check';
import { Command, ParsedArgs } from './command';
import { GROUP_FLAG, groupFlag, inputOperands, stringFlag, stringFlags } from './options';
import { REPORTERS, useColor } from './output/formats';
import { packageVersion } from './version';
import { DEFAULT_LIMITS, formatSize } from '../io/read';
import { crdKindVersionOf } from '../rules/crd';
import { unknownKindVersion } from '../rules/schema';

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
  acrossObjects: crossObjectViolations,
};

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
  summary: 'check APIServiceExport, BoundSchema and CRD manifests in YAML files',
  synopsis: `validate [--output ${Object.keys(REPORTERS).join('|')}] [--group GROUP] [--previous FILE|DIR|-]... FILE|DIR|- ...`,
  description: [
    'Checks every APIServiceExport and BoundSchema of the API group in the given',
    'YAML files, folders (recursively: *.yaml and *.yml files, in code-point order',
    'of their names) and standard input (-). Files may hold several documents;',
    'List documents (kind List, or *List with items, as kubectl get -o yaml prints)',
    'are unpacked. Other kinds are counted as skipped. Checks across objects run',
    'over all objects of all inputs together.',
    '',
    'CustomResourceDefinitions (apiextensions.k8s.io/v1) are checked too, with the',
    'rules that mirror Kubernetes\' own CRD validation (names, versions, schemas and',
    'their CEL rules, printer columns, subresources, conversion). What kube-bind',
    'could not export as it is (schemas that differ between versions, a service',
    'conversion webhook, selectableFields) is a note, not an error.',
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
    'finding with a hint below it, and a summary; coloured when standard output',
    'is a terminal, unless NO_COLOR is set (FORCE_COLOR=1 colours anyway).',
    'Severities are error, warning and note (information only, such as the',
    'warning clients of a deprecated version receive). JSON output: one array',
    'with an entry per checked object',
    '(file, index, line, apiVersion, kind, namespace, name, valid, previous,',
    'violations); index is the YAML document\'s index in its file, from 0, shared',
    'by the items of a List; previous is the file and line of the previous state',
    'the object was compared with, or null; a violation\'s severity is error,',
    'warning or info. SARIF output: SARIF 2.1.0 for GitHub code scanning, with',
    'the reported rules and one result per finding, located by file and line.',
    'JUnit output: a test suite per file, a test case per checked object, a',
    'failure per error (warnings and notes in system-out). GitHub output: one',
    'workflow command per finding (::error, ::warning, ::notice with file, line',
    'and the rule as title), shown as annotations in GitHub Actions. Input',
    'problems go to stderr, whatever the format.',
    '',
    'Exit status: 0 when every checked object is valid (warnings and notes',
    'allowed), 1 when any has an error (update errors included), 2 for bad usage',
    'or unreadable input, previous objects included (missing file, YAML error,',
    'binary data, input too large).',
    '',
    `Limits: inputs are read one YAML document at a time, any size; ${formatSize(DEFAULT_LIMITS.maxDocumentBytes)} per`,
    `document, ${DEFAULT_LIMITS.maxDepth} levels of nesting; aliases may expand a document at most`,
    `${DEFAULT_LIMITS.maxAliasCount} times, which stops alias bombs. Findings wait for the checks across`,
    'objects in a temporary folder (TMPDIR), with a copy of standard input, so memory',
    'holds only the few facts of each object those checks read.',
  ].join('\n'),
  flags: [
    {
      name: 'output',
      short: 'o',
      value: 'FORMAT',
      choices: Object.keys(REPORTERS),
      description: `output format: ${Object.keys(REPORTERS).join(', ')}; default text`,
    },
    GROUP_FLAG,
    {
      name: 'previous',
      value: 'FILE|DIR|-',
      repeatable: true,
      description: 'the previous state of the objects, to check each update',
    },
  ],
  async run(args: ParsedArgs, io, settings): Promise<number> {
    const output = stringFlag(args, 'output') ?? 'text';
    const group = groupFlag(args);
    const previous = stringFlags(args, 'previous');
    const operands = inputOperands(args, [{ flag: 'previous', values: previous }]);
    return runCheck({
      operands,
      context: contextFor({ group }),
      reporter: REPORTERS[output],
      validate: settings.validate ?? validateWithRules,
      // A validator given in the settings (tests) sees all objects at once.
      ...(settings.validate === undefined ? { streaming: STREAMING_RULES } : {}),
      select: selectForCheck,
      limits: settings.limits,
      render: { color: output === 'text' && useColor(settings.env, io.stdout.isTTY === true), version: packageVersion() },
      ...(previous.length > 0 ? { previous } : {}),
    }, io);
  },
};
