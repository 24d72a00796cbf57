/**
 * cel-js 8 types `duration + timestamp` as a duration (its overload of
 * `google.protobuf.Duration + google.protobuf.Timestamp` states no result
 * type, and takes the left one's), where cel-go's standard library
 * (common/stdlib/standard.go, overload add_duration_timestamp, cel-go 0.26)
 * gives a timestamp: `self.every + self.at > self.at` was refused, and
 * `self.every + self.at > self.every` accepted. cel-js' overloads cannot be
 * redeclared; `timestamp + duration` it types rightly, and both sums have
 * one meaning. So the compiler writes each sum cel-js typed
 * duration-plus-timestamp the other way round and checks again, until no
 * such sum is left (a sum typed anew can become one: `d + (d + t)`).
 */
import type { CelAstNode } from './cel-js';
import { masked } from './source-text';

interface Spanned {
  readonly op: string;
  readonly args: unknown;
  readonly start?: number;
  readonly end?: number;
  readonly checkedType?: { readonly name: string };
}

/** At most this many rounds: each one rewrites the sums made duration-plus-timestamp by the round before. */
export const MAX_SWAP_ROUNDS = 8;

/** The sums of `node`'s tree cel-js typed as duration plus timestamp, none inside another. */
function mistypedSums(node: unknown, out: Spanned[], depth = 0): void {
  if (depth > 250 || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) mistypedSums(child, out, depth + 1);
    return;
  }
  const n = node as Spanned;
  if (n.op === '+' && Array.isArray(n.args) && n.args.length === 2) {
    const [left, right] = n.args as [Spanned, Spanned];
    if (left.checkedType?.name === 'google.protobuf.Duration' && right.checkedType?.name === 'google.protobuf.Timestamp') {
      out.push(n);
      return;
    }
  }
  mistypedSums(n.args, out, depth + 1);
}

/**
 * The span of a node with the parentheses around its parts that cel-js' span leaves out (a node starts
 * where its leftmost part does: `(d) + t` starts at `d`).
 */
function balanced(text: string, start: number, end: number): [number, number] {
  const m = masked(text);
  let depth = 0;
  let lowest = 0;
  for (let i = start; i < end; i++) {
    if (m[i] === '(') depth++;
    if (m[i] === ')') lowest = Math.min(lowest, --depth);
  }
  let s = start;
  for (let open = -lowest; open > 0; open--) {
    s = m.lastIndexOf('(', s - 1);
    if (s < 0) return [start, end];
  }
  let e = end;
  for (let close = depth - lowest; close > 0; close--) {
    e = m.indexOf(')', e) + 1;
    if (e <= 0) return [start, end];
  }
  return [s, e];
}

export interface Swapped {
  readonly text: string;
  /** Where an offset of the text before the swap is in `text`. */
  readonly forward: (at: number) => number;
}

/** `text`, checked as `ast`, with the operands of each mistyped sum swapped; undefined when there is none. */
export function withMistypedSumsSwapped(text: string, ast: CelAstNode): Swapped | undefined {
  const sums: Spanned[] = [];
  mistypedSums(ast, sums);
  // Each copied piece of the text before: where it starts before and after.
  const pieces: Array<{ from: number; to: number; at: number }> = [];
  let out = '';
  let from = 0;
  const copy = (a: number, b: number): void => {
    pieces.push({ from: a, to: b, at: out.length });
    out += text.slice(a, b);
  };
  for (const sum of sums) {
    const [left, right] = sum.args as [Spanned, Spanned];
    if (left.start === undefined || left.end === undefined || right.start === undefined || right.end === undefined) continue;
    const [ls, le] = balanced(text, left.start, left.end);
    const [rs, re] = balanced(text, right.start, right.end);
    if (ls < from || le > rs) continue;
    copy(from, ls);
    out += '(';
    copy(rs, re);
    out += ')';
    copy(le, rs);
    out += '(';
    copy(ls, le);
    out += ')';
    from = re;
  }
  if (from === 0) return undefined;
  copy(from, text.length);
  const forward = (at: number): number => {
    const piece = pieces.find(p => p.from <= at && at < p.to);
    return piece === undefined ? at : piece.at + (at - piece.from);
  };
  return { text: out, forward };
}
