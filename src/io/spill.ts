/**
 * Records kept on disk instead of in memory: written as JSON lines to a file
 * and read back once, in the order written. `validate` keeps each object's
 * findings there while it waits for the rules across objects, so its memory
 * does not grow with the number of objects.
 *
 * A run's files live in one fresh temporary folder (`TempFolder`), removed
 * when the run ends. Where no folder can be made, records stay in memory, as
 * the same JSON text: the run then needs more memory but gives the same
 * report.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { toBuffer } from './read';

/** Written to disk once this much text has gathered. */
const FLUSH_CHARS = 1024 * 1024;
/** Read back in pieces of this many bytes. */
const READ_BYTES = 1024 * 1024;

/** A fresh temporary folder for one run's files; `remove()` deletes it with what it holds. */
export class TempFolder {
  /** A new folder in `parent` (by default the system's temporary folder, TMPDIR), or undefined when none can be made there. */
  public static create(parent: string = os.tmpdir()): TempFolder | undefined {
    try {
      return new TempFolder(fs.mkdtempSync(path.join(parent, 'cdk8s-kube-bind-')));
    } catch {
      return undefined;
    }
  }

  private constructor(public readonly folder: string) {}

  /** The path of a file named `name` in the folder. */
  public file(name: string): string {
    return path.join(this.folder, name);
  }

  public remove(): void {
    fs.rmSync(this.folder, { recursive: true, force: true });
  }
}

/** Records of JSON data, appended, then read back in order. */
export class Spill<T> {
  private readonly fd: number | undefined;
  private readonly inMemory: string[] = [];
  private pending: string[] = [];
  private pendingChars = 0;
  private written = 0;
  private count = 0;

  /** Records go to `file` (created, or emptied); in memory when `file` is undefined. */
  constructor(private readonly file: string | undefined) {
    this.fd = file === undefined ? undefined : openOrExplain(file);
  }

  /** How many records were written. */
  public get length(): number {
    return this.count;
  }

  /** Appends a record. It must be JSON data: what JSON drops (undefined fields, functions) does not come back. */
  public write(record: T): void {
    const line = JSON.stringify(record);
    this.count++;
    if (this.fd === undefined) {
      this.inMemory.push(line);
      return;
    }
    this.pending.push(line, '\n');
    this.pendingChars += line.length + 1;
    if (this.pendingChars >= FLUSH_CHARS) this.flush();
  }

  /** The records, in the order written. Reads the file once; later writes are not seen. */
  public *read(): Generator<T> {
    if (this.fd === undefined) {
      for (const line of this.inMemory) yield JSON.parse(line);
      return;
    }
    this.flush();
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

  /** Closes the file (the folder holding it is removed by its owner). */
  public close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
  }

  private flush(): void {
    if (this.fd === undefined || this.pending.length === 0) return;
    const bytes = Buffer.from(this.pending.join(''), 'utf8');
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

/** A temporary file could not be made or written: trouble of the run, not of its input. */
export class TempFileError extends Error {}

/** Opens `file` for reading and writing, truncated; a failure says which file and why. */
export function openOrExplain(file: string): number {
  try {
    return fs.openSync(file, 'w+');
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
  return e instanceof Error ? e.message : String(e);
}
