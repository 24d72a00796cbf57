/**
 * The macros cel-js 8 lacks, at run time (macros.ts declares and type-checks
 * them): cel-go's two-variable comprehensions (ext/comprehensions.go),
 * optMap and optFlatMap (cel/library.go) and sortBy (ext/lists.go), all at
 * cel-go v0.26.1. Each follows the expansion cel-go evaluates, step by step,
 * an error being a value as in cel-go's folder (interpreter/interpretable.go,
 * evalFold):
 * - all: `__result__ && p` while __result__ is not false, from true; a false
 *   wins over an error, the first error over true; exists is its dual;
 * - existsOne: `p ? __result__ + 1 : __result__` over every entry, then
 *   `__result__ == 1`: an erring predicate's error replaces the count, the
 *   last one stays;
 * - transformList: `__result__ + [t]` (with a filter f: `f ? ... :
 *   __result__`, f's error replacing the result); transformMap and
 *   transformMapEntry insert with cel.@mapInsert, whose "insert failed: key
 *   <k> already exists" ends a duplicate key;
 * - optMap: `o.hasValue() ? optional.of(e) : optional.none()`, optFlatMap
 *   without the optional.of;
 * - sortBy: the keys computed in order (the first error ends it), then
 *   @sortByAssociatedKeys' checks and order.
 *
 * A list is walked in its order. A map's order is Go's map order in the API
 * server (unstructuredMap.Iterator ranges over a Go map): random. So over a
 * map, only what no order changes is decided: the result of all, exists and
 * existsOne, a transformed map, an error whose text every order gives (all
 * the errors met read alike); a list made from a map is decided when its
 * items are all equal. sortBy's sort.Slice is not stable: equal keys must
 * hold equal elements. What else is left to the server (outcome.ts): a
 * predicate that is no bool, a map with keys other than strings made here.
 */
import { celOptionals } from '../cel-js';
import { isCelOptional } from './collection-literals';
import { celGoError, leaveToServer } from './outcome';
import { celList, celMap, celRealm } from './realm';
import { celEquals, compare, isComparer, kindOf, listOf, readableKind } from './values';

/** The part of cel-js' evaluator used here. */
interface Evaluator {
  readonly dynType: unknown;
  run(node: unknown, ctx: Context): unknown;
  tryEval(node: unknown, ctx: Context): unknown;
}

/** A cel-js evaluation context: a variable bound over it. */
interface Context {
  forkWithVariable(name: string, type: unknown): Context;
  setIterValue(value: unknown, ev: Evaluator): Context;
}

/** A macro's call, as cel-js hands it to the macro's evaluate. */
export interface MacroCall {
  readonly receiver: unknown;
  readonly args: readonly unknown[];
}

export type MacroEvaluator = (ev: Evaluator, call: MacroCall, ctx: Context) => unknown;

const isError = (value: unknown): value is Error => value instanceof celRealm().Error || value instanceof Error;

/** The name of an iteration variable (macros.ts checked it is a simple identifier). */
function nameOf(node: unknown): string {
  return (node as { args: string }).args;
}

/** The entries of a comprehension's range, and whether their order is the API server's. */
interface Range {
  readonly entries: ReadonlyArray<readonly [unknown, unknown]>;
  readonly ordered: boolean;
}

function rangeOf(value: unknown): Range {
  if (isError(value)) throw value;
  if (Array.isArray(value)) return { entries: value.map((v, i) => [BigInt(i), v] as const), ordered: true };
  if (kindOf(value) !== 'map') return leaveToServer('a comprehension over a value that is neither a list nor a map');
  const isMap = (Object.getPrototypeOf(value)?.constructor as { name?: string } | undefined)?.name === 'Map';
  const entries = isMap
    ? [...(value as Map<unknown, unknown>).entries()]
    : Object.keys(value as object).map(k => [k, (value as { [k: string]: unknown })[k]] as const);
  return { entries, ordered: false };
}

/** How many iteration variables a macro binds: one (cel-js' own macros) or two (ext.TwoVarComprehensions). */
type Variables = 1 | 2;

/** What one variable is bound to: a list's element, a map's key. */
const boundTo = (range: Range, key: unknown, value: unknown): unknown => (range.ordered ? value : key);

/**
 * Evaluates `steps` (the macro's arguments after its variables) in order
 * once per entry, the variables bound to its key (or index) and value, or
 * the one variable to the element (or key); `visit` sees their results
 * (values or Errors), the key and what one variable is bound to, and stops
 * the walk with false.
 */
