/**
 * KB043's position of a compile error is cel-go's (`ERROR: <input>:LINE:COL:`): the location of the token cel-go's
 * parser made the failing expression's id from (cel-go-position.ts). Each column below is the one cel-go v0.26.1's
 * cel.NewEnv(...).Compile printed for the same rule, self declared as the schema declares it.
 */
import { compileExpression } from '../../../src/rules/k8s/cel/compile';
import { schemaDeclType } from '../../../src/rules/k8s/cel/decl-type';

const int = { type: 'integer' };
const errorOf = (rule: string, schema: unknown = int): string | undefined =>
  compileExpression(rule, 'rule', schemaDeclType(schema, false)!, false, schema, false).error;

describe('cel-go\'s position of an error, by the kind of expression that fails', () => {
  test.each([
    // An identifier or a literal: its start.
    ['nope > 0', 1, 'Unknown variable: nope'],
    ['self + nope > 0', 8, 'Unknown variable: nope'],
    ['[1, "a"] == []', 5, 'expected type \'int\' but found \'string\''],
    // An operator: the operator, whatever blanks, comments and parentheses stand around it.
    ['self + "x" > 0', 6, 'int + string'],
    ['(self) + ("x") > 0', 8, 'int + string'],
    ['(self + 1) // c\n + "a" > 0', 2, 'int + string'],
    ['self in "abc"', 6, 'int in string'],
    ['(self > 0) == 1', 12, 'bool == int'],
    ['{1: "a"}[self] == 1', 16, 'string == int'],
    // `!` and `-`: the first of them.
    ['!self', 1, '!int'],
    // A call: its `(`; a method's after the name, however spaced.
    ['size(self) > 0', 5, 'size(int)'],
    ['self.startsWith("a")', 16, 'int.startsWith(string)'],
    ['self  .  size() > 0', 14, 'int.size()'],
    // A selection: its `.`; an index: its `[`; has(): its `(`.
    ['self.foo > 0', 5, 'Cannot index type \'int\''],
    ['self[0] > 0', 5, 'Cannot index type \'int\''],
    ['has(self.f)', 4, 'Cannot index type \'int\''],
    // A conditional: its `?`, for its condition and its branches.
    ['self ? 1 : 2', 6, 'Ternary condition must be bool'],
    ['self > 0 ? "a" : 1', 10, 'Ternary branches must have the same type'],
    // A logical operator: its first operand that is not a bool.
    ['self > 0 && "a"', 13, 'bool operands'],
    ['true && 1 && false', 9, 'bool operands'],
    // A macro's predicate: itself for all and exists, the call's `(` for exists_one, filter and map's filter.
    ['[1].all(x, x)', 12, 'predicate must return bool'],
    ['[1].exists(x, 1)', 15, 'predicate must return bool'],
    ['[1].exists_one(x, 1)', 15, 'predicate must return bool'],
    ['[1].filter(x, "a") == []', 11, 'predicate must return bool'],
    ['[1].map(x, x, 1) == []', 8, 'predicate must return bool'],
    ['[1].exists(x, x.size() > 0)', 21, 'int.size()'],
    // A map indexed by a key of another type: the `[`.
    ['{"a": 1}[1] == 1', 9, '\'_[_]\' applied to'],
    // An argument of or() and orValue() of another type: the call's `(`.
    ['optional.of(1).orValue("a") == 1', 23, 'argument must be compatible type'],
    // string.format: an argument's error at the argument, the call's at its `(`.
    ['"%x %d".format([1, "a"]) == ""', 20, 'decimal clause can only be used on integers'],
    ['"%d %d".format([1]) == ""', 15, 'index 1 out of range'],
    ['"%.f".format([1.0]) == ""', 13, 'strconv.Atoi: parsing "": invalid syntax'],
  ])('%s: column %d', (rule, column, why) => {
    const error = errorOf(rule);
    expect(error).toContain(why);
    expect(error).toMatch(new RegExp(`column ${column}\\)$`));
  });
  test('the line counts from the rule\'s first line', () => {
    expect(errorOf('self > 0 &&\n  self + "a" > 0')).toMatch(/at line 2, column 8\)$/);
  });
  test.each(['self + 1 > 0', '[1].exists_one(x, x > 0)', 'self > 0 ? true : false'])('%s compiles', rule => {
    expect(errorOf(rule)).toBeUndefined();
  });
});
