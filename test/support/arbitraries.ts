/**
 * fast-check generators for the property tests: props the constructs accept
 * (names, versions, printer columns, subresources, conversion, exports with
 * resources and cdk8s-plus permission claims), plain manifests of each of our
 * kinds built directly, plain CRDs, and single-field mutations.
 *
 * The generators aim at valid input; a property that needs validity checks
 * it (the constructs throw, or the rules report an error) and discards the
 * rest with `fc.pre`, so the generators may be a little generous.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import * as fc from 'fast-check';
import {
  ApiServiceExport, ApiServiceExportV1Alpha1, BoundSchema, Conversion, InformerScope, Isolation, PermissionClaim, PrinterColumn,
  PrinterColumnFormat, PrinterColumnType, ResourceNames, ResourceVersion, Scope, Subresources,
} from '../../src';

export const CA_PEM = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'webhook-ca.pem'), 'utf8');

// ---------------------------------------------------------------------------
// Names

/** A lowercase DNS-1035 label. */
export const dnsLabel = fc.stringMatching(/^[a-z][a-z0-9]{0,5}(-[a-z0-9]{1,4})?$/);

/**
 * An API group of a custom resource: a DNS subdomain with a dot, outside
 * Kubernetes' own groups. Its first label has two characters or more: kube-bind's
 * pattern for exported groups refuses `a.example.com` (see engine-vs-checker.test.ts).
 */
export const crdGroup = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{1,5}(-[a-z0-9]{1,4})?$/), fc.constantFrom('example.com', 'example.org', 'test.dev', 'acme.io'))
  .map(([a, b]) => `${a}.${b}`);

export const kindName = fc.stringMatching(/^[A-Z][a-z]{2,7}([A-Z][a-z]{1,5})?$/);

export const resourceNames: fc.Arbitrary<ResourceNames> = fc.record({
  kind: kindName,
  shortNames: fc.option(fc.uniqueArray(fc.stringMatching(/^[a-z]{2,4}$/), { minLength: 1, maxLength: 2 }), { nil: undefined }),
  categories: fc.option(fc.uniqueArray(fc.constantFrom('all', 'widgets', 'acme'), { minLength: 1, maxLength: 2 }), { nil: undefined }),
  explicit: fc.boolean(),
}).map(({ kind, shortNames, categories, explicit }) => ({
  kind,
  plural: `${kind.toLowerCase()}s`,
  ...(explicit ? { singular: kind.toLowerCase(), listKind: `${kind}List` } : {}),
  ...(shortNames ? { shortNames } : {}),
  ...(categories ? { categories } : {}),
}));

export const VERSION_NAMES = ['v1', 'v2', 'v3', 'v1alpha1', 'v1beta1', 'v2alpha1', 'v2beta3', 'v10'];

// ---------------------------------------------------------------------------
// Schemas

const leafSchema = fc.oneof(
  fc.record({ type: fc.constant('string') }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('string'), enum: fc.uniqueArray(fc.stringMatching(/^[A-Z][a-z]{1,6}$/), { minLength: 1, maxLength: 3 }) }),
  fc.record({ type: fc.constant('integer'), minimum: fc.integer({ min: 0, max: 10 }) }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('boolean'), default: fc.boolean() }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('number') }),
  fc.record({ 'type': fc.constant('object'), 'x-kubernetes-preserve-unknown-fields': fc.constant(true) }),
  fc.record({ type: fc.constant('array'), items: fc.constant({ type: 'string' }) }),
);

const propertyName = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,8}$/);

/** A structural OpenAPI schema of a custom resource with random fields under spec and status. */
export const userSchema = fc.record({
  spec: fc.dictionary(propertyName, leafSchema, { maxKeys: 4 }),
  status: fc.dictionary(propertyName, leafSchema, { maxKeys: 3 }),
  description: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
}).map(({ spec, status, description }) => ({
  type: 'object',
  ...(description !== undefined ? { description } : {}),
  properties: {
    spec: { type: 'object', properties: { replicas: { type: 'integer' }, ...spec } },
    status: { type: 'object', properties: { replicas: { type: 'integer' }, selector: { type: 'string' }, ...status } },
  },
}));

