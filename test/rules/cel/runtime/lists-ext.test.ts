/**
 * cel-go's lists extension at run time (src/rules/k8s/cel/runtime/lists-ext.ts),
 * with cases of cel-go's ext/lists_test.go (TestLists, version 3) and its
 * error texts, on a default; the test code is our own.
 */
import { expectError, expectHolds, listOf, object, Schema } from './evaluate';

const integer: Schema = { type: 'integer' };
const string: Schema = { type: 'string' };
const schema = object({
  ints: listOf(integer),
  strings: listOf(string),
  nested: listOf(listOf(integer)),
  empty: listOf(integer),
});
const value = { ints: [3, 1, 2, 1], strings: ['b', 'a', 'c'], nested: [[1], [2, 3]], empty: [] };

test.each([
  'lists.range(4) == [0, 1, 2, 3]',
  'lists.range(0) == []',
  'lists.range(-1) == []',
  'self.ints.slice(1, 3) == [1, 2]',
  'self.ints.slice(0, 0) == []',
  'self.ints.slice(4, 4) == []',
  'self.nested.flatten() == [1, 2, 3]',
  // Kubernetes refuses the mixed literals of cel-go's cases (homogeneous literals): nested lists stand in.
  '[[[1]], [[2, 3]]].flatten() == [[1], [2, 3]]',
  '[[[1]], [[2, 3]]].flatten(2) == [1, 2, 3]',
  '[[1], [2]].flatten(0) == [[1], [2]]',
  'self.ints.reverse() == [1, 2, 1, 3]',
  'self.empty.reverse() == []',
  'self.ints.distinct() == [3, 1, 2]',
  "['c', 'a', 'c'].distinct() == ['c', 'a']",
  // cel-go's Equal: 1.0 equals 1, 2u does not equal 1.
  '[dyn(1), dyn(1.0), dyn(2u)].distinct().size() == 2',
  'self.ints.sort() == [1, 1, 2, 3]',
  "self.strings.sort() == ['a', 'b', 'c']",
  "['\u00e9', 'z', 'a'].sort() == ['a', 'z', '\u00e9']",
  '[true, false].sort() == [false, true]',
  'self.empty.sort() == []',
  'self.ints.first() == optional.of(3)',
  'self.ints.last().value() == 1',
  '!self.empty.first().hasValue()',
  '!self.empty.last().hasValue()',
])('%s', expr => {
  expectHolds(schema, value, expr);
});

test.each([
  ['self.ints.slice(-1, 2) == []', 'cannot slice(-1, 2), negative indexes not supported'],
  ['self.ints.slice(3, 2) == []', 'cannot slice(3, 2), start index must be less than or equal to end index'],
  ['self.ints.slice(0, 5) == []', 'cannot slice(0, 5), list is length 4'],
  ['[[1], [2]].flatten(-1) == []', 'level must be non-negative'],
  // A list of lists is refused when the rule compiles; through dyn, when it runs.
  ['dyn([[1], [2]]).sort() == []', 'list elements must be comparable'],
  ['dyn([dyn(1), dyn(\'a\')]).sort() == []', 'list elements must have the same type'],
])('%s fails as cel-go fails', (expr, error) => {
  expectError(schema, value, expr, error);
});
