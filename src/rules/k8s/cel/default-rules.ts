/**
 * A default checked against the x-kubernetes-validations rules of its schema,
 * as `structuraldefaulting.ValidateDefaults` does (apiextensions-apiserver
 * pkg/apiserver/schema/defaulting/validation.go, Kubernetes 1.36: once the
 * default validates against its schema, `cel.NewValidator(s, ...)` runs on it
 * with the default as both self and oldSelf). Loaded only for a default whose
 * schema has rules.
 *
 * Evaluated with `@marcbachmann/cel-js`, `self` and `oldSelf` as dyn (the
 * rules were type-checked by compile.ts): a value is converted as Kubernetes'
 * UnstructuredToVal types it (an integer schema gives an int, a number schema
 * a double). What this evaluator cannot decide is left to the server, never
 * reported: a rule whose evaluation fails (the Kubernetes libraries are
 * declared for type-checking only, so quantity(), url(), ip()... cannot run),
 * a result that is not a bool, and rules with optionalOldSelf (their second
 * run, with no old value, needs optional values).
 *
 * `matches()` is Go's `regexp.MatchString` in Kubernetes (RE2), where cel-js
 * runs a JavaScript RegExp: the two read `[[:alpha:]]`, `\pL` or `\z`
 * differently, and a JavaScript answer would refuse a default the server
 * accepts. A rule that calls it is evaluated with the call renamed to a
 * function of this module's that matches with RE2 (regex.ts).
 */
import { CelAstNode, CelEnvironment, newCelEnvironment } from './cel-js';
import { isObject, own } from '../../../model/manifest';
import { re2Matches } from '../regex';

/** A rule the default breaks. */
export interface DefaultRuleFailure {
  /** Where the rule sits below the default's schema node: `` for the node itself, `.spec.size`, `[0]`. */
  readonly at: string;
  readonly rule: string;
  /** The rule's message, or Kubernetes' "failed rule: <rule>". */
  readonly message: string;
}

const MAX_DEPTH = 100;
type Program = (context: { [name: string]: unknown }) => unknown;
let programs: Map<string, Program | undefined> | undefined;
const MAX_PROGRAMS = 2000;

/** The first rule of `schema` (or of a node below it, where the value reaches) that `value` breaks. */
export function defaultRuleFailure(schema: unknown, value: unknown): DefaultRuleFailure | undefined {
  return failureAt(schema, value, '', 0);
}

