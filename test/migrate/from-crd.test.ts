import * as fs from 'fs';
import * as path from 'path';
import { parseAllDocuments } from 'yaml';
import {
  boundSchemaManifestFromCrd,
  boundSchemaPropsFromCrd,
  crdFromBoundSchema,
  exportForSchemas,
  normalizeCrd,
  schemaDifference,
} from '../../src/migrate';
import { Conversion } from '../../src/values/conversion';
import { databaseSchema, databasesCrd, nodePoolsCrd, WEBHOOK_CA_BUNDLE, widgetsCrd } from '../fixtures/migrate/crds';
import { testWithShared } from '../support/shared';

const UPSTREAM_EXAMPLES = ['upstream', 'kube-bind', 'examples'];

/** The only problem of a result, checked to name the object. */
function onlyProblem(crd: unknown, options = {}): string {
  const result = boundSchemaPropsFromCrd(crd, options);
  expect(result.props).toBeUndefined();
  expect(result.problems).toHaveLength(1);
  return result.problems[0];
}

describe('boundSchemaPropsFromCrd', () => {
  test('copies group, names, scope, versions, columns, subresources and the webhook of a multi-version CRD', () => {
    const result = boundSchemaPropsFromCrd(databasesCrd());
    expect(result.problems).toEqual([]);
    expect(result.name).toBe('databases.db.example.com');
    const props = result.props!;
    expect(props.group).toBe('db.example.com');
    expect(props.names).toEqual(databasesCrd().spec.names);
    expect(props.scope).toBe('Namespaced');
    // kube-bind's CRDToBoundSchema derives informerScope from the CRD's scope.
    expect(props.informerScope).toBe('Namespaced');
    expect(props.schema).toEqual(databaseSchema());
    expect(props.versions.map(v => [v.name, v.served, v.storage, v.deprecated])).toEqual([
      ['v1alpha1', true, false, true],
      ['v1', true, true, undefined],
    ]);
    expect(props.versions[0].deprecationWarning).toBe('db.example.com/v1alpha1 Database is deprecated; use db.example.com/v1');
    expect(props.versions[1].printerColumns?.map(c => c.name)).toEqual(['Engine', 'Phase', 'Storage', 'Age']);
    expect(props.versions[1].printerColumns?.[2]).toEqual({ name: 'Storage', type: 'integer', format: 'int32', jsonPath: '.spec.storageGB', priority: 1 });
    expect(props.versions[1].subresources).toEqual({ status: true });
    expect(props.conversion).toBeInstanceOf(Conversion);
    expect(props.conversion!.toJson()).toEqual({
      strategy: 'Webhook',
      webhook: {
        clientConfig: { url: 'https://db-convert.example.com:8443/convert', caBundle: WEBHOOK_CA_BUNDLE },
        conversionReviewVersions: ['v1', 'v1beta1'],
      },
    });
  });

  test('reads a cluster-scoped CRD with scale and status subresources', () => {
    const { props, problems } = boundSchemaPropsFromCrd(nodePoolsCrd());
    expect(problems).toEqual([]);
    expect(props!.scope).toBe('Cluster');
    expect(props!.versions[0].subresources).toEqual({
      status: true,
      scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' },
    });
    expect(props!.versions[0].printerColumns?.find(c => c.name === 'Machine')?.priority).toBe(1);
    expect(props!.conversion!.toJson()).toEqual({ strategy: 'None' });
  });

  test('the informerScope option is used, and checked', () => {
    expect(boundSchemaPropsFromCrd(databasesCrd(), { informerScope: 'Namespaced' }).props!.informerScope).toBe('Namespaced');
    expect(onlyProblem(databasesCrd(), { informerScope: 'Namespace' }))
      .toBe('CustomResourceDefinition "databases.db.example.com": informerScope option "Namespace" must be one of "Cluster", "Namespaced" '
        + '(did you mean "Namespaced"?)');
    // A cluster-scoped CRD with informerScope Namespaced is converted: the rules judge the pair (KB070), not the converter.
    const clusterWithNamespaced = boundSchemaPropsFromCrd(nodePoolsCrd(), { informerScope: 'Namespaced' });
    expect(clusterWithNamespaced.problems).toEqual([]);
    expect([clusterWithNamespaced.props!.scope, clusterWithNamespaced.props!.informerScope]).toEqual(['Cluster', 'Namespaced']);
  });

  test('a multi-version CRD without conversion gets strategy None, as the API server defaults it, with a note', () => {
    const result = boundSchemaPropsFromCrd(widgetsCrd());
    expect(result.problems).toEqual([]);
    expect(result.props!.conversion!.toJson()).toEqual({ strategy: 'None' });
    expect(result.notes).toContainEqual(expect.stringMatching(/^CustomResourceDefinition "widgets.example.com": spec.conversion is not set: written as strategy "None"/));
  });

  test('a single-version CRD without conversion gets strategy None without a note', () => {
    const crd = widgetsCrd();
    crd.spec.versions.pop();
    const result = boundSchemaPropsFromCrd(crd);
    expect(result.props!.conversion!.toJson()).toEqual({ strategy: 'None' });
    expect(result.notes).toEqual([]);
  });

  test('a missing served is false, as Kubernetes reads it, with a note naming the field', () => {
    const crd = widgetsCrd();
    crd.spec.versions[0].storage = false;
    crd.spec.versions[1].storage = true;
    delete crd.spec.versions[1].served;
    const result = boundSchemaPropsFromCrd(crd);
    expect(result.props!.versions[1].served).toBe(false);
    expect(result.notes).toContainEqual(expect.stringContaining('spec.versions[1].served is not set: Kubernetes reads a missing served as false'));
  });

  test('metadata besides the name and status are noted as not carried over', () => {
    const crd: any = databasesCrd();
    crd.metadata.labels = { 'kube-bind.io/exported': 'true' };
    crd.metadata.resourceVersion = '1234';
    crd.status = { storedVersions: ['v1'] };
    const { notes, problems } = boundSchemaPropsFromCrd(crd);
    expect(problems).toEqual([]);
    expect(notes).toEqual(expect.arrayContaining([
      'CustomResourceDefinition "databases.db.example.com": metadata.labels, metadata.resourceVersion are not carried into the BoundSchema',
      expect.stringMatching(/^CustomResourceDefinition "databases.db.example.com": status is dropped/),
    ]));
  });

  test('keys such as __proto__ in a schema stay data', () => {
    const crd = widgetsCrd();
    const hostile = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"integer"}}}');
    crd.spec.versions[0].schema.openAPIV3Schema = hostile;
    crd.spec.versions[1].schema.openAPIV3Schema = JSON.parse(JSON.stringify(hostile));
    const { props, problems } = boundSchemaPropsFromCrd(crd);
    expect(problems).toEqual([]);
    expect(Object.keys(props!.schema.properties)).toEqual(['__proto__', 'constructor']);
    expect(({} as any).type).toBeUndefined();
  });
});

