/**
 * One failing and one passing scenario for every rule of the registry, as
 * plain manifests. The front-end test runs each through the command line and
 * through the constructs. Scenarios are small edits of three valid objects.
 */
import type { Manifest } from '../../src/rules/values';
import type { Severity } from '../../src/rules/violation';

/** The objects of one scenario, checked together; `previous` holds the stored states for update rules. */
export interface Scenario {
  readonly objects: Manifest[];
  /** Index of the object the rule reports on (default 0). */
  readonly target?: number;
  readonly previous?: Manifest[];
}

export interface RuleRow {
  readonly id: string;
  /** Where the failing scenario is reported. */
  readonly path: string;
  /** The severity the failing scenario is reported with, when not the rule's default. */
  readonly severity?: Severity;
  readonly fail: () => Scenario;
  readonly pass: () => Scenario;
  /** Why the command line cannot show this rule, when it cannot. */
  readonly noCli?: string;
  /** Why no construct can produce this scenario, when none can. */
  readonly noConstruct?: string;
}

type Edit = readonly [string, unknown];

const clone = <T>(o: T): T => JSON.parse(JSON.stringify(o));

/** Sets (or, with undefined, deletes) a dotted path such as `spec.versions.0.name`. */
function set(obj: any, path: string, value: unknown): void {
  const keys = path.split('.');
  let cur = obj;
  for (let i = 0; i < keys.length - 1; i++) {
    const k = keys[i];
    if (cur[k] === undefined || cur[k] === null || typeof cur[k] !== 'object') cur[k] = /^\d+$/.test(keys[i + 1]) ? [] : {};
    cur = cur[k];
  }
  const last = keys[keys.length - 1];
  if (value === undefined) {
    if (Array.isArray(cur)) cur.splice(Number(last), 1);
    else delete cur[last];
  } else {
    cur[last] = clone(value);
  }
}

function edit(base: Manifest, edits: readonly Edit[]): Manifest {
  const out = clone(base);
  for (const [path, value] of edits) set(out, path, value);
  return out;
}

export const NAMESPACE = 'kube-bind-consumer';

export function widgetSchema(): Manifest {
  return {
    type: 'object',
    properties: {
      spec: { type: 'object', properties: { size: { type: 'integer' }, replicas: { type: 'integer' }, selector: { type: 'string' } } },
      status: { type: 'object', properties: { replicas: { type: 'integer' }, selector: { type: 'string' } } },
    },
  };
}

function version(name: string, extra: Manifest = {}): Manifest {
  return { name, served: true, storage: true, schema: { openAPIV3Schema: widgetSchema() }, ...extra };
}

const NAMES = { kind: 'Widget', plural: 'widgets', singular: 'widget', listKind: 'WidgetList' };

const V1ALPHA1: Manifest = {
  apiVersion: 'kube-bind.io/v1alpha1',
  kind: 'APIServiceExport',
  metadata: { name: 'widgets.example.com', namespace: NAMESPACE },
  spec: { group: 'example.com', names: NAMES, scope: 'Namespaced', informerScope: 'Namespaced', versions: [version('v1')] },
};

const BOUND_SCHEMA: Manifest = {
  apiVersion: 'kube-bind.io/v1alpha2',
  kind: 'BoundSchema',
  metadata: { name: 'widgets.example.com', namespace: NAMESPACE },
  spec: { group: 'example.com', names: NAMES, scope: 'Namespaced', informerScope: 'Namespaced', versions: [version('v1')] },
};

const CRD: Manifest = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: { group: 'example.com', names: NAMES, scope: 'Namespaced', versions: [version('v1')] },
};

const V1ALPHA2: Manifest = {
  apiVersion: 'kube-bind.io/v1alpha2',
  kind: 'APIServiceExport',
  metadata: { name: 'widgets', namespace: NAMESPACE },
  spec: { resources: [{ group: 'example.com', resource: 'widgets', versions: ['v1'] }], informerScope: 'Namespaced', isolation: 'Prefixed' },
};

