/**
 * Entry point of the `cdk8s-kube-bind` command line: picks the subcommand,
 * parses its flags, maps every outcome to an exit status. What a command
 * does lives in its own module; adding one is one entry in `COMMANDS`.
 */
import { fstatSync, Stats, statSync, writeSync } from 'fs';
import { parseArgs as nodeParseArgs } from 'util';
import { CliIo, CliSettings, Command, EXIT_OK, EXIT_TROUBLE, FlagSpec, OutputStream, ParsedArgs, UsageError } from './command';
import { maxDocumentSizeFlag } from './options';
import { packageVersion } from './version';
import { DEFAULT_LIMITS } from '../io/read';
import { TempFileError } from '../io/spill';
import { MIRRORED_KUBERNETES } from '../model/kubernetes';
import { closest } from '../rules';

const PROGRAM = 'cdk8s-kube-bind';

/**
 * The subcommands, by name. Each module is loaded when its command is first
 * looked up, so a run loads only the command it runs (start-up time).
 */
/* eslint-disable @typescript-eslint/no-require-imports */
export const COMMANDS: { readonly [name: string]: Command } = {
  get 'validate'(): Command { return (require('./validate') as typeof import('./validate')).VALIDATE_COMMAND; },
  get 'paths'(): Command { return (require('./paths') as typeof import('./paths')).PATHS_COMMAND; },
  get 'migrate'(): Command { return (require('./migrate') as typeof import('./migrate')).MIGRATE_COMMAND; },
  get 'from-crd'(): Command { return (require('./from-crd') as typeof import('./from-crd')).FROM_CRD_COMMAND; },
  get 'explain'(): Command { return (require('./explain') as typeof import('./explain')).EXPLAIN_COMMAND; },
};
/* eslint-enable @typescript-eslint/no-require-imports */

const HELP_FLAG: FlagSpec = { name: 'help', short: 'h', description: 'show this help and exit' };

/**
 * Runs the command line `argv` (without node and the script) and returns the
 * exit status instead of exiting, so tests can call it in-process. Never
 * throws: an unexpected exception is reported as an internal error (status 2),
 * with its stack only when CDK8S_KUBE_BIND_DEBUG=1.
 */
export async function main(argv: readonly string[], io: CliIo = processIo(), settings: Partial<CliSettings> = {}): Promise<number> {
  const env = settings.env ?? process.env;
  const full: CliSettings = { ...settings, env, limits: { ...DEFAULT_LIMITS, ...settings.limits } };
  try {
    return await dispatch(argv, io, full);
  } catch (e) {
    try {
      const message = e instanceof Error ? e.message : String(e);
      // A temporary file that cannot be written (a full disk) is the machine's trouble, not a bug.
      io.stderr.write(e instanceof TempFileError ? `${PROGRAM}: ${message}\n` : `${PROGRAM}: internal error: ${message}\n`);
      if (env.CDK8S_KUBE_BIND_DEBUG === '1' && e instanceof Error && e.stack) io.stderr.write(`${e.stack}\n`);
    } catch {
      // stderr itself is broken; the exit status still tells.
    }
    return EXIT_TROUBLE;
  }
}

async function dispatch(argv: readonly string[], io: CliIo, settings: CliSettings): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stderr.write(programHelp());
    return EXIT_TROUBLE;
  }
  if (first === '--version' || first === '-V') {
    io.stdout.write(`${PROGRAM} ${packageVersion()} (mirrors ${MIRRORED_KUBERNETES}'s validation)\n`);
    return EXIT_OK;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    const topic = first === 'help' ? rest[0] : undefined;
    if (topic === undefined) {
      io.stdout.write(programHelp());
      return EXIT_OK;
    }
    if (!hasCommand(topic)) return usageError(io, undefined, unknownCommand(topic));
    io.stdout.write(commandHelp(COMMANDS[topic]));
    return EXIT_OK;
  }
  if (!hasCommand(first)) return usageError(io, undefined, unknownCommand(first));

  const command = COMMANDS[first];
  try {
    const args = parseArgs(rest, [...command.flags, HELP_FLAG]);
    if (args.flags.has('help')) {
      io.stdout.write(commandHelp(command));
      return EXIT_OK;
    }
    // What bounds reading is one setting for every command that reads YAML.
    const maxDocumentBytes = maxDocumentSizeFlag(args);
    return await command.run(args, io, maxDocumentBytes === undefined ? settings : { ...settings, limits: { ...settings.limits, maxDocumentBytes } });
  } catch (e) {
    if (e instanceof UsageError) return usageError(io, first, e.message);
    throw e;
  }
}

function hasCommand(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(COMMANDS, name);
}

function unknownCommand(name: string): string {
  const guess = closest(name, Object.keys(COMMANDS));
  return `unknown command ${JSON.stringify(name)}${guess !== undefined ? ` (did you mean ${JSON.stringify(guess)}?)` : ''}`;
}

function usageError(io: CliIo, command: string | undefined, message: string): number {
  const prefix = command === undefined ? PROGRAM : `${PROGRAM} ${command}`;
  io.stderr.write(`${prefix}: ${message}\nRun '${prefix} --help' for usage.\n`);
  return EXIT_TROUBLE;
}

/**
 * GNU-style flags, read by Node's `util.parseArgs`: `--name value`,
 * `--name=value`, `-n value`, kubectl's `-nvalue` and `-n=value`, flags and
 * operands in any order, `--` ends the flags, `-` alone is an operand
 * (standard input). Unknown flags, missing values, values outside `choices`
 * and repeating a flag that is not `repeatable` are usage errors, each named
 * as written, with a "did you mean" where one is close.
 */
