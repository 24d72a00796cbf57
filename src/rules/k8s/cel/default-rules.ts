/**
 * A default checked against the x-kubernetes-validations rules of its schema,
 * as `structuraldefaulting.ValidateDefaults` does (apiextensions-apiserver
 * pkg/apiserver/schema/defaulting/validation.go, Kubernetes 1.36): once the
 * default validates against its schema, `cel.NewValidator(s, ...)` runs on it
 * twice, as `Validator.validate` (pkg/apiserver/schema/cel/validation.go)
 * walks a value:
 * - with the default as old value: oldSelf is the default, and
 *   `optional.of(default)` for a rule with optionalOldSelf; where the walk
 *   finds no old value (the items of a list that is not a list-type map), a
 *   rule reading oldSelf is skipped, unless it has optionalOldSelf: then
 *   oldSelf is `optional.none()`;
 * - when that run found nothing, again with no old value (CRDValidationRatcheting,
 *   GA): only the rules with optionalOldSelf that read oldSelf can answer
 *   otherwise, with `optional.none()`.
 * A rule refuses the default when it evaluates to false, or when its
 * evaluation fails as cel-go's fails (runtime/cel-go-errors.ts: no such key,
 * index out of bounds, division or modulus by zero, integer overflow, a
 * runtime "no such overload" of an operator, optional.none() dereference, a
 * bad regular expression), reported in Kubernetes' words ("<error>
 * evaluating rule: <rule>").
 *
 * Evaluated with `@marcbachmann/cel-js`, `self` and `oldSelf` as dyn: a value
 * is converted as Kubernetes' UnstructuredToVal types it (an integer schema
 * gives an int, a number schema a double). Kubernetes' libraries run with
 * runtime/library.ts (regex find and findAll, lists, sets, quantity, ip,
 * cidr, semver, url, format; each loaded when a rule first calls it), as do `==` between optionals, which
 * cel-js lacks, and cel-go's strings extension (runtime/strings.ts: charAt,
 * replace, strings.quote, and in place of cel-js' own, which read UTF-16
 * units, Unicode's case mapping or JavaScript's white space: indexOf,
 * lastIndexOf, substring, split, lowerAscii, upperAscii, trim;
 * runtime/strings-format.ts: format). The macros cel-js lacks (macros.ts:
 * two-variable all, exists, existsOne, transformList, transformMap,
 * transformMapEntry; optMap, optFlatMap; sortBy) run with
 * runtime/comprehensions.ts, as do cel-js' own all, exists, exists_one, map
 * and filter (for cel-go's last error and a map's order). The rule is
 * written for cel-js as the compiler writes it (optional-entries.ts: `[?x]`,
 * `{?k: v}`, whose literals runtime/collection-literals.ts evaluates;
 * spelling.ts: existsOne, `.5`). Left to the server, never reported:
 * - the evaluation errors of a rule compile.ts refuses (it reports the rule),
 *   and a rule cel-js cannot parse;
 * - a rule calling a library function the runtime does not implement
 *   (what standard.ts declares of cel-go's standard library but `==`
 *   between optionals) or meeting a case it does not decide (durations,
 *   timestamps, bytes, the sum of an empty list; a string holding a lone
 *   surrogate; format's precisions past 100, a quoted character whose
 *   printing a newer Unicode may change; in a rule
 *   that formats or binds a map's keys, a map literal with a key that is no
 *   string; what a map's order decides in a comprehension (Go's map order
 *   is random: a list made from a map, which of two errors comes first);
 *   sortBy's order among equal keys of unequal elements),
 *   unless cel-js decided the rule without that call (`false && f()`);
 * - an error cel-go might not raise: a function or overload cel-js lacks,
 *   cel-js' own limits, an error cel-js raises with no code this file knows;
 * - the runtime cost budget (RuntimeCELCostBudget, PerCallLimit): cel-js
 *   counts no cost as it evaluates, so a default that runs out of it is not
 *   found here;
 * - a false or failing rule that compares or concatenates values (`==`,
 *   `!=`, `+`, `in`, indexOf, lastIndexOf, sets.*) when self holds a list of
 *   x-kubernetes-list-type set or map: UnstructuredToVal gives such lists an
 *   Equal that ignores order and an Add that merges (pkg/cel/common
 *   valuesunstructured.go), which cel-js' plain lists do not have;
 * - messageExpression (the rule's message, or "failed rule: <rule>", is
 *   reported), the rules of allOf, and a list-type map's old item is the item
 *   itself (the default has unique keys once it validates).
 *
 * `matches()` is Go's `regexp.MatchString` in Kubernetes (RE2), where cel-js
 * runs a JavaScript RegExp: the two read `[[:alpha:]]`, `\pL` or `\z`
 * differently, and a JavaScript answer would refuse a default the server
 * accepts. A rule that calls it is evaluated with the call renamed to a
 * function of this module's that matches with RE2 (regex.ts). A pattern RE2
 * refuses is an evaluation error when it is computed; a literal one makes
 * the rule fail to compile (literals.ts), and a rule compile.ts refuses is
 * not evaluated here: compile.ts reports it.
 */
