/**
 * Documents read again from their files, to locate findings made after the
 * document's text was let go (the rules across objects run once every
 * object is read).
 */
import * as fs from 'fs';

/** Where a document's bytes can be read again: a byte range of a file (see `SourcePlace.bytes`). */
export interface ByteRange {
  readonly path: string;
  readonly start: number;
  readonly length: number;
}

/**
 * The texts of documents read again, each file opened once for all of them:
 * opened and closed per document, a report of a thousand objects with
 * findings across objects spent 13-22 ms in `open` alone. Close it when the
 * report is written.
 */
export class DocumentTexts {
  /** An open file by path, or `null` for one that could not be opened. */
  private readonly files = new Map<string, number | null>();
  /** The range read last, and its text: the findings of one object come together. */
  private last: { range: ByteRange; text: string } | undefined;

  /** The UTF-8 text of `range`; empty if it cannot be read again. */
  public text(range: ByteRange): string {
    const last = this.last;
    if (last !== undefined && sameRange(last.range, range)) return last.text;
    const text = this.read(range);
    this.last = { range, text };
    return text;
  }

  public close(): void {
    for (const fd of this.files.values()) if (fd !== null) fs.closeSync(fd);
    this.files.clear();
    this.last = undefined;
  }

  private read(range: ByteRange): string {
    let fd = this.files.get(range.path);
    if (fd === undefined) {
      try {
        fd = fs.openSync(range.path, 'r');
      } catch {
        fd = null;
      }
      this.files.set(range.path, fd);
    }
    return fd === null ? '' : readAt(fd, range.start, range.length);
  }
}

function sameRange(a: ByteRange, b: ByteRange): boolean {
  return a.path === b.path && a.start === b.start && a.length === b.length;
}

/** The UTF-8 text of bytes [start, start+length) of a file; empty if it cannot be read again. */
export function readRange(file: string, start: number, length: number): string {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      return readAt(fd, start, length);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return '';
  }
}

/** The UTF-8 text of bytes [start, start+length) of an open file; empty if it cannot be read. */
function readAt(fd: number, start: number, length: number): string {
  try {
    const buf = Buffer.alloc(length);
    const n = fs.readSync(fd, buf, 0, length, start);
    return buf.subarray(0, n).toString('utf8');
  } catch {
    return '';
  }
}
