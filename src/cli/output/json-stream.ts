/**
 * `JSON.stringify(document, null, 2)` of a document one of whose arrays is
 * written element by element: the document is rendered with a placeholder
 * where the array goes, and each element is rendered alone and indented to
 * its depth. The text is the same, byte for byte, as the whole document's
 * (test/cli/streamed-formats.test.ts compares them), while memory holds one
 * element at a time.
 */

/** What stands for the streamed array in the document; a string no report can hold (NUL is escaped in JSON). */
export const STREAMED = '\u0000streamed array\u0000';

/** The document's text before and after its streamed array. */
export interface JsonFrame {
  readonly before: string;
  readonly after: string;
  /** The indentation of the line the array opens on. */
  readonly indent: string;
}

/** Where `STREAMED` sits in `document`'s text: it must occur exactly once. */
export function jsonFrame(document: unknown): JsonFrame {
  const text = JSON.stringify(document, null, 2);
  const slot = JSON.stringify(STREAMED);
  const at = text.indexOf(slot);
  if (at < 0 || text.indexOf(slot, at + 1) >= 0) throw new Error('a streamed JSON document needs exactly one streamed array');
  const before = text.slice(0, at);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { before, after: text.slice(at + slot.length), indent: /^ */.exec(before.slice(lineStart))![0] };
}

/** The elements of one array, each rendered as `JSON.stringify` renders it inside its document. */
export class JsonArray {
  private count = 0;
  private readonly pad: string;

  constructor(private readonly indent: string) {
    this.pad = `${indent}  `;
  }

  public open(): string {
    return '[';
  }

  public element(value: unknown): string {
    // Strings hold no raw line break in JSON: every "\n" in the text is between tokens.
    const text = JSON.stringify(value, null, 2).replace(/\n/g, `\n${this.pad}`);
    return `${this.count++ === 0 ? '' : ','}\n${this.pad}${text}`;
  }

  public close(): string {
    return this.count === 0 ? ']' : `\n${this.indent}]`;
  }
}
