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

/** supportedVersionedFormats at 1.36, with go-openapi's name normalization. */
const SUPPORTED_STRING_FORMATS: ReadonlySet<string> = new Set([
  'bsonobjectid', 'uri', 'email', 'hostname', 'ipv4', 'ipv6', 'cidr', 'mac', 'uuid', 'uuid3', 'uuid4', 'uuid5',
  'isbn', 'isbn10', 'isbn13', 'creditcard', 'ssn', 'hexcolor', 'rgbcolor', 'byte', 'password', 'date', 'duration',
  'datetime', 'k8s-short-name', 'k8s-long-name',
].map(normalizeFormatName));

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
