/**
 * \p{L} and \p{S} as Go 1.26's regexp reads them (Unicode 15.0.0, the
 * tables go-unicode-tables.ts holds), for JavaScript regular expressions
 * with the `u` flag: Node's own \p{L} and \p{S} follow a newer Unicode.
 */
import { GO_LETTERS, GO_SYMBOLS } from './go-unicode-tables';

/** The ranges of a table ("41-5a,aa,") as the inside of a character class ("\u{41}-\u{5a}\u{aa}"). */
function classOf(table: string): string {
  return table.split(',').filter(r => r !== '').map(r => r.split('-').map(cp => `\\u{${cp}}`).join('-')).join('');
}

let classes: { readonly letter: string; readonly symbol: string } | undefined;

/** \p{L} and \p{S}, each as the inside of a character class; made on first use (a few milliseconds a start-up need not pay). */
export function goCategories(): { readonly letter: string; readonly symbol: string } {
  classes ??= { letter: classOf(GO_LETTERS), symbol: classOf(GO_SYMBOLS) };
  return classes;
}

/**
 * The string as Go holds it after decoding JSON: a lone surrogate is U+FFFD,
 * a symbol (So), where a `u` regular expression would see a surrogate (Cs).
 */
export const wellFormed = (s: string): string => s.replace(/\p{Cs}/gu, '\ufffd');