function walk(
  ev: Evaluator, call: MacroCall, ctx: Context, range: Range, vars: Variables,
  visit: (values: readonly unknown[], key: unknown, element: unknown) => boolean,
): void {
  const steps = call.args.slice(vars);
  const first = ctx.forkWithVariable(nameOf(call.args[0]), ev.dynType);
  const second = vars === 2 ? first.forkWithVariable(nameOf(call.args[1]), ev.dynType) : first;
  for (const [key, value] of range.entries) {
    const element = boundTo(range, key, value);
    first.setIterValue(vars === 2 ? key : element, ev);
    if (vars === 2) second.setIterValue(value, ev);
    if (!visit(steps.map(step => ev.tryEval(step, second)), key, element)) return;
  }
}

/** A bool, an Error, or the rule is left to the server (cel-go's operators refuse other values in their own words). */
function boolOrError(value: unknown): boolean | Error {
  if (typeof value === 'boolean' || isError(value)) return value;
  return leaveToServer('a comprehension\'s predicate that is not a bool');
}

/** The errors met over a map must all read alike: another order would meet another first (or last). */
function sameErrors(errors: readonly Error[], range: Range): void {
  if (!range.ordered && errors.some(e => e.message !== errors[0].message)) leaveToServer('errors a map\'s order would choose between');
}

/** all (`conjunction`) and exists: the accumulator through `&&` (or `||`) while it is not the deciding value. */
function quantifier(decides: boolean, vars: Variables): MacroEvaluator {
  return (ev, call, ctx) => {
    const range = rangeOf(ev.run(call.receiver, ctx));
    let result: boolean | Error = !decides;
    const errors: Error[] = [];
    walk(ev, call, ctx, range, vars, ([p]) => {
      const value = boolOrError(p);
      if (isError(value)) errors.push(value);
      // cel-go's && and ||: the deciding value wins over an error, the first error over the other value.
      if (value === decides) result = decides;
      else if (isError(value) && !isError(result)) result = value;
      return result !== decides;
    });
    if (result === decides) return result;
    sameErrors(errors, range);
    if (isError(result)) throw result;
    return result;
  };
}

/** existsOne: count the entries the predicate holds for; an erring predicate's error replaces the count. */
const existsOne = (vars: Variables): MacroEvaluator => (ev, call, ctx) => {
  const range = rangeOf(ev.run(call.receiver, ctx));
  let count: number | Error = 0;
  const errors: Error[] = [];
  walk(ev, call, ctx, range, vars, ([p]) => {
    const value = boolOrError(p);
    if (isError(value)) {
      errors.push(value);
      count = value;
    } else if (value && !isError(count)) {
      count++;
    }
    return true;
  });
  sameErrors(errors, range);
  if (isError(count)) throw count;
  return count === 1;
};

/** One step of a transform: the filter's verdict (true without one), and the transform's value. */
function transformStep(values: readonly unknown[]): { readonly keep: boolean | Error; readonly value: unknown } {
  if (values.length === 2) return { keep: boolOrError(values[0]), value: values[1] };
  return { keep: true, value: values[0] };
}

/**
 * transformList and map: `__result__ + [t]`; the first error stays, unless a
 * filter's error replaces it. filter (`elements`) is map with the element
 * as its transform.
 */
const transformList = (vars: Variables, elements = false): MacroEvaluator => (ev, call, ctx) => {
  const range = rangeOf(ev.run(call.receiver, ctx));
  let result: unknown[] | Error = [];
  const errors: Error[] = [];
  walk(ev, call, ctx, range, vars, (values, _key, element) => {
    const { keep, value } = elements ? { keep: boolOrError(values[0]), value: element } : transformStep(values);
    if (isError(keep)) {
      errors.push(keep);
      result = keep;
    } else if (keep) {
      if (isError(value)) errors.push(value);
      if (!isError(result)) result = isError(value) ? value : [...result, value];
    }
    return true;
  });
  sameErrors(errors, range);
  if (isError(result)) throw result;
  const items: unknown[] = result;
  if (!range.ordered && items.some(v => !celEquals(v, items[0]))) return leaveToServer('a list whose order is a map\'s');
  return celList(items);
};

/** cel.@mapInsert of one key: a key other than a string is left to the server, a duplicate is cel-go's error. */
function insert(map: Map<string, unknown>, key: unknown, value: unknown): Error | undefined {
  if (typeof key !== 'string') return leaveToServer('a map with keys other than strings');
  if (map.has(key)) return celGoError(`insert failed: key ${key} already exists`);
  map.set(key, value);
  return undefined;
}

