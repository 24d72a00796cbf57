/**
 * The facts of every object of a `validate` run (`crossObjectFacts`), kept
 * until the rules across objects run, as packed bytes outside the V8 heap.
 *
 * Why bytes: a run may hold a namespace per object (`kubectl get -A` of a
 * provider cluster), so what is kept grows with the input, and V8 lets its
 * heap grow to a multiple of what is live on it: kept as strings and lists
 * on the heap (about 100 bytes an object), the facts raised the peak of an
 * 80 MiB run by several times their size. In a byte store they weigh what
 * they hold, once.
 *
 * An object's record holds its name and namespace as text, and its
 * apiVersion, kind and the rest of its facts as numbers of values kept once
 * on the heap (`DetachedCopier.shared`: objects that differ only in their
 * metadata share their spec). Facts of another form (labels in the
 * metadata) are kept whole, as one value of their own.
 */
import { crossObjectFacts, DetachedCopier } from './cross-facts';
import { Manifest } from '../model/manifest';
import type { RepeatTable } from '../model/repeat-table';

/** A record's first byte: facts packed as below, or kept whole as one value. */
const PACKED = 0;
const WHOLE = 1;
/** Stands for an absent field where a value's number would be. */
const NONE = 0xffffffff;
/** How a name or namespace is kept, in the byte before it. */
const Kept = { ABSENT: 0, LATIN1: 1, UTF16: 2, VALUE: 3 } as const;
/** What reading a record gives for an absent field. */
const ABSENT: unique symbol = Symbol('absent');

/** Bytes of one chunk of the store: records never straddle two, so a position is a chunk and an offset. */
const CHUNK = 256 * 1024;
/**
 * Longer names are kept as values (on the heap), one for every record that
 * holds the same string: a name the server takes is at most 253 characters
 * (a DNS subdomain), while YAML aliases can hand one long name to thousands
 * of objects. A record then always fits in a chunk.
 */