function failureAt(schema: unknown, value: unknown, at: string, depth: number): DefaultRuleFailure | undefined {
  if (!isObject(schema) || depth > MAX_DEPTH || value === null || value === undefined) return undefined;
  const rules = own(schema, 'x-kubernetes-validations');
  if (Array.isArray(rules)) {
    const self = celValue(schema, value, 0);
    for (const entry of rules) {
      const rule = own(entry, 'rule');
      if (typeof rule !== 'string' || own(entry, 'optionalOldSelf') === true) continue;
      if (evaluate(rule, self) !== false) continue;
      const message = own(entry, 'message');
      return { at, rule, message: typeof message === 'string' && message.trim() !== '' ? message : `failed rule: ${rule}` };
    }
  }
  // The validator descends where the value does: properties, additionalProperties, items.
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = failureAt(own(schema, 'items'), value[i], `${at}[${i}]`, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  const properties = own(schema, 'properties');
  const additional = own(schema, 'additionalProperties');
  for (const key of Object.keys(value)) {
    const child = isObject(properties) && isObject(own(properties, key)) ? own(properties, key) : additional;
    const found = failureAt(child, own(value, key), `${at}.${key}`, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

let dynamic: CelEnvironment | undefined;

/** The name `matches` is evaluated under here: one no Kubernetes rule can call (compile.ts refuses unknown functions). */
const RE2_MATCHES = 'kubeBindRe2Matches';

/** Go's regexp.MatchString(pattern, value); a pattern RE2 refuses is an evaluation error, as in cel-go. */
function matchesWithRe2(value: string, pattern: string): boolean {
  const matched = re2Matches(pattern, value);
  if (matched === undefined) throw new Error(`invalid regular expression: ${pattern}`);
  return matched;
}

/** One environment for every rule evaluated here: self and oldSelf as dyn, and `matches` as RE2 matches. */
function dynamicEnvironment(): CelEnvironment {
  if (dynamic === undefined) {
    dynamic = newCelEnvironment();
    dynamic.registerVariable('self', 'dyn');
    dynamic.registerVariable('oldSelf', 'dyn');
    dynamic.registerFunction(`string.${RE2_MATCHES}(string): bool`, matchesWithRe2);
    dynamic.registerFunction(`${RE2_MATCHES}(string, string): bool`, matchesWithRe2);
  }
  return dynamic;
}

/**
 * `rule` with each call of `matches` (`s.matches(p)` and `matches(s, p)`)
 * calling RE2_MATCHES instead, found in its AST so that a string holding
 * "matches(" is left alone; undefined when a call is not where the AST says.
 */
function withRe2Matches(rule: string, ast: CelAstNode): string | undefined {
  const at: number[] = [];
  const visit = (node: unknown): boolean => {
    if (Array.isArray(node)) return node.every(visit);
    if (!isObject(node) || typeof node.op !== 'string') return true;
    const args = node.args;
    if ((node.op === 'call' || node.op === 'rcall') && Array.isArray(args) && args[0] === 'matches') {
      // A global call starts with its name; a method's name follows its receiver (and the dot).
      const receiver = node.op === 'rcall' ? args[1] : undefined;
      const from = isObject(receiver) && typeof receiver.end === 'number' ? receiver.end : node.start;
      const name = typeof from === 'number' ? rule.indexOf('matches', from) : -1;
      if (name < 0 || (node.op === 'call' && name !== from)) return false;
      at.push(name);
    }
    return visit(args);
  };
  if (!visit(ast)) return undefined;
  let text = rule;
  for (const name of at.sort((a, b) => b - a)) text = `${text.slice(0, name)}${RE2_MATCHES}${text.slice(name + 'matches'.length)}`;
  return text;
}

/** The program of `rule`, its `matches` calls matching with RE2; undefined when it cannot be made here. */
function programOf(rule: string): Program | undefined {
  const environment = dynamicEnvironment();
  const parsed = environment.parse(rule);
  if (!rule.includes('matches')) return parsed as unknown as Program;
  const rewritten = withRe2Matches(rule, parsed.ast);
  return rewritten === undefined ? undefined : environment.parse(rewritten) as unknown as Program;
}

/** The rule's result on `self` (oldSelf the same value), or undefined when it cannot be evaluated here. */
function evaluate(rule: string, self: unknown): unknown {
  programs ??= new Map();
  let program = programs.get(rule);
  if (!programs.has(rule)) {
    try {
      program = programOf(rule);
    } catch {
      program = undefined;
    }
    if (programs.size >= MAX_PROGRAMS) programs.clear();
    programs.set(rule, program);
  }
  if (program === undefined) return undefined;
  try {
    return program({ self, oldSelf: self });
  } catch {
    return undefined;
  }
}

let realm: { readonly List: ArrayConstructor; readonly Struct: ObjectConstructor } | undefined;

/**
 * The Array and Object of the realm cel-js runs in (Node's main one, where cel-js.ts loads it): cel-js
 * tells lists and maps by their constructors, and a test runner (Jest) runs this code in a realm of its own.
 */
function celRealm(): { readonly List: ArrayConstructor; readonly Struct: ObjectConstructor } {
  if (realm === undefined) {
    const vm = (process as unknown as { getBuiltinModule(name: string): typeof import('vm') }).getBuiltinModule('vm');
    const [List, Struct] = vm.runInThisContext('[Array, Object]') as [ArrayConstructor, ObjectConstructor];
    realm = { List, Struct };
  }
  return realm;
}

/** A JSON value as CEL sees it under `schema` (UnstructuredToVal): integers as int (BigInt) unless the schema says number. */
function celValue(schema: unknown, value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return value;
  const type = own(schema, 'type');
  if (typeof value === 'number') return Number.isInteger(value) && type !== 'number' ? BigInt(value) : value;
  const { List, Struct } = celRealm();
  if (Array.isArray(value)) return List.from(value, v => celValue(own(schema, 'items'), v, depth + 1));
  if (!isObject(value)) return value;
  const properties = own(schema, 'properties');
  const additional = own(schema, 'additionalProperties');
  const out: { [key: string]: unknown } = Struct.create(Struct.prototype);
  for (const key of Object.keys(value)) {
    const child = isObject(properties) && isObject(own(properties, key)) ? own(properties, key) : additional;
    Object.defineProperty(out, key, { value: celValue(child, own(value, key), depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
