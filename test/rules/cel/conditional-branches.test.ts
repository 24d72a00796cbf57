/**
 * A conditional in the middle operand of another (conditional-branches.ts): cel-go's grammar takes only a
 * conditionalOr there (parser/gen/CEL.g4, `expr: e=conditionalOr (op='?' e1=conditionalOr ':' e2=expr)?`).
 * Each verdict and column as cel-go v0.26.1's Compile gives it (self an object with a bool b and an int i).
 */
import { compileExpression } from '../../../src/rules/k8s/cel/compile';
import { nestedConditionalError } from '../../../src/rules/k8s/cel/conditional-branches';
import { schemaDeclType } from '../../../src/rules/k8s/cel/decl-type';

const schema = {
  type: 'object',
  properties: { b: { type: 'boolean' }, i: { type: 'integer' }, mi: { type: 'object', additionalProperties: { type: 'integer' } } },
};
const errorOf = (rule: string): string | undefined => compileExpression(rule, 'rule', schemaDeclType(schema, false)!, false, schema, false).error;

test.each([
  // cel-go: "Syntax error: mismatched input '?' expecting ':'", at the second `?`.
  ['self.b ? self.b ? true : false : true', 17],
  ['self.i > 0 ? self.b ? true : false : true', 21],
  ['[self.b ? self.b ? 1 : 2 : 3][0] == 1', 18],
  ['self.b ? false : self.b ? self.b ? true : false : true', 34],
])('%s is refused at column %d', (rule, column) => {
  expect(errorOf(rule)).toBe(`compilation failed: syntax error: mismatched input '?' expecting ':' (at line 1, column ${column})`);
});

test.each([
  'self.b ? (self.b ? true : false) : true',
  'self.b ? true : self.b ? false : true',
  '(self.b ? self.b : false) ? true : false',
  'self.b ? [?self.mi[?"k"]].size() == 1 : {?self.b ? "a" : "b": self.mi[?"k"]}.size() == 1',
  'self.b ? self.?i.orValue(0) == 0 : false',
  'self.b ? self.mi.all(k, self.b ? true : false) : true',
])('%s compiles', rule => {
  expect(errorOf(rule)).toBeUndefined();
});

test('a `?` inside a string or after an optional-entry bracket is no conditional', () => {
  expect(nestedConditionalError('a ? "b ? c" : d')).toBeUndefined();
  expect(nestedConditionalError('a ? [?x, ?y] : {?k: v}')).toBeUndefined();
  expect(nestedConditionalError('a ? b ? c : d : e')).toEqual({ message: 'mismatched input \'?\' expecting \':\'', start: 6 });
});
