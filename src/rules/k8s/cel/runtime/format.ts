/**
 * Kubernetes' format library (k8s.io/apiserver pkg/cel/library/format.go,
 * Kubernetes 1.36): `format.<name>()`, `format.named(name)` and
 * `<format>.validate(value)`, optional.none() for a valid value, else the
 * validation messages. The name formats mirror k8s.io/apimachinery
 * (pkg/api/validation NameIsDNSLabel and friends, with maskTrailingDash for
 * the prefixes; pkg/util/validation IsDNS1123Label, IsDNS1123Subdomain,
 * IsDNS1035Label; pkg/api/validate/content IsLabelKey for qualifiedName and
 * IsLabelValue), `uri` Go's url.ParseRequestURI (go-net-url.ts); `byte`,
 * `uuid`, `date` and `datetime` kube-openapi's strfmt.Default.Validates, as
 * format.go calls it (../../strfmt/registry.ts, the one port of it).
 */
import { leaveToServer, RuntimeFunctions } from './outcome';
import { celList } from './realm';
import * as goUrl from '../../go-net-url';
import { formatValidates } from '../../strfmt/registry';
import { CONSTANT_FORMATS, ConstantFormat } from '../library';

interface NamedFormat {
  /** ConstantFormats' key. */
  readonly key: string;
}

/** Go's len(): bytes of UTF-8. */
const byteLength = (s: string): number => Buffer.byteLength(s, 'utf8');

/** RegexError (pkg/util/validation and pkg/api/validate/content alike). */
function regexError(msg: string, re: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${re}')`;
  return `${msg} (e.g. ${examples.map(e => `'${e}', `).join(' or ')}regex used for validation is '${re}')`;
}

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1035_LABEL_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const LABEL_KEY_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_VALUE_FMT = `(${LABEL_KEY_FMT})?`;
const whole = (fmt: string): RegExp => new RegExp(`^${fmt}$`);

/** pkg/util/validation's MaxLenError; pkg/api/validate/content says bytes. */
const maxLenCharacters = (n: number): string => `must be no more than ${n} characters`;
const maxLenBytes = (n: number): string => `must be no more than ${n} bytes`;

function dns1123Label(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 63) errs.push(maxLenCharacters(63));
  if (!whole(DNS1123_LABEL_FMT).test(value)) {
    errs.push(whole(DNS1123_SUBDOMAIN_FMT).test(value) ? 'must not contain dots'
      : regexError('a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character',
        DNS1123_LABEL_FMT, 'my-name', '123-abc'));
  }
  return errs;
}

function dns1123Subdomain(value: string, maxLen: (n: number) => string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 253) errs.push(maxLen(253));
  if (!whole(DNS1123_SUBDOMAIN_FMT).test(value)) {
    errs.push(regexError('a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character',
      DNS1123_SUBDOMAIN_FMT, 'example.com'));
  }
  return errs;
}

function dns1035Label(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 63) errs.push(maxLenCharacters(63));
  if (!whole(DNS1035_LABEL_FMT).test(value)) {
    errs.push(regexError('a DNS-1035 label must consist of lower case alphanumeric characters or \'-\', start with an alphabetic character, and end with an alphanumeric character',
      DNS1035_LABEL_FMT, 'my-name', 'abc-123'));
  }
  return errs;
}

const LABEL_KEY_ERR = 'must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character';

/** content.IsLabelKey (IsQualifiedName). */
function labelKey(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  if (parts.length > 2) {
    return [`a valid label key ${regexError(LABEL_KEY_ERR, LABEL_KEY_FMT, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`];
  }
  const name = parts[parts.length - 1];
  if (parts.length === 2) {
    if (parts[0].length === 0) errs.push('prefix part must be non-empty');
    else errs.push(...dns1123Subdomain(parts[0], maxLenBytes).map(m => `prefix part ${m}`));
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (byteLength(name) > 63) errs.push(`name part ${maxLenBytes(63)}`);
  if (!whole(LABEL_KEY_FMT).test(name)) errs.push(`name part ${regexError(LABEL_KEY_ERR, LABEL_KEY_FMT, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

/** content.IsLabelValue. */
function labelValue(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 63) errs.push(maxLenBytes(63));
  if (!whole(LABEL_VALUE_FMT).test(value)) {
    errs.push(regexError('a valid label must be an empty string or consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character',
      LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
  }
  return errs;
}

/** maskTrailingDash: a final '-' (of a name longer than one byte) drops the last two bytes for an "a". */
function maskTrailingDash(name: string): string {
  return byteLength(name) > 1 && name.endsWith('-') ? `${name.slice(0, -2)}a` : name;
}

/** uri: url.ParseRequestURI's error, if any (go-net-url.ts, as strfmt's uri format reads it). */
function uri(value: string): string[] {
  const parsed = goUrl.parseRequestURI(goUrl.bytesOf(value));
  return typeof parsed === 'string' ? [parsed] : [];
}

/** A format of kube-openapi's strfmt.Default, as format.go's validate() calls `strfmt.Default.Validates`. */
function strfmtFormat(name: string, message: string): (value: string) => string[] {
  return value => (formatValidates(name, value) ? [] : [message]);
}

/** ConstantFormats' validators, one for each name library.ts declares (CONSTANT_FORMATS). */
const VALIDATORS: { readonly [key in ConstantFormat]: (value: string) => string[] } = {
  dns1123Label,
  dns1123Subdomain: v => dns1123Subdomain(v, maxLenCharacters),
  dns1035Label,
  qualifiedName: labelKey,
  dns1123LabelPrefix: v => dns1123Label(maskTrailingDash(v)),
  dns1123SubdomainPrefix: v => dns1123Subdomain(maskTrailingDash(v), maxLenCharacters),
  dns1035LabelPrefix: v => dns1035Label(maskTrailingDash(v)),
  labelValue,
  uri,
  uuid: strfmtFormat('uuid', 'does not match the UUID format'),
  byte: strfmtFormat('byte', 'invalid base64'),
  date: strfmtFormat('date', 'invalid date'),
  datetime: strfmtFormat('datetime', 'invalid datetime'),
};

const isKnown = (key: string): key is ConstantFormat => (CONSTANT_FORMATS as readonly string[]).includes(key);

function formatOf(value: unknown): NamedFormat {
  if (typeof value !== 'object' || value === null || !('key' in value)) leaveToServer('a format function on another kind of value');
  return value as NamedFormat;
}

const functions: { [name: string]: (...args: any[]) => unknown } = {
  // format.named(name): optional.none() for a name that is not a ConstantFormats key (undefined here).
  'k8s.FormatNamespace.named': (name: unknown) => {
    if (typeof name !== 'string') leaveToServer('format.named() of another kind of value');
    return isKnown(name) ? { key: name } : undefined;
  },
  // validate: optional.none() (undefined here) for a valid value, else the messages.
  'kubernetes.NamedFormat.validate': (format: unknown, value: unknown) => {
    const key = formatOf(format).key;
    const validator = isKnown(key) ? VALIDATORS[key] : undefined;
    if (validator === undefined || typeof value !== 'string') return leaveToServer(`format.${formatOf(format).key}().validate() is not mirrored here`);
    const errors = validator(value);
    return errors.length === 0 ? undefined : celList(errors);
  },
  'kubernetes.NamedFormat.==': (a: unknown, b: unknown) => formatOf(a).key === formatOf(b).key,
};
for (const key of CONSTANT_FORMATS) functions[`k8s.FormatNamespace.${key}`] = (): NamedFormat => ({ key });

export const FUNCTIONS: RuntimeFunctions = functions;
