/**
 * cel-js' errors read as cel-go's (src/rules/k8s/cel/runtime/cel-go-errors.ts):
 * by code, with cel-go's texts (common/types/err.go, interpreter/attributes.go,
 * interpreter/interpretable.go's evalBinary and evalUnary); the test code is
 * our own.
 */
import { celGoErrorText } from '../../../../src/rules/k8s/cel/runtime/cel-go-errors';

const celJs = (code: string, summary: string): unknown => ({ code, summary, message: summary });

test.each([
  ['no_such_key', 'No such key: spec', 'no such key: spec'],
  ['index_out_of_bounds', 'No such key: index out of bounds, index 3 >= size 1', 'index out of bounds: 3'],
  ['index_out_of_bounds', 'No such key: index out of bounds, index -1 < 0', 'index out of bounds: -1'],
  ['division_by_zero', 'division by zero', 'division by zero'],
  ['modulo_by_zero', 'modulo by zero', 'modulus by zero'],
  ['numeric_overflow', 'integer overflow: 9223372036854775808', 'integer overflow'],
  ['numeric_overflow', 'Unsigned integer overflow', 'unsigned integer overflow'],
  ['optional_value_missing', 'Optional value is not present', 'optional.none() dereference'],
  // An operand with the operator's trait (or a string, a Receiver) answers "no such overload"; another names the operator.
  ['no_such_overload', 'no such overload: dyn<string> + int', 'no such overload'],
  ['no_such_overload', 'no such overload: dyn<int> + string', 'no such overload'],
  ['no_such_overload', 'no such overload: dyn<string> % int', 'no such overload'],
  ['no_such_overload', 'no such overload: list<dyn> - int', 'no such overload: _-_'],
  ['no_such_overload', 'no such overload: dyn<bool> + int', 'no such overload: _+_'],
  ['no_such_overload', 'no such overload: map<dyn, dyn> < int', 'no such overload: _<_'],
  ['no_such_overload', 'no such overload: -uint', 'no such overload: -_'],
  ['no_such_overload', 'no such overload: -string', 'no such overload'],
])('%s "%s" is cel-go\'s "%s"', (code, summary, expected) => {
  expect(celGoErrorText(celJs(code, summary))).toBe(expected);
});

test.each([
  // cel-js lacks the ordering of bytes, and durations and timestamps are left out: cel-go may have an overload.
  ['no_such_overload', 'no such overload: bytes < bytes'],
  ['no_such_overload', 'no such overload: google.protobuf.Duration < int'],
  // A function cel-js lacks, a conversion whose text cel-go words otherwise, cel-js' own limits.
  ['no_matching_overload', 'found no matching overload for \'dyn.charAt(int)\''],
  ['numeric_overflow', 'int() type error: integer overflow'],
  ['invalid_logical_operand', 'Logical operator requires bool operands, got \'int\''],
  ['evaluation_error', 'something else'],
])('%s "%s" is not claimed to be cel-go\'s', (code, summary) => {
  expect(celGoErrorText(celJs(code, summary))).toBeUndefined();
});

test('an error without a code is not claimed', () => {
  expect(celGoErrorText(new Error('no such key: x'))).toBeUndefined();
});
