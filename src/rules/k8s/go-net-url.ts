/**
 * The part of Go's net/url that Kubernetes' url library reads: Parse,
 * ParseRequestURI, Hostname, Port, EscapedPath, Query and String, with
 * their error texts (`parse "foo": invalid URI for request`), as the Go
 * release go-release.ts names reads them, with its GODEBUG defaults: a
 * bracketed host must be an IPv6 address (netip.ParseAddr, go-netip.ts),
 * any other host's first colon starts its port (urlstrictcolons=1), and a
 * query of more than 10,000 parameters is read as empty
 * (urlmaxqueryparams).
 *
 * Go reads a URL as bytes: this module works on byte strings (one
 * character per byte, the UTF-8 of the input), and turns what it returns
 * back into text.
 *
 * One port of it, read by the CEL url and format libraries, the strfmt uri
 * format (strfmt/govalidator.ts) and KB185's approval URL (api-approval.ts).
 */
import { parseAddr } from './go-netip';
import { goQuote } from './go-quote';

export interface GoUrl {
  readonly scheme: string;
  readonly opaque: string;
  readonly user?: { readonly username: string; readonly password?: string };
  readonly host: string;
  readonly path: string;
  readonly rawPath: string;
  /** A scheme, then a path with no authority ("https:/a"): String writes no "//". */
  readonly omitHost: boolean;
  readonly forceQuery: boolean;
  readonly rawQuery: string;
  readonly fragment: string;
  readonly rawFragment: string;
}

/** The byte string of a text (its UTF-8, one character per byte). */
export function bytesOf(text: string): string {
  return /^[\x00-\x7f]*$/.test(text) ? text : Buffer.from(text, 'utf8').toString('latin1');
}

/** The text of a byte string; undefined when its bytes are not UTF-8. */
export function textOf(bytes: string): string | undefined {
  if (/^[\x00-\x7f]*$/.test(bytes)) return bytes;
  const buffer = Buffer.from(bytes, 'latin1');
  const text = buffer.toString('utf8');
  return Buffer.from(text, 'utf8').equals(buffer) ? text : undefined;
}

type Encoding = 'path' | 'pathSegment' | 'host' | 'zone' | 'userPassword' | 'queryComponent' | 'fragment';

const isAlnum = (c: string): boolean => /^[A-Za-z0-9]$/.test(c);
const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9A-Fa-f]$/.test(c);

/** shouldEscape. */
function shouldEscape(c: string, mode: Encoding): boolean {
  if (isAlnum(c)) return false;
  if ((mode === 'host' || mode === 'zone') && '!$&\'()*+,;=:[]<>"'.includes(c)) return false;
  if ('-_.~'.includes(c)) return false;
  if ('$&+,/:;=?@'.includes(c)) {
    switch (mode) {
      case 'path': return c === '?';
      case 'pathSegment': return c === '/' || c === ';' || c === ',' || c === '?';
      case 'userPassword': return c === '@' || c === '/' || c === '?' || c === ':';
      case 'queryComponent': return true;
      case 'fragment': return false;
      default: break;
    }
  }
  if (mode === 'fragment' && '!()*'.includes(c)) return false;
  return true;
}

/** EscapeError and InvalidHostError's texts. */
const escapeError = (s: string): string => `invalid URL escape ${goQuote(textOf(s) ?? s)}`;
const invalidHostError = (s: string): string => `invalid character ${goQuote(textOf(s) ?? s)} in host name`;

