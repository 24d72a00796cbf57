/**
 * What the rules' scenarios are made of: three valid objects (a v1alpha1
 * export, a BoundSchema, a v1alpha2 export) and the CustomResourceDefinition
 * a BoundSchema mirrors, small edits of them, and the shapes of a scenario.
 * Each family's scenarios (`<family>.scenarios.ts`) build on these; the tests
 * run them through the CLI and the constructs, and docs/rules.md quotes what
 * the engine reports on them. Not loaded by the library at run time.
 */
import type { Severity } from './violation';
import type { Manifest } from '../../model/manifest';

/** The objects of one scenario, checked together; `previous` holds the stored states for update rules. */
export interface Scenario {
  readonly objects: Manifest[];
  /** Index of the object the rule reports on (default 0). */
  readonly target?: number;
  readonly previous?: Manifest[];
}

export interface RuleScenarios {
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

export function version(name: string, extra: Manifest = {}): Manifest {
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

export const one = (m: Manifest): Scenario => ({ objects: [m] });

export const SCHEMA = 'spec.versions.0.schema.openAPIV3Schema';
export const SCHEMA_PATH = 'spec.versions[0].schema.openAPIV3Schema';
export const COLUMN = 'spec.versions[0].additionalPrinterColumns[0]';
export const column = (c: Manifest): Edit => ['spec.versions.0.additionalPrinterColumns', [{ name: 'Size', type: 'integer', jsonPath: '.spec.size', ...c }]];
export const SCALE = 'spec.versions[0].subresources.scale';
export const scale = (s: Manifest): Edit => ['spec.versions.0.subresources', { scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', ...s } }];
export const CA = [
  '-----BEGIN CERTIFICATE-----',
  'MIIBdjCCAR2gAwIBAgIUFf0e0Hc7tZ7XgQJ6vN9m0mQ7f1gwCgYIKoZIzj0EAwIw',
  '-----END CERTIFICATE-----',
].join('\n');
export const webhook = (over: Manifest = {}): Edit => ['spec.conversion', {
  strategy: 'Webhook',
  webhook: { clientConfig: { url: 'https://convert.example.com/convert' }, conversionReviewVersions: ['v1'], ...over },
}];
export const twoVersions: Edit = ['spec.versions', [version('v1', { storage: false }), version('v2')]];
export const WEBHOOK = 'spec.conversion.webhook';
export const condition = (c: Manifest): Edit => ['status.conditions', [{ type: 'Ready', status: 'True', lastTransitionTime: '2024-05-01T10:00:00Z', ...c }]];
export const claim = (c: Manifest): Edit => ['spec.permissionClaims', [{ group: '', resource: 'configmaps', selector: { namedResources: [{ name: 'settings' }] }, ...c }]];
export const CLAIM = 'spec.permissionClaims[0]';
export const SELECTOR = `${CLAIM}.selector`;
export const reference = (r: Manifest): Edit => claim({
  resource: 'secrets',
  selector: { references: [{ group: 'example.com', resource: 'widgets', versions: ['v1'], jsonPath: { name: 'spec.secretName' }, ...r }] },
});
export const REFERENCE = `${SELECTOR}.references[0]`;
/** A second BoundSchema of the same group, for gadgets. */
export const gadgets = (...edits: Edit[]): Manifest => bs(['metadata.name', 'gadgets.example.com'],
  ['spec.names', { kind: 'Gadget', plural: 'gadgets', singular: 'gadget', listKind: 'GadgetList' }], ...edits);
export const clusterBs = (): Manifest => bs(['spec.scope', 'Cluster'], ['spec.informerScope', 'Cluster']);
export const v1v2 = [version('v1', { storage: false }), version('v2')];


/** A kube-bind CRD (only what the checks across objects read). */
export function kubeBindCrd(plural: string, kind: string, group: string): Manifest {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: { group, names: { kind, plural }, scope: 'Namespaced', versions: [{ name: 'v1alpha2', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }] },
  };
}

// ---------------------------------------------------------------------------
// The provider side: a labelled CRD, a template over it, and what names templates

const TEMPLATE: Manifest = {
  apiVersion: 'kube-bind.io/v1alpha2',
  kind: 'APIServiceExportTemplate',
  metadata: { name: 'widgets' },
  spec: { scope: 'Namespaced', resources: [{ group: 'example.com', resource: 'widgets', versions: ['v1'] }] },
};

/** A template of the widgets (the resource of `exportedCrd`). */
export const tpl = (...edits: Edit[]): Manifest => edit(TEMPLATE, edits);

/** An export request as the backend makes it of `tpl`, in a consumer's namespace on the provider. */
export const req = (...edits: Edit[]): Manifest => edit({
  apiVersion: 'kube-bind.io/v1alpha2',
  kind: 'APIServiceExportRequest',
  metadata: { name: 'widgets', namespace: NAMESPACE },
  spec: { resources: TEMPLATE.spec.resources },
}, edits);

/** The widgets' CRD, labelled for export. */
export const exportedCrd = (...edits: Edit[]): Manifest => edit(CRD, [['metadata.labels', { 'kube-bind.io/exported': 'true' }], ...edits]);

/** A Collection of the template `widgets`. */
export const coll = (...edits: Edit[]): Manifest => edit({
  apiVersion: 'kube-bind.io/v1alpha2',
  kind: 'Collection',
  metadata: { name: 'all' },
  spec: { templates: [{ name: 'widgets' }] },
}, edits);

/** A backend-only request for the template `widgets`. */
export const brr = (...edits: Edit[]): Manifest => edit({
  apiVersion: 'kube-bind.io/v1alpha2',
  kind: 'BindableResourcesRequest',
  metadata: { name: 'cluster-a', namespace: NAMESPACE },
  spec: { author: 'platform-team', clusterIdentity: { identity: 'cluster-a' }, templateRef: { name: 'widgets' } },
}, edits);

/** A ClusterBinding as kube-bind's backend writes it, in a consumer's namespace on the provider (consumer-side kinds have no construct). */
export const clusterBinding = (...edits: Edit[]): Manifest => edit({
  apiVersion: 'kube-bind.io/v1alpha2',
  kind: 'ClusterBinding',
  metadata: { name: 'cluster', namespace: NAMESPACE },
  spec: { kubeconfigSecretRef: { name: 'kubeconfig', key: 'kubeconfig' }, providerPrettyName: 'Widgets Inc.' },
}, edits);

/** An APIServiceBinding as `kubectl bind` writes it on the consumer cluster. */
export const binding = (...edits: Edit[]): Manifest => edit({
  apiVersion: 'kube-bind.io/v1alpha2',
  kind: 'APIServiceBinding',
  metadata: { name: 'widgets.example.com' },
  spec: { kubeconfigSecretRef: { name: 'kubeconfig-widgets', namespace: 'kube-bind', key: 'kubeconfig' } },
}, edits);

/** An APIServiceNamespace as the konnector writes it, named like the consumer namespace. */
export const serviceNamespace = (...edits: Edit[]): Manifest => edit({
  apiVersion: 'kube-bind.io/v1alpha2',
  kind: 'APIServiceNamespace',
  metadata: { name: 'default', namespace: NAMESPACE },
  spec: {},
}, edits);