import { CelAstNode, CelEnvironment, celOptionals, newCelEnvironment } from './cel-js';
import { compileExpression } from './compile';
import { childDeclType, DeclType, schemaDeclType } from './decl-type';
import { declareMissingMacros } from './macros';
import { declareOptionalEntry, withOptionalEntriesWrapped } from './optional-entries';
import { celGoErrorText } from './runtime/cel-go-errors';
import { evaluateOptionalEntry } from './runtime/collection-literals';
import { declareLibraryRuntime, MACRO_EVALUATORS, prepareLiterals, renameBuiltins, runOwnMacros } from './runtime/library';
import { celGoError, trackingUndecided } from './runtime/outcome';
import { celRealm } from './runtime/realm';
import { withCelGoSpellings } from './spelling';
import { isObject, own } from '../../../model/manifest';
import { re2CompileError, re2Matches } from '../regex';

/** A rule the default breaks. */
export interface DefaultRuleFailure {
  /** Where the rule sits below the default's schema node: `` for the node itself, `.spec.size`, `[0]`. */
  readonly at: string;
  readonly rule: string;
  /** `false`: the rule evaluated to false; `error`: its evaluation (or its program's creation) failed. */
  readonly kind: 'false' | 'error';
  /** For `false`, the rule's message or Kubernetes' "failed rule: <rule>"; for `error`, Kubernetes' text of the error. */
  readonly message: string;
}

const MAX_DEPTH = 100;

/** The old value a node is validated against: absent where the walk finds none. */
type Old = { readonly value: unknown } | undefined;

/** One walk of the validator: which run it is. */
interface Run {
  /** The second run (no old value) evaluates only the rules with optionalOldSelf that read oldSelf. */
  readonly onlyOptionalOldSelf: boolean;
}

/** The first rule of `schema` (or of a node below it, where the value reaches) that `value` breaks. */
export function defaultRuleFailure(schema: unknown, value: unknown): DefaultRuleFailure | undefined {
  if (!isObject(schema)) return undefined;
  const isRoot = own(schema, 'x-kubernetes-embedded-resource') === true;
  const declared = schemaDeclType(schema, isRoot);
  return failureAt(schema, value, { value }, declared, isRoot, '', 0, { onlyOptionalOldSelf: false })
    ?? failureAt(schema, value, undefined, declared, isRoot, '', 0, { onlyOptionalOldSelf: true });
}

