/**
 * Cuts a YAML stream into its documents without parsing them, so each can be
 * parsed (and forgotten) on its own: memory follows the largest document, not
 * the input. A line starting with `---` or `...` followed by a space, a tab or
 * the end of the line is always a document marker in YAML (such a line is
 * forbidden inside any scalar, "c-forbidden"), so cutting there is exact.
 */

/** One document's text and where it starts. */
export interface DocumentText {
  /** Index of the document in its stream, from 0 (explicit empty documents count). */
  readonly index: number;
  /** 1-based line of the document's first line in the stream. */
  readonly line: number;
  /** The document's text, its `---` line included; empty when `oversized`. */
  readonly text: string;
  /** Set when the document was longer than the cap; its text was not kept. */
  readonly oversized?: { readonly length: number };
}

const MARKER = /^(?:---|\.\.\.)(?=[ \t\r\n]|$)/gm;
/** Lines that do not make a document by themselves: blank, comments, directives. */
const NOT_CONTENT = /^(?:[ \t]*(?:#.*)?|%.*)$/;

/**
 * A push splitter: feed it text in chunks (`push`), then `end()`. Each call
 * returns the documents completed by it. `maxLength` caps a document's text
 * (in UTF-16 code units); a longer one is reported as oversized, not kept.
 */
export class DocumentSplitter {
  /**
   * The current document's text before `buf`: whole lines already scanned, in the chunks they came in. Kept apart
   * so that a push scans and copies only what is new: one string grown by every chunk of a long document would be
   * copied whole at each push (V8 flattens it for the regex), quadratic in the document's length.
   */
  private scanned: string[] = [];
  private scannedLength = 0;
  /** Text of the current document not yet scanned, from the start of its last incomplete line (only its tail when oversized). */
  private buf = '';
  /** Offset in `buf` from which to look for the next marker (the start of an incomplete line). */
  private scanFrom = 0;
  private line = 1;
  private startLine = 1;
  private index = 0;
  /** Length of the current document's text so far when it overflowed, else -1. */
  private overflow = -1;
  /** Whether the current document starts with its own `---`. */
  private explicit = false;
  /** Offset in `buf` of the current document's own `---`, or -1. */
  private ownMarker = -1;

  constructor(private readonly maxLength: number = Infinity) {}

  public push(chunk: string): DocumentText[] {
    const out: DocumentText[] = [];
    this.buf += chunk;
    this.scan(out, false);
    return out;
  }

  public end(): DocumentText[] {
    const out: DocumentText[] = [];
    this.scan(out, true);
    this.cut(this.buf.length, out, true);
    return out;
  }

  private scan(out: DocumentText[], final: boolean): void {
    MARKER.lastIndex = this.scanFrom;
    for (let m = MARKER.exec(this.buf); m !== null; m = MARKER.exec(this.buf)) {
      const at = m.index;
      if (!final && at + 3 >= this.buf.length) break; // what follows the marker is not known yet
      if (at === this.ownMarker) continue;
      if (m[0] === '---') {
        const marker = this.cut(at, out, false) ? 0 : at;
        this.explicit = true;
        this.ownMarker = marker;
        MARKER.lastIndex = marker + 3;
      } else {
        // `...` ends the document, its line included.
        const eol = this.buf.indexOf('\n', at);
        if (eol < 0 && !final) break;
        const end = eol < 0 ? this.buf.length : eol + 1;
        MARKER.lastIndex = this.cut(end, out, false) ? 0 : end;
      }
    }
    const lastNewline = this.buf.lastIndexOf('\n');
    this.scanFrom = Math.max(this.scanFrom, lastNewline + 1);
    // The document's length so far; an incomplete last line of at most three "-" may still be the next one's `---`.
    const tail = this.buf.length - this.scanFrom;
    const nextMarker = tail > 0 && tail <= 3 && this.buf.startsWith('---'.slice(0, tail), this.scanFrom) ? tail : 0;
    if (this.overflow < 0 && this.scannedLength + this.buf.length - nextMarker > this.maxLength) {
      this.overflow = 0;
    }
    if (this.scanFrom === 0 || final) return;
    const done = this.buf.slice(0, this.scanFrom);
    if (this.overflow >= 0) {
      // Oversized: keep counting lines and length, drop the text up to the incomplete line.
      this.overflow += this.scannedLength + done.length;
      this.line += this.scanned.reduce((n, part) => n + countNewlines(part, 0, part.length), countNewlines(done, 0, done.length));
      this.scanned = [];
      this.scannedLength = 0;
    } else {
      this.scanned.push(done);
      this.scannedLength += done.length;
    }
    this.buf = this.buf.slice(this.scanFrom);
    this.ownMarker = this.ownMarker >= this.scanFrom ? this.ownMarker - this.scanFrom : -1;
    this.scanFrom = 0;
  }

  /** Ends the current document at `end` of `buf` (when it is one) and starts the next there. */
  private cut(end: number, out: DocumentText[], final: boolean): boolean {
    const text = this.scanned.length === 0 ? this.buf.slice(0, end) : this.scanned.join('') + this.buf.slice(0, end);
    const lines = countNewlines(text, 0, text.length);
    // Over the cap whether it came in one push or many: a push of a whole stream checks no document before the last.
    const oversized = this.overflow >= 0 ? this.overflow + text.length : text.length > this.maxLength ? text.length : -1;
    const isDocument = this.explicit || oversized >= 0 || hasContent(text);
    if (isDocument) {
      out.push(oversized >= 0
        ? { index: this.index, line: this.startLine + (this.explicit ? 1 : 0), text: '', oversized: { length: oversized } }
        : { index: this.index, line: this.startLine, text });
      this.index++;
      this.scanned = [];
      this.scannedLength = 0;
      this.buf = this.buf.slice(end);
      this.line += lines;
      this.startLine = this.line;
      this.overflow = -1;
      this.explicit = false;
      this.ownMarker = -1;
      this.scanFrom = 0;
    } else if (final) {
      this.scanned = [];
      this.scannedLength = 0;
      this.buf = '';
    }
    // Not a document (comments, directives): it stays in front of the next one.
    return isDocument;
  }
}

function hasContent(text: string): boolean {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
    if (!NOT_CONTENT.test(line)) return true;
    start = end + 1;
  }
  return false;
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Every document of a whole text. */
export function splitDocuments(text: string, maxLength?: number): DocumentText[] {
  const splitter = new DocumentSplitter(maxLength);
  return [...splitter.push(text), ...splitter.end()];
}