describe('what boundSchemaPropsFromCrd refuses, each with the object and the field', () => {
  test('input that is no object at all', () => {
    for (const junk of [null, undefined, 'widgets', 42, [], true]) {
      const result = boundSchemaPropsFromCrd(junk);
      expect(result.props).toBeUndefined();
      expect(result.problems).toHaveLength(1);
      expect(result.problems[0]).toMatch(/^input is not an object \(got .*\): expected a CustomResourceDefinition of apiextensions.k8s.io\/v1$/);
    }
  });

  test('an object that is not a CRD', () => {
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: {} };
    expect(onlyProblem(deployment)).toBe('Deployment "web": kind "Deployment" is not a CustomResourceDefinition: '
      + 'only CRDs (apiextensions.k8s.io/v1) can become a BoundSchema');
  });

  test('a CRD of apiextensions.k8s.io/v1beta1', () => {
    const crd = databasesCrd();
    crd.apiVersion = 'apiextensions.k8s.io/v1beta1';
    expect(onlyProblem(crd)).toMatch(/^CustomResourceDefinition "databases.db.example.com": apiVersion "apiextensions.k8s.io\/v1beta1" is not supported/);
  });

  test('no versions, missing or empty', () => {
    const empty = databasesCrd();
    empty.spec.versions = [];
    expect(onlyProblem(empty)).toBe('CustomResourceDefinition "databases.db.example.com": spec.versions is empty: kube-bind refuses a CRD without versions');
    const missing = databasesCrd();
    delete missing.spec.versions;
    expect(onlyProblem(missing)).toBe('CustomResourceDefinition "databases.db.example.com": spec.versions is missing: a CRD needs at least one version');
  });

  test('per-version schemas that differ, naming the first differing path and both values', () => {
    const crd = databasesCrd();
    crd.spec.versions[1].schema.openAPIV3Schema.properties.spec.properties.storageGB.maximum = 65536;
    expect(onlyProblem(crd)).toBe('CustomResourceDefinition "databases.db.example.com": '
      + 'spec.versions[1].schema.openAPIV3Schema.properties.spec.properties.storageGB.maximum is 65536 '
      + 'but spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.storageGB.maximum is 16384: '
      + 'the spec (§8.2) requires every exported version to have the same schema (description, example and externalDocs aside), '
      + 'because kube-bind cannot convert objects between versions '
      + '(give every version the same openAPIV3Schema, or export only the versions that share one with --versions (BoundSchema.fromCrd: versions))');
  });

  test('a schema present in one version only, and a key present on one side only', () => {
    const crd = databasesCrd();
    delete crd.spec.versions[0].schema.openAPIV3Schema.properties.status.properties.endpoint;
    expect(onlyProblem(crd)).toContain('spec.versions[1].schema.openAPIV3Schema.properties.status.properties.endpoint is {"type":"string"} '
      + 'but spec.versions[0].schema.openAPIV3Schema.properties.status.properties.endpoint is missing');
    const noSchema = databasesCrd();
    delete noSchema.spec.versions[1].schema;
    expect(onlyProblem(noSchema)).toMatch(/"databases.db.example.com": spec.versions\[1\].schema is missing: kube-bind needs the schema of every version/);
  });

  test('key order does not make schemas differ', () => {
    const crd = databasesCrd();
    const reversed = (o: any): any => Array.isArray(o) ? o.map(reversed)
      : o !== null && typeof o === 'object' ? Object.fromEntries(Object.entries(o).reverse().map(([k, v]) => [k, reversed(v)])) : o;
    crd.spec.versions[1].schema.openAPIV3Schema = reversed(databaseSchema());
    expect(boundSchemaPropsFromCrd(crd).problems).toEqual([]);
  });

  test('a conversion webhook with a service reference', () => {
    const crd = databasesCrd();
    crd.spec.conversion.webhook.clientConfig = { service: { name: 'db-convert', namespace: 'db-system', path: '/convert', port: 8443 } };
    const problem = onlyProblem(crd);
    expect(problem).toMatch(/^CustomResourceDefinition "databases.db.example.com": spec.conversion.webhook.clientConfig.service /);
    expect(problem).toContain('has no home in kube-bind: a BoundSchema reaches its conversion webhook by url only');
    expect(problem).toContain('e.g. "https://db-convert.db-system.example.com:8443/convert"');
  });

  test('a service reference next to a url is still refused', () => {
    const crd = databasesCrd();
    crd.spec.conversion.webhook.clientConfig.service = { name: 'db-convert', namespace: 'db-system' };
    expect(onlyProblem(crd)).toContain('spec.conversion.webhook.clientConfig.service');
  });

  test('spec.preserveUnknownFields: true', () => {
    const crd = nodePoolsCrd();
    crd.spec.preserveUnknownFields = true;
    expect(onlyProblem(crd)).toMatch(/^CustomResourceDefinition "nodepools.infra.example.com": spec.preserveUnknownFields is true, which a BoundSchema cannot express/);
  });

  test('conversion strategies Kubernetes and kube-bind refuse', () => {
    const noneWithWebhook = databasesCrd();
    noneWithWebhook.spec.conversion.strategy = 'None';
    expect(onlyProblem(noneWithWebhook)).toMatch(/spec.conversion.webhook must not be set when strategy is "None"/);

    const lowercase = databasesCrd();
    lowercase.spec.conversion.strategy = 'webhook';
    expect(onlyProblem(lowercase)).toMatch(/spec.conversion.strategy "webhook" must be one of "None", "Webhook" \(did you mean "Webhook"\?\)$/);

    const noStrategy = databasesCrd();
    noStrategy.spec.conversion = {};
    expect(onlyProblem(noStrategy)).toMatch(/spec.conversion.strategy is missing/);

    const noWebhook = databasesCrd();
    delete noWebhook.spec.conversion.webhook;
    expect(onlyProblem(noWebhook)).toMatch(/spec.conversion.webhook is missing: strategy "Webhook" needs it$/);

    const noReviewVersions = databasesCrd();
    delete noReviewVersions.spec.conversion.webhook.conversionReviewVersions;
    expect(onlyProblem(noReviewVersions)).toMatch(/spec.conversion.webhook.conversionReviewVersions is missing/);

    const pemBundle = databasesCrd();
    pemBundle.spec.conversion.webhook.clientConfig.caBundle = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    expect(onlyProblem(pemBundle)).toMatch(/spec.conversion.webhook.clientConfig.caBundle must be base64 .* \(the CRD holds PEM text: encode it with base64\)$/);
  });

  test('a name that is not <plural>.<group>', () => {
    const crd = databasesCrd();
    crd.metadata.name = 'databases';
    expect(onlyProblem(crd)).toBe('CustomResourceDefinition "databases": metadata.name "databases" must be "databases.db.example.com": '
      + 'Kubernetes names a CRD <spec.names.plural>.<spec.group>');
  });

  test('fields a BoundSchema has no home for, or Kubernetes does not know', () => {
    const crd: any = databasesCrd();
    crd.spec.versions[1].selectableFields = [{ jsonPath: '.spec.engine' }];
    crd.spec.validation = { openAPIV3Schema: {} };
    crd.spec.versions[0].subresources.scal = {};
    const { problems, notes } = boundSchemaPropsFromCrd(crd);
    expect(problems).toEqual([
      'CustomResourceDefinition "databases.db.example.com": spec.validation is an apiextensions.k8s.io/v1beta1 field: in v1 it lives in each of spec.versions[*]',
      expect.stringMatching(/: spec.versions\[0\].subresources.scal is not a subresource Kubernetes serves: the API server refuses it \(did you mean "scale"\?\)$/),
    ]);
    // Kubernetes accepts selectableFields; kube-bind's own conversion drops them, and so does this one, saying so.
    expect(notes).toContainEqual(expect.stringMatching(/: spec.versions\[1\].selectableFields is dropped: a BoundSchema version has no selectable fields/));
  });

  test('missing or mistyped names, group and scope, all reported at once', () => {
    const crd: any = databasesCrd();
    crd.spec.names = { kind: 'Database', plural: 7 };
    crd.spec.group = '';
    crd.spec.scope = 'namespaced';
    const { problems } = boundSchemaPropsFromCrd(crd);
    expect(problems).toEqual([
      'CustomResourceDefinition "databases.db.example.com": spec.group is empty',
      'CustomResourceDefinition "databases.db.example.com": spec.names.plural must be a string, got 7',
      'CustomResourceDefinition "databases.db.example.com": spec.scope "namespaced" must be one of "Cluster", "Namespaced" (did you mean "Namespaced"?)',
    ]);
  });

  test('hostile shapes never throw', () => {
    const shapes: any[] = [
      { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition' },
      { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', spec: [] },
      { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', spec: { versions: [null, 'v1', [], { name: {} }] } },
      { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: 'x', spec: { names: [], conversion: 'Webhook' } },
      JSON.parse('{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","spec":{"__proto__":{"group":"x"}}}'),
    ];
    for (const shape of shapes) {
      const result = boundSchemaPropsFromCrd(shape);
      expect(result.props).toBeUndefined();
      expect(result.problems.length).toBeGreaterThan(0);
      expect(() => crdFromBoundSchema(shape)).not.toThrow();
      expect(() => normalizeCrd(shape)).not.toThrow();
    }
  });

  test('nesting deeper than the stack allows is a problem (or a result), never an exception', () => {
    const crd = widgetsCrd();
    let deep: any = { type: 'string' };
    for (let i = 0; i < 100000; i++) deep = { type: 'object', properties: { x: deep } };
    crd.spec.versions = [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: deep } }];
    let result: ReturnType<typeof boundSchemaManifestFromCrd> | undefined;
    expect(() => { result = boundSchemaManifestFromCrd(crd); }).not.toThrow();
    if (result!.manifest === undefined) {
      expect(result!.problems).toEqual([expect.stringMatching(/^CustomResourceDefinition "widgets.example.com": could not be (read|rendered): /)]);
    } else {
      expect(result!.problems).toEqual([]);
    }
  });
});

