/**
 * Conversion: `spec.conversion` of a BoundSchema, checked against
 * kube-bind's CEL rule (strategy and webhook go together) and against what
 * Kubernetes demands of a CRD's conversion webhook (URL shape, review
 * versions), plus the spec's demand that caBundle holds PEM certificates.
 *
 * Checks of the webhook's content run whenever a webhook is given and the
 * strategy is not None; checks that something is missing run only for
 * strategy Webhook. A mistyped strategy is KB004's finding alone.
 */
import { CONVERSION_WEBHOOK_CEL } from '../../crds/bound-schema';
import { isCrd, KindVersion } from '../../model/kinds';
import { isObject, Manifest, own } from '../../model/manifest';
import { CONVERSION_STRATEGIES } from '../../model/values';
import { crdValidationOptions } from '../engine/crd-validation-options';
import { didYouMean, oneOf, show } from '../engine/messages';
import { field, item } from '../engine/paths';
import { Rule, defineRule } from '../engine/rule';
import { Violation, violation } from '../engine/violation';
import { CONVERSION_REVIEW_VERSIONS } from '../k8s/conversion-review';
import { caBundleError, decodeBase64, isBase64, looksLikePem, parsePemBundle } from '../k8s/formats';
import { dns1035LabelErrors, dns1123SubdomainErrors } from '../k8s/names';

const CEL = 'kube-bind CRD (CEL)';
// A CustomResourceDefinition's spec.conversion has the BoundSchema's shape; the rules mirroring Kubernetes check both.
const K8S_KINDS: readonly KindVersion[] = ['BoundSchema/v1alpha2', 'CustomResourceDefinition/v1'];


const CONVERSION = 'spec.conversion';
const WEBHOOK = field(CONVERSION, 'webhook');
const CLIENT_CONFIG = field(WEBHOOK, 'clientConfig');
const URL_PATH = field(CLIENT_CONFIG, 'url');
const CA_BUNDLE = field(CLIENT_CONFIG, 'caBundle');
const REVIEW_VERSIONS = field(WEBHOOK, 'conversionReviewVersions');

interface Conversion {
  readonly conversion: { [key: string]: any };
  readonly strategy: unknown;
  readonly webhook: unknown;
}

function conversionOf(obj: Manifest): Conversion | undefined {
  const conversion = own(own(obj, 'spec'), 'conversion');
  if (!isObject(conversion)) return undefined;
  return { conversion, strategy: own(conversion, 'strategy'), webhook: own(conversion, 'webhook') };
}

/** The webhook object whose content is worth checking: present, and not under strategy None. */
function activeWebhook(obj: Manifest): { [key: string]: any } | undefined {
  const c = conversionOf(obj);
  return c !== undefined && c.strategy !== 'None' && isObject(c.webhook) ? c.webhook : undefined;
}

/** Set to something: absent, undefined and null all mean "not given". */
function present(obj: unknown, key: string): boolean {
  return own(obj, key) !== undefined && own(obj, key) !== null;
}

/** None and Webhook: Kubernetes' ConversionStrategyType values, which kube-bind's enum states too. */
const STRATEGIES = CONVERSION_STRATEGIES;

/**
 * On a BoundSchema, kube-bind's CEL rule reads strategy (a wrong value is the
 * schema's enum finding, KB004). On a CustomResourceDefinition, mirrors
 * validateEnumStrings(strategy, [None, Webhook], required) in
 * validateCustomResourceConversion (v1 defaults a missing spec.conversion to
 * strategy None, but not a missing strategy inside a given one).
 */
const strategyRequired: Rule = defineRule({
  id: 'KB080',
  title: 'spec.conversion, when present, sets strategy None or Webhook',
  source: `${CEL}; Kubernetes CRD validation (apiextensions-apiserver validation.go: validateCustomResourceConversion, validateEnumStrings of strategy)`,
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: obj => {
    const c = conversionOf(obj);
    if (c === undefined) return [];
    const onCrd = isCrd(obj);
    const strategyPath = field(CONVERSION, 'strategy');
    if (present(c.conversion, 'strategy') && c.strategy !== '') {
      if (!onCrd || typeof c.strategy !== 'string' || STRATEGIES.includes(c.strategy)) return [];
      return [violation(strategyRequired, strategyPath, `${show(c.strategy)} is not supported: ${oneOf(STRATEGIES)}${didYouMean(c.strategy, STRATEGIES)}`,
        'None serves every version with the same objects (only apiVersion changes); Webhook calls a conversion webhook')];
    }
    const withWebhook = present(c.conversion, 'webhook');
    if (onCrd) {
      return [violation(strategyRequired, strategyPath, 'is required when spec.conversion is given',
        withWebhook ? 'set strategy: Webhook' : 'set strategy: None, or remove spec.conversion (it then defaults to None)')];
    }
    return [violation(strategyRequired, strategyPath,
      withWebhook
        ? `is missing while ${WEBHOOK} is set: kube-bind's CEL rule on spec.conversion reads strategy, so the server rejects the object`
        : 'is missing: kube-bind\'s CEL rule on spec.conversion reads strategy, so the server rejects a conversion without it',
      withWebhook ? 'set strategy: Webhook' : 'set strategy: None, or remove spec.conversion')];
  },
});

