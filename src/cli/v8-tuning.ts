/**
 * How V8 is tuned for a run of the CLI, in one place: the `bin` script applies
 * it before anything else loads, and the bench applies it before it loads the
 * CLI, so that what is measured is what users run.
 */
import { setFlagsFromString } from 'v8';

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
 * The V8 versions that know `--interrupt-budget`: Node 20's (11.3). V8 12
 * (Node 22, 24) tiers up by invocation counts instead and prints
 * "unrecognized flag" on stderr for it, so it is set there not at all.
 */
export function knowsInterruptBudget(v8Version: string): boolean {
  return Number(v8Version.split('.')[0]) <= 11;
}

/** Applies the CLI's V8 flags; must run before the library's code is loaded, as V8 reads the budget when it sets a function up. */
export function tuneV8ForShortRuns(): void {
  if (knowsInterruptBudget(process.versions.v8)) setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
}
