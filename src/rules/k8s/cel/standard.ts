/**
 * What cel-go's standard library and optional types declare that cel-js 8
 * does not, declared on a cel-js Environment for type-checking (never
 * evaluated): without them, rules the API server compiles were refused
 * ("found no matching overload").
 * - common/stdlib/standard.go (cel-go 0.26): the conversions
 *   int(uint), int(timestamp), int(duration), string(timestamp),
 *   string(duration), timestamp(timestamp), duration(duration),
 *   duration(int); the global matches(string, string); the ordering of
 *   bytes (less_bytes and its siblings);
 * - cel/library.go, OptionalTypes at its latest version, as base.go asks
 *   for it: optional.ofNonZeroValue, optional.unwrap and unwrapOpt (version
 *   2), and `==` between optionals (the standard `_==_` takes any type A);
 *   the type of an optional, `optional_type` (cel-go's types.OptionalType,
 *   which `type(x)` of an optional returns: checker_test.go's
 *   `type(a.?b) == optional_type`).
 */
import { CelEnvironment, celTypeValue, notEvaluated } from './cel-js';

const FUNCTIONS = [
  'int(uint): int', 'int(google.protobuf.Timestamp): int', 'int(google.protobuf.Duration): int',
  'string(google.protobuf.Timestamp): string', 'string(google.protobuf.Duration): string',
  'timestamp(google.protobuf.Timestamp): google.protobuf.Timestamp',
  'duration(google.protobuf.Duration): google.protobuf.Duration', 'duration(int): google.protobuf.Duration',
  'matches(string, string): bool',
  'OptionalNamespace.ofNonZeroValue(A): optional<A>',
  'OptionalNamespace.unwrap(list<optional<A>>): list<A>',
  'list<optional<A>>.unwrapOpt(): list<A>',
  'type(optional<A>): type',
];

const OPERATORS = ['bytes < bytes', 'bytes <= bytes', 'bytes > bytes', 'bytes >= bytes', 'optional<A> == optional<A>'];

/** Declares them on `env`. */
export function declareMissingStandardFunctions(env: CelEnvironment): void {
  for (const signature of FUNCTIONS) env.registerFunction(signature, notEvaluated);
  for (const signature of OPERATORS) env.registerOperator(signature, notEvaluated);
  env.registerConstant('optional_type', 'type', celTypeValue('optional_type'));
}
