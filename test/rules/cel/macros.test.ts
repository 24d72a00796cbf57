/**
 * The macros cel-js lacks (src/rules/k8s/cel/macros.ts), type-checked as
 * cel-go checks their expansions. The expressions are those of cel-go's
 * ext/comprehensions_test.go (TestTwoVarComprehensions and
 * TestTwoVarComprehensionsStaticErrors, v0.26.1) that Kubernetes' base
 * environment can compile: the ones with `cel.bind` (not in Kubernetes)
 * or `string.reverse()` (ext.Strings version 3; Kubernetes has version 2)
 * are left out. The test code is ours.
 */
import { compileExpression } from '../../../src/rules/k8s/cel/compile';
import { schemaDeclType } from '../../../src/rules/k8s/cel/decl-type';
import { environmentFor } from '../../../src/rules/k8s/cel/environment';
import { heterogeneousLiteral } from '../../../src/rules/k8s/cel/homogeneous';
import { celSchemaIssues } from '../../../src/rules/k8s/cel/schema-rules';
import { withCelGoSpellings } from '../../../src/rules/k8s/cel/spelling';

const SELF = schemaDeclType({ type: 'object' }, false)!;

/** The checked type of `expression`, or its error (a parse error or a type error), as compile.ts meets them. */
function check(expression: string): { type?: string; error?: string } {
  const env = environmentFor(SELF, false);
  try {
    const parsed = env.parse(withCelGoSpellings(expression).text);
    const checked = parsed.check();
    // compile.ts checks homogeneous literals after cel-js, as cel-go does (homogeneous.ts).
    const mismatch = checked.error === undefined ? heterogeneousLiteral(parsed.ast) : undefined;
    if (mismatch !== undefined) return { error: mismatch.message };
    return checked.error !== undefined ? { error: checked.error.message } : { type: checked.type };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

describe('two-variable comprehensions compile as in cel-go', () => {
  test.each([
    '[1, 2, 3, 4].all(i, v, i < 5 && v > 0)',
    '[1, 2, 3, 4].all(i, v, i < v)',
    '[1, 2, 3, 4].all(i, v, i > v) == false',
    "['hello', 'world', 'hello!', 'worlds'].exists(i, v, v.startsWith('hello'))",
    "['hello', 'world'].existsOne(i, v, v.startsWith('hello') && i == 0)",
    "['hello', 'goodbye'].exists_one(i, v, v.startsWith('hello')) == false",
    // format's list of an int and a string: ext.Strings exempts format's arguments from homogeneous literals.
    '[\'Hello\', \'world\'].transformList(i, v, "[%d]%s".format([i, v.lowerAscii()])) == ["[0]hello", "[1]world"]',
    '[\'hello\', \'world\'].transformList(i, v, v.startsWith(\'greeting\'), "[%d]%s".format([i, v])) == []',
    '[1, 2, 3].transformList(indexVar, valueVar, (indexVar * valueVar) + valueVar) == [1, 4, 9]',
    '[1, 2, 3].transformList(indexVar, valueVar, indexVar % 2 == 0, (indexVar * valueVar) + valueVar) == [1, 9]',
    "['Hello', 'world'].transformMap(i, v, [v.lowerAscii()]) == {0: ['hello'], 1: ['world']}",
    "['world', 'Hello'].transformMap(i, v, [v.lowerAscii()]).transformList(k, v, v).flatten().sort() == ['hello', 'world']",
    '[1, 2, 3].transformMap(indexVar, valueVar, (indexVar * valueVar) + valueVar) == {0: 1, 1: 4, 2: 9}',
    '[1, 2, 3].transformMap(indexVar, valueVar, indexVar % 2 == 0, (indexVar * valueVar) + valueVar) == {0: 1, 2: 9}',
    "{'hello': 'world', 'hello!': 'world'}.all(k, v, k.startsWith('hello') && v == 'world')",
    "{'hello': 'world', 'hello!': 'worlds'}.exists(k, v, k.startsWith('hello') && v.endsWith('world'))",
    "{'hello': 'world', 'hello!': 'worlds'}.existsOne(k, v, k.startsWith('hello') && v.endsWith('world'))",
    "{'hello': 'world', 'hello!': 'worlds'}.exists_one(k, v, k.startsWith('hello') && v.endsWith('world'))",
    '{\'Hello\': \'world\'}.transformList(k, v, "%s=%s".format([k.lowerAscii(), v])) == ["hello=world"]',
    '{\'hello\': \'world\'}.transformList(k, v, k.startsWith(\'greeting\'), "%s=%s".format([k, v])) == []',
    "{'greeting': 'hello', 'farewell': 'goodbye'}.transformList(k, _, k).sort() == ['farewell', 'greeting']",
    "{'greeting': 'hello', 'farewell': 'goodbye'}.transformList(_, v, v).sort() == ['goodbye', 'hello']",
    '{\'hello\': \'world\', \'goodbye\': \'cruel world\'}.transformMap(k, v, "%s, %s!".format([k, v])) == {\'hello\': \'hello, world!\'}',
    "{'hello': 'world', 'greetings': 'tacocat'}.transformMapEntry(k, v, {v: k}) == {'world': 'hello'}",
    "{'hello': 'world', 'greetings': 'tacocat'}.transformMapEntry(k, v, v == 'tacocat', {v: k}) == {'tacocat': 'greetings'}",
    "{'hello': 'world', 'greetings': 'tacocat'}.transformMapEntry(k, v, {}) == {}",
    '{1: 2}.transformMapEntry(k, v, {v: k}) == {2: 1}',
    '[1, 2, 3, 4].all(i, v, i < 5 && v > 0)',
    '!{0: 0}.all(i, v, i < 5 && v > 0)',
    // A dyn range gives dyn variables.
    "dyn({'Hello': 'world'}).transformList(k, v, k.lowerAscii() + '=' + v) == ['hello=world']",
  ])('%s', expression => {
    expect(check(expression)).toEqual({ type: 'bool' });
  });

  test.each([
    ['[].all(i, i, i < i)', 'duplicate variable name: i'],
    ['[].all(__result__, i, __result__ < i)', 'iteration variable overwrites accumulator variable'],
    ['[].all(j, __result__, __result__ < j)', 'iteration variable overwrites accumulator variable'],
    ['[].all(i.j, k, i.j < k)', 'argument must be a simple name'],
    ['[].all(j, i.k, j < i.k)', 'argument must be a simple name'],
    ['1.all(j, k, j < k)', 'cannot be range'],
    ['[].exists(i.j, k, i.j < k)', 'argument must be a simple name'],
    ["''.exists(j, k, j < k)", 'cannot be range'],
    ['[].existsOne(j, i.k, j < i.k)', 'argument must be a simple name'],
    ['[].exists_one(i.j, k, i.j < k)', 'argument must be a simple name'],
    ["''.existsOne(j, k, j < k)", 'cannot be range'],
    ['[].transformList(i.j, k, i.j + k)', 'argument must be a simple name'],
    ['{}.transformMap(j, i.k, j + i.k)', 'argument must be a simple name'],
    ['{}.transformMapEntry(i.j, k, {k: i.j})', 'argument must be a simple name'],
    ["{}.transformMapEntry(j, k, 'bad filter', {k: j})", 'no matching overload'],
    ["{'hello': 'world', 'greetings': 'tacocat'}.transformMapEntry(k, v, []) == {}", 'no matching overload'],
    // The predicate's type and the variables' types.
    ['[1, 2].all(i, v, v)', 'no matching overload'],
    ["{'a': 1}.exists(k, v, v.startsWith('a'))", 'int.startsWith'],
    ["['a'].all(i, v, i.startsWith('a'))", 'int.startsWith'],
  ])('%s is refused', (expression, error) => {
    expect(check(expression).error).toContain(error);
  });

  test('the result types: transformList a list, transformMap a map keyed as the range', () => {
    expect(check("['a'].transformList(i, v, v + 'x')")).toEqual({ type: 'list<string>' });
    expect(check("['a'].transformMap(i, v, v.size())")).toEqual({ type: 'map<int, int>' });
    expect(check("{'a': 1}.transformMap(k, v, v > 0)")).toEqual({ type: 'map<string, bool>' });
    expect(check("{'a': 1}.transformMapEntry(k, v, {v: k})")).toEqual({ type: 'map<int, string>' });
  });
});

describe('rules with two-variable comprehensions are type-checked against the schema', () => {
  const schema = {
    type: 'object',
    properties: {
      labels: { type: 'object', additionalProperties: { type: 'integer' } },
      tags: { type: 'array', items: { type: 'string' } },
    },
  };
  const errorOf = (rule: string): string | undefined =>
    compileExpression(rule, 'rule', schemaDeclType(schema, false)!, false, schema, false).error;

  test('a well-typed rule compiles, and is no longer a fallback', () => {
    expect(errorOf("self.labels.all(k, v, k.startsWith('a') && v > 0)")).toBeUndefined();
    expect(compileExpression('self.tags.all(i, v, i < 3)', 'rule', schemaDeclType(schema, false)!, false, schema, false).fallback).toBe(false);
  });
  test.each([
    ["self.labels.all(k, v, v.startsWith('a'))", 'int.startsWith'],
    ['self.tags.exists(i, v, v > 0)', 'string > int'],
    ['self.labels.transformList(k, v, v).size()', 'must evaluate to a bool'],
    ['self.tags.all(i, v, v.nope)', 'compilation failed'],
  ])('%s is refused', (rule, error) => {
    expect(errorOf(rule)).toContain(error);
  });
});

describe('optMap, optFlatMap and sortBy compile as in cel-go', () => {
  test.each([
    ["['a', 'b'][?1].optMap(s, s + '!').orValue('') == 'b!'", 'bool'],
    ['optional.of(1).optMap(x, x + 1).value() == 2', 'bool'],
    ['optional.of(1).optFlatMap(x, x > 0 ? optional.of(x) : optional.none()).hasValue()', 'bool'],
    ['[3, 1, 2].sortBy(x, -x)', 'list<int>'],
    ["[{'x': 4}, {'x': 3}].sortBy(m, m['x'])", 'list<map<string, int>>'],
    ["['b', 'a'].map(s, s + 'x').sortBy(s, s)", 'list<string>'],
    // The elements of [] are a free type parameter, which any comparable key type takes (cel-go: ext/lists_test.go).
    ['[].sortBy(e, e) == []', 'bool'],
  ])('%s', (expression, type) => {
    expect(check(expression)).toEqual({ type });
  });
  test.each([
    ['1.optMap(x, x)', 'no matching overload'],
    ['optional.of(1).optMap(x.y, x)', 'simple name'],
    ['optional.of(1).optFlatMap(x, x + 1)', 'must give an optional'],
    ["optional.of('a').optMap(x, x + 1)", 'string + int'],
    ['[[1], [2]].sortBy(x, x)', 'cannot be sorted by'],
    ['1.sortBy(x, x)', 'sortBy can only be applied to'],
    ["{'a': 1}.sortBy(x, x)", 'sortBy can only be applied to'],
  ])('%s is refused', (expression, error) => {
    expect(check(expression).error).toContain(error);
  });
});

describe('the cost of a two-variable comprehension counts against the limits', () => {
  const tags = (bounded: boolean): { [key: string]: unknown } => ({
    'type': 'array',
    'items': { type: 'string', ...(bounded ? { maxLength: 63 } : {}) },
    ...(bounded ? { maxItems: 10 } : {}),
    'x-kubernetes-validations': [{ rule: 'self.all(i, v, self.all(j, w, i == j || v != w))' }],
  });
  test('over an unbounded list it is refused, as the API server refuses it (KB044)', () => {
    const issues = celSchemaIssues(tags(false), 'spec.tags', () => false);
    expect(issues.map(i => i.kind)).toContain('cost');
  });
  test('bounded by maxItems and maxLength, it is accepted', () => {
    expect(celSchemaIssues(tags(true), 'spec.tags', () => false)).toEqual([]);
  });
});
