import { Testing } from 'cdk8s';
import { ApiServiceExportV1Alpha1, InformerScope, Isolation, Scope } from '../src';
import { chart, ofKind, synthError, widgetSchema } from './util';
import { validateObject } from '../src/rules';

function gadgets(c = chart(), extra: any = {}): ApiServiceExportV1Alpha1 {
  return new ApiServiceExportV1Alpha1(c, 'gadgets', {
    group: 'gadgets.example.com',
    names: { kind: 'Gadget', plural: 'gadgets' },
    schema: widgetSchema(),
    versions: [{ name: 'v1' }],
    ...extra,
  });
}

describe('ApiServiceExportV1Alpha1', () => {
  test('renders a valid v1alpha1 export named <plural>.<group>', () => {
    const c = chart();
    gadgets(c);
    const [m] = ofKind(c, 'APIServiceExport');
    expect(m.apiVersion).toBe('kube-bind.io/v1alpha1');
    expect(m.metadata.name).toBe('gadgets.gadgets.example.com');
    expect(m.spec.informerScope).toBe('Cluster');
    expect(validateObject(m)).toEqual([]);
    expect(Testing.synth(c)).toMatchSnapshot();
  });

  test('a cluster-scoped export with isolation is valid', () => {
    const c = chart();
    gadgets(c, { scope: Scope.CLUSTER, clusterScopedIsolation: Isolation.PREFIXED });
    const [m] = ofKind(c, 'APIServiceExport');
    expect(m.spec.clusterScopedIsolation).toBe('Prefixed');
    expect(validateObject(m).filter(v => v.severity === 'error')).toEqual([]);
  });

  test('cluster scope without isolation, or with a namespaced informer, fails synth', () => {
    const c = chart();
    gadgets(c, { scope: Scope.CLUSTER, informerScope: InformerScope.NAMESPACED });
    const message = synthError(c);
    expect(message).toMatch(/\[test\/gadgets\]/);
    expect(message).toMatch(/informerScope/);
    expect(message).toMatch(/clusterScopedIsolation/);
  });

  test('isolation on a namespaced resource fails synth', () => {
    const c = chart();
    gadgets(c, { clusterScopedIsolation: Isolation.NONE });
    expect(synthError(c)).toMatch(/clusterScopedIsolation/);
  });

  test('a name other than <plural>.<group> fails synth', () => {
    const c = chart();
    gadgets(c, { metadata: { name: 'gadgets' } });
    expect(synthError(c)).toMatch(/metadata\.name/);
  });

  test('addVersion after construction shows in the output', () => {
    const c = chart();
    const e = gadgets(c);
    e.addVersion({ name: 'v2' });
    const [m] = ofKind(c, 'APIServiceExport');
    expect(m.spec.versions.map((v: any) => v.name)).toEqual(['v1', 'v2']);
  });
});
