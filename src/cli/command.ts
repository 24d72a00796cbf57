/**
 * What every subcommand of the `cdk8s-kube-bind` command line shares: the
 * streams it writes to, its exit codes, and the shape of a command entry in
 * the table of `main.ts`.
 */
import type { ReadLimits } from '../io/read';
import type { Manifest } from '../model/manifest';
import type { RuleContext, Violation } from '../rules';

/** Exit statuses; scripts and CI rely on them, so they never change meaning. */
export const EXIT_OK = 0;
/** At least one checked object has a violation of severity `error`. */
export const EXIT_INVALID = 1;
/** Bad usage, unreadable input, or an internal error. */
export const EXIT_TROUBLE = 2;

/** Anything with a `write(string)`, such as `process.stdout` or a test buffer. */
export interface OutputStream {
  /** True for a terminal (Node sets it on process.stdout); decides colour. */
  readonly isTTY?: boolean;
  write(chunk: string): unknown;
}

/** The process's standard streams, passed in so tests run the CLI in-process. */
export interface CliIo {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  /** Chunks of standard input: Buffers, Uint8Arrays or strings. */
  readonly stdin: AsyncIterable<unknown>;
}

/**
 * Validates objects together: one list of violations per object, in order
 * (the shape of `validateObjects`). Declared here, beside the settings that
 * carry it, so that `check.ts` depends on this file and not the reverse.
 */
export type ValidateFn = (objects: readonly Manifest[], ctx: RuleContext) => Violation[][];

/** Knobs the CLI does not expose as flags but tests (and embedders) may turn. */
export interface CliSettings {
  /** The validator; defaults to the rule registry of `src/rules`. */
  readonly validate?: ValidateFn;
  readonly limits: ReadLimits;
  /** Environment variables, for `CDK8S_KUBE_BIND_DEBUG`, `NO_COLOR` and `FORCE_COLOR`. */
  readonly env: { readonly [name: string]: string | undefined };
}

/** A flag a command accepts. Flags without `value` are booleans. */
export interface FlagSpec {
  /** Long name without dashes: `output` for `--output`. */
  readonly name: string;
  /** One-letter alias without the dash: `o` for `-o`. */
  readonly short?: string;
  /** Placeholder shown in help for flags that take a value, e.g. `FORMAT`. */
  readonly value?: string;
  /** Accepted values, when the set is closed. */
  readonly choices?: readonly string[];
  /** The flag may be given several times; every value is kept, in order, in `ParsedArgs.values`. */
  readonly repeatable?: boolean;
  readonly description: string;
}

/** Flags and operands after parsing; flag values keyed by long name. */
export interface ParsedArgs {
  /** Each flag given, with its value (the last one for a repeatable flag), or true for a boolean flag. */
  readonly flags: ReadonlyMap<string, string | true>;
  readonly operands: readonly string[];
  /** Every value of each flag that takes one, in command-line order: several for a repeated `repeatable` flag. */
  readonly values: ReadonlyMap<string, readonly string[]>;
}

/** One entry in the subcommand table of `main.ts`. */
export interface Command {
  /** One line for the command list of `--help`. */
  readonly summary: string;
  /** Everything after the program name in the usage line. */
  readonly synopsis: string;
  /** Paragraphs of the command's `--help`, already wrapped, ending with its exit statuses. */
  readonly description: string;
  readonly flags: readonly FlagSpec[];
  /** Runs the command and returns its exit status. Throws `UsageError` for bad operands or flag values. */
  run(args: ParsedArgs, io: CliIo, settings: CliSettings): Promise<number>;
}

/** A mistake on the command line: reported with a pointer to `--help`, exit status 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
