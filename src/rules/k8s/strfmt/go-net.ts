/**
 * The address parsers of Go's net package that kube-openapi's formats call:
 * net.ParseIP and net.ParseCIDR (both netip.ParseAddr since Go 1.22, which
 * ../go-netip.ts ports, with no zone allowed), k8s.io/utils/net's
 * ParseIPSloppy and ParseCIDRSloppy (the same after stripping leading zeros
 * from the numbers of a trailing dotted quad, as Go before 1.17 read them),
 * and net.ParseMAC.
 */
import { is4In6, parseAddr, type Addr } from '../go-netip';

/** netip.ParseAddr without a zone (net's parseIP); undefined when Go refuses it. */
function addrWithoutZone(s: string): Addr | undefined {
  const addr = parseAddr(s);
  return typeof addr === 'string' || addr.zone !== '' ? undefined : addr;
}

/** net.ParseIP(s) != nil. */
export function parsesAsIP(s: string): boolean {
  return addrWithoutZone(s) !== undefined;
}

/** net.ParseIP(s).To4() != nil: an IPv4 address, or one mapped into IPv6 (`::ffff:1.2.3.4`). */
export function parsesAsIPv4(s: string): boolean {
  const addr = addrWithoutZone(s);
  return addr !== undefined && (addr.family === 4 || is4In6(addr));
}

/**
 * ParseIPSloppy and ParseCIDRSloppy's matchZeros: a dotted quad at the end
 * (after the start or a colon), and an optional prefix length, each number
 * with its leading zeros apart. The $ anchor allows one match only.
 */
const LEADING_ZEROS = /(^|:)0*(0|[1-9][0-9]*)\.0*(0|[1-9][0-9]*)\.0*(0|[1-9][0-9]*)\.0*(0|[1-9][0-9]*)((\/)0*(0|[1-9][0-9]*))?$/;

function stripLeadingZeros(s: string): string {
  return s.replace(LEADING_ZEROS, (_all, start: string, a: string, b: string, c: string, d: string, _len, slash?: string, bits?: string) =>
    `${start}${a}.${b}.${c}.${d}${slash ?? ''}${bits ?? ''}`);
}

/** k8s.io/utils/net.ParseIPSloppy(s) != nil. */
export function parsesAsIPSloppy(s: string): boolean {
  return parsesAsIP(s) || parsesAsIP(stripLeadingZeros(s));
}

/** net's dtoi on all of `s`: decimal digits only, at least one, below 0xFFFFFF. */
function decimal(s: string): number | undefined {
  if (!/^[0-9]+$/.test(s)) return undefined;
  let n = 0;
  for (const c of s) {
    n = n * 10 + (c.charCodeAt(0) - 48);
    if (n >= 0xffffff) return undefined;
  }
  return n;
}

/** net.ParseCIDR(s) succeeds: an address without zone, '/', a prefix length up to the address's bit length. */
export function parsesAsCIDR(s: string): boolean {
  const slash = s.indexOf('/');
  if (slash < 0) return false;
  const addr = addrWithoutZone(s.slice(0, slash));
  const bits = decimal(s.slice(slash + 1));
  return addr !== undefined && bits !== undefined && bits <= (addr.family === 4 ? 32 : 128);
}

/** k8s.io/utils/net.ParseCIDRSloppy(s) succeeds. */
export function parsesAsCIDRSloppy(s: string): boolean {
  return parsesAsCIDR(s) || parsesAsCIDR(stripLeadingZeros(s));
}

const HEX_PAIR = /^[0-9a-fA-F]{2}$/;

/**
 * net.ParseMAC(s) succeeds: 6, 8 or 20 octets as pairs of hex digits
 * separated by the ':' or '-' at index 2, or as groups of four separated by
 * the '.' at index 4. Go reads bytes: any non-ASCII byte breaks a pair or a
 * separator, so such a string never parses.
 */
export function parsesAsMAC(s: string): boolean {
  // eslint-disable-next-line no-control-regex -- any byte past ASCII is refused
  if (s.length < 14 || /[^\x00-\x7f]/.test(s)) return false;
  const sep = s[2] === ':' || s[2] === '-' ? s[2] : s[4] === '.' ? '.' : undefined;
  if (sep === undefined) return false;
  const width = sep === '.' ? 4 : 2;
  if ((s.length + 1) % (width + 1) !== 0) return false;
  const groups = s.split(sep);
  const octets = groups.length * (width / 2);
  if (![6, 8, 20].includes(octets) || groups.length !== (s.length + 1) / (width + 1)) return false;
  return groups.every(g => g.length === width && HEX_PAIR.test(g.slice(0, 2)) && (width === 2 || HEX_PAIR.test(g.slice(2))));
}