const noneHasNoWebhook: Rule = defineRule({
  id: 'KB081',
  title: 'Conversion strategy None has no webhook',
  source: `${CEL}, Kubernetes CRD validation (apiextensions-apiserver validation.go: validateCustomResourceConversion)`,
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: obj => {
    const c = conversionOf(obj);
    if (c?.strategy !== 'None' || !present(c.conversion, 'webhook')) return [];
    if (isCrd(obj)) return crdWebhookUnderNone(c.webhook);
    return [violation(noneHasNoWebhook, WEBHOOK, `must not be set when ${field(CONVERSION, 'strategy')} is "None"`,
      `remove the webhook, or set strategy: Webhook; the server says ${show(CONVERSION_WEBHOOK_CEL.message)}`)];
  },
});

/**
 * Mirrors validateCustomResourceConversion for a strategy other than Webhook: the v1 webhook is converted into
 * WebhookClientConfig and ConversionReviewVersions (Convert_v1_CustomResourceConversion_To_apiextensions_...), and
 * each is forbidden only when set: an empty `webhook: {}` or `conversionReviewVersions: []` passes.
 */
function crdWebhookUnderNone(webhook: unknown): Violation[] {
  const out: Violation[] = [];
  const hint = 'remove it, or set strategy: Webhook; the server says "should not be set when strategy is not set to Webhook"';
  if (present(webhook, 'clientConfig')) {
    out.push(violation(noneHasNoWebhook, CLIENT_CONFIG, `must not be set when ${field(CONVERSION, 'strategy')} is "None"`, hint));
  }
  const reviews = own(webhook, 'conversionReviewVersions');
  if (Array.isArray(reviews) && reviews.length > 0) {
    out.push(violation(noneHasNoWebhook, REVIEW_VERSIONS, `${show(reviews)} must not be set when ${field(CONVERSION, 'strategy')} is "None"`, hint));
  }
  return out;
}

const webhookNeedsWebhook: Rule = defineRule({
  id: 'KB082',
  title: 'Conversion strategy Webhook has a webhook',
  source: `${CEL}; Kubernetes CRD validation (apiextensions-apiserver validation.go: validateCustomResourceConversion, webhookClientConfig "required when strategy is set to Webhook")`,
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: obj => {
    const c = conversionOf(obj);
    if (c?.strategy !== 'Webhook' || present(c.conversion, 'webhook')) return [];
    return [violation(webhookNeedsWebhook, WEBHOOK, `is required when ${field(CONVERSION, 'strategy')} is "Webhook"`,
      'add webhook.clientConfig.url and webhook.conversionReviewVersions, or set strategy: None')];
  },
});

const webhookNeedsUrl: Rule = defineRule({
  id: 'KB083',
  title: 'A conversion webhook has clientConfig.url',
  source: 'kube-bind CRD (clientConfig holds url and caBundle only); Kubernetes CRD validation (apiextensions-apiserver validation.go: validateCustomResourceConversion: exactly one of url or service)',
  severity: 'error',
  scope: 'object',
  appliesTo: ['BoundSchema/v1alpha2'],
  check: obj => {
    const c = conversionOf(obj);
    if (c?.strategy !== 'Webhook' || !isObject(c.webhook)) return [];
    const clientConfig = own(c.webhook, 'clientConfig');
    const hint = 'give the https:// URL of the conversion webhook; kube-bind\'s BoundSchema has no clientConfig.service, so a URL is the only way to reach it';
    if (!present(c.webhook, 'clientConfig')) return [violation(webhookNeedsUrl, CLIENT_CONFIG, 'is required when strategy is "Webhook"', hint)];
    if (!isObject(clientConfig) || present(clientConfig, 'url')) return [];
    return [violation(webhookNeedsUrl, URL_PATH, 'is required when strategy is "Webhook"', hint)];
  },
});

