/**
 * Optional entries of list and map literals (optional-entries.ts): the
 * rewrite cel-js parses, and the types and errors of cel-go's
 * checker_test.go (v0.26.1, its optionalSyntax cases that need no
 * protobuf message), with our own test code.
 */
import { compileExpression } from '../../../src/rules/k8s/cel/compile';
import { estimateCost } from '../../../src/rules/k8s/cel/cost';
import { schemaDeclType } from '../../../src/rules/k8s/cel/decl-type';
import { environmentFor } from '../../../src/rules/k8s/cel/environment';
import { OPTIONAL_ENTRY, withOptionalEntriesWrapped } from '../../../src/rules/k8s/cel/optional-entries';

const schema = {
  type: 'object',
  properties: {
    tags: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 20 } },
    m: { type: 'object', maxProperties: 10, additionalProperties: { type: 'string', maxLength: 20 } },
  },
};
const SELF = schemaDeclType(schema, false)!;

function typeOf(expression: string): { type?: string; error?: string } {
  const checked = environmentFor(SELF, false).parse(withOptionalEntriesWrapped(expression).text).check();
  return checked.error !== undefined ? { error: checked.error.message } : { type: checked.type };
}

const errorOf = (rule: string): string | undefined => compileExpression(rule, 'rule', SELF, false, schema, false).error;

describe('the rewrite', () => {
  test.each([
    ['[?a]', `[${OPTIONAL_ENTRY}(a)]`],
    ['[?a, ?b, \'world\']', `[${OPTIONAL_ENTRY}(a), ${OPTIONAL_ENTRY}(b), 'world']`],
    ["{?'key': v, 'k': w}", `{'key': ${OPTIONAL_ENTRY}(v), 'k': w}`],
    ['[ ? f(x, y) ]', `[  ${OPTIONAL_ENTRY}(f(x, y) )]`],
    ["{?'k': c ? x : y}", `{'k': ${OPTIONAL_ENTRY}(c ? x : y)}`],
    ['[?a[?0]]', `[${OPTIONAL_ENTRY}(a[?0])]`],
    // After the keyword `in`, `[` opens a list; after a name that ends in "in", an index.
    ['x in [?a]', `x in [${OPTIONAL_ENTRY}(a)]`],
    ['main[?0]', 'main[?0]'],
    // A key may be a conditional (CEL.g4's mapInitializerList: `keys+=optExpr ':' values+=expr`): its `:` is not the entry's.
    ['{?c ? "a" : "b": v}', `{c ? "a" : "b": ${OPTIONAL_ENTRY}(v)}`],
    ['{?c ? d ? 1 : 2 : 3: v}', `{c ? d ? 1 : 2 : 3: ${OPTIONAL_ENTRY}(v)}`],
    ['{?c ? m[?"k"].orValue(1) : x.?y.orValue(2): v}', `{c ? m[?"k"].orValue(1) : x.?y.orValue(2): ${OPTIONAL_ENTRY}(v)}`],
  ])('%s', (text, rewritten) => {
    expect(withOptionalEntriesWrapped(text).text).toBe(rewritten);
  });
  test.each([
    'a[?0].hasValue()', "'[?x]' == s", 'm[?"k"].orValue(1)', 'c ? [1] : [2]', "{'a': c ? 1 : 2}",
  ])('%s has no optional entry, and is left alone', text => {
    expect(withOptionalEntriesWrapped(text).text).toBe(text);
  });
  test('offsets map back to the text as written', () => {
    const text = '[?a, ?bb] == x';
    const { text: out, original } = withOptionalEntriesWrapped(text);
    expect(original(out.indexOf('bb'))).toBe(text.indexOf('bb'));
    expect(original(out.indexOf('x'))).toBe(text.indexOf('x'));
  });
});

describe('optional entries are type-checked as cel-go checks them', () => {
  test.each([
    ["{?'key': {'a': 'b'}.?value}", 'map<string, string>'],
    ["{?'key': {'a': 'b'}.?value}.key", 'string'],
    ["[?self.tags[?0], ?self.tags[?1], 'world']", 'list<string>'],
    ["{?'nested': self.m[?'b']}", 'map<string, string>'],
    ['[?optional.none(), ?self.tags.first()]', 'list<string>'],
    ["[?self.tags.first(), ?optional.none(), 'a']", 'list<string>'],
    ["{'a': 'b', ?'c': optional.none()}", 'map<string, string>'],
  ])('%s', (expression, type) => {
    expect(typeOf(expression)).toEqual({ type });
  });
  test.each([
    // checker_test.go: "expected type 'optional_type(string)' but found 'string'", at 1:10 and 1:3.
    ["{?'key': 'hi'}.size() == 1", 'column 10'],
    ["[?'value'].size() == 1", 'column 3'],
  ])('%s is refused where cel-go points', (rule, column) => {
    expect(errorOf(rule)).toBe(`compilation failed: expected type 'optional_type(string)' but found 'string' (at line 1, ${column})`);
  });
  test('the elements must still be of one type', () => {
    expect(errorOf('[?self.tags.first(), 1].size() == 1')).toBe("compilation failed: expected type 'string' but found 'int' (at line 1, column 22)");
  });
  test('a conditional key is type-checked, not left to the syntax-level fallback', () => {
    // cel-go v0.26.1 Compile: "found no matching overload for '_?_:_' applied to '(bool, string, int)'" at 1:8 (cel-js' words).
    const refused = compileExpression('{?true ? "a" : 1: self.m[?"k"]}.size() == 1', 'rule', SELF, false, schema, false);
    expect(refused).toMatchObject({ fallback: false });
    expect(refused.error).toMatch(/'string' and 'int' \(at line 1, column 8\)$/);
    // ... and compiles with keys of one type.
    expect(errorOf('{?self.tags.size() > 0 ? "a" : "b": self.m[?"k"]}.size() == 1')).toBeUndefined();
  });
  test('a rule with optional entries is compiled, not a fallback', () => {
    expect(compileExpression("[?self.tags.first(), 'x'].size() >= 1", 'rule', SELF, false, schema, false)).toMatchObject({ fallback: false });
    expect(errorOf("[?self.tags.first(), 'x'].size() >= 1")).toBeUndefined();
  });
  test('the wrapper cannot be called by a rule', () => {
    expect(errorOf(`${OPTIONAL_ENTRY}(self.tags.first()) == 'a'`)).toContain(`undeclared reference to '${OPTIONAL_ENTRY}'`);
    expect(errorOf(`'${OPTIONAL_ENTRY}' == 'a'`)).toBeUndefined();
  });
});

describe('an optional entry costs its value alone (costCreateList, costCreateMap)', () => {
  const cost = (rule: string): { min: number; max: number } => {
    const compiled = compileExpression(rule, 'rule', SELF, false, schema, false);
    expect(compiled.error).toBeUndefined();
    return estimateCost(compiled.ast!, SELF, compiled.presenceTests ?? new Set()).cost;
  };
  test.each([
    ['[?self.tags.first()].size() <= 1', '[self.tags.first()].size() <= 1'],
    ["{?'a': self.m[?'b']}.size() <= 1", "{'a': self.m[?'b']}.size() <= 1"],
  ])('%s costs what %s costs', (withEntry, plain) => {
    expect(cost(withEntry)).toEqual(cost(plain));
  });
});
