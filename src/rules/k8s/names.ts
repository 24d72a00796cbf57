/**
 * Kubernetes' name syntaxes (k8s.io/apimachinery/pkg/util/validation),
 * written again in TypeScript: DNS-1035 labels, DNS-1123 labels and
 * subdomains, qualified names and label values. Each function returns the
 * reasons a value is invalid, empty when it is valid.
 */

const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const QUALIFIED_NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

export const DNS1035_LABEL_MAX_LENGTH = 63;
export const DNS1123_LABEL_MAX_LENGTH = 63;
export const DNS1123_SUBDOMAIN_MAX_LENGTH = 253;

const ASCII = /^[\x00-\x7f]*$/;

/**
 * Go's `strings.ToLower`, which Kubernetes applies to kinds (mirrors the
 * `strings.ToLower(names.Kind)` of ValidateCustomResourceDefinitionNames in
 * apiextensions-apiserver pkg/apis/apiextensions/validation/validation.go, and
 * of SetDefaults_CustomResourceDefinitionSpec's singular). Go maps each code point
 * with `unicode.ToLower`, Unicode's simple case mapping; JavaScript's
 * `toLowerCase` uses the full mapping, which turns U+0130 (İ) into "i" plus a
 * combining dot and a final Σ into ς. Every Kubernetes comparison of a
 * lowercased kind or name goes through here.
 */
export function goToLower(value: string): string {
  if (ASCII.test(value)) return value.toLowerCase();
  let out = '';
  // One code point at a time: alone, Σ is not word-final, and U+0130 is the only code point whose full mapping differs.
  for (const ch of value) out += ch === '\u0130' ? 'i' : ch.toLowerCase();
  return out;
}

/** `[a-z]([-a-z0-9]*[a-z0-9])?`, at most 63 characters: names of resources, versions, categories. Mirrors IsDNS1035Label (apimachinery pkg/util/validation/validation.go). */
export function dns1035LabelErrors(value: string): string[] {
  const errors: string[] = [];
  if (value.length > DNS1035_LABEL_MAX_LENGTH) errors.push(`must be no more than ${DNS1035_LABEL_MAX_LENGTH} characters`);
  if (!DNS1035_LABEL.test(value)) {
    errors.push('must consist of lowercase letters, digits and \'-\', start with a letter and end with a letter or digit (regex [a-z]([-a-z0-9]*[a-z0-9])?)');
  }
  return errors;
}

/**
 * Whether `value` is a DNS-1123 label: `dns1123LabelErrors(value)` is empty.
 * The quick test, for callers that build the problems only for an invalid value.
 */
export function isDns1123Label(value: string): boolean {
  return value.length <= DNS1123_LABEL_MAX_LENGTH && DNS1123_LABEL.test(value);
}

/** `[a-z0-9]([-a-z0-9]*[a-z0-9])?`, at most 63 characters. Mirrors IsDNS1123Label (apimachinery pkg/util/validation/validation.go). */
export function dns1123LabelErrors(value: string): string[] {
  const errors: string[] = [];
  if (value.length > DNS1123_LABEL_MAX_LENGTH) errors.push(`must be no more than ${DNS1123_LABEL_MAX_LENGTH} characters`);
  if (!DNS1123_LABEL.test(value)) {
    errors.push('must consist of lowercase letters, digits and \'-\', and start and end with a letter or digit (regex [a-z0-9]([-a-z0-9]*[a-z0-9])?)');
  }
  return errors;
}

/** Whether `value` is a DNS-1123 subdomain: `dns1123SubdomainErrors(value)` is empty (the quick test). */
export function isDns1123Subdomain(value: string): boolean {
  return value.length <= DNS1123_SUBDOMAIN_MAX_LENGTH && DNS1123_SUBDOMAIN.test(value);
}

/** Dot-separated DNS-1123 labels, at most 253 characters: API groups, object names. Mirrors IsDNS1123Subdomain (apimachinery pkg/util/validation/validation.go). */
export function dns1123SubdomainErrors(value: string): string[] {
  const errors: string[] = [];
  if (value.length > DNS1123_SUBDOMAIN_MAX_LENGTH) errors.push(`must be no more than ${DNS1123_SUBDOMAIN_MAX_LENGTH} characters`);
  if (!DNS1123_SUBDOMAIN.test(value)) {
    errors.push('must consist of lowercase letters, digits, \'-\' and \'.\', and start and end with a letter or digit (for example "example.com")');
  }
  return errors;
}

