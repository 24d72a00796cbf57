/**
 * The literal arguments the API server checks when it compiles a rule:
 * - cel-go's AST validators that Kubernetes' base environment adds
 *   (k8s.io/apiserver pkg/cel/environment/base.go, since 1.29;
 *   cel/validator.go, `formatValidator.Validate`): a literal first argument
 *   of `duration` or `timestamp` must convert (ValidateDurationLiterals,
 *   ValidateTimestampLiterals), and one of `matches` must compile as a Go
 *   regular expression (ValidateRegexLiterals: the pattern of `s.matches(p)`,
 *   and, as cel-go reads the first argument of any call, the string of the
 *   global `matches(s, p)`). The error is "invalid <function> argument".
 * - Kubernetes' regex optimization (compilation.go `compileRule`: the
 *   program is built with `cel.OptimizeRegex(library.ExtensionLibRegexOptimizations...)`):
 *   a literal pattern of `matches` (global or method), `find` or `findAll`
 *   is compiled when the program is (cel-go's MatchesRegexOptimization and
 *   Kubernetes' find/findAll optimizations), and one that does not compile
 *   fails as "program instantiation failed".
 * - An int literal out of range (cel-go's parser, VisitInt: strconv.ParseInt
 *   of the literal with its sign, "invalid int literal"; parser_test.go's
 *   `0xFFFFFFFFFFFFFFFFF`): cel-js reads any size of integer. The sign is
 *   the literal's only where CEL.g4's `literal: sign=MINUS? tok=NUM_INT`
 *   takes it: a `-` that opens a unary, with nothing but blanks or comments
 *   (hidden tokens) before the digits. So `-9223372036854775808`,
 *   `- 9223372036854775808` and `1 - -9223372036854775808` fit, while in
 *   `-(9223372036854775808)` the parenthesis, and in `--9223372036854775808`
 *   the other `-` (VisitNegate: `(ops+='-')+ member` takes every `-` of the
 *   run, leaving the digits unsigned), make it a negation of a literal that
 *   does not fit. The error is at the literal's start: its sign when it has
 *   one (reportError(ctx) of the Int context).
 */
import { callOf, firstInAst, MAX_DEPTH } from './ast-walk';
import type { CelAstNode } from './cel-js';
import { isRfc3339 } from '../formats';
import { parseGoDuration } from '../go-duration';
import { re2CompileError } from '../regex';

export interface LiteralError {
  /** At compilation (an AST validator) or at program instantiation (a regex of find or findAll). */
  readonly stage: 'compilation' | 'instantiation';
  readonly message: string;
  readonly start: number | undefined;
}

/** cel-go's minUnixTime and maxUnixTime: year 1 to the end of year 9999. */
const MIN_UNIX = -62135596800;
const MAX_UNIX = 253402300799;

/** The literal `node` holds (a negative number is one literal in cel-go), or undefined. */
function literal(node: CelAstNode | undefined): { value: unknown } | undefined {
  if (node === undefined) return undefined;
  if (node.op === 'value') return { value: node.args };
  if (node.op === '-_') {
    const operand = node.args as CelAstNode;
    if (operand?.op === 'value' && (typeof operand.args === 'bigint' || typeof operand.args === 'number')) return { value: -(operand.args as number) };
  }
  return undefined;
}

/** Seconds since the epoch of an RFC 3339 timestamp Go's time.Parse accepts. */
function unixSeconds(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|([+-])(\d{2}):(\d{2}))$/.exec(text)!;
  const date = new Date(0);
  date.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  date.setUTCHours(Number(m[4]), Number(m[5]), Number(m[6]), 0);
  const offset = m[7] === undefined ? 0 : (m[7] === '-' ? -1 : 1) * (Number(m[8]) * 3600 + Number(m[9]) * 60);
  return Math.floor(date.getTime() / 1000) - offset;
}

