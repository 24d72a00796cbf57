/**
 * The url library at run time (src/rules/k8s/cel/runtime/url.ts and
 * go-net-url.ts), with the cases of "URL parsing" in TestValidationExpressions
 * (apiextensions-apiserver pkg/apiserver/schema/cel/validation_test.go) and
 * net/url's parsing, escaping and errors; the test code is our own.
 */
import { expectError, expectHolds, object } from './evaluate';

const schema = object({ url: { type: 'string' } });
const value = { url: 'https://user:pass@kubernetes.io:80/docs/home?k1=a&k2=b&k2=c#anchor' };

test.each([
  "url('/path').getScheme() == ''",
  "url('https://example.com/').getScheme() == 'https'",
  "url('https://example.com:80/').getHost() == 'example.com:80'",
  "url('https://example.com/').getHost() == 'example.com'",
  "url('/path').getHost() == ''",
  "url('https://example.com:80/').getHostname() == 'example.com'",
  "url('https://127.0.0.1/').getHostname() == '127.0.0.1'",
  "url('/path').getHostname() == ''",
  "url('https://example.com:80/').getPort() == '80'",
  "url('https://example.com/').getPort() == ''",
  "url('/path').getPort() == ''",
  "url('https://example.com/path').getEscapedPath() == '/path'",
  "url('https://example.com/with space/').getEscapedPath() == '/with%20space/'",
  "url('https://example.com').getEscapedPath() == ''",
  "url('https://example.com/path?k1=a&k2=b&k2=c').getQuery() == { 'k1': ['a'], 'k2': ['b', 'c']}",
  "url('https://example.com/path?key with spaces=value with spaces').getQuery() == { 'key with spaces': ['value with spaces']}",
  "url('https://example.com/path?').getQuery() == {}",
  "url('https://example.com/path').getQuery() == {}",
  "url(self.url).getScheme() == 'https'",
  "url(self.url).getHost() == 'kubernetes.io:80'",
  "url(self.url).getHostname() == 'kubernetes.io'",
  "url(self.url).getPort() == '80'",
  "url(self.url).getEscapedPath() == '/docs/home'",
  "url(self.url).getQuery() == {'k1': ['a'], 'k2': ['b', 'c']}",
  "isURL('https://user:pass@example.com:80/path?query=val#fragment')",
  "isURL('/path') == true",
  "isURL('../relative-path') == false",
  // net/url: the scheme lowercased, a raw path kept when it is a valid other escaping, '+' and %XX in the query, ';' pairs dropped.
  "url('HTTPS://example.com/').getScheme() == 'https'",
  "url('https://example.com/a%2Fb').getEscapedPath() == '/a%2Fb'",
  "url('https://example.com/%7e').getEscapedPath() == '/%7e'",
  "url('https://example.com/?a=1+2&b=%41&c;d=1&e').getQuery() == {'a': ['1 2'], 'b': ['A'], 'e': ['']}",
  "url('https://example.com/p#frag') == url('https://example.com/p#frag') && url('https://example.com/a') != url('https://example.com/b')",
  // URL.String: a scheme and a path without an authority keep no "//" (OmitHost), so these two differ.
  "url('https:/a') != url('https:///a') && url('https:/a') == url('https:/a') && url('https:///a').getHost() == ''",
  "url('mailto:someone@example.com').getHost() == '' && url('mailto:someone@example.com').getEscapedPath() == ''",
  "!isURL('') && !isURL('example.com') && !isURL('https://exa mple.com/') && !isURL('https://example.com:8a/') && !isURL('https://%41/')",
])('%s', expr => {
  expectHolds(schema, value, expr);
});

test.each([
  ["url('example.com').getHost() == ''", 'URL parse error during conversion from string: parse "example.com": invalid URI for request'],
  ["url('https://example.com:http/').getHost() == ''", 'URL parse error during conversion from string: parse "https://example.com:http/": invalid port ":http" after host'],
  ["url('https://example.com/%zz').getHost() == ''", 'URL parse error during conversion from string: parse "https://example.com/%zz": invalid URL escape "%zz"'],
  ["url(':foo').getHost() == ''", 'URL parse error during conversion from string: parse ":foo": missing protocol scheme'],
])('%s is an evaluation error', (expr, error) => {
  expectError(schema, value, expr, error);
});

test.each([
  // Go 1.26 (go-release.ts): a bracketed host is an IPv6 address (since Go 1.25.2 and 1.24.8); any other host's first colon starts its port.
  "url('https://[::1]:80/').getHost() == '[::1]:80'",
  "url('https://[::1]/').getHostname() == '::1' && url('https://[fe80::1%25en0]/').getHostname() == 'fe80::1%en0'",
  "url('https://[::ffff:1.2.3.4]/').getHostname() == '::ffff:1.2.3.4'",
  "!isURL('https://[1.2.3.4]/') && !isURL('https://[example.com]/') && !isURL('https://[12345::]/') && !isURL('https://x[::1]/')",
  "!isURL('https://[::1/') && !isURL('https://[::1]x/')",
  "isURL('https://a:80/') && !isURL('https://a:b:c/') && !isURL('https://a:1:2/') && !isURL('https://::1/') && !isURL('ftp://h:1,h2:2/')",
])('%s', expr => {
  expectHolds(schema, value, expr);
});

test.each([
  ["url('https://[1.2.3.4]/').getHost() == ''", 'URL parse error during conversion from string: parse "https://[1.2.3.4]/": invalid IP-literal'],
  ["url('https://[12345::]/').getHost() == ''",
    'URL parse error during conversion from string: parse "https://[12345::]/": invalid host: ParseAddr("12345::"): each group must have 4 or less digits (at "12345::")'],
  ["url('https://a:1:2/').getHost() == ''", 'URL parse error during conversion from string: parse "https://a:1:2/": invalid port ":1:2" after host'],
  ["url('https://x[::1]/').getHost() == ''", 'URL parse error during conversion from string: parse "https://x[::1]/": invalid IP-literal'],
])('%s is an evaluation error (Go 1.26)', (expr, error) => {
  expectError(schema, value, expr, error);
});

test('a query of more than 10,000 parameters reads as empty (urlmaxqueryparams), one of 10,000 as it is', () => {
  expectHolds(schema, value, `url('https://example.com/?${'a=1&'.repeat(10000)}b=2').getQuery() == {}`);
  expectHolds(schema, value, `url('https://example.com/?${'a=1&'.repeat(9999)}b=2').getQuery()['b'] == ['2']`);
});
