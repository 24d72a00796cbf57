import {
  DeprecationSpec,
  compareKubeAwareVersions,
  defaultDeprecationWarning,
  deprecationNotes,
  sortByKubePriority,
} from '../../src/rules/k8s/deprecation';

describe('compareKubeAwareVersions', () => {
  test('orders versions as Kubernetes does', () => {
    const shuffled = ['v1alpha1', 'foo', 'v1', 'v2beta1', 'v10alpha3', 'v1beta2', 'bar', 'v2', 'v1beta1', 'v11alpha2', 'v12'];
    expect(sortByKubePriority(shuffled)).toEqual([
      'v12', 'v2', 'v1', // GA by major
      'v2beta1', 'v1beta2', 'v1beta1', // then beta
      'v11alpha2', 'v10alpha3', 'v1alpha1', // then alpha, by major before minor
      'bar', 'foo', // then everything else, alphabetically
    ]);
  });

  test.each<[string, string, number]>([
    ['v1', 'v1', 0],
    ['v1', 'v1beta2', 1],
    ['v1beta2', 'v1beta1', 1],
    ['v1beta1', 'v1alpha1', 1],
    ['v1alpha1', 'v1beta1', -1],
    ['v2beta1', 'v1', -1], // stability first: GA beats a newer beta
    ['v2', 'v10', -1], // numbers, not strings
    ['v1alpha10', 'v1alpha9', 1],
    ['v1gamma1', 'v1alpha1', -1], // not a Kubernetes version: lowest
    ['a', 'b', 1], // among those, alphabetical order first
    ['v99999999999999999999', 'v1', -1], // beyond int64: not parsed, like Go's Atoi
  ])('compare(%s, %s) has sign %d', (a, b, sign) => {
    expect(Math.sign(compareKubeAwareVersions(a, b))).toBe(sign);
    expect(Math.sign(compareKubeAwareVersions(b, a))).toBe(-sign || 0);
  });
});

function spec(versions: DeprecationSpec['versions']): DeprecationSpec {
  return { group: 'wildwest.dev', names: { kind: 'Cowboy' }, versions };
}

describe('defaultDeprecationWarning', () => {
  test.each<[string, DeprecationSpec['versions'], string, string]>([
    ['recommends the newest served version',
      [{ name: 'v1alpha1', deprecated: true }, { name: 'v1beta1' }, { name: 'v1' }], 'v1alpha1',
      'wildwest.dev/v1alpha1 Cowboy is deprecated; use wildwest.dev/v1 Cowboy'],
    ['GA over a higher major beta',
      [{ name: 'v1beta1', deprecated: true }, { name: 'v2beta1' }, { name: 'v1' }], 'v1beta1',
      'wildwest.dev/v1beta1 Cowboy is deprecated; use wildwest.dev/v1 Cowboy'],
    ['higher major among GA',
      [{ name: 'v1', deprecated: true }, { name: 'v2' }, { name: 'v3' }], 'v1',
      'wildwest.dev/v1 Cowboy is deprecated; use wildwest.dev/v3 Cowboy'],
    ['no recommendation when the deprecated version is the newest',
      [{ name: 'v1alpha1' }, { name: 'v1', deprecated: true }], 'v1',
      'wildwest.dev/v1 Cowboy is deprecated'],
    ['unserved candidates are skipped',
      [{ name: 'v1beta1', deprecated: true }, { name: 'v1', served: false }, { name: 'v1beta2' }], 'v1beta1',
      'wildwest.dev/v1beta1 Cowboy is deprecated; use wildwest.dev/v1beta2 Cowboy'],
    ['deprecated candidates are skipped',
      [{ name: 'v1alpha1', deprecated: true }, { name: 'v1', deprecated: true }, { name: 'v1beta1' }], 'v1alpha1',
      'wildwest.dev/v1alpha1 Cowboy is deprecated; use wildwest.dev/v1beta1 Cowboy'],
    ['only lower versions are served',
      [{ name: 'v1alpha1' }, { name: 'v1beta1', deprecated: true }], 'v1beta1',
      'wildwest.dev/v1beta1 Cowboy is deprecated'],
    ['every newer version unserved or deprecated',
      [{ name: 'v1alpha1', deprecated: true }, { name: 'v1', served: false }, { name: 'v2', deprecated: true }], 'v1alpha1',
      'wildwest.dev/v1alpha1 Cowboy is deprecated'],
    ['a missing served counts as served (kube-bind defaults it)',
      [{ name: 'v1alpha1', deprecated: true }, { name: 'v1' }], 'v1alpha1',
      'wildwest.dev/v1alpha1 Cowboy is deprecated; use wildwest.dev/v1 Cowboy'],
    ['a non-Kubernetes version name is recommended only over another one',
      [{ name: 'legacy', deprecated: true }, { name: 'custom' }], 'legacy',
      'wildwest.dev/legacy Cowboy is deprecated; use wildwest.dev/custom Cowboy'],
  ])('%s', (_name, versions, version, expected) => {
    expect(defaultDeprecationWarning(spec(versions), version)).toBe(expected);
  });
});

