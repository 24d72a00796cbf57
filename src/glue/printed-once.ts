/**
 * Each warning of the construct validation printed once per process: a test
 * suite builds one app per test, and the same finding (same severity,
 * construct path, rule, message and hint) would otherwise be printed again
 * for every app. Kept on `globalThis`, so that every copy of the library in
 * the process shares it, as they share the app's state.
 */
const PRINTED = Symbol.for('cdk8s-kube-bind.printed-warnings');

/**
 * How many distinct lines are remembered: past that, a line is printed
 * without being remembered (memory stays bounded in a process that makes
 * findings without end, such as a watch).
 */
const REMEMBERED = 10_000;

function printed(): Set<string> {
  const global = globalThis as { [PRINTED]?: Set<string> };
  return (global[PRINTED] ??= new Set());
}

/** Writes `line` to stderr unless this process already wrote the same line. */
export function printOnce(line: string): void {
  const seen = printed();
  if (seen.has(line)) return;
  if (seen.size < REMEMBERED) seen.add(line);
  process.stderr.write(line);
}

/** Forgets what was printed: for tests that check what a synth prints, each from a clean process's view. */
export function forgetPrinted(): void {
  printed().clear();
}
