/**
 * One CEL expression compiled as `compileRule` compiles it
 * (apiextensions-apiserver pkg/apiserver/schema/cel/compilation.go,
 * Kubernetes 1.36): parsed and type-checked against `self`'s declared type
 * with `@marcbachmann/cel-js`, then its output type checked (a rule must be
 * bool, a messageExpression string), and whether it reads `oldSelf`.
 *
 * What cel-js lacks is declared for it: the macros by macros.ts (cel-go's
 * two-variable comprehensions, `optMap`/`optFlatMap`, `sortBy`), optional
 * entries of list and map literals (`[?x]`, `{?k: v}`) by a rewrite
 * (optional-entries.ts); chains of comparisons get the parentheses that
 * group them as cel-go's grammar does (relation-chains.ts), and cel-go's
 * nesting limits are counted apart (recursion-depth.ts). Should cel-js still fail to parse a rewritten
 * expression, it falls back to the syntax-level check of cel.ts, so that it
 * never becomes a false error: such an expression is checked for its syntax
 * and its field names only, and has no type nor estimated cost.
 *
 * Each distinct expression is compiled once per declared type and kind: the
 * results are kept, keyed by content.
 */
import { accumulatorOverwritten } from './accumulator';
import { celGoErrorOffset } from './cel-go-position';
import type { CelAstNode, CelEnvironment, CelParsed } from './cel-js';
import { nestedConditionalError } from './conditional-branches';
import { DeclType, declTypeKey } from './decl-type';
import { dynReceiverMismatch } from './dyn-receiver';
import { environmentFor, fieldsOf } from './environment';
import { heterogeneousLiteral } from './homogeneous';
import { unindexableTarget } from './index-targets';
import { listElementMismatch } from './library';
import { invalidLiteral } from './literals';
import { mapKeyMismatch } from './map-index';
import { OPTIONAL_ENTRY, withOptionalEntriesWrapped } from './optional-entries';
import { undefinedOptionalField } from './optional-select';
import { expressionSizeError } from './parser-limits';
import { recursionLimitError } from './recursion-depth';
import { withRelationsGrouped } from './relation-chains';
import { unselectableTarget } from './select-targets';
import { applyEdits, composed, Edit, masked, Rewritten } from './source-text';
import { withCelGoSpellings } from './spelling';
import { stringFormatError } from './string-format';
import { MAX_SWAP_ROUNDS, withMistypedSumsSwapped } from './swapped-sums';
import { celRuleError } from '../cel';

export type ExpressionKind = 'rule' | 'messageExpression';

export interface Compiled {
  /** Why the API server refuses the expression ("compilation failed: ..."), if it does. */
  readonly error?: string;
  /** The checked AST (with cel-js' `checkedType` on every node), when cel-js compiled it. */
  readonly ast?: CelAstNode;
  /** Whether the expression reads oldSelf: compileRule's UsesOldSelf. */
  readonly usesOldSelf: boolean;
  /** True when cel-js could not parse the syntax and cel.ts' syntax-level check stood in. */
  readonly fallback: boolean;
  /** Where the has() calls rewritten for cel-js start in `ast` (cost.ts counts them as presence tests). */
  readonly presenceTests?: ReadonlySet<number>;
}

const compiled = new Map<string, Compiled>();
const MAX_COMPILED = 5000;

/** Whether the AST reads the variable oldSelf, or calls cel.bind (which Kubernetes does not declare). */
function scan(node: unknown, found: { oldSelf: boolean; bind: boolean }, depth = 0): void {
  if (depth > 200 || node === null || typeof node !== 'object') return;
  const n = node as { op?: string; args?: unknown };
  if (n.op === 'id' && n.args === 'oldSelf') found.oldSelf = true;
  if (n.op === 'rcall' && Array.isArray(n.args) && n.args[0] === 'bind') {
    const target = n.args[1] as { op?: string; args?: unknown };
    if (target?.op === 'id' && target.args === 'cel') found.bind = true;
  }
  const args = n.args;
  if (Array.isArray(args)) for (const a of args) scanValue(a, found, depth + 1);
  else if (args !== null && typeof args === 'object') scan(args, found, depth + 1);
}

function scanValue(value: unknown, found: { oldSelf: boolean; bind: boolean }, depth: number): void {
  if (Array.isArray(value)) for (const v of value) scanValue(v, found, depth + 1);
  else scan(value, found, depth);
}

