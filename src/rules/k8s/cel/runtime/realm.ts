/**
 * The realm cel-js runs in (Node's main one, where cel-js.ts loads it), and
 * values made in it. cel-js tells lists and maps by their constructors and
 * errors with `instanceof Error`, and a test runner (Jest) runs this code in a
 * realm of its own: a list, a map or an error handed to cel-js is made here.
 */

export interface CelRealm {
  readonly List: ArrayConstructor;
  readonly Struct: ObjectConstructor;
  readonly Error: ErrorConstructor;
}

let realm: CelRealm | undefined;

export function celRealm(): CelRealm {
  if (realm === undefined) {
    const vm = (process as unknown as { getBuiltinModule(name: string): typeof import('vm') }).getBuiltinModule('vm');
    const [List, Struct, Err] = vm.runInThisContext('[Array, Object, Error]') as [ArrayConstructor, ObjectConstructor, ErrorConstructor];
    realm = { List, Struct, Error: Err };
  }
  return realm;
}

/** A CEL list of `items`, as cel-js knows lists. */
export function celList(items: Iterable<unknown>): unknown[] {
  return celRealm().List.from(items);
}

/** A CEL map of string keys, as cel-js holds maps: an object of its realm (every key kept, `__proto__` too). */
export function celMap(entries: Iterable<readonly [string, unknown]>): object {
  const { Struct } = celRealm();
  const out = Struct.create(Struct.prototype) as object;
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}