/**
 * What Kubernetes' ValidateWebhookURL (k8s.io/apiserver pkg/util/webhook/validation.go,
 * with https forced) finds wrong with `url`. It parses with Go's url.Parse, which
 * checks only that a port is digits: a port above 65535 passes, so it is a warning
 * here (the API server accepts the CRD, but can never dial the webhook).
 */
export function webhookUrlErrors(url: string): { errors: string[]; warnings: string[]; suggestion?: string; host?: string } {
  const warnings: string[] = [];
  if (url === '') return { errors: ['must not be empty'], warnings };
  if (url !== url.trim()) return { errors: ['must not have leading or trailing whitespace'], warnings, suggestion: url.trim() };
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url)?.[1];
  if (scheme === undefined) {
    return { errors: ['must be an absolute URL of the form https://host[:port][/path]'], warnings, suggestion: `https://${url.replace(/^\/+/, '')}` };
  }
  const errors: string[] = [];
  let suggestion: string | undefined;
  if (scheme.toLowerCase() !== 'https') {
    errors.push(`must use scheme "https", not ${show(scheme)}`);
    suggestion = `https${url.slice(scheme.length)}`;
  }
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url)) {
    errors.push('must name a host: scheme://host[:port][/path]');
    return { errors, warnings, suggestion };
  }
  const authority = url.slice(scheme.length + 3).split(/[/?#]/, 1)[0];
  if (authority.includes('@')) errors.push('must not contain user information ("user:password@")');
  // WHATWG URL parsing would read "https:///x" as host "x"; Go's url.Parse (the server's) sees no host.
  if (authority.slice(authority.lastIndexOf('@') + 1) === '') {
    errors.push('must name a host');
    return { errors, warnings, suggestion };
  }
  // Go's url.Parse takes any digits as the port; WHATWG's URL refuses ports above 65535, so parse without it.
  const bigPort = /^(.*:)(\d+)$/.exec(authority);
  let parseable = url;
  const hostPart = bigPort?.[1].slice(0, -1) ?? '';
  const isPort = hostPart.startsWith('[') ? hostPart.endsWith(']') : !hostPart.includes(':');
  if (bigPort !== null && isPort && Number(bigPort[2]) > 65535) {
    warnings.push(`has port ${bigPort[2]}, above 65535: the API server accepts the URL (Go's url.Parse checks only digits) but can never connect to it`);
    const at = scheme.length + 3 + bigPort[1].length;
    parseable = `${url.slice(0, at - 1)}${url.slice(at + bigPort[2].length)}`;
  }
  let parsed: URL;
  try {
    parsed = new URL(parseable);
  } catch (e) {
    errors.push(`is not a valid URL: ${e instanceof Error ? e.message : String(e)}`);
    return { errors, warnings, suggestion };
  }
  if (parsed.hostname === '') errors.push('must name a host');
  if (parsed.search !== '') errors.push(`must not have query parameters (${show(parsed.search)})`);
  if (parsed.hash !== '') errors.push(`must not have a fragment (${show(parsed.hash)})`);
  return { errors, warnings, suggestion, host: parsed.hostname.toLowerCase() };
}

const urlShape: Rule = defineRule({
  id: 'KB084',
  title: 'The conversion webhook URL is https://host[:port][/path] without user info, query or fragment',
  source: 'spec §8.7; Kubernetes CRD validation (apiserver pkg/util/webhook: ValidateWebhookURL)',
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: obj => {
    const url = own(own(activeWebhook(obj), 'clientConfig'), 'url');
    if (typeof url !== 'string') return [];
    const { errors, warnings, suggestion } = webhookUrlErrors(url);
    if (errors.length === 0) {
      return warnings.map(w => violation(urlShape, URL_PATH, `${show(url)} ${w}`, 'use the port the webhook listens on (1-65535), or leave the port out for 443', 'warning'));
    }
    // The corrected URL goes to the hint: a URL shown twice would double the message.
    const fix = suggestion !== undefined && webhookUrlErrors(suggestion).errors.length === 0 ? `use ${show(suggestion)}; ` : '';
    return [violation(urlShape, URL_PATH, `${show(url)} ${errors.join('; ')}`,
      `${fix}the API server calls the webhook at https://host[:port][/path]; pass any extra information in the path`)];
  },
});

function isLoopback(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]';
}

