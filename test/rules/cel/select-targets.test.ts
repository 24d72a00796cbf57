/**
 * Field selections cel-go refuses and cel-js took: from a value with no fields (select-targets.ts), and through an
 * optional to a field its object lacks (optional-select.ts). Each verdict and column as cel-go v0.26.1's Compile
 * gives it (self.by a bytes field, self.o an object with a field a).
 */
import { compileExpression } from '../../../src/rules/k8s/cel/compile';
import { schemaDeclType } from '../../../src/rules/k8s/cel/decl-type';

const schema = {
  type: 'object',
  properties: {
    by: { type: 'string', format: 'byte' },
    o: { type: 'object', properties: { a: { type: 'string' } } },
    m: { type: 'object', additionalProperties: { type: 'string' } },
  },
};
const errorOf = (rule: string): string | undefined => compileExpression(rule, 'rule', schemaDeclType(schema, false)!, false, schema, false).error;

test.each([
  ['self.by.a == 1', "type 'bytes' does not support field selection", 8],
  ['1u.a == 1', "type 'uint' does not support field selection", 3],
  ['duration("1h").n == 1', "type 'duration' does not support field selection", 15],
  // In has(), at the call's `(`.
  ['has(self.by.a)', "type 'bytes' does not support field selection", 4],
  ['self.by.?a.hasValue()', "type 'bytes' does not support field selection", 8],
  ['self.?o.?zz.hasValue()', "undefined field 'zz'", 8],
  ['has(self.?o.zz)', "undefined field 'zz'", 4],
])('%s is refused (%s, column %d)', (rule, why, column) => {
  expect(errorOf(rule)).toBe(`compilation failed: ${why} (at line 1, column ${column})`);
});

test.each([
  'self.?o.a.orValue("") == ""', 'self.?o.?a.orValue("") == ""', 'self.m.k == ""', 'self.?m.k.orValue("") == ""', 'has(self.o.a)',
  'has(self.?o.a)',
])('%s compiles', rule => {
  expect(errorOf(rule)).toBeUndefined();
});
