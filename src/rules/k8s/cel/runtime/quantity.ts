/**
 * Kubernetes' quantity library (k8s.io/apiserver pkg/cel/library/quantity.go,
 * Kubernetes 1.36) on quantity-value.ts' mirror of resource.Quantity:
 * quantity(), isQuantity(), sign(), and the methods isGreaterThan,
 * isLessThan, compareTo, asApproximateFloat, asInteger, isInteger, add and
 * sub, with `==` as Quantity.Equal (Cmp == 0).
 */
import { celGoError, leaveToServer, RuntimeFunctions } from './outcome';
import * as q from './quantity-value';

/**
 * The results of add and sub: cel-go holds them as *Quantity, and
 * Quantity.Equal asserts its argument to a Quantity value, so `x == a.add(b)`
 * is an error there that this runtime does not claim to mirror.
 */
const arithmeticResults = new WeakSet<q.Quantity>();

function isQuantity(value: unknown): value is q.Quantity {
  return typeof value === 'object' && value !== null && 'dec' in value;
}

function quantityOf(value: unknown): q.Quantity {
  if (!isQuantity(value)) leaveToServer('a quantity function on another kind of value');
  return value;
}

/** Runs `f`, leaving the rule to the server where the mirror stops computing exactly. */
function exactly<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof q.TooLarge) leaveToServer(`a quantity too large to compute here (${e.message})`);
    throw e;
  }
}

function parsed(value: unknown): q.Quantity | string {
  if (typeof value !== 'string') leaveToServer('quantity() of another kind than string');
  return exactly(() => q.parseQuantity(value));
}

/** add(Quantity) and add(int): an int is resource.NewQuantity(value, DecimalExponent). */
function operand(value: unknown): q.Quantity {
  return typeof value === 'bigint' ? q.fromInt64(value) : quantityOf(value);
}

function arithmetic(f: (a: q.Quantity, b: q.Quantity) => q.Quantity) {
  return (a: unknown, b: unknown): q.Quantity => {
    const result = exactly(() => f(quantityOf(a), operand(b)));
    arithmeticResults.add(result);
    return result;
  };
}

const compared = (a: unknown, b: unknown): -1 | 0 | 1 => exactly(() => q.cmp(quantityOf(a), quantityOf(b)));

export const FUNCTIONS: RuntimeFunctions = {
  'quantity': (value: unknown) => {
    const result = parsed(value);
    if (typeof result === 'string') throw celGoError(result);
    return result;
  },
  'isQuantity': (value: unknown) => typeof parsed(value) !== 'string',
  'sign': (value: unknown) => BigInt(q.sign(quantityOf(value))),
  'kubernetes.Quantity.isGreaterThan': (a: unknown, b: unknown) => compared(a, b) === 1,
  'kubernetes.Quantity.isLessThan': (a: unknown, b: unknown) => compared(a, b) === -1,
  'kubernetes.Quantity.compareTo': (a: unknown, b: unknown) => BigInt(compared(a, b)),
  'kubernetes.Quantity.asApproximateFloat': (value: unknown) => q.asApproximateFloat64(quantityOf(value)),
  'kubernetes.Quantity.isInteger': (value: unknown) => exactly(() => q.asInt64(quantityOf(value))) !== undefined,
  'kubernetes.Quantity.asInteger': (value: unknown) => {
    const integer = exactly(() => q.asInt64(quantityOf(value)));
    if (integer === undefined) throw celGoError('cannot convert value to integer');
    return integer;
  },
  'kubernetes.Quantity.add': arithmetic(q.add),
  'kubernetes.Quantity.sub': arithmetic(q.sub),
  'kubernetes.Quantity.==': (a: unknown, b: unknown) => {
    if (arithmeticResults.has(quantityOf(b))) leaveToServer('== with the result of add or sub on its right');
    return compared(a, b) === 0;
  },
};