/** Where in the expression an error points, as a column (1-based) like cel-go's <input>:1:col. */
function positionIn(text: string, start: number | undefined): string {
  if (start === undefined || start < 0) return '';
  const before = text.slice(0, start);
  const line = before.split('\n').length;
  const column = start - before.lastIndexOf('\n');
  return ` (at line ${line}, column ${column})`;
}

interface Ranged {
  readonly op: string;
  readonly args: unknown;
  readonly range?: { readonly start: number; readonly end: number };
}

/**
 * The `has(e.f)` calls of the AST, outermost first. cel-js checks less of
 * them than cel-go: it wants `e` to be a chain of selections from a
 * variable (cel-go takes any expression: `has(self[0].f)`), and it does not
 * check that `f` is a field of `e`'s type (cel-go does).
 */
function hasCallsOnExpressions(node: unknown, out: Ranged[], depth = 0): void {
  if (depth > 200 || node === null || typeof node !== 'object') return;
  const n = node as Ranged;
  if (n.op === 'call' && Array.isArray(n.args) && n.args[0] === 'has' && Array.isArray(n.args[1]) && n.args[1].length === 1) {
    const arg = n.args[1][0] as Ranged;
    if (arg.op === '.' && n.range !== undefined && arg.range !== undefined) {
      out.push(n);
      return;
    }
  }
  const walkValue = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walkValue);
    else hasCallsOnExpressions(v, out, depth + 1);
  };
  walkValue(n.args);
}

/** `text` with its has() calls rewritten for cel-js. */
interface HasRewritten extends Rewritten {
  /** Where the `>=` nodes standing for the has() calls start (cost.ts counts them as presence tests). */
  readonly presenceTests: Set<number>;
  /** For each rewritten `e.f`, keyed by where it starts and ends in `text`, the offset of its has()'s `(` in the text before. */
  readonly presenceTestAt: Map<string, number>;
}

/**
 * `text` with each `has(e.f)` of hasCallsOnExpressions written
 * `([e.f].size() >= 0)`: a bool that type-checks `e.f` as cel-go's has()
 * does, for cel-js to check (the rewritten text is never shown).
 */
function withHasRewritten(text: string, calls: readonly Ranged[]): HasRewritten {
  const presenceTests = new Set<number>();
  const presenceTestAt = new Map<string, number>();
  const edits: Edit[] = [];
  let shift = 0;
  for (const call of [...calls].sort((a, b) => a.range!.start - b.range!.start)) {
    const arg = ((call.args as unknown[])[1] as Ranged[])[0];
    const before = '([';
    const after = '].size() >= 0)';
    const start = call.range!.start + shift;
    // The >= node starts at the `[`, one after the opening parenthesis.
    presenceTests.add(start + 1);
    presenceTestAt.set(`${start + before.length}:${start + before.length + arg.range!.end - arg.range!.start}`, text.indexOf('(', call.range!.start));
    edits.push({ at: call.range!.start, remove: arg.range!.start - call.range!.start, insert: before });
    edits.push({ at: arg.range!.end, remove: call.range!.end - arg.range!.end, insert: after });
    shift += before.length - (arg.range!.start - call.range!.start) + after.length - (call.range!.end - arg.range!.end);
  }
  return { ...applyEdits(text, edits), presenceTests, presenceTestAt };
}

/**
 * cel-js' messages for what cel-go never refuses: overloads that overlap, a predicate of no known type, an operand,
 * index or selection of an empty literal's open element type (`-([][i])`, `[1][[][i]]`, `[].all(x, x.f)`: cel-js
 * leaves the type parameter unbound, or loses it, where cel-go's checker binds it to what the operator wants).
 */
const CEL_JS_OWN_FAILURES = [
  /^Operator overload '[^']*' overlaps with/, /predicate must return bool, got 'undefined'/,
  /^no such overload: .*\bundefined\b/, /^List index must be int, got '[A-Z]'/, /^Cannot index type 'undefined'/,
];

function parseOrUndefined(env: CelEnvironment, text: string): CelParsed | undefined {
  try {
    return env.parse(text);
  } catch {
    return undefined;
  }
}

function firstLine(message: string): string {
  return message.split('\n')[0];
}

