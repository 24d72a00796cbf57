/**
 * Kubernetes' ip and cidr libraries (k8s.io/apiserver pkg/cel/library/ip.go
 * and cidr.go, Kubernetes 1.36) on go-netip.ts: ip(), isIP(), ip.isCanonical(),
 * family() and the address classes; cidr(), isCIDR(), containsIP(),
 * containsCIDR(), ip(), prefixLength(), masked(); string() of both, and `==`
 * (netip's ==). parseIPAddr refuses zones and IPv4-mapped IPv6 addresses;
 * parseCIDR refuses an IPv4-mapped prefix.
 */
import { celGoError, leaveToServer, RuntimeFunctions } from './outcome';
import * as netip from '../../go-netip';
import { goQuote } from '../../go-quote';

/** The values the libraries hand around: an IP (net.IP) or a prefix (net.CIDR). */
type NetValue = { readonly ip: netip.Addr } | { readonly cidr: netip.Prefix };

/** parseIPAddr: the address, or Kubernetes' error text. */
function parseIPAddr(raw: string): netip.Addr | string {
  const addr = netip.parseAddr(raw);
  if (typeof addr === 'string') return `IP Address ${goQuote(raw)} parse error during conversion from string: ${addr}`;
  if (addr.zone !== '') return `IP address ${goQuote(raw)} with zone value is not allowed`;
  if (netip.is4In6(addr)) return `IPv4-mapped IPv6 address ${goQuote(raw)} is not allowed`;
  return addr;
}

/** parseCIDR, as stringToCIDR reports it (its prefix written twice, as Kubernetes writes it). */
function parseCIDR(raw: string): netip.Prefix | string {
  const prefix = netip.parsePrefix(raw);
  const wrapped = 'network address parse error during conversion from string: ';
  if (typeof prefix === 'string') return `${wrapped}${wrapped}${prefix}`;
  if (netip.is4In6(prefix.addr)) return `${wrapped}IPv4-mapped IPv6 address ${goQuote(raw)} is not allowed`;
  return prefix;
}

function text(value: unknown): string {
  if (typeof value !== 'string') leaveToServer('an ip or cidr function on another kind of value');
  return value;
}

function ipOf(value: unknown): netip.Addr {
  if (typeof value !== 'object' || value === null || !('ip' in value)) leaveToServer('an IP function on another kind of value');
  return (value as { ip: netip.Addr }).ip;
}

function cidrOf(value: unknown): netip.Prefix {
  if (typeof value !== 'object' || value === null || !('cidr' in value)) leaveToServer('a CIDR function on another kind of value');
  return (value as { cidr: netip.Prefix }).cidr;
}

function toIP(value: unknown): NetValue {
  const addr = parseIPAddr(text(value));
  if (typeof addr === 'string') throw celGoError(addr);
  return { ip: addr };
}

function toCIDR(value: unknown): NetValue {
  const prefix = parseCIDR(text(value));
  if (typeof prefix === 'string') throw celGoError(prefix);
  return { cidr: prefix };
}

/** containsIP(string): an address that does not parse makes cidrContainsIP's type check fail: "no such overload". */
function containsIP(cidr: unknown, other: unknown): boolean {
  const prefix = cidrOf(cidr);
  if (typeof other === 'string') {
    const addr = parseIPAddr(other);
    if (typeof addr === 'string') throw celGoError('no such overload');
    return netip.prefixContains(prefix, addr);
  }
  return netip.prefixContains(prefix, ipOf(other));
}

/** containsCIDR(string): the parse error itself (MaybeNoSuchOverloadErr passes an error through). */
function containsCIDR(cidr: unknown, other: unknown): boolean {
  const prefix = cidrOf(cidr);
  const contained = typeof other === 'string' ? cidrOf(toCIDR(other)) : cidrOf(other);
  return netip.prefixOverlaps(prefix, contained) && prefix.length <= contained.length;
}

const classOf = (test: (a: netip.Addr) => boolean) => (value: unknown): boolean => test(ipOf(value));

export const FUNCTIONS: RuntimeFunctions = {
  'ip': toIP,
  'isIP': (value: unknown) => typeof parseIPAddr(text(value)) !== 'string',
  'k8s.IPNamespace.isCanonical': (value: unknown) => {
    const raw = text(value);
    const addr = parseIPAddr(raw);
    if (typeof addr === 'string') throw celGoError(addr);
    return netip.addrString(addr) === raw;
  },
  'net.IP.family': (value: unknown) => (ipOf(value).family === 4 ? 4n : 6n),
  'net.IP.isUnspecified': classOf(netip.isUnspecified),
  'net.IP.isLoopback': classOf(netip.isLoopback),
  'net.IP.isLinkLocalMulticast': classOf(netip.isLinkLocalMulticast),
  'net.IP.isLinkLocalUnicast': classOf(netip.isLinkLocalUnicast),
  'net.IP.isGlobalUnicast': classOf(netip.isGlobalUnicast),
  'net.IP.==': (a: unknown, b: unknown) => netip.addrEqual(ipOf(a), ipOf(b)),
  'cidr': toCIDR,
  'isCIDR': (value: unknown) => typeof parseCIDR(text(value)) !== 'string',
  'net.CIDR.containsIP': containsIP,
  'net.CIDR.containsCIDR': containsCIDR,
  'net.CIDR.ip': (value: unknown): NetValue => ({ ip: cidrOf(value).addr }),
  'net.CIDR.prefixLength': (value: unknown) => BigInt(cidrOf(value).length),
  'net.CIDR.masked': (value: unknown): NetValue => ({ cidr: netip.prefixMasked(cidrOf(value)) }),
  'net.CIDR.==': (a: unknown, b: unknown) => netip.prefixEqual(cidrOf(a), cidrOf(b)),
  // string(net.IP) and string(net.CIDR).
  'string': (value: unknown) => ((typeof value === 'object' && value !== null && 'ip' in value) ? netip.addrString(ipOf(value)) : netip.prefixString(cidrOf(value))),
};
