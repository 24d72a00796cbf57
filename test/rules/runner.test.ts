import * as fc from 'fast-check';
import { KIND_VERSIONS, kindVersionOf } from '../../src/model/kinds';
import { has, own } from '../../src/model/manifest';
import { RULES } from '../../src/rules';
import { withRuleScope } from '../../src/rules/engine/memo';
import { defineRule, passOf, SharedPass } from '../../src/rules/engine/rule';
import { Violation } from '../../src/rules/engine/violation';
import { keyPath } from '../../src/rules/k8s/values';

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
    ['an unknown kind', { apiVersion: 'kube-bind.io/v1alpha2', kind: 'BindingProvider' }],
    ['a consumer-side kind at a version kube-bind does not serve it', { apiVersion: 'kube-bind.io/v1alpha1', kind: 'Cluster' }],
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

describe('rules that share one pass (defineRule with pass)', () => {
  test('are listed one after another in the catalogue, so the registry runs each pass once per object', () => {
    const seen = new Set<SharedPass>();
    let previous: SharedPass | undefined;
    for (const rule of RULES) {
      const pass = passOf(rule);
      if (pass !== undefined && pass !== previous) {
        expect({ rule: rule.id, seenBefore: seen.has(pass) }).toEqual({ rule: rule.id, seenBefore: false });
        seen.add(pass);
      }
      previous = pass;
    }
    expect(seen.size).toBeGreaterThanOrEqual(3);
  });

  test('a rule checked on its own reports only its findings, in the order the pass found them', () => {
    const pass = jest.fn((): Violation[] => [
      { rule: 'KB902', severity: 'error', path: 'b', message: 'b' },
      { rule: 'KB901', severity: 'error', path: 'a1', message: 'a1' },
      { rule: 'KB901', severity: 'error', path: 'a2', message: 'a2' },
    ]);
    const info = (id: string) => ({ id, title: id, source: 'test', severity: 'error' as const, appliesTo: KIND_VERSIONS });
    const [first, second] = [info('KB901'), info('KB902')].map(rule => defineRule({ ...rule, scope: 'object', pass }));
    const obj = {};
    const ctx = { group: 'kube-bind.io' };
    const found = withRuleScope(() => [first.check(obj, ctx), second.check(obj, ctx)]);
    expect(found.map(list => list.map(v => v.path))).toEqual([['a1', 'a2'], ['b']]);
    expect(pass).toHaveBeenCalledTimes(1);
    expect(passOf(first)?.ids).toEqual(['KB901', 'KB902']);
  });
});