const urlNotLocalhost: Rule = defineRule({
  id: 'KB085',
  title: 'The conversion webhook URL does not point at localhost',
  source: 'spec §2.6',
  severity: 'warning',
  scope: 'object',
  appliesTo: ['BoundSchema/v1alpha2'],
  check: obj => {
    const url = own(own(activeWebhook(obj), 'clientConfig'), 'url');
    if (typeof url !== 'string') return [];
    const { errors, host } = webhookUrlErrors(url);
    if (errors.length > 0 || host === undefined || !isLoopback(host)) return [];
    return [violation(urlNotLocalhost, URL_PATH, `${show(url)} points at ${host}, which is risky and makes the install non-portable`,
      'every API server of the consumer cluster would need the webhook running on its own host; use a name every API server can reach')];
  },
});

const PRIVATE_KEY = /PRIVATE KEY/;

const caBundlePem: Rule = defineRule({
  id: 'KB086',
  title: 'caBundle is base64 of a PEM bundle of one or more certificates',
  source: 'spec §2.6',
  severity: 'error',
  scope: 'object',
  appliesTo: ['BoundSchema/v1alpha2'],
  check: obj => {
    const bundle = own(own(activeWebhook(obj), 'clientConfig'), 'caBundle');
    // Empty or non-base64 is KB006's (format: byte refuses both).
    if (typeof bundle !== 'string' || bundle === '' || !isBase64(bundle)) return [];
    const text = decodeBase64(bundle) ?? '';
    const { blocks, problems } = parsePemBundle(text);
    const out: Violation[] = [];
    if (blocks.length === 0) {
      const doubleEncoded = isBase64(text.trim()) && looksLikePem(decodeBase64(text.trim()) ?? '');
      out.push(violation(caBundlePem, CA_BUNDLE, `decodes to ${text.length} bytes that hold no PEM block`,
        doubleEncoded ? 'it is base64-encoded twice: encode the PEM text once'
          : text.charCodeAt(0) === 0x30 ? 'it looks like a DER certificate: base64-encode the PEM form (openssl x509 -inform der -outform pem) instead'
            : 'base64-encode the PEM text of the CA certificate(s), "-----BEGIN CERTIFICATE-----" lines included'));
      return out;
    }
    for (const problem of problems) {
      out.push(violation(caBundlePem, CA_BUNDLE, `(decoded) ${problem}`, 'each block needs matching BEGIN and END lines'));
    }
    blocks.forEach((block, i) => {
      if (PRIVATE_KEY.test(block.type)) {
        out.push(violation(caBundlePem, CA_BUNDLE, `(decoded) block ${i + 1} is a ${block.type}: a CA bundle must never contain private keys`,
          'remove the key from the bundle, and replace the key if this object was shared'));
      } else if (block.type !== 'CERTIFICATE') {
        out.push(violation(caBundlePem, CA_BUNDLE, `(decoded) block ${i + 1} is a ${block.type}, which the API server ignores`,
          'keep only CERTIFICATE blocks', 'warning'));
      } else if (!block.wellFormed) {
        out.push(violation(caBundlePem, CA_BUNDLE, `(decoded) block ${i + 1} is a CERTIFICATE whose body is not base64-encoded DER`,
          'copy the certificate again from its source file'));
      }
    });
    if (!blocks.some(b => b.type === 'CERTIFICATE')) {
      out.push(violation(caBundlePem, CA_BUNDLE, `(decoded) holds no CERTIFICATE block (found ${blocks.map(b => b.type).join(', ')})`,
        'put the CA certificate(s) that signed the webhook\'s serving certificate here'));
    }
    return out;
  },
});

const reviewVersionsRequired: Rule = defineRule({
  id: 'KB087',
  title: 'A conversion webhook lists conversionReviewVersions',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: validateConversionReviewVersions)',
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: obj => {
    const c = conversionOf(obj);
    if (c?.strategy !== 'Webhook' || !isObject(c.webhook)) return [];
    const versions = own(c.webhook, 'conversionReviewVersions');
    if (present(c.webhook, 'conversionReviewVersions') && !(Array.isArray(versions) && versions.length === 0)) return [];
    return [violation(reviewVersionsRequired, REVIEW_VERSIONS, `${Array.isArray(versions) ? 'must not be empty' : 'is required'} when strategy is "Webhook"`,
      'list the ConversionReview versions the webhook understands, preferred first, such as [v1]')];
  },
});

