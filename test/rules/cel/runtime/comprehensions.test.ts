/**
 * The macros cel-js lacks, at run time (src/rules/k8s/cel/runtime/comprehensions.ts):
 * two-variable comprehensions, optMap and optFlatMap, sortBy, and cel-js'
 * own one-variable macros evaluated as cel-go's expansions, with cases of
 * cel-go's ext/comprehensions_test.go and ext/lists_test.go (v0.26.1) on a
 * default (Kubernetes has no cel.bind: `self` stands in); the test code is
 * our own.
 */
import { expectError, expectHolds, expectUndecided, listOf, object, Schema } from './evaluate';

const string: Schema = { type: 'string' };
const integer: Schema = { type: 'integer' };
const schema = object({
  l: listOf(string),
  g: listOf(string),
  a: listOf(integer),
  b: listOf(integer),
  ints: listOf(integer),
  m: { type: 'object', additionalProperties: string },
  greetings: { type: 'object', additionalProperties: string },
  counts: { type: 'object', additionalProperties: integer },
  items: listOf(object({ name: string, score: integer })),
});
const value = {
  l: ['hello', 'world', 'hello!', 'worlds'],
  g: ['hello', 'goodbye', 'hello!', 'goodbye'],
  a: [1, 2, 3, 4],
  b: [1, 2, 3, 4, 5],
  ints: [-3, 1, -5, -2, 4],
  m: { 'hello': 'world', 'hello!': 'worlds' },
  greetings: { greeting: 'hello', farewell: 'goodbye' },
  counts: { a: 1, b: 0 },
  items: [{ name: 'foo', score: 3 }, { name: 'bar', score: 1 }, { name: 'baz', score: 2 }],
};

test.each([
  '[1, 2, 3, 4].all(i, v, i < 5 && v > 0)',
  '[1, 2, 3, 4].all(i, v, i < v)',
  '[1, 2, 3, 4].all(i, v, i > v) == false',
  'self.a.all(i, v, self.b[?i].hasValue() && self.b[i] == v)',
  '!self.b.all(i, v, self.a[?i].hasValue() && self.a[i] == v)',
  "self.l.exists(i, v, v.startsWith('hello') && self.l[?(i + 1)].optMap(next, next.endsWith('world')).orValue(false))",
  "self.l.existsOne(i, v, v.startsWith('hello') && self.l[?(i + 1)].optMap(next, next.endsWith('world')).orValue(false))",
  "self.g.exists_one(i, v, v.startsWith('hello') && self.g[?(i + 1)].optMap(next, next == 'goodbye').orValue(false)) == false",
  "['Hello', 'world'].transformList(i, v, '[%d]%s'.format([i, v.lowerAscii()])) == ['[0]hello', '[1]world']",
  "['hello', 'world'].transformList(i, v, v.startsWith('greeting'), '[%d]%s'.format([i, v])) == []",
  '[1, 2, 3].transformList(indexVar, valueVar, (indexVar * valueVar) + valueVar) == [1, 4, 9]',
  '[1, 2, 3].transformList(indexVar, valueVar, indexVar % 2 == 0, (indexVar * valueVar) + valueVar) == [1, 9]',
  "\"key1:value1 key2:value2 key3:value3\".split(' ').transformMapEntry(i, v, v.split(':').size() == 2, {v.split(':')[0]: v.split(':')[1]})"
    + " == {'key1': 'value1', 'key2': 'value2', 'key3': 'value3'}",
  "self.m.all(k, v, k.startsWith('hello') && v.startsWith('world'))",
  "self.m.all(k, v, k.startsWith('hello') && v.endsWith('world')) == false",
  "self.m.exists(k, v, k.startsWith('hello') && v.endsWith('world'))",
  "self.m.existsOne(k, v, k.startsWith('hello') && v.endsWith('world'))",
  "self.m.exists_one(k, v, k.startsWith('hello')) == false",
  "{'Hello': 'world'}.transformList(k, v, '%s=%s'.format([k.lowerAscii(), v])) == ['hello=world']",
  "dyn({'Hello': 'world'}).transformList(k, v, '%s=%s'.format([k.lowerAscii(), v])) == ['hello=world']",
  "{'hello': 'world'}.transformList(k, v, k.startsWith('greeting'), '%s=%s'.format([k, v])) == []",
  "self.greetings.transformMap(k, v, '%s, %s!'.format([k, v])) == {'greeting': 'greeting, hello!', 'farewell': 'farewell, goodbye!'}",
  "self.greetings.transformMap(k, v, v.startsWith('hello'), '%s, %s!'.format([k, v])) == {'greeting': 'greeting, hello!'}",
  "self.greetings.transformMapEntry(k, v, {v: k}) == {'hello': 'greeting', 'goodbye': 'farewell'}",
  "self.greetings.transformMapEntry(k, v, v.size() == 5, {v: k}) == {'hello': 'greeting'}",
  'self.greetings.transformMapEntry(k, v, {}) == {}',
  // optMap and optFlatMap.
  "self.m.?hello.optMap(v, v + '!') == optional.of('world!')",
  "!self.m.?bye.optMap(v, v + '!').hasValue()",
  "self.m.?hello.optFlatMap(v, v == 'world' ? optional.of(1) : optional.none()) == optional.of(1)",
  "!self.m.?hello.optFlatMap(v, v == 'x' ? optional.of(1) : optional.none()).hasValue()",
  // sortBy (ext/lists_test.go).
  '[].sortBy(e, e) == []',
  "['a'].sortBy(e, e) == ['a']",
  'self.ints.sortBy(e, -(e * e)) == [-5, 4, -3, -2, 1]',
  'self.ints.map(e, e * 2).sortBy(e, -(e * e)) == [-10, 8, -6, -4, 2]',
  'lists.range(3).sortBy(e, -e) == [2, 1, 0]',
  "['a', 'c', 'b', 'first'].sortBy(e, e == 'first' ? '' : e) == ['first', 'a', 'b', 'c']",
  "self.items.sortBy(e, e.score).map(e, e.name) == ['bar', 'baz', 'foo']",
  // cel-js' own macros: a map's order does not show in a bool, nor in a list whose items are equal.
  "self.greetings.all(k, k.size() > 5) && self.greetings.exists_one(k, k == 'farewell')",
  "self.greetings.map(k, 1) == [1, 1] && self.greetings.filter(k, k == 'farewell') == ['farewell']",
  '[1, 2, 3].map(x, x > 1, x * 10) == [20, 30] && [1, 2, 3].filter(x, x != 2) == [1, 3]',
  // Equal keys on equal elements: sort.Slice's order among them does not show.
  '[2, 1, 2].sortBy(e, e) == [1, 2, 2]',
])('%s', expr => {
  expectHolds(schema, value, expr);
});

