/**
 * cel-go's lists extension at run time (ext/lists.go, ListsVersion 3, in
 * Kubernetes' base environment since 1.34): lists.range, slice, flatten,
 * reverse, distinct and sort, with their error texts; and first and last of
 * cel-go's optional types (cel/library.go, list_first and list_last), which
 * return undefined for optional.none() (library.ts wraps them).
 */
import { celGoError, leaveToServer, RuntimeFunctions } from './outcome';
import { celList } from './realm';
import { celEquals, compare, isComparer, listOf, readableKind } from './values';

/** genRange: 0 to n - 1, empty for n <= 0. */
function range(n: unknown): unknown[] {
  if (typeof n !== 'bigint') return leaveToServer('lists.range of a value that is not an int');
  if (n > 10000n) return leaveToServer(`lists.range(${n}), larger than this runtime builds`);
  const out: bigint[] = [];
  for (let i = 0n; i < n; i++) out.push(i);
  return celList(out);
}

function slice(list: unknown, start: unknown, end: unknown): unknown[] {
  if (typeof start !== 'bigint' || typeof end !== 'bigint') return leaveToServer('slice with bounds that are not ints');
  const items = listOf(list);
  if (start < 0n || end < 0n) throw celGoError(`cannot slice(${start}, ${end}), negative indexes not supported`);
  if (start > end) throw celGoError(`cannot slice(${start}, ${end}), start index must be less than or equal to end index`);
  if (BigInt(items.length) < end) throw celGoError(`cannot slice(${start}, ${end}), list is length ${items.length}`);
  return celList(items.slice(Number(start), Number(end)));
}

/** flatten: the lists among the elements spliced in, `depth` levels down. */
function flatten(list: unknown, depth: unknown = 1n): unknown[] {
  if (typeof depth !== 'bigint') return leaveToServer('flatten with a depth that is not an int');
  if (depth < 0n) throw celGoError('level must be non-negative');
  const out: unknown[] = [];
  for (const item of listOf(list)) {
    if (readableKind(item) === 'list' && depth > 0n) out.push(...flatten(item, depth - 1n));
    else out.push(item);
  }
  return celList(out);
}

/** distinctList: the first of each run of equal elements (cel-go's Equal: 1 and 1.0 are equal). */
function distinct(list: unknown): unknown[] {
  const out: unknown[] = [];
  for (const item of listOf(list)) if (!out.some(seen => celEquals(seen, item))) out.push(item);
  return celList(out);
}

/** sortList: elements of one comparable kind, in their order (strings by code point, as Go's strings.Compare). */
function sort(list: unknown): unknown[] {
  const items = listOf(list);
  if (items.length === 0) return celList(items);
  if (!isComparer(items[0])) throw celGoError('list elements must be comparable');
  const kind = readableKind(items[0]);
  if (items.length > 1 && !items.every(v => readableKind(v) === kind)) throw celGoError('list elements must have the same type');
  const sorted = [...items].sort((a, b) => {
    const c = compare(a, b);
    if (typeof c !== 'number') return leaveToServer(`sorting ${kind}s this runtime cannot order (NaN)`);
    return c;
  });
  return celList(sorted);
}

export const FUNCTIONS: RuntimeFunctions = {
  'k8s.ListsNamespace.range': range,
  'list.slice': slice,
  'list.flatten': flatten,
  'list.reverse': (list: unknown) => celList([...listOf(list)].reverse()),
  'list.distinct': distinct,
  'list.sort': sort,
  'list.first': (list: unknown) => listOf(list)[0],
  'list.last': (list: unknown) => {
    const items = listOf(list);
    return items[items.length - 1];
  },
};
