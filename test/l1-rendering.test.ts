/**
 * The constructs render through the typed L1 classes (src/imports), as
 * cdk8s-plus' constructs render through theirs: the child `'Resource'` is an
 * instance of the kind's L1 class, in the construct's own kube-bind group,
 * and what the library adds on top (a cluster-scoped kind kept out of the
 * chart's namespace, the keys cdk8s mishandles) still holds.
 */
import { ApiObject, Testing } from 'cdk8s';
import { Construct } from 'constructs';
import {
  ApiServiceExport, ApiServiceExportRequest, ApiServiceExportTemplate, ApiServiceExportV1Alpha1, BindableResourcesRequest, BoundSchema,
  Collection, ConversionStrategy, Findings, InformerScope, Isolation, KubeBindResource, KubeBindResourceKind, KubeBindResourceProps, l1,
  SchemaUpdatePolicy, Scope,
} from '../src';
import { chart, widgetSchema } from './util';
import * as enums from '../src/constructs/l1-enums';

let quiet: string | undefined;
beforeAll(() => { quiet = process.env.CDK8S_KUBE_BIND_QUIET; process.env.CDK8S_KUBE_BIND_QUIET = '1'; });
afterAll(() => { if (quiet === undefined) delete process.env.CDK8S_KUBE_BIND_QUIET; else process.env.CDK8S_KUBE_BIND_QUIET = quiet; });

/** One construct of every kind the library writes, in `scope`, each with the L1 class it must render through. */
function everyKind(scope: Construct, kubeBindGroup?: string): Array<[KubeBindResource, new (...args: any[]) => ApiObject]> {
  const definition = { group: 'widgets.example.com', names: { kind: 'Widget', plural: 'widgets' }, schema: widgetSchema(), versions: [{ name: 'v1' }] };
  const schema = new BoundSchema(scope, 'schema', { ...definition, kubeBindGroup });
  const template = new ApiServiceExportTemplate(scope, 'template', { schemas: [schema], kubeBindGroup });
  return [
    [schema, l1.BoundSchema],
    [new ApiServiceExport(scope, 'export', { schemas: [schema], kubeBindGroup }), l1.ApiServiceExport],
    [new ApiServiceExportV1Alpha1(scope, 'v1alpha1', {
      ...definition, group: 'gadgets.example.com', names: { kind: 'Gadget', plural: 'gadgets' }, kubeBindGroup,
    }), l1.ApiServiceExportV1Alpha1],
    [template, l1.ApiServiceExportTemplate],
    [new Collection(scope, 'collection', { templates: [template], kubeBindGroup }), l1.Collection],
    [new ApiServiceExportRequest(scope, 'request', { schemas: [schema], kubeBindGroup }), l1.ApiServiceExportRequest],
    [new BindableResourcesRequest(scope, 'bind', { author: 'a', clusterIdentity: 'c', template, kubeBindGroup }), l1.BindableResourcesRequest],
  ];
}

/**
 * Whether `object` is of `cls` or a subclass. Not `instanceof`: cdk8s' ApiObject answers that for every
 * ApiObject (its `Symbol.hasInstance`, which every L1 class inherits), so it cannot tell one kind's class from another.
 */
function isOf(object: ApiObject, cls: new (...args: any[]) => ApiObject): boolean {
  return Object.prototype.isPrototypeOf.call(cls.prototype, object);
}

describe('the L1 child', () => {
  test('of every construct is an instance of its kind\'s L1 class, and of no other', () => {
    const all = everyKind(chart());
    const classes = all.map(([, cls]) => cls);
    for (const [construct, cls] of all) {
      const child = ApiObject.of(construct);
      expect(construct.node.defaultChild).toBe(child);
      expect(child.node.id).toBe('Resource');
      expect(isOf(child, cls)).toBe(true);
      expect(classes.filter(other => isOf(child, other))).toEqual([cls]);
    }
  });

  test('renders the construct\'s kube-bind group, not the L1\'s kube-bind.io', () => {
    const c = chart();
    const all = everyKind(c, 'bind.example.org');
    for (const [construct, cls] of all) {
      const child = ApiObject.of(construct);
      expect(isOf(child, cls)).toBe(true);
      expect(child.apiGroup).toBe('bind.example.org');
      expect(child.apiVersion).toBe(`bind.example.org/${(cls as any).GVK.apiVersion.split('/')[1]}`);
    }
    const kinds = Testing.synth(c).map(m => `${m.apiVersion} ${m.kind}`);
    expect(kinds).toEqual([
      'bind.example.org/v1alpha2 BoundSchema',
      'bind.example.org/v1alpha2 APIServiceExportTemplate',
      'bind.example.org/v1alpha2 APIServiceExport',
      'bind.example.org/v1alpha1 APIServiceExport',
      'bind.example.org/v1alpha2 Collection',
      'bind.example.org/v1alpha2 APIServiceExportRequest',
      'bind.example.org/v1alpha2 BindableResourcesRequest',
    ]);
  });

  test('of a cluster-scoped kind never carries the chart\'s namespace; a namespaced kind keeps it', () => {
    const c = chart({ namespace: 'team-a' });
    everyKind(c);
    const namespaces = Object.fromEntries(Testing.synth(c).map(m => [`${m.apiVersion} ${m.kind}`, m.metadata.namespace]));
    expect(namespaces).toEqual({
      'kube-bind.io/v1alpha2 BoundSchema': 'team-a',
      'kube-bind.io/v1alpha2 APIServiceExportTemplate': undefined,
      'kube-bind.io/v1alpha2 APIServiceExport': 'team-a',
      'kube-bind.io/v1alpha1 APIServiceExport': 'team-a',
      'kube-bind.io/v1alpha2 Collection': undefined,
      'kube-bind.io/v1alpha2 APIServiceExportRequest': 'team-a',
      'kube-bind.io/v1alpha2 BindableResourcesRequest': 'team-a',
    });
  });
});

