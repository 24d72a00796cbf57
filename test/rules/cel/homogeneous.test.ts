/**
 * Homogeneous aggregate literals (homogeneous.ts), as cel-go's checker
 * joins their element types (checker.go joinTypes, types.go
 * internalIsAssignable and isEqualOrLessSpecific): cel-js' own check wants
 * identical types and refused what the API server accepts.
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
    '[self.port, self.replicas].size() == 2',
    '[dyn(1), 2].size() == 2',
    '[1, dyn("a")].size() == 2',
    "{'a': dyn(1), 'b': 2}.size() == 2",
    "{'a': 1, dyn('b'): 2}.size() == 2",
    '[optional.none(), optional.of(1)].size() == 2',
    '[[], [1]].size() == 2',
    "[null, duration('1s')].size() == 2",
    '[null, self.spec].size() == 2',
    '[[dyn(1)], [2]].size() == 2',
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
    ['[null, 1].size() == 2', "expected type 'null_type' but found 'int' (at line 1, column 8)"],
    ['[self.replicas, self.spec.name].size() == 2', "expected type 'int' but found 'string' (at line 1, column 17)"],
  ])('%s', (rule, message) => {
    expect(errorOf(rule)).toBe(`compilation failed: ${message}`);
  });
});