export function parseArgs(argv: readonly string[], specs: readonly FlagSpec[]): ParsedArgs {
  const options: NodeParseArgsOptions = {};
  for (const spec of specs) {
    options[spec.name] = { type: spec.value === undefined ? 'boolean' : 'string', ...(spec.short ? { short: spec.short } : {}) };
  }
  // Not strict: every token comes back, and the checks below word the errors.
  const { tokens } = nodeParseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const flags = new Map<string, string | true>();
  const values = new Map<string, string[]>();
  const operands: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') {
      operands.push(token.value);
      continue;
    }
    if (token.kind !== 'option') continue; // `--`: what follows comes back as positionals
    const spec = specs.find(s => s.name === token.name);
    if (spec === undefined) {
      const names = specs.flatMap(s => [`--${s.name}`, ...(s.short ? [`-${s.short}`] : [])]);
      const guess = closest(token.rawName, names);
      throw new UsageError(`unknown flag ${JSON.stringify(token.rawName)}${guess !== undefined ? ` (did you mean ${guess}?)` : ''}`);
    }
    if (flags.has(spec.name) && !spec.repeatable) throw new UsageError(`--${spec.name} given more than once`);
    if (spec.value === undefined) {
      if (token.value !== undefined) throw new UsageError(`--${spec.name} takes no value`);
      flags.set(spec.name, true);
      continue;
    }
    if (token.value === undefined) throw new UsageError(`--${spec.name} needs a value (${spec.value})`);
    // kubectl's `-o=json`: util.parseArgs reads a short flag's attached value whole, "=json".
    const value = token.inlineValue && token.rawName.length === 2 && token.value.startsWith('=') ? token.value.slice(1) : token.value;
    if (spec.choices !== undefined && !spec.choices.includes(value)) {
      const guess = closest(value, spec.choices);
      throw new UsageError(`--${spec.name} ${JSON.stringify(value)} is not one of ${spec.choices.join(', ')}${guess !== undefined ? ` (did you mean ${guess}?)` : ''}`);
    }
    flags.set(spec.name, value);
    values.set(spec.name, [...(values.get(spec.name) ?? []), value]);
  }
  return { flags, operands, values };
}

type NodeParseArgsOptions = { [name: string]: { type: 'string' | 'boolean'; short?: string } };

function programHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map(n => n.length));
  const commands = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return [
    `Usage: ${PROGRAM} COMMAND [FLAGS] [ARGS]`,
    '',
    'Commands:',
    ...commands,
    '',
    'Flags:',
    '  -h, --help     show this help and exit',
    '  -V, --version  print the version and exit',
    '',
    `Run '${PROGRAM} COMMAND --help' (or '${PROGRAM} help COMMAND') for the flags and exit statuses of a command.`,
    '',
  ].join('\n');
}

function commandHelp(command: Command): string {
  const flags = [...command.flags, HELP_FLAG];
  const labels = flags.map(f => `${f.short ? `-${f.short}, ` : '    '}--${f.name}${f.value ? ` ${f.value}` : ''}`);
  const width = Math.max(...labels.map(l => l.length));
  const describe = (f: FlagSpec): string => `${f.description}${f.repeatable ? ' (repeatable)' : ''}`;
  return [
    `Usage: ${PROGRAM} ${command.synopsis}`,
    '',
    command.description,
    '',
    'Flags:',
    ...flags.map((f, i) => `  ${labels[i].padEnd(width)}  ${describe(f)}`),
    '',
  ].join('\n');
}

/**
 * The real process streams. A closed stdout (`| head`) ends the output quietly instead of crashing.
 * process.stderr is made when first written to: a run with nothing to say there (most) does not make a
 * terminal or pipe stream for it, which loads Node's net module (~3 ms of start-up when stdout goes to a file).
 */
function processIo(): CliIo {
  let stderr: NodeJS.WriteStream | undefined;
  // process.stdin is made (a socket or a stream of a file: ~2 ms of start-up) only when an operand is `-` reads it.
  const stdin: AsyncIterable<unknown> = { [Symbol.asyncIterator]: () => process.stdin[Symbol.asyncIterator]() };
  return {
    stdout: fileStdout() ?? quietWhenClosed(process.stdout),
    get stderr() {
      return stderr ??= quietWhenClosed(process.stderr);
    },
    stdin,
  };
}

/**
 * Standard output when it is a regular file or /dev/null (`-o json > report.json`, a hook that keeps only the
 * status): written with `fs.writeSync`, as Node's own stream for such an output (a SyncWriteStream) writes it, but
 * without loading Node's stream modules to make that stream (5 ms of a one-document run's CPU on the bench's
 * machine). A pipe or a terminal keeps process.stdout: a synchronous write to a pipe whose reader pauses would
 * block the process, and an interrupt would wait with it (issue 22).
 */
function fileStdout(): OutputStream | undefined {
  let stat: Stats;
  try {
    stat = fstatSync(1);
  } catch {
    return undefined; // no standard output: process.stdout says so as Node does
  }
  if (!stat.isFile() && !isDevNull(stat)) return undefined;
  return {
    isTTY: false,
    write: (chunk: string) => {
      writeSync(1, chunk);
      return true;
    },
  };
}

function isDevNull(stat: Stats): boolean {
  if (!stat.isCharacterDevice()) return false;
  try {
    const devNull = statSync('/dev/null');
    return devNull.rdev === stat.rdev && devNull.ino === stat.ino && devNull.dev === stat.dev;
  } catch {
    return false; // not a system with /dev/null
  }
}

/** `stream`, with its EPIPE (the reader went away) let go instead of thrown. */
function quietWhenClosed(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  if (stream.listenerCount('error') === 0) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
    });
  }
  return stream;
}
