import { ApiObject, JsonPatch, Testing } from 'cdk8s';
import { ApiServiceExport, ApiServiceExportV1Alpha1, BoundSchema, l1 } from '../src';
import { chart, widgetSchema } from './util';

describe('escape hatches reach the output', () => {
  test('addJsonPatch on a construct adds fields the typed props do not know', () => {
    const c = chart();
    const bs = new BoundSchema(c, 'widgets', {
      group: 'widgets.example.com', names: { kind: 'Widget', plural: 'widgets' }, schema: widgetSchema(), versions: [{ name: 'v1' }],
    });
    const v1 = new ApiServiceExportV1Alpha1(c, 'gadgets', {
      group: 'gadgets.example.com', names: { kind: 'Gadget', plural: 'gadgets' }, schema: widgetSchema(), versions: [{ name: 'v1' }],
    });
    const e = new ApiServiceExport(c, 'export', { schemas: [bs] });
    for (const x of [bs, v1, e]) {
      ApiObject.of(x).addJsonPatch(
        JsonPatch.add('/metadata/annotations', { 'example.com/owner': 'team-a' }),
        JsonPatch.add('/spec/futureField', 'kept'),
      );
    }
    for (const m of Testing.synth(c)) {
      expect(m.metadata.annotations).toEqual({ 'example.com/owner': 'team-a' });
      expect(m.spec.futureField).toBe('kept');
    }
  });

  test('the generated L1 classes keep patches too', () => {
    const c = chart();
    const raw = new l1.ApiServiceExport(c, 'raw', { spec: { resources: [{ resource: 'widgets' }], isolation: l1.ApiServiceExportSpecIsolation.NONE, informerScope: l1.ApiServiceExportSpecInformerScope.CLUSTER } });
    raw.addJsonPatch(JsonPatch.add('/spec/resources/0/extra', true), JsonPatch.add('/status', { conditions: [] }));
    const [m] = Testing.synth(c);
    expect(m.spec.resources[0].extra).toBe(true);
    expect(m.status).toEqual({ conditions: [] });
  });

  test('the unsuffixed L1 class is the storage version', () => {
    expect(l1.ApiServiceExport.GVK.apiVersion).toBe('kube-bind.io/v1alpha2');
    expect(l1.ApiServiceExportV1Alpha1.GVK.apiVersion).toBe('kube-bind.io/v1alpha1');
    expect(l1.BoundSchema.GVK.apiVersion).toBe('kube-bind.io/v1alpha2');
  });
});
