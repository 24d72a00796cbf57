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
 * The texts of documents read again, a file opened once for all of its
 * documents: opened and closed per document, a report of a thousand objects
 * with findings across objects spent 13-22 ms in `open` alone. One file is
 * open at a time (reports come file by file), so a run over more files than
 * the open-file limit allows never runs out. Close it when the report is
 * written.
 */
export class DocumentTexts {
  /** The file open now, or `null` for one that could not be opened. */
  private file: { readonly path: string; readonly fd: number | null } | undefined;
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
    this.closeFile();
    this.last = undefined;
  }

  private read(range: ByteRange): string {
    if (this.file?.path !== range.path) {
      this.closeFile();
      let fd: number | null;
      try {
        fd = fs.openSync(range.path, 'r');
      } catch {
        fd = null;
      }
      this.file = { path: range.path, fd };
    }
    const fd = this.file.fd;
    return fd === null ? '' : readAt(fd, range.start, range.length);
  }

  private closeFile(): void {
    if (this.file?.fd != null) fs.closeSync(this.file.fd);
    this.file = undefined;
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
