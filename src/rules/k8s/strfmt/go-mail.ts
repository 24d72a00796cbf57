/**
 * Go's net/mail.ParseAddress (message.go, the release ../go-release.ts
 * names), as strfmt's IsEmail calls it: the string is one address, and its
 * Address is not empty (an address always holds its '@', so parsing
 * decides). All of its grammar: an addr-spec (a dot-atom or quoted local
 * part, a dot-atom or bracketed IP domain), then perhaps a comment; or a
 * display name (words and quoted strings, comments between them, RFC 2047
 * encoded words) and an angle address; or a group of one address.
 *
 * Only acceptance is mirrored, not the Address Go returns nor its error
 * texts. Where the name's RFC 2047 words matter, they matter through
 * acceptance alone: Go's decoder refuses a well-formed encoded word in a
 * charset other than UTF-8, ISO-8859-1 or US-ASCII, and that refusal ends a
 * display name (or fails a comment after the address); what a word decodes
 * to never does.
 *
 * Go reads the string as UTF-8 bytes; this port reads UTF-16 code units.
 * Every decision compares ASCII characters, and every byte or code unit
 * past ASCII is a visible character to Go (isVchar), so both readings
 * accept the same strings.
 */
import { parsesAsIP, parsesAsIPv4 } from './go-net';

/** addrParser: what is left to read. */
interface Parser {
  s: string;
}

/** isVchar: a visible ASCII character, or any character past ASCII (RFC 6532). */
const isVchar = (c: string): boolean => (c >= '!' && c <= '~') || c.charCodeAt(0) >= 0x80;
const isWSP = (c: string): boolean => c === ' ' || c === '\t';
/** isAtext: a visible character but the specials of RFC 5322 3.2.3; '.' only in a dot-atom. */
const isAtext = (c: string, dot: boolean): boolean => (c === '.' ? dot : !'()<>[]:;@\\,"'.includes(c) && isVchar(c));
const isQtext = (c: string): boolean => c !== '\\' && c !== '"' && isVchar(c);
const isDtext = (c: string): boolean => c !== '[' && c !== ']' && c !== '\\' && isVchar(c);

const empty = (p: Parser): boolean => p.s.length === 0;
const peek = (p: Parser): string => p.s[0];

function consume(p: Parser, c: string): boolean {
  if (empty(p) || peek(p) !== c) return false;
  p.s = p.s.slice(1);
  return true;
}

/** skipSpace: spaces and tabs only. */
function skipSpace(p: Parser): void {
  p.s = p.s.replace(/^[ \t]+/, '');
}

/** consumeComment, after its '(': the text up to the matching ')', a backslash quoting the next character; undefined when unclosed. */
function consumeComment(p: Parser): string | undefined {
  let depth = 1;
  let comment = '';
  while (!empty(p) && depth > 0) {
    if (peek(p) === '\\' && p.s.length > 1) p.s = p.s.slice(1);
    else if (peek(p) === '(') depth++;
    else if (peek(p) === ')') depth--;
    if (depth > 0) comment += p.s[0];
    p.s = p.s.slice(1);
  }
  return depth === 0 ? comment : undefined;
}

/** skipCFWS: spaces, tabs and comments; false when a comment is unclosed. */
function skipCFWS(p: Parser): boolean {
  skipSpace(p);
  while (consume(p, '(')) {
    if (consumeComment(p) === undefined) return false;
    skipSpace(p);
  }
  return true;
}

/** consumeQuotedString: the unquoted text; undefined (nothing consumed) when unclosed or holding a control character. */
function consumeQuotedString(p: Parser): string | undefined {
  let text = '';
  let escaped = false;
  for (let i = 1; ; i++) {
    const c = p.s[i];
    if (c === undefined) return undefined;
    if (escaped) {
      // quoted-pair = "\" (VCHAR / WSP)
      if (!isVchar(c) && !isWSP(c)) return undefined;
      text += c;
      escaped = false;
    } else if (isQtext(c) || isWSP(c)) {
      text += c;
    } else if (c === '"') {
      p.s = p.s.slice(i + 1);
      return text;
    } else if (c === '\\') {
      escaped = true;
    } else {
      return undefined;
    }
  }
}

/**
 * consumeAtom: the atext characters at the start (dots too for a
 * dot-atom); undefined when there are none, or, unless permissive, when a
 * dot leads, trails or doubles (the atom is consumed all the same).
 */
function consumeAtom(p: Parser, dot: boolean, permissive: boolean): string | undefined {
  let i = 0;
  while (i < p.s.length && isAtext(p.s[i], dot)) i++;
  if (i === 0) return undefined;
  const atom = p.s.slice(0, i);
  p.s = p.s.slice(i);
  if (!permissive && (atom.startsWith('.') || atom.includes('..') || atom.endsWith('.'))) return undefined;
  return atom;
}

/**
 * consumeDomainLiteral: `[` dtext `]`, where the text is `IPv6:` and
 * anything net.ParseIP takes (it returns 16 bytes for an IPv4 address too,
 * so `[IPv6:1.2.3.4]` passes), or an address whose To4 is not nil.
 */
function consumeDomainLiteral(p: Parser): string | undefined {
  if (!consume(p, '[')) return undefined;
  let dtext = '';
  for (;;) {
    if (empty(p)) return undefined;
    if (peek(p) === ']') break;
    if (!isDtext(peek(p))) return undefined;
    dtext += peek(p);
    p.s = p.s.slice(1);
  }
  consume(p, ']');
  const valid = dtext.startsWith('IPv6:') ? parsesAsIP(dtext.slice('IPv6:'.length)) : parsesAsIPv4(dtext);
  return valid ? `[${dtext}]` : undefined;
}

