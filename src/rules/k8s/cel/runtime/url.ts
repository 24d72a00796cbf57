/**
 * Kubernetes' url library (k8s.io/apiserver pkg/cel/library/urls.go,
 * Kubernetes 1.36) on go-net-url.ts' mirror of Go's net/url: url() (checked
 * with ParseRequestURI, then read with Parse), isURL(), getScheme(),
 * getHost(), getHostname(), getPort(), getEscapedPath(), getQuery(), and
 * `==` (the two URLs' String()).
 */
import { celGoError, leaveToServer, RuntimeFunctions } from './outcome';
import { celList, celRealm } from './realm';
import * as goUrl from '../../go-net-url';

function bytesOf(value: unknown): string {
  if (typeof value !== 'string') leaveToServer('url() of another kind of value');
  return goUrl.bytesOf(value);
}

/** The text of bytes Go returns; a string that is not UTF-8 is left to the server. */
function text(bytes: string): string {
  const found = goUrl.textOf(bytes);
  if (found === undefined) leaveToServer('a URL part that is not UTF-8');
  return found;
}

function urlOf(value: unknown): goUrl.GoUrl {
  if (typeof value !== 'object' || value === null || !('rawQuery' in value)) leaveToServer('a URL function on another kind of value');
  return value as goUrl.GoUrl;
}

const PARSE_ERROR = 'URL parse error during conversion from string: ';

/** stringToUrl: ParseRequestURI to check the URL, Parse to read it (ParseRequestURI keeps a fragment in the path or the query). */
function toUrl(value: unknown): goUrl.GoUrl {
  const raw = bytesOf(value);
  const checked = goUrl.parseRequestURI(raw);
  if (typeof checked === 'string') throw celGoError(`${PARSE_ERROR}${checked}`);
  const parsed = goUrl.parseUrl(raw);
  if (typeof parsed === 'string') throw celGoError(`${PARSE_ERROR}${parsed}`);
  return parsed;
}

/** getQuery: a map of each key's values. */
function getQuery(value: unknown): unknown {
  const { Struct } = celRealm();
  const out: { [key: string]: unknown } = Struct.create(Struct.prototype);
  for (const [key, values] of goUrl.query(urlOf(value))) {
    Object.defineProperty(out, text(key), { value: celList(values.map(text)), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

export const FUNCTIONS: RuntimeFunctions = {
  'url': toUrl,
  'isURL': (value: unknown) => typeof goUrl.parseRequestURI(bytesOf(value)) !== 'string',
  'kubernetes.URL.getScheme': (u: unknown) => text(urlOf(u).scheme),
  'kubernetes.URL.getHost': (u: unknown) => text(urlOf(u).host),
  'kubernetes.URL.getHostname': (u: unknown) => text(goUrl.hostname(urlOf(u))),
  'kubernetes.URL.getPort': (u: unknown) => text(goUrl.port(urlOf(u))),
  'kubernetes.URL.getEscapedPath': (u: unknown) => text(goUrl.escapedPath(urlOf(u))),
  'kubernetes.URL.getQuery': getQuery,
  'kubernetes.URL.==': (a: unknown, b: unknown) => goUrl.urlString(urlOf(a)) === goUrl.urlString(urlOf(b)),
};
