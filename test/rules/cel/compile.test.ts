import { compileExpression } from '../../../src/rules/k8s/cel/compile';
import { schemaDeclType } from '../../../src/rules/k8s/cel/decl-type';
import { withCelGoSpellings } from '../../../src/rules/k8s/cel/spelling';

const spec = {
  type: 'object',
  properties: {
    replicas: { type: 'integer' },
    version: { type: 'string' },
  },
};

function errorOf(rule: string, schema: unknown = spec, kind: 'rule' | 'messageExpression' = 'rule'): string | undefined {
  return compileExpression(rule, kind, schemaDeclType(schema, false)!, false, schema, false).error;
}

describe('CEL type-checking of a rule against self', () => {
  test.each([
    ["self.replicas > 'a'", 'int > string'],
    ['self.version > 5', 'string > int'],
    ['size(self.replicas) > 1', 'size(int)'],
    ["self.replicas.startsWith('a')", 'int.startsWith(string)'],
  ])('%s is refused', (rule, why) => {
    expect(errorOf(rule)).toContain(why);
  });
  test('a well-typed rule compiles', () => {
    expect(errorOf("self.replicas > 1 && self.version.startsWith('v')")).toBeUndefined();
  });
  test('existsOne(x, p), cel-go\'s newer name of exists_one, is type-checked as exists_one', () => {
    const tags = { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } };
    expect(errorOf('self.tags.existsOne(x, x == "a")', tags)).toBeUndefined();
    expect(compileExpression('self.tags.existsOne(x, x == "a")', 'rule', schemaDeclType(tags, false)!, false, tags, false).fallback).toBe(false);
    expect(errorOf('self.tags.existsOne(x, x == 1)', tags)).toContain('string == int');
    // The error's column is the one in the rule as written (the `==`, where cel-go reports a comparison, at column 61; 63 in the
    // respelled text), not in the respelled text.
    expect(errorOf('self.tags.existsOne(y, y != "") && self.tags.existsOne(x, x == 1)', tags)).toContain('column 61)');
  });
  test('existsOne is respelled outside string literals only', () => {
    expect(withCelGoSpellings('self.existsOne(x, x == ".existsOne(")').text).toBe('self.exists_one(x, x == ".existsOne(")');
    const { original } = withCelGoSpellings('a.existsOne(x, p) && b.existsOne(y, q)');
    expect(original('a.exists_one(x, p) && b.exists_one(y, q)'.indexOf('q'))).toBe('a.existsOne(x, p) && b.existsOne(y, q)'.indexOf('q'));
  });
});

describe('isSorted, max, min, sum and sort take the element types cel-go has overloads for', () => {
  const lists = {
    type: 'object',
    properties: {
      ports: { type: 'array', items: { 'x-kubernetes-int-or-string': true } },
      replicas: { type: 'array', items: { type: 'integer' } },
      objs: { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } },
    },
  };
  test.each([
    // A list of int-or-string is a list(dyn): every overload matches, and cel-go types the call dyn.
    "self.ports.max() == 'http' || self.ports.min() == 80",
    "self.ports.sort() == ['a']",
    'self.replicas.max() > 1 && self.replicas.isSorted() && self.replicas.sum() >= 0',
    "['b', 'a'].sort() == ['a', 'b'] && [duration('1s')].max() > duration('0s')",
  ])('%s compiles', rule => {
    expect(errorOf(rule, lists)).toBeUndefined();
  });
  test.each([
    ['[[1]].max() == [1]', "found no matching overload for 'max' applied to 'list(list(int)).()'"],
    ['[true].sum() == true', "found no matching overload for 'sum' applied to 'list(bool).()'"],
    ['self.objs.isSorted()', "found no matching overload for 'isSorted' applied to 'list(selfType.objs.items).()'"],
    ["self.replicas.max() > 'a'", 'int > string'],
  ])('%s is refused', (rule, why) => {
    expect(errorOf(rule, lists)).toContain(why);
  });
});