/**
 * Compiles `text` as `kind` against `self`, the rule's declared type, with
 * oldSelf optional when `optionalOldSelf`. `schema` and `isRoot` serve the
 * syntax-level fallback.
 */
export function compileExpression(
  text: string, kind: ExpressionKind, self: DeclType, optionalOldSelf: boolean, schema: unknown, isRoot: boolean,
): Compiled {
  const key = `${kind === 'rule' ? 'r' : 'm'}${optionalOldSelf ? 'o' : '-'}${declTypeKey(self)}\u0000${text}`;
  const known = compiled.get(key);
  if (known !== undefined) return known;
  const result = compileUncached(text, kind, self, optionalOldSelf, schema, isRoot);
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  compiled.set(key, result);
  return result;
}

/** The syntax-level check of cel.ts, for what cel-js cannot parse. */
function compileFallback(text: string, kind: ExpressionKind, schema: unknown, isRoot: boolean): Compiled {
  const error = celRuleError(text, schema, isRoot);
  const failed = kind === 'rule' ? 'compilation failed' : 'messageExpression compilation failed';
  return {
    ...(error !== undefined ? { error: `${failed}: ${error}` } : {}),
    usesOldSelf: /\boldSelf\b/.test(masked(text)),
    fallback: true,
  };
}

