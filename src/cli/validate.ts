/**
 * The `validate` subcommand: its flags and help, wired to the rule registry.
 */
import { contextFor, kindVersionOf, Manifest, RuleContext, validateObjects, Violation } from '../rules';
import { isChecked, runCheck } from './check';
import { Command, ParsedArgs, UsageError } from './command';
import { DEFAULT_LIMITS, formatSize } from './read';
import { REPORTERS } from './report';
import { unknownKindVersion } from '../rules/schema';

/**
 * Every rule of the registry, plus the unknown-kind/version check for
 * objects of our group that no per-kind rule recognises.
 */
export function validateWithRules(objects: readonly Manifest[], ctx: RuleContext): Violation[][] {
  const results = validateObjects(objects, ctx);
  return results.map((violations, i) => {
    if (kindVersionOf(objects[i], ctx.group) !== undefined) return violations;
    // Should the registry start calling unknownKindVersion itself, nothing is reported twice.
    const seen = new Set(violations.map(key));
    return [...unknownKindVersion(objects[i], ctx).filter(v => !seen.has(key(v))), ...violations];
  });
}

function key(v: Violation): string {
  return `${v.rule}\u0000${v.path}\u0000${v.message}`;
}

/**
 * Objects of our group, plus one of our kinds under an apiVersion one typo
 * away from our group: `unknownKindVersion` warns about those, and a typo
 * must not make an object silently skipped.
 */
function selectForCheck(manifest: Manifest, ctx: RuleContext): boolean {
  return isChecked(manifest, ctx) || unknownKindVersion(manifest, ctx).length > 0;
}

// A DNS subdomain, as Kubernetes requires of API group names.
const GROUP_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

export const VALIDATE_COMMAND: Command = {
  summary: 'check APIServiceExport and BoundSchema manifests in YAML files',
  synopsis: 'validate [--output text|json] [--group GROUP] FILE|DIR|- ...',
  description: [
    'Checks every APIServiceExport and BoundSchema of the API group in the given',
    'YAML files, folders (recursively: *.yaml and *.yml files, in code-point order',
    'of their names) and standard input (-). Files may hold several documents;',
    'List documents (kind List, or *List with items, as kubectl get -o yaml prints)',
    'are unpacked. Other kinds are counted as skipped. Checks across objects run',
    'over all objects of all inputs together.',
    '',
    'YAML is read as Kubernetes reads it: YAML 1.2 core schema, no merge keys,',
    'duplicate keys are errors. A file with a YAML syntax error is not checked.',
    '',
    'Text output: one "file:line: severity RULE object path: message" line per',
    'violation with a hint below it, and a summary. JSON output: one array with',
    'an entry per checked object (file, index, line, apiVersion, kind, namespace,',
    'name, valid, violations); index is the YAML document\'s index in its file,',
    'from 0, shared by the items of a List. Input problems go to stderr.',
    '',
    'Exit status: 0 when every checked object is valid (warnings allowed), 1 when',
    'any has an error, 2 for bad usage or unreadable input (missing file, YAML',
    'error, binary data, input too large).',
    '',
    `Limits: ${formatSize(DEFAULT_LIMITS.maxInputBytes)} per input, ${formatSize(DEFAULT_LIMITS.maxTotalBytes)} for all inputs together,`,
    `${DEFAULT_LIMITS.maxDepth} levels of nesting; YAML alias expansion is capped by the yaml`,
    `package's maxAliasCount (${DEFAULT_LIMITS.maxAliasCount}), which stops alias bombs.`,
  ].join('\n'),
  flags: [
    {
      name: 'output',
      short: 'o',
      value: 'FORMAT',
      choices: Object.keys(REPORTERS),
      description: `output format, ${Object.keys(REPORTERS).join(' or ')}; default text`,
    },
    { name: 'group', value: 'GROUP', description: `API group the kube-bind kinds are served under; default ${contextFor().group}` },
  ],
  async run(args: ParsedArgs, io, settings): Promise<number> {
    const output = stringFlag(args, 'output') ?? 'text';
    const group = stringFlag(args, 'group') ?? contextFor().group;
    if (!GROUP_NAME.test(group) || group.length > 253) {
      throw new UsageError(`--group ${JSON.stringify(group)} is not an API group name (a lowercase DNS subdomain such as kube-bind.io)`);
    }
    if (args.operands.length === 0) {
      throw new UsageError('no input: give FILE, DIR, or - for standard input');
    }
    if (args.operands.filter(o => o === '-').length > 1) {
      throw new UsageError('- (standard input) given more than once');
    }
    return runCheck({
      operands: args.operands,
      context: contextFor({ group }),
      reporter: REPORTERS[output],
      validate: settings.validate ?? validateWithRules,
      select: selectForCheck,
      limits: settings.limits,
    }, io);
  },
};

function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags.get(name);
  return typeof value === 'string' ? value : undefined;
}