/** `[prefix/]name` as used by label and annotation keys. Mirrors IsQualifiedName (apimachinery pkg/util/validation/validation.go). */
export function qualifiedNameErrors(value: string): string[] {
  const slash = value.indexOf('/');
  const prefix = slash >= 0 ? value.slice(0, slash) : undefined;
  const name = slash >= 0 ? value.slice(slash + 1) : value;
  const errors: string[] = [];
  if (prefix !== undefined) {
    if (prefix.length === 0) errors.push('prefix part must not be empty');
    else errors.push(...dns1123SubdomainErrors(prefix).map(e => `prefix part ${e}`));
  }
  if (name.length === 0) errors.push('name part must not be empty');
  else if (name.length > 63) errors.push('name part must be no more than 63 characters');
  if (name.length > 0 && !QUALIFIED_NAME_PART.test(name)) {
    errors.push('name part must consist of letters, digits, \'-\', \'_\' or \'.\', and start and end with a letter or digit');
  }
  if (name.includes('/')) errors.push('must contain at most one \'/\'');
  return errors;
}

/**
 * The reasons the functions above give, as one clause for a hint: a reason about the whole value
 * ("must be ...") reads after "it"; one that names its part ("name part must ...") stands alone.
 */
export function problemsClause(problems: readonly string[]): string {
  return problems.map(p => (p.startsWith('must') ? `it ${p}` : p)).join('; ');
}

/** A label value: empty, or at most 63 letters, digits, '-', '_', '.' starting and ending alphanumerically. Mirrors IsValidLabelValue (apimachinery pkg/util/validation/validation.go). */
export function labelValueErrors(value: string): string[] {
  const errors: string[] = [];
  if (value.length > 63) errors.push('must be no more than 63 characters');
  if (!LABEL_VALUE.test(value)) {
    errors.push('must be empty or consist of letters, digits, \'-\', \'_\' or \'.\', and start and end with a letter or digit');
  }
  return errors;
}

/**
 * Not a Kubernetes rule: a DNS-1035 label close to `value`, to suggest in messages: lowercased,
 * invalid characters turned into '-', trimmed to start with a letter and end
 * with a letter or digit. Undefined when nothing sensible remains.
 */
export function suggestDns1035Label(value: string): string | undefined {
  const candidate = goToLower(value)
    .replace(/[^-a-z0-9]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/[^a-z0-9]+$/, '')
    .slice(0, DNS1035_LABEL_MAX_LENGTH)
    .replace(/[^a-z0-9]+$/, '');
  return candidate.length > 0 && dns1035LabelErrors(candidate).length === 0 ? candidate : undefined;
}

/** Like {@link suggestDns1035Label}, for subdomains (keeps the dots). */
export function suggestDns1123Subdomain(value: string): string | undefined {
  const candidate = goToLower(value)
    .split('.')
    .map(label => label.replace(/[^-a-z0-9]+/g, '-').replace(/^-+|-+$/g, ''))
    .filter(label => label.length > 0)
    .join('.');
  return candidate.length > 0 && dns1123SubdomainErrors(candidate).length === 0 ? candidate : undefined;
}

/** `CamelCase`: an uppercase letter, then letters and digits. Not a Kubernetes rule: the convention KB013 warns about. */
export function isCamelCase(value: string): boolean {
  return /^[A-Z][A-Za-z0-9]*$/.test(value);
}

/** `Foo bar-baz` → `FooBarBaz`, a CamelCase suggestion; undefined when nothing sensible remains. */
export function suggestCamelCase(value: string): string | undefined {
  const words = value.split(/[^A-Za-z0-9]+/).filter(w => w.length > 0);
  const candidate = words.map(w => w[0].toUpperCase() + w.slice(1)).join('');
  return isCamelCase(candidate) ? candidate : undefined;
}