describe('boundSchemaManifestFromCrd', () => {
  test('writes the BoundSchema v1alpha2 manifest, with the schema, served and storage in every version', () => {
    const { manifest, problems } = boundSchemaManifestFromCrd(databasesCrd(), { namespace: 'kube-bind-provider' });
    expect(problems).toEqual([]);
    expect(manifest!.apiVersion).toBe('kube-bind.io/v1alpha2');
    expect(manifest!.kind).toBe('BoundSchema');
    expect(manifest!.metadata).toEqual({ name: 'databases.db.example.com', namespace: 'kube-bind-provider' });
    for (const v of manifest!.spec.versions) {
      expect(v.schema).toEqual({ openAPIV3Schema: databaseSchema() });
      expect(typeof v.served).toBe('boolean');
      expect(typeof v.storage).toBe('boolean');
    }
    expect(manifest!.spec.conversion.webhook.clientConfig.caBundle).toBe(WEBHOOK_CA_BUNDLE);
    expect(manifest!.spec.versions[0].additionalPrinterColumns).toEqual(databasesCrd().spec.versions[0].additionalPrinterColumns);
  });

  test('the kube-bind group and no namespace', () => {
    const { manifest } = boundSchemaManifestFromCrd(nodePoolsCrd(), { kubeBindGroup: 'bind.example.org' });
    expect(manifest!.apiVersion).toBe('bind.example.org/v1alpha2');
    expect(manifest!.metadata).toEqual({ name: 'nodepools.infra.example.com' });
  });

  test('no manifest when there is a problem', () => {
    const crd = databasesCrd();
    crd.kind = 'ConfigMap';
    const result = boundSchemaManifestFromCrd(crd);
    expect(result.manifest).toBeUndefined();
    expect(result.problems).toHaveLength(1);
  });

  test('the input is not modified', () => {
    const crd = databasesCrd();
    boundSchemaManifestFromCrd(crd, { namespace: 'x' });
    expect(crd).toEqual(databasesCrd());
  });
});

