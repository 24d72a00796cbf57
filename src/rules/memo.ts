/**
 * Work the rules share within one run, kept here so the module state stays
 * in one place: readers memoised while the rules of one object run
 * (`perObject`, `withRuleScope`), and one value per run (`SharedWithinRun`).
 * Internal to the rules layer; the runner opens the scopes.
 */

/**
 * Memos of `perObject` readers, set only while `withRuleScope` runs: one slot
 * per reader, holding the argument it last read and what it returned. The
 * rules of one object call each reader with that object, dozens of times.
 */
interface RuleScope {
  readonly args: unknown[];
  readonly values: unknown[];
}

let ruleScope: RuleScope | undefined;
let readers = 0;
const NOT_READ: unknown = Symbol('not read');

/**
 * Runs `fn` (the rules of one object, as `validateObject` does) with the
 * memos of `perObject` readers active, and drops them afterwards: an object
 * may change between two validations, never during one.
 */
export function withRuleScope<T>(fn: () => T): T {
  const outer = ruleScope;
  ruleScope = { args: [], values: [] };
  try {
    return fn();
  } finally {
    ruleScope = outer;
  }
}

/**
 * `read`, computed once per argument (by identity) while the rules of one
 * object run, instead of once per rule that calls it; outside
 * `withRuleScope` it is simply called. For readers several rules share
 * (`claimsOf(obj)`, `exportedResources(obj)`); callers must not modify what
 * they get. A reader called with another argument reads afresh.
 */
export function perObject<A, T>(read: (arg: A) => T): (arg: A) => T {
  const slot = readers++;
  return (arg: A): T => {
    const scope = ruleScope;
    if (scope === undefined) return read(arg);
    if (slot < scope.args.length && scope.args[slot] === arg) return scope.values[slot] as T;
    const value = read(arg);
    // Filled up to the slot, so the arrays stay packed.
    while (scope.args.length < slot) {
      scope.args.push(NOT_READ);
      scope.values.push(undefined);
    }
    scope.args[slot] = arg;
    scope.values[slot] = value;
    return value;
  };
}


/**
 * One value shared by every call made within `run(fn)`, for work several
 * rules would otherwise repeat on the same input (the structural walk of one
 * object, the index of one run's objects). Kept only while the outermost
 * `run` lasts: its input may change between two runs, never during one.
 */
export class SharedWithinRun<V> {
  private active = false;
  private entry: { readonly input: unknown; readonly group: string; readonly value: V } | undefined;

  public run<T>(fn: () => T): T {
    const outer = this.active;
    this.active = true;
    try {
      return fn();
    } finally {
      this.active = outer;
      if (!outer) this.entry = undefined;
    }
  }

  /** `compute()` for this input (by identity) and group, once per run; every time outside a run. */
  public get(input: unknown, group: string, compute: () => V): V {
    const entry = this.entry;
    if (entry !== undefined && entry.input === input && entry.group === group) return entry.value;
    const value = compute();
    if (this.active) this.entry = { input, group, value };
    return value;
  }
}
