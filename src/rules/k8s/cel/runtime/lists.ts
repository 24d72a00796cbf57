/**
 * Kubernetes' lists library (k8s.io/apiserver pkg/cel/library/lists.go,
 * ListsVersion 0, Kubernetes 1.36): isSorted, sum, min, max, indexOf and
 * lastIndexOf, with cel-go's Compare, Add and Equal (values.ts).
 */
import { celGoError, leaveToServer, RuntimeFunctions } from './outcome';
import { celEquals, compare, isComparer, listOf, readableKind } from './values';

const MIN_INT = -(2n ** 63n);
const MAX_INT = 2n ** 63n - 1n;

/** isSorted: false at the first element greater than the next; a pair cel-go cannot order counts as in order. */
function isSorted(list: unknown): boolean {
  const items = listOf(list);
  for (let i = 0; i < items.length; i++) {
    if (!isComparer(items[i])) throw celGoError('no such overload');
    if (i > 0 && compare(items[i - 1], items[i]) === 1) return false;
  }
  return true;
}

/** min (prefer = 1: the result is replaced by a smaller next) and max (prefer = -1). */
function extreme(name: string, prefer: 1 | -1) {
  return (list: unknown): unknown => {
    const items = listOf(list);
    if (items.length === 0) throw celGoError(`${name} called on empty list`);
    let result: unknown;
    items.forEach((next, i) => {
      if (!isComparer(next)) throw celGoError('no such overload');
      if (i === 0 || compare(result, next) === prefer) result = next;
    });
    return result;
  };
}

/** sum: from the overload's zero, int with overflow checks, double as Go adds float64. */
function sum(list: unknown): unknown {
  const items = listOf(list);
  // The zero's type is the overload's, chosen by the checker from the list's declared type: unknown here for [].
  if (items.length === 0) leaveToServer('the sum of an empty list, whose type the runtime does not know');
  const kind = readableKind(items[0]);
  if (!items.every(v => readableKind(v) === kind)) leaveToServer('the sum of a list of mixed kinds');
  if (kind === 'int') {
    let total = 0n;
    for (const v of items as bigint[]) {
      total += v;
      if (total < MIN_INT || total > MAX_INT) throw celGoError('integer overflow');
    }
    return total;
  }
  if (kind === 'double') return (items as number[]).reduce((a, b) => a + b, 0);
  return leaveToServer(`the sum of a list of ${kind}`);
}

function indexOf(list: unknown, item: unknown, last: boolean): bigint {
  const items = listOf(list);
  for (let k = 0; k < items.length; k++) {
    const i = last ? items.length - 1 - k : k;
    if (celEquals(items[i], item)) return BigInt(i);
  }
  return -1n;
}

export const FUNCTIONS: RuntimeFunctions = {
  'list.isSorted': isSorted,
  'list.sum': sum,
  'list.min': extreme('min', 1),
  'list.max': extreme('max', -1),
  'list.indexOf': (list: unknown, item: unknown) => indexOf(list, item, false),
  'list.lastIndexOf': (list: unknown, item: unknown) => indexOf(list, item, true),
};