const reviewVersionEntries: Rule = defineRule({
  id: 'KB088',
  title: 'conversionReviewVersions entries are unique version names the API server knows',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: validateConversionReviewVersions)',
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: obj => {
    const versions = own(activeWebhook(obj), 'conversionReviewVersions');
    if (!Array.isArray(versions)) return [];
    const out: Violation[] = [];
    versions.forEach((v, i) => {
      if (typeof v !== 'string') return;
      const path = item(REVIEW_VERSIONS, i);
      const first = versions.indexOf(v);
      if (first < i) {
        out.push(violation(reviewVersionEntries, path, `${show(v)} duplicates ${item(REVIEW_VERSIONS, first)}`, 'list each version once'));
        return;
      }
      const errors = dns1035LabelErrors(v);
      if (errors.length > 0) {
        const lower = v.toLowerCase();
        const fix = CONVERSION_REVIEW_VERSIONS.includes(lower) ? ` (did you mean ${show(lower)}?)` : '';
        out.push(violation(reviewVersionEntries, path, `${show(v)} must be a version name (a DNS-1035 label)${fix}`, `a version name ${errors.join('; ')}`));
        return;
      }
      if (!CONVERSION_REVIEW_VERSIONS.includes(v)) {
        out.push(violation(reviewVersionEntries, path, `${show(v)} is not a ConversionReview version the API server knows; it will be skipped`,
          `known versions: ${CONVERSION_REVIEW_VERSIONS.join(', ')}`, 'warning'));
      }
    });
    return out;
  },
});

const reviewVersionKnown: Rule = defineRule({
  id: 'KB089',
  title: 'conversionReviewVersions includes v1 or v1beta1',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: validateConversionReviewVersions; ratcheted on update by requireRecognizedConversionReviewVersion, hasValidConversionReviewVersionOrEmpty of the stored object)',
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: (obj, ctx) => {
    // Relaxed on update when the stored object's list, not empty, had no version the server knows either.
    if (!crdValidationOptions(ctx).requireRecognizedConversionReviewVersion) return [];
    const versions = own(activeWebhook(obj), 'conversionReviewVersions');
    if (!Array.isArray(versions) || versions.length === 0 || !versions.every(v => typeof v === 'string')) return [];
    if (versions.some(v => CONVERSION_REVIEW_VERSIONS.includes(v))) return [];
    return [violation(reviewVersionKnown, REVIEW_VERSIONS, `${show(versions)} ${oneOf(CONVERSION_REVIEW_VERSIONS).replace('must be one of', 'must include at least one of')}`,
      'without a version the API server knows, every conversion fails; add v1')];
  },
});

const SERVICE = field(CLIENT_CONFIG, 'service');

/**
 * Mirrors validateCustomResourceConversion on a CustomResourceDefinition: with
 * strategy Webhook, `webhook.clientConfig` is required and holds exactly one
 * of url or service. (A BoundSchema's clientConfig has no service: KB083.)
 */
const crdClientConfig: Rule = defineRule({
  id: 'KB090',
  title: 'A CRD\'s conversion webhook has a clientConfig with exactly one of url or service',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: validateCustomResourceConversion, "exactly one of url or service is required")',
  severity: 'error',
  scope: 'object',
  appliesTo: ['CustomResourceDefinition/v1'],
  check: obj => {
    const c = conversionOf(obj);
    if (c?.strategy !== 'Webhook' || !isObject(c.webhook)) return [];
    const clientConfig = own(c.webhook, 'clientConfig');
    if (!present(c.webhook, 'clientConfig')) {
      return [violation(crdClientConfig, CLIENT_CONFIG, 'is required when strategy is "Webhook"',
        'give the webhook\'s url (https://host[:port][/path]) or its service (name, namespace, port, path)')];
    }
    if (!isObject(clientConfig)) return [];
    const url = present(clientConfig, 'url');
    const service = present(clientConfig, 'service');
    if (url !== service) return [];
    return [violation(crdClientConfig, CLIENT_CONFIG, `must set exactly one of url or service, ${url ? 'not both' : 'but sets neither'}`,
      url ? 'keep url for a webhook outside the cluster, or service for one inside it' : 'give the webhook\'s url or its service')];
  },
});

/**
 * Mirrors ValidateWebhookService (k8s.io/apiserver pkg/util/webhook/validation.go),
 * which validateCustomResourceConversion calls for a service reference: name and
 * namespace required, port 1-65535 (v1 defaults it to 443), and a path of
 * non-empty DNS-subdomain segments starting with "/".
 */
