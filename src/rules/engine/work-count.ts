/**
 * A count of the elements the rules across objects visit (each candidate
 * looked at, each entry copied, compared or sorted), so a test can check
 * that their work grows linearly with the input without timing anything
 * (test/rules/cross-object-complexity.test.ts). Counting costs an addition.
 */
export const crossObjectWork = { steps: 0 };

/** Adds `n` visited elements and hands `value` through. */
export function visited<T>(n: number, value: T): T {
  crossObjectWork.steps += n;
  return value;
}