/** A user's kind on the library's base. */
class UserKind extends KubeBindResource {
  public constructor(scope: Construct, id: string, props: KubeBindResourceProps, kind: KubeBindResourceKind) {
    super(scope, id, props, kind);
  }

  protected renderSpec(): { [key: string]: any } {
    return { resources: [{ group: '', resource: 'configmaps' }] };
  }
}

describe('a user\'s subclass of KubeBindResource', () => {
  test('of a kube-bind kind no construct writes renders through that kind\'s L1 class', () => {
    const c = chart({ namespace: 'team-a' });
    const request = new UserKind(c, 'request', {}, { kind: 'APIServiceExportRequest', version: 'v1alpha1' });
    expect(isOf(ApiObject.of(request), l1.ApiServiceExportRequestV1Alpha1)).toBe(true);
    expect(ApiObject.of(request).toJson()).toMatchObject({ apiVersion: 'kube-bind.io/v1alpha1', kind: 'APIServiceExportRequest', metadata: { namespace: 'team-a' } });
  });

  test('of a kind in another group renders a plain ApiObject, cluster-scoped as it says', () => {
    const c = chart({ namespace: 'team-a' });
    const own = new UserKind(c, 'own', {}, { kind: 'APIServiceExport', version: 'v1alpha2', apiGroup: 'example.com', clusterScoped: true });
    const child = ApiObject.of(own);
    expect(isOf(child, l1.ApiServiceExport)).toBe(false);
    expect(child.apiVersion).toBe('example.com/v1alpha2');
    const m = child.toJson();
    expect(m.apiVersion).toBe('example.com/v1alpha2');
    expect(m.metadata.namespace).toBeUndefined();
  });
});

describe('our enums as the L1\'s (l1-enums.ts)', () => {
  const tables: Array<[string, (value: any) => string, Record<string, string>]> = [
    ['exportIsolation', enums.exportIsolation, Isolation],
    ['exportClusterScopedIsolation', enums.exportClusterScopedIsolation, Isolation],
    ['exportInformerScope', enums.exportInformerScope, InformerScope],
    ['v1alpha1ExportScope', enums.v1alpha1ExportScope, Scope],
    ['v1alpha1ExportInformerScope', enums.v1alpha1ExportInformerScope, InformerScope],
    ['v1alpha1ExportClusterScopedIsolation', enums.v1alpha1ExportClusterScopedIsolation, Isolation],
    ['boundSchemaScope', enums.boundSchemaScope, Scope],
    ['boundSchemaConversionStrategy', enums.boundSchemaConversionStrategy, ConversionStrategy],
    ['templateSchemaUpdatePolicy', enums.templateSchemaUpdatePolicy, SchemaUpdatePolicy],
    ['requestSchemaUpdatePolicy', enums.requestSchemaUpdatePolicy, SchemaUpdatePolicy],
  ];

  test('every mapping of the file is listed here', () => {
    expect(Object.keys(enums).sort()).toEqual(tables.map(([name]) => name).sort());
  });

  test.each(tables)('%s writes each member of ours as the wire string it stands for', (_name, map, ours) => {
    for (const value of Object.values(ours)) expect(map(value)).toBe(value);
  });

  test.each(tables)('%s writes a value outside our enum as given, so the rules can name it', (_name, map) => {
    for (const value of ['Bogus', 'constructor', '__proto__', '']) expect(map(value)).toBe(value);
  });

  test('a value outside the enum reaches the output and the rules', () => {
    const c = chart();
    const e = new ApiServiceExport(c, 'export', { resources: [{ group: 'x.example.com', resource: 'xs' }], isolation: 'Shared' as Isolation });
    expect(ApiObject.of(e).toJson().spec.isolation).toBe('Shared');
    expect(Findings.of(c).filter(f => f.path === 'spec.isolation').map(f => f.message).join('\n')).toMatch(/"Shared"/);
  });
});

test('a subclass\'s renderTemplateSpec() still reaches a template\'s and a request\'s spec, every field of it', () => {
  class Extended extends ApiServiceExportTemplate {
    protected override renderTemplateSpec(): { [key: string]: any } {
      return { ...super.renderTemplateSpec(), extra: 'kept' };
    }
  }
  class ExtendedRequest extends ApiServiceExportRequest {
    protected override renderTemplateSpec(): { [key: string]: any } {
      return { ...super.renderTemplateSpec(), extra: 'kept' };
    }
  }
  const c = chart();
  const resources = [{ group: 'x.example.com', resource: 'xs', versions: ['v1'] }];
  const t = new Extended(c, 't', { scope: Scope.CLUSTER, resources, schemaUpdatePolicy: SchemaUpdatePolicy.ALWAYS });
  const r = new ExtendedRequest(c, 'r', { resources, schemaUpdatePolicy: SchemaUpdatePolicy.NEVER });
  expect(ApiObject.of(t).toJson().spec).toEqual({ scope: 'Cluster', resources, schemaUpdatePolicy: 'Always', extra: 'kept' });
  expect(ApiObject.of(r).toJson().spec).toEqual({ resources, schemaUpdatePolicy: 'Never', extra: 'kept' });
});