const crdServiceReference: Rule = defineRule({
  id: 'KB091',
  title: 'A CRD\'s conversion webhook service has a name, a namespace, a port 1-65535 and a valid path',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: validateCustomResourceConversion; apiserver pkg/util/webhook: ValidateWebhookService)',
  severity: 'error',
  scope: 'object',
  appliesTo: ['CustomResourceDefinition/v1'],
  check: obj => {
    const c = conversionOf(obj);
    if (c?.strategy !== 'Webhook') return [];
    const clientConfig = own(c.webhook, 'clientConfig');
    // With both url and service, the server reports only KB090's finding.
    if (!isObject(clientConfig) || present(clientConfig, 'url')) return [];
    const service = own(clientConfig, 'service');
    if (!isObject(service)) return [];
    const out: Violation[] = [];
    for (const key of ['name', 'namespace']) {
      const value = own(service, key);
      if (value === undefined || value === null || value === '') {
        out.push(violation(crdServiceReference, field(SERVICE, key), 'is required', `name the Service's ${key} the webhook listens behind`));
      }
    }
    const port = own(service, 'port');
    if (typeof port === 'number' && (!Number.isInteger(port) || port < 1 || port > 65535)) {
      out.push(violation(crdServiceReference, field(SERVICE, 'port'), `${show(port)} is not a valid port: it must be between 1 and 65535, inclusive`,
        'use the Service\'s port, or leave it out for 443'));
    }
    const path = own(service, 'path');
    if (typeof path === 'string') {
      for (const problem of servicePathProblems(path)) {
        out.push(violation(crdServiceReference, field(SERVICE, 'path'), `${show(path)} ${problem}`,
          'write a path such as "/convert": segments of lowercase letters, digits, "-" and "."'));
      }
    }
    return out;
  },
});

/**
 * Mirrors validateCustomResourceConversion's `len(cc.CABundle) > 0 &&
 * !opts.allowInvalidCABundle`: a CRD's caBundle is checked (ValidateCABundle)
 * only on an update of an Established CRD whose stored caBundle was empty or
 * valid (allowInvalidCABundle). A create never checks it: the CRD is not
 * established yet.
 */
const crdCaBundle: Rule = defineRule({
  id: 'KB092',
  title: 'Once a CRD is established, an update keeps its conversion webhook\'s caBundle valid PEM certificates',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: validateCustomResourceConversion, allowInvalidCABundle; apiserver pkg/util/webhook: ValidateCABundle)',
  severity: 'error',
  scope: 'object',
  appliesTo: ['CustomResourceDefinition/v1'],
  check: (obj, ctx) => {
    if (crdValidationOptions(ctx).allowInvalidCABundle) return [];
    const c = conversionOf(obj);
    if (c?.strategy !== 'Webhook') return [];
    const bundle = own(own(c.webhook, 'clientConfig'), 'caBundle');
    if (typeof bundle !== 'string' || bundle === '') return [];
    const problem = caBundleError(bundle);
    if (problem === undefined) return [];
    return [violation(crdCaBundle, CA_BUNDLE, `${problem}: the stored CRD is established and its caBundle was empty or valid, so the server checks this one`,
      'base64-encode the PEM text of the CA certificate(s) that signed the webhook\'s serving certificate, "-----BEGIN CERTIFICATE-----" lines included')];
  },
});

/** The path checks of ValidateWebhookService, in its order. */
function servicePathProblems(path: string): string[] {
  if (path === '/' || path === '') return [];
  if (path === '//') return ['segment[0] may not be empty'];
  const out: string[] = [];
  if (!path.startsWith('/')) out.push('must start with a \'/\'');
  let rest = path.slice(1);
  if (rest.endsWith('/')) rest = rest.slice(0, -1);
  rest.split('/').forEach((segment, i) => {
    if (segment === '') {
      out.push(`segment[${i}] may not be empty`);
      return;
    }
    for (const error of dns1123SubdomainErrors(segment)) out.push(`segment[${i}]: ${error}`);
  });
  return out;
}

export const CONVERSION_RULES: Rule[] = [
  strategyRequired,
  noneHasNoWebhook,
  webhookNeedsWebhook,
  webhookNeedsUrl,
  urlShape,
  urlNotLocalhost,
  caBundlePem,
  reviewVersionsRequired,
  reviewVersionEntries,
  reviewVersionKnown,
  crdClientConfig,
  crdServiceReference,
  crdCaBundle,
];
