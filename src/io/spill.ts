/**
 * Records kept on disk instead of in memory: written as JSON lines to a file
 * and read back once, in the order written. `validate` keeps each object's
 * findings there while it waits for the rules across objects, so its memory
 * does not grow with the number of objects.
 *
 * A run's files live in one fresh temporary folder (`TempFolder`), removed
 * when the run ends, and on interrupt. Where no folder can be made, records stay in memory, as
 * the same JSON text: the run then needs more memory but gives the same
 * report.
 */
import * as fs from 'fs';
import { toBuffer } from './bytes';
import { messageOf, TempFileError, TempFolder } from './temp-folder';

export { TempFileError, TempFolder } from './temp-folder';

/** Written to disk once this much text has gathered; a run with less never touches the disk. */
const FLUSH_CHARS = 1024 * 1024;
/** Read back in pieces of this many bytes. */
const READ_BYTES = 1024 * 1024;

/**
 * Records of JSON data, appended, then read back in order. They gather in
 * memory; past `FLUSH_CHARS` they go to a file of the folder, made then.
 * Where no folder can be made, they stay in memory, as the same JSON text.
 */
export class Spill<T> {
  private fd: number | undefined;
  private file: string | undefined;
  private onDisk = true;
  private pending: string[] = [];
  private pendingChars = 0;
  private written = 0;
  private count = 0;

  /** Records go to the file `name` of `folder`, once there are enough of them; in memory without a folder. */
  constructor(private readonly folder: TempFolder | undefined, private readonly name: string) {}

  /** How many records were written. */
  public get length(): number {
    return this.count;
  }

  /** Appends a record. It must be JSON data: what JSON drops (undefined fields, functions) does not come back. */
  public write(record: T): void {
    const line = JSON.stringify(record);
    this.count++;
    this.pending.push(line);
    this.pendingChars += line.length + 1;
    if (this.pendingChars >= FLUSH_CHARS) this.flush();
  }

  /** The records, in the order written. Reads the file once; later writes are not seen. */
  public *read(): Generator<T> {
    if (this.fd !== undefined) {
      const buffer = Buffer.allocUnsafe(READ_BYTES);
      const decoder = new TextDecoder('utf-8');
      let rest = '';
      for (let position = 0; position < this.written;) {
        const n = fs.readSync(this.fd, buffer, 0, Math.min(READ_BYTES, this.written - position), position);
        if (n === 0) throw new TempFileError(`temporary file ${this.file} ended early`);
        position += n;
        const lines = (rest + decoder.decode(buffer.subarray(0, n), { stream: true })).split('\n');
        rest = lines.pop()!;
        for (const line of lines) yield JSON.parse(line);
      }
    }
    // What never reached the disk (all of it, for a small run or without a folder).
    for (const line of this.pending) yield JSON.parse(line);
  }

  /** Closes the file (the folder holding it is removed by its owner). */
  public close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }

  /** Closes and deletes the file, for a run that uses one spill after another. */
  public dispose(): void {
    this.close();
    if (this.file !== undefined) fs.rmSync(this.file, { force: true });
    this.pending = [];
  }

  private flush(): void {
    if (this.fd === undefined && this.onDisk) {
      this.file = this.folder?.file(this.name);
      if (this.file === undefined) this.onDisk = false;
      else this.fd = openOrExplain(this.file);
    }
    if (this.fd === undefined) return;
    const bytes = Buffer.from(this.pending.join('\n') + '\n', 'utf8');
    this.pending = [];
    this.pendingChars = 0;
    writeAllOrExplain(this.fd, bytes, this.written, this.file!);
    this.written += bytes.length;
  }
}

/**
 * A stream's bytes (standard input) recorded as they are read, to be read
 * again: from a file, which also lets the objects read from it be located
 * later (`SourcePlace.bytes`), or from memory when there is no file.
 */
export class RecordedInput {
  private readonly fd: number | undefined;
  private readonly chunks: Buffer[] = [];
  private size = 0;

  constructor(public readonly file: string | undefined) {
    this.fd = file === undefined ? undefined : openOrExplain(file);
  }

  /** The stream's bytes, recorded as they pass. */
  public async *record(stream: AsyncIterable<unknown>): AsyncIterable<Buffer> {
    for await (const chunk of stream) {
      const bytes = toBuffer(chunk);
      if (this.fd === undefined) this.chunks.push(Buffer.from(bytes));
      else writeAllOrExplain(this.fd, bytes, this.size, this.file!);
      this.size += bytes.length;
      yield bytes;
    }
  }

  /** The recorded bytes, again, in pieces. */
  public async *replay(): AsyncIterable<Buffer> {
    if (this.fd === undefined) {
      yield* this.chunks;
      return;
    }
    for (let position = 0; position < this.size;) {
      const buffer = Buffer.allocUnsafe(Math.min(READ_BYTES, this.size - position));
      const n = fs.readSync(this.fd, buffer, 0, buffer.length, position);
      if (n === 0) throw new TempFileError(`temporary file ${this.file} ended early`);
      position += n;
      yield buffer.subarray(0, n);
    }
  }

  public close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
  }
}

/**
 * Creates `file` and opens it for reading and writing; a failure says which
 * file and why. Readable by its owner only (0600), whatever the umask, and
 * never a file that already exists (nor a link planted in its place).
 */
export function openOrExplain(file: string): number {
  try {
    return fs.openSync(file, 'wx+', 0o600);
  } catch (e) {
    throw new TempFileError(`cannot create the temporary file ${file}: ${reason(e)}`);
  }
}

/** Writes all of `bytes` at `position` of an open file; a failure (a full disk) says which file and why. */
export function writeAllOrExplain(fd: number, bytes: Uint8Array, position: number, file: string): void {
  try {
    for (let done = 0; done < bytes.length;) done += fs.writeSync(fd, bytes, done, bytes.length - done, position + done);
  } catch (e) {
    throw new TempFileError(`cannot write the temporary file ${file}: ${reason(e)}`);
  }
}

function reason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC') return 'no space left on the device (set TMPDIR to a folder with room)';
  return messageOf(e);
}