// ---------------------------------------------------------------------------
// Versions, printer columns, subresources, conversion

export const printerColumn: fc.Arbitrary<PrinterColumn> = fc.record({
  name: fc.stringMatching(/^[A-Z][a-zA-Z]{0,8}( [A-Z][a-z]{0,4})?$/),
  type: fc.constantFrom(...Object.values(PrinterColumnType)),
  jsonPath: fc.constantFrom('.spec.replicas', '.status.replicas', '.status.selector', '.metadata.name', '.metadata.creationTimestamp', '.spec'),
  format: fc.option(fc.constantFrom(...Object.values(PrinterColumnFormat)), { nil: undefined }),
  description: fc.option(fc.string({ maxLength: 30 }), { nil: undefined }),
  priority: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
}).map(c => Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)) as unknown as PrinterColumn);

export const printerColumns = fc.uniqueArray(printerColumn, { selector: c => c.name, maxLength: 3 });

export const subresources: fc.Arbitrary<Subresources> = fc.record({
  status: fc.option(fc.boolean(), { nil: undefined }),
  scale: fc.option(fc.record({
    specReplicasPath: fc.constant('.spec.replicas'),
    statusReplicasPath: fc.constant('.status.replicas'),
    labelSelectorPath: fc.option(fc.constant('.status.selector'), { nil: undefined }),
  }).map(({ labelSelectorPath, ...paths }) => (labelSelectorPath === undefined ? paths : { ...paths, labelSelectorPath })), { nil: undefined }),
}).map(s => Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)));

/** Versions with unique names, at most one storage flag set, optional deprecation, columns and subresources. */
export const versions: fc.Arbitrary<ResourceVersion[]> = fc.uniqueArray(fc.constantFrom(...VERSION_NAMES), { minLength: 1, maxLength: 4 })
  .chain(names => fc.tuple(
    fc.constant(names),
    fc.option(fc.nat({ max: names.length - 1 }), { nil: undefined }),
    fc.array(fc.record({
      served: fc.option(fc.boolean(), { nil: undefined }),
      deprecated: fc.option(fc.boolean(), { nil: undefined }),
      warning: fc.option(fc.stringMatching(/^[A-Za-z][A-Za-z0-9 .,;:/-]{0,60}$/), { nil: undefined }),
      columns: fc.option(printerColumns, { nil: undefined }),
      subresources: fc.option(subresources, { nil: undefined }),
    }), { minLength: names.length, maxLength: names.length }),
  ))
  .map(([names, storage, extras]) => names.map((name, i) => {
    const e = extras[i];
    const version: { -readonly [K in keyof ResourceVersion]: ResourceVersion[K] } = { name };
    if (e.served !== undefined) version.served = e.served;
    if (storage !== undefined) version.storage = storage === i;
    if (e.deprecated !== undefined) version.deprecated = e.deprecated;
    if (e.deprecated === true && e.warning !== undefined) version.deprecationWarning = e.warning;
    if (e.columns !== undefined) version.printerColumns = e.columns;
    if (e.subresources !== undefined) version.subresources = e.subresources;
    return version;
  }));

export const conversion: fc.Arbitrary<Conversion | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constant(Conversion.none()),
  fc.record({
    host: fc.tuple(dnsLabel, fc.constantFrom('example.com', 'svc.test')).map(([a, b]) => `${a}.${b}`),
    port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
    path: fc.option(fc.stringMatching(/^\/[a-z]{1,8}(\/[a-z]{1,8})?$/), { nil: undefined }),
    ca: fc.boolean(),
    reviewVersions: fc.constantFrom<string[] | undefined>(['v1'], ['v1', 'v1beta1'], undefined),
  }).map(w => Conversion.webhook({
    url: `https://${w.host}${w.port !== undefined ? `:${w.port}` : ''}${w.path ?? ''}`,
    ...(w.ca ? { caBundle: CA_PEM } : {}),
    ...(w.reviewVersions ? { conversionReviewVersions: w.reviewVersions } : {}),
  })),
);

