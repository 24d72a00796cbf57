/**
 * find and findAll at run time (src/rules/k8s/cel/runtime/regex.ts), with
 * the cases of "stdlib regex functions" in TestValidationExpressions
 * (apiextensions-apiserver pkg/apiserver/schema/cel/validation_test.go) and
 * Go's FindAllString on empty matches; the test code is our own.
 */
import { expectError, expectHolds, expectUndecided, failure, object } from './evaluate';

const schema = object({ str: { type: 'string' }, pattern: { type: 'string' } });
const value = { str: 'this is a 123 string 456', pattern: '[0-9]+' };

test.each([
  "self.str.find('[0-9]+') == '123'",
  "self.str.find('[0-9]+') != '456'",
  "self.str.find('xyz') == ''",
  "self.str.findAll('[0-9]+') == ['123', '456']",
  "self.str.findAll('[0-9]+', 0) == []",
  "self.str.findAll('[0-9]+', 1) == ['123']",
  "self.str.findAll('[0-9]+', 2) == ['123', '456']",
  "self.str.findAll('[0-9]+', 3) == ['123', '456']",
  "self.str.findAll('[0-9]+', -1) == ['123', '456']",
  "self.str.findAll('xyz') == []",
  "self.str.findAll('xyz', 1) == []",
  // A computed pattern, and RE2's syntax where a JavaScript RegExp reads otherwise.
  'self.str.find(self.pattern) == \'123\'',
  "self.str.findAll('[[:digit:]]+') == ['123', '456']",
  "self.str.find('\\\\pL+') == 'this'",
])('%s', expr => {
  expectHolds(schema, value, expr);
});

describe('findAll is Go\'s FindAllString: an empty match right after a match is skipped', () => {
  test.each([
    ['a*', 'baaab', "['', 'aaa', '']"],
    ['', 'abc', "['', '', '', '']"],
    ['x*', '', "['']"],
    ['b|', 'abc', "['', 'b', '']"],
  ])('%s in %s', (pattern, str, expected) => {
    expectHolds(object({ str: { type: 'string' } }), { str }, `self.str.findAll('${pattern}') == ${expected}`);
  });

  test('an empty match moves on by a whole character outside the Basic Multilingual Plane', () => {
    expectHolds(object({ str: { type: 'string' } }), { str: '😀a' }, "self.str.findAll('a*') == ['', 'a']");
  });
});

test('a computed pattern RE2 refuses is cel-go\'s "Illegal regex" error', () => {
  expectError(schema, { str: 'x', pattern: '(' }, 'self.str.find(self.pattern) == \'\'',
    'Illegal regex: error parsing regexp: missing closing ): `(`');
});

test('a literal pattern RE2 refuses fails to compile on the server: not an evaluation error here', () => {
  expect(failure(schema, value, "self.str.find(')') == ''")).toBeUndefined();
  expect(failure(schema, value, "self.str.findAll(')', 1) == []")).toBeUndefined();
});

test('a string of another kind (int-or-string) is left to the server', () => {
  expectUndecided(object({ v: { 'x-kubernetes-int-or-string': true } }), { v: 1 }, "string(self.v).find('1') == '1' && self.v.find('1') == '1'");
});

test.each([
  "self.str == 'x' && self.str.matches('(')",
  "self.str == 'x' && self.str.find('[') == ''",
  "self.str == 'x' && self.str > 1",
])('a rule the server cannot compile (%s) is not evaluated on the default: compile.ts reports it', expr => {
  expectUndecided(schema, value, expr);
});