describe('round trip CRD -> BoundSchema -> CRD', () => {
  function roundTrip(crd: any): any {
    const { manifest, problems } = boundSchemaManifestFromCrd(crd);
    expect(problems).toEqual([]);
    return crdFromBoundSchema(manifest);
  }

  test('a CRD that spells out everything comes back with the very same spec', () => {
    for (const crd of [databasesCrd(), nodePoolsCrd()]) {
      const back = roundTrip(crd);
      expect(back.spec).toEqual(crd.spec);
      expect(back.metadata).toEqual(crd.metadata);
      expect(back.apiVersion).toBe(crd.apiVersion);
      expect(back.kind).toBe(crd.kind);
    }
  });

  test('a CRD that leaves defaults to the server comes back normalized: defaults written, default values left out', () => {
    const back = roundTrip(widgetsCrd());
    expect(back).toEqual(normalizeCrd(widgetsCrd()));
    expect(back.spec.names).toEqual({ kind: 'Widget', plural: 'widgets', singular: 'widget', listKind: 'WidgetList' });
    expect(back.spec.conversion).toEqual({ strategy: 'None' });
    expect(back.spec.preserveUnknownFields).toBeUndefined();
    expect(back.spec.versions[0]).toEqual({ name: 'v1', served: true, storage: true, schema: widgetsCrd().spec.versions[0].schema });
  });

  test('a CRD version without served comes back with served: false, as Kubernetes reads it', () => {
    const crd = widgetsCrd();
    crd.spec.versions[0].storage = false;
    crd.spec.versions[1].storage = true;
    delete crd.spec.versions[1].served;
    const back = roundTrip(crd);
    expect(back.spec.versions[1].served).toBe(false);
    expect(normalizeCrd(crd).spec.versions[1].served).toBe(false);
    expect(back).toEqual(normalizeCrd(crd));
  });

  test('normalizeCrd leaves a fully spelled-out CRD unchanged', () => {
    expect(normalizeCrd(databasesCrd())).toEqual(databasesCrd());
    expect(normalizeCrd(nodePoolsCrd())).toEqual(nodePoolsCrd());
  });

  test('BoundSchema -> CRD -> BoundSchema gives back the BoundSchema', () => {
    for (const crd of [databasesCrd(), nodePoolsCrd(), widgetsCrd()]) {
      const first = boundSchemaManifestFromCrd(crd).manifest!;
      const again = boundSchemaManifestFromCrd(crdFromBoundSchema(first));
      expect(again.problems).toEqual([]);
      expect(again.manifest).toEqual(first);
    }
  });

  test('crdFromBoundSchema reads the bare schema form kube-bind\'s backend writes, and defaults served to true', () => {
    const bs = boundSchemaManifestFromCrd(nodePoolsCrd()).manifest!;
    const bare = JSON.parse(JSON.stringify(bs));
    for (const v of bare.spec.versions) {
      v.schema = v.schema.openAPIV3Schema;
      delete v.served;
    }
    delete bare.spec.conversion;
    expect(crdFromBoundSchema(bare)).toEqual(crdFromBoundSchema(bs));
  });

  test('crdFromBoundSchema drops a webhook that strategy None does not use', () => {
    const bs = boundSchemaManifestFromCrd(databasesCrd()).manifest!;
    bs.spec.conversion.strategy = 'None';
    expect(crdFromBoundSchema(bs).spec.conversion).toEqual({ strategy: 'None' });
  });

  testWithShared('kube-bind\'s example CRDs convert and come back normalized', UPSTREAM_EXAMPLES, (examples) => {
    const files = fs.readdirSync(examples).filter(f => f.endsWith('.yaml')).sort();
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) {
      const crds = parseAllDocuments(fs.readFileSync(path.join(examples, file), 'utf8')).map(d => d.toJS());
      for (const crd of crds) {
        const { manifest, problems, notes } = boundSchemaManifestFromCrd(crd);
        expect(problems).toEqual([]);
        expect(notes).toContainEqual(expect.stringContaining('metadata.labels is not carried into the BoundSchema'));
        expect(manifest!.metadata.name).toBe(crd.metadata.name);
        expect(crdFromBoundSchema(manifest).spec).toEqual(normalizeCrd(crd).spec);
      }
    }
  });
});