test.each([
  // A false decides all, whatever fails before it; else the first error.
  ['[0, 1, 2].all(i, v, 1 / v >= 0)', 'division by zero'],
  ['[1, 0].all(i, v, 1 / v > 0 && self.b[v + 10] > 0)', 'index out of bounds: 11'],
  ['[0, 1].exists(i, v, 1 / v < 0)', 'division by zero'],
  // existsOne keeps the last error: cel-go's `p ? r + 1 : r` takes each erring predicate's error.
  ['[0, 1, 2].existsOne(i, v, v == 0 ? self.b[9] > 0 : 1 / (v - 1) > 0)', 'division by zero'],
  ['[0, 1].existsOne(i, v, i == 0 || 1 / 0 > 0)', 'division by zero'],
  ['[1, 0].transformList(i, v, 10 / v) == []', 'division by zero'],
  ['[1, 0].transformMapEntry(i, v, {"k": v}) == {}', 'insert failed: key k already exists'],
  ['self.greetings.transformMapEntry(k, v, {"same": v}) == {}', 'insert failed: key same already exists'],
  ['self.counts.all(k, v, 1 / v > 0)', 'division by zero'],
  ['self.m.?hello.optMap(v, 1 / 0) == optional.of(1)', 'division by zero'],
  ["[dyn([1]), dyn('a')].sortBy(e, e) == []", 'list elements must be comparable'],
  ["[dyn(1), dyn('a')].sortBy(e, e) == []", 'list elements must have the same type'],
  ['[1, 0].sortBy(e, 1 / e) == []', 'division by zero'],
  // cel-js' own macros, evaluated as cel-go's expansions: the last erring predicate or filter gives the error.
  ['[0, 1, 2].exists_one(x, x == 2 ? self.b[9] > 0 : 1 / x > 0)', 'index out of bounds: 9'],
  ['[0, 1, 2].filter(x, x == 2 ? self.b[9] > 0 : 1 / x > 0) == []', 'index out of bounds: 9'],
  ['[0, 1, 2].map(x, x == 2 ? self.b[9] > 0 : 1 / x > 0, x) == []', 'index out of bounds: 9'],
  // ...and the first erring transform.
  ['[0, 1, 2].map(x, x == 2 ? self.b[9] : 1 / x) == []', 'division by zero'],
  ['[0, 1].all(x, 1 / x > 0)', 'division by zero'],
])('%s fails as cel-go fails', (expr, error) => {
  expectError(schema, value, expr, error);
});

test.each([
  // A map's order is Go's, random: which error comes first, and a list made from a map, are left to the server.
  'self.counts.all(k, v, k == "a" ? 1 / (v - 1) > 0 : self.b[9] > 0)',
  // A list made from a map holds its items in the map's order (cel-go's test sorts it after).
  "self.greetings.transformList(k, _, k).sort() == ['farewell', 'greeting']",
  'self.greetings.transformList(k, v, v) == ["hello", "goodbye"]',
  // The same for cel-js' own macros over a map.
  "self.greetings.map(k, k) == ['greeting', 'farewell']",
  "self.greetings.filter(k, k != '') == ['greeting', 'farewell']",
  'self.counts.all(k, k == "a" ? 1 / (self.counts[k] - 1) > 0 : self.b[9] > 0)',
  // Keys other than strings would be made here.
  '[1, 2].transformMap(i, v, v) == {0: 1, 1: 2}',
  // cel-js keeps a literal's keys as strings: cel-go binds 1, an int.
  '{1: "a"}.all(k, v, k == 1)',
  '{1: "a"}.exists(k, k == 1)',
  // sort.Slice is not stable: elements under equal keys may come in either order.
  "self.items.sortBy(e, e.score > 1).map(e, e.name) == ['bar', 'foo', 'baz']",
])('%s is left to the server', expr => {
  expectUndecided(schema, value, expr);
});
