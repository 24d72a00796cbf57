/**
 * kube-openapi's strfmt.Default, the format registry every schema validator
 * of the API server uses (defaults of a CRD in ValidateDefaults, custom
 * resources through NewSchemaValidator, CEL's format library): every format
 * it registers, with the acceptance of its Go validator, at the commit
 * Kubernetes 1.36 pins (k8s.io/kube-openapi 43fb72c5454a,
 * pkg/validation/strfmt: default.go, date.go, time.go, duration.go,
 * kubernetes-extensions.go, bson.go).
 *
 * A name is looked up as DefaultNameNormalizer does, with every "-"
 * removed: "date-time" is "datetime", "k8sshortname" is "k8s-short-name".
 * A name the registry does not know is not checked at all (FormatOf's
 * validator does not apply).
 *
 * Every value is decided: the Go parsers the validators call are ported
 * whole, as the Go release ../go-release.ts names has them (its Unicode
 * tables too, go-unicode.ts).
 */
import { isStrfmtDuration } from './duration';
import { isEmailAddress } from './go-mail';
import { parsesAsCIDRSloppy, parsesAsIP, parsesAsIPSloppy, parsesAsMAC } from './go-net';
import { goCategories, wellFormed } from './go-unicode';
import {
  isBase64Text, isCreditCard, isHexColor, isIsbn10, isIsbn13, isRequestUri, isRgbColor, isSsn,
} from './govalidator';
import { isDate, isDateTime } from './time';

let hostnamePattern: RegExp | undefined;

/**
 * HostnamePattern: one label of up to 64 characters with at most one '-'
 * after its first, or dotted labels ending in a top-level domain of 2-63
 * letters; a label's characters are ASCII letters and digits, \p{S} and
 * \p{L} as Go 1.26 reads them (go-unicode.ts). Made on first use.
 */
function hostname(): RegExp {
  if (hostnamePattern === undefined) {
    const { letter, symbol } = goCategories();
    const char = `[a-zA-Z0-9${symbol}${letter}]`;
    const charOrDash = `[a-zA-Z0-9\\-${symbol}${letter}]`;
    hostnamePattern = new RegExp(`^(${char}((-?${char}{0,62})?)|(${char}((${charOrDash}{0,61}${char})?)(\\.)){1,}([a-zA-Z${letter}]){2,63})$`, 'u');
  }
  return hostnamePattern;
}

/** IsHostname: the pattern, at most 255 bytes, no dot-separated part over 63 bytes. */
function isHostname(value: string): boolean {
  const s = wellFormed(value);
  return hostname().test(s) && Buffer.byteLength(s, 'utf8') <= 255 && s.split('.').every(p => Buffer.byteLength(p, 'utf8') <= 63);
}

/** UUIDPattern and its versions: 8-4-4-4-12 hex digits, any case, each '-' optional on its own. */
function uuidPattern(version: string, variant: string): RegExp {
  return new RegExp(`^[0-9a-f]{8}-?[0-9a-f]{4}-?${version}[0-9a-f]{3}-?${variant}[0-9a-f]{3}-?[0-9a-f]{12}$`, 'i');
}
const UUID = uuidPattern('[0-9a-f]', '[0-9a-f]');
const UUID3 = uuidPattern('3', '[0-9a-f]');
const UUID4 = uuidPattern('4', '[89ab]');
const UUID5 = uuidPattern('5', '[89ab]');

/** kubernetes-extensions.go: a DNS label in lowercase, and dot-separated ones. */
const SHORT_NAME = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const isShortName = (s: string): boolean => s.length <= 63 && new RegExp(`^${SHORT_NAME}$`).test(s);
const isLongName = (s: string): boolean => s.length <= 253 && new RegExp(`^${SHORT_NAME}(\\.${SHORT_NAME})*$`).test(s);

/** A validator: whether Go accepts the value. */
type Validator = (value: string) => boolean;

/** The validators of strfmt.Default, by the name each was registered with. */
const VALIDATORS: { readonly [name: string]: Validator } = {
  'uri': isRequestUri,
  'email': isEmailAddress,
  'hostname': isHostname,
  // isIPv4: ParseIPSloppy, and a '.' somewhere ("::ffff:1.2.3.4" passes).
  'ipv4': s => parsesAsIPSloppy(s) && s.includes('.'),
  // govalidator.IsIPv6: net.ParseIP, and a ':' somewhere.
  'ipv6': s => parsesAsIP(s) && s.includes(':'),
  'cidr': parsesAsCIDRSloppy,
  'mac': parsesAsMAC,
  'uuid': s => UUID.test(s),
  'uuid3': s => UUID3.test(s),
  'uuid4': s => UUID4.test(s),
  'uuid5': s => UUID5.test(s),
  'isbn': s => isIsbn10(s) || isIsbn13(s),
  'isbn10': isIsbn10,
  'isbn13': isIsbn13,
  'creditcard': isCreditCard,
  'ssn': isSsn,
  'hexcolor': isHexColor,
  'rgbcolor': isRgbColor,
  'byte': isBase64Text,
  'password': () => true,
  'date': isDate,
  'datetime': isDateTime,
  'duration': isStrfmtDuration,
  // IsBSONObjectID: hex.DecodeString gives twelve bytes.
  'bsonobjectid': s => /^[0-9a-fA-F]{24}$/.test(s),
  'k8s-short-name': isShortName,
  'k8s-long-name': isLongName,
};

/** DefaultNameNormalizer: every '-' removed. */
export const normalizeFormatName = (name: string): string => name.replace(/-/g, '');

const BY_NORMALIZED: ReadonlyMap<string, Validator> = new Map(
  Object.keys(VALIDATORS).map(name => [normalizeFormatName(name), VALIDATORS[name]]));

/** The names strfmt.Default registers, as registered. */
export const REGISTERED_FORMATS: readonly string[] = Object.keys(VALIDATORS);

/** strfmt.Default.ContainsName(name). */
export function isKnownFormat(name: string): boolean {
  return BY_NORMALIZED.has(normalizeFormatName(name));
}

/** strfmt.Default.Validates(name, value): false for a name it does not know. */
export function formatValidates(name: string, value: string): boolean {
  const validator = BY_NORMALIZED.get(normalizeFormatName(name));
  return validator !== undefined && validator(value);
}

/** Whether `value` passes the OpenAPI `format: byte` check (govalidator's IsBase64): the empty string and line breaks fail. */
export const isOpenApiByte = (value: string): boolean => formatValidates('byte', value);
