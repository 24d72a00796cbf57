/**
 * The passing and failing scenario of every rule of `conversion.ts`, beside it:
 * the tests run them through the CLI and the constructs, and docs/rules.md
 * quotes what the engine reports on the failing one.
 */
import { RuleScenarios, bs, CA, crd, one, twoVersions, WEBHOOK, webhook } from '../engine/scenario-kit';

const NO_CONSTRUCT = 'the constructs render kube-bind objects; a CustomResourceDefinition is checked by validate and the cdk8s-cli plugin';
/** A url webhook whose caBundle is the base64 of `pem`. */
const bundle = (pem: string): readonly [string, unknown] => webhook({ clientConfig: { url: 'https://convert.example.com/convert', caBundle: Buffer.from(pem).toString('base64') } });
const ESTABLISHED: readonly [string, unknown] = ['status.conditions', [{ type: 'Established', status: 'True' }]];
const serviceWebhook = (service: { [key: string]: unknown }): [string, unknown] => ['spec.conversion',
  { strategy: 'Webhook', webhook: { clientConfig: { service: { name: 'convert', namespace: 'widgets', ...service } }, conversionReviewVersions: ['v1'] } }];

export const SCENARIOS: readonly RuleScenarios[] = [
  { id: 'KB080', path: 'spec.conversion.strategy', fail: () => one(bs(['spec.conversion', {}])), pass: () => one(bs(['spec.conversion', { strategy: 'None' }])) },
  {
    id: 'KB081',
    path: 'spec.conversion.webhook',
    fail: () => one(bs(['spec.conversion', { strategy: 'None', webhook: { conversionReviewVersions: ['v1'] } }])),
    pass: () => one(bs(['spec.conversion', { strategy: 'None' }])),
  },
  { id: 'KB082', path: 'spec.conversion.webhook', fail: () => one(bs(twoVersions, ['spec.conversion', { strategy: 'Webhook' }])), pass: () => one(bs(twoVersions, webhook())) },
  {
    id: 'KB083',
    path: `${WEBHOOK}.clientConfig.url`,
    fail: () => one(bs(twoVersions, webhook({ clientConfig: {} }))),
    pass: () => one(bs(twoVersions, webhook())),
  },
  {
    id: 'KB084',
    path: `${WEBHOOK}.clientConfig.url`,
    fail: () => one(bs(twoVersions, webhook({ clientConfig: { url: 'http://convert.example.com/convert' } }))),
    pass: () => one(bs(twoVersions, webhook())),
  },
  {
    id: 'KB085',
    path: `${WEBHOOK}.clientConfig.url`,
    fail: () => one(bs(twoVersions, webhook({ clientConfig: { url: 'https://localhost:9443/convert' } }))),
    pass: () => one(bs(twoVersions, webhook())),
  },
  {
    id: 'KB086',
    path: `${WEBHOOK}.clientConfig.caBundle`,
    fail: () => one(bs(twoVersions, webhook({ clientConfig: { url: 'https://convert.example.com/convert', caBundle: Buffer.from('hello').toString('base64') } }))),
    pass: () => one(bs(twoVersions, webhook({ clientConfig: { url: 'https://convert.example.com/convert', caBundle: Buffer.from(CA).toString('base64') } }))),
  },
  {
    id: 'KB087',
    path: `${WEBHOOK}.conversionReviewVersions`,
    fail: () => one(bs(twoVersions, webhook({ conversionReviewVersions: undefined }))),
    pass: () => one(bs(twoVersions, webhook())),
  },
  {
    id: 'KB088',
    path: `${WEBHOOK}.conversionReviewVersions[1]`,
    fail: () => one(bs(twoVersions, webhook({ conversionReviewVersions: ['v1', 'v1'] }))),
    pass: () => one(bs(twoVersions, webhook({ conversionReviewVersions: ['v1', 'v1beta1'] }))),
  },
  {
    id: 'KB089',
    path: `${WEBHOOK}.conversionReviewVersions`,
    fail: () => one(bs(twoVersions, webhook({ conversionReviewVersions: ['v2'] }))),
    pass: () => one(bs(twoVersions, webhook({ conversionReviewVersions: ['v2', 'v1'] }))),
  },
  {
    id: 'KB090',
    path: `${WEBHOOK}.clientConfig`,
    fail: () => one(crd(twoVersions, webhook({ clientConfig: { url: 'https://convert.example.com/convert', service: { name: 'convert', namespace: 'widgets' } } }))),
    pass: () => one(crd(twoVersions, serviceWebhook({}))),
    noConstruct: NO_CONSTRUCT,
  },
  {
    id: 'KB091',
    path: `${WEBHOOK}.clientConfig.service.port`,
    fail: () => one(crd(twoVersions, serviceWebhook({ port: 70000 }))),
    pass: () => one(crd(twoVersions, serviceWebhook({ port: 8443, path: '/convert' }))),
    noConstruct: NO_CONSTRUCT,
  },
  {
    // Refused on an update of an established CRD whose caBundle was valid; accepted while the CRD is not established.
    id: 'KB092',
    path: `${WEBHOOK}.clientConfig.caBundle`,
    fail: () => ({ objects: [crd(twoVersions, bundle('not a certificate'))], previous: [crd(twoVersions, bundle(CA), ESTABLISHED)] }),
    pass: () => ({ objects: [crd(twoVersions, bundle('not a certificate'))], previous: [crd(twoVersions, bundle(CA))] }),
    noConstruct: NO_CONSTRUCT,
  },
];
