/**
 * A chain of comparisons grouped as cel-go groups it. cel-go's grammar has
 * one precedence for `==`, `!=`, `<`, `<=`, `>`, `>=` and `in`, read from
 * left to right (parser/gen/CEL.g4, cel-go 0.26: `relation: calc | relation
 * op=('<'|'<='|'>='|'>'|'=='|'!='|'in') relation`): `true == 1 < 2` is
 * `(true == 1) < 2`, which no overload takes. cel-js 8 binds `==` and `!=`
 * looser than the others, and reads it `true == (1 < 2)`. The two agree
 * unless an equality comes before another comparison in one chain; such a
 * chain gets the parentheses that make cel-js read it as cel-go does.
 */
import { applyEdits, Edit, Rewritten, unchanged } from './source-text';
import { CelToken, CLOSING_BRACKETS, OPENING_BRACKETS, tokenizeCel } from '../cel';

const EQUALITIES = new Set(['==', '!=']);
const RELATIONS = new Set(['<', '<=', '>', '>=', 'in']);
/** What ends the operands of a chain at its level: an operator looser than a comparison, or a separator. */
const BOUNDARIES = new Set(['&&', '||', '?', ':', ',']);

/** One chain being read: where its first operand starts, and its operators, in order. */
interface Chain {
  start: number | undefined;
  readonly ops: Array<{ readonly text: string; readonly at: number }>;
}

function comparison(token: CelToken): string | undefined {
  if (token.kind === 'op' && (EQUALITIES.has(token.text) || RELATIONS.has(token.text))) return token.text;
  if (token.kind === 'ident' && token.text === 'in') return 'in';
  return undefined;
}

/** The parentheses grouping `chain` from the left, when cel-js would group it otherwise. */
function groupings(chain: Chain): Edit[] {
  const ops = chain.ops;
  const firstEquality = ops.findIndex(op => EQUALITIES.has(op.text));
  if (chain.start === undefined || firstEquality < 0 || !ops.slice(firstEquality + 1).some(op => RELATIONS.has(op.text))) return [];
  // ((a op b) op c) op d: an opening for each operator but the last, a closing before each of them but the first.
  const edits: Edit[] = [{ at: chain.start, remove: 0, insert: '('.repeat(ops.length - 1) }];
  for (const op of ops.slice(1)) edits.push({ at: op.at, remove: 0, insert: ')' });
  return edits;
}

/** `text` with its comparison chains grouped as cel-go groups them; `original` maps an offset back. */
export function withRelationsGrouped(text: string): Rewritten {
  if (!/[=!]=/.test(text)) return unchanged(text);
  const tokens = tokenizeCel(text);
  if (tokens === undefined) return unchanged(text);
  const edits: Edit[] = [];
  const open: Chain[] = [{ start: undefined, ops: [] }];
  const restart = (): void => {
    edits.push(...groupings(open[open.length - 1]));
    open[open.length - 1] = { start: undefined, ops: [] };
  };
  for (const token of tokens) {
    const chain = open[open.length - 1];
    const op = comparison(token);
    if (token.kind === 'end') break;
    if (op !== undefined) {
      chain.ops.push({ text: op, at: token.at });
    } else if (token.kind === 'op' && BOUNDARIES.has(token.text)) {
      restart();
    } else if (token.kind === 'op' && CLOSING_BRACKETS.has(token.text)) {
      restart();
      if (open.length > 1) open.pop();
    } else {
      chain.start ??= token.at;
      if (token.kind === 'op' && OPENING_BRACKETS.has(token.text)) open.push({ start: undefined, ops: [] });
    }
  }
  while (open.length > 0) {
    edits.push(...groupings(open[open.length - 1]));
    open.pop();
  }
  return applyEdits(text, mergedAt(edits));
}

/** Edits at one place merged into one (applyEdits takes one insertion per place). */
function mergedAt(edits: readonly Edit[]): Edit[] {
  const byPlace = new Map<number, string>();
  for (const edit of edits) byPlace.set(edit.at, (byPlace.get(edit.at) ?? '') + edit.insert);
  return [...byPlace].map(([at, insert]) => ({ at, remove: 0, insert }));
}
