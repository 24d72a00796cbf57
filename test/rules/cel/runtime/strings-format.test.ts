/**
 * `<string>.format(<list>)` at run time (src/rules/k8s/cel/runtime/strings-format.ts),
 * with cases of cel-go's ext/formatting_test.go (v0.26.1, the en_US locale)
 * and their error texts, on a default; the test code is our own. A format
 * string or a list that is not a literal escapes the compiler's check
 * (string-format.ts), so the errors are met at run time.
 */
import { expectError, expectHolds, expectUndecided, listOf, object, Schema } from './evaluate';

const integer: Schema = { type: 'integer' };
const number: Schema = { type: 'number' };
const string: Schema = { type: 'string' };
const schema = object({
  f: string,
  strs: listOf(string),
  ints: listOf(integer),
  nums: listOf(number),
  flags: listOf({ type: 'boolean' }),
  labels: { type: 'object', additionalProperties: string },
  nested: listOf(listOf(integer)),
});
const value = {
  f: '%s and %d',
  strs: ['abc', 'a "quoted" \u00e9'],
  ints: [30, -30, 5],
  nums: [2.71828, 1052.032911275, 1234567.891, 0.000000002, -0.5, 0.0078125],
  flags: [true, false],
  labels: { b: 'x', a: 'y' },
  nested: [[9, 8], []],
};

/** `"<format>".format(<args>) == "<expected>"`, with the expected text as a CEL string literal. */
const formats = (format: string, args: string, expected: string): string => `${JSON.stringify(format)}.format(${args}) == ${JSON.stringify(expected)}`;

test.each([
  formats('no substitution', '[]', 'no substitution'),
  formats('str is %s and some more', '["filler"]', 'str is filler and some more'),
  formats('%% and also %%', '[]', '% and also %'),
  formats('%%%s%%', '["text"]', '%text%'),
  formats('%d %d %d, %s %s %s', '[1, 2, 3, "A", "B", "C"]', '1 2 3, A B C'),
  'self.f.format(["x", 7]) == "x and 7"',
  formats('%.3f', '[1.2345]', '1.234'),
  formats('this is 5 in binary: %b', '[5]', 'this is 5 in binary: 101'),
  formats('this is -5 in binary: %b', '[-5]', 'this is -5 in binary: -101'),
  formats('unsigned 64 in binary: %b', '[uint(64)]', 'unsigned 64 in binary: 1000000'),
  formats('bit set from bool: %b', '[true]', 'bit set from bool: 1'),
  formats('%o', '[11]', '13'),
  formats('%o', '[-11]', '-13'),
  formats('this is an unsigned octal: %o', '[uint(65535)]', 'this is an unsigned octal: 177777'),
  formats('%x is 30 in hexadecimal', '[30]', '1e is 30 in hexadecimal'),
  formats('%X is 20 in hexadecimal', '[30]', '1E is 20 in hexadecimal'),
  formats('%x is -30 in hexadecimal', '[-30]', '-1e is -30 in hexadecimal'),
  formats('%X is 6000 in hexadecimal', '[uint(6000)]', '1770 is 6000 in hexadecimal'),
  formats('%x', '["Hello world!"]', '48656c6c6f20776f726c6421'),
  formats('%X', '["Hello world!"]', '48656C6C6F20776F726C6421'),
  // The UTF-8 bytes of a string.
  formats('%x', '["\u00e9"]', 'c3a9'),
  formats('%.6e', '[1052.032911275]', '1.052033\u202f\u00d7\u202f10\u2070\u00b3'),
  formats('%f', '[2.71828]', '2.718280'),
  formats('%e', '[2.71828]', '2.718280\u202f\u00d7\u202f10\u2070\u2070'),
  formats('%s', '[2.71]', '2.71'),
  formats('%s', '[[2.71]]', '[2.710000]'),
  formats('%s', '[0.000000002]', '2e-09'),
  formats('%s', '[[0.000000002]]', '[0.000000]'),
  formats('%f', '["NaN"]', 'NaN'),
  formats('%f', '["Infinity"]', '\u221e'),
  formats('%f', '["-Infinity"]', '-\u221e'),
  formats('%s', '[double("NaN")]', 'NaN'),
  formats('%s', '[double("Inf")]', '+Inf'),
  formats('%s', '[double("-Inf")]', '-Inf'),
  formats('%s', '[[double("NaN"), double("+Inf"), double("-Inf")]]', '["NaN", "+Inf", "-Inf"]'),
  formats('%d', '[uint(64)]', '64'),
  formats('null: %s', '[null]', 'null: null'),
  formats('%s', '[999999999999]', '999999999999'),
  formats('%s', '[{"b": 1, "a": double("NaN")}]', '{"a":"NaN", "b":1}'),
  formats('true bool: %s, false bool: %s', '[true, false]', 'true bool: true, false bool: false'),
  // Values of the default: a double's %g, x/text's grouping of %f, a negative exponent, the %e width.
  '"%s %s %s".format([self.nums[0], self.nums[2], self.nums[3]]) == "2.71828 1.234567891e+06 2e-09"',
  '"%.2f|%f|%.0f".format([self.nums[2], self.nums[4], self.nums[4]]) == "1,234,567.89|-0.500000|-0"',
  '"%e".format([self.nums[3]]) == "2.000000\u202f\u00d7\u202f10\u207b\u2070\u2079"',
  '"[%.20e]".format([self.nums[0]]) == "[     2.718280\u202f\u00d7\u202f10\u2070\u2070]"',
  '"[%e]".format(["NaN"]) == "[   NaN]"',
  // Ties round to even on the exact binary value (0.0078125 is one): JavaScript's toFixed would give 0.007813.
  '"%f %s".format([self.nums[5], [self.nums[5]]]) == "0.007812 [0.007812]"',
  // The default's lists and maps as CEL literals: strings quoted as Go's %q, a map's entries sorted by key.
  '"%s".format([self.strs]) == "[\\"abc\\", \\"a \\\\\\"quoted\\\\\\" \u00e9\\"]"',
  '"%s %s".format([self.labels, self.nested]) == "{\\"a\\":\\"y\\", \\"b\\":\\"x\\"} [[9, 8], []]"',
  '"%s".format([self.flags]) == "[true, false]"',
])('%s', expr => {
  expectHolds(schema, value, expr);
});