/** A v1alpha1 export, named `<plural>.<group>` as kube-bind's CEL rule wants unless an edit says otherwise. */
export function a1(...edits: Edit[]): Manifest {
  const out = edit(V1ALPHA1, edits);
  if (!edits.some(([p]) => p.startsWith('metadata'))) {
    const names = out.spec?.names;
    if (names && typeof names.plural === 'string' && typeof out.spec.group === 'string') out.metadata.name = `${names.plural}.${out.spec.group}`;
  }
  return out;
}
export const bs = (...edits: Edit[]): Manifest => edit(BOUND_SCHEMA, edits);
/** The CustomResourceDefinition the BoundSchema mirrors. */
export const crd = (...edits: Edit[]): Manifest => edit(CRD, edits);
export const a2 = (...edits: Edit[]): Manifest => edit(V1ALPHA2, edits);

const one = (m: Manifest): Scenario => ({ objects: [m] });

const SCHEMA = 'spec.versions.0.schema.openAPIV3Schema';
const SCHEMA_PATH = 'spec.versions[0].schema.openAPIV3Schema';
const COLUMN = 'spec.versions[0].additionalPrinterColumns[0]';
const column = (c: Manifest): Edit => ['spec.versions.0.additionalPrinterColumns', [{ name: 'Size', type: 'integer', jsonPath: '.spec.size', ...c }]];
const SCALE = 'spec.versions[0].subresources.scale';
const scale = (s: Manifest): Edit => ['spec.versions.0.subresources', { scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', ...s } }];
const CA = [
  '-----BEGIN CERTIFICATE-----',
  'MIIBdjCCAR2gAwIBAgIUFf0e0Hc7tZ7XgQJ6vN9m0mQ7f1gwCgYIKoZIzj0EAwIw',
  '-----END CERTIFICATE-----',
].join('\n');
const webhook = (over: Manifest = {}): Edit => ['spec.conversion', {
  strategy: 'Webhook',
  webhook: { clientConfig: { url: 'https://convert.example.com/convert' }, conversionReviewVersions: ['v1'], ...over },
}];
const twoVersions: Edit = ['spec.versions', [version('v1', { storage: false }), version('v2')]];
const WEBHOOK = 'spec.conversion.webhook';
const condition = (c: Manifest): Edit => ['status.conditions', [{ type: 'Ready', status: 'True', lastTransitionTime: '2024-05-01T10:00:00Z', ...c }]];
const claim = (c: Manifest): Edit => ['spec.permissionClaims', [{ group: '', resource: 'configmaps', selector: { namedResources: [{ name: 'settings' }] }, ...c }]];
const CLAIM = 'spec.permissionClaims[0]';
const SELECTOR = `${CLAIM}.selector`;
const reference = (r: Manifest): Edit => claim({
  resource: 'secrets',
  selector: { references: [{ group: 'example.com', resource: 'widgets', versions: ['v1'], jsonPath: { name: 'spec.secretName' }, ...r }] },
});
const REFERENCE = `${SELECTOR}.references[0]`;
/** A second BoundSchema of the same group, for gadgets. */
const gadgets = (...edits: Edit[]): Manifest => bs(['metadata.name', 'gadgets.example.com'],
  ['spec.names', { kind: 'Gadget', plural: 'gadgets', singular: 'gadget', listKind: 'GadgetList' }], ...edits);
const clusterBs = (): Manifest => bs(['spec.scope', 'Cluster'], ['spec.informerScope', 'Cluster']);
const v1v2 = [version('v1', { storage: false }), version('v2')];

/** Every rule id, its failing and passing scenario. */
export const RULE_ROWS: readonly RuleRow[] = [
  // --------------------------------------------------------------- schema and structure
  { id: 'KB001', path: 'apiVersion', fail: () => one(a1(['apiVersion', 'kube-bind.io/v1beta1'])), pass: () => one(a1()) },
  { id: 'KB002', path: 'spec.isolation', fail: () => one(a2(['spec.isolation', undefined])), pass: () => one(a2()) },
  { id: 'KB003', path: 'spec.versions[0].served', fail: () => one(a1(['spec.versions.0.served', 'yes'])), pass: () => one(a1(['spec.versions.0.served', false])) },
  { id: 'KB004', path: 'spec.scope', fail: () => one(a1(['spec.scope', 'Namespace'])), pass: () => one(a1()) },
  { id: 'KB005', path: 'spec.versions[0].name', fail: () => one(a1(['spec.versions.0.name', 'V1'])), pass: () => one(a1(['spec.versions.0.name', 'v1beta1'])) },
  {
    id: 'KB006',
    path: 'status.conditions[0].lastTransitionTime',
    fail: () => one(a2(condition({ lastTransitionTime: 'yesterday' }))),
    pass: () => one(a2(condition({}))),
  },
  // An empty spec.resources is KB120's (the better message), so the checker's own list limit shows on a BoundSchema.
  { id: 'KB007', path: 'spec.versions', fail: () => one(bs(['spec.versions', []])), pass: () => one(bs()) },
  { id: 'KB008', path: 'spec', fail: () => one(bs(['spec', undefined])), pass: () => one(bs()) },
  { id: 'KB009', path: 'spec.color', fail: () => one(a1(['spec.color', 'blue'])), pass: () => one(a1()) },
  // --------------------------------------------------------------- names
  { id: 'KB010', path: 'spec.group', fail: () => one(a1(['spec.group', 'example'])), pass: () => one(a1(['spec.group', 'widgets.example.com'])) },
  { id: 'KB011', path: 'spec.names.plural', fail: () => one(bs(['spec.names.plural', 'Widgets'])), pass: () => one(bs()) },
  { id: 'KB012', path: 'spec.names.singular', fail: () => one(bs(['spec.names.singular', 'Widget'])), pass: () => one(bs(['spec.names.singular', undefined])) },
  { id: 'KB013', path: 'spec.names.kind', fail: () => one(bs(['spec.names.kind', '1Widget'])), pass: () => one(bs()) },
  {
    id: 'KB014',
    path: 'spec.names.listKind',
    fail: () => one(bs(['spec.names.listKind', 'Widget List'])),
    pass: () => one(bs(['spec.names.listKind', undefined])),
  },
  { id: 'KB015', path: 'spec.names.listKind', fail: () => one(bs(['spec.names.listKind', 'Widget'])), pass: () => one(bs()) },
  { id: 'KB016', path: 'spec.names.shortNames[0]', fail: () => one(bs(['spec.names.shortNames', ['WD']])), pass: () => one(bs(['spec.names.shortNames', ['wd']])) },
  {
    id: 'KB017',
    path: 'spec.names.categories[0]',
    fail: () => one(bs(['spec.names.categories', ['My_Things']])),
    pass: () => one(bs(['spec.names.categories', ['all']])),
  },
  { id: 'KB018', path: 'metadata.name', fail: () => one(a1(['metadata.name', 'widgets'])), pass: () => one(a1()) },
  { id: 'KB019', path: 'metadata.name', fail: () => one(bs(['metadata.name', 'my-widgets'])), pass: () => one(bs()) },
  { id: 'KB020', path: 'metadata.name', fail: () => one(a2(['metadata.name', 'Widgets'])), pass: () => one(a2(['metadata.name', 'widgets.v2'])) },
  {
    id: 'KB021',
    path: 'metadata.name',
    fail: () => one(crd(['metadata.name', 'widgets'])),
    pass: () => one(crd()),
    noConstruct: 'the constructs render kube-bind objects; a CustomResourceDefinition is checked by validate and the cdk8s-cli plugin',
  },
  // --------------------------------------------------------------- versions and the schema
  { id: 'KB030', path: 'spec.versions', fail: () => one(a1(['spec.versions.0.storage', false])), pass: () => one(a1()) },
  { id: 'KB031', path: 'spec.versions[0].served', fail: () => one(a1(['spec.versions.0.served', undefined])), pass: () => one(a1()) },
  { id: 'KB032', path: 'spec.versions', fail: () => one(a1(['spec.versions.0.served', false])), pass: () => one(a1()) },
  {
    id: 'KB033',
    path: 'spec.versions[0].deprecationWarning',
    fail: () => one(a1(['spec.versions.0.deprecationWarning', 'use v2'])),
    pass: () => one(a1(['spec.versions.0.deprecated', true], ['spec.versions.0.deprecationWarning', 'use v2'])),
  },
  {
    id: 'KB034',
    path: 'spec.versions[0].deprecationWarning',
    fail: () => one(a1(['spec.versions.0.deprecated', true], ['spec.versions.0.deprecationWarning', ''])),
    pass: () => one(a1(['spec.versions.0.deprecated', true], ['spec.versions.0.deprecationWarning', 'w'.repeat(256)])),
  },
  {
    id: 'KB035',
    path: 'spec.versions[1].schema.openAPIV3Schema',
    fail: () => one(a1(['spec.versions', [version('v1', { storage: false }), version('v2', { schema: { openAPIV3Schema: { type: 'object' } } })]])),
    pass: () => one(a1(['spec.versions', v1v2])),
  },
  { id: 'KB036', path: `${SCHEMA_PATH}.type`, fail: () => one(a1([`${SCHEMA}.type`, undefined])), pass: () => one(a1()) },
  {
    id: 'KB037',
    path: `${SCHEMA_PATH}.properties.spec.properties.size.type`,
    fail: () => one(a1([`${SCHEMA}.properties.spec.properties.size.type`, 'int'])),
    pass: () => one(a1([`${SCHEMA}.properties.spec.properties.size.type`, 'number'])),
  },
  {
    id: 'KB038',
    path: `${SCHEMA_PATH}.properties.spec.properties.tags.uniqueItems`,
    fail: () => one(a1([`${SCHEMA}.properties.spec.properties.tags`, { type: 'array', uniqueItems: true, items: { type: 'string' } }])),
    pass: () => one(a1([`${SCHEMA}.properties.spec.properties.tags`, { 'type': 'array', 'x-kubernetes-list-type': 'set', 'items': { type: 'string' } }])),
  },
  {
    id: 'KB039',
    path: `${SCHEMA_PATH}.properties.spec.x-kubernetes-preserve-unknown-fields`,
    fail: () => one(a1([`${SCHEMA}.properties.spec.x-kubernetes-preserve-unknown-fields`, false])),
    pass: () => one(a1([`${SCHEMA}.properties.spec.x-kubernetes-preserve-unknown-fields`, true])),
  },
  {
    id: 'KB040',
    path: `${SCHEMA_PATH}.properties.spec.properties.size.anyOf[0].type`,
    fail: () => one(a1([`${SCHEMA}.properties.spec.properties.size.anyOf`, [{ type: 'integer' }, { minimum: 0 }]])),
    pass: () => one(a1([`${SCHEMA}.properties.spec.properties.size.anyOf`, [{ maximum: 10 }, { minimum: 100 }]])),
  },
  {
    id: 'KB041',
    path: 'spec.versions[0]',
    fail: () => one(a1(['spec.versions.0.deprecated', true])),
    pass: () => one(a1(['spec.versions.0.deprecated', false])),
  },
  {
    id: 'KB042',
    path: 'spec.versions[0].name',
    fail: () => one(a1(['spec.versions.0.name', 'v1' + 'a'.repeat(61) + '1'])),
    pass: () => one(a1(['spec.versions.0.name', 'v1' + 'a'.repeat(60) + '1'])),
  },
  // --------------------------------------------------------------- printer columns
  { id: 'KB050', path: `${COLUMN}.name`, fail: () => one(a1(column({ name: '' }))), pass: () => one(a1(column({}))) },
  { id: 'KB051', path: `${COLUMN}.type`, fail: () => one(a1(column({ type: 'int' }))), pass: () => one(a1(column({ type: 'number' }))) },
  { id: 'KB052', path: `${COLUMN}.format`, fail: () => one(a1(column({ format: 'name' }))), pass: () => one(a1(column({ format: 'int64' }))) },
  { id: 'KB053', path: `${COLUMN}.jsonPath`, fail: () => one(a1(column({ jsonPath: 'spec.size' }))), pass: () => one(a1(column({ jsonPath: '.' }))) },
  { id: 'KB054', path: `${COLUMN}.priority`, fail: () => one(a1(column({ priority: -1 }))), pass: () => one(a1(column({ priority: 1 }))) },
  // --------------------------------------------------------------- subresources
  {
    id: 'KB060',
    path: `${SCALE}.specReplicasPath`,
    fail: () => one(a1(scale({ specReplicasPath: '.status.replicas' }))),
    pass: () => one(a1(scale({}))),
  },
  {
    id: 'KB061',
    path: `${SCALE}.statusReplicasPath`,
    fail: () => one(a1(scale({ statusReplicasPath: '.spec.replicas' }))),
    pass: () => one(a1(scale({}))),
  },
  {
    id: 'KB062',
    path: `${SCALE}.labelSelectorPath`,
    fail: () => one(a1(scale({ labelSelectorPath: '.metadata.labels' }))),
    pass: () => one(a1(scale({ labelSelectorPath: '.status.selector' }))),
  },
  // --------------------------------------------------------------- v1alpha1 export
  {
    id: 'KB070',
    path: 'spec.informerScope',
    fail: () => one(a1(['spec.scope', 'Cluster'], ['spec.clusterScopedIsolation', 'Prefixed'])),
    pass: () => one(a1(['spec.scope', 'Cluster'], ['spec.informerScope', 'Cluster'], ['spec.clusterScopedIsolation', 'Prefixed'])),
  },
  {
    id: 'KB071',
    path: 'spec.clusterScopedIsolation',
    fail: () => one(a1(['spec.scope', 'Cluster'], ['spec.informerScope', 'Cluster'])),
    pass: () => one(a1(['spec.scope', 'Cluster'], ['spec.informerScope', 'Cluster'], ['spec.clusterScopedIsolation', 'None'])),
  },
  { id: 'KB072', path: 'spec.clusterScopedIsolation', fail: () => one(a1(['spec.clusterScopedIsolation', 'Prefixed'])), pass: () => one(a1()) },
  // --------------------------------------------------------------- conversion
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
  // --------------------------------------------------------------- status and conditions
  { id: 'KB100', path: 'status.conditions[0].type', fail: () => one(bs(condition({ type: 'ready' }))), pass: () => one(bs(condition({ type: 'example.com/Ready' }))) },
  { id: 'KB101', path: 'status.conditions[0].status', fail: () => one(bs(condition({ status: 'Maybe' }))), pass: () => one(bs(condition({ status: 'Unknown' }))) },
  {
    id: 'KB102',
    path: 'status.conditions[0].severity',
    fail: () => one(bs(condition({ severity: 'Info' }))),
    pass: () => one(bs(condition({ status: 'False', severity: 'Info', reason: 'Pending' }))),
  },
  {
    id: 'KB103',
    path: 'status.conditions[0].severity',
    fail: () => one(bs(condition({ status: 'False', severity: 'Critical', reason: 'Broken' }))),
    pass: () => one(bs(condition({ status: 'False', severity: 'Error', reason: 'Broken' }))),
  },
  { id: 'KB104', path: 'status.conditions[0].reason', fail: () => one(bs(condition({ reason: '' }))), pass: () => one(bs(condition({ reason: 'AllGood' }))) },
  {
    id: 'KB105',
    path: 'status.conditions[1].type',
    fail: () => one(bs(['status.conditions', [0, 1].map(() => ({ type: 'Ready', status: 'True', lastTransitionTime: '2024-05-01T10:00:00Z' }))])),
    pass: () => one(bs(condition({}))),
  },
  { id: 'KB106', path: 'status.storedVersions[0]', fail: () => one(bs(['status.storedVersions', ['v0alpha1']])), pass: () => one(bs(['status.storedVersions', ['v1']])) },
  { id: 'KB107', path: 'status.instantiations', fail: () => one(bs(['status.instantiations', -1])), pass: () => one(bs(['status.instantiations', 0])) },
  // --------------------------------------------------------------- v1alpha2 export
  { id: 'KB120', path: 'spec.resources', fail: () => one(a2(['spec.resources', []])), pass: () => one(a2()) },
  { id: 'KB121', path: 'spec.resources[0].group', fail: () => one(a2(['spec.resources.0.group', 'Example.com'])), pass: () => one(a2()) },
  { id: 'KB122', path: 'spec.resources[0].resource', fail: () => one(a2(['spec.resources.0.resource', 'Widgets'])), pass: () => one(a2()) },
  {
    id: 'KB123',
    path: 'spec.resources[1]',
    fail: () => one(a2(['spec.resources.1', { group: 'example.com', resource: 'widgets' }])),
    pass: () => one(a2(['spec.resources.1', { group: 'example.com', resource: 'gadgets' }])),
  },
  { id: 'KB124', path: 'spec.resources[0].versions[0]', fail: () => one(a2(['spec.resources.0.versions', ['V1']])), pass: () => one(a2()) },
  { id: 'KB125', path: 'spec.resources[0].versions[1]', fail: () => one(a2(['spec.resources.0.versions', ['v1', 'v1']])), pass: () => one(a2()) },
  {
    id: 'KB126',
    path: 'spec.resources[0].group',
    fail: () => one(a2(['spec.resources.0', { group: '', resource: 'pods' }])),
    pass: () => one(a2()),
  },
  { id: 'KB127', path: 'spec.clusterScopedIsolation', fail: () => one(a2(['spec.clusterScopedIsolation', 'Prefixed'])), pass: () => one(a2()) },
  { id: 'KB128', path: 'spec.clusterScopedIsolation', fail: () => one(a2(['spec.clusterScopedIsolation', 'None'])), pass: () => one(a2()) },
  // --------------------------------------------------------------- permission claims
  { id: 'KB140', path: `${CLAIM}.group`, fail: () => one(a2(claim({ group: 'Apps' }))), pass: () => one(a2(claim({}))) },
  { id: 'KB141', path: `${CLAIM}.resource`, fail: () => one(a2(claim({ resource: 'ConfigMaps' }))), pass: () => one(a2(claim({}))) },
  {
    id: 'KB142',
    path: 'spec.permissionClaims[1]',
    fail: () => one(a2(['spec.permissionClaims', [0, 1].map(() => ({ resource: 'configmaps', selector: { namedResources: [{ name: 'settings' }] } }))])),
    pass: () => one(a2(claim({}))),
  },
  { id: 'KB143', path: `${CLAIM}.resource`, fail: () => one(a2(claim({ group: 'apps', resource: 'deployments' }))), pass: () => one(a2(claim({}))) },
  { id: 'KB144', path: SELECTOR, fail: () => one(a2(claim({ selector: {} }))), pass: () => one(a2(claim({}))) },
  {
    id: 'KB145',
    path: `${SELECTOR}.labelSelector`,
    fail: () => one(a2(claim({ selector: { labelSelector: {} } }))),
    pass: () => one(a2(claim({ selector: { labelSelector: { matchLabels: { app: 'widgets' } } } }))),
  },
  {
    id: 'KB146',
    path: `${SELECTOR}.labelSelector.matchLabels[bad key!]`,
    fail: () => one(a2(claim({ selector: { labelSelector: { matchLabels: { 'bad key!': 'x' } } } }))),
    pass: () => one(a2(claim({ selector: { labelSelector: { matchLabels: { 'app.kubernetes.io/name': 'x' } } } }))),
  },
  {
    id: 'KB147',
    path: `${SELECTOR}.labelSelector.matchLabels.app`,
    fail: () => one(a2(claim({ selector: { labelSelector: { matchLabels: { app: 'has space' } } } }))),
    pass: () => one(a2(claim({ selector: { labelSelector: { matchLabels: { app: 'has-space' } } } }))),
  },
  {
    id: 'KB148',
    path: `${SELECTOR}.labelSelector.matchExpressions[0].operator`,
    fail: () => one(a2(claim({ selector: { labelSelector: { matchExpressions: [{ key: 'app', operator: 'Equals', values: ['x'] }] } } }))),
    pass: () => one(a2(claim({ selector: { labelSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['x'] }] } } }))),
  },
  {
    id: 'KB149',
    path: `${SELECTOR}.labelSelector.matchExpressions[0].values`,
    fail: () => one(a2(claim({ selector: { labelSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: [] }] } } }))),
    pass: () => one(a2(claim({ selector: { labelSelector: { matchExpressions: [{ key: 'app', operator: 'Exists', values: [] }] } } }))),
  },
  {
    id: 'KB150',
    path: `${SELECTOR}.namedResources[0].name`,
    fail: () => one(a2(claim({ selector: { namedResources: [{ name: 'Not A Name' }] } }))),
    pass: () => one(a2(claim({ selector: { namedResources: [{ name: 'settings.v2' }] } }))),
  },
  {
    id: 'KB151',
    path: `${SELECTOR}.namedResources[0].namespace`,
    fail: () => one(a2(claim({ selector: { namedResources: [{ name: 'settings', namespace: 'Bad_NS' }] } }))),
    pass: () => one(a2(claim({ selector: { namedResources: [{ name: 'settings', namespace: 'team-a' }] } }))),
  },
  {
    id: 'KB152',
    path: `${SELECTOR}.namedResources[0].namespace`,
    fail: () => one(a2(['spec.isolation', 'Namespaced'], claim({ selector: { namedResources: [{ name: 'settings', namespace: 'team-a' }] } }))),
    pass: () => one(a2(['spec.isolation', 'Namespaced'], claim({}))),
  },
  { id: 'KB153', path: `${REFERENCE}.jsonPath`, fail: () => one(a2(reference({ jsonPath: {} }))), pass: () => one(a2(reference({}))) },
  {
    id: 'KB154',
    path: `${REFERENCE}.jsonPath.name`,
    fail: () => one(a2(reference({ jsonPath: { name: '.spec.secretName' } }))),
    pass: () => one(a2(reference({}))),
  },
  {
    id: 'KB155',
    path: REFERENCE,
    fail: () => one(a2(reference({ resource: 'gadgets', versions: undefined }))),
    pass: () => one(a2(reference({ versions: undefined }))),
  },
  { id: 'KB156', path: REFERENCE, fail: () => one(a2(reference({ resource: 'gadgets' }))), pass: () => one(a2(reference({}))) },
  { id: 'KB157', path: `${REFERENCE}.versions[0]`, fail: () => one(a2(reference({ versions: ['V1'] }))), pass: () => one(a2(reference({}))) },
  // --------------------------------------------------------------- across objects
  {
    id: 'KB170',
    path: 'spec.resources[0]',
    fail: () => ({ objects: [a2(), clusterBs()] }),
    pass: () => ({ objects: [a2(['spec.informerScope', 'Cluster']), clusterBs()] }),
  },
  {
    id: 'KB171',
    path: 'spec.resources[0].versions[0]',
    fail: () => ({ objects: [a2(['spec.resources.0.versions', ['v3']]), bs()] }),
    pass: () => ({ objects: [a2(), bs()] }),
  },
  {
    id: 'KB172',
    path: 'apiVersion',
    // Far from the configured group (a group near it is KB001's error), beside an object of the configured group.
    fail: () => ({ objects: [a2(), a2(['apiVersion', 'bind.example.org/v1alpha2'], ['metadata.name', 'gadgets'])], target: 1 }),
    pass: () => ({ objects: [a2(), a2(['metadata.name', 'gadgets'])] }),
    noCli: 'the command line checks only objects of the configured group, and those whose group KB001 reports (near it, or no valid group)',
  },
  {
    id: 'KB173',
    path: 'spec.group',
    fail: () => ({ objects: [a2(), kubeBindCrd('apiserviceexports', 'APIServiceExport', 'other.io')], target: 1 }),
    pass: () => ({ objects: [a2(), kubeBindCrd('apiserviceexports', 'APIServiceExport', 'kube-bind.io')] }),
  },
  {
    id: 'KB180',
    path: 'spec.versions[0].selectableFields',
    fail: () => one(crd(['spec.versions.0.selectableFields', [{ jsonPath: '.spec.size' }]])),
    pass: () => one(crd()),
    noConstruct: 'the constructs render kube-bind objects; a CustomResourceDefinition is checked by validate and the cdk8s-cli plugin',
  },
  {
    id: 'KB174',
    path: 'spec.names.plural',
    fail: () => ({ objects: [bs(['metadata.name', 'widgets-a']), bs(['metadata.name', 'widgets-b'])], target: 1 }),
    pass: () => ({ objects: [bs(['metadata.name', 'widgets-a']), bs(['metadata.name', 'widgets-b'], ['metadata.namespace', 'other'])] }),
  },
  {
    id: 'KB175',
    path: 'spec.resources[1]',
    fail: () => ({ objects: [a2(['spec.resources.1', { group: 'example.com', resource: 'gadgets' }], ['spec.informerScope', 'Cluster']), bs(), gadgets(['spec.scope', 'Cluster'], ['spec.informerScope', 'Cluster'])] }),
    pass: () => ({ objects: [a2(['spec.resources.1', { group: 'example.com', resource: 'gadgets' }]), bs(), gadgets()] }),
  },
  {
    id: 'KB176',
    path: 'spec.resources[0]',
    fail: () => ({ objects: [a2(), bs(['metadata.namespace', 'other'])] }),
    pass: () => ({ objects: [a2(), bs()] }),
  },
  {
    id: 'KB177',
    path: 'spec.names.shortNames[0]',
    fail: () => ({ objects: [bs(['spec.names.shortNames', ['wd']]), gadgets(['spec.names.shortNames', ['wd']])], target: 1 }),
    pass: () => ({ objects: [bs(['spec.names.shortNames', ['wd']]), gadgets(['spec.names.shortNames', ['gd']])] }),
  },
  // --------------------------------------------------------------- updates
  {
    id: 'KB190',
    path: 'spec.versions',
    fail: () => ({ objects: [bs(['spec.versions', [version('v2')]])], previous: [bs(['spec.versions', [version('v1'), version('v2', { storage: false })]])] }),
    pass: () => ({ objects: [bs(['spec.versions', v1v2])], previous: [bs()] }),
  },
  {
    id: 'KB191',
    path: 'spec.informerScope',
    fail: () => ({ objects: [a2(['spec.informerScope', 'Cluster'])], previous: [a2()] }),
    pass: () => ({ objects: [a2(claim({}))], previous: [a2()] }),
  },
  {
    id: 'KB192',
    path: 'spec.versions[1].storage',
    fail: () => ({ objects: [bs(['spec.versions', v1v2])], previous: [bs(['spec.versions', [version('v1'), version('v2', { storage: false })]])] }),
    pass: () => ({ objects: [bs(['spec.versions', [version('v1'), version('v2', { storage: false })]])], previous: [bs()] }),
  },
  {
    id: 'KB193',
    path: 'spec.group',
    fail: () => ({ objects: [bs(['spec.group', 'example.org'])], previous: [bs()] }),
    pass: () => ({ objects: [bs(['spec.names.shortNames', ['wd']])], previous: [bs()] }),
  },
  {
    id: 'KB194',
    path: 'spec.scope',
    fail: () => ({ objects: [clusterBs()], previous: [bs(['spec.informerScope', 'Cluster'])] }),
    pass: () => ({ objects: [bs(['spec.informerScope', 'Cluster'])], previous: [bs()] }),
  },
  {
    id: 'KB195',
    path: '',
    fail: () => ({ objects: [bs()], previous: [bs(['metadata.name', 'other'])] }),
    pass: () => ({ objects: [bs()], previous: [bs()] }),
    noCli: 'validate --previous pairs each object with the previous object of the same group, kind, namespace and name, so the two are always one object',
    noConstruct: 'UpdateCheck pairs objects the same way as validate --previous; only validateUpdate called directly can compare two different objects',
  },
];

/** A kube-bind CRD (only what the checks across objects read). */
function kubeBindCrd(plural: string, kind: string, group: string): Manifest {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: { group, names: { kind, plural }, scope: 'Namespaced', versions: [{ name: 'v1alpha2', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }] },
  };
}
