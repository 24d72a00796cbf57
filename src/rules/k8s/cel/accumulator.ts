/**
 * A comprehension macro whose iteration variable is named `__result__`:
 * cel-go's parser refuses it, since the comprehension's accumulator bears
 * that name (parser/macro.go, AccumulatorName; "iteration variable
 * overwrites accumulator variable" in MakeMap, MakeFilter and
 * makeQuantifier, and in ext/comprehensions.go for the two-variable macros,
 * cel-go 0.26; parser_test.go's `m.map(__result__, __result__)`). cel-js
 * names its accumulator otherwise and accepts it.
 */
import { callOf, firstInAst } from './ast-walk';
import type { CelAstNode } from './cel-js';

/** parser.AccumulatorName. */
const ACCUMULATOR = '__result__';

/** The macros, by their argument count, and how many of their first arguments are iteration variables. */
const ITERATION_VARIABLES: ReadonlyMap<string, ReadonlyMap<number, number>> = new Map([
  ['all', new Map([[2, 1], [3, 2]])],
  ['exists', new Map([[2, 1], [3, 2]])],
  ['exists_one', new Map([[2, 1], [3, 2]])],
  ['existsOne', new Map([[2, 1], [3, 2]])],
  ['map', new Map([[2, 1], [3, 1]])],
  ['filter', new Map([[2, 1]])],
  ['transformList', new Map([[3, 2], [4, 2]])],
  ['transformMap', new Map([[3, 2], [4, 2]])],
  ['transformMapEntry', new Map([[3, 2], [4, 2]])],
]);

/** The first iteration variable named `__result__`, as cel-go's parser error. */
export function accumulatorOverwritten(node: unknown): { message: string; start: number | undefined } | undefined {
  return firstInAst(node, n => {
    const call = callOf(n);
    if (call?.target === undefined) return undefined;
    const count = ITERATION_VARIABLES.get(call.name)?.get(call.args.length) ?? 0;
    const variable = call.args.slice(0, count).find((a: CelAstNode) => a.op === 'id' && a.args === ACCUMULATOR);
    return variable === undefined ? undefined
      : { message: 'iteration variable overwrites accumulator variable', start: (variable as { start?: number }).start };
  });
}
