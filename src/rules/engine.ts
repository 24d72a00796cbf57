/**
 * The rules engine's vocabulary: violations, rules, field paths and the
 * message helpers every rule shares. Nothing here knows about cdk8s.
 */

/** How bad a violation is. Only `error` makes an object invalid. */
export type Severity = 'error' | 'warning' | 'info';

/** One broken invariant, found at one field of one object. */
export interface Violation {
  /** Stable rule id, for example `KB031`. */
  readonly rule: string;
  readonly severity: Severity;
  /** Field path in kubectl's notation, for example `spec.versions[1].storage`. */
  readonly path: string;
  /** What is wrong, quoting the offending value. */
  readonly message: string;
  /** How to fix it. */
  readonly hint?: string;
}

/** A plain Kubernetes manifest, as parsed from YAML or produced by a construct. */
export type Manifest = { [key: string]: any };

/**
 * The kind/version pairs this library checks: the kube-bind kinds, and
 * Kubernetes' own CustomResourceDefinition (`validate` checks CRDs with the
 * Kubernetes rules; see `crd.ts`).
 */
export type KindVersion =
  | 'APIServiceExport/v1alpha1'
  | 'APIServiceExport/v1alpha2'
  | 'BoundSchema/v1alpha2'
  | 'CustomResourceDefinition/v1';

/** The kube-bind kind/version pairs (CRDs are not among them). */
export const KIND_VERSIONS: readonly KindVersion[] = [
  'APIServiceExport/v1alpha1',
  'APIServiceExport/v1alpha2',
  'BoundSchema/v1alpha2',
];

/** What every check may know besides the object itself. */
export interface RuleContext {
  /** The API group the kube-bind kinds are served under (default `kube-bind.io`). */
  readonly group: string;
}

export const DEFAULT_GROUP = 'kube-bind.io';

/** Where a rule comes from, for docs/rules.md. */
export type RuleSource = string; // e.g. 'spec §2.3', 'kube-bind CRD (CEL)', 'Kubernetes CRD validation'

/** A check of one object. */
export interface Rule {
  /** Stable id, `KB` and three digits. Never reused for another meaning. */
  readonly id: string;
  /** One line saying what the rule protects. */
  readonly title: string;
  readonly source: RuleSource;
  /** The default severity of what this rule reports. */
  readonly severity: Severity;
  /** The kinds/versions the rule applies to. */
  readonly appliesTo: readonly KindVersion[];
  /** Returns every violation in `obj`; never throws, whatever the input. */
  check(obj: Manifest, ctx: RuleContext): Violation[];
}

/** One object among several, for checks across objects. */
export interface Located {
  readonly index: number;
  readonly manifest: Manifest;
}

/** A check across all objects of one app or one `validate` run. */
export interface CrossObjectRule {
  readonly id: string;
  readonly title: string;
  readonly source: RuleSource;
  readonly severity: Severity;
  /** Returns violations keyed by the index of the object they belong to. */
  check(objects: readonly Located[], ctx: RuleContext): Array<{ index: number; violation: Violation }>;
}

// ---------------------------------------------------------------------------
// Field paths

/** `path` + `.key` (or just `key` at the root). */
export function field(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/** `path[i]`. */
export function item(path: string, i: number): string {
  return `${path}[${i}]`;
}

// ---------------------------------------------------------------------------
// Value inspection that never throws

export function isObject(v: unknown): v is { [key: string]: any } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const hasOwn = Object.prototype.hasOwnProperty;

/** Reads `obj[key]` only when it is an own property, so `__proto__` and friends stay data. */
export function own(obj: unknown, key: string): any {
  // Maps and lists alike: any object. Written out, as every rule calls it for every field it reads.
  if (typeof obj !== 'object' || obj === null) return undefined;
  return hasOwn.call(obj, key) ? (obj as any)[key] : undefined;
}

export function has(obj: unknown, key: string): boolean {
  return typeof obj === 'object' && obj !== null && hasOwn.call(obj, key);
}

// ---------------------------------------------------------------------------
// Message helpers: one wording for the whole catalogue

/** Quotes a value the way messages show it: strings in double quotes, the rest as JSON. */
export function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return JSON.stringify(value);
  try {
    const text = JSON.stringify(value);
    return text.length > 80 ? text.slice(0, 77) + '...' : text;
  } catch {
    return String(value);
  }
}