/** unescape: the bytes, or the error's text. */
function unescape(s: string, mode: Encoding): { value: string } | { error: string } {
  let n = 0;
  let hasPlus = false;
  for (let i = 0; i < s.length;) {
    const c = s[i];
    if (c === '%') {
      n++;
      if (i + 2 >= s.length || !isHex(s[i + 1]) || !isHex(s[i + 2])) return { error: escapeError(s.slice(i, i + 3)) };
      const v = parseInt(s.slice(i + 1, i + 3), 16);
      if (mode === 'host' && v < 0x80 && s.slice(i, i + 3) !== '%25') return { error: escapeError(s.slice(i, i + 3)) };
      if (mode === 'zone' && s.slice(i, i + 3) !== '%25' && v !== 0x20 && shouldEscape(String.fromCharCode(v), 'host')) return { error: escapeError(s.slice(i, i + 3)) };
      i += 3;
    } else if (c === '+') {
      hasPlus = mode === 'queryComponent';
      i++;
    } else {
      if ((mode === 'host' || mode === 'zone') && c.charCodeAt(0) < 0x80 && shouldEscape(c, mode)) return { error: invalidHostError(c) };
      i++;
    }
  }
  if (n === 0 && !hasPlus) return { value: s };
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '%') {
      out += String.fromCharCode(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (s[i] === '+') {
      out += mode === 'queryComponent' ? ' ' : '+';
    } else {
      out += s[i];
    }
  }
  return { value: out };
}