describe('deprecationNotes', () => {
  function boundSchema(versions: unknown[]): unknown {
    return {
      apiVersion: 'kube-bind.io/v1alpha2',
      kind: 'BoundSchema',
      metadata: { name: 'cowboys.wildwest.dev' },
      spec: { group: 'wildwest.dev', names: { kind: 'Cowboy', plural: 'cowboys' }, scope: 'Namespaced', versions },
    };
  }

  test('lists served deprecated versions; an explicit warning wins', () => {
    const manifest = boundSchema([
      { name: 'v1alpha1', served: true, storage: false, deprecated: true },
      { name: 'v1beta1', served: true, storage: false, deprecated: true, deprecationWarning: 'v1beta1 goes away in June' },
      { name: 'v1alpha2', served: false, storage: false, deprecated: true },
      { name: 'v1', served: true, storage: true },
    ]);
    expect(deprecationNotes(manifest)).toEqual([
      { version: 'v1alpha1', warning: 'wildwest.dev/v1alpha1 Cowboy is deprecated; use wildwest.dev/v1 Cowboy', isDefault: true },
      { version: 'v1beta1', warning: 'v1beta1 goes away in June', isDefault: false },
    ]);
  });

  test('works for v1alpha1 exports, not for v1alpha2 exports', () => {
    const v1alpha1 = { ...(boundSchema([{ name: 'v1', served: true, storage: true, deprecated: true }]) as object), apiVersion: 'kube-bind.io/v1alpha1', kind: 'APIServiceExport' };
    expect(deprecationNotes(v1alpha1)).toEqual([{ version: 'v1', warning: 'wildwest.dev/v1 Cowboy is deprecated', isDefault: true }]);
    expect(deprecationNotes({ ...v1alpha1, apiVersion: 'kube-bind.io/v1alpha2' })).toEqual([]);
  });

  test('checks the group when given', () => {
    const manifest = boundSchema([{ name: 'v1', deprecated: true }]);
    expect(deprecationNotes(manifest, 'other.io')).toEqual([]);
    expect(deprecationNotes(manifest, 'kube-bind.io')).toHaveLength(1);
  });

  test.each([undefined, null, 'x', [], {}, { apiVersion: 'kube-bind.io/v1alpha2', kind: 'BoundSchema', spec: { group: 1 } }])('never throws on %p', m => {
    expect(deprecationNotes(m)).toEqual([]);
  });

  test('skips malformed version entries', () => {
    expect(deprecationNotes(boundSchema([null, 'v1', { name: 3, deprecated: true }, { name: 'v2', deprecated: true }]))).toEqual([
      { version: 'v2', warning: 'wildwest.dev/v2 Cowboy is deprecated', isDefault: true },
    ]);
  });
});
