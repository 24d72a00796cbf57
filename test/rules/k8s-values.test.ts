import * as fc from 'fast-check';
import { codePointLength, deepEqual, editDistance, firstDifference, jsonType, keyPath, utf8Length } from '../../src/rules/k8s/values';

test('deepEqual ignores key order and sees every difference', () => {
  expect(deepEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
  expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  expect(deepEqual([1, 2], [2, 1])).toBe(false);
  expect(deepEqual(NaN, NaN)).toBe(true);
  expect(deepEqual(JSON.parse('{"__proto__": 1}'), {})).toBe(false);
});

test('firstDifference names the path', () => {
  expect(firstDifference({ a: { b: [1, 2] } }, { a: { b: [1, 3] } }, 'x')).toBe('x.a.b[1]');
  expect(firstDifference({ 'a.b': 1 }, { 'a.b': 2 }, '')).toBe('[a.b]');
  expect(firstDifference(1, 1, '')).toBeUndefined();
});

test('small helpers', () => {
  expect(keyPath('', 'spec')).toBe('spec');
  expect(keyPath('m', 'app.kubernetes.io/name')).toBe('m[app.kubernetes.io/name]');
  expect(jsonType(1)).toBe('integer');
  expect(jsonType(1.5)).toBe('number');
  expect(jsonType(null)).toBe('null');
  expect(jsonType([])).toBe('array');
  expect(utf8Length('é✓😀')).toBe(2 + 3 + 4);
  expect(codePointLength('é✓😀')).toBe(3);
  expect(editDistance('kube-bind.io', 'kube-bnd.io')).toBe(1);
  expect(editDistance('abc', 'xyzabc')).toBe(3);
});

test('codePointLength counts what the string iterator yields, lone surrogates included', () => {
  expect(codePointLength('a\ud83d')).toBe(2);
  expect(codePointLength('\ude00\ud83d')).toBe(2);
  // Strings of UTF-16 units, so lone and paired surrogates both occur.
  const units = fc.array(fc.oneof(fc.integer({ min: 0xd800, max: 0xdfff }), fc.integer({ min: 0, max: 0xffff })), { maxLength: 12 })
    .map(codes => String.fromCharCode(...codes));
  fc.assert(fc.property(units, s => {
    expect(codePointLength(s)).toBe([...s].length);
  }), { seed: 4242, numRuns: 1000 });
});

test('deepEqual agrees with firstDifference on any two JSON values', () => {
  const json = fc.jsonValue({ maxDepth: 4 });
  // Pairs that are often equal: a value and a copy with its keys in another order, or a near copy.
  const reordered = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(reordered);
    if (v !== null && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reordered(x)]));
    }
    return v;
  };
  const pairs = fc.oneof(
    fc.tuple(json, json),
    json.map(v => [v, reordered(v)] as [unknown, unknown]),
    fc.tuple(json, json).map(([v, w]) => [{ a: v, b: w }, { b: reordered(w), a: v }] as [unknown, unknown]),
  );
  fc.assert(fc.property(pairs, ([a, b]) => {
    expect(deepEqual(a, b)).toBe(firstDifference(a, b, '') === undefined);
  }), { seed: 4242, numRuns: 1000 });
});
