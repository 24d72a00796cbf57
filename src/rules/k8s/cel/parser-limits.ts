/**
 * The parser limits a rule compiles under. Kubernetes sets none of its own
 * (k8s.io/apiserver pkg/cel/environment/base.go, v0.36.3, passes no
 * cel.ParserExpressionSizeLimit nor cel.ParserRecursionLimit), so cel-go's
 * defaults hold (parser/parser.go NewParser, cel-go 0.26): an expression of
 * at most 100,000 code points, nested at most 250 deep. cel-js 8 has limits
 * cel-go does not (1,000 list elements, 1,000 map entries, 32 call
 * arguments): a rule within cel-go's limits is not refused for those.
 */

/** parser.go: expressionSizeCodePointLimit's default. */
export const EXPRESSION_SIZE_CODE_POINT_LIMIT = 100_000;

/**
 * parser.go: maxRecursionDepth's default. cel-js counts its own depth, and stops where cel-go does for
 * nested parentheses, lists, calls and selections (249 deep, with a comparison around them); it stops one
 * index short (248 chained `[0]`, where cel-go takes 249), and does not count a chain of `+` (cel-go
 * refuses 251 of them): both known, neither met in a real rule.
 */
export const MAX_RECURSION_DEPTH = 250;

/** cel-js' limits for compiling: cel-go's depth; the rest bounded only by the size of the expression. */
export const CEL_JS_COMPILE_LIMITS = {
  maxDepth: MAX_RECURSION_DEPTH,
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
