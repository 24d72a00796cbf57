/**
 * Kubernetes' lists library at run time (src/rules/k8s/cel/runtime/lists.ts),
 * with the cases of "stdlib list functions" in TestValidationExpressions
 * (apiextensions-apiserver pkg/apiserver/schema/cel/validation_test.go) for
 * ints, doubles, int-backed doubles, strings and objects; the test code is
 * our own. Durations and timestamps are left to the server.
 */
import { expectError, expectHolds, expectUndecided, listOf, object, Schema } from './evaluate';

const integer: Schema = { type: 'integer' };
const number: Schema = { type: 'number' };
const string: Schema = { type: 'string' };
const schema = object({
  ints: listOf(integer),
  unsortedInts: listOf(integer),
  emptyInts: listOf(integer),
  doubles: listOf(number),
  unsortedDoubles: listOf(number),
  emptyDoubles: listOf(number),
  intBackedDoubles: listOf(number),
  unsortedIntBackedDoubles: listOf(number),
  strings: listOf(string),
  unsortedStrings: listOf(string),
  emptyStrings: listOf(string),
  objs: listOf(object({ f1: string, f2: string })),
  durations: listOf({ type: 'string', format: 'duration' }),
});
const value = {
  ints: [1, 2, 2, 3],
  unsortedInts: [2, 1],
  emptyInts: [],
  doubles: [1.5, 2.0, 2.0, 4.5],
  unsortedDoubles: [2.0, 1.5],
  emptyDoubles: [],
  intBackedDoubles: [1, 2, 2, 3],
  unsortedIntBackedDoubles: [2, 1],
  strings: ['a', 'b', 'b', 'c'],
  unsortedStrings: ['b', 'a'],
  emptyStrings: [],
  objs: [{ f1: 'a', f2: 'a' }, { f1: 'a', f2: 'b' }, { f1: 'a', f2: 'b' }, { f1: 'a', f2: 'c' }],
  durations: ['1s', '1m', '1m', '1h'],
};

test.each([
  'self.ints.sum() == 8',
  'self.ints.min() == 1',
  'self.ints.max() == 3',
  'self.ints.isSorted()',
  'self.emptyInts.isSorted()',
  'self.unsortedInts.isSorted() == false',
  'self.ints.indexOf(2) == 1',
  'self.ints.lastIndexOf(2) == 2',
  'self.ints.indexOf(10) == -1',
  'self.ints.lastIndexOf(10) == -1',
  'self.doubles.sum() == 10.0',
  'self.doubles.min() == 1.5',
  'self.doubles.max() == 4.5',
  'self.doubles.isSorted()',
  'self.emptyDoubles.isSorted()',
  'self.unsortedDoubles.isSorted() == false',
  'self.doubles.indexOf(2.0) == 1',
  'self.doubles.lastIndexOf(2.0) == 2',
  'self.doubles.indexOf(10.0) == -1',
  'self.intBackedDoubles.sum() == 8.0',
  'self.intBackedDoubles.min() == 1.0',
  'self.intBackedDoubles.max() == 3.0',
  'self.intBackedDoubles.isSorted()',
  'self.unsortedIntBackedDoubles.isSorted() == false',
  'self.intBackedDoubles.indexOf(2.0) == 1',
  'self.intBackedDoubles.lastIndexOf(2.0) == 2',
  "self.strings.min() == 'a'",
  "self.strings.max() == 'c'",
  'self.strings.isSorted()',
  'self.emptyStrings.isSorted()',
  'self.unsortedStrings.isSorted() == false',
  "self.strings.indexOf('b') == 1",
  "self.strings.lastIndexOf('b') == 2",
  "self.strings.indexOf('x') == -1",
  // Structural equality for lists, maps and objects.
  '[[1], [2]].indexOf([1]) == 0',
  "[{'a': 1}, {'b': 2}].lastIndexOf({'b': 2}) == 1",
  'self.objs.indexOf(self.objs[1]) == 1',
  'self.objs.lastIndexOf(self.objs[1]) == 2',
  '([0] + self.emptyInts).min() == 0',
  // Go compares strings by UTF-8 bytes (code points), not UTF-16 units: U+FF5E sorts before U+1F600.
  "['\\uff5e', '\\U0001F600'].isSorted()",
])('%s', expr => {
  expectHolds(schema, value, expr);
});

test.each([
  ['self.emptyInts.min() == 1', 'min called on empty list'],
  ['self.emptyInts.max() == 3', 'max called on empty list'],
  ['self.emptyDoubles.min() == 1.0', 'min called on empty list'],
  ["self.emptyStrings.max() == 'c'", 'max called on empty list'],
  ['[9223372036854775807, 1].sum() > 0', 'integer overflow'],
])('%s is an evaluation error', (expr, error) => {
  expectError(schema, value, expr, error);
});

test.each([
  // The zero of an empty list's sum has the list's declared type, which the runtime does not know.
  'self.emptyInts.sum() == 0',
  // Durations (and timestamps) are left to the server.
  "self.durations.map(d, duration(d)).min() == duration('1s')",
])('%s is left to the server', expr => {
  expectUndecided(schema, value, expr);
});
