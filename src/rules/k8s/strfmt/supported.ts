/**
 * Which formats the API server keeps in the schema it validates custom
 * resources with, and which it calls unrecognized: apiextensions-apiserver
 * pkg/apiserver/validation/formats.go (v0.36.3, Kubernetes 1.36),
 * StripUnsupportedFormatsPostProcessorForVersion and GetUnrecognizedFormats
 * at the compatibility version 1.36, which knows the formats of 1.0 and
 * those 1.34 added (k8s-short-name, k8s-long-name).
 *
 * A CRD's defaults are not checked through this list: ValidateDefaults
 * validates with every format strfmt.Default knows (registry.ts).
 */
import { normalizeFormatName } from './registry';
import { isObject, own } from '../../../model/manifest';
import { field, item } from '../../engine/paths';
import { ONE_SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from '../decoded-schema';
import { keyPath } from '../values';

/** supportedVersionedFormats at 1.36 (datetime written date-time, as schemas usually spell it). */
export const RECOGNIZED_STRING_FORMATS: readonly string[] = [
  'bsonobjectid', 'uri', 'email', 'hostname', 'ipv4', 'ipv6', 'cidr', 'mac', 'uuid', 'uuid3', 'uuid4', 'uuid5',
  'isbn', 'isbn10', 'isbn13', 'creditcard', 'ssn', 'hexcolor', 'rgbcolor', 'byte', 'password', 'date', 'duration',
  'date-time', 'k8s-short-name', 'k8s-long-name',
];

/** The same, with go-openapi's name normalization. */
const SUPPORTED_STRING_FORMATS: ReadonlySet<string> = new Set(RECOGNIZED_STRING_FORMATS.map(normalizeFormatName));

/**
 * Whether the server recognizes `format` on a node of type `type` (a type
 * that is not one string counts as none): a string format it supports on a
 * string or untyped node, int32/int64 on an integer, float/double on a
 * number, nothing on any other type.
 */
export function isRecognizedFormat(type: unknown, format: string): boolean {
  switch (typeof type === 'string' ? type : '') {
    case '':
    case 'string':
      return SUPPORTED_STRING_FORMATS.has(normalizeFormatName(format));
    case 'integer':
      return format === 'int32' || format === 'int64';
    case 'number':
      return format === 'float' || format === 'double';
    default:
      return false;
  }
}

/** The format the custom-resource validator keeps for a node (StripUnsupportedFormatsPostProcessorForVersion), or undefined. */
export function customResourceFormat(type: unknown, format: unknown): string | undefined {
  return typeof format === 'string' && format !== '' && isRecognizedFormat(type, format) ? format : undefined;
}

/** A format the server does not recognize, where a schema declares it. */
export interface UnrecognizedFormat {
  readonly path: string;
  readonly format: string;
  /** The node's type, '' when it has none. */
  readonly type: string;
}

const MAX_DEPTH = 100;

/**
 * Every format of `schema` (found at `path`) the server does not recognize, as the CRD strategy's
 * WarningsOnCreate finds them (getUnrecognizedFormatsInSchema: validation.SchemaHas's walk, and
 * GetUnrecognizedFormats on each node with its type): one warning `unrecognized format "<format>"` each.
 */
export function unrecognizedFormats(schema: unknown, path: string): UnrecognizedFormat[] {
  const out: UnrecognizedFormat[] = [];
  collect(schema, path, 0, out);
  return out;
}

function collect(node: unknown, path: string, depth: number, out: UnrecognizedFormat[]): void {
  if (!isObject(node) || Array.isArray(node) || depth > MAX_DEPTH) return;
  const format = own(node, 'format');
  const type = typeof own(node, 'type') === 'string' ? own(node, 'type') as string : '';
  if (typeof format === 'string' && format !== '' && !isRecognizedFormat(type, format)) out.push({ path: field(path, 'format'), format, type });
  const next = (child: unknown, at: string): void => collect(child, at, depth + 1, out);
  for (const key of SCHEMA_LIST_KEYWORDS) {
    const branches = own(node, key);
    if (Array.isArray(branches)) branches.forEach((s, i) => next(s, item(field(path, key), i)));
    else if (key === 'items') next(branches, field(path, key));
  }
  for (const key of ONE_SCHEMA_KEYWORDS) if (key !== 'items') next(own(node, key), field(path, key));
  for (const key of SCHEMA_MAP_KEYWORDS) {
    const map = own(node, key);
    // A dependency that lists property names is no schema: collect skips it.
    if (isObject(map) && !Array.isArray(map)) for (const name of Object.keys(map)) next(own(map, name), keyPath(field(path, key), name));
  }
}
