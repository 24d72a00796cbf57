/**
 * The static check of string.format (string-format.ts), with the cases of
 * cel-go's ext/formatting_test.go (v0.26.1) that its checker refuses, an
 * object of the schema standing in for its ext.TestAllTypes. Our own code.
 */
import { compileExpression } from '../../../src/rules/k8s/cel/compile';
import { schemaDeclType } from '../../../src/rules/k8s/cel/decl-type';

const schema = { type: 'object', properties: { spec: { type: 'object', properties: { a: { type: 'string' } } }, name: { type: 'string' } } };
const SELF = schemaDeclType(schema, false)!;
const errorOf = (text: string): string | undefined => compileExpression(text, 'messageExpression', SELF, false, schema, false).error;
const STRING_CLAUSE = 'string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps';

describe('format calls the checker accepts', () => {
  test.each([
    "'%s is %d, %.2f, %e, %b, %x, %X, %o, %%'.format(['a', 1, 1.5, 2.5, true, 'ff', b'a', 8])",
    "'%s %s %s'.format([[1, 2], {'a': [duration('1s')]}, null])",
    "'%s and %s'.format([timestamp('2020-01-01T00:00:00Z'), type(1)])",
    "'%d'.format([dyn(self.name)])",
    "'%f'.format(['NaN'])",
    "'%.9223372036854775807f and %.00e'.format([1.5, 2.5])",
    // Only a literal format string with a list literal is checked.
    'self.name.format([self.spec])',
    "'%d'.format(dyn(['a']))",
  ])('%s', text => {
    expect(errorOf(text)).toBeUndefined();
  });
});

describe('format calls the checker refuses, in its words', () => {
  test.each([
    ["'%a'.format([1])", 'could not parse formatting clause: unrecognized formatting clause "a"'],
    ["'%d %d %d'.format([0, 1])", 'index 2 out of range'],
    ["'string is %b'.format(['abc'])", 'error during formatting: only integers and bools can be formatted as binary, was given string'],
    ["'%d'.format([duration('30m2s')])", 'error during formatting: decimal clause can only be used on integers, was given google.protobuf.Duration'],
    ["'octal: %o'.format(['a string'])", 'error during formatting: octal clause can only be used on integers, was given string'],
    ["'double is %x'.format([0.5])", 'error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given double'],
    ["'double is %E'.format([0.5])", 'could not parse formatting clause: unrecognized formatting clause "E"'],
    ["'object is %s'.format([self.spec])", `error during formatting: ${STRING_CLAUSE}, was given selfType.spec`],
    ["'%s'.format([[self.spec]])", `error during formatting: ${STRING_CLAUSE}, was given selfType.spec`],
    ["'null: %d'.format([null])", 'error during formatting: decimal clause can only be used on integers, was given null_type'],
    ["'null: %f'.format([null])", 'error during formatting: fixed-point clause can only be used on doubles, was given null_type'],
    ["'%s %s'.format(['abc'])", 'index 1 out of range'],
    ["'%s %s'.format(['abc', 'def', 'ghi'])", 'too many arguments supplied to string.format (expected 2, got 3)'],
    ["'filler %'.format([])", 'unexpected end of string'],
    ["'%j'.format([123])", 'could not parse formatting clause: unrecognized formatting clause "j"'],
    ["'%.3'.format([1.5])", 'could not parse formatting clause: error while parsing precision: could not find end of precision specifier'],
    // parsePrecision: strconv.Atoi of the precision's digits, none or beyond int64.
    ["'%.f'.format([1.5])", 'could not parse formatting clause: error while parsing precision: error while converting precision to integer: '
      + 'strconv.Atoi: parsing "": invalid syntax'],
    ["'%.99999999999999999999f'.format([1.5])", 'could not parse formatting clause: error while parsing precision: '
      + 'error while converting precision to integer: strconv.Atoi: parsing "99999999999999999999": value out of range'],
    ["'%s'.format([self.?name])", `error during formatting: ${STRING_CLAUSE}, was given optional_type`],
  ])('%s', (text, message) => {
    expect(errorOf(text)).toMatch(new RegExp(`^messageExpression compilation failed: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(at line 1, column \\d+\\)$`));
  });
});
