/**
 * YAML in: expands the command line's FILE|DIR|- operands into files, reads
 * each one document at a time (so input size is bounded by time, not by
 * memory), guards against documents that are too large or not text, and
 * yields every Kubernetes object with the file and line it came from.
 */
import * as fs from 'fs';
import * as path from 'path';
import { toBuffer } from './bytes';
import type { Diagnostic } from './diagnostic';
import type { PathToken } from './locate';
import { FileCollector, Manifest, ParsedDocument, parseDocument, ShapeLimits } from './parse';
import type { RepeatedDocuments } from './repeated-documents';
import { DocumentTexts, readRange } from './reread';
import { TempFileError } from './spill';
import { DocumentSplitter, DocumentText } from './split';

export type { Diagnostic } from './diagnostic';

/** How much input the CLI accepts. Inputs are streamed: what is bounded is one document. */
export interface ReadLimits {
  /**
   * Largest single YAML document, in characters. Only one document is parsed
   * at a time, so this is what bounds the parser's memory; one Kubernetes
   * object is at most 1.5 MiB, and 4 MiB leaves room for a `kubectl get -o
   * yaml` List of a few hundred exports.
   */
  readonly maxDocumentBytes: number;
  /** How much aliases may multiply a document (alias bombs): see `ShapeLimits.maxAliasCount`. */
  readonly maxAliasCount: number;
  /** Deepest nesting of maps and lists in one object. */
  readonly maxDepth: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_LIMITS: ReadLimits = {
  maxDocumentBytes: 4 * MiB,
  maxAliasCount: 100,
  maxDepth: 512,
};

/** The display name of standard input. */
export const STDIN_NAME = '<stdin>';

/** A Kubernetes object read from the input. */
export interface SourceObject {
  /** Index of the command-line operand it was read from, from 0. */
  readonly operand: number;
  /** The operand as given, or a path below a given folder, or `<stdin>`. */
  readonly file: string;
  /** Index of the YAML document within the file, from 0; items of a List share their List's index. */
  readonly index: number;
  /** Index within the `items` of a List document, else undefined. */
  readonly item?: number;
  /** 1-based line of the object's first field. */
  readonly line: number;
  readonly manifest: Manifest;
  /** The line of a field path of this object, or of its deepest existing parent. */
  locate(fieldPath: string): number;
  /**
   * Where the object was read, as plain data holding neither the manifest
   * nor (but for text kept from standard input) the document's text: for
   * callers that locate its fields after letting the object go (`locateAt`).
   */
  place(): SourcePlace;
  /**
   * The text of the YAML document the object is the whole of (not an item
   * of a List), while it is at hand (streaming); else undefined. Equal texts
   * parse to equal objects.
   */
  documentText(): string | undefined;
}

/** Where an object was read: what `locateAt` needs to find the line of one of its fields later. */
export interface SourcePlace {
  /** The file as reported. */
  readonly file: string;
  /** 1-based line of the object's document. */
  readonly docLine: number;
  /** Index within the `items` of a List document. */
  readonly item?: number;
  /** 1-based line of the object's first field. */
  readonly objectLine: number;
  /** Where the document's bytes can be read again: a byte range of a file (the input, or a copy of standard input). */
  readonly bytes?: { readonly path: string; readonly start: number; readonly length: number };
  /** The document's text, when it cannot be read again. */
  readonly text?: string;
}

export interface ReadResult {
  readonly objects: SourceObject[];
  /** In input order. */
  readonly diagnostics: Diagnostic[];
}

/**
 * Reads every operand in order, one document at a time. Never throws for bad
 * input; each problem becomes a diagnostic. A file with a YAML syntax error,
 * a duplicate key or an oversized document gives no objects.
 */
export async function readInputs(operands: readonly string[], stdin: AsyncIterable<unknown>, limits: ReadLimits): Promise<ReadResult> {
  const objects: SourceObject[] = [];
  const diagnostics: Diagnostic[] = [];
  for await (const file of readFiles(operands, stdin, limits)) {
    for (const o of file.objects) objects.push(o);
    for (const d of file.diagnostics) diagnostics.push(d);
  }
  return { objects, diagnostics };
}

/** The objects and diagnostics of one input file, in order. */
export interface ReadFile {
  readonly operand: number;
  readonly file: string;
  readonly objects: SourceObject[];
  readonly diagnostics: Diagnostic[];
}

/**
 * Reads the operands file by file: each file's objects come as soon as it is
 * read, so a caller that handles them then (and lets them go) needs memory
 * for one file's objects at a time, and for one document's text.
 */
export async function* readFiles(operands: readonly string[], stdin: AsyncIterable<unknown>, limits: ReadLimits): AsyncGenerator<ReadFile> {
  yield* streamFiles(operands, stdin, limits);
}

/**
 * `readFiles`, where with `onObject` each object goes to it as soon as its
 * document is parsed, and is not kept: memory holds one document at a time,
 * whatever the file's size. A file that turns out broken later (a YAML error
 * in a later document, binary data) yields `broken: true`: the caller drops
 * what it took from that file's objects, so a broken file still gives none.
 * An `onObject` that returns a promise (it writes, and the reader is slow)
 * holds the reading back: the next object comes once it settles.
 */
export async function* streamFiles(
  operands: readonly string[], stdin: AsyncIterable<unknown>, limits: ReadLimits, onObject?: (o: SourceObject) => void | Promise<void>,
  /**
   * A file holding standard input's bytes as they are read (`RecordedInput`):
   * its objects' places then point there instead of holding their text.
   */
  stdinRecording?: string,
): AsyncGenerator<ReadFile & { readonly broken: boolean }> {
  // Streaming, a document that repeats an earlier one but for its namespace is copied, not read again.
  const parser = onObject !== undefined ? streamParser() : parseDocument;
  for (let operandIndex = 0; operandIndex < operands.length; operandIndex++) {
    const operand = operands[operandIndex];
    const listed: Diagnostic[] = [];
    const sources: Array<{ name: string; stdin?: true }> = operand === '-' ? [{ name: STDIN_NAME, stdin: true }] : listFiles(operand, listed);
    if (listed.length > 0) yield { operand: operandIndex, file: operand, objects: [], diagnostics: listed, broken: false };
    for (const source of sources) {
      const chunks = source.stdin ? streamChunks(stdin) : fileChunks(source.name);
      const rereadFrom = source.stdin ? stdinRecording : source.name;
      yield await readOne(operandIndex, source.name, chunks, limits, rereadFrom, parser, onObject);
    }
  }
}

type DocumentParser = (file: string, doc: DocumentText, limits: ShapeLimits) => ParsedDocument;

/**
 * `parseDocument` for a stream of documents: from the second on through
 * `RepeatedDocuments`, whose module loads then (a one-document run, the
 * bench's start-up, does without it and the plain-value reader it uses).
 */
function streamParser(): DocumentParser {
  let documents: RepeatedDocuments | undefined;
  let first = true;
  return (file, doc, limits) => {
    if (first) {
      first = false;
      return parseDocument(file, doc, limits);
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    documents ??= new (require('./repeated-documents') as typeof import('./repeated-documents')).RepeatedDocuments();
    return documents.parse(file, doc, limits);
  };
}

async function readOne(
  operand: number, file: string, chunks: AsyncIterable<Buffer> | Iterable<Buffer>, limits: ReadLimits,
  /** Where the bytes can be read again to locate fields; undefined for standard input not recorded, whose text is then kept. */
  rereadFrom: string | undefined,
  parser: DocumentParser,
  onObject?: (o: SourceObject) => void | Promise<void>,
): Promise<ReadFile & { readonly broken: boolean }> {
  const keepText = rereadFrom === undefined;
  const collector = new FileCollector(file, onObject === undefined);
  const splitter = new DocumentSplitter(limits.maxDocumentBytes);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const objects: SourceObject[] = [];
  let line = 1;
  let offset = 0;
  const handle = async (docs: DocumentText[]): Promise<void> => {
    for (const doc of docs) {
      const parsed = parser(file, doc, limits);
      collector.add(parsed);
      // Locating re-reads the document: from the file when there is one, else from the text kept here.
      const text = keepText ? doc.text : undefined;
      const where = rereadFrom === undefined ? undefined : { path: rereadFrom, start: offset, length: Buffer.byteLength(doc.text, 'utf8') };
      offset += where?.length ?? 0;
      if (onObject === undefined) {
        for (const o of parsed.objects) objects.push(sourceObject(operand, file, doc, o, text, where, undefined));
      } else if (!collector.isBroken) {
        for (const o of parsed.objects) {
          // One object at a time, in order: the next is handed over once this one's promise settles.
          const wait = onObject(sourceObject(operand, file, doc, o, text, where, doc.text));
          if (wait !== undefined) await wait;
        }
      }
    }
  };
  try {
    for await (const bytes of chunks) {
      // The decoder drops a byte-order mark; the documents' byte offsets must not.
      if (line === 1 && offset === 0 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) offset = 3;
      const nul = bytes.indexOf(0);
      if (nul >= 0) {
        collector.fail({ severity: 'error', file, line: line + lineOfByte(bytes, nul) - 1, message: 'binary file: NUL byte found; manifests must be UTF-8 text' });
        return { operand, file, objects: [], diagnostics: collector.finish().diagnostics, broken: true };
      }
      let text: string;
      try {
        text = decoder.decode(bytes, { stream: true });
      } catch {
        collector.fail({ severity: 'error', file, line: line + lineOfByte(bytes, firstInvalidUtf8(bytes)) - 1, message: 'binary file: not valid UTF-8; manifests must be UTF-8 text' });
        return { operand, file, objects: [], diagnostics: collector.finish().diagnostics, broken: true };
      }
      line += countNewlineBytes(bytes);
      await handle(splitter.push(text));
    }
    let last: string;
    try {
      last = decoder.decode();
    } catch {
      collector.fail({ severity: 'error', file, line, message: 'binary file: not valid UTF-8 (truncated character at the end); manifests must be UTF-8 text' });
      return { operand, file, objects: [], diagnostics: collector.finish().diagnostics, broken: true };
    }
    // Outside the decoder's try: what the objects' handler throws is not a broken character.
    await handle(splitter.push(last));
    await handle(splitter.end());
  } catch (e) {
    // Only a failing read is the input's trouble: a failing recording, or what the objects' handler throws
    // (no system error code), is the run's, and `main` reports it as such.
    if (e instanceof TempFileError || typeof (e as NodeJS.ErrnoException | undefined)?.code !== 'string') throw e;
    collector.fail({ severity: 'error', file, message: describeFsError(e) });
  }
  const result = collector.finish();
  // The collector keeps no object of a broken file; `objects` are the same ones, located.
  return { operand, file, objects: result.objects.length === 0 ? [] : objects, diagnostics: result.diagnostics, broken: collector.isBroken };
}

function sourceObject(
  operand: number, file: string, doc: DocumentText,
  o: { index: number; item?: number; readonly line: number; manifest: Manifest },
  text: string | undefined, where: { path: string; start: number; length: number } | undefined,
  /** The document's text, for `locate` only, when the object is handed over and let go at once (streaming). */
  textAtHand: string | undefined,
): SourceObject {
  return new ReadObject(operand, file, doc.line, o, text, where, textAtHand);
}

/** A `SourceObject`: a class, so that an object read costs one allocation, not four closures and their context. */
class ReadObject implements SourceObject {
  public readonly index: number;
  public readonly item?: number;
  public readonly manifest: Manifest;

  constructor(
    public readonly operand: number,
    public readonly file: string,
    private readonly docLine: number,
    private readonly parsed: { index: number; item?: number; readonly line: number; manifest: Manifest },
    private readonly text: string | undefined,
    private readonly where: { path: string; start: number; length: number } | undefined,
    private readonly textAtHand: string | undefined,
  ) {
    this.index = parsed.index;
    this.item = parsed.item;
    this.manifest = parsed.manifest;
  }

  public get line(): number {
    return this.parsed.line;
  }

  public locate(fieldPath: string): number {
    // Streaming, the object is located while its document's text is at hand: no need to read the file again
    // (nor to make a place for it: an invalid object is located once per finding).
    const at = this.textAtHand ?? this.text;
    return at !== undefined
      ? lineIn(at, this.docLine, this.parsed.item, this.parsed.line, fieldPath)
      : locateAt(this.placeOf({ bytes: this.where }), fieldPath);
  }

  public documentText(): string | undefined {
    return this.parsed.item === undefined ? this.textAtHand : undefined;
  }

  public place(): SourcePlace {
    return this.placeOf(this.text !== undefined ? { text: this.text } : { bytes: this.where });
  }

  private placeOf(at: { text?: string; bytes?: ReadObject['where'] }): SourcePlace {
    return {
      file: this.file,
      docLine: this.docLine,
      ...(this.parsed.item !== undefined ? { item: this.parsed.item } : {}),
      objectLine: this.parsed.line,
      ...at,
    };
  }
}

/**
 * The line of a field path of the object read at `place`, or of its deepest
 * existing parent; its document read again through `texts` when given.
 */
export function locateAt(place: SourcePlace, fieldPath: string, texts?: DocumentTexts): number {
  const docText = place.text ?? (place.bytes === undefined ? '' : texts !== undefined ? texts.text(place.bytes) : textOf(place.bytes));
  return lineIn(docText, place.docLine, place.item, place.objectLine, fieldPath);
}

/** `locateAt`, given the document's text. */
function lineIn(docText: string, docLine: number, item: number | undefined, objectLine: number, fieldPath: string): number {
  const prefix: PathToken[] = item === undefined ? [] : [{ key: 'items', dotted: false }, { index: item }];
  return locator().lineOf(docText, docLine, prefix, fieldPath, objectLine);
}

/*
 * The line locator, loaded when a first finding is located (a valid input never needs it) and kept:
 * `require` resolves its path again at every call, which cost a fifth of locating a finding.
 */
let locateModule: typeof import('./locate') | undefined;

function locator(): typeof import('./locate') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return locateModule ??= require('./locate');
}

/**
 * The place read again last, and its text: the findings of one object come
 * together, with the same place (kept by identity, so a file written again
 * later is read again).
 */
let lastRead: { place: SourcePlace['bytes']; text: string } | undefined;

function textOf(bytes: NonNullable<SourcePlace['bytes']>): string {
  if (lastRead?.place !== bytes) lastRead = { place: bytes, text: readRange(bytes.path, bytes.start, bytes.length) };
  return lastRead.text;
}


/** `16 MiB` for whole mebibytes, `1000 bytes` below one. */
export function formatSize(bytes: number): string {
  if (bytes >= MiB) return Number.isInteger(bytes / MiB) ? `${bytes / MiB} MiB` : `${(bytes / MiB).toFixed(1)} MiB`;
  return `${bytes} bytes`;
}

// ---------------------------------------------------------------------------
// Operands to files

const YAML_FILE = /\.ya?ml$/i;

/**
 * An operand's files: itself, or for a folder every `*.yaml`/`*.yml` below
 * it, depth first in code-point order of names (independent of locale and of
 * the file system's listing order). Symbolic links are followed, but a folder
 * is never entered twice, so link loops end.
 */
function listFiles(operand: string, diagnostics: Diagnostic[]): Array<{ name: string }> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(operand);
  } catch (e) {
    diagnostics.push({ severity: 'error', file: operand, message: describeFsError(e) });
    return [];
  }
  if (!stat.isDirectory()) return [{ name: operand }];
  const files: Array<{ name: string }> = [];
  const visited = new Set<string>();
  const walk = (dir: string): void => {
    let entries: string[];
    try {
      const real = fs.realpathSync(dir);
      if (visited.has(real)) return;
      visited.add(real);
      entries = fs.readdirSync(dir).sort(byCodePoint);
    } catch (e) {
      diagnostics.push({ severity: 'error', file: dir, message: describeFsError(e) });
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry);
      let entryStat: fs.Stats;
      try {
        entryStat = fs.statSync(full);
      } catch (e) {
        if (YAML_FILE.test(entry)) diagnostics.push({ severity: 'error', file: full, message: describeFsError(e) });
        continue;
      }
      if (entryStat.isDirectory()) {
        walk(full);
      } else if (YAML_FILE.test(entry)) {
        files.push({ name: full });
      }
    }
  };
  walk(operand);
  if (files.length === 0) {
    diagnostics.push({ severity: 'warning', file: operand, message: 'folder holds no *.yaml or *.yml files' });
  }
  return files;
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT': return 'no such file or directory';
    case 'EACCES':
    case 'EPERM': return 'permission denied';
    case 'ELOOP': return 'too many levels of symbolic links';
    case 'EISDIR': return 'is a directory';
    case 'ENOTDIR': return 'not a directory';
    default: return `cannot read: ${e instanceof Error ? e.message : String(e)}`;
  }
}

