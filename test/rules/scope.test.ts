import { at, findings, runAll, validBoundSchema, validExportV1alpha1, violationsOf } from './helpers';
import { Manifest } from '../../src/model/manifest';

function clusterScoped(extra: Manifest = {}): Manifest {
  const obj = validExportV1alpha1();
  Object.assign(obj.spec, { scope: 'Cluster', informerScope: 'Cluster', clusterScopedIsolation: 'Prefixed' }, extra);
  return obj;
}

test('a cluster-scoped export with Cluster informers and an isolation mode is valid', () => {
  expect(runAll(clusterScoped())).toEqual([]);
});

describe('KB070 cluster scope needs informerScope Cluster', () => {
  test('passes', () => {
    expect(findings('KB070', clusterScoped())).toEqual([]);
    expect(findings('KB070', validExportV1alpha1())).toEqual([]);
  });

  test('Namespaced informers cannot export a cluster-scoped resource', () => {
    const v = violationsOf('KB070', clusterScoped({ informerScope: 'Namespaced' }));
    expect(v.map(x => [x.rule, x.path, x.severity])).toEqual([['KB070', 'spec.informerScope', 'error']]);
    expect(v[0].hint).toContain('rule 6');
    expect(v[0].message).toContain('"Namespaced"');
  });

  test('a misspelt informerScope is left to KB004', () => {
    const obj = clusterScoped({ informerScope: 'Namespace' });
    expect(findings('KB070', obj)).toEqual([]);
    expect(findings('KB004', obj)).toEqual([at('KB004', 'spec.informerScope')]);
  });

  test('a BoundSchema gets a warning: kube-bind binds it all the same, and its backend sets informerScope', () => {
    const obj = validBoundSchema();
    obj.spec.scope = 'Cluster';
    expect(findings('KB070', obj)).toEqual([{ ...at('KB070', 'spec.informerScope'), severity: 'warning' }]);
    obj.spec.informerScope = 'Cluster';
    expect(findings('KB070', obj)).toEqual([]);
  });
});

describe('KB071 cluster scope needs clusterScopedIsolation', () => {
  test.each(['Prefixed', 'Namespaced', 'None'])('passes with %s', clusterScopedIsolation => {
    expect(findings('KB071', clusterScoped({ clusterScopedIsolation }))).toEqual([]);
  });

  test('fails without it', () => {
    const obj = clusterScoped();
    delete obj.spec.clusterScopedIsolation;
    expect(findings('KB071', obj)).toEqual([at('KB071', 'spec.clusterScopedIsolation')]);
  });
});

describe('KB072 namespaced scope has no clusterScopedIsolation', () => {
  test('passes without it', () => {
    expect(findings('KB072', validExportV1alpha1())).toEqual([]);
  });

  test('fails with it', () => {
    const obj = validExportV1alpha1();
    obj.spec.clusterScopedIsolation = 'Prefixed';
    const v = violationsOf('KB072', obj);
    expect(v.map(x => x.path)).toEqual(['spec.clusterScopedIsolation']);
    expect(v[0].message).toContain('"Prefixed"');
  });
});