describe('schemaDifference', () => {
  test('finds the first difference in document order, with both values', () => {
    expect(schemaDifference({ a: [1, 2, 3], b: 1 }, { b: 2, a: [1, 2, 4] }, '')).toEqual({ path: '.a[2]', left: 3, right: 4 });
    expect(schemaDifference([1], [1, 2], 'x')?.path).toBe('x[1]');
    expect(schemaDifference({ 'x-kubernetes-int-or-string': true }, {}, '')?.path).toBe('.x-kubernetes-int-or-string');
    expect(schemaDifference({ 'a.b': 1 }, { 'a.b': 2 }, '')?.path).toBe('[a.b]');
    expect(schemaDifference({ a: { b: NaN } }, { a: { b: NaN } }, '')).toBeUndefined();
    expect(schemaDifference({ a: 1 }, { a: '1' }, '')).toEqual({ path: '.a', left: 1, right: '1' });
  });

  test('compares very deep values without exhausting the stack', () => {
    const deep = (leaf: unknown) => {
      let v: any = leaf;
      for (let i = 0; i < 50000; i++) v = { p: v };
      return v;
    };
    expect(schemaDifference(deep(1), deep(1), '')).toBeUndefined();
    expect(schemaDifference(deep(1), deep(2), '')?.right).toBe(2);
  });
});