/** escape. */
function escape(s: string, mode: Encoding): string {
  let out = '';
  for (const c of s) {
    if (c === ' ' && mode === 'queryComponent') out += '+';
    else if (shouldEscape(c, mode)) out += `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
    else out += c;
  }
  return out;
}

/** getScheme. */
function getScheme(raw: string): { scheme: string; rest: string } | { error: string } {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (/[A-Za-z]/.test(c)) continue;
    if (/[0-9+\-.]/.test(c)) {
      if (i === 0) return { scheme: '', rest: raw };
      continue;
    }
    if (c === ':') return i === 0 ? { error: 'missing protocol scheme' } : { scheme: raw.slice(0, i), rest: raw.slice(i + 1) };
    return { scheme: '', rest: raw };
  }
  return { scheme: '', rest: raw };
}

function validOptionalPort(port: string): boolean {
  return port === '' || /^:[0-9]*$/.test(port);
}

/**
 * parseHost (Go 1.26): a host in brackets is an IPv6 address (a zone after
 * "%25"), then an optional port; any other host is refused past its first
 * colon unless digits alone follow it (Go 1.27 reads only http and https
 * hosts so strictly).
 */
function parseHost(host: string): { value: string } | { error: string } {
  const open = host.lastIndexOf('[');
  if (open > 0) return { error: 'invalid IP-literal' };
  if (open === 0) {
    const close = host.lastIndexOf(']');
    if (close < 0) return { error: 'missing \']\' in host' };
    const colonPort = host.slice(close + 1);
    if (!validOptionalPort(colonPort)) return { error: `invalid port ${goQuote(textOf(colonPort) ?? colonPort)} after host` };
    const hostname = host.slice(1, close);
    const zone = hostname.indexOf('%25');
    const address = zone < 0 ? unescape(hostname, 'host') : joined(unescape(hostname.slice(0, zone), 'host'), unescape(hostname.slice(zone), 'zone'));
    if ('error' in address) return address;
    const addr = parseAddr(textOf(address.value) ?? address.value);
    if (typeof addr === 'string') return { error: `invalid host: ${addr}` };
    // Not an IPv4 address; an IPv4-mapped IPv6 one is allowed.
    if (addr.family === 4) return { error: 'invalid IP-literal' };
    return { value: `[${address.value}]${colonPort}` };
  }
  const colon = host.indexOf(':');
  if (colon >= 0) {
    const colonPort = host.slice(colon);
    if (!validOptionalPort(colonPort)) return { error: `invalid port ${goQuote(textOf(colonPort) ?? colonPort)} after host` };
  }
  return unescape(host, 'host');
}

/** Two unescaped parts as one, or the first error. */
function joined(a: { value: string } | { error: string }, b: { value: string } | { error: string }): { value: string } | { error: string } {
  if ('error' in a) return a;
  if ('error' in b) return b;
  return { value: a.value + b.value };
}

function validUserinfo(s: string): boolean {
  return /^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(s);
}

type Parsed = { url: GoUrl } | { error: string };

function withPath(url: Omit<GoUrl, 'path' | 'rawPath'>, p: string): Parsed {
  const path = unescape(p, 'path');
  if ('error' in path) return path;
  return { url: { ...url, path: path.value, rawPath: escape(path.value, 'path') === p ? '' : p } };
}

/** parse(rawURL, viaRequest), on bytes. */
function parse(raw: string, viaRequest: boolean): Parsed {
  if (/[\x00-\x1f\x7f]/.test(raw)) return { error: 'net/url: invalid control character in URL' };
  if (raw === '' && viaRequest) return { error: 'empty url' };
  const empty: GoUrl = { scheme: '', opaque: '', host: '', path: '', rawPath: '', omitHost: false, forceQuery: false, rawQuery: '', fragment: '', rawFragment: '' };
  if (raw === '*') return { url: { ...empty, path: '*' } };
  const split = getScheme(raw);
  if ('error' in split) return split;
  const scheme = split.scheme.toLowerCase();
  let rest = split.rest;
  let forceQuery = false;
  let rawQuery = '';
  if (rest.endsWith('?') && rest.split('?').length === 2) {
    forceQuery = true;
    rest = rest.slice(0, -1);
  } else {
    const q = rest.indexOf('?');
    if (q >= 0) {
      rawQuery = rest.slice(q + 1);
      rest = rest.slice(0, q);
    }
  }
  if (!rest.startsWith('/')) {
    if (scheme !== '') return { url: { ...empty, scheme, forceQuery, rawQuery, opaque: rest } };
    if (viaRequest) return { error: 'invalid URI for request' };
    if (rest.split('/')[0].includes(':')) return { error: 'first path segment in URL cannot contain colon' };
  }
  let user: GoUrl['user'];
  let host = '';
  const omitHost = scheme !== '' && rest.startsWith('/') && !rest.startsWith('//');
  if ((scheme !== '' || (!viaRequest && !rest.startsWith('///'))) && rest.startsWith('//')) {
    let authority = rest.slice(2);
    rest = '';
    const slash = authority.indexOf('/');
    if (slash >= 0) {
      rest = authority.slice(slash);
      authority = authority.slice(0, slash);
    }
    const at = authority.lastIndexOf('@');
    const parsedHost = parseHost(at < 0 ? authority : authority.slice(at + 1));
    if ('error' in parsedHost) return parsedHost;
    host = parsedHost.value;
    if (at >= 0) {
      const userinfo = authority.slice(0, at);
      if (!validUserinfo(userinfo)) return { error: 'net/url: invalid userinfo' };
      const colon = userinfo.indexOf(':');
      const username = unescape(colon < 0 ? userinfo : userinfo.slice(0, colon), 'userPassword');
      if ('error' in username) return username;
      if (colon < 0) {
        user = { username: username.value };
      } else {
        const password = unescape(userinfo.slice(colon + 1), 'userPassword');
        if ('error' in password) return password;
        user = { username: username.value, password: password.value };
      }
    }
  }
  return withPath({ ...empty, scheme, omitHost, forceQuery, rawQuery, host, ...(user !== undefined ? { user } : {}) }, rest);
}

const wrapped = (raw: string, error: string): string => `parse ${goQuote(textOf(raw) ?? raw)}: ${error}`;

/** url.ParseRequestURI, on the bytes of `raw`: the URL, or the error's text. */
export function parseRequestURI(raw: string): GoUrl | string {
  const parsed = parse(raw, true);
  return 'error' in parsed ? wrapped(raw, parsed.error) : parsed.url;
}

/** url.Parse, on the bytes of `raw`: the fragment cut off first. */
export function parseUrl(raw: string): GoUrl | string {
  const hash = raw.indexOf('#');
  const u = hash < 0 ? raw : raw.slice(0, hash);
  const parsed = parse(u, false);
  if ('error' in parsed) return wrapped(u, parsed.error);
  if (hash < 0) return parsed.url;
  const f = raw.slice(hash + 1);
  if (f === '') return parsed.url;
  const fragment = unescape(f, 'fragment');
  if ('error' in fragment) return wrapped(raw, fragment.error);
  return { ...parsed.url, fragment: fragment.value, rawFragment: escape(fragment.value, 'fragment') === f ? '' : f };
}

/** validEncoded. */
function validEncoded(s: string, mode: Encoding): boolean {
  for (const c of s) {
    if ('!$&\'()*+,;=:@[]%'.includes(c)) continue;
    if (shouldEscape(c, mode)) return false;
  }
  return true;
}

/** URL.EscapedPath. */
export function escapedPath(u: GoUrl): string {
  if (u.rawPath !== '' && validEncoded(u.rawPath, 'path')) {
    const p = unescape(u.rawPath, 'path');
    if ('value' in p && p.value === u.path) return u.rawPath;
  }
  if (u.path === '*') return '*';
  return escape(u.path, 'path');
}

function escapedFragment(u: GoUrl): string {
  if (u.rawFragment !== '' && validEncoded(u.rawFragment, 'fragment')) {
    const f = unescape(u.rawFragment, 'fragment');
    if ('value' in f && f.value === u.fragment) return u.rawFragment;
  }
  return escape(u.fragment, 'fragment');
}

/** splitHostPort: the host without a valid port (and brackets), and the port. */
function splitHostPort(hostPort: string): { host: string; port: string } {
  let host = hostPort;
  let port = '';
  const colon = host.lastIndexOf(':');
  if (colon >= 0 && validOptionalPort(host.slice(colon))) {
    port = host.slice(colon + 1);
    host = host.slice(0, colon);
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return { host, port };
}

export const hostname = (u: GoUrl): string => splitHostPort(u.host).host;
export const port = (u: GoUrl): string => splitHostPort(u.host).port;

/** urlmaxqueryparams' default: parseQuery refuses a query of more '&'-separated parts, before reading any. */
const MAX_QUERY_PARAMETERS = 10000;

/** URL.Query (ParseQuery, errors dropped): each key's values, in order; none for a query over the limit. */
export function query(u: GoUrl): Map<string, string[]> {
  const m = new Map<string, string[]>();
  const settings = u.rawQuery === '' ? [] : u.rawQuery.split('&');
  if (u.rawQuery.split('&').length > MAX_QUERY_PARAMETERS) return m;
  for (const setting of settings) {
    if (setting.includes(';') || setting === '') continue;
    const eq = setting.indexOf('=');
    const key = unescape(eq < 0 ? setting : setting.slice(0, eq), 'queryComponent');
    const value = unescape(eq < 0 ? '' : setting.slice(eq + 1), 'queryComponent');
    if ('error' in key || 'error' in value) continue;
    m.set(key.value, [...(m.get(key.value) ?? []), value.value]);
  }
  return m;
}

function userString(user: NonNullable<GoUrl['user']>): string {
  return escape(user.username, 'userPassword') + (user.password !== undefined ? `:${escape(user.password, 'userPassword')}` : '');
}

/** URL.String. */
export function urlString(u: GoUrl): string {
  let out = u.scheme === '' ? '' : `${u.scheme}:`;
  if (u.opaque !== '') {
    out += u.opaque;
  } else {
    if ((u.scheme !== '' || u.host !== '' || u.user !== undefined) && !(u.omitHost && u.host === '' && u.user === undefined)) {
      if (u.host !== '' || u.path !== '' || u.user !== undefined) out += '//';
      if (u.user !== undefined) out += `${userString(u.user)}@`;
      if (u.host !== '') out += escape(u.host, 'host');
    }
    const path = escapedPath(u);
    if (path !== '' && path[0] !== '/' && u.host !== '') out += '/';
    if (out === '' && path.split('/')[0].includes(':')) out += './';
    out += path;
  }
  if (u.forceQuery || u.rawQuery !== '') out += `?${u.rawQuery}`;
  if (u.fragment !== '') out += `#${escapedFragment(u)}`;
  return out;
}