// ---------------------------------------------------------------------------
// Construct props

export interface DefinitionProps {
  readonly group: string;
  readonly names: ResourceNames;
  readonly scope: Scope;
  readonly schema: any;
  readonly versions: ResourceVersion[];
  readonly printerColumns?: PrinterColumn[];
  readonly subresources?: Subresources;
}

export const definitionProps: fc.Arbitrary<DefinitionProps> = fc.record({
  group: crdGroup,
  names: resourceNames,
  scope: fc.constantFrom(Scope.NAMESPACED, Scope.CLUSTER),
  schema: userSchema,
  versions,
  printerColumns: fc.option(printerColumns, { nil: undefined }),
  subresources: fc.option(subresources, { nil: undefined }),
}).map(p => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as unknown as DefinitionProps);

export const boundSchemaProps = fc.record({
  definition: definitionProps,
  informerScope: fc.option(fc.constantFrom(InformerScope.CLUSTER, InformerScope.NAMESPACED), { nil: undefined }),
  conversion,
  addLater: fc.nat({ max: 2 }),
});

export const v1alpha1Props = fc.record({
  definition: definitionProps,
  isolation: fc.constantFrom(Isolation.PREFIXED, Isolation.NAMESPACED, Isolation.NONE),
  namespacedInformer: fc.boolean(),
});

const labelKey = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/),
  fc.tuple(crdGroup, fc.stringMatching(/^[a-z][a-z0-9-]{0,6}[a-z0-9]$/)).map(([p, n]) => `${p}/${n}`),
);
const labelValue = fc.stringMatching(/^([a-zA-Z0-9]([a-zA-Z0-9._-]{0,10}[a-zA-Z0-9])?)?$/);

/** The ingredients of a permission claim; `references` point at the export's BoundSchemas by index. */
export const claimSpec = fc.record({
  resource: fc.constantFrom('secrets', 'configmaps', 'serviceaccounts'),
  matchLabels: fc.dictionary(labelKey, labelValue, { maxKeys: 2 }),
  expressions: fc.array(fc.oneof(
    fc.tuple(fc.constant('in'), labelKey, fc.uniqueArray(labelValue, { minLength: 1, maxLength: 3 })),
    fc.tuple(fc.constant('notIn'), labelKey, fc.uniqueArray(labelValue, { minLength: 1, maxLength: 3 })),
    fc.tuple(fc.constant('exists'), labelKey, fc.constant([] as string[])),
    fc.tuple(fc.constant('doesNotExist'), labelKey, fc.constant([] as string[])),
  ), { maxLength: 2 }),
  named: fc.array(fc.record({ name: dnsLabel, namespace: fc.option(dnsLabel, { nil: undefined }) }), { maxLength: 2 }),
  namedSecret: fc.option(dnsLabel, { nil: undefined }),
  references: fc.array(fc.record({ target: fc.nat(), nameField: propertyName, withNamespace: fc.boolean() }), { maxLength: 2 }),
}).filter(c => Object.keys(c.matchLabels).length + c.expressions.length + c.named.length + c.references.length > 0 || c.namedSecret !== undefined);

