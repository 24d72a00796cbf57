/**
 * null compared with a value of a nullable type: cel-go's checker lets null stand for an opaque, struct,
 * duration or timestamp type (checker/types.go isLegacyNullable), an optional being opaque. Each verdict
 * and column as cel-go v0.26.1's Compile gives it.
 */
import { compileExpression } from '../../../src/rules/k8s/cel/compile';
import { schemaDeclType } from '../../../src/rules/k8s/cel/decl-type';

const schema = {
  type: 'object',
  properties: { s: { type: 'string' }, li: { type: 'array', items: { type: 'integer' } }, o: { type: 'object', properties: { a: { type: 'string' } } } },
};
const errorOf = (rule: string): string | undefined => compileExpression(rule, 'rule', schemaDeclType(schema, false)!, false, schema, false).error;

test.each([
  'self.?o == null', 'self.?o != null', 'null == self.?o', 'self.?s == null', 'self.li[?0] == null', 'optional.none() == null',
  'optional.of(1) == null', 'self.o == null',
])('%s compiles', rule => {
  expect(errorOf(rule)).toBeUndefined();
});

test.each([
  // Not null: the value type must still match (cel-go: "found no matching overload for '_==_'").
  ['self.?s == "a"', 'optional<string> == string', 9],
  ['self.?o == 1', 'optional<selfType.o> == int', 9],
])('%s is refused (%s, column %d)', (rule, why, column) => {
  expect(errorOf(rule)).toBe(`compilation failed: no such overload: ${why} (at line 1, column ${column})`);
});
