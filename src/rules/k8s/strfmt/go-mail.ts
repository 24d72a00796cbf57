/**
 * Go's net/mail.ParseAddress, as strfmt's IsEmail calls it (an address
 * parses and is not empty), decided for the plain form only: `local@domain`,
 * both dot-atoms, with spaces or tabs around.
 *
 * Not ported: what needs one of `"()<>[]\,;:` (quoted strings, comments,
 * `Name <addr>`, groups, domain literals, RFC 2047 words in a name), where
 * Go releases also differ (domain literals are newer). Such a string is
 * undecided (undefined): the server decides it.
 */

/** Characters only the forms not ported here use. */
const NOT_PORTED = /["()<>[\]\\,;:]/;

/** isAtext(r, dot=true, permissive=false) for a character outside NOT_PORTED: a visible ASCII character or any non-ASCII one, but not '@'. */
const isAtext = (c: string): boolean => c !== '@' && (c.codePointAt(0) ?? 0) >= 0x21 && (c.codePointAt(0) ?? 0) !== 0x7f;

/** The dot-atom at the start of `s` (consumeAtom(true, false)) and what follows, or undefined when there is none or its dots are misplaced. */
function dotAtom(s: string): [string, string] | undefined {
  const chars = [...s];
  let i = 0;
  while (i < chars.length && isAtext(chars[i])) i++;
  const atom = chars.slice(0, i).join('');
  if (atom === '' || atom.startsWith('.') || atom.endsWith('.') || atom.includes('..')) return undefined;
  return [atom, chars.slice(i).join('')];
}

const skipSpace = (s: string): string => s.replace(/^[ \t]+/, '');

/**
 * Whether `mail.ParseAddress(s)` returns an address with a non-empty
 * Address; undefined for a form not ported. In the plain form, the addr-spec
 * must take the whole string: the name-addr Go tries next needs a '<' or a
 * ':' to succeed.
 */
export function isEmailAddress(s: string): boolean | undefined {
  if (NOT_PORTED.test(s)) return undefined;
  const local = dotAtom(skipSpace(s));
  if (local === undefined || !local[1].startsWith('@')) return false;
  const domain = dotAtom(skipSpace(local[1].slice(1)));
  return domain !== undefined && skipSpace(domain[1]) === '';
}
