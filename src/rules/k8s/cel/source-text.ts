/**
 * A rule's text as the compiler's rewrites read and edit it, before cel-js
 * parses it: where its string literals are (so that nothing inside one is
 * taken for syntax), and edits that keep the way back to the offsets of the
 * text as written, for the positions of error messages.
 */

/** A CEL string or bytes literal, raw or not, triple-quoted or not. */
export const STRING_LITERAL = /[rRbB]{0,2}("""[\s\S]*?"""|'''[\s\S]*?'''|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')/g;

/** `text` with each string literal's characters replaced by `_`, its length kept. */
export function masked(text: string): string {
  return text.replace(STRING_LITERAL, literal => '_'.repeat(literal.length));
}

/** A text rewritten for cel-js. */
export interface Rewritten {
  readonly text: string;
  /** The offset in the text as written of an offset in `text`. */
  readonly original: (at: number) => number;
}

export interface Edit {
  /** Where, in the text as written. */
  readonly at: number;
  /** How many characters are removed there. */
  readonly remove: number;
  readonly insert: string;
}

/** `text` left as it is. */
export const unchanged = (text: string): Rewritten => ({ text, original: at => at });

/** `text` with `edits` made (at distinct places, or insertions after a removal at one place). */
export function applyEdits(text: string, edits: readonly Edit[]): Rewritten {
  if (edits.length === 0) return unchanged(text);
  const sorted = [...edits].sort((a, b) => a.at - b.at || b.remove - a.remove);
  let out = '';
  let from = 0;
  // Where each edit ends in the result, and the shift from there on.
  const shifts: Array<{ from: number; shift: number }> = [];
  let shift = 0;
  for (const edit of sorted) {
    out += text.slice(from, edit.at) + edit.insert;
    shift += edit.insert.length - edit.remove;
    shifts.push({ from: out.length, shift });
    from = edit.at + edit.remove;
  }
  out += text.slice(from);
  const original = (at: number): number => {
    let s = 0;
    for (const point of shifts) if (point.from <= at) s = point.shift;
    return Math.max(0, at - s);
  };
  return { text: out, original };
}

/** `second` applied to the result of `first`: offsets map back through both. */
export function composed(first: Rewritten, second: (text: string) => Rewritten): Rewritten {
  const next = second(first.text);
  return { text: next.text, original: at => first.original(next.original(at)) };
}
