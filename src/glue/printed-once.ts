/**
 * Each warning of the construct validation printed once per process: a test
 * suite builds one app per test, and the same finding (same severity,
 * construct path, rule, message and hint) would otherwise be printed again
 * for every app. The lines are kept here, in this module, keyed by their
 * text: nothing else has to know (a second copy of the library in the same
 * process keeps its own, so a line may show once per copy).
 */

/**
 * How many distinct lines are remembered: past that, a line is printed
 * without being remembered (memory stays bounded in a process that makes
 * findings without end, such as a watch).
 */
const REMEMBERED = 10_000;

const printed = new Set<string>();

/** Writes `line` to stderr unless this process already wrote the same line. */
export function printOnce(line: string): void {
  if (printed.has(line)) return;
  if (printed.size < REMEMBERED) printed.add(line);
  process.stderr.write(line);
}

/** Forgets what was printed: for tests that check what a synth prints, each from a clean process's view. */
export function forgetPrinted(): void {
  printed.clear();
}