export const exportProps = fc.record({
  schemas: fc.array(boundSchemaProps, { minLength: 0, maxLength: 2 }),
  triples: fc.array(fc.record({
    group: crdGroup,
    resource: dnsLabel.map(l => `${l}s`),
    versions: fc.option(fc.uniqueArray(fc.constantFrom(...VERSION_NAMES), { minLength: 1, maxLength: 2 }), { nil: undefined }),
  }), { maxLength: 2 }),
  isolation: fc.option(fc.constantFrom(Isolation.PREFIXED, Isolation.NAMESPACED, Isolation.NONE), { nil: undefined }),
  informerScope: fc.option(fc.constantFrom(InformerScope.CLUSTER, InformerScope.NAMESPACED), { nil: undefined }),
  claims: fc.uniqueArray(claimSpec, { selector: c => c.resource, maxLength: 3 }),
  viaAdd: fc.boolean(),
}).filter(p => p.schemas.length + p.triples.length > 0);

export type ExportProps = typeof exportProps extends fc.Arbitrary<infer T> ? T : never;
export type BoundSchemaPropsSample = typeof boundSchemaProps extends fc.Arbitrary<infer T> ? T : never;

// ---------------------------------------------------------------------------
// Building constructs from samples

export function buildBoundSchema(chart: Chart, id: string, p: BoundSchemaPropsSample): BoundSchema {
  const { versions: all, ...rest } = p.definition;
  const later = Math.min(p.addLater, all.length - 1);
  const schema = new BoundSchema(chart, id, {
    ...rest,
    versions: all.slice(0, all.length - later),
    ...(p.informerScope ? { informerScope: p.informerScope } : {}),
    ...(p.conversion ? { conversion: p.conversion } : {}),
  });
  for (const v of all.slice(all.length - later)) schema.addVersion(v);
  return schema;
}

export function buildV1alpha1(chart: Chart, id: string, p: typeof v1alpha1Props extends fc.Arbitrary<infer T> ? T : never): ApiServiceExportV1Alpha1 {
  const cluster = p.definition.scope === Scope.CLUSTER;
  return new ApiServiceExportV1Alpha1(chart, id, {
    ...p.definition,
    informerScope: cluster || !p.namespacedInformer ? InformerScope.CLUSTER : InformerScope.NAMESPACED,
    ...(cluster ? { clusterScopedIsolation: p.isolation } : {}),
  });
}

const LABEL_EXPRESSIONS = {
  in: (k: string, v: string[]) => kplus.LabelExpression.in(k, v),
  notIn: (k: string, v: string[]) => kplus.LabelExpression.notIn(k, v),
  exists: (k: string) => kplus.LabelExpression.exists(k),
  doesNotExist: (k: string) => kplus.LabelExpression.doesNotExist(k),
};

const CLAIMABLE: { [resource: string]: kplus.IApiResource } = {
  secrets: kplus.ApiResource.SECRETS,
  configmaps: kplus.ApiResource.CONFIG_MAPS,
  serviceaccounts: kplus.ApiResource.SERVICE_ACCOUNTS,
};

/** `name` when the schema declares spec.<name>, else `replicas`, which every generated schema declares: what a reference may read (KB178). */
export function declaredUnderSpec(schema: BoundSchemaPropsSample, name: string): string {
  const fields = schema.definition.schema?.properties?.spec?.properties ?? {};
  return Object.prototype.hasOwnProperty.call(fields, name) ? name : 'replicas';
}