function compileUncached(source: string, kind: ExpressionKind, self: DeclType, optionalOldSelf: boolean, schema: unknown, isRoot: boolean): Compiled {
  const failed = kind === 'rule' ? 'compilation failed' : 'messageExpression compilation failed';
  if (new RegExp(`\\b${OPTIONAL_ENTRY}\\b`).test(masked(source))) {
    return { error: `${failed}: undeclared reference to '${OPTIONAL_ENTRY}'`, usesOldSelf: false, fallback: false };
  }
  const tooLarge = expressionSizeError(source);
  if (tooLarge !== undefined) return { error: `${failed}: ${tooLarge}`, usesOldSelf: false, fallback: false };
  // cel-go's nesting limits, counted as its grammar nests (cel-js' own count parts from them).
  const tooDeep = recursionLimitError(source);
  if (tooDeep !== undefined) return { error: `${failed}: ${tooDeep}`, usesOldSelf: false, fallback: false };
  const entries = withOptionalEntriesWrapped(source);
  const rewrittenForCelJs = composed(composed(entries, withCelGoSpellings), withRelationsGrouped);
  const text = rewrittenForCelJs.text;
  const position = (_: string, start: number | undefined): string =>
    positionIn(source, start === undefined ? undefined : rewrittenForCelJs.original(start));
  const env = environmentFor(self, optionalOldSelf);
  let parsed: CelParsed;
  try {
    parsed = env.parse(text);
  } catch (e) {
    // The rewrite of optional entries reads brackets, not the grammar: where it made the text unparseable, fall back.
    if (entries.text !== source) return compileFallback(source, kind, schema, isRoot);
    const err = e as Error & { range?: { start: number } };
    return { error: `${failed}: syntax error: ${firstLine(err.message)}${position(text, err.range?.start)}`, usesOldSelf: false, fallback: false };
  }
  // cel-js parses a conditional in the middle of another, which cel-go's grammar refuses.
  const nested = nestedConditionalError(source);
  if (nested !== undefined) return { error: `${failed}: syntax error: ${nested.message}${positionIn(source, nested.start)}`, usesOldSelf: false, fallback: false };
  const hasCalls: Ranged[] = [];
  hasCallsOnExpressions(parsed.ast, hasCalls);
  const rewritten = withHasRewritten(text, hasCalls);
  if (hasCalls.length > 0) {
    try {
      parsed = env.parse(rewritten.text);
    } catch {
      return { ...compileFallback(source, kind, schema, isRoot) };
    }
  }
  const found = { oldSelf: false, bind: false };
  scan(parsed.ast, found);
  if (found.bind) {
    return { error: `${failed}: undeclared reference to 'cel.bind' (Kubernetes does not enable cel-go's bindings library)`, usesOldSelf: found.oldSelf, fallback: false };
  }
  let checked = parsed.check();
  // cel-js' type of `duration + timestamp` (swapped-sums.ts): such sums are written the other way round, then checked again.
  let swappedText = '';
  let swapped = false;
  let presenceTests = rewritten.presenceTests;
  for (let round = 0; round < MAX_SWAP_ROUNDS; round++) {
    const next = withMistypedSumsSwapped(swapped ? swappedText : rewritten.text, parsed.ast);
    const again = next === undefined ? undefined : parseOrUndefined(env, next.text);
    if (next === undefined || again === undefined) break;
    presenceTests = new Set([...presenceTests].map(next.forward));
    swappedText = next.text;
    swapped = true;
    parsed = again;
    checked = parsed.check();
  }
  // Offsets in a swapped text are not those of the rule: its errors have none.
  const at = (start: number | undefined): string => (swapped || start === undefined ? '' : position(text, rewritten.original(start)));
  if (!checked.valid || checked.error !== undefined) {
    const err = checked.error;
    // cel-js' own failures on the open element type of an empty literal (`[].exists(x, x > 1)`, `[].all(x, x)`), where
    // cel-go's type parameter takes any type: never a false error, the syntax-level check stands in.
    if (err !== undefined && CEL_JS_OWN_FAILURES.some(f => f.test(err.message))) return compileFallback(source, kind, schema, isRoot);
    // An unknown field: cel.ts says which fields the schema declares, and how a property is escaped.
    const detail = err?.message.startsWith('No such key:') === true ? celRuleError(source, schema, isRoot)?.replace(/^does not compile: /, '') : undefined;
    // cel-go's position of the error; has()'s presence test is at the has() call's `(` (exprHelper.nextMacroID).
    const node = err?.node as { op?: string; range?: { start: number; end: number } } | undefined;
    const presenceTest = node?.op === '.' && node.range !== undefined ? rewritten.presenceTestAt.get(`${node.range.start}:${node.range.end}`) : undefined;
    const where = presenceTest !== undefined && !swapped ? position(text, presenceTest)
      : at(err === undefined ? undefined : celGoErrorOffset(parsed.ast, err.node, err.message) ?? err.range?.start);
    return { error: `${failed}: ${detail ?? firstLine(err?.message ?? 'type error')}${where}`, usesOldSelf: found.oldSelf, fallback: false };
  }
  const mismatch = accumulatorOverwritten(parsed.ast) ?? heterogeneousLiteral(parsed.ast) ?? listElementMismatch(parsed.ast)
    ?? dynReceiverMismatch(parsed.ast) ?? unindexableTarget(parsed.ast) ?? mapKeyMismatch(parsed.ast)
    ?? unselectableTarget(parsed.ast) ?? undefinedOptionalField(parsed.ast, t => fieldsOf(env, t));
  if (mismatch !== undefined) {
    // A selection in has() is refused at the has() call's `(`, as cel-js' own errors are above.
    const selection = 'node' in mismatch ? mismatch.node as { range?: { start: number; end: number } } : undefined;
    const presenceTest = selection?.range !== undefined ? rewritten.presenceTestAt.get(`${selection.range.start}:${selection.range.end}`) : undefined;
    const where = presenceTest !== undefined && !swapped ? position(text, presenceTest) : at(mismatch.start);
    return { error: `${failed}: ${mismatch.message}${where}`, usesOldSelf: found.oldSelf, fallback: false };
  }
  const formatError = stringFormatError(parsed.ast);
  if (formatError !== undefined) return { error: `${failed}: ${formatError.message}${at(formatError.start)}`, usesOldSelf: found.oldSelf, fallback: false };
  const literal = invalidLiteral(parsed.ast);
  if (literal !== undefined) {
    // compilation.go's two stages, each with its own words for a rule and for a messageExpression.
    const stage = literal.stage === 'compilation' ? failed : kind === 'rule' ? 'program instantiation failed' : 'messageExpression instantiation failed';
    return { error: `${stage}: ${literal.message}${at(literal.start)}`, usesOldSelf: found.oldSelf, fallback: false };
  }
  const want = kind === 'rule' ? 'bool' : 'string';
  if (checked.type !== want) {
    const error = kind === 'rule' ? 'cel expression must evaluate to a bool' : 'messageExpression must evaluate to a string';
    return { error: `${error}, not ${checked.type ?? 'an unknown type'}`, ast: parsed.ast, usesOldSelf: found.oldSelf, fallback: false };
  }
  return { ast: parsed.ast, usesOldSelf: found.oldSelf, fallback: false, presenceTests };
}