function failureAt(
  schema: unknown, value: unknown, old: Old, declared: DeclType | undefined, isRoot: boolean, at: string, depth: number, run: Run,
): DefaultRuleFailure | undefined {
  // Fields whose type CEL cannot declare are left out of CEL validation entirely (validator()).
  if (!isObject(schema) || declared === undefined || depth > MAX_DEPTH || value === null || value === undefined) return undefined;
  const rules = own(schema, 'x-kubernetes-validations');
  if (Array.isArray(rules)) {
    const found = ruleFailure(schema, rules, value, old, declared, isRoot, run);
    if (found !== undefined) return { at, ...found };
  }
  // The validator descends where the value does: properties, additionalProperties, items.
  if (Array.isArray(value)) {
    // Only the items of a list-type map are correlated with old items (makeMapList).
    const correlated = old !== undefined && own(schema, 'x-kubernetes-list-type') === 'map';
    const items = own(schema, 'items');
    for (let i = 0; i < value.length; i++) {
      const found = failureAt(items, value[i], correlated ? { value: value[i] } : undefined, childDeclType(declared, 'items'), embedded(items), `${at}[${i}]`, depth + 1, run);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  const properties = own(schema, 'properties');
  const additional = own(schema, 'additionalProperties');
  for (const key of Object.keys(value)) {
    const declaredProperty = isObject(properties) && isObject(own(properties, key));
    const child = declaredProperty ? own(properties, key) : additional;
    const childType = childDeclType(declared, declaredProperty ? { property: key } : 'additionalProperties');
    // Every map type correlates (MapIsCorrelatable): the old value of a field is the old object's.
    const childOld = old === undefined ? undefined : { value: own(old.value, key) };
    const found = failureAt(child, own(value, key), childOld, childType, embedded(child), `${at}.${key}`, depth + 1, run);
    if (found !== undefined) return found;
  }
  return undefined;
}

function embedded(schema: unknown): boolean {
  return own(schema, 'x-kubernetes-embedded-resource') === true;
}

/** The first of a node's rules that refuses `value` (validateExpressions). */
function ruleFailure(
  schema: { [key: string]: unknown }, rules: unknown[], value: unknown, old: Old, declared: DeclType, isRoot: boolean, run: Run,
): Omit<DefaultRuleFailure, 'at'> | undefined {
  let self: unknown;
  let unordered: boolean | undefined;
  for (const entry of rules) {
    const rule = own(entry, 'rule');
    if (typeof rule !== 'string') continue;
    const optionalOldSelf = own(entry, 'optionalOldSelf') === true;
    const compiled = compileExpression(rule, 'rule', declared, optionalOldSelf, schema, isRoot);
    // A rule the server cannot compile is reported as such (compile.ts), not evaluated (cel validation.go: compiled.Error).
    if (compiled.fallback || compiled.error !== undefined) continue;
    if (run.onlyOptionalOldSelf && !(optionalOldSelf && compiled.usesOldSelf)) continue;
    // Transition rules are evaluated only where there is an old value, unless oldSelf is optional.
    if (compiled.usesOldSelf && old === undefined && !optionalOldSelf) continue;
    self ??= celValue(schema, value, 0);
    const outcome = evaluate(rule, { self, oldSelf: oldSelfOf(schema, old, optionalOldSelf, self, value) });
    if (outcome === undefined || outcome === true) continue;
    // A set or map list compares and adds otherwise in cel-go: a false or failing comparison is not decided here.
    unordered ??= holdsUnorderedList(schema, value, 0);
    if (unordered && comparesValues(rule)) continue;
    const message = own(entry, 'message');
    const shown = typeof message === 'string' && message.trim() !== '' ? message.trim() : undefined;
    if (outcome === false) return { rule, kind: 'false', message: shown ?? `failed rule: ${rule.trim()}` };
    return { rule, kind: 'error', message: kubernetesErrorText(outcome, shown ?? rule.trim()) };
  }
  return undefined;
}

/** oldSelf as validationActivationWithOldSelf binds it. */
function oldSelfOf(schema: unknown, old: Old, optionalOldSelf: boolean, self: unknown, value: unknown): unknown {
  const oldValue = old === undefined ? undefined : old.value === value ? self : celValue(schema, old.value, 0);
  if (!optionalOldSelf) return oldValue;
  return oldValue === undefined ? celOptionals().none() : celOptionals().of(oldValue);
}

/** An evaluation error in Kubernetes' words (validateExpressions); `ruleText` is ruleErrorString: the message, else the rule. */
function kubernetesErrorText(failure: Failure, ruleText: string): string {
  if (failure.error.startsWith('no such overload')) {
    return `'${failure.error}': call arguments did not match a supported operator, function or macro signature for rule: ${ruleText}`;
  }
  return `${failure.error} evaluating rule: ${ruleText}`;
}

/** A rule's evaluation that failed as cel-go's fails, with cel-go's error. */
interface Failure {
  readonly error: string;
}

let dynamic: CelEnvironment | undefined;

/** The name `matches` is evaluated under here: one no Kubernetes rule can call (compile.ts refuses unknown functions). */
const RE2_MATCHES = 'kubeBindRe2Matches';

/** Go's regexp.MatchString(pattern, value); a pattern RE2 refuses is cel-go's evaluation error (String.Match). */
function matchesWithRe2(value: string, pattern: string): boolean {
  const matched = re2Matches(pattern, value);
  if (matched === undefined) throw celGoError(re2CompileError(pattern) ?? `error parsing regexp: ${pattern}`);
  return matched;
}

/** One environment for every rule evaluated here: self and oldSelf as dyn, Kubernetes' libraries, and `matches` as RE2 matches. */
function dynamicEnvironment(): CelEnvironment {
  if (dynamic === undefined) {
    // Literals were checked when the rule compiled (homogeneous.ts: format's arguments may mix types).
    dynamic = newCelEnvironment(false);
    dynamic.registerVariable('self', 'dyn');
    dynamic.registerVariable('oldSelf', 'dyn');
    dynamic.registerFunction(`string.${RE2_MATCHES}(string): bool`, matchesWithRe2);
    dynamic.registerFunction(`${RE2_MATCHES}(string, string): bool`, matchesWithRe2);
    declareLibraryRuntime(dynamic);
    declareMissingMacros(dynamic, MACRO_EVALUATORS);
    declareOptionalEntry(dynamic, evaluateOptionalEntry);
  }
  return dynamic;
}

/** The AST's calls: their name, the node, and their arguments (a method's receiver first). */
function visitCalls(node: unknown, visit: (name: string, call: { [key: string]: unknown }, args: unknown[]) => boolean): boolean {
  if (Array.isArray(node)) return node.every(n => visitCalls(n, visit));
  if (!isObject(node) || typeof node.op !== 'string') return true;
  const args = node.args;
  if ((node.op === 'call' || node.op === 'rcall') && Array.isArray(args) && typeof args[0] === 'string') {
    const callArgs = node.op === 'rcall' ? [args[1], ...(Array.isArray(args[2]) ? args[2] : [])] : (Array.isArray(args[1]) ? args[1] : []);
    if (!visit(args[0], node, callArgs)) return false;
  }
  return visitCalls(args, visit);
}

/**
 * `rule` with each call of `matches` (`s.matches(p)` and `matches(s, p)`)
 * calling RE2_MATCHES instead, found in its AST so that a string holding
 * "matches(" is left alone; undefined when a call is not where the AST says.
 */
function withRe2Matches(rule: string, ast: CelAstNode): string | undefined {
  const at: number[] = [];
  const found = visitCalls(ast, (name, call, args) => {
    if (name !== 'matches') return true;
    // A global call starts with its name; a method's name follows its receiver (and the dot).
    const receiver = call.op === 'rcall' ? args[0] : undefined;
    const from = isObject(receiver) && typeof receiver.end === 'number' ? receiver.end : call.start;
    const where = typeof from === 'number' ? rule.indexOf('matches', from) : -1;
    if (where < 0 || (call.op === 'call' && where !== from)) return false;
    at.push(where);
    return true;
  });
  if (!found) return undefined;
  let text = rule;
  for (const name of at.sort((a, b) => b - a)) text = `${text.slice(0, name)}${RE2_MATCHES}${text.slice(name + 'matches'.length)}`;
  return text;
}

type Program = (context: { [name: string]: unknown }) => unknown;

let programs: Map<string, Program | undefined> | undefined;

/** The operators and functions that compare or add values (through a list's Equal or Add in cel-go). */
const COMPARING_OPS = new Set(['==', '!=', '+', 'in']);
const COMPARING_CALLS = new Set(['indexOf', 'lastIndexOf', 'contains', 'equivalent', 'intersects']);
const comparing = new Map<string, boolean>();

/** Whether `rule` compares or adds values anywhere (its AST, as cel-js parses it; true when it does not parse). */
function comparesValues(rule: string): boolean {
  let found = comparing.get(rule);
  if (found === undefined) {
    const visit = (node: unknown): boolean => {
      if (Array.isArray(node)) return node.some(visit);
      if (!isObject(node) || typeof node.op !== 'string') return false;
      if (COMPARING_OPS.has(node.op)) return true;
      if ((node.op === 'call' || node.op === 'rcall') && Array.isArray(node.args) && COMPARING_CALLS.has(node.args[0] as string)) return true;
      return visit(node.args);
    };
    try {
      found = visit(dynamicEnvironment().parse(rule).ast);
    } catch {
      found = true;
    }
    if (comparing.size >= MAX_PROGRAMS) comparing.clear();
    comparing.set(rule, found);
  }
  return found;
}

/** Whether `value` holds (or is) a list whose schema says x-kubernetes-list-type set or map. */
function holdsUnorderedList(schema: unknown, value: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH || !isObject(schema)) return false;
  if (Array.isArray(value)) {
    const listType = own(schema, 'x-kubernetes-list-type');
    return listType === 'set' || listType === 'map' || value.some(v => holdsUnorderedList(own(schema, 'items'), v, depth + 1));
  }
  if (!isObject(value)) return false;
  const properties = own(schema, 'properties');
  const additional = own(schema, 'additionalProperties');
  return Object.keys(value).some(key => {
    const child = isObject(properties) && isObject(own(properties, key)) ? own(properties, key) : additional;
    return holdsUnorderedList(child, own(value, key), depth + 1);
  });
}
const MAX_PROGRAMS = 2000;

/**
 * The program of `rule`, its `matches` calls matching with RE2 and the built-ins cel-js computes otherwise
 * than cel-go calling the runtime's (renameBuiltins); undefined when it cannot be made here.
 */
function programOf(rule: string): Program | undefined {
  const environment = dynamicEnvironment();
  // What cel-js does not read, written as the compiler writes it: optional entries, cel-go's spellings (existsOne, `.5`).
  const text = withCelGoSpellings(withOptionalEntriesWrapped(rule).text).text;
  let parsed = environment.parse(text);
  if (text.includes('matches')) {
    const rewritten = withRe2Matches(text, parsed.ast);
    if (rewritten === undefined) return undefined;
    parsed = environment.parse(rewritten);
  }
  prepareLiterals(parsed.ast);
  runOwnMacros(parsed.ast);
  renameBuiltins(parsed.ast);
  return parsed as unknown as Program;
}

/** The rule's result (a bool), its failure as cel-go's, or undefined when it cannot be decided here. */
function evaluate(rule: string, activation: { [name: string]: unknown }): boolean | Failure | undefined {
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
  const made = program;
  const outcome = trackingUndecided(() => made(activation));
  if (outcome.error === undefined) return typeof outcome.value === 'boolean' ? outcome.value : undefined;
  // An error, when an undecided call was met on the way: that call might have decided the rule (`f() || 1/0 == 1`).
  if (outcome.undecided) return undefined;
  const error = celGoErrorText(outcome.error);
  return error === undefined ? undefined : { error };
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
