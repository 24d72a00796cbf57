/**
 * The ip and cidr libraries at run time (src/rules/k8s/cel/runtime/net.ts
 * and go-netip.ts), with the cases of TestIP and TestCIDR (k8s.io/apiserver
 * pkg/cel/library/ip_test.go and cidr_test.go) and netip's parsing and
 * formatting; the test code is our own.
 */
import { expectError, expectHolds, failure, Schema } from './evaluate';

const schema: Schema = { type: 'string' };
const holds = (expr: string, value = 'x'): void => expectHolds(schema, value, expr);

describe('ip', () => {
  test.each([
    'string(ip("192.168.0.1")) == "192.168.0.1"',
    'isIP("192.168.0.1")',
    '!isIP("192.168.0.1.0")',
    'ip.isCanonical("127.0.0.1")',
    'ip("192.168.0.1").family() == 4',
    'ip("0.0.0.0").isUnspecified()',
    '!ip("127.0.0.1").isUnspecified()',
    'ip("127.0.0.1").isLoopback()',
    '!ip("1.2.3.4").isLoopback()',
    'ip("224.0.0.1").isLinkLocalMulticast()',
    '!ip("224.0.1.1").isLinkLocalMulticast()',
    'ip("169.254.169.254").isLinkLocalUnicast()',
    '!ip("192.168.0.1").isLinkLocalUnicast()',
    'ip("192.168.0.1").isGlobalUnicast()',
    '!ip("255.255.255.255").isGlobalUnicast()',
    'string(ip("2001:db8::68")) == "2001:db8::68"',
    'isIP("2001:db8::68")',
    '!isIP("2001:db8:::68")',
    'ip.isCanonical("2001:db8::68")',
    '!ip.isCanonical("2001:DB8::68")',
    'ip("2001:db8::68").family() == 6',
    'ip("::").isUnspecified()',
    '!ip("::1").isUnspecified()',
    'ip("::1").isLoopback()',
    '!ip("2001:db8::abcd").isLoopback()',
    'ip("ff02::1").isLinkLocalMulticast()',
    '!ip("fd00::1").isLinkLocalMulticast()',
    'ip("fe80::1").isLinkLocalUnicast()',
    '!ip("fd80::1").isLinkLocalUnicast()',
    'ip("2001:db8::abcd").isGlobalUnicast()',
    '!ip("ff00::1").isGlobalUnicast()',
    // netip's canonical form (RFC 5952): the longest run of zeros, the first of equal runs, never one field.
    'string(ip("2001:0db8:0000:0000:0001:0000:0000:0001")) == "2001:db8::1:0:0:1"',
    'string(ip("2001:db8:0:1:1:1:1:1")) == "2001:db8:0:1:1:1:1:1"',
    'string(ip("::1.2.3.4")) == "::102:304"',
    'ip("1.2.3.4") == ip("1.2.3.4") && ip("::1") != ip("::2")',
    // Leading zeros, zones and IPv4-mapped addresses are refused.
    '!isIP("01.2.3.4") && !isIP("fe80::1%eth0") && !isIP("::ffff:1.2.3.4") && !isIP("1.2.3") && !isIP("")',
    'isIP(self)',
  ])('%s', expr => holds(expr, '10.0.0.1'));

  test.each([
    ['ip("192.168.0.1.0") == ip("1.1.1.1")', 'IP Address "192.168.0.1.0" parse error during conversion from string: ParseAddr("192.168.0.1.0"): IPv4 address too long'],
    ['ip.isCanonical("127.0.0.1.0")', 'IP Address "127.0.0.1.0" parse error during conversion from string: ParseAddr("127.0.0.1.0"): IPv4 address too long'],
    ['ip("2001:db8:::68").family() == 6',
      'IP Address "2001:db8:::68" parse error during conversion from string: ParseAddr("2001:db8:::68"): each colon-separated field must have at least one digit (at ":68")'],
    ['ip("fe80::1%eth0").family() == 6', 'IP address "fe80::1%eth0" with zone value is not allowed'],
    ['ip("::ffff:1.2.3.4").family() == 6', 'IPv4-mapped IPv6 address "::ffff:1.2.3.4" is not allowed'],
  ])('%s is an evaluation error', (expr, error) => {
    expectError(schema, 'x', expr, error);
  });
});