describe('exportForSchemas', () => {
  const databases = () => boundSchemaManifestFromCrd(databasesCrd(), { namespace: 'kube-bind-provider' }).manifest!;
  const nodePools = () => boundSchemaManifestFromCrd(nodePoolsCrd(), { namespace: 'kube-bind-provider' }).manifest!;

  test('exports every schema with its group, plural and served versions', () => {
    const db = databases();
    db.spec.versions[0].served = false;
    expect(exportForSchemas([db, nodePools()], { name: 'example-services' })).toEqual({
      apiVersion: 'kube-bind.io/v1alpha2',
      kind: 'APIServiceExport',
      metadata: { name: 'example-services', namespace: 'kube-bind-provider' },
      spec: {
        resources: [
          { group: 'db.example.com', resource: 'databases', versions: ['v1'] },
          { group: 'infra.example.com', resource: 'nodepools', versions: ['v1beta1'] },
        ],
        isolation: 'Prefixed',
        informerScope: 'Cluster',
      },
    });
  });

  test('options win; a group/resource is exported once; other kinds are skipped', () => {
    const manifest = exportForSchemas([databases(), databases(), databasesCrd(), null, 'x'], {
      name: 'db',
      namespace: 'other',
      isolation: 'Namespaced',
      informerScope: 'Namespaced',
      kubeBindGroup: 'bind.example.org',
    });
    expect(manifest.apiVersion).toBe('bind.example.org/v1alpha2');
    expect(manifest.metadata).toEqual({ name: 'db', namespace: 'other' });
    expect(manifest.spec.resources).toEqual([{ group: 'db.example.com', resource: 'databases', versions: ['v1alpha1', 'v1'] }]);
    expect(manifest.spec.isolation).toBe('Namespaced');
    expect(manifest.spec.informerScope).toBe('Namespaced');
  });

  test('namespace and informerScope come from the schemas only when they all agree', () => {
    const a = databases();
    const b = boundSchemaManifestFromCrd(nodePoolsCrd(), { namespace: 'elsewhere', informerScope: 'Cluster' }).manifest!;
    a.spec.informerScope = 'Namespaced';
    const manifest = exportForSchemas([a, b], { name: 'mixed' });
    expect(manifest.metadata).toEqual({ name: 'mixed' });
    expect(manifest.spec.informerScope).toBe('Cluster');
    const same = exportForSchemas([a], { name: 'one' });
    expect(same.spec.informerScope).toBe('Namespaced');
  });
});

