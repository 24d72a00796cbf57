/**
 * The provider-side constructs: ApiServiceExportTemplate, Collection,
 * ExportedCrd, ApiServiceExportRequest and BindableResourcesRequest.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, Duration, Include, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { stringify } from 'yaml';
import {
  ApiServiceExportRequest, ApiServiceExportTemplate, BindableResourcesRequest, BoundSchema, Collection, ExportedCrd,
  PermissionClaim, SchemaUpdatePolicy, Scope,
} from '../src';
import { chart, ofKind, synthError } from './util';
import { forgetPrinted } from '../src/glue/printed-once';
import { crd as crdManifest, version, widgetSchema } from '../src/rules/engine/scenario-kit';

let quiet: string | undefined;
beforeAll(() => { quiet = process.env.CDK8S_KUBE_BIND_QUIET; process.env.CDK8S_KUBE_BIND_QUIET = '1'; });
afterAll(() => { if (quiet === undefined) delete process.env.CDK8S_KUBE_BIND_QUIET; else process.env.CDK8S_KUBE_BIND_QUIET = quiet; });

const crdObject = (c: any, id: string, ...edits: any[]) => new ApiObject(c, id, crdManifest(...edits) as any);

describe('ExportedCrd', () => {
  test('in a chart with a namespace, a marked CRD is rendered without it: a CRD is cluster-scoped', () => {
    const c = chart({ namespace: 'provider-system' });
    const plain = crdObject(c, 'plain');
    expect(plain.toJson().metadata.namespace).toBe('provider-system');
    ExportedCrd.mark(plain);
    expect(plain.toJson().metadata).toEqual({ name: 'widgets.example.com', labels: { 'kube-bind.io/exported': 'true' } });
    expect(Testing.synth(c).map(m => m.metadata.namespace)).toEqual([undefined]);
  });

  test('mark adds the label and changes nothing else', () => {
    const c = chart();
    const plain = crdObject(c, 'plain');
    const before = plain.toJson();
    expect(ExportedCrd.isMarked(plain)).toBe(false);
    ExportedCrd.mark(plain);
    expect(ExportedCrd.isMarked(plain)).toBe(true);
    const after = plain.toJson();
    expect(after.metadata.labels).toEqual({ 'kube-bind.io/exported': 'true' });
    delete after.metadata.labels;
    expect(after).toEqual(before);
  });

  test('markAll marks the CRDs of an Include, and a marked CRD kube-bind cannot carry fails the synth (KB220)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-include-'));
    try {
      const v2 = version('v2');
      v2.schema.openAPIV3Schema = { ...widgetSchema(), properties: { ...widgetSchema().properties, extra: { type: 'string' } } };
      const file = path.join(dir, 'crds.yaml');
      fs.writeFileSync(file, [crdManifest(['spec.versions', [version('v1', { storage: false }), v2]]), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }]
        .map(m => stringify(m)).join('---\n'));
      const c = chart();
      const marked = ExportedCrd.markAll(new Include(c, 'crds', { url: file }));
      expect(marked.map(o => o.kind)).toEqual(['CustomResourceDefinition']);
      expect(synthError(c)).toMatch(/\[KB220\] spec\.versions\[1\]\.schema\.openAPIV3Schema/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('mark refuses what is not a CRD', () => {
    const c = chart();
    expect(() => ExportedCrd.mark(new ApiObject(c, 'cm', { apiVersion: 'v1', kind: 'ConfigMap' }))).toThrow(/expects a CustomResourceDefinition object, got a ConfigMap/);
  });
});

describe('ApiServiceExportTemplate', () => {
  test('from a marked CRD object: group, plural, served versions, and the scope derived; cluster-scoped output', () => {
    const c = chart({ namespace: 'team-a' });
    const crd = ExportedCrd.mark(crdObject(c, 'crd', ['spec.versions', [version('v1', { storage: false }), version('v2'), version('v0', { served: false, storage: false })]]));
    new ApiServiceExportTemplate(c, 'tpl', {
      metadata: { name: 'widgets' },
      crds: [crd],
      description: 'Widgets',
      permissionClaims: [new PermissionClaim({ resource: kplus.ApiResource.SECRETS, namedResources: [{ name: 'db' }] })],
      namespaces: ['workshop'],
      schemaUpdatePolicy: SchemaUpdatePolicy.ALWAYS,
    });
    const [template] = ofKind(c, 'APIServiceExportTemplate');
    expect(template.metadata).toEqual({ name: 'widgets' });
    expect(template.spec).toMatchObject({
      description: 'Widgets',
      scope: 'Namespaced',
      resources: [{ group: 'example.com', resource: 'widgets', versions: ['v1', 'v2'] }],
      namespaces: [{ name: 'workshop' }],
      schemaUpdatePolicy: 'Always',
    });
  });

  test('an unmarked CRD fails the synth, naming the template (KB211)', () => {
    const c = chart();
    new ApiServiceExportTemplate(c, 'tpl', { crds: [crdObject(c, 'crd')] });
    expect(synthError(c)).toMatch(/test\/tpl[\s\S]*\[KB211\] spec\.resources\[0\]/);
  });

  test('from a BoundSchema, or named resources with a given scope; without a scope to derive, none', () => {
    const c = chart();
    const schema = new BoundSchema(c, 'bs', { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, schema: widgetSchema(), scope: Scope.CLUSTER });
    const fromSchema = new ApiServiceExportTemplate(c, 'a', { schemas: [schema] });
    expect(fromSchema.scope).toBe(Scope.CLUSTER);
    const named = new ApiServiceExportTemplate(c, 'b', { resources: [{ group: 'example.com', resource: 'gadgets', versions: ['v1'] }] });
    expect(named.scope).toBeUndefined();
    const given = new ApiServiceExportTemplate(c, 'c', { resources: [{ group: 'example.com', resource: 'gadgets', versions: ['v1'] }], scope: Scope.NAMESPACED });
    expect(given.resources).toEqual([{ group: 'example.com', resource: 'gadgets', versions: ['v1'] }]);
    expect(() => new ApiServiceExportTemplate(c, 'd', { resources: [schema as any] })).toThrow(/addResource expects/);
  });

  test('named resources take the scope of the app\'s CRD of that group and plural', () => {
    const c = chart();
    ExportedCrd.mark(crdObject(c, 'crd'));
    const crd = ofKind(c, 'CustomResourceDefinition')[0];
    const named = new ApiServiceExportTemplate(c, 'tpl', { resources: [{ group: crd.spec.group, resource: crd.spec.names.plural, versions: ['v1'] }] });
    expect(named.scope).toBe(crd.spec.scope);
    expect(ofKind(c, 'APIServiceExportTemplate')[0].spec.scope).toBe(crd.spec.scope);
  });

  test('named resources whose scope is nowhere in the app: the synth reports spec.scope missing (KB002), it never throws', () => {
    const c = chart();
    new ApiServiceExportTemplate(c, 'tpl', { resources: [{ group: 'example.com', resource: 'gadgets', versions: ['v1'] }] });
    expect(synthError(c)).toMatch(/test\/tpl[\s\S]*\[KB002\] spec\.scope/);
  });

  test('resources of two scopes fail the synth (KB212)', () => {
    const c = chart();
    const widgets = ExportedCrd.mark(crdObject(c, 'w'));
    const gadgets = ExportedCrd.mark(crdObject(c, 'g', ['metadata.name', 'gadgets.example.com'], ['spec.scope', 'Cluster'],
      ['spec.names', { kind: 'Gadget', plural: 'gadgets' }]));
    new ApiServiceExportTemplate(c, 'tpl', { crds: [widgets, gadgets], scope: Scope.NAMESPACED });
    expect(synthError(c)).toMatch(/\[KB212\] spec\.resources\[1\]/);
  });

  test('getters return copies; addX after construction reaches the output', () => {
    const c = chart();
    const t = new ApiServiceExportTemplate(c, 'tpl', { scope: Scope.NAMESPACED });
    t.addResource({ group: 'example.com', resource: 'widgets', versions: ['v1'] });
    t.addNamespace('one');
    t.resources[0].versions!.push('v9');
    t.namespaces.push('two');
    expect(ofKind(c, 'APIServiceExportTemplate')[0].spec).toEqual({
      scope: 'Namespaced', resources: [{ group: 'example.com', resource: 'widgets', versions: ['v1'] }], namespaces: [{ name: 'one' }],
    });
  });
});

describe('Collection', () => {
  test('over templates and names; a name that is no template of the app is a warning (KB215)', () => {
    const c = chart();
    const t = new ApiServiceExportTemplate(c, 'tpl', { metadata: { name: 'widgets' }, resources: [{ group: 'example.com', resource: 'widgets', versions: ['v1'] }], scope: Scope.NAMESPACED });
    new Collection(c, 'all', { metadata: { name: 'all' }, templates: [t], templateNames: ['gadgets'], description: 'Everything' });
    let stderr = '';
    // What this synth prints, as a fresh process would (each warning is printed once per process).
    forgetPrinted();
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => { stderr += String(chunk); return true; });
    delete process.env.CDK8S_KUBE_BIND_QUIET;
    try {
      const [collection] = ofKind(c, 'Collection');
      expect(collection).toEqual({ apiVersion: 'kube-bind.io/v1alpha2', kind: 'Collection', metadata: { name: 'all' }, spec: { description: 'Everything', templates: [{ name: 'widgets' }, { name: 'gadgets' }] } });
    } finally {
      spy.mockRestore();
      process.env.CDK8S_KUBE_BIND_QUIET = '1';
    }
    expect(stderr).toMatch(/\[KB215\] spec\.templates\[1\]\.name: "gadgets"/);
  });

  test('an empty collection fails the synth (the CRD\'s minItems, KB007)', () => {
    const c = chart();
    new Collection(c, 'all');
    expect(synthError(c)).toMatch(/\[KB007\] spec\.templates/);
  });
});

describe('backend-only requests', () => {
  test('ApiServiceExportRequest: resources, claims, namespaces, policy and parameters, in the chart\'s namespace', () => {
    const c = chart({ namespace: 'kube-bind-abc' });
    new ApiServiceExportRequest(c, 'req', {
      metadata: { name: 'widgets' },
      resources: [{ group: 'example.com', resource: 'widgets', versions: ['v1'] }],
      permissionClaims: [new PermissionClaim({ resource: kplus.ApiResource.CONFIG_MAPS, namedResources: [{ name: 'settings' }] })],
      namespaces: ['workshop'],
      schemaUpdatePolicy: SchemaUpdatePolicy.NEVER,
      parameters: { size: 'small' },
    });
    const [req] = ofKind(c, 'APIServiceExportRequest');
    expect(req.metadata).toEqual({ name: 'widgets', namespace: 'kube-bind-abc' });
    expect(req.spec).toMatchObject({ resources: [{ group: 'example.com', resource: 'widgets', versions: ['v1'] }], namespaces: [{ name: 'workshop' }], schemaUpdatePolicy: 'Never', parameters: { size: 'small' } });
  });

  test('BindableResourcesRequest: the template by object or name; a name no template of the app has fails the synth (KB216)', () => {
    const c = chart();
    const t = new ApiServiceExportTemplate(c, 'tpl', { metadata: { name: 'widgets' }, resources: [{ group: 'example.com', resource: 'widgets', versions: ['v1'] }], scope: Scope.NAMESPACED });
    new BindableResourcesRequest(c, 'ok', {
      author: 'platform',
      clusterIdentity: 'cluster-a',
      clusterPrettyName: 'A',
      template: t,
      kubeconfigSecret: { name: 'kubeconfig', key: 'value' },
      ttlAfterFinished: Duration.hours(1),
    });
    const [brr] = Testing.synth(c).filter((m: any) => m.kind === 'BindableResourcesRequest');
    expect(brr.spec).toEqual({
      author: 'platform',
      clusterIdentity: { identity: 'cluster-a', prettyName: 'A' },
      templateRef: { name: 'widgets' },
      kubeconfigSecretRef: { name: 'kubeconfig', key: 'value' },
      ttlAfterFinished: '3600s',
    });
    new BindableResourcesRequest(c, 'bad', { author: 'platform', clusterIdentity: 'cluster-b', templateName: 'gadgets' });
    expect(synthError(c)).toMatch(/test\/bad[\s\S]*\[KB216\] spec\.templateRef\.name: "gadgets"/);
    expect(() => new BindableResourcesRequest(c, 'both', { author: 'a', clusterIdentity: 'c', template: t, templateName: 'x' })).toThrow(/not both/);
  });
});