/** consumeAddrSpec: local-part "@" domain; on failure nothing is consumed. */
function consumeAddrSpec(p: Parser): string | undefined {
  const orig = p.s;
  const failed = (): undefined => {
    p.s = orig;
    return undefined;
  };
  skipSpace(p);
  if (empty(p)) return failed();
  // An empty quoted string is refused as a local part.
  const local = peek(p) === '"' ? consumeQuotedString(p) || undefined : consumeAtom(p, true, false);
  if (local === undefined || !consume(p, '@')) return failed();
  skipSpace(p);
  if (empty(p)) return failed();
  const domain = peek(p) === '[' ? consumeDomainLiteral(p) : consumeAtom(p, true, false);
  return domain === undefined ? failed() : `${local}@${domain}`;
}

/** strings.EqualFold with an ASCII name: the only non-ASCII characters folding to ASCII letters are ſ (s) and K (Kelvin, k). */
function equalFold(s: string, ascii: string): boolean {
  const fold = (c: string): string => (c === '\u017f' ? 's' : c === '\u212a' ? 'k' : c.toLowerCase());
  const chars = [...s];
  return chars.length === ascii.length && chars.every((c, i) => /^[\x00-\x7f\u017f\u212a]$/.test(c) && fold(c) === ascii[i]);
}

/** base64.StdEncoding.DecodeString succeeds (padding required, trailing bits not checked); the empty text too. */
const isStdBase64 = (text: string): boolean => /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text);

/** mime's qDecode succeeds: '_', "=XX" (hex, either case), printable ASCII, CR, LF, tab. */
function isQEncoded(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '=') {
      if (i + 2 >= text.length || !/^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) return false;
      i += 2;
    } else if (!(c === '_' || (c >= ' ' && c <= '~') || c === '\n' || c === '\r' || c === '\t')) {
      return false;
    }
  }
  return true;
}

/**
 * decodeRFC2047Word fails (with mail's default decoder): the word is a
 * well-formed encoded word (mime.WordDecoder.Decode: `=?charset?B|Q?text?=`,
 * eight bytes or more, four '?', its text decoding) in a charset Go
 * converts itself not (UTF-8, ISO-8859-1, US-ASCII), which mail's
 * CharsetReader refuses. A malformed word is kept as it is, no failure.
 */
function decodingFails(word: string): boolean {
  if (Buffer.byteLength(word, 'utf8') < 8 || !word.startsWith('=?') || !word.endsWith('?=') || word.split('?').length !== 5) return false;
  const [charset, encoding, text] = word.slice(2, -2).split('?');
  if (charset === '' || Buffer.byteLength(encoding, 'utf8') !== 1) return false;
  const decodes = 'Bb'.includes(encoding) ? isStdBase64(text) : 'Qq'.includes(encoding) && isQEncoded(text);
  return decodes && !['utf-8', 'iso-8859-1', 'us-ascii'].some(known => equalFold(charset, known));
}

/**
 * consumePhrase: words (atoms read as dot-atoms, or quoted strings), with
 * comments allowed after the first (obs-phrase). The first word that cannot
 * be read, or whose encoding fails (consumed), ends the phrase; false when
 * it is the first, or a comment is unclosed.
 */
function consumePhrase(p: Parser): boolean {
  let words = 0;
  for (;;) {
    if (words > 0 && !skipCFWS(p)) return false;
    skipSpace(p);
    if (empty(p)) return true;
    if (peek(p) === '"') {
      if (consumeQuotedString(p) === undefined) break;
    } else {
      const atom = consumeAtom(p, true, true);
      if (atom === undefined || decodingFails(atom)) break;
    }
    words++;
  }
  return words > 0;
}

/** consumeDisplayNameComment: a comment after an addr-spec, each of its words decoded. */
function consumeDisplayNameComment(p: Parser): boolean {
  if (!consume(p, '(')) return false;
  const comment = consumeComment(p);
  return comment !== undefined && !comment.split(/[ \t]+/).some(word => word !== '' && decodingFails(word));
}

/**
 * parseAddress: how many addresses the address at the start holds (one, or
 * a group's), undefined when it cannot be read. An addr-spec is tried
 * first; then a display name, and a group (when allowed) or an angle
 * address.
 */
function parseAddress(p: Parser, handleGroup: boolean): number | undefined {
  skipSpace(p);
  if (empty(p)) return undefined;
  if (consumeAddrSpec(p) !== undefined) {
    skipSpace(p);
    if (!empty(p) && peek(p) === '(' && !consumeDisplayNameComment(p)) return undefined;
    return 1;
  }
  if (peek(p) !== '<' && !consumePhrase(p)) return undefined;
  skipSpace(p);
  if (handleGroup && consume(p, ':')) return consumeGroupList(p);
  if (!consume(p, '<') || consumeAddrSpec(p) === undefined || !consume(p, '>')) return undefined;
  return 1;
}

/** consumeGroupList, after the ':': addresses separated by ',' up to ';' (no group within), or none. */
function consumeGroupList(p: Parser): number | undefined {
  skipSpace(p);
  if (consume(p, ';')) return skipCFWS(p) ? 0 : undefined;
  let count = 0;
  for (;;) {
    skipSpace(p);
    const n = parseAddress(p, false);
    if (n === undefined || !skipCFWS(p)) return undefined;
    count += n;
    if (consume(p, ';')) return skipCFWS(p) ? count : undefined;
    if (!consume(p, ',')) return undefined;
  }
}

/** Whether `mail.ParseAddress(s)` succeeds (parseSingleAddress): one address, then only spaces and comments. */
export function isEmailAddress(s: string): boolean {
  const p: Parser = { s };
  const count = parseAddress(p, true);
  return count !== undefined && skipCFWS(p) && empty(p) && count === 1;
}
