/**
 * cel-go's sets extension (ext/sets.go), in Kubernetes' base environment:
 * sets.contains, sets.equivalent and sets.intersects, elements compared with
 * cel-go's Equal (values.ts).
 */
import { RuntimeFunctions } from './outcome';
import { celEquals, listOf } from './values';

/** setsContains: every element of `sublist` is in `list`. */
function contains(list: unknown, sublist: unknown): boolean {
  const items = listOf(list);
  return listOf(sublist).every(e => items.some(v => celEquals(e, v)));
}

export const FUNCTIONS: RuntimeFunctions = {
  'k8s.SetsNamespace.contains': contains,
  'k8s.SetsNamespace.equivalent': (a: unknown, b: unknown) => contains(a, b) && contains(b, a),
  'k8s.SetsNamespace.intersects': (a: unknown, b: unknown) => {
    const items = listOf(b);
    return listOf(a).some(e => items.some(v => celEquals(e, v)));
  },
};
