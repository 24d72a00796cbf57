/**
 * cel-go's sets extension at run time (src/rules/k8s/cel/runtime/sets.ts),
 * with the cases of "sets" in TestValidationExpressions
 * (apiextensions-apiserver pkg/apiserver/schema/cel/validation_test.go) but
 * those of timestamps and durations; the test code is our own.
 */
import { expectHolds, expectUndecided, listOf, object } from './evaluate';

const schema = object({ tags: listOf({ type: 'string' }), sizes: listOf({ type: 'number' }) });
const value = { tags: ['a', 'b'], sizes: [1, 2.5] };

test.each([
  "sets.contains(['a', 'b'], [])",
  "sets.contains(['a', 'b'], ['b'])",
  "!sets.contains(['a', 'b'], ['c'])",
  'sets.equivalent([], [])',
  "sets.equivalent(['c', 'b', 'a'], ['b', 'c', 'a'])",
  "!sets.equivalent(['a', 'b'], ['b', 'c'])",
  "sets.intersects(['a', 'b'], ['b', 'c'])",
  '!sets.intersects([], [])',
  "!sets.intersects(['a', 'b'], [])",
  "!sets.intersects(['a', 'b'], ['c', 'd'])",
  'sets.contains([1, 2], [2])',
  'sets.contains([true, false], [false])',
  'sets.contains([1.25, 1.5], [1.5])',
  "sets.contains([{'a': 1}, {'b': 2}], [{'b': 2}])",
  'sets.contains([[1, 2], [3, 4]], [[3, 4]])',
  'sets.equivalent([1, 2], [1, 2])',
  'sets.equivalent([true, false], [true, false])',
  'sets.equivalent([1.25, 1.5], [1.25, 1.5])',
  "sets.equivalent([{'a': 1}, {'b': 2}], [{'a': 1}, {'b': 2}])",
  'sets.equivalent([[1, 2], [3, 4]], [[1, 2], [3, 4]])',
  'sets.intersects([1, 2], [2])',
  'sets.intersects([true, false], [false])',
  'sets.intersects([1.25, 1.5], [1.5])',
  "sets.intersects([{'a': 1}, {'b': 2}], [{'b': 2}])",
  'sets.intersects([[1, 2], [3, 4]], [[3, 4]])',
  // On the default, and numbers equal across int and double, as cel-go's Equal.
  "sets.contains(self.tags, ['a'])",
  'sets.contains(self.sizes, [1.0])',
])('%s', expr => {
  expectHolds(schema, value, expr);
});

test('durations are left to the server', () => {
  expectUndecided(schema, value, "sets.contains([duration('1h'), duration('2h')], [duration('2h')])");
});
