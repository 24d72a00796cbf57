/**
 * Go's net/netip (the release go-release.ts names) as Kubernetes' ip and
 * cidr libraries read it: ParseAddr (dotted decimal with no leading zeros,
 * IPv6 with one `::` and groups of at most four hex digits, an embedded
 * IPv4 in the last two fields, a zone after `%`), Addr.String (RFC 5952:
 * lower case, the longest run of two or more zero fields as `::`), the
 * address classes (IsLoopback, IsGlobalUnicast...), ParsePrefix, Masked,
 * Contains and Overlaps, with their error texts ("ParseAddr(\"1.2.3\"): IPv4
 * address too short").
 *
 * An address is held as netip holds it: 128 bits, an IPv4 address as its
 * IPv4-mapped IPv6 form, and its family (and zone) beside.
 *
 * One port of it, read by the CEL ip/cidr libraries (cel/runtime/net.ts)
 * and by the strfmt formats (strfmt/go-net.ts).
 */
/* eslint-disable no-bitwise -- an address is a bit field, read and masked as netip reads it */
import { goQuote } from './go-quote';

export interface Addr {
  readonly family: 4 | 6;
  /** The 128 bits (an IPv4 address as ::ffff:a.b.c.d). */
  readonly bits: bigint;
  readonly zone: string;
}

export interface Prefix {
  readonly addr: Addr;
  readonly length: number;
}

const MAPPED = 0xffff00000000n;
const ALL = (1n << 128n) - 1n;

function addrError(input: string, msg: string, at?: string): string {
  return `ParseAddr(${goQuote(input)}): ${msg}${at !== undefined && at !== '' ? ` (at ${goQuote(at)})` : ''}`;
}

/** parseIPv4: the four bytes, or the error. */
function parseIPv4(s: string): Addr | string {
  const fields: number[] = [];
  let val = 0;
  let digits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c >= '0' && c <= '9') {
      if (digits === 1 && val === 0) return addrError(s, 'IPv4 field has octet with leading zero');
      val = val * 10 + (c.charCodeAt(0) - 48);
      digits++;
      if (val > 255) return addrError(s, 'IPv4 field has value >255');
    } else if (c === '.') {
      if (i === 0 || i === s.length - 1 || s[i - 1] === '.') return addrError(s, 'IPv4 field must have at least one digit', s.slice(i));
      if (fields.length === 3) return addrError(s, 'IPv4 address too long');
      fields.push(val);
      val = 0;
      digits = 0;
    } else {
      return addrError(s, 'unexpected character', s.slice(i));
    }
  }
  if (fields.length < 3) return addrError(s, 'IPv4 address too short');
  fields.push(val);
  return { family: 4, bits: MAPPED | BigInt(fields.reduce((acc, f) => acc * 256 + f, 0)), zone: '' };
}

const HEX = /[0-9a-fA-F]/;

