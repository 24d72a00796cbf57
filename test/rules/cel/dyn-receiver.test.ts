/**
 * Methods called on a dyn value (dyn-receiver.ts): cel-go's checker matches the arguments against the
 * method's overloads even when the receiver is dyn (checker/checker.go resolveOverload). Each verdict and
 * column as cel-go v0.26.1's Compile gives it (self.ios an int-or-string field, which Kubernetes declares dyn).
 */
import { compileExpression } from '../../../src/rules/k8s/cel/compile';
import { schemaDeclType } from '../../../src/rules/k8s/cel/decl-type';

const schema = { type: 'object', properties: { ios: { 'x-kubernetes-int-or-string': true } } };
const errorOf = (rule: string): string | undefined => compileExpression(rule, 'rule', schemaDeclType(schema, false)!, false, schema, false).error;

test.each([
  ['dyn(1).startsWith(1)', "'startsWith' applied to 'dyn.(int)'", 18],
  ['self.ios.contains(1)', "'contains' applied to 'dyn.(int)'", 18],
  ['self.ios.matches(1)', "'matches' applied to 'dyn.(int)'", 17],
  ['self.ios.join({"a": 0}) == ""', "'join' applied to 'dyn.(map(string, int))'", 14],
  ['self.ios.charAt(1u) == ""', "'charAt' applied to 'dyn.(uint)'", 16],
  ['self.ios.getFullYear(1) > 0', "'getFullYear' applied to 'dyn.(int)'", 21],
])('%s is refused (%s, column %d)', (rule, why, column) => {
  expect(errorOf(rule)).toBe(`compilation failed: found no matching overload for ${why} (at line 1, column ${column})`);
});

test.each([
  'dyn("a").startsWith("a")', 'self.ios.contains("1")', 'self.ios.startsWith(self.ios)', 'self.ios.substring(1, 2) == "a"',
  'self.ios.size() > 0', 'self.ios.getFullYear("UTC") > 0', 'self.ios.format([1]) == ""', 'self.ios.all(x, x > 0)',
  'self.ios.hasValue()',
])('%s compiles', rule => {
  expect(errorOf(rule)).toBeUndefined();
});
