/**
 * A CRD's `spec.conversion`, read as the `Conversion` of a BoundSchema.
 * kube-bind reaches a conversion webhook by url only: the consumer cluster's
 * API server calls it and cannot resolve a service of the provider cluster,
 * so a service reference is refused with a url to use instead.
 */
import { CrdFindings } from './crd-findings';
import { CONVERSION_STRATEGIES } from '../model';
import { isObject, own } from '../model/manifest';
import { didYouMean, oneOf, show } from '../rules/engine/messages';
import { field } from '../rules/engine/paths';
import { isBase64 } from '../rules/k8s/formats';
import { Conversion } from '../values/conversion';

const STRATEGIES = CONVERSION_STRATEGIES;
// The fields apiextensions.k8s.io/v1 knows; anything else the API server refuses.
const CONVERSION_KEYS = ['strategy', 'webhook'];
const WEBHOOK_KEYS = ['clientConfig', 'conversionReviewVersions'];
const CLIENT_CONFIG_KEYS = ['url', 'caBundle', 'service'];

/**
 * The conversion to write (a missing one is the server's default, None,
 * written out); undefined after a problem. `versionCount` decides whether
 * that default deserves a note.
 */
export function readCrdConversion(findings: CrdFindings, spec: { [key: string]: any }, versionCount: number): { value: Conversion } | undefined {
  const path = 'spec.conversion';
  const conversion = own(spec, 'conversion');
  if (conversion === undefined) {
    if (versionCount > 1) {
      findings.note(path, 'is not set: written as strategy "None", the default the API server applies '
        + '(kube-bind refuses several versions without a strategy, so the BoundSchema states it)');
    }
    return { value: Conversion.none() };
  }
  if (!isObject(conversion)) {
    findings.problem(path, `must be an object, got ${show(conversion)}`);
    return undefined;
  }
  findings.unknownKeys(conversion, path, CONVERSION_KEYS, key => key === 'conversionReviewVersions' || key === 'webhookClientConfig'
    ? 'is an apiextensions.k8s.io/v1beta1 field: in v1 it lives in spec.conversion.webhook'
    : 'is not a field of a CRD conversion: the API server refuses it');
  const strategy = own(conversion, 'strategy');
  const webhook = own(conversion, 'webhook');
  const webhookPath = field(path, 'webhook');
  if (strategy === 'None') {
    if (webhook !== undefined) {
      findings.problem(webhookPath, 'must not be set when strategy is "None": Kubernetes and kube-bind refuse it',
        'remove spec.conversion.webhook, or set strategy "Webhook"');
      return undefined;
    }
    return { value: Conversion.none() };
  }
  if (strategy !== 'Webhook') {
    findings.problem(field(path, 'strategy'), strategy === undefined
      ? `is missing: it ${oneOf(STRATEGIES)}`
      : `${show(strategy)} ${oneOf(STRATEGIES)}${didYouMean(strategy, STRATEGIES)}`);
    return undefined;
  }
  if (own(spec, 'preserveUnknownFields') === true) {
    findings.problem(field(path, 'strategy'), '"Webhook" requires spec.preserveUnknownFields to be false');
  }
  if (!isObject(webhook)) {
    findings.problem(webhookPath, webhook === undefined ? 'is missing: strategy "Webhook" needs it' : `must be an object, got ${show(webhook)}`);
    return undefined;
  }
  findings.unknownKeys(webhook, webhookPath, WEBHOOK_KEYS, () => 'is not a field of a conversion webhook: the API server refuses it');
  const url = readClientConfig(findings, own(webhook, 'clientConfig'), field(webhookPath, 'clientConfig'));
  const reviewPath = field(webhookPath, 'conversionReviewVersions');
  const reviewVersions = findings.optionalStrings(own(webhook, 'conversionReviewVersions'), reviewPath);
  if (own(webhook, 'conversionReviewVersions') === undefined || (reviewVersions !== undefined && reviewVersions.length === 0)) {
    findings.problem(reviewPath, 'is missing: apiextensions.k8s.io/v1 requires the ConversionReview versions the webhook understands',
      'add conversionReviewVersions: ["v1"]');
    return undefined;
  }
  if (url === undefined || reviewVersions === undefined) return undefined;
  return {
    value: Conversion.webhook({
      url: url.url,
      ...(url.caBundle !== undefined ? { caBundle: url.caBundle } : {}),
      conversionReviewVersions: reviewVersions,
    }),
  };
}

/** The webhook's url and base64 caBundle; undefined after a problem (a service reference is one). */
function readClientConfig(findings: CrdFindings, clientConfig: unknown, path: string): { url: string; caBundle?: string } | undefined {
  if (!isObject(clientConfig)) {
    findings.problem(path, clientConfig === undefined ? 'is missing: strategy "Webhook" needs the webhook\'s url' : `must be an object, got ${show(clientConfig)}`);
    return undefined;
  }
  findings.unknownKeys(clientConfig, path, CLIENT_CONFIG_KEYS, () => 'is not a field of a webhook client config: the API server refuses it');
  const service = own(clientConfig, 'service');
  if (service !== undefined) {
    findings.problem(field(path, 'service'), `${show(service)} has no home in kube-bind: a BoundSchema reaches its conversion webhook by url only, `
      + 'and the consumer cluster\'s API server, which calls it, cannot resolve a service of the provider cluster',
    `replace the service by a url reachable from consumer clusters, e.g. ${show(serviceUrlExample(service))}`);
  }
  const url = own(clientConfig, 'url');
  const urlPath = field(path, 'url');
  if (url === undefined && service === undefined) findings.problem(urlPath, 'is missing: kube-bind calls conversion webhooks by url');
  if (url !== undefined && typeof url !== 'string') findings.problem(urlPath, `must be a string, got ${show(url)}`);
  const caBundle = own(clientConfig, 'caBundle');
  const caPath = field(path, 'caBundle');
  if (caBundle !== undefined && (typeof caBundle !== 'string' || !isBase64(caBundle))) {
    findings.problem(caPath, `must be base64 (of a PEM bundle), got ${show(caBundle)}`,
      typeof caBundle === 'string' && caBundle.includes('-----BEGIN') ? 'the CRD holds PEM text: encode it with base64' : undefined);
    return undefined;
  }
  if (typeof url !== 'string' || service !== undefined) return undefined;
  return { url, ...(caBundle !== undefined && caBundle !== '' ? { caBundle } : {}) };
}

/** A url shaped like the service reference, for the hint that replaces it. */
function serviceUrlExample(service: unknown): string {
  const name = own(service, 'name');
  const namespace = own(service, 'namespace');
  const port = own(service, 'port');
  const path = own(service, 'path');
  const host = typeof name === 'string' && typeof namespace === 'string' ? `${name}.${namespace}.example.com` : 'webhook.example.com';
  const portPart = typeof port === 'number' && port !== 443 ? `:${port}` : '';
  const pathPart = typeof path === 'string' ? (path.startsWith('/') ? path : `/${path}`) : '/convert';
  return `https://${host}${portPart}${pathPart}`;
}