/** parseIPv6: the 16 bytes and the zone, or the error. */
function parseIPv6(input: string): Addr | string {
  let s = input;
  let zone = '';
  const percent = s.indexOf('%');
  if (percent >= 0) {
    zone = s.slice(percent + 1);
    s = s.slice(0, percent);
    if (zone === '') return addrError(input, 'zone must be a non-empty string');
  }
  const ip = new Array<number>(16).fill(0);
  let ellipsis = -1;
  if (s.length >= 2 && s[0] === ':' && s[1] === ':') {
    ellipsis = 0;
    s = s.slice(2);
    if (s.length === 0) return { family: 6, bits: 0n, zone };
  }
  let i = 0;
  while (i < 16) {
    let off = 0;
    let acc = 0;
    for (; off < s.length && HEX.test(s[off]); off++) {
      acc = acc * 16 + parseInt(s[off], 16);
      // The fifth digit is refused before the value is looked at (so "12345" never reaches the overflow check).
      if (off > 3) return addrError(input, 'each group must have 4 or less digits', s);
      if (acc > 0xffff) return addrError(input, 'IPv6 field has value >=2^16', s);
    }
    if (off === 0) return addrError(input, 'each colon-separated field must have at least one digit', s);
    if (off < s.length && s[off] === '.') {
      if (ellipsis < 0 && i !== 12) return addrError(input, 'embedded IPv4 address must replace the final 2 fields of the address', s);
      if (i + 4 > 16) return addrError(input, 'too many hex fields to fit an embedded IPv4 at the end of the address', s);
      const ip4 = parseIPv4(s);
      if (typeof ip4 === 'string') return addrError(input, ip4, s);
      const v4 = Number(ip4.bits & 0xffffffffn);
      ip[i] = v4 >>> 24;
      ip[i + 1] = (v4 >>> 16) & 0xff;
      ip[i + 2] = (v4 >>> 8) & 0xff;
      ip[i + 3] = v4 & 0xff;
      s = '';
      i += 4;
      break;
    }
    ip[i] = acc >> 8;
    ip[i + 1] = acc & 0xff;
    i += 2;
    s = s.slice(off);
    if (s.length === 0) break;
    if (s[0] !== ':') return addrError(input, 'unexpected character, want colon', s);
    if (s.length === 1) return addrError(input, 'colon must be followed by more characters', s);
    s = s.slice(1);
    if (s[0] === ':') {
      if (ellipsis >= 0) return addrError(input, 'multiple :: in address', s);
      ellipsis = i;
      s = s.slice(1);
      if (s.length === 0) break;
    }
  }
  if (s.length !== 0) return addrError(input, 'trailing garbage after address', s);
  if (i < 16) {
    if (ellipsis < 0) return addrError(input, 'address string too short');
    const n = 16 - i;
    for (let j = i - 1; j >= ellipsis; j--) ip[j + n] = ip[j];
    for (let j = ellipsis + n - 1; j >= ellipsis; j--) ip[j] = 0;
  } else if (ellipsis >= 0) {
    return addrError(input, 'the :: must expand to at least one field of zeros');
  }
  return { family: 6, bits: ip.reduce((acc, b) => (acc << 8n) | BigInt(b), 0n), zone };
}

/** netip.ParseAddr. */
export function parseAddr(s: string): Addr | string {
  for (const c of s) {
    if (c === '.') return parseIPv4(s);
    if (c === ':') return parseIPv6(s);
    if (c === '%') return addrError(s, 'missing IPv6 address');
  }
  return addrError(s, 'unable to parse IP');
}

/** Addr.Is4In6. */
export function is4In6(a: Addr): boolean {
  return a.family === 6 && a.bits >> 32n === 0xffffn;
}

/** The address with an IPv4-mapped IPv6 address unmapped (Addr.Unmap). */
function unmapped(a: Addr): Addr {
  return is4In6(a) ? { family: 4, bits: a.bits, zone: '' } : a;
}

const v4 = (a: Addr, i: number): number => Number((a.bits >> BigInt((3 - i) * 8)) & 0xffn);
const v6u16 = (a: Addr, i: number): number => Number((a.bits >> BigInt((7 - i) * 16)) & 0xffffn);

export function isUnspecified(a: Addr): boolean {
  return a.zone === '' && (a.family === 4 ? a.bits === MAPPED : a.bits === 0n);
}

export function isLoopback(a: Addr): boolean {
  const u = unmapped(a);
  return u.family === 4 ? v4(u, 0) === 127 : u.bits === 1n;
}

function isMulticast(a: Addr): boolean {
  const u = unmapped(a);
  return u.family === 4 ? (v4(u, 0) & 0xf0) === 0xe0 : (u.bits >> 120n) === 0xffn;
}

export function isLinkLocalMulticast(a: Addr): boolean {
  const u = unmapped(a);
  return u.family === 4 ? v4(u, 0) === 224 && v4(u, 1) === 0 && v4(u, 2) === 0 : (v6u16(u, 0) & 0xff0f) === 0xff02;
}

export function isLinkLocalUnicast(a: Addr): boolean {
  const u = unmapped(a);
  return u.family === 4 ? v4(u, 0) === 169 && v4(u, 1) === 254 : (v6u16(u, 0) & 0xffc0) === 0xfe80;
}

/** Addr.IsGlobalUnicast: net's logic (private and ULA addresses count). */
export function isGlobalUnicast(a: Addr): boolean {
  const u = unmapped(a);
  if (u.family === 4 && (u.bits === MAPPED || u.bits === (MAPPED | 0xffffffffn))) return false;
  const unspecified6 = u.family === 6 && u.bits === 0n && u.zone === '';
  return !unspecified6 && !isLoopback(u) && !isMulticast(u) && !isLinkLocalUnicast(u);
}

