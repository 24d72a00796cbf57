/**
 * Output written as it is produced, in chunks, waiting when the reader is
 * slower than the writer: memory then follows one chunk, whatever the size
 * of the whole output. (On Linux, Node writes standard output to files and
 * pipes synchronously; on other systems a pipe buffers, and `drain` says
 * when to go on.)
 */

/** A stream to write to: `process.stdout`, or anything with `write(string)` (tests). */
export interface Writable {
  write(chunk: string): unknown;
  once?(event: 'drain', listener: () => void): unknown;
}

/** Text is passed on once this much has gathered, in one `write`. */
const CHUNK_CHARS = 64 * 1024;

export class ChunkedWriter {
  private pending = '';

  constructor(private readonly out: Writable) {}

  /** Adds `text`; passes the gathered text on when a chunk is full. */
  public async write(text: string): Promise<void> {
    this.pending += text;
    if (this.pending.length >= CHUNK_CHARS) await this.flush();
  }

  /** Passes on whatever has gathered; waits for `drain` when the stream asks to. */
  public async flush(): Promise<void> {
    if (this.pending === '') return;
    const chunk = this.pending;
    this.pending = '';
    if (this.out.write(chunk) === false && typeof this.out.once === 'function') {
      await new Promise<void>(resolve => this.out.once!('drain', resolve));
    }
  }
}