describe('cidr', () => {
  test.each([
    'cidr("192.168.0.0/24").containsIP(ip("192.168.0.1"))',
    '!cidr("192.168.0.0/24").containsIP(ip("192.168.1.1"))',
    'cidr("192.168.0.0/24").containsIP("192.168.0.1")',
    '!cidr("192.168.0.0/24").containsIP("192.168.1.1")',
    'cidr("192.168.0.0/24").containsCIDR(cidr("192.168.0.0/25"))',
    'cidr("192.168.0.0/24").containsCIDR(cidr("192.168.0.1/32"))',
    '!cidr("192.168.0.0/24").containsCIDR(cidr("192.168.0.0/23"))',
    '!cidr("192.168.0.0/24").containsCIDR(cidr("192.169.0.1/32"))',
    'cidr("192.168.0.0/24").containsCIDR("192.168.0.0/25")',
    '!cidr("192.168.0.0/24").containsCIDR("192.168.0.0/23")',
    'cidr("192.168.0.0/24").ip() == ip("192.168.0.0")',
    'cidr("192.168.0.0/24").masked() == cidr("192.168.0.0/24")',
    'cidr("192.168.0.1/24").masked() == cidr("192.168.0.0/24")',
    'cidr("192.168.0.0/24").prefixLength() == 24',
    'cidr("2001:db8::/32").containsIP(ip("2001:db8::1"))',
    '!cidr("2001:db8::/32").containsIP(ip("2001:dc8::1"))',
    'cidr("2001:db8::/32").containsIP("2001:db8::1")',
    '!cidr("2001:db8::/32").containsIP("2001:dc8::1")',
    'cidr("2001:db8::/32").containsCIDR(cidr("2001:db8::/33"))',
    '!cidr("2001:db8::/32").containsCIDR(cidr("2001:db8::/31"))',
    'cidr("2001:db8::/32").containsCIDR("2001:db8::/33")',
    '!cidr("2001:db8::/32").containsCIDR("2001:db8::/31")',
    'cidr("2001:db8::/32").ip() == ip("2001:db8::")',
    'cidr("2001:db8::/32").masked() == cidr("2001:db8::/32")',
    'cidr("2001:db8:1::/32").masked() == cidr("2001:db8::/32")',
    'cidr("2001:db8::/32").prefixLength() == 32',
    'string(cidr("192.168.0.0/24")) == "192.168.0.0/24"',
    // An address of the other family is never contained; /0 contains every address of its family.
    '!cidr("0.0.0.0/0").containsIP("::1") && cidr("0.0.0.0/0").containsIP("8.8.8.8") && cidr("::/0").containsCIDR("2001:db8::/32")',
    'cidr("192.168.0.1/24") != cidr("192.168.0.0/24")',
    '!isCIDR("192.168.0.0") && !isCIDR("192.168.0.0/33") && !isCIDR("::ffff:1.2.3.4/120") && isCIDR(self)',
  ])('%s', expr => holds(expr, '10.0.0.0/8'));

  test.each([
    ['cidr("192.168.0.0/").prefixLength() == 1',
      'network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix("192.168.0.0/"): bad bits after slash: ""'],
    ['cidr("2001:db8::/").prefixLength() == 1',
      'network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix("2001:db8::/"): bad bits after slash: ""'],
    ['cidr("10.0.0.0/33").prefixLength() == 1',
      'network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix("10.0.0.0/33"): prefix length out of range'],
  ])('%s is an evaluation error', (expr, error) => {
    expectError(schema, 'x', expr, error);
  });

  test('containsIP of a string that is no address fails its type check: cel-go\'s "no such overload"', () => {
    const expr = 'cidr("10.0.0.0/8").containsIP("10.0.0")';
    expect(failure(schema, 'x', expr)?.message).toBe(`'no such overload': call arguments did not match a supported operator, function or macro signature for rule: ${expr}`);
  });

  test('a prefix length with a sign or a leading zero is refused (netip.ParsePrefix since Go 1.22)', () => {
    holds('!isCIDR("10.0.0.0/08") && !isCIDR("10.0.0.0/+8") && !isCIDR("10.0.0.0/-0") && !isCIDR("10.0.0.0/+") && isCIDR("10.0.0.0/0")', 'x');
    expectError(schema, 'x', 'cidr("10.0.0.0/08").prefixLength() == 8', 'network address parse error during conversion from string: '
      + 'network address parse error during conversion from string: netip.ParsePrefix("10.0.0.0/08"): bad bits after slash: "08"');
  });

  test('an IPv6 group of five hex digits is refused (netip.ParseAddr: each group must have 4 or less digits)', () => {
    holds('!isIP("00001::") && !isCIDR("00001::/64") && isIP("0001::") && isCIDR("0001::/64")', 'x');
    expectError(schema, 'x', 'ip("12345::").family() == 6',
      'IP Address "12345::" parse error during conversion from string: ParseAddr("12345::"): each group must have 4 or less digits (at "12345::")');
  });
});
