import { ApiObject, App, Chart, IResolver, Lazy, ResolutionContext } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import * as fc from 'fast-check';
import { ApiServiceExport, ApiServiceExportV1Alpha1, BoundSchema, InformerScope, PermissionClaim, PrinterColumnType } from '../src';
import { widgetSchema } from './util';
import { KeyRenamer, restoreKeys } from '../src/constructs/data-keys';

fc.configureGlobal({ seed: 4242, numRuns: 100 });

/** A resolver that changes nothing: cdk8s calls it for every value. */
class Unchanged implements IResolver {
  public calls = 0;
  public resolve(_context: ResolutionContext): void {
    this.calls++;
  }
}

function build(app: App, schema: any): Chart {
  const c = new Chart(app, 'test', { namespace: 'provider', labels: { team: 'a' } });
  const bs = new BoundSchema(c, 'widgets', {
    group: 'widgets.example.com',
    names: { kind: 'Widget', plural: 'widgets', shortNames: ['wd'], categories: ['all'] },
    schema,
    versions: [{ name: 'v1', printerColumns: [{ name: 'Size', type: PrinterColumnType.STRING, jsonPath: '.spec.size' }] }, { name: 'v1beta1', served: true, storage: false, deprecated: true }],
    subresources: { status: true, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' } },
    metadata: { annotations: { note: 'x' } },
  });
  new ApiServiceExportV1Alpha1(c, 'gadgets', {
    group: 'gadgets.example.com',
    names: { kind: 'Gadget', plural: 'gadgets' },
    schema,
    versions: [{ name: 'v1' }],
    informerScope: InformerScope.NAMESPACED,
  });
  const claim = new PermissionClaim({ resource: kplus.ApiResource.SECRETS, matchLabels: { ['__proto__']: 'p', constructor: 'c', app: 'db' } });
  claim.addName('ca', 'provider');
  new ApiServiceExport(c, 'export', { schemas: [bs], resources: [{ group: 'apps', resource: 'deployments', versions: ['v1'] }], permissionClaims: [claim] });
  return c;
}

/** A schema whose keys cdk8s' resolver mishandles. */
function hostileSchema(): any {
  const schema = widgetSchema();
  schema.properties.spec.properties = {
    ...schema.properties.spec.properties,
    'constructor': { type: 'string', default: 'x' },
    'b': { type: 'object', default: { constructor: 'c', value: 1 } },
    'a': { type: 'integer', example: 3 },
    'nul\u0000': { type: 'string' },
  };
  Object.defineProperty(schema.properties.spec.properties, '__proto__', { value: { type: 'string' }, enumerable: true });
  return schema;
}

function renderAll(c: Chart): string[] {
  // Key order matters (it is the YAML's order): compare the JSON text.
  return c.node.findAll().filter(ApiObject.isApiObject).map(o => JSON.stringify(o.toJson()));
}

describe('keys cdk8s mishandles are renamed around it and given back', () => {
  const key = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'value', 'a\u0000', '\u0000', 'a\u0000\u0000', 'b'), fc.string({ maxLength: 4 }));
  const data = fc.letrec(tie => ({
    node: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 0 }), fc.array(tie('node'), { maxLength: 3 }), tie('map')),
    map: fc.array(fc.tuple(key, tie('node')), { maxLength: 5 }).map(entries => {
      const out = {};
      for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      return out;
    }),
  })).node;

  test('restoreKeys(rename(x)) is x, key order included', () => {
    fc.assert(fc.property(data, x => {
      const renamer = new KeyRenamer();
      const back = restoreKeys(renamer.rename(x));
      expect(JSON.stringify(back)).toBe(JSON.stringify(x));
    }));
  });

  test('renaming keeps where each key sorts among its siblings', () => {
    fc.assert(fc.property(fc.uniqueArray(key, { maxLength: 8 }), keys => {
      const map = {};
      for (const k of keys) Object.defineProperty(map, k, { value: 1, enumerable: true });
      const renamed = Object.keys(new KeyRenamer().rename(map) as object);
      const restored = [...renamed].sort().map(k => (k.endsWith('\u0000') ? k.slice(0, -1) : k));
      expect(restored).toEqual([...Object.keys(map)].sort());
    }));
  });

  test('rename says it met a token exactly when the value holds one, at any depth', () => {
    const withNullProto = fc.constantFrom(Object.create(null), { a: Object.assign(Object.create(null), { b: 1 }) });
    fc.assert(fc.property(fc.oneof(data, withNullProto), x => {
      const renamer = new KeyRenamer();
      renamer.rename(x);
      expect(renamer.heldToken).toBe(false);
    }));
    class Opaque { }
    for (const token of [Lazy.any({ produce: () => 1 }), new Opaque(), () => 1]) {
      const renamer = new KeyRenamer();
      renamer.rename({ a: [{ constructor: 1 }, { b: [token] }] });
      expect(renamer.heldToken).toBe(true);
      renamer.rename(token);
      expect(renamer.heldToken).toBe(true);
      renamer.rename({ a: 1 });
      expect(renamer.heldToken).toBe(false);
    }
  });

  test('data without such keys is not copied, and nothing is flagged', () => {
    const renamer = new KeyRenamer();
    const schema = widgetSchema();
    expect(renamer.rename(schema)).toBe(schema);
    expect(renamer.renamedAny).toBe(false);
  });
});

describe('the constructs render through cdk8s', () => {
  test('an app with a resolver of its own renders the same output, hostile keys included', () => {
    const resolver = new Unchanged();
    const plain = renderAll(build(new App(), hostileSchema()));
    const withResolver = renderAll(build(new App({ resolvers: [resolver] }), hostileSchema()));
    expect(withResolver).toEqual(plain);
    expect(resolver.calls).toBeGreaterThan(0);
    const schema = JSON.parse(plain[0]).spec.versions[0].schema.openAPIV3Schema.properties.spec.properties;
    expect(Object.keys(schema)).toEqual(['__proto__', 'a', 'b', 'constructor', 'nul\u0000', 'replicas', 'size']);
    expect(schema.b.default).toEqual({ constructor: 'c', value: 1 });
  });

  test('tokens in metadata and in version fields are resolved', () => {
    const c = new Chart(new App(), 'test');
    new BoundSchema(c, 'widgets', {
      group: 'widgets.example.com',
      names: { kind: 'Widget', plural: 'widgets' },
      schema: widgetSchema(),
      versions: [{ name: 'v1', deprecated: true, deprecationWarning: Lazy.any({ produce: () => 'made late' }) as any }],
      metadata: { labels: { lazy: Lazy.any({ produce: () => 'v' }) as any } },
    });
    const [out] = c.toJson();
    expect(out.metadata.labels).toEqual({ lazy: 'v' });
    expect(out.spec.versions[0].deprecationWarning).toBe('made late');
  });

  test('a schema is taken by value: changing the object passed later changes nothing', () => {
    const schema = widgetSchema();
    const c = build(new App(), schema);
    schema.properties.spec.properties.size.type = 'string';
    const bs = ApiObject.of(c.node.findChild('widgets'));
    expect(bs.toJson().spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.size.type).toBe('integer');
  });

  test('data cdk8s cannot render fails in cdk8s\' words', () => {
    class Opaque { }
    const c = new Chart(new App(), 'test');
    new BoundSchema(c, 'widgets', { group: 'widgets.example.com', names: { kind: 'Widget', plural: 'widgets' }, schema: { type: 'object', default: new Opaque() }, versions: [{ name: 'v1' }] });
    expect(() => c.toJson()).toThrow(/can't render non-simple object of type 'Opaque'/);
  });
});
