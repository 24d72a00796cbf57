/**
 * String functions cel-js computes on UTF-16 units or with Unicode's case
 * mapping (default-rules.ts, CODE_UNIT_FUNCTIONS): decided on ASCII text,
 * left to the server beyond it, where cel-go's answer differs (code points,
 * ASCII-only case mapping, unicode.IsSpace).
 */
import { expectHolds, expectUndecided, object } from './evaluate';

const schema = object({ s: { type: 'string' } });

test.each([
  ["'ab'.indexOf('b') == 1", 'ab'],
  ["self.s.lastIndexOf('a') == 2", 'aba'],
  ["self.s.substring(1, 2) == 'b'", 'abc'],
  ["self.s.lowerAscii() == 'ab'", 'AB'],
  ["self.s.upperAscii() == 'AB'", 'ab'],
  ["self.s.trim() == 'a'", ' a '],
])('on ASCII text, %s is decided', (expr, s) => {
  expectHolds(schema, { s }, expr);
});

test.each([
  // cel-go: 1, 'a', 'Àb': what the API server accepts; cel-js would say 2, a lone surrogate, 'àb'.
  ["self.s.indexOf('a') == 1", '\u{1f600}a'],
  ["self.s.substring(1, 2) == 'a'", '\u{1f600}abc'],
  ["self.s.lowerAscii() == '\u00c0b'", '\u00c0B'],
  ["self.s.trim() == 'a'", '\u0085a'],
  // A literal beyond ASCII in the rule itself.
  ["'\u{1f600}a'.indexOf('a') == 1 && self.s == 'x'", 'x'],
])('beyond ASCII, %s is left to the server', (expr, s) => {
  expectUndecided(schema, { s }, expr);
});
