/**
 * Comparison chains grouped as cel-go's grammar groups them (one precedence for `==`, `!=`, `<`, `<=`, `>`, `>=`,
 * `in`, left to right: CEL.g4's relation rule). Each verdict and column as cel-go v0.26.1's Compile gives it.
 */
import { compileExpression } from '../../../src/rules/k8s/cel/compile';
import { schemaDeclType } from '../../../src/rules/k8s/cel/decl-type';
import { withRelationsGrouped } from '../../../src/rules/k8s/cel/relation-chains';

const ints = { type: 'array', items: { type: 'integer' } };
const errorOf = (rule: string): string | undefined => compileExpression(rule, 'rule', schemaDeclType(ints, false)!, false, ints, false).error;

describe('an equality before another comparison, in one chain', () => {
  test.each([
    // (1 == 1) < true: bools compare. cel-js alone read 1 == (1 < true), which no overload takes.
    '1 == 1 < true', 'self.size() == 1 < true == true', '1 == 1 in [true]', '[1 == 1 < true][0]', 'self.all(x, x == 1 < true)',
    'true ? 1 == 1 < true : false', '1 < 2 == true', '"a" == "b" == false',
  ])('%s compiles', rule => {
    expect(errorOf(rule)).toBeUndefined();
  });
  test.each([
    // (true == 1) < 2: cel-js alone read true == (1 < 2), and took it.
    ['true == 1 < 2', 'bool == int', 6],
    ['true != 1 in [1]', 'bool != int', 6],
    ['1 == 2 != 3 < 4', 'bool != int', 8],
    // Parentheses group as written.
    ['1 == (1 < 2)', 'int == bool', 3],
  ])('%s is refused (%s, column %d)', (rule, why, column) => {
    const error = errorOf(rule);
    expect(error).toContain(why);
    expect(error).toMatch(new RegExp(`column ${column}\\)$`));
  });
});

test('only a chain cel-js would group otherwise is rewritten, each level on its own', () => {
  expect(withRelationsGrouped('a < b == c && d == e').text).toBe('a < b == c && d == e');
  expect(withRelationsGrouped('a == b < c == d').text).toBe('((a == b )< c )== d');
  expect(withRelationsGrouped('f(a == b < c, [x != y in z])').text).toBe('f((a == b )< c, [(x != y )in z])');
  const grouped = withRelationsGrouped('a == b < c');
  expect(grouped.original(grouped.text.indexOf('<'))).toBe('a == b < c'.indexOf('<'));
});
