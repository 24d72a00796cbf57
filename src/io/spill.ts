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

/** Written to disk once this many bytes have gathered; a run with less never touches the disk. */
const FLUSH_BYTES = 1024 * 1024;
/** The first buffer of records waiting, doubled as they come (up to twice `FLUSH_BYTES`): a small run takes little. */
const FIRST_BUFFER_BYTES = 16 * 1024;
/** Read back in pieces of this many bytes. */
const READ_BYTES = 1024 * 1024;

/**
 * Records of JSON data, appended, then read back in order. They gather in
 * memory; past `FLUSH_BYTES` they go to a file of the folder, made then.
 * Where no folder can be made, they stay in memory, as the same JSON text.
 *
 * Records waiting are kept as UTF-8 bytes, outside V8's heap: kept as
 * strings, each lived long enough to be moved to the old generation, where
 * it stayed as garbage until the next full collection, so the heap grew with
 * the run (a 44 MB spill passed through it on an 80 MiB `validate`).
 */
export class Spill<T> {
  private fd: number | undefined;
  private file: string | undefined;
  private onDisk = true;
  /** The records not yet written, in `buffer[0, used)`. */
  private buffer: Buffer | undefined;
  private used = 0;
  /** Full buffers kept where no folder can be made. */
  private kept: Buffer[] = [];
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
    const line = JSON.stringify(record) + '\n';
    this.count++;
    // A UTF-8 character takes at most 3 bytes per UTF-16 unit.
    const most = line.length * 3;
    if (most > FLUSH_BYTES) {
      // Longer than the records gathered at once: written on its own.
      this.flush();
      this.append(Buffer.from(line, 'utf8'));
      return;
    }
    this.makeRoom(this.used + most);
    this.used += this.buffer!.write(line, this.used, 'utf8');
    if (this.used >= FLUSH_BYTES) this.flush();
  }

  /**
   * The records, in the order written. Reads the file once; later writes are
   * not seen. Each record is decoded from its own line's bytes, so what the
   * reader holds is one record, not a piece of text.
   */
  public *read(): Generator<T> {
    let carry: Buffer | undefined;
    for (const piece of this.pieces()) {
      let start = 0;
      for (let end = piece.indexOf(0x0a); end >= 0; start = end + 1, end = piece.indexOf(0x0a, start)) {
        const line = carry === undefined ? piece.subarray(start, end) : Buffer.concat([carry, piece.subarray(start, end)]);
        carry = undefined;
        yield JSON.parse(line.toString('utf8'));
      }
      // The start of a line the next piece ends; copied, as the piece is read over.
      if (start < piece.length) carry = Buffer.concat(carry === undefined ? [piece.subarray(start)] : [carry, piece.subarray(start)]);
    }
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
    this.buffer = undefined;
    this.used = 0;
    this.kept = [];
  }

  /** The bytes written, in order: the file's, then those kept in memory. */
  private *pieces(): Generator<Buffer> {
    const [fd, written, kept, used] = [this.fd, this.written, this.kept, this.used];
    const waiting = this.buffer?.subarray(0, used);
    if (fd !== undefined) {
      const buffer = Buffer.allocUnsafe(READ_BYTES);
      for (let position = 0; position < written;) {
        const n = fs.readSync(fd, buffer, 0, Math.min(READ_BYTES, written - position), position);
        if (n === 0) throw new TempFileError(`temporary file ${this.file} ended early`);
        position += n;
        yield buffer.subarray(0, n);
      }
    }
    yield* kept;
    if (waiting !== undefined) yield waiting;
  }

  /** A buffer of at least `size` bytes holding the records waiting: doubled from `FIRST_BUFFER_BYTES` as they come. */
  private makeRoom(size: number): void {
    const current = this.buffer?.length ?? 0;
    if (size <= current) return;
    let grown = Math.max(FIRST_BUFFER_BYTES, current);
    while (grown < size) grown *= 2;
    const buffer = Buffer.allocUnsafe(grown);
    this.buffer?.copy(buffer, 0, 0, this.used);
    this.buffer = buffer;
  }

  /** Writes the records waiting to the file (made now), or keeps them where there is none. */
  private flush(): void {
    if (this.used === 0 || this.buffer === undefined) return;
    const waiting = this.buffer.subarray(0, this.used);
    this.used = 0;
    if (this.append(waiting) === 'kept') this.buffer = undefined;
  }

  /** `bytes` after the records written: into the file, or kept in memory (and then not to be reused). */
  private append(bytes: Buffer): 'written' | 'kept' {
    if (this.fd === undefined && this.onDisk) {
      this.file = this.folder?.file(this.name);
      if (this.file === undefined) this.onDisk = false;
      else this.fd = openOrExplain(this.file);
    }
    if (this.fd === undefined) {
      this.kept.push(bytes);
      return 'kept';
    }
    writeAllOrExplain(this.fd, bytes, this.written, this.file!);
    this.written += bytes.length;
    return 'written';
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