/** Addr.String. */
export function addrString(a: Addr): string {
  const four = (x: Addr): string => [0, 1, 2, 3].map(i => String(v4(x, i))).join('.');
  if (a.family === 4) return four(a);
  const zone = a.zone === '' ? '' : `%${a.zone}`;
  if (is4In6(a)) return `::ffff:${four(unmapped(a))}${zone}`;
  let zeroStart = 255;
  let zeroEnd = 255;
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && v6u16(a, j) === 0) j++;
    if (j - i >= 2 && j - i > zeroEnd - zeroStart) {
      zeroStart = i;
      zeroEnd = j;
    }
  }
  let out = '';
  for (let i = 0; i < 8; i++) {
    if (i === zeroStart) {
      out += '::';
      i = zeroEnd;
      if (i >= 8) break;
    } else if (i > 0) {
      out += ':';
    }
    out += v6u16(a, i).toString(16);
  }
  return out + zone;
}

/** Two addresses are == in Go: same bits, family and zone. */
export function addrEqual(a: Addr, b: Addr): boolean {
  return a.family === b.family && a.bits === b.bits && a.zone === b.zone;
}

function prefixError(input: string, msg: string): string {
  return `netip.ParsePrefix(${goQuote(input)}): ${msg}`;
}

/** netip.ParsePrefix. */
export function parsePrefix(s: string): Prefix | string {
  const slash = s.lastIndexOf('/');
  if (slash < 0) return prefixError(s, 'no \'/\'');
  const addr = parseAddr(s.slice(0, slash));
  if (typeof addr === 'string') return prefixError(s, addr);
  if (addr.family === 6 && addr.zone !== '') return prefixError(s, 'IPv6 zones cannot be present in a prefix');
  const lengthText = s.slice(slash + 1);
  // Go 1.22 and later refuse a sign or a leading zero before strconv.Atoi would read them.
  if (lengthText.length > 1 && !(lengthText[0] >= '1' && lengthText[0] <= '9')) return prefixError(s, `bad bits after slash: ${goQuote(lengthText)}`);
  // strconv.Atoi: digits that fit an int64.
  if (!/^[+-]?[0-9]+$/.test(lengthText) || BigInt(lengthText) > 2n ** 63n - 1n) return prefixError(s, `bad bits after slash: ${goQuote(lengthText)}`);
  const length = Number(lengthText);
  if (length < 0 || length > (addr.family === 6 ? 128 : 32)) return prefixError(s, 'prefix length out of range');
  return { addr, length };
}

/** The mask of the top `bits` of 128. */
function mask6(bits: number): bigint {
  return bits === 0 ? 0n : (ALL << BigInt(128 - bits)) & ALL;
}

/** Addr.Prefix(bits): the address with its host bits cleared. */
function masked(addr: Addr, bits: number): Addr {
  return { ...addr, zone: '', bits: addr.bits & mask6(addr.family === 4 ? bits + 96 : bits) };
}

/** Prefix.Masked. */
export function prefixMasked(p: Prefix): Prefix {
  return { addr: masked(p.addr, p.length), length: p.length };
}

/** Prefix.Contains: same family (an IPv4-mapped address does not match an IPv4 prefix), no zone, the top bits equal. */
export function prefixContains(p: Prefix, ip: Addr): boolean {
  if (ip.zone !== '' || p.addr.family !== ip.family) return false;
  return masked(ip, p.length).bits === masked(p.addr, p.length).bits;
}

/** Prefix.Overlaps. */
export function prefixOverlaps(p: Prefix, o: Prefix): boolean {
  if (prefixEqual(p, o)) return true;
  if ((p.addr.family === 4) !== (o.addr.family === 4)) return false;
  const minBits = Math.min(p.length, o.length);
  if (minBits === 0) return true;
  return masked(p.addr, minBits).bits === masked(o.addr, minBits).bits;
}

/** Two prefixes are == in Go: same address and length. */
export function prefixEqual(a: Prefix, b: Prefix): boolean {
  return addrEqual(a.addr, b.addr) && a.length === b.length;
}

/** Prefix.String. */
export function prefixString(p: Prefix): string {
  return `${addrString(p.addr)}/${p.length}`;
}
