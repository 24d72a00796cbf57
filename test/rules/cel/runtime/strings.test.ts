/**
 * cel-go's strings extension at run time (src/rules/k8s/cel/runtime/strings.ts),
 * with cases of cel-go's ext/strings_test.go (v0.26.1, the functions of
 * StringsVersion 2) and their error texts, on a default; the test code is
 * our own. Text beyond ASCII is read in runes, as cel-go reads it, where
 * cel-js' own functions read UTF-16 units.
 */
import { expectError, expectHolds, expectUndecided, object } from './evaluate';

const schema = object({ s: { type: 'string' }, t: { type: 'string' } });
const value = { s: 'ta\u00a9o\u00a9\u03b1T', t: '\u{1f600}a\u{1f600}b' };

test.each([
  "'tacocat'.charAt(3) == 'o'",
  "'tacocat'.charAt(7) == ''",
  "self.s.charAt(2) == '\u00a9' && self.s.charAt(5) == '\u03b1' && self.s.charAt(6) == 'T'",
  "self.t.charAt(1) == 'a'",
  "'tacocat'.indexOf('') == 0",
  "'tacocat'.indexOf('ac') == 1",
  "'tacocat'.indexOf('none') == -1",
  "'tacocat'.indexOf('', 3) == 3",
  "'tacocat'.indexOf('a', 3) == 5",
  "'tacocat'.indexOf('at', 3) == 5",
  "self.s.indexOf('\u00a9') == 2",
  "self.s.indexOf('\u00a9', 3) == 4",
  "self.s.indexOf('\u00a9\u03b1T', 3) == 4",
  "self.s.indexOf('\u00a9\u03b1', 5) == -1",
  "self.t.indexOf('b') == 3",
  "'hello wello'.indexOf('ello', 6) == 7",
  "'hello wello'.indexOf('elbo room!!!') == -1",
  // An offset past the end finds nothing; an empty substring is found at any offset.
  "'tacocat'.indexOf('a', 30) == -1",
  "'tacocat'.indexOf('', -5) == -5",
  "''.lastIndexOf('@@') == -1",
  "'tacocat'.lastIndexOf('') == 7",
  "self.t.lastIndexOf('') == 4",
  "'tacocat'.lastIndexOf('at') == 5",
  "'tacocat'.lastIndexOf('', 3) == 3",
  "'tacocat'.lastIndexOf('a', 3) == 1",
  "self.s.lastIndexOf('\u00a9') == 4",
  "self.s.lastIndexOf('\u00a9', 3) == 2",
  "self.s.lastIndexOf('\u00a9\u03b1', 4) == 4",
  "self.t.lastIndexOf('a') == 1",
  "'hello wello'.lastIndexOf('ello', 6) == 1",
  "'hello wello'.lastIndexOf('hello wello') == 0",
  "'bananananana'.lastIndexOf('nana', 7) == 6",
  "'tacocat'.lastIndexOf('a', 30) == -1",
  "'TacoCat'.lowerAscii() == 'tacocat'",
  "'TacoC\u00c6t Xii'.lowerAscii() == 'tacoc\u00c6t xii'",
  "'tacoC\u03b1t'.upperAscii() == 'TACOC\u03b1T'",
  "'\u00e9a'.upperAscii() == '\u00e9A'",
  '"12 days 12 hours".replace("{0}", "2") == "12 days 12 hours"',
  '"{0} days {0} hours".replace("{0}", "2") == "2 days 2 hours"',
  '"{0} days {0} hours".replace("{0}", "2", 1).replace("{0}", "23") == "2 days 23 hours"',
  '"1 \u00a9\u03b1T taco".replace("\u03b1T", "o\u00a9\u03b1") == "1 \u00a9o\u00a9\u03b1 taco"',
  '"hello hello".replace("", "_") == "_h_e_l_l_o_ _h_e_l_l_o_"',
  '"hello hello".replace("h", "") == "ello ello"',
  // An empty old text goes between runes, never inside a surrogate pair.
  "self.t.replace('', '-') == '-\u{1f600}-a-\u{1f600}-b-'",
  "self.t.replace('', '-', 2) == '-\u{1f600}-a\u{1f600}b'",
  "'aaa'.replace('a', 'b', 0) == 'aaa'",
  "'aaa'.replace('a', 'b', 2) == 'bba'",
  '"hello world".split(" ") == ["hello", "world"]',
  '"hello world events!".split(" ", 0) == []',
  '"hello world events!".split(" ", 1) == ["hello world events!"]',
  '"hello world events!".split(" ", 2) == ["hello", "world events!"]',
  '"o\u00a9o\u00a9o\u00a9o".split("\u00a9", -1) == ["o", "o", "o", "o"]',
  "self.t.split('') == ['\u{1f600}', 'a', '\u{1f600}', 'b']",
  "self.t.split('', 2) == ['\u{1f600}', 'a\u{1f600}b']",
  "''.split('') == []",
  '"tacocat".substring(4) == "cat"',
  '"tacocat".substring(7) == ""',
  '"tacocat".substring(0, 4) == "taco"',
  '"tacocat".substring(4, 4) == ""',
  'self.s.substring(2, 6) == "\u00a9o\u00a9\u03b1"',
  'self.s.substring(7, 7) == ""',
  "self.t.substring(1, 3) == 'a\u{1f600}'",
  '" \\f\\n\\r\\t\\vtext  ".trim() == "text"',
  '"\\u0085\\u00a0\\u1680text".trim() == "text"',
  '"text\\u2000\\u2001\\u2002\\u2003\\u2004\\u2004\\u2006\\u2007\\u2008\\u2009".trim() == "text"',
  '"\\u200atext\\u2028\\u2029\\u202F\\u205F\\u3000".trim() == "text"',
  '"\\u180etext\\u200b\\u200c\\u200d\\u2060\\ufeff".trim() == "\\u180etext\\u200b\\u200c\\u200d\\u2060\\ufeff"',
  "['x', 'y'].join() == 'xy'",
  "['x', 'y'].join('-') == 'x-y'",
  'strings.quote("first\\nsecond") == "\\"first\\\\nsecond\\""',
  'strings.quote("bell\\a") == "\\"bell\\\\a\\""',
  'strings.quote("\\bbackspace") == "\\"\\\\bbackspace\\""',
  'strings.quote("\\fform feed") == "\\"\\\\fform feed\\""',
  'strings.quote("carriage \\r return") == "\\"carriage \\\\r return\\""',
  'strings.quote("horizontal tab\\t") == "\\"horizontal tab\\\\t\\""',
  'strings.quote("vertical \\v tab") == "\\"vertical \\\\v tab\\""',
  'strings.quote("double \\\\\\\\ slash") == "\\"double \\\\\\\\\\\\\\\\ slash\\""',
  'strings.quote("verbatim") == "\\"verbatim\\""',
  'strings.quote("ends with \\\\") == "\\"ends with \\\\\\\\\\""',
  'strings.quote("mid string \\" quote") == "\\"mid string \\\\\\" quote\\""',
  'strings.quote(\'single-quote with "double quote"\') == "\\"single-quote with \\\\\\"double quote\\\\\\"\\""',
  'strings.quote("printable unicode\u{1f600}") == "\\"printable unicode\u{1f600}\\""',
  'strings.quote("\u0437\u0430\u0432\u0442\u0440\u0430") == "\\"\u0437\u0430\u0432\u0442\u0440\u0430\\""',
  'strings.quote("") == "\\"\\""',
  'strings.quote(self.s) == "\\"" + self.s + "\\""',
  "strings.quote('%s %s').format(['hello', 'world']) == \"\\\"hello world\\\"\"",
  // Where cel-js' own functions answer otherwise: UTF-16 units, Unicode's case mapping, JavaScript's white space.
  "self.t.indexOf('a') == 1",
  "'\u{1f600}a'.indexOf('a') == 1",
  "self.t.substring(1, 2) == 'a'",
  "'\u00c0B'.lowerAscii() == '\u00c0b'",
  "'\u00e0b'.upperAscii() == '\u00e0B'",
  "'\u0085a\ufeff'.trim() == 'a\ufeff'",
  // The list library's indexOf, under the same name.
  "[1, 2, 3].indexOf(2) == 1 && ['a', 'b', 'a'].lastIndexOf('a') == 2",
])('%s', expr => {
  expectHolds(schema, value, expr);
});

