/**
 * Work the rules share within one run, kept here so the module state stays
 * in one place: readers memoised while the rules of one object run
 * (`perObject`, `withRuleScope`), and one value per run (`SharedWithinRun`).
 * Internal to the rules layer; the runner opens the scopes.
 */

/**
 * The memo of one `perObject` reader: the argument it last read within the
 * rule scope `scope`, and what it returned. Kept in the reader itself, so a
 * scope costs no allocation: a synth opens one per object, thousands of them.
 */
interface Memo {
  scope: number;
  arg: unknown;
  value: unknown;
  /** Whether it is among the `touched` memos, to be let go. */
  held: boolean;
}

/** The rule scope open now (0: none); each scope gets a number no other had. */
let ruleScope = 0;
let lastScope = 0;
/** The memos filled since the outermost scope opened (the first `touched` entries), let go when it closes. */
const touched: Memo[] = [];
let touchedCount = 0;

/**
 * Opens a rule scope, as `withRuleScope` does, for a caller that runs the
 * rules itself (the runner: no closure per object). Returns what
 * `closeRuleScope` must be given, in a `finally`.
 */
export function openRuleScope(): number {
  const outer = ruleScope;
  ruleScope = ++lastScope;
  return outer;
}

/** Closes the scope `openRuleScope` opened; the outermost lets go of what its readers kept. */
export function closeRuleScope(outer: number): void {
  ruleScope = outer;
  if (outer !== 0) return;
  // The objects read stay the caller's: nothing here outlives the validation that read them.
  for (let i = 0; i < touchedCount; i++) {
    const memo = touched[i];
    memo.arg = undefined;
    memo.value = undefined;
    memo.held = false;
  }
  touchedCount = 0;
}

/**
 * Runs `fn` (the rules of one object, as `validateObject` does) with the
 * memos of `perObject` readers active, and drops them afterwards: an object
 * may change between two validations, never during one.
 */
export function withRuleScope<T>(fn: () => T): T {
  const outer = openRuleScope();
  try {
    return fn();
  } finally {
    closeRuleScope(outer);
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
  const memo: Memo = { scope: 0, arg: undefined, value: undefined, held: false };
  return (arg: A): T => {
    const scope = ruleScope;
    if (scope === 0) return read(arg);
    if (memo.scope === scope && memo.arg === arg) return memo.value as T;
    const value = read(arg);
    if (!memo.held) {
      memo.held = true;
      touched[touchedCount++] = memo;
    }
    memo.scope = scope;
    memo.arg = arg;
    memo.value = value;
    return value;
  };
}


/** The values filled within the run under way (none outside a run), dropped when it ends. */
let filledInRun: Array<SharedWithinRun<unknown>> | undefined;

/**
 * Runs `fn` as one run of the rules: every `SharedWithinRun` value computed
 * within it is computed once for its input, and let go when the outermost
 * run ends. The runner opens it; the rules that share a value only declare one.
 */
export function withinRun<T>(fn: () => T): T {
  if (filledInRun !== undefined) return fn();
  const filled: Array<SharedWithinRun<unknown>> = [];
  filledInRun = filled;
  try {
    return fn();
  } finally {
    filledInRun = undefined;
    for (const shared of filled) shared.clear();
  }
}

/**
 * One value shared by every call made within `withinRun(fn)`, for work several
 * rules would otherwise repeat on the same input (the structural walk of one
 * object, the index of one run's objects). Kept only while the outermost
 * run lasts: its input may change between two runs, never during one.
 */
export class SharedWithinRun<V> {
  private entry: { readonly input: unknown; readonly group: string; readonly value: V } | undefined;

  /** `compute()` for this input (by identity) and group, once per run; every time outside a run. */
  public get(input: unknown, group: string, compute: () => V): V {
    const entry = this.entry;
    if (entry !== undefined && entry.input === input && entry.group === group) return entry.value;
    const value = compute();
    if (filledInRun !== undefined) {
      if (this.entry === undefined) filledInRun.push(this as SharedWithinRun<unknown>);
      this.entry = { input, group, value };
    }
    return value;
  }

  /** Lets go of the value: the run that computed it has ended. */
  public clear(): void {
    this.entry = undefined;
  }
}
