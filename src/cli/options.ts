/**
 * Flag and operand checks the subcommands share: the API group flag, the
 * FILE|DIR|- operands, and standard input used at most once.
 */
import { ParsedArgs, UsageError } from './command';
import { DEFAULT_LIMITS, formatSize } from '../io/read';
import { contextFor, dns1123LabelErrors, dns1123SubdomainErrors } from '../rules';

/** The value of a flag that takes one, or undefined when it was not given. */
export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags.get(name);
  return typeof value === 'string' ? value : undefined;
}

/** Every value of a repeatable flag, in command-line order. */
export function stringFlags(args: ParsedArgs, name: string): readonly string[] {
  return args.values.get(name) ?? [];
}

/** The `--group` flag every command shares. */
export const GROUP_FLAG = {
  name: 'group',
  value: 'GROUP',
  description: `API group the kube-bind kinds are served under; default ${contextFor().group}`,
};

/** `--group`, checked, or the default group. */
export function groupFlag(args: ParsedArgs): string {
  const group = stringFlag(args, 'group') ?? contextFor().group;
  if (!isDnsSubdomain(group)) {
    throw new UsageError(`--group ${JSON.stringify(group)} is not an API group name (a lowercase DNS subdomain such as kube-bind.io)`);
  }
  return group;
}

/** The `--namespace-prefix` flag of `validate` (and `explain`): the backend's own flag of that name. */
export const NAMESPACE_PREFIX_FLAG = {
  name: 'namespace-prefix',
  value: 'PREFIX',
  description: `the kube-bind backend's --namespace-prefix, which starts every namespace it creates for a template's spec.namespaces; default ${contextFor().namespacePrefix}`,
};

/** `--namespace-prefix`, checked, or the default. */
export function namespacePrefixFlag(args: ParsedArgs): string {
  const prefix = stringFlag(args, 'namespace-prefix') ?? contextFor().namespacePrefix ?? '';
  if (prefix !== '' && !/^[a-z0-9]([-a-z0-9]*)$/.test(prefix)) {
    throw new UsageError(`--namespace-prefix ${JSON.stringify(prefix)} cannot start a namespace name: use lowercase letters, digits and "-", starting with a letter or digit`);
  }
  return prefix;
}

/**
 * `--max-document-size` of every command that reads YAML: the largest
 * document it parses whole. One object is at most 1.5 MiB, but `kubectl get
 * -o yaml` prints every object it lists as one List document.
 */
export const MAX_DOCUMENT_SIZE_FLAG = {
  name: 'max-document-size',
  value: 'SIZE',
  description: `largest YAML document read, such as 64MiB (a List from kubectl get -o yaml is one document); default ${formatSize(DEFAULT_LIMITS.maxDocumentBytes)}`,
};

const SIZE_UNITS: { readonly [unit: string]: number } = { '': 1, 'k': 1024, 'ki': 1024, 'kib': 1024, 'm': 1024 ** 2, 'mi': 1024 ** 2, 'mib': 1024 ** 2 };

/** V8's longest string (2^29 - 24 code units on 64-bit): a document is held as one while it is parsed. */
const LONGEST_DOCUMENT = 512 * 1024 ** 2 - 24;

/** `--max-document-size` in bytes (a number, with KiB or MiB, Ki/Mi as Kubernetes quantities write them), or undefined. */
export function maxDocumentSizeFlag(args: ParsedArgs): number | undefined {
  const text = stringFlag(args, MAX_DOCUMENT_SIZE_FLAG.name);
  if (text === undefined) return undefined;
  const match = /^\s*(\d+)\s*([a-z]*)\s*$/i.exec(text);
  const factor = match === null ? undefined : SIZE_UNITS[match[2].toLowerCase()];
  if (match === null || factor === undefined || Number(match[1]) === 0) {
    throw new UsageError(`--max-document-size ${JSON.stringify(text)} is not a size: give a whole number of bytes, KiB or MiB, such as 64MiB`);
  }
  const bytes = Number(match[1]) * factor;
  if (bytes > LONGEST_DOCUMENT) {
    throw new UsageError(`--max-document-size ${JSON.stringify(text)} is over 511MiB, the longest document Node.js can hold as one string: split the input instead`);
  }
  return bytes;
}

/** A DNS subdomain, as Kubernetes requires of API group names and of most object names (the rules' IsDNS1123Subdomain). */
export function isDnsSubdomain(text: string): boolean {
  return dns1123SubdomainErrors(text).length === 0;
}

/** A DNS label, as Kubernetes requires of namespace names (the rules' IsDNS1123Label). */
export function isDnsLabel(text: string): boolean {
  return dns1123LabelErrors(text).length === 0;
}

/**
 * The FILE|DIR|- operands, checked: at least one, and standard input (`-`)
 * at most once across them and `alsoReading` (the values of flags that name
 * inputs too, such as `--previous`), since it can be read only once.
 */
export function inputOperands(args: ParsedArgs, alsoReading: ReadonlyArray<{ flag: string; values: readonly string[] }> = []): readonly string[] {
  if (args.operands.length === 0) {
    throw new UsageError('no input: give FILE, DIR, or - for standard input');
  }
  const users = [
    ...args.operands.filter(o => o === '-').map(() => 'an input'),
    ...alsoReading.flatMap(({ flag, values }) => values.filter(v => v === '-').map(() => `--${flag}`)),
  ];
  if (users.length > 1) {
    const which = [...new Set(users)].join(' and ');
    throw new UsageError(`- (standard input) given more than once (as ${which}): standard input can be read only once`);
  }
  for (const { flag, values } of alsoReading) {
    if (values.includes('')) throw new UsageError(`--${flag} needs a FILE, DIR, or - for standard input, got ""`);
  }
  return args.operands;
}
