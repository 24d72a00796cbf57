/**
 * The functions of cel-go's standard library and optional types that cel-js
 * lacks (standard.ts): rules the API server compiles compile, and calls no
 * overload takes are still refused.
 */
import { compileExpression } from '../../../src/rules/k8s/cel/compile';
import { schemaDeclType } from '../../../src/rules/k8s/cel/decl-type';

const schema = {
  type: 'object',
  properties: {
    at: { type: 'string', format: 'date-time' },
    every: { type: 'string', format: 'duration' },
    data: { type: 'string', format: 'byte' },
    name: { type: 'string' },
  },
};
const errorOf = (rule: string): string | undefined => compileExpression(rule, 'rule', schemaDeclType(schema, false)!, false, schema, false).error;

describe('rules the API server compiles', () => {
  test.each([
    'int(1u) == 1',
    'int(self.at) > 0',
    'int(self.every) >= 0',
    "string(self.at).startsWith('20')",
    "string(self.every).endsWith('s')",
    'timestamp(self.at) == self.at',
    'duration(self.every) == self.every',
    "duration(60) < duration('2m')",
    "matches(self.name, '^[a-z]+$')",
    "self.data < b'z' && self.data >= b'a'",
    'optional.ofNonZeroValue(self.name).hasValue()',
    'optional.unwrap([optional.of(1), optional.none()]) == [1]',
    "[self.?name, optional.of('x')].unwrapOpt().size() >= 1",
    "self.?name != optional.none() || self.?name == optional.of('a')",
    // cel-go checker_test.go: `type(a.?b) == optional_type`.
    'type(self.?name) == optional_type && type(optional.none()) != int',
    // cel-go's add_duration_timestamp is a timestamp (cel-js typed it a duration: swapped-sums.ts).
    'self.every + self.at > self.at',
    "self.at - (self.every + self.at) < self.every && size([self.name] + ['a']) == 2",
    // A sum typed anew becomes duration-plus-timestamp in turn; parentheses stay with their operand.
    "duration('1s') + (self.every + self.at) > self.at",
    "((self.every) + (self.at)) + duration('1s') == self.at",
  ])('%s', rule => {
    expect(errorOf(rule)).toBeUndefined();
  });
});

describe('calls no overload takes', () => {
  test.each([
    ["optional.of(1) == optional.of('a')", 'optional<int> == optional<string>'],
    ["self.data < 'z'", 'bytes < string'],
    ["matches(1, 'a')", 'matches(int, string)'],
    ['[1].unwrapOpt().size() == 1', 'unwrapOpt()'],
    ['-self.every < self.every', '-google.protobuf.Duration'],
    // optional_type names a type, no value: it compares with types only.
    ['optional_type == self.?name', 'type == optional<string>'],
    // Swapped or not, the sum is a timestamp, which no overload compares with a duration.
    ['self.every + self.at > self.every', 'no such overload'],
    ['self.at + self.at > self.at', 'google.protobuf.Timestamp + google.protobuf.Timestamp'],
    ["self.name + 1 == 'a'", 'string + int'],
  ])('%s is refused', (rule, why) => {
    expect(errorOf(rule)).toContain(why);
  });
});
