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
 *   `0xFFFFFFFFFFFFFFFFF`): cel-js reads any size of integer.
 *   `-9223372036854775808` is one literal in cel-go's grammar, and fits;
 *   cel-js' AST has no parentheses, so `-(9223372036854775808)`, which
 *   cel-go refuses, is taken for it (accepted rather than a false error).
 */
import { callOf, firstInAst } from './ast-walk';
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

/** An int literal beyond int64: cel-js' int literals are bigints (its uints are not). */
function outOfRange(node: CelAstNode): LiteralError | undefined {
  if (node.op !== 'value' || typeof node.args !== 'bigint' || node.args <= MAX_INT64) return undefined;
  return { stage: 'compilation', message: 'syntax error: invalid int literal', start: (node as { start?: number }).start };
}

/** `-9223372036854775808`: the negative literal cel-go reads whole. */
function isMinInt64(node: CelAstNode): boolean {
  const operand = node.op === '-_' ? node.args as CelAstNode : undefined;
  return operand?.op === 'value' && operand.args === MAX_INT64 + 1n;
}

/** The first literal argument of `node`'s tree the API server refuses. */
export function invalidLiteral(node: unknown): LiteralError | undefined {
  return firstInAst(node, outOfRange, isMinInt64) ?? firstInAst(node, check);
}