// ---------------------------------------------------------------------------
// Reading in chunks

// Small enough that the text in flight (chunk, decoded string, splitter buffer) stays a few MiB.
const CHUNK = 256 * 1024;

/** A file's bytes, chunk by chunk; works for devices and pipes too, which report no size. */
function* fileChunks(file: string): Iterable<Buffer> {
  const fd = fs.openSync(file, 'r');
  try {
    if (fs.fstatSync(fd).isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK);
      const n = fs.readSync(fd, chunk, 0, CHUNK, null);
      if (n === 0) return;
      yield n === CHUNK ? chunk : chunk.subarray(0, n);
    }
  } finally {
    fs.closeSync(fd);
  }
}

async function* streamChunks(stream: AsyncIterable<unknown>): AsyncIterable<Buffer> {
  for await (const chunk of stream) yield toBuffer(chunk);
}

function countNewlineBytes(bytes: Uint8Array): number {
  let n = 0;
  for (let i = bytes.indexOf(0x0a); i >= 0; i = bytes.indexOf(0x0a, i + 1)) n++;
  return n;
}

// ---------------------------------------------------------------------------
// Text or binary

/**
 * The UTF-8 text of `bytes` (a byte-order mark removed), or why it is not
 * text: YAML streams are Unicode text, and Kubernetes manifests UTF-8.
 */
export function decodeText(bytes: Uint8Array): string | { line: number; message: string } {
  const nul = bytes.indexOf(0);
  if (nul >= 0) {
    return { line: lineOfByte(bytes, nul), message: 'binary file: NUL byte found; manifests must be UTF-8 text' };
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const bad = firstInvalidUtf8(bytes);
    return { line: lineOfByte(bytes, bad), message: 'binary file: not valid UTF-8; manifests must be UTF-8 text' };
  }
}

/**
 * Offset of the first byte that does not start valid UTF-8, by bisection:
 * a streaming decoder accepts a prefix unless it holds an invalid sequence
 * (an incomplete last character is held back, not rejected).
 */
function firstInvalidUtf8(bytes: Uint8Array): number {
  const validPrefix = (n: number): boolean => {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, n), { stream: true });
      return true;
    } catch {
      return false;
    }
  };
  let good = 0;
  let bad = bytes.length;
  while (bad - good > 1) {
    const mid = Math.floor((good + bad) / 2);
    if (validPrefix(mid)) good = mid;
    else bad = mid;
  }
  return bad - 1;
}

function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < bytes.length; i++) if (bytes[i] === 0x0a) line++;
  return line;
}