/** The candidate closest to `value` (case-insensitive, then prefix, then edit distance ≤ 2). */
export function closest(value: unknown, candidates: readonly string[]): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const lower = value.toLowerCase();
  const exact = candidates.find(c => c.toLowerCase() === lower);
  if (exact !== undefined) return exact;
  const prefix = candidates.filter(c => c.toLowerCase().startsWith(lower) || lower.startsWith(c.toLowerCase()));
  if (prefix.length === 1) return prefix[0];
  let best: string | undefined;
  let bestDistance = 3;
  for (const c of candidates) {
    const d = editDistance(lower, c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return prev[b.length];
}

/** ` (did you mean "x"?)` or the empty string. */
export function didYouMean(value: unknown, candidates: readonly string[]): string {
  const guess = closest(value, candidates);
  return guess !== undefined && guess !== value ? ` (did you mean ${show(guess)}?)` : '';
}

/** `must be one of "A", "B"`. */
export function oneOf(candidates: readonly string[]): string {
  return `must be one of ${candidates.map(c => show(c)).join(', ')}`;
}

/** Builds a violation; rules call this so every field is filled the same way. */
export function violation(rule: Pick<Rule, 'id' | 'severity'>, path: string, message: string, hint?: string, severity?: Severity): Violation {
  return { rule: rule.id, severity: severity ?? rule.severity, path, message, ...(hint !== undefined ? { hint } : {}) };
}

/** `kind/version` of a manifest of our group, or undefined when it is not ours. */
export function kindVersionOf(obj: Manifest, group: string): KindVersion | undefined {
  const apiVersion = own(obj, 'apiVersion');
  const kind = own(obj, 'kind');
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  // Compared in place, without building strings: every rule of every object asks.
  if (apiVersion.lastIndexOf('/') !== group.length || !apiVersion.startsWith(group)) return undefined;
  const version = apiVersion.slice(group.length + 1);
  if (kind === 'APIServiceExport') {
    if (version === 'v1alpha2') return 'APIServiceExport/v1alpha2';
    if (version === 'v1alpha1') return 'APIServiceExport/v1alpha1';
  } else if (kind === 'BoundSchema' && version === 'v1alpha2') {
    return 'BoundSchema/v1alpha2';
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Work shared by the rules of one object

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


/** A rule apart from its check: what rules that share one pass declare. */
export type RuleInfo = Omit<Rule, 'check'>;

/** Rules checked together, in one pass over an object (see `rulesOfOnePass`). */
export interface SharedPass {
  /** The ids of the pass's rules, in catalogue order. */
  readonly ids: readonly string[];
  /** The findings of all the pass's rules, in the order found. */
  run(obj: Manifest, ctx: RuleContext): Violation[];
}

const PASS_OF = new WeakMap<Rule, SharedPass>();

/**
 * Rules checked together, in one pass over an object that returns the
 * findings of all of them. Each rule's `check` reports the findings that
 * carry its id, in the order the pass found them, and shares one run of the
 * pass with the other rules of the pass while the rules of one object run
 * (`withRuleScope`). The registry runs the pass once per object itself
 * (`passOf`), for its rules listed one after another in the catalogue.
 *
 * Why one pass: a synth checks thousands of objects, most of them before the
 * JIT has optimised the rules, and V8 optimises a function only after it has
 * run for a while. One loop over the claims reaches optimised code sooner,
 * and costs less before that, than eighteen small loops.
 */
export function rulesOfOnePass(rules: readonly RuleInfo[], pass: (obj: Manifest, ctx: RuleContext) => Violation[]): Rule[] {
  const shared: SharedPass = { ids: rules.map(rule => rule.id), run: pass };
  // A rule checked on its own (tests, docs) shares the pass with the other rules of its object.
  const memo = perObject((_obj: Manifest): { ctx?: RuleContext; found: Violation[] } => ({ found: [] }));
  const findings = (obj: Manifest, ctx: RuleContext): Violation[] => {
    const entry = memo(obj);
    if (entry.ctx !== ctx) {
      entry.found = pass(obj, ctx);
      entry.ctx = ctx;
    }
    return entry.found;
  };
  return rules.map(info => {
    const rule: Rule = { ...info, check: (obj, ctx) => foundBy(findings(obj, ctx), info.id) };
    PASS_OF.set(rule, shared);
    return rule;
  });
}

/** The pass a rule's findings come from, when it shares one. */
export function passOf(rule: Rule): SharedPass | undefined {
  return PASS_OF.get(rule);
}

/** The findings of one rule among those of a shared pass. */
function foundBy(found: readonly Violation[], id: string): Violation[] {
  return found.length === 0 ? [] : found.filter(v => v.rule === id);
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
