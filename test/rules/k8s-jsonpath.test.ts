import { fieldPathErrors, printerColumnJsonPathErrors } from '../../src/rules/k8s/jsonpath';

test.each([
  '.', '.spec', '.spec.a-b_c', '..name', '.items[*].name', '.items[0]', '.items[-1]', '.items[0:2]', '.items[1,2]',
  ".metadata.annotations['a.b/c']", '.status.conditions[?(@.type=="Ready")].status', '.a\\.b', '.spec.*',
])('printer column path %p is valid', p => {
  expect(printerColumnJsonPathErrors(p)).toEqual([]);
});

test.each(['', 'spec', '.spec.', '.a..', '.a[', '.a[]', '.a[x y]', '.a b', '.a[?x]', '.a[?()]', '.a)', '.a[(]'])('printer column path %p is invalid', p => {
  expect(printerColumnJsonPathErrors(p)).not.toEqual([]);
});

test('scale paths', () => {
  expect(fieldPathErrors('.spec.replicas')).toEqual([]);
  expect(fieldPathErrors('')).toEqual(['must not be empty']);
  expect(fieldPathErrors('spec.replicas')).toHaveLength(1);
  expect(fieldPathErrors('.spec.items[0]')).toEqual(['must not use array notation ("[...]")']);
  expect(fieldPathErrors('.spec.')).toHaveLength(1);
});