/** Builds the BoundSchemas, the export, and its claims (with cdk8s-plus resources) in `chart`. */
export function buildExport(chart: Chart, p: ExportProps): ApiServiceExport {
  const schemas = p.schemas.map((s, i) => buildBoundSchema(chart, `schema${i}`, s));
  const resources = [...p.triples.map(t => ({ group: t.group, resource: t.resource, ...(t.versions ? { versions: t.versions } : {}) }))];
  const claims = p.claims.map((c, ci) => {
    const claim = new PermissionClaim({
      resource: CLAIMABLE[c.resource],
      ...(Object.keys(c.matchLabels).length > 0 ? { matchLabels: c.matchLabels } : {}),
      ...(c.expressions.length > 0
        ? { matchExpressions: c.expressions.map(([op, k, v]) => LABEL_EXPRESSIONS[op as keyof typeof LABEL_EXPRESSIONS](k, v)) }
        : {}),
      ...(c.named.length > 0 ? { namedResources: c.named } : {}),
      ...(c.references.length > 0 && schemas.length > 0 ? {
        references: c.references.map(r => ({
          resource: schemas[r.target % schemas.length],
          // A field the target's schema declares (KB178 refuses others); every schema here declares spec.replicas.
          jsonPath: { name: `spec.${declaredUnderSpec(p.schemas[r.target % schemas.length], r.nameField)}`, ...(r.withNamespace ? { namespace: 'metadata.namespace' } : {}) },
        })),
      } : {}),
    });
    if (c.namedSecret !== undefined && c.resource === 'secrets') {
      claim.addNamedResource(new kplus.Secret(chart, `secret${ci}`, { metadata: { name: c.namedSecret } }));
    }
    return claim;
  });
  const common = {
    ...(p.isolation ? { isolation: p.isolation } : {}),
    ...(p.informerScope ? { informerScope: p.informerScope } : {}),
  };
  if (!p.viaAdd) return new ApiServiceExport(chart, 'export', { ...common, schemas, resources, permissionClaims: claims });
  const e = new ApiServiceExport(chart, 'export', common);
  schemas.forEach(s => e.addSchema(s));
  resources.forEach(r => e.addResource(r));
  claims.forEach(c => e.addPermissionClaim(c));
  return e;
}

// ---------------------------------------------------------------------------
// Plain manifests, built directly

function plainVersions(kindOfSchema: 'bound' | 'v1alpha1') {
  const versionNames = fc.uniqueArray(fc.constantFrom(...VERSION_NAMES), { minLength: 1, maxLength: 3 });
  return fc.tuple(versionNames, userSchema, fc.nat(), fc.boolean(), printerColumns)
    .map(([names, schema, storage, withColumns, columns]) => names.map((name, i) => ({
      name,
      served: true,
      storage: i === storage % names.length,
      schema: { openAPIV3Schema: schema },
      ...(withColumns && columns.length > 0 ? { additionalPrinterColumns: columns } : {}),
      ...(kindOfSchema === 'bound' && i === 0 ? { subresources: { status: {} } } : {}),
    })));
}

const conditions = fc.array(fc.record({
  type: fc.constantFrom('Ready', 'Established', 'example.com/Synced'),
  status: fc.constantFrom('True', 'False', 'Unknown'),
  reason: fc.constantFrom('AllGood', 'Pending'),
  message: fc.string({ maxLength: 10 }),
  lastTransitionTime: fc.constantFrom('2025-01-01T00:00:00Z', '2024-06-30T12:34:56.789+02:00'),
}), { maxLength: 2 }).map(cs => {
  const seen = new Set<string>();
  return cs.filter(c => !seen.has(c.type) && seen.add(c.type)).map(c => (c.status === 'False' ? { ...c, severity: 'Warning' } : c));
});

export const boundSchemaManifest = fc.record({
  group: crdGroup,
  names: resourceNames,
  scope: fc.constantFrom('Cluster', 'Namespaced'),
  informerScope: fc.constantFrom('Cluster', 'Namespaced'),
  versions: plainVersions('bound'),
  withStatus: fc.boolean(),
  conditions,
  conversion: fc.constantFrom(undefined, { strategy: 'None' }),
  namespace: fc.option(dnsLabel, { nil: undefined }),
}).map(p => ({
  apiVersion: 'kube-bind.io/v1alpha2',
  kind: 'BoundSchema',
  metadata: { name: `${p.names.plural}.${p.group}`, ...(p.namespace ? { namespace: p.namespace } : {}) },
  spec: {
    group: p.group,
    names: p.names,
    scope: p.scope,
    informerScope: p.informerScope,
    versions: p.versions,
    ...(p.conversion ? { conversion: p.conversion } : {}),
  },
  ...(p.withStatus ? { status: { conditions: p.conditions, storedVersions: [p.versions.find(v => v.storage)!.name], instantiations: 3 } } : {}),
}));

