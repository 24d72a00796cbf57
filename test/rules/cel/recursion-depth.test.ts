/**
 * cel-go's two nesting limits (parser/parser.go: recursionListener.EnterEveryRule, "expression recursion limit
 * exceeded: 250"; checkAndIncrementRecursionDepth, "max recursion depth exceeded"), each shape at the last
 * depth cel-go v0.26.1 compiles and the first it refuses: the boundaries were measured with cel-go's
 * cel.NewEnv(...).Compile, and are the same whatever the operands' types.
 */
import { compileExpression } from '../../../src/rules/k8s/cel/compile';
import { schemaDeclType } from '../../../src/rules/k8s/cel/decl-type';
import { recursionLimitError } from '../../../src/rules/k8s/cel/recursion-depth';

const schema = { type: 'array', items: { type: 'array', items: { 'x-kubernetes-int-or-string': true } } };
const errorOf = (rule: string): string | undefined => compileExpression(rule, 'rule', schemaDeclType(schema, false)!, false, schema, false).error;

const nest = (n: number, open: string, close: string, core: string): string => open.repeat(n) + core + close.repeat(n);
const LISTENER = 'expression recursion limit exceeded: 250';
const VISITOR = 'max recursion depth exceeded';

describe.each([
  // The visitor counts each operator of a chain (cel-js reads a chain in a loop and counted none of them).
  ['a chain of +, compared', (n: number) => Array(n + 1).fill('1').join(' + ') + ' > 0', 249, VISITOR],
  ['a chain of +, alone', (n: number) => Array(n + 1).fill('1').join(' + '), 250, VISITOR],
  ['a chain of in', (n: number) => Array(n + 1).fill('1').join(' in '), 250, VISITOR],
  // Chained indexes: cel-js' own count stopped at 248.
  ['chained [0], compared', (n: number) => 'self' + '[0]'.repeat(n) + ' == 0', 249, VISITOR],
  ['chained [0], alone', (n: number) => 'self' + '[0]'.repeat(n), 250, VISITOR],
  ['chained .size()', (n: number) => 'self' + '.size()'.repeat(n), 250, VISITOR],
  // The listener counts the open contexts of each grammar rule.
  ['nested parentheses', (n: number) => nest(n, '(', ')', 'self') + ' == []', 249, LISTENER],
  ['nested calls', (n: number) => nest(n, 'int(', ')', '1') + ' > 0', 249, LISTENER],
  ['nested lists', (n: number) => nest(n, '[', ']', '') + ' == []', 250, LISTENER],
  ['nested conditionals', (n: number) => 'true ? 1 : '.repeat(n) + '1', 249, LISTENER],
  ['nested comprehensions', (n: number) => nest(n, 'self.all(x, ', ')', 'x == []'), 248, LISTENER],
  // A comparison's right operand opens a second relation context, a product's a third calc context.
  ['nested parenthesized comparisons', (n: number) => nest(n, 'self == (', ')', 'self'), 124, LISTENER],
  ['nested parenthesized sums of products', (n: number) => nest(n, '1 + 1 * (', ')', '1'), 83, LISTENER],
] as Array<[string, (n: number) => string, number, string]>)('%s', (_, rule, last, error) => {
  test(`${last} deep compiles`, () => {
    expect(recursionLimitError(rule(last))).toBeUndefined();
    expect(errorOf(rule(last)) ?? '').not.toMatch(/recursion|Exceeded/);
  });
  test(`${last + 1} deep is refused: ${error}`, () => {
    expect(recursionLimitError(rule(last + 1))).toBe(error);
    expect(errorOf(rule(last + 1))).toBe(`compilation failed: ${error}`);
  });
});

test('what is not CEL gets no verdict here: cel-js says why', () => {
  expect(recursionLimitError('self[0')).toBeUndefined();
  expect(recursionLimitError('`a`')).toBeUndefined();
  expect(errorOf('self[0')).toMatch(/^compilation failed: syntax error/);
});
