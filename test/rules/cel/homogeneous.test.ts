/**
 * Homogeneous aggregate literals (homogeneous.ts), as cel-go's
 * homogeneousAggregateLiteralValidator checks them (cel/validator.go):
 * every element's type equivalent to the first one's, once the checker's
 * type parameters are substituted, literals inside `format` exempt.
 */
import { compileExpression } from '../../../src/rules/k8s/cel/compile';
import { schemaDeclType } from '../../../src/rules/k8s/cel/decl-type';

const schema = {
  type: 'object',
  properties: {
    port: { 'x-kubernetes-int-or-string': true },
    replicas: { type: 'integer' },
    spec: { type: 'object', properties: { name: { type: 'string' } } },
  },
};
const errorOf = (rule: string): string | undefined => compileExpression(rule, 'rule', schemaDeclType(schema, false)!, false, schema, false).error;

describe('literals the API server accepts', () => {
  test.each([
    '[1, 2].size() == 2',
    // Open types take their siblings' type, as the checker substitutes them.
    '[optional.none(), optional.of(1)].size() == 2',
    '[[], [1]].size() == 2',
    "[{}, {'a': 1}].size() == 2",
    "[?optional.none(), 'a'].size() == 1",
    // ext.Strings exempts format's arguments, at any depth.
    "'%d %s'.format([1, 'a']) == '1 a'",
    "'%s'.format([[1, 'a']]) == ''",
  ])('%s', rule => {
    expect(errorOf(rule)).toBeUndefined();
  });
});

describe('literals the API server refuses, with its message', () => {
  test.each([
    ["[1, 'a'].size() == 2", "expected type 'int' but found 'string' (at line 1, column 5)"],
    ["[[1], ['a']].size() == 2", "expected type 'list(int)' but found 'list(string)' (at line 1, column 7)"],
    ["{'a': 1, 2: 1}.size() == 2", "expected type 'string' but found 'int' (at line 1, column 10)"],
    ["{'a': 1, 'b': 'x'}.size() == 2", "expected type 'int' but found 'string' (at line 1, column 15)"],
    ['[1, 2.0].size() == 2', "expected type 'int' but found 'double' (at line 1, column 5)"],
    // A dyn element is not equivalent to an int one: the validator wants no dyn in a literal.
    ['[self.port, self.replicas].size() == 2', "expected type 'dyn' but found 'int' (at line 1, column 13)"],
    ['[1, dyn(2)].size() == 2', "expected type 'int' but found 'dyn' (at line 1, column 5)"],
    // cel-go v0.26.1 names the type 'duration' (FormatCELType); it says 'null' and column 16 where we say 'null_type' and 8.
    ["[null, duration('1s')].size() == 2", "expected type 'null_type' but found 'duration' (at line 1, column 8)"],
    ['[self.replicas, self.spec.name].size() == 2', "expected type 'int' but found 'string' (at line 1, column 17)"],
    // Outside the format call, its result's literal is checked.
    ["['%d'.format([1]), 2].size() == 2", "expected type 'string' but found 'int' (at line 1, column 20)"],
  ])('%s', (rule, message) => {
    expect(errorOf(rule)).toBe(`compilation failed: ${message}`);
  });
});
