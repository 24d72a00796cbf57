/**
 * A conditional whose middle operand is itself an unparenthesized
 * conditional (`a ? b ? c : d : e`). cel-go's grammar takes only a
 * conditionalOr there (parser/gen/CEL.g4, cel-go 0.26: `expr: e=conditionalOr
 * (op='?' e1=conditionalOr ':' e2=expr)?`), so ANTLR stops at the second `?`
 * with "mismatched input '?' expecting ':'"; cel-js 8 parses any expression
 * there and took it. The last operand may be a conditional (`a ? b : c ? d :
 * e`), and parentheses make any operand one.
 */
import { CLOSING_BRACKETS, OPENING_BRACKETS, tokenizeCel } from '../cel';

/** What may stand just before an optional entry's or index's `?` (`[?x]`, `{?k: v}`, `m[?k]`). */
const BEFORE_OPTIONAL_MARK = new Set(['[', '{', ',']);

/** cel-go's syntax error for a conditional in the middle of another, with where its `?` stands, or undefined. */
export function nestedConditionalError(text: string): { message: string; start: number } | undefined {
  if (text.split('?').length < 3) return undefined;
  const tokens = tokenizeCel(text);
  if (tokens === undefined) return undefined;
  // For each open bracket (and the whole text), how many conditionals have read their `?` and await their `:`.
  const awaiting: number[] = [0];
  let previous: string | undefined;
  for (const token of tokens) {
    const op = token.kind === 'op' ? token.text : undefined;
    const depth = awaiting.length - 1;
    if (op !== undefined && OPENING_BRACKETS.has(op)) {
      awaiting.push(0);
    } else if (op !== undefined && CLOSING_BRACKETS.has(op)) {
      if (depth > 0) awaiting.pop();
    } else if (op === '?' && !(previous !== undefined && BEFORE_OPTIONAL_MARK.has(previous))) {
      if (awaiting[depth] > 0) return { message: 'mismatched input \'?\' expecting \':\'', start: token.at };
      awaiting[depth]++;
    } else if (op === ':' && awaiting[depth] > 0) {
      awaiting[depth]--;
    }
    previous = token.kind === 'op' ? token.text : token.kind;
  }
  return undefined;
}