describe('float literals without digits before the point, as cel-go reads them', () => {
  test.each(['self.replicas > .5', '[.5, 1.5][0] < 1.0', '.5e1 == 5.0'])('%s compiles', rule => {
    expect(errorOf(rule)).toBeUndefined();
  });
  test('a member named by a number is still a syntax error, and a string is left alone', () => {
    expect(errorOf('self.5 == 1')).toContain('syntax error');
    expect(withCelGoSpellings("self.version == '.5'").text).toBe("self.version == '.5'");
    expect(withCelGoSpellings('x > .5 && y < 1.5').text).toBe('x > 0.5 && y < 1.5');
  });
  test('positions are those of the rule as written', () => {
    // The second `>`, where cel-go reports a comparison (`.5` is respelled `0.5` for cel-js).
    expect(errorOf('self.replicas > .5 && self.version > 1')).toContain('column 36)');
  });
});

describe('a map is indexed by its key type, as cel-go checks it (checker_test.go: `x[2]` on a map(string, ...))', () => {
  const maps = {
    type: 'object',
    properties: {
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      name: { type: 'string' },
    },
  };
  test.each([
    "self.labels['app'] == 'a' && self.labels[self.name] != ''",
    "self.labels[?'app'].orValue('') == '' && self.labels.exists(k, self.labels[k] == 'a')",
    "self.labels[dyn(1)] == 'a' && dyn(self.labels)[1] == 'a' && {1: 'a'}[1] == 'a'",
  ])('%s compiles', rule => {
    expect(errorOf(rule, maps)).toBeUndefined();
  });
  test.each([
    ["self.labels[1] == 'a'", "'_[_]' applied to '(map(string, string), int)'"],
    ['self.labels[?1].hasValue()', "'_[?_]' applied to '(map(string, string), int)'"],
    ["{1: 'a'}[1u] == 'a'", "'_[_]' applied to '(map(int, string), uint)'"],
  ])('%s is refused', (rule, why) => {
    expect(errorOf(rule, maps)).toContain(why);
  });
});

describe('the parser limits of cel-go, which Kubernetes keeps (parser-limits.ts)', () => {
  test('list and map literals and calls are not limited in length, as in cel-go (cel-js stops at 1,000 elements)', () => {
    const many = Array.from({ length: 1001 }, (_, i) => i);
    expect(errorOf(`[${many.join(', ')}].size() > 0`)).toBeUndefined();
    expect(errorOf(`{${many.map(i => `${i}: 1`).join(', ')}}.size() > 0`)).toBeUndefined();
  });
  test('an expression is at most 100,000 code points (a character beyond the BMP is one)', () => {
    // `'...' != ''` is 8 code points around the string's.
    const rule = (n: number): string => `'${'\u{1F600}'.repeat(n)}' != ''`;
    expect(errorOf(rule(99_992))).toBeUndefined();
    expect(errorOf(rule(99_993))).toBe('compilation failed: expression code point size exceeds limit: size: 100001, limit 100000');
  });
});

describe('leading-dot identifiers and raw bytes literals, as cel-go\'s grammar reads them (parser_test.go, CEL.g4)', () => {
  test.each([
    '.self.replicas == 1', "self.replicas > 0 ? .self.version != '' : false", "['a'].exists(v, v == .self.version)",
    "br'\\d' == b'\\\\d' && bR'a\\b' == b'a\\\\b' && BR'''x\\y''' == b'x\\\\y'",
    // A dot inside a string, or after an operand, is no leading dot.
    "'a.b'.size() == 3 && (self).version.size() >= 0",
  ])('%s compiles', rule => {
    expect(errorOf(rule)).toBeUndefined();
  });
  test.each([
    // `rb` is an identifier before a string: only b then r makes a raw bytes literal.
    ["rb'\\d' == b''", 'syntax error'],
    ['self..replicas == 1', 'syntax error'],
  ])('%s is refused', (rule, why) => {
    expect(errorOf(rule)).toContain(why);
  });
});

