/**
 * An index of a value that has none (index-targets.ts): cel-go declares `_[_]` and `_[?_]` for lists, maps and
 * their optionals only. Each verdict and column as cel-go v0.26.1's Compile gives it, with self declared as
 * Kubernetes declares an object schema (its object types named selfType.<path>, as the probe named them).
 */
import { compileExpression } from '../../../src/rules/k8s/cel/compile';
import { schemaDeclType } from '../../../src/rules/k8s/cel/decl-type';

const str = { type: 'string' };
const int = { type: 'integer' };
const schema = {
  type: 'object',
  properties: {
    by: { type: 'string', format: 'byte' },
    li: { type: 'array', items: int },
    mi: { type: 'object', additionalProperties: int },
    o: { type: 'object', properties: { a: str } },
    ios: { 'x-kubernetes-int-or-string': true },
    lo: { type: 'array', items: { type: 'object', properties: { name: str } } },
  },
};
const errorOf = (rule: string): string | undefined => compileExpression(rule, 'rule', schemaDeclType(schema, false)!, false, schema, false).error;

test.each([
  ['self.o["a"] == "x"', "'_[_]' applied to '(selfType.o, string)'", 7],
  ['self.by["a"] == b"x"', "'_[_]' applied to '(bytes, string)'", 8],
  ['1u["a"] == 1', "'_[_]' applied to '(uint, string)'", 3],
  ['duration("1s")["a"] == 1', "'_[_]' applied to '(duration, string)'", 15],
  ['self.?o[?"a"].hasValue()', "'_[?_]' applied to '(optional_type(selfType.o), string)'", 8],
  ['self.lo[0][?"name"].hasValue()', "'_[?_]' applied to '(selfType.lo.items, string)'", 11],
])('%s is refused (%s, column %d)', (rule, why, column) => {
  expect(errorOf(rule)).toBe(`compilation failed: found no matching overload for ${why} (at line 1, column ${column})`);
});

test.each([
  'self.li[0] == 1', 'self.mi["k"] == 1', 'self.ios["a"] == 1', 'self.?li[0].orValue(0) == 0', 'self.mi[?"k"].orValue(0) == 0',
  'optional.of([1])[0].hasValue()', 'self.?mi[?"k"].hasValue()', 'self.lo[0].name == "a"',
])('%s compiles', rule => {
  expect(errorOf(rule)).toBeUndefined();
});