const LONGEST_TEXT = 256;
/** The most a record takes: its form, three numbers, the metadata's byte, and two texts of `LONGEST_TEXT` UTF-16 units with their bytes and lengths. */
const LONGEST_RECORD = 1 + 3 * 4 + 1 + 2 * (1 + 4 + 2 * LONGEST_TEXT);
/** Names and namespaces decoded once while they recur, up to this many at a time (see `take`). */
const RECENT_NAMES = 4096;
/** The specs `KeptFacts.addRead` remembers, at most this much of their keys' text (the oldest go first): memory stays flat. */
const MAX_SPEC_KEY_CHARS = 512 * 1024;
/** Characters beyond Latin-1: such a text is kept as UTF-16, two bytes a character; the others one byte a character. */
const WIDE = /[^\u0000-\u00ff]/;

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function has(obj: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** Whether `facts` are kept packed: a map whose metadata holds no more than a name and a namespace. */
function isPacked(facts: Manifest): boolean {
  const metadata = isMap(facts) ? facts.metadata : undefined;
  return isMap(facts) && (metadata === undefined || (isMap(metadata) && Object.keys(metadata).every(k => k === 'name' || k === 'namespace')));
}

export class KeptFacts {
  private readonly copier = new DetachedCopier();
  /** The values records refer to by number (apiVersions, kinds, shared rests, facts kept whole, odd names). */
  private values: unknown[] = [];
  /** The number of each value kept, by identity: the copier gives equal strings and rests as one value. */
  private numbers = new Map<unknown, number>();
  private chunks: Buffer[] = [];
  /** Where the next record goes in the last chunk. */
  private offset = CHUNK;
  /** Where each record starts: its chunk × CHUNK + its offset (a double: past 4 GiB a 32-bit start would wrap). */
  private starts = new Float64Array(1024);
  private count = 0;
  /** The shared facts of specs already read (`addRead`), by kind and the spec's JSON text; bounded by `MAX_SPEC_KEY_CHARS`. */
  /** Made with the first key (a `validate` run's second object: a run of one reads no module for it). */
  private restBySpec: RepeatTable<unknown> | undefined;

  /** How many objects are kept. */
  public get length(): number {
    return this.count;
  }

  /** Keeps `facts`, copied so as to share no string with the parsed input. */
  public add(facts: Manifest): void {
    this.keep(facts);
  }

  /**
   * Keeps `crossObjectFacts(manifest)`, as `add` does, reading the facts of
   * its spec once per distinct `key`: text equal for two objects only when
   * their kind and spec are equal (`specKey`, or a finer key the caller has
   * read anyway), undefined for none. An object repeated in every namespace
   * (`kubectl get -A` of a provider cluster) has the same spec, and the JSON
   * text of the spec is read several times faster than its facts are picked,
   * its schemas' shapes written and the result keyed for sharing.
   */
  public addRead(manifest: Manifest, key: string | undefined): void {
    const known = key === undefined ? undefined : this.specTable().get(key);
    if (known !== undefined) {
      const { spec: _spec, ...withoutSpec } = manifest;
      const identity = crossObjectFacts(withoutSpec);
      if (isPacked(identity) && Object.keys(identity).every(k => k === 'apiVersion' || k === 'kind' || k === 'metadata')) {
        this.keepPacked(identity, known);
        return;
      }
    }
    const rest = this.keep(crossObjectFacts(manifest));
    // Only a rest that is the spec's facts alone is remembered: what a later object with this spec would keep.
    if (key !== undefined && isMap(rest) && Object.keys(rest).length === 1 && has(rest, 'spec')) {
      this.specTable().set(key, rest);
    }
  }

  /** Keeps `facts` (see `add`); the shared copy of the facts other than its identity when they are packed. */
  private keep(facts: Manifest): unknown {
    if (!isPacked(facts)) {
      this.startRecord();
      this.writeUint8(WHOLE);
      this.writeUint32(this.newValue(this.copier.copyFacts(facts)));
      return undefined;
    }
    const rest: Record<string, unknown> = {};
    let hasRest = false;
    for (const key of Object.keys(facts)) {
      if (key === 'apiVersion' || key === 'kind' || key === 'metadata') continue;
      rest[key] = facts[key];
      hasRest = true;
    }
    const shared = hasRest ? this.copier.shared(rest) : undefined;
    this.keepPacked(facts, shared);
    return shared;
  }

  /** Keeps the identity of packed `facts` and `rest`, the shared copy of the rest of them (undefined for none). */
  private keepPacked(facts: Manifest, rest: unknown): void {
    const metadata = facts.metadata;
    this.startRecord();
    this.writeUint8(PACKED);
    this.writeUint32(has(facts, 'apiVersion') ? this.valueNumber(this.copier.copy(facts.apiVersion)) : NONE);
    this.writeUint32(has(facts, 'kind') ? this.valueNumber(this.copier.copy(facts.kind)) : NONE);
    this.writeUint32(rest !== undefined ? this.valueNumber(rest) : NONE);
    this.writeUint8(metadata !== undefined ? 1 : 0);
    if (isMap(metadata)) {
      this.writeName(metadata, 'name');
      this.writeName(metadata, 'namespace');
    }
  }

  /** Forgets the objects after the first `length` (those of a file found broken). */
  public truncate(length: number): void {
    if (length >= this.count) return;
    const start = this.starts[length];
    this.count = length;
    this.chunks.length = Math.floor(start / CHUNK) + 1;
    this.offset = start % CHUNK;
  }

  /** The facts of every object kept, in order, as `crossObjectFacts` made them; the store is left empty. */
  public take(): Manifest[] {
    const out: Manifest[] = new Array(this.count);
    const { values, chunks, starts, count } = this;
    this.clear();
    // Names recur (the same BoundSchema in every namespace) and objects of one namespace come together:
    // each decoded name is shared while it recurs, and the table of them stays small.
    const recent = new Map<string, string>();
    const shared = (text: string): string => {
      const seen = recent.get(text);
      if (seen !== undefined) return seen;
      if (recent.size >= RECENT_NAMES) recent.clear();
      recent.set(text, text);
      return text;
    };
    for (let i = 0; i < count; i++) {
      const chunk = chunks[Math.floor(starts[i] / CHUNK)];
      let at = starts[i] % CHUNK;
      const form = chunk.readUInt8(at++);
      const number = (): unknown => {
        const n = chunk.readUInt32LE(at);
        at += 4;
        return n === NONE ? ABSENT : values[n];
      };
      const name = (): unknown => {
        const kept = chunk.readUInt8(at++);
        if (kept === Kept.ABSENT) return ABSENT;
        if (kept === Kept.VALUE) return number();
        const bytes = chunk.readUInt32LE(at);
        const decoded = chunk.toString(kept === Kept.UTF16 ? 'utf16le' : 'latin1', at + 4, at + 4 + bytes);
        at += 4 + bytes;
        return shared(decoded);
      };
      if (form === WHOLE) {
        out[i] = number() as Manifest;
        continue;
      }
      const facts: Record<string, unknown> = {};
      const apiVersion = number();
      if (apiVersion !== ABSENT) facts.apiVersion = apiVersion;
      const kind = number();
      if (kind !== ABSENT) facts.kind = kind;
      const rest = number();
      if (chunk.readUInt8(at++) === 1) {
        const metadataName = name();
        const namespace = name();
        // Made whole at once, each metadata takes the room of its fields only (made field by field, twice that).
        if (metadataName === ABSENT) facts.metadata = namespace === ABSENT ? {} : { namespace };
        else facts.metadata = namespace === ABSENT ? { name: metadataName } : { name: metadataName, namespace };
      }
      if (rest !== ABSENT) Object.assign(facts, rest);
      out[i] = facts;
    }
    return out;
  }

  private specTable(): RepeatTable<unknown> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return this.restBySpec ??= new (require('../model/repeat-table') as typeof import('../model/repeat-table')).RepeatTable(MAX_SPEC_KEY_CHARS);
  }

  private clear(): void {
    this.restBySpec = undefined;
    this.values = [];
    this.numbers = new Map();
    this.chunks = [];
    this.offset = CHUNK;
    this.starts = new Float64Array(1024);
    this.count = 0;
  }

  /** Makes room for a record of at most `LONGEST_RECORD` bytes and notes where it starts. */
  private startRecord(): void {
    if (this.offset + LONGEST_RECORD > CHUNK) {
      this.chunks.push(Buffer.allocUnsafeSlow(CHUNK));
      this.offset = 0;
    }
    if (this.count === this.starts.length) {
      const grown = new Float64Array(this.starts.length * 2);
      grown.set(this.starts);
      this.starts = grown;
    }
    this.starts[this.count++] = (this.chunks.length - 1) * CHUNK + this.offset;
  }

  private writeUint8(value: number): void {
    this.offset = this.chunks[this.chunks.length - 1].writeUInt8(value, this.offset);
  }

  private writeUint32(value: number): void {
    this.offset = this.chunks[this.chunks.length - 1].writeUInt32LE(value, this.offset);
  }

  /**
   * `metadata[key]`: absent, a short string as its bytes (one a character
   * within Latin-1, else UTF-16, which holds any string, a lone surrogate
   * too) after their count, or anything else as a value.
   */
  private writeName(metadata: Record<string, unknown>, key: string): void {
    if (!has(metadata, key)) {
      this.writeUint8(Kept.ABSENT);
      return;
    }
    const value = metadata[key];
    if (typeof value !== 'string' || value.length > LONGEST_TEXT) {
      this.writeUint8(Kept.VALUE);
      // The copier gives equal strings as one, so a long name repeated is one value; anything else is a value of its own.
      this.writeUint32(typeof value === 'string' ? this.valueNumber(this.copier.copy(value)) : this.newValue(this.copier.copy(value)));
      return;
    }
    const wide = WIDE.test(value);
    this.writeUint8(wide ? Kept.UTF16 : Kept.LATIN1);
    const chunk = this.chunks[this.chunks.length - 1];
    const bytes = chunk.write(value, this.offset + 4, wide ? 'utf16le' : 'latin1');
    chunk.writeUInt32LE(bytes, this.offset);
    this.offset += 4 + bytes;
  }

  /** The number of `value`, kept once for every record that holds it. */
  private valueNumber(value: unknown): number {
    let n = this.numbers.get(value);
    if (n === undefined) {
      n = this.newValue(value);
      // Only values the copier gives as one for equal inputs are found again: strings and shared rests.
      if (typeof value === 'string' || (typeof value === 'object' && value !== null)) this.numbers.set(value, n);
    }
    return n;
  }

  /** A number for `value`, of its own. */
  private newValue(value: unknown): number {
    this.values.push(value);
    return this.values.length - 1;
  }
}