describe('an iteration variable named as the accumulator, as cel-go\'s parser refuses it (parser_test.go: `m.map(__result__, __result__)`)', () => {
  const lists = { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } };
  test.each([
    "self.tags.exists(__result__, __result__ == 'a')", 'self.tags.map(__result__, __result__).size() > 0',
    'self.tags.filter(__result__, true).size() > 0', "self.tags.all(i, __result__, __result__ != '')",
  ])('%s is refused', rule => {
    expect(errorOf(rule, lists)).toContain('iteration variable overwrites accumulator variable');
  });
  test('another name compiles, and __result__ elsewhere is an undeclared variable', () => {
    expect(errorOf("self.tags.exists(result, result == 'a')", lists)).toBeUndefined();
    expect(errorOf('self.tags.exists(x, x == __result__)', lists)).not.toContain('accumulator');
  });
});

describe('an optional selection looks its field up, as cel-go\'s checkOptSelect does', () => {
  const nested = {
    type: 'object',
    properties: {
      spec: { type: 'object', properties: { size: { type: 'integer' } } },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
    },
  };
  test.each([
    'self.?spec.?size.orValue(0) >= 0', "self.labels.?anything.orValue('') == ''", 'dyn(self.spec).?anything.hasValue() || true',
  ])('%s compiles', rule => {
    expect(errorOf(rule, nested)).toBeUndefined();
  });
  test.each([
    ['self.?nope.hasValue()', "undefined field 'nope'"],
    ['self.spec.?sise.orValue(0) >= 0', "undefined field 'sise'"],
  ])('%s is refused', (rule, why) => {
    expect(errorOf(rule, nested)).toContain(why);
  });
});

describe('the open element type of an empty literal, which cel-go types as a type parameter (checker_test.go: `[{}.map(c,c,c)]+[{}.map(c,c,c)]`)', () => {
  test.each(['[].exists(x, x > 1)', '[].all(x, x)', '{}.all(k, k)', '[{}.map(c,c,c)]+[{}.map(c,c,c)] == []'])('%s is not refused', rule => {
    // cel-js fails on it where cel-go does not: the syntax-level check stands in.
    const compiledRule = compileExpression(rule, 'rule', schemaDeclType(spec, false)!, false, spec, false);
    expect(compiledRule.error).toBeUndefined();
    expect(compiledRule.fallback).toBe(true);
  });
  // An element of an empty literal, whose type cel-js leaves open (`T`) or loses, where cel-go's checker binds it to what
  // the operator wants (v0.26.1 Compile: each compiles).
  test.each([
    '-([][self.replicas]) > 0.0', '[] + [][self.replicas] == []', '[1, 2][[][self.replicas]] == 1', '[].all(x, x.name == "a")',
    '{}.exists(k, k.name == "a")',
  ])('%s is not refused', rule => {
    const compiledRule = compileExpression(rule, 'rule', schemaDeclType(spec, false)!, false, spec, false);
    expect(compiledRule.error).toBeUndefined();
    expect(compiledRule.fallback).toBe(true);
  });
  test.each(['[].all(x, 1)', "[].exists(x, x > 'a' && x + 1)"])('%s, wrong whatever the element type, is still refused', rule => {
    expect(errorOf(rule)).toBeDefined();
  });
});

describe('an iteration variable named self hides the root self, with or without a leading dot', () => {
  // cel-go's checker (checker/env.go LookupIdent): `.self` resolves to the candidate `self` (containers.go
  // ResolveCandidateNames drops the dot), which Scopes.FindIdent looks up from the comprehension's scope outwards.
  // Each verdict as cel-go v0.26.1's Compile gives it, self a list(int).
  const ints = { type: 'array', items: { type: 'integer' } };
  test.each([
    'self.all(self, self > 0)', 'self.all(self, .self > 0)', 'self.map(self, self + 1) == [1]',
    'self.all(self, self == 1) && self.size() > 0',
  ])('%s compiles: inside, self is an int', rule => {
    expect(errorOf(rule, ints)).toBeUndefined();
  });
  test.each([
    ['self.exists(self, self.size() > 0)', 'int.size()'],
    ['self.all(self, .self.size() > 0)', 'int.size()'],
    // Without the shadowing variable, `.self` is the list.
    ['self.all(x, .self > 0)', 'list<int> > int'],
  ])('%s is refused (%s)', (rule, why) => {
    expect(errorOf(rule, ints)).toContain(why);
  });
});
