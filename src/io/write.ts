/**
 * Output written as it is produced, in chunks, waiting when the reader is
 * slower than the writer: memory then follows one chunk, whatever the size
 * of the whole output. (On Linux, Node writes standard output to files and
 * pipes synchronously; on other systems a pipe buffers, and `drain` says
 * when to go on.) A reader that goes away (`validate ... | head`) ends the
 * writing, not the run: what is left is dropped, and the run still returns
 * its own exit status.
 *
 * Why not `stream.pipeline(Readable.from(report), process.stdout)`: the
 * report is pushed by the command as each object is checked (text, JSON,
 * SARIF, JUnit and GitHub writers all call `write`), not pulled from one
 * generator, so a pipeline would need a PassThrough in between and still this
 * class's two jobs: gathering the many small writes of a report into 64 KiB
 * chunks (a few large writes instead of one per finding), and a turn of the
 * event loop every 50 ms so an interrupt is handled while output is made
 * (issue 22). A pipeline also rejects with EPIPE and destroys the
 * source when the reader goes away, which is the end of the output but not of
 * the run here. What it would add, waiting for `drain`, is the twenty lines
 * of `flush` below; tests hand it any object with `write`.
 */

type Listener = (...args: unknown[]) => void;

/** A stream to write to: `process.stdout`, or anything with `write(string)` (tests). */
export interface Writable {
  readonly destroyed?: boolean;
  write(chunk: string): unknown;
  once?(event: string, listener: Listener): unknown;
  removeListener?(event: string, listener: Listener): unknown;
}

/** Text is passed on once this much has gathered, in one `write`. */
const CHUNK_CHARS = 64 * 1024;

/** The longest stretch of output made without a turn of the event loop, in milliseconds. */
const TURN_MS = 50;

/** What ends a wait for `drain`: the stream drained, or will never drain again. */
const WAKE_EVENTS = ['drain', 'close', 'error'];

export class ChunkedWriter {
  private pending = '';
  private closed = false;
  private lastTurn = Date.now();

  constructor(private readonly out: Writable) {}

  /** Adds `text`; passes the gathered text on when a chunk is full (drops it once the reader went away). */
  public async write(text: string): Promise<void> {
    this.pending += text;
    if (this.pending.length >= CHUNK_CHARS) {
      await this.flush();
      // Writes to a file or a pipe on Linux complete at once: without a turn of the event loop now and
      // then, the whole output would be made before an interrupt (SIGINT) or a reader going away is seen.
      // One turn every TURN_MS, not every chunk: one a chunk cost migrate 12% more CPU in a 32 MB heap.
      if (Date.now() - this.lastTurn >= TURN_MS) {
        await new Promise(resolve => setImmediate(resolve));
        this.lastTurn = Date.now();
      }
    }
  }

  /** Passes on whatever has gathered; waits while the stream is full, unless it closed. */
  public async flush(): Promise<void> {
    const chunk = this.pending;
    this.pending = '';
    if (chunk === '' || this.closed) return;
    if (gone(this.out)) {
      this.closed = true;
      return;
    }
    if (this.out.write(chunk) !== false || typeof this.out.once !== 'function') return;
    if (gone(this.out)) {
      this.closed = true;
      return;
    }
    const out = this.out;
    const event = await new Promise<string>(resolve => {
      const wakers = WAKE_EVENTS.map(name => {
        const waker = (): void => {
          for (const [other, listener] of wakers) out.removeListener?.(other, listener);
          resolve(name);
        };
        return [name, waker] as const;
      });
      for (const [name, listener] of wakers) out.once!(name, listener);
    });
    if (event !== 'drain' || gone(out)) this.closed = true;
  }
}

/** Whether the stream was closed (its reader went away): read afresh each time, as a write may close it. */
function gone(out: Writable): boolean {
  return out.destroyed === true;
}
