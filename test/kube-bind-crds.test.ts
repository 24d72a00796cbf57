import { Testing } from 'cdk8s';
import { KubeBindCrds } from '../src';
import { chart } from './util';
import { apiServiceExportCrd, apiServiceExportRequestCrd, apiServiceExportTemplateCrd, bindableResourcesRequestCrd, boundSchemaCrd, collectionCrd } from '../src/crds';

describe('KubeBindCrds', () => {
  test('emits both CRDs, equal to our CRD definitions', () => {
    const c = chart();
    new KubeBindCrds(c, 'kube-bind');
    const out = Testing.synth(c);
    expect(out).toEqual([apiServiceExportCrd(), boundSchemaCrd()]);
  });

  test('providerKinds adds the four provider-side CRDs, equal to our definitions, in any group and never namespaced', () => {
    const c = chart({ namespace: 'team-a' });
    const crds = new KubeBindCrds(c, 'kube-bind', { providerKinds: true, group: 'bind.example.org' });
    const g = 'bind.example.org';
    expect(Testing.synth(c)).toEqual([apiServiceExportCrd(g), boundSchemaCrd(g), apiServiceExportTemplateCrd(g), collectionCrd(g),
      apiServiceExportRequestCrd(g), bindableResourcesRequestCrd(g)]);
    expect(crds.collectionCrd?.metadata.name).toBe('collections.bind.example.org');
  });

  test('without providerKinds the provider-side CRDs are absent', () => {
    const c = chart();
    const crds = new KubeBindCrds(c, 'kube-bind');
    expect(crds.apiServiceExportTemplateCrd).toBeUndefined();
    expect(Testing.synth(c)).toHaveLength(2);
  });

  test('matches the snapshot', () => {
    const c = chart();
    new KubeBindCrds(c, 'kube-bind');
    expect(Testing.synth(c)).toMatchSnapshot();
  });

  test('never carries the chart namespace', () => {
    const c = chart({ namespace: 'team-a' });
    new KubeBindCrds(c, 'kube-bind');
    for (const crd of Testing.synth(c)) {
      expect(crd.metadata).toEqual({ name: crd.metadata.name });
      expect(crd.metadata.namespace).toBeUndefined();
    }
  });

  test('the API group is configurable', () => {
    const c = chart();
    const crds = new KubeBindCrds(c, 'kube-bind', { group: 'bind.example.org' });
    expect(crds.group).toBe('bind.example.org');
    const names = Testing.synth(c).map((m: any) => [m.metadata.name, m.spec.group]);
    expect(names).toEqual([
      ['apiserviceexports.bind.example.org', 'bind.example.org'],
      ['boundschemas.bind.example.org', 'bind.example.org'],
    ]);
  });

  test('versions, storage, short name and category are what a cluster needs', () => {
    const c = chart();
    new KubeBindCrds(c, 'kube-bind');
    const [exports, schemas] = Testing.synth(c);
    expect(exports.spec.versions.map((v: any) => [v.name, v.served, v.storage])).toEqual([['v1alpha1', true, false], ['v1alpha2', true, true]]);
    expect(schemas.spec.versions.map((v: any) => [v.name, v.served, v.storage])).toEqual([['v1alpha2', true, true]]);
    expect(schemas.spec.names.shortNames).toEqual(['bs']);
    expect(exports.spec.names.categories).toEqual(['kube-bindings']);
    expect(schemas.spec.names.categories).toEqual(['kube-bindings']);
    for (const crd of [exports, schemas]) {
      expect(crd.spec.scope).toBe('Namespaced');
      for (const v of crd.spec.versions) expect(v.subresources).toEqual({ status: {} });
    }
  });

  test('an empty group is refused at once', () => {
    expect(() => new KubeBindCrds(chart(), 'kube-bind', { group: ' ' })).toThrow(/group " " is empty/);
  });
});
