/**
 * How V8 is tuned for a long run of the CLI, in one place. The commands that
 * read objects apply it before they read, when their input makes a long run:
 * a one-document run (a pre-commit hook) does not pay for loading the `v8`
 * module, and the rules, which have not run yet, are set up with the tuned
 * budget all the same (measured: applied after the library is loaded, it
 * saves as much CPU as applied first).
 */
import { statSync } from 'fs';


/**
 * V8 optimises a function once it has run this much bytecode (its default is
 * 67,584 bytes in Node 20). A run of the CLI is short and crosses many rules,
 * most of them hot only briefly: with the default, V8 spends a quarter of the
 * run's CPU compiling functions it soon stops needing. Measured on the
 * 5,236-document held-out-style mix of the bench (issue 23): CPU 1.74 s →
 * 1.25 s; a one-document run is unchanged. Only when code is optimised
 * changes, never what it does.
 */
const INTERRUPT_BUDGET = 300_000;

/**
 * The V8 versions that know `--interrupt-budget`: up to Node 20's (11.3).
 * Node 21's V8 (11.8) and V8 12 (Node 22, 24) tier up by invocation counts
 * instead and print "unrecognized flag" on stderr for it (checked with their
 * binaries), so it is set there not at all.
 */
export function knowsInterruptBudget(v8Version: string): boolean {
  const [major, minor] = v8Version.split('.').map(Number);
  return major < 11 || (major === 11 && minor <= 3);
}

/** Applies the CLI's V8 flags; V8 reads the budget when it sets a function up, so functions not yet run get it. */
export function tuneV8(): void {
  if (!knowsInterruptBudget(process.versions.v8)) return;
  // Loaded here, not at start-up: about 1.4 ms a one-document run need not pay.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('v8') as typeof import('v8')).setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
}

/** How much input makes a run long enough for the tuning to pay (a one-document run would lose about 2 ms to it). */
const BYTES_OF_A_LONG_RUN = 256 * 1024;

/**
 * Tunes V8 when the command's operands make a long run: standard input or a
 * folder (size unknown up front), or files of 256 KiB or more. Before the
 * first object is read: a function V8 already set up keeps the default budget
 * (tuned after the 64th object, the held-out-style mix kept a third of the loss).
 */
export function tuneV8ForInputs(operands: readonly string[]): void {
  let bytes = 0;
  for (const operand of operands) {
    if (operand === '-') return tuneV8();
    try {
      const stat = statSync(operand);
      if (stat.isDirectory()) return tuneV8();
      bytes += stat.size;
    } catch {
      // unreadable: the reader reports it
    }
  }
  if (bytes >= BYTES_OF_A_LONG_RUN) tuneV8();
}
