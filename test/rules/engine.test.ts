import * as fc from 'fast-check';
import { KIND_VERSIONS, has, kindVersionOf, own } from '../../src/rules/engine';
import { keyPath } from '../../src/rules/k8s-values';

describe('kindVersionOf', () => {
  test.each(KIND_VERSIONS.map(kv => [kv]))('recognises %s in the default and in a configured group', kv => {
    const [kind, version] = kv.split('/');
    expect(kindVersionOf({ apiVersion: `kube-bind.io/${version}`, kind }, 'kube-bind.io')).toBe(kv);
    expect(kindVersionOf({ apiVersion: `bind.example.org/${version}`, kind }, 'bind.example.org')).toBe(kv);
  });

  test.each([
    ['another group', { apiVersion: 'kube-bind.io.evil/v1alpha2', kind: 'APIServiceExport' }],
    ['a group that ends like ours', { apiVersion: 'x-kube-bind.io/v1alpha2', kind: 'APIServiceExport' }],
    ['a group that starts like ours', { apiVersion: 'kube-bind.io/x/v1alpha2', kind: 'APIServiceExport' }],
    ['no version', { apiVersion: 'kube-bind.io', kind: 'APIServiceExport' }],
    ['an unknown version', { apiVersion: 'kube-bind.io/v1', kind: 'APIServiceExport' }],
    ['BoundSchema at v1alpha1', { apiVersion: 'kube-bind.io/v1alpha1', kind: 'BoundSchema' }],
    ['an unknown kind', { apiVersion: 'kube-bind.io/v1alpha2', kind: 'APIServiceBinding' }],
    ['a kind in the wrong case', { apiVersion: 'kube-bind.io/v1alpha2', kind: 'ApiServiceExport' }],
    ['no kind', { apiVersion: 'kube-bind.io/v1alpha2' }],
    ['a number as apiVersion', { apiVersion: 2, kind: 'APIServiceExport' }],
  ])('is undefined for %s', (_, manifest) => {
    expect(kindVersionOf(manifest, 'kube-bind.io')).toBeUndefined();
  });
});

describe('own and has', () => {
  test('read own properties of maps and lists only', () => {
    const data = JSON.parse('{"__proto__": 1, "a": 2}');
    expect(own(data, '__proto__')).toBe(1);
    expect(own({}, 'constructor')).toBeUndefined();
    expect(own({}, 'toString')).toBeUndefined();
    expect(own(['x'], '0')).toBe('x');
    expect(own(['x'], 'length')).toBe(1);
    expect(own(null, 'a')).toBeUndefined();
    expect(own('text', 'length')).toBeUndefined();
    expect(has(data, '__proto__')).toBe(true);
    expect(has({}, 'constructor')).toBe(false);
    expect(has(undefined, 'a')).toBe(false);
  });
});

describe('keyPath', () => {
  test('uses the dotted form exactly for keys matching ^[A-Za-z_$][A-Za-z0-9_$-]*$', () => {
    const plain = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;
    fc.assert(fc.property(fc.string(), key => {
      expect(keyPath('p', key)).toBe(plain.test(key) ? `p.${key}` : `p[${key}]`);
    }), { seed: 4242, numRuns: 500 });
    expect(keyPath('p', 'x-kubernetes-list-type')).toBe('p.x-kubernetes-list-type');
    expect(keyPath('p', '1st')).toBe('p[1st]');
    expect(keyPath('p', '')).toBe('p[]');
    expect(keyPath('', '$ref')).toBe('$ref');
  });
});
