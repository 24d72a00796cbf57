/**
 * Records of bytes appended to a temporary file and read back in any order,
 * by where they were written: what `Spill` is for records read back in
 * order. Records gather in memory and go to the file a megabyte at a time;
 * where no folder can be made, they stay in memory (the run then needs more
 * memory but gives the same report).
 */
import * as fs from 'fs';
import { openOrExplain, writeAllOrExplain } from './spill';
import { TempFileError, TempFolder } from './temp-folder';

/** Bytes gathered before they are written out together. */
const GATHER_BYTES = 1024 * 1024;

/** Where a record was written: its first byte and its length. */
export interface LogPlace {
  readonly start: number;
  readonly length: number;
}

export class ByteLog {
  private fd: number | undefined;
  private file: string | undefined;
  private onDisk = true;
  private gathered = Buffer.allocUnsafe(GATHER_BYTES);
  private used = 0;
  /** Bytes before `gathered`: on disk, or in `kept`. */
  private written = 0;
  /** Where no folder can be made: the bytes written, a piece each, and where each piece starts. */
  private readonly kept: Buffer[] = [];
  private readonly keptStarts: number[] = [];

  /** Records go to the file `name` of `folder` once there are enough of them; in memory without a folder. */
  constructor(private readonly folder: TempFolder | undefined, private readonly name: string) {}

  /** Appends `text` as UTF-8 and says where it went. */
  public append(text: string): LogPlace {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (this.used + bytes > GATHER_BYTES) this.flush();
    const start = this.written + this.used;
    if (bytes > GATHER_BYTES) this.put(Buffer.from(text, 'utf8'));
    else this.used += this.gathered.write(text, this.used, 'utf8');
    return { start, length: bytes };
  }

  /** The text of the record at `place`. */
  public read(place: LogPlace): string {
    const { start, length } = place;
    if (start >= this.written) return this.gathered.toString('utf8', start - this.written, start - this.written + length);
    if (this.fd !== undefined) {
      const bytes = Buffer.allocUnsafe(length);
      for (let done = 0; done < length;) {
        const n = fs.readSync(this.fd, bytes, done, length - done, start + done);
        if (n === 0) throw new TempFileError(`temporary file ${this.file} ended early`);
        done += n;
      }
      return bytes.toString('utf8');
    }
    // Records never straddle two pieces: the piece is the last that starts at or before the record.
    let low = 0;
    let high = this.keptStarts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (this.keptStarts[middle] <= start) low = middle;
      else high = middle - 1;
    }
    const offset = start - this.keptStarts[low];
    return this.kept[low].toString('utf8', offset, offset + length);
  }

  /** Closes the file (the folder holding it is removed by its owner). */
  public close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }

  /** Writes out the gathered records. */
  private flush(): void {
    if (this.used === 0) return;
    const bytes = this.gathered.subarray(0, this.used);
    this.used = 0;
    // Kept in memory, the gathered bytes are given away: the next records gather in a new buffer.
    if (this.put(bytes) === 'kept') this.gathered = Buffer.allocUnsafe(GATHER_BYTES);
  }

  /** `bytes` after those written: into the file (made the first time), or kept in memory. */
  private put(bytes: Buffer): 'written' | 'kept' {
    if (this.fd === undefined && this.onDisk) {
      this.file = this.folder?.file(this.name);
      if (this.file === undefined) this.onDisk = false;
      else this.fd = openOrExplain(this.file);
    }
    const start = this.written;
    this.written += bytes.length;
    if (this.fd === undefined) {
      this.kept.push(bytes);
      this.keptStarts.push(start);
      return 'kept';
    }
    writeAllOrExplain(this.fd, bytes, start, this.file!);
    return 'written';
  }
}