export const exportV1alpha1Manifest = fc.record({
  group: crdGroup,
  names: resourceNames,
  cluster: fc.boolean(),
  namespacedInformer: fc.boolean(),
  isolation: fc.constantFrom('Prefixed', 'Namespaced', 'None'),
  versions: plainVersions('v1alpha1'),
  conditions,
}).map(p => ({
  apiVersion: 'kube-bind.io/v1alpha1',
  kind: 'APIServiceExport',
  metadata: { name: `${p.names.plural}.${p.group}`, namespace: 'kube-bind' },
  spec: {
    group: p.group,
    names: p.names,
    scope: p.cluster ? 'Cluster' : 'Namespaced',
    informerScope: p.cluster || !p.namespacedInformer ? 'Cluster' : 'Namespaced',
    ...(p.cluster ? { clusterScopedIsolation: p.isolation } : {}),
    versions: p.versions,
  },
  status: { conditions: p.conditions },
}));

export const exportV1alpha2Manifest = fc.record({
  resources: fc.uniqueArray(fc.record({
    group: crdGroup,
    resource: dnsLabel.map(l => `${l}s`),
    versions: fc.option(fc.uniqueArray(fc.constantFrom(...VERSION_NAMES), { minLength: 1, maxLength: 2 }), { nil: undefined }),
  }), { selector: r => `${r.group}/${r.resource}`, minLength: 1, maxLength: 3 }),
  isolation: fc.constantFrom('Prefixed', 'Namespaced', 'None'),
  informerScope: fc.constantFrom('Cluster', 'Namespaced'),
  claims: fc.uniqueArray(claimSpec, { selector: c => c.resource, maxLength: 2 }),
  conditions,
}).map(p => ({
  apiVersion: 'kube-bind.io/v1alpha2',
  kind: 'APIServiceExport',
  metadata: { name: 'export', namespace: 'kube-bind' },
  spec: {
    resources: p.resources.map(r => (r.versions ? r : { group: r.group, resource: r.resource })),
    isolation: p.isolation,
    informerScope: p.informerScope,
    ...(p.claims.length > 0 ? {
      permissionClaims: p.claims.map(c => ({
        group: '',
        resource: c.resource,
        selector: {
          ...(Object.keys(c.matchLabels).length + c.expressions.length > 0 ? {
            labelSelector: {
              ...(Object.keys(c.matchLabels).length > 0 ? { matchLabels: c.matchLabels } : {}),
              ...(c.expressions.length > 0 ? {
                matchExpressions: c.expressions.map(([op, key, values]) => ({
                  key, operator: { in: 'In', notIn: 'NotIn', exists: 'Exists', doesNotExist: 'DoesNotExist' }[op], ...(values.length > 0 ? { values } : {}),
                })),
              } : {}),
            },
          } : {}),
          namedResources: [
            ...c.named.map(n => (n.namespace === undefined ? { name: n.name } : n)),
            ...(c.namedSecret ? [{ name: c.namedSecret }] : []),
          ],
          ...(c.references.length > 0 ? {
            references: c.references.map(r => ({
              group: p.resources[r.target % p.resources.length].group,
              resource: p.resources[r.target % p.resources.length].resource,
              versions: ['v1'],
              jsonPath: { name: `spec.${r.nameField}` },
            })),
          } : {}),
        },
      })),
    } : {}),
  },
  status: { conditions: p.conditions },
}));

