/**
 * The parser limits a rule compiles under. Kubernetes sets none of its own
 * (k8s.io/apiserver pkg/cel/environment/base.go, v0.36.3, passes no
 * cel.ParserExpressionSizeLimit nor cel.ParserRecursionLimit), so cel-go's
 * defaults hold (parser/parser.go NewParser, cel-go 0.26): an expression of
 * at most 100,000 code points, nested at most 250 deep (recursion-depth.ts). cel-js 8 has limits
 * cel-go does not (1,000 list elements, 1,000 map entries, 32 call
 * arguments): a rule within cel-go's limits is not refused for those.
 */

/** parser.go: expressionSizeCodePointLimit's default. */
export const EXPRESSION_SIZE_CODE_POINT_LIMIT = 100_000;

/**
 * parser.go: maxRecursionDepth's default, the limit of both of cel-go's nesting counts (recursion-depth.ts
 * counts them as cel-go does: 249 `+` under a comparison, 250 alone; 249 chained `[0]` under a comparison;
 * 249 nested parentheses; 124 nested parenthesized comparisons).
 */
export const MAX_RECURSION_DEPTH = 250;

/**
 * cel-js' limits for compiling: its depth (nested expressions plus the selections and indexes of each chain)
 * never stops what cel-go's limits let through, which recursion-depth.ts has checked first (each count at
 * most MAX_RECURSION_DEPTH, and the compiler's rewrites nest a few more); the rest bounded only by the size
 * of the expression.
 */
export const CEL_JS_COMPILE_LIMITS = {
  maxDepth: 3 * MAX_RECURSION_DEPTH,
  maxAstNodes: 2 * EXPRESSION_SIZE_CODE_POINT_LIMIT,
  maxListElements: EXPRESSION_SIZE_CODE_POINT_LIMIT,
  maxMapEntries: EXPRESSION_SIZE_CODE_POINT_LIMIT,
  maxCallArguments: EXPRESSION_SIZE_CODE_POINT_LIMIT,
} as const;

/** cel-go's error for an expression over the size limit (Parser.Parse), or undefined. */
export function expressionSizeError(text: string): string | undefined {
  let size = 0;
  for (const _ of text) size++;
  if (size <= EXPRESSION_SIZE_CODE_POINT_LIMIT) return undefined;
  return `expression code point size exceeds limit: size: ${size}, limit ${EXPRESSION_SIZE_CODE_POINT_LIMIT}`;
}