describe('issue 12: what real CRDs hold, read as kube-bind does', () => {
  const FIXTURES = path.join(__dirname, '..', 'fixtures', 'from-crd');
  const load = (name: string): any => parseAllDocuments(fs.readFileSync(path.join(FIXTURES, name), 'utf8'))[0].toJS();

  test('selectableFields are dropped with a note; anything else unknown in a version is still a problem', () => {
    const result = boundSchemaPropsFromCrd(load('selectable-fields.yaml'));
    expect(result.problems).toEqual([]);
    expect(result.notes).toEqual([expect.stringMatching(/^CustomResourceDefinition "lanterns.lighthouse.test": spec.versions\[0\].selectableFields is dropped: /)]);
    expect(JSON.stringify(result.props)).not.toContain('selectableFields');
    const typo = load('selectable-fields.yaml');
    typo.spec.versions[0].selectableField = typo.spec.versions[0].selectableFields;
    expect(boundSchemaPropsFromCrd(typo).problems).toEqual([expect.stringMatching(/spec.versions\[0\].selectableField is not a field of a CRD version.*did you mean "selectableFields"/)]);
  });

  test('versions that differ only in description, example and externalDocs bind, with a note; the storage version\'s schema is kept', () => {
    const crd = load('documentation-only.yaml');
    const result = boundSchemaPropsFromCrd(crd);
    expect(result.problems).toEqual([]);
    expect(result.props!.schema).toEqual(crd.spec.versions[1].schema.openAPIV3Schema);
    expect(result.notes).toEqual([expect.stringContaining('spec.versions[0].schema.openAPIV3Schema differs from spec.versions[1].schema.openAPIV3Schema '
      + 'only in documentation (first at spec.versions[0].schema.openAPIV3Schema.description)')]);
  });

  test('documentation aside, a differing type is still refused; so is a differing property named description', () => {
    const typed = load('documentation-only.yaml');
    typed.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.range.type = 'string';
    expect(onlyProblem(typed)).toContain('spec.versions[1].schema.openAPIV3Schema.properties.spec.properties.range.type is "integer" '
      + 'but spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.range.type is "string"');
    const field = load('documentation-only.yaml');
    field.spec.versions[1].schema.openAPIV3Schema.properties.spec.properties.description.type = 'integer';
    expect(onlyProblem(field)).toContain('spec.versions[1].schema.openAPIV3Schema.properties.spec.properties.description.type is "integer"');
  });

  test('a version neither served nor stored is left out with a note, and not compared', () => {
    const result = boundSchemaPropsFromCrd(load('unserved-version.yaml'));
    expect(result.problems).toEqual([]);
    expect(result.props!.versions.map(v => v.name)).toEqual(['v1beta1', 'v1']);
    expect(result.notes).toEqual([expect.stringMatching(/spec.versions\[0\] "v1alpha1" is left out: it is neither served nor stored/)]);
    const served = load('unserved-version.yaml');
    served.spec.versions[0].served = true;
    expect(boundSchemaPropsFromCrd(served).problems).toEqual([
      expect.stringContaining('spec.versions[1].schema.openAPIV3Schema.properties.spec.properties.range.type is "integer"'),
      expect.stringContaining('spec.versions[2].schema.openAPIV3Schema.properties.spec.properties.range.type is "integer"'),
    ]);
  });

  test('the versions option exports only the named versions; the others are not compared', () => {
    const crd = load('served-versions-differ.yaml');
    expect(onlyProblem(crd)).toContain('spec.versions[1].schema.openAPIV3Schema.properties.spec.properties.pitch.type');
    const result = boundSchemaPropsFromCrd(crd, { versions: ['v2'] });
    expect(result.problems).toEqual([]);
    expect(result.props!.versions.map(v => v.name)).toEqual(['v2']);
    expect(result.notes).toContainEqual(expect.stringMatching(/spec.versions\[0\] "v1" is left out: the versions option does not name it/));
  });

  test('the versions option: an unknown name, no name, or the storage version left out are problems', () => {
    const crd = load('served-versions-differ.yaml');
    expect(onlyProblem(crd, { versions: ['V2', 'v2'] })).toBe('CustomResourceDefinition "foghorns.lighthouse.test": spec.versions has no version "V2" (versions option) (did you mean "v2"?)');
    expect(onlyProblem(crd, { versions: [] })).toMatch(/spec.versions versions option is empty/);
    expect(onlyProblem(crd, { versions: ['v1'] })).toBe('CustomResourceDefinition "foghorns.lighthouse.test": spec.versions[1] "v2" is the storage version, '
      + 'but the versions option leaves it out: a BoundSchema needs its storage version (add "v2" to the versions to export)');
  });

  test('informerScope follows the CRD\'s scope, as kube-bind\'s CRDToBoundSchema; the option overrides it', () => {
    expect(boundSchemaPropsFromCrd(load('selectable-fields.yaml')).props!.informerScope).toBe('Namespaced');
    expect(boundSchemaPropsFromCrd(load('documentation-only.yaml')).props!.informerScope).toBe('Cluster');
    expect(boundSchemaPropsFromCrd(load('selectable-fields.yaml'), { informerScope: 'Cluster' }).props!.informerScope).toBe('Cluster');
  });
});