/** Whether cel-go's conversion of the literal succeeds (evalCall). */
function converts(fn: 'duration' | 'timestamp', value: unknown): boolean {
  if (fn === 'duration') return typeof value !== 'string' || parseGoDuration(value) !== undefined;
  if (typeof value === 'string') {
    if (!isRfc3339(value)) return false;
    const seconds = unixSeconds(value);
    return seconds >= MIN_UNIX && seconds <= MAX_UNIX;
  }
  if (typeof value === 'bigint' || typeof value === 'number') return Number(value) >= MIN_UNIX && Number(value) <= MAX_UNIX;
  return true;
}

/** The functions whose literal pattern is compiled with the program (RegexOptimization, RegexIndex 1 of target and arguments). */
const OPTIMIZED_REGEX = new Set(['matches', 'find', 'findAll']);

function check(node: CelAstNode): LiteralError | undefined {
  const call = callOf(node);
  if (call === undefined) return undefined;
  const first = literal(call.args[0]);
  const at = (n: CelAstNode | undefined): number | undefined => (n as { start?: number } | undefined)?.start;
  // The AST validators read the first argument, a method's target aside.
  if (first !== undefined && (call.name === 'duration' || call.name === 'timestamp') && !converts(call.name, first.value)) {
    return { stage: 'compilation', message: `invalid ${call.name} argument`, start: at(call.args[0]) };
  }
  if (first !== undefined && call.name === 'matches' && typeof first.value === 'string' && re2CompileError(first.value) !== undefined) {
    return { stage: 'compilation', message: 'invalid matches argument', start: at(call.args[0]) };
  }
  if (OPTIMIZED_REGEX.has(call.name)) {
    const patternNode = node.op === 'rcall' ? call.args[0] : call.args[1];
    const pattern = literal(patternNode);
    const error = pattern !== undefined && typeof pattern.value === 'string' ? re2CompileError(pattern.value) : undefined;
    if (error !== undefined) return { stage: 'instantiation', message: error, start: at(patternNode) };
  }
  return undefined;
}

const MAX_INT64 = 2n ** 63n - 1n;

type Located = CelAstNode & { readonly start: number; readonly input: string };

/** Whether only CEL's blanks and `//` comments (WHITESPACE and COMMENT, both off the parser's channel) lie between `from` and `to`. */
function onlyHidden(text: string, from: number, to: number): boolean {
  return /^(?:[\t\n\f\r ]|\/\/[^\n]*)*$/.test(text.slice(from, to));
}

/** Whether `operand`, the operand of the negation `minus`, follows its `-` with only hidden tokens between. */
function signOf(minus: Located, operand: Located): boolean {
  return onlyHidden(minus.input, minus.start + 1, operand.start);
}

/**
 * The first int literal beyond int64 in `node`'s tree. `afterMinus`: `node` is the operand of a `-`
 * that directly precedes it, which makes a `-` opening `node` one more negation, not a sign.
 */
function outOfRange(node: unknown, afterMinus = false, depth = 0): LiteralError | undefined {
  if (depth > MAX_DEPTH || node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = outOfRange(child, false, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const n = node as Located;
  if (n.op === 'value' && typeof n.args === 'bigint' && n.args > MAX_INT64) {
    return { stage: 'compilation', message: 'syntax error: invalid int literal', start: n.start };
  }
  if (n.op !== '-_') return typeof n.op === 'string' ? outOfRange(n.args, false, depth + 1) : undefined;
  const operand = n.args as Located;
  const adjacent = signOf(n, operand);
  if (!afterMinus && adjacent && operand.op === 'value' && typeof operand.args === 'bigint') {
    // A signed literal: in range down to -2^63, its error at the sign.
    return operand.args > MAX_INT64 + 1n ? { stage: 'compilation', message: 'syntax error: invalid int literal', start: n.start } : undefined;
  }
  return outOfRange(operand, adjacent, depth + 1);
}

/** The first literal argument of `node`'s tree the API server refuses. */
export function invalidLiteral(node: unknown): LiteralError | undefined {
  return outOfRange(node) ?? firstInAst(node, check);
}