/** A plain CustomResourceDefinition (apiextensions.k8s.io/v1) of the kind kube-bind can bind. */
export const crdManifest = fc.record({
  definition: definitionProps,
  conversion: fc.oneof(fc.constant(undefined), fc.constant({ strategy: 'None' }), fc.record({
    host: dnsLabel, ca: fc.boolean(),
  }).map(w => ({
    strategy: 'Webhook',
    webhook: {
      clientConfig: { url: `https://${w.host}.example.com/convert`, ...(w.ca ? { caBundle: Buffer.from(CA_PEM).toString('base64') } : {}) },
      conversionReviewVersions: ['v1'],
    },
  }))),
  writeDefaults: fc.boolean(),
}).map(({ definition: d, conversion: c, writeDefaults }) => {
  const storage = d.versions.findIndex(v => v.storage === true);
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${d.names.plural}.${d.group}`, labels: { app: 'x' } },
    spec: {
      group: d.group,
      names: d.names,
      scope: d.scope,
      versions: d.versions.map((v, i) => ({
        name: v.name,
        served: v.served ?? true,
        storage: storage < 0 ? i === 0 : i === storage,
        ...(v.deprecated !== undefined && (writeDefaults || v.deprecated) ? { deprecated: v.deprecated } : {}),
        ...(v.deprecationWarning !== undefined ? { deprecationWarning: v.deprecationWarning } : {}),
        schema: { openAPIV3Schema: d.schema },
        ...(v.printerColumns && v.printerColumns.length > 0
          ? { additionalPrinterColumns: v.printerColumns }
          : writeDefaults ? { additionalPrinterColumns: [] } : {}),
        ...(v.subresources && Object.keys(v.subresources).length > 0 ? {
          subresources: {
            ...(v.subresources.status ? { status: {} } : {}),
            ...(v.subresources.scale ? { scale: v.subresources.scale } : {}),
          },
        } : {}),
      })),
      ...(c !== undefined ? { conversion: c } : writeDefaults ? { conversion: { strategy: 'None' } } : {}),
    },
  };
});

// ---------------------------------------------------------------------------
// Mutations

/** Values that break types, enums, patterns, formats and limits. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null, '', ' ', 'V1', 'v0', 'yes', 'True', true, false, 0, -1, 1.5, 2 ** 31, 2 ** 53, [], {}, ['x'], ['x', 'x'], { a: 1 },
  'Namespace', 'namespaced', 'cluster', 'Webhook', 'None', 'Foo', 'UPPER', 'with space', 'x'.repeat(300), 'a.b', '-a', '.spec.x',
  'not base64!', '2025-13-45T99:99:99Z', 'http://example.com', '__proto__',
];

/** Every path (as key lists) of an object's nodes, the root excluded. */
export function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [];
  if (Array.isArray(value)) {
    value.forEach((v, i) => out.push([...prefix, i], ...pathsOf(v, [...prefix, i])));
  } else if (value !== null && typeof value === 'object') {
    for (const k of Object.keys(value)) out.push([...prefix, k], ...pathsOf((value as any)[k], [...prefix, k]));
  }
  return out;
}

export type Mutation = { path: Array<string | number>; action: 'delete' } | { path: Array<string | number>; action: 'set'; value: unknown };

/** One random single-field change of `manifest`: a deletion or a hostile value somewhere. */
export function mutationOf(manifest: unknown): fc.Arbitrary<Mutation> {
  const paths = pathsOf(manifest).filter(p => p[0] !== 'apiVersion' && p[0] !== 'kind');
  return fc.tuple(fc.constantFrom(...paths), fc.oneof(
    fc.constant({ action: 'delete' as const }),
    fc.constantFrom(...HOSTILE_VALUES).map(value => ({ action: 'set' as const, value })),
  )).map(([where, change]) => ({ path: where, ...change }));
}

/** A deep copy of `manifest` with `mutation` applied. */
export function applyMutation<T>(manifest: T, mutation: Mutation): T {
  const copy = JSON.parse(JSON.stringify(manifest));
  let node: any = copy;
  for (const key of mutation.path.slice(0, -1)) node = node[key];
  const last = mutation.path[mutation.path.length - 1];
  if (mutation.action === 'delete') {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else {
    node[last] = JSON.parse(JSON.stringify(mutation.value));
  }
  return copy;
}
