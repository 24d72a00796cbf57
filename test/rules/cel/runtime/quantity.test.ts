/**
 * The quantity library at run time (src/rules/k8s/cel/runtime/quantity.ts),
 * with the cases of TestQuantity (k8s.io/apiserver
 * pkg/cel/library/quantity_test.go), and ParseQuantity's representations
 * (k8s.io/apimachinery pkg/api/resource), seen through isInteger and
 * asApproximateFloat; the test code is our own.
 */
import { expectError, expectHolds, expectUndecided, failure, Schema } from './evaluate';

const schema: Schema = { type: 'string' };

test.each([
  'quantity("12Mi") == quantity("12582912")',
  'isQuantity("20")',
  'isQuantity("20M")',
  'isQuantity("20Mi")',
  'isQuantity("20Mo") == false',
  'isQuantity("10Mm") == false',
  'quantity("200M") == quantity("200M")',
  'quantity("200M") == quantity("0.2G") && quantity("0.2G") == quantity("200M")',
  'quantity("2M") == quantity("0.002G") && quantity("2000k") == quantity("2M") && quantity("0.002G") == quantity("2000k")',
  '(quantity("200M") == quantity("0.3G")) == false',
  'quantity("50M").isLessThan(quantity("50Mi"))',
  'quantity("50M").isLessThan(quantity("100M"))',
  'quantity("100M").isLessThan(quantity("50M")) == false',
  'quantity("50Mi").isGreaterThan(quantity("50M"))',
  'quantity("150Mi").isGreaterThan(quantity("100Mi"))',
  'quantity("50M").isGreaterThan(quantity("100M")) == false',
  'quantity("200M").compareTo(quantity("0.2G")) == 0',
  'quantity("50M").compareTo(quantity("50Mi")) == -1',
  'quantity("50Mi").compareTo(quantity("50M")) == 1',
  'quantity("50k").add(quantity("20")) == quantity("50.02k")',
  'quantity("50k").add(20).isLessThan(quantity("50020")) == false',
  'quantity("50k").sub(quantity("20")) == quantity("49.98k")',
  'quantity("50k").sub(20) == quantity("49980")',
  'quantity("50k").add(20).sub(quantity("100k")).asInteger() == -49980',
  'quantity("50k").add(20).sub(quantity("100k")).sub(-50000).asInteger() == 20',
  'quantity("50k").asInteger() == 50000',
  'quantity("9999999999999999999999999999999999999G").isInteger() == false',
  'quantity("50").isInteger()',
  'quantity("50.703k").asApproximateFloat() == 50703.0',
  '[quantity("9999999999999999999999999999999999999")].all(x, x.add(quantity("1")).compareTo(x.add(quantity("2"))) == -1)',
  'sign(quantity("-1m")) == -1 && sign(quantity("0")) == 0 && sign(quantity("2Ki")) == 1',
  // On the default itself.
  'quantity(self).isLessThan(quantity("2Gi"))',
])('%s', expr => {
  expectHolds(schema, '1Gi', expr);
});

describe('ParseQuantity: what Go holds decides isInteger and asApproximateFloat', () => {
  test.each([
    // An int64Amount of negative scale is no integer to AsInt64, even when its value is one.
    ['1000m', 'quantity(self).isInteger() == false'],
    ['1.5', 'quantity(self).isInteger() == false'],
    ['1k', 'quantity(self).asInteger() == 1000'],
    ['1e3', 'quantity(self).asInteger() == 1000'],
    ['-0', 'quantity(self).asInteger() == 0'],
    ['+', 'quantity(self).asInteger() == 0'],
    // Too many digits for the fast path: an inf.Dec, which AsInt64 refuses.
    ['1000000000000000000000m', 'quantity(self).isInteger() == false'],
    ['922337203685477580', 'quantity(self).asInteger() == 922337203685477580'],
    ['9223372036854775807', 'quantity(self).isInteger() == false'],
    // Binary suffixes: exact; a fraction takes the slow path, rounded up to nanos.
    ['1.5Ki', 'quantity(self) == quantity("1536")'],
    ['1Ei', 'quantity(self).isInteger() == false && quantity(self) == quantity("1152921504606846976")'],
    ['1Ti', 'quantity(self).asInteger() == 1099511627776'],
    ['1Pi', 'quantity(self).isInteger() == false'],
    ['8Ei', 'quantity(self) == quantity("9223372036854775807")'],
    ['0.1n', 'quantity(self) == quantity("1n")'],
    ['-0.1n', 'quantity(self) == quantity("-1n")'],
    ['0.1', 'quantity(self).asApproximateFloat() == 0.1'],
    ['123456789123456789123', 'quantity(self).asApproximateFloat() == 123456789123456789123.0'],
  ])('%s', (value, expr) => {
    expectHolds(schema, value, expr);
  });

  // parseQuantityString reads no digits as 0: "Ki" is 0 (ParseQuantity never applies the regular expression of its error).
  test.each(['1.', '.5', '1.G', '5e-3', '5E+3', '00Ki', '1Ki', 'Ki'])('%s is a quantity', value => {
    expectHolds(schema, value, 'isQuantity(self)');
  });

  test.each(['', 'abc', '1K', '1e', '1.5.5', '1 ', '1Kib', '1e1.5', '1e99999999999999999999'])('%j is no quantity', value => {
    expectHolds(schema, value, '!isQuantity(self)');
  });
});

test.each([
  ['quantity("10Mo") == quantity("1")', 'quantities must match the regular expression \'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$\''],
  ['quantity("10Mm") == quantity("1")', 'unable to parse quantity\'s suffix'],
  ['quantity("9999999999999999999999999999999999999G").asInteger() > 0', 'cannot convert value to integer'],
])('%s is an evaluation error', (expr, error) => {
  expectError(schema, '1Gi', expr, error);
});

test('== with the result of add or sub on its right is left to the server (cel-go holds it as a pointer)', () => {
  expectUndecided(schema, '1Gi', 'quantity("50.02k") == quantity("50k").add(quantity("20"))');
});

test('an exponent too large to compute exactly is left to the server', () => {
  expectUndecided(schema, '1e999999', 'quantity(self).isGreaterThan(quantity("1"))');
  expect(failure(schema, '1e999999', 'isQuantity(self)')).toBeUndefined();
});
