/**
 * List and map literals as cel-go's evalList and evalMap evaluate them
 * (src/rules/k8s/cel/runtime/collection-literals.ts): optional entries
 * (`[?x]`, `{?k: v}`, cases after cel-go's optional tests in cel/cel_test.go
 * at v0.26.1) and keys kept as they are; the test code is our own.
 */
import { expectError, expectHolds, expectUndecided, object } from './evaluate';

const schema = object({ m: { type: 'object', additionalProperties: { type: 'string' } } });
const value = { m: { hello: 'world', hi: 'there' } };

test.each([
  '[?optional.none(), ?optional.of(1)] == [1]',
  "[?self.m.?hello, ?self.m.?bye, 'x'] == ['world', 'x']",
  "{?'a': self.m.?hello, ?'b': self.m.?bye} == {'a': 'world'}",
  // A none entry removes an earlier entry of its key; a key given twice takes its later value.
  "{'a': 'x', ?'a': self.m.?bye}.size() == 0 && {'a': 'x', 'a': 'y'}['a'] == 'y'",
  "self.m.all(k, {'hi': 1, 'hello': 2}[k] > 0)",
])('%s', expr => {
  expectHolds(schema, value, expr);
});

test('an optional entry\'s error is the literal\'s, the first in order', () => {
  expectError(schema, value, '[?optional.of(1 / 0), ?optional.of(self.m.bye.size())] == []', 'division by zero');
});

test.each([
  "{1: 'a'}.exists(k, k == 1)",
  "{'constructor': 'a'}.exists(k, k == 'constructor')",
])('a map literal with a key cel-js cannot hold, in a rule that binds keys, is left to the server: %s', expr => {
  expectUndecided(schema, value, expr);
});
