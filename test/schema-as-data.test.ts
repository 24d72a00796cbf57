import { ApiObject, ApiObjectMetadataDefinition, App, Chart, IResolver, Lazy, ResolutionContext } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { ApiServiceExport, ApiServiceExportV1alpha1, BoundSchema, InformerScope, PermissionClaim, PrinterColumnType } from '../src';
import { widgetSchema } from './util';
import { manifestForRules } from '../src/schema-as-data';

/**
 * Our L1 objects build a plain-data manifest directly; any other object (a
 * patch, a token, a user's resolver) goes through cdk8s' resolver. Both
 * routes must give the same manifest: an app with a resolver that changes
 * nothing takes the full route for every object.
 */
class Unchanged implements IResolver {
  public calls = 0;
  public resolve(_context: ResolutionContext): void {
    this.calls++;
  }
}

function build(app: App, schema: any, extra: (c: Chart) => void = () => undefined): Chart {
  const c = new Chart(app, 'test', { namespace: 'provider', labels: { team: 'a' } });
  const bs = new BoundSchema(c, 'widgets', {
    group: 'widgets.example.com',
    names: { kind: 'Widget', plural: 'widgets', shortNames: ['wd'], categories: ['all'] },
    schema,
    versions: [{ name: 'v1', printerColumns: [{ name: 'Size', type: PrinterColumnType.STRING, jsonPath: '.spec.size' }] }, { name: 'v1beta1', served: true, storage: false, deprecated: true }],
    subresources: { status: true, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' } },
    metadata: { annotations: { note: 'x' } },
  });
  new ApiServiceExportV1alpha1(c, 'gadgets', {
    group: 'gadgets.example.com',
    names: { kind: 'Gadget', plural: 'gadgets' },
    schema,
    versions: [{ name: 'v1' }],
    informerScope: InformerScope.NAMESPACED,
  });
  const claim = new PermissionClaim({ resource: kplus.ApiResource.SECRETS, matchLabels: { ['__proto__']: 'p', constructor: 'c', app: 'db' } });
  claim.addName('ca', 'provider');
  new ApiServiceExport(c, 'export', { resources: [bs, { group: 'apps', resource: 'deployments', versions: ['v1'] }], permissionClaims: [claim] });
  extra(c);
  return c;
}

/** A schema whose keys cdk8s' resolver mishandles. */
function hostileSchema(): any {
  const schema = widgetSchema();
  schema.properties.spec.properties = {
    ...schema.properties.spec.properties,
    constructor: { type: 'string', default: 'x' },
    b: { type: 'object', default: { constructor: 'c', value: 1 } },
    a: { type: 'integer', example: 3 },
  };
  Object.defineProperty(schema.properties.spec.properties, '__proto__', { value: { type: 'string' }, enumerable: true });
  return schema;
}

function both(schema: () => any, extra?: (c: Chart) => void): { direct: any[]; full: any[]; resolverCalls: number } {
  const direct = new App();
  const resolver = new Unchanged();
  const full = new App({ resolvers: [resolver] });
  const d = build(direct, schema(), extra);
  const f = build(full, schema(), extra);
  const render = (c: Chart) => c.node.findAll().filter(ApiObject.isApiObject).map(o => JSON.parse(JSON.stringify(o.toJson())));
  // Key order matters (it is the YAML's order): compare the JSON text.
  return { direct: render(d), full: render(f), resolverCalls: resolver.calls };
}

describe('the direct rendering equals cdk8s\' full rendering', () => {
  test('plain data, user keys named __proto__ and constructor included', () => {
    const { direct, full, resolverCalls } = both(hostileSchema);
    expect(resolverCalls).toBeGreaterThan(0);
    expect(direct.length).toBe(3);
    expect(JSON.stringify(direct)).toBe(JSON.stringify(full));
    const spec = direct[0].spec.versions[0].schema.openAPIV3Schema.properties.spec.properties;
    expect(Object.keys(spec)).toEqual(['__proto__', 'a', 'b', 'constructor', 'replicas', 'size']);
    expect(Object.keys(direct[2].spec.permissionClaims[0].selector.labelSelector.matchLabels)).toEqual(['__proto__', 'app', 'constructor']);
  });

  test('tokens in metadata and in version fields', () => {
    let n = 0;
    const { direct, full } = both(widgetSchema, c => {
      const bs = c.node.findChild('widgets') as BoundSchema;
      ApiObject.of(bs).metadata.addLabel('lazy', Lazy.any({ produce: () => `v${n}` }) as any);
      bs.addVersion({ name: 'v2', served: Lazy.any({ produce: () => n > 100 }) as any });
    });
    n = 1;
    expect(JSON.stringify(direct)).toBe(JSON.stringify(full));
    expect(direct[0].metadata.labels).toEqual({ lazy: 'v0', team: 'a' });
    expect(direct[0].spec.versions[2]).toMatchObject({ name: 'v2', served: false });
  });

  test('metadata of every shape: labels, annotations, finalizers, owner references, extra attributes, empty values', () => {
    const { direct, full } = both(widgetSchema, c => {
      new ApiServiceExport(c, 'meta', {
        metadata: {
          name: 'meta',
          labels: { b: '2', a: '1' },
          annotations: {},
          finalizers: ['kube-bind.io/cleanup'],
          ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: 'u-1', controller: true }],
          generateName: 'meta-',
          extra: { nested: {}, list: [], keep: 'x', gone: null },
        } as any,
        resources: [{ group: 'apps', resource: 'deployments' }],
      });
      const bare = new ApiServiceExport(c, 'bare', { resources: [{ group: 'apps', resource: 'deployments' }] });
      ApiObject.of(bare).metadata.addAnnotation('z', 'last');
      ApiObject.of(bare).metadata.addFinalizers();
    });
    expect(JSON.stringify(direct)).toBe(JSON.stringify(full));
    const meta = direct.find(o => o.metadata.name === 'meta').metadata;
    expect(Object.keys(meta)).toEqual(['extra', 'finalizers', 'generateName', 'labels', 'name', 'namespace', 'ownerReferences']);
    expect(meta.extra).toEqual({ keep: 'x' });
  });

  test('metadata cdk8s would render differently goes through cdk8s: a token, or a field this module does not know', () => {
    const app = new App();
    const c = new Chart(app, 'c', { namespace: 'provider' });
    const plain = ApiObject.of(new ApiServiceExport(c, 'plain', { resources: [{ group: 'apps', resource: 'deployments' }] }));
    const tokened = ApiObject.of(new ApiServiceExport(c, 'tokened', { resources: [{ group: 'apps', resource: 'deployments' }] }));
    tokened.metadata.addLabel('lazy', Lazy.any({ produce: () => 'v' }) as any);
    const unknown = ApiObject.of(new ApiServiceExport(c, 'unknown', { resources: [{ group: 'apps', resource: 'deployments' }] }));
    (unknown.metadata as any).someFutureField = 'x';
    const calls = (o: ApiObject): number => {
      // On the prototype: a spy on the object would be an own field, which itself sends it through cdk8s.
      const spy = jest.spyOn(ApiObjectMetadataDefinition.prototype, 'toJson');
      try {
        o.toJson();
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    expect([calls(plain), calls(tokened), calls(unknown)]).toEqual([0, 1, 1]);
    expect(tokened.toJson().metadata.labels).toEqual({ lazy: 'v' });
  });

  test('with CDK8S_DISABLE_SORT', () => {
    process.env.CDK8S_DISABLE_SORT = '1';
    try {
      const { direct, full } = both(hostileSchema);
      expect(JSON.stringify(direct)).toBe(JSON.stringify(full));
      expect(Object.keys(direct[0].spec)).toEqual(['group', 'names', 'scope', 'informerScope', 'versions']);
    } finally {
      delete process.env.CDK8S_DISABLE_SORT;
    }
  });

  test('data cdk8s cannot render fails the same way on both routes', () => {
    class Opaque {
      public readonly x = 1;
    }
    const render = (app: App) => () => build(app, widgetSchema(), c => {
      new BoundSchema(c, 'odd', {
        group: 'odd.example.com',
        names: { kind: 'Odd', plural: 'odds' },
        schema: widgetSchema(),
        versions: [{ name: 'v1', printerColumns: [{ name: 'X', type: PrinterColumnType.STRING, jsonPath: '.x', description: new Opaque() as any }] }],
      });
    }).node.findAll().filter(ApiObject.isApiObject).map(o => o.toJson());
    expect(render(new App())).toThrow(/can't render non-simple object of type 'Opaque'/);
    expect(render(new App({ resolvers: [new Unchanged()] }))).toThrow(/can't render non-simple object of type 'Opaque'/);
  });
});

describe('the rules read the manifest the output holds', () => {
  test('the rules\' rendering equals toJson(), schemas shared between versions only there', () => {
    const app = new App();
    const c = build(app, hostileSchema());
    for (const o of c.node.findAll().filter(ApiObject.isApiObject)) {
      const forRules = manifestForRules(o);
      expect(JSON.stringify(forRules)).toBe(JSON.stringify(o.toJson()));
    }
    const bs = ApiObject.of(c.node.findChild('widgets'));
    const [a, b] = manifestForRules(bs).spec.versions;
    expect(a.schema.openAPIV3Schema).toBe(b.schema.openAPIV3Schema);
    const [x, y] = bs.toJson().spec.versions;
    expect(x.schema.openAPIV3Schema).not.toBe(y.schema.openAPIV3Schema);
  });

  test('a schema is taken by value: changing the object passed later changes nothing', () => {
    const app = new App();
    const schema = widgetSchema();
    const c = build(app, schema);
    schema.properties.spec.properties.size.type = 'string';
    const bs = ApiObject.of(c.node.findChild('widgets'));
    expect(bs.toJson().spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.size.type).toBe('integer');
    expect(manifestForRules(bs).spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.size.type).toBe('integer');
  });
});
