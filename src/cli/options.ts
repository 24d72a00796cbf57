/**
 * Flag and operand checks the subcommands share: the API group flag, the
 * FILE|DIR|- operands, and standard input used at most once.
 */
import { ParsedArgs, UsageError } from './command';
import { contextFor } from '../rules';

// A DNS subdomain, as Kubernetes requires of API group names and of most object names.
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
// A DNS label, as Kubernetes requires of namespace names.
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

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

export function isDnsSubdomain(text: string): boolean {
  return text.length <= 253 && DNS_SUBDOMAIN.test(text);
}

export function isDnsLabel(text: string): boolean {
  return text.length <= 63 && DNS_LABEL.test(text);
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