test.each([
  ["'tacocat'.charAt(30) == ''", 'index out of range: 30'],
  ["'tacocat'.charAt(-1) == ''", 'index out of range: -1'],
  ["'tacocat'.indexOf('a', -1) == -1", 'index out of range: -1'],
  ["'tacocat'.lastIndexOf('a', -1) == -1", 'index out of range: -1'],
  ['"tacocat".substring(40) == "cat"', 'index out of range: 40'],
  ['"tacocat".substring(-1) == "cat"', 'index out of range: -1'],
  ['"tacocat".substring(1, 50) == "cat"', 'index out of range: 50'],
  ['"tacocat".substring(49, 50) == "cat"', 'index out of range: 49'],
  ['"tacocat".substring(4, 3) == ""', 'invalid substring range. start: 4, end: 3'],
  // Runes, not UTF-16 units: four runes, where cel-js would count six units.
  ["self.t.substring(5) == ''", 'index out of range: 5'],
  ["self.t.charAt(5) == ''", 'index out of range: 5'],
])('%s fails as cel-go fails', (expr, error) => {
  expectError(schema, value, expr, error);
});

test('a string holding a lone surrogate (no rune) is left to the server', () => {
  expectUndecided(schema, { s: 'a\ud800' }, "self.s.indexOf('a') == 0");
});