/** cel.@mapInsert of a map's entries (transformMapEntry): in Go's map order, so two duplicate keys are left to the server. */
function insertAll(map: Map<string, unknown>, entries: unknown): Error | undefined {
  if (kindOf(entries) !== 'map') return leaveToServer('transformMapEntry with a transform that is not a map');
  const { entries: pairs } = rangeOf(entries);
  const duplicates = pairs.filter(([key]) => typeof key === 'string' && map.has(key));
  if (duplicates.length > 1) return leaveToServer('duplicate keys a map\'s order would choose between');
  if (duplicates.length === 1) return insert(map, duplicates[0][0], duplicates[0][1]);
  for (const [key, value] of pairs) insert(map, key, value);
  return undefined;
}

/**
 * transformMap (`cel.@mapInsert(__result__, k, t)`) and transformMapEntry
 * (`cel.@mapInsert(__result__, t)`, t a map): an argument's error (the
 * result's first) stays; a filter's error replaces the result.
 */
function transformMap(entry: boolean): MacroEvaluator {
  return (ev, call, ctx) => {
    const range = rangeOf(ev.run(call.receiver, ctx));
    const map = new Map<string, unknown>();
    let result: Error | undefined;
    const errors: Error[] = [];
    walk(ev, call, ctx, range, 2, (values, key) => {
      const { keep, value } = transformStep(values);
      let error: Error | undefined;
      if (isError(keep)) {
        error = keep;
        result = keep;
      } else if (keep && isError(value)) {
        error = value;
        result ??= value;
      } else if (keep && result === undefined) {
        error = entry ? insertAll(map, value) : insert(map, key, value);
        result = error;
      }
      if (error !== undefined) errors.push(error);
      return true;
    });
    sameErrors(errors, range);
    if (result !== undefined) throw result;
    return celMap(map);
  };
}

/** optMap (`optional.of(e)` of the value) and optFlatMap (`e`, itself an optional), none for none. */
function optionalMap(flat: boolean): MacroEvaluator {
  return (ev, call, ctx) => {
    const target = ev.run(call.receiver, ctx);
    if (!isCelOptional(target)) return leaveToServer('optMap on a value that is not an optional');
    if (!target.hasValue()) return celOptionals().none();
    const result = ev.run(call.args[1], ctx.forkWithVariable(nameOf(call.args[0]), ev.dynType).setIterValue(target.value(), ev));
    if (!flat) return celOptionals().of(result);
    return isCelOptional(result) ? result : leaveToServer('optFlatMap with an expression that gives no optional');
  };
}

/**
 * sortBy: the keys in the list's order (`list.map(e, key)`: the first
 * error ends it), then @sortByAssociatedKeys: keys of one comparable type,
 * the elements in the keys' order.
 */
const sortBy: MacroEvaluator = (ev, call, ctx) => {
  const items = listOf(ev.run(call.receiver, ctx));
  const bound = ctx.forkWithVariable(nameOf(call.args[0]), ev.dynType);
  const keys = items.map(item => ev.run(call.args[1], bound.setIterValue(item, ev)));
  if (items.length === 0) return celList([]);
  if (!isComparer(keys[0])) throw celGoError('list elements must be comparable');
  const kind = readableKind(keys[0]);
  if (items.length > 1 && keys.some(k => readableKind(k) !== kind)) throw celGoError('list elements must have the same type');
  const order = items.map((_, i) => i).sort((a, b) => {
    const c = compare(keys[a], keys[b]);
    return typeof c === 'number' ? c : leaveToServer('keys this runtime cannot order');
  });
  // sort.Slice is not stable: elements under equal keys may come in any order, so they must be equal.
  for (let i = 1; i < order.length; i++) {
    if (compare(keys[order[i - 1]], keys[order[i]]) === 0 && !celEquals(items[order[i - 1]], items[order[i]])) {
      return leaveToServer('sortBy with equal keys for elements that differ');
    }
  }
  return celList(order.map(i => items[i]));
};

/** The evaluators, by the macro's name as macros.ts declares it. */
export const EVALUATORS: { readonly [macro: string]: MacroEvaluator } = {
  all: quantifier(false, 2),
  exists: quantifier(true, 2),
  exists_one: existsOne(2),
  transformList: transformList(2),
  transformMap: transformMap(false),
  transformMapEntry: transformMap(true),
  optMap: optionalMap(false),
  optFlatMap: optionalMap(true),
  sortBy,
};

/**
 * cel-js' own one-variable macros, evaluated here instead (their parsed
 * expansion is kept for type-checking): cel-js stops existsOne, map with a
 * filter and filter at the first error, where cel-go's last erring
 * predicate or filter gives the error, and walks a map in JavaScript's
 * order, where the API server's is random.
 */
export const ONE_VARIABLE: { readonly [macro: string]: MacroEvaluator } = {
  all: quantifier(false, 1),
  exists: quantifier(true, 1),
  exists_one: existsOne(1),
  map: transformList(1),
  filter: transformList(1, true),
};