test.each([
  ['"%a".format(self.ints) == ""', 'could not parse formatting clause: unrecognized formatting clause "a"'],
  ['"double is %E".format(self.nums) == ""', 'could not parse formatting clause: unrecognized formatting clause "E"'],
  ['"%d %d %d %d".format(self.ints) == ""', 'index 3 out of range'],
  ['"string is %b".format(self.strs) == ""', 'error during formatting: only integers and bools can be formatted as binary, was given string'],
  ['"octal: %o".format(self.strs) == ""', 'error during formatting: octal clause can only be used on integers, was given string'],
  ['"double is %x".format(self.nums) == ""', 'error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given double'],
  ['"%d".format(self.nums) == ""', 'error during formatting: decimal clause can only be used on integers, was given double'],
  ['"%f".format(self.ints) == ""', 'error during formatting: fixed-point clause can only be used on doubles, was given int'],
  ['"%e".format(self.strs) == ""', 'error during formatting: scientific clause can only be used on doubles, was given string'],
  ['"%d".format(dyn([null])) == ""', 'error during formatting: decimal clause can only be used on integers, was given null_type'],
  ['"%s %s".format(dyn(["abc"])) == ""', 'index 1 out of range'],
  ['"filler %".format(self.ints) == ""', 'unexpected end of string'],
  ['"filler %".format(dyn([])) == ""', 'index 0 out of range'],
  ['"double is %.34".format(self.nums) == ""', 'could not parse formatting clause: error while parsing precision: could not find end of precision specifier'],
  ['"%.f".format(self.nums) == ""',
    'could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing "": invalid syntax'],
  ['self.f.format(["x", "y"]) == ""', 'error during formatting: decimal clause can only be used on integers, was given string'],
])('%s fails as cel-go fails', (expr, error) => {
  expectError(schema, value, expr, error);
});

test.each([
  // cel-js keeps a literal's keys as strings: cel-go writes {1:"value1", 2:"value2", true:"NaN"}.
  formats('map with multiple key types: %s', '[{1: "value1", uint(2): "value2", true: double("NaN")}]',
    'map with multiple key types: {1:"value1", 2:"value2", true:"NaN"}'),
  // Characters a newer Unicode than Go's may print otherwise, when quoted.
  '"%s".format([["\u{1fa89}"]]) == ""',
  // Precisions past the ones decided here.
  '"%.200f".format([1.5]) == ""',
])('%s is left to the server', expr => {
  expectUndecided(schema, value, expr);
});
