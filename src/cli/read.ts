/**
 * YAML in: expands the command line's FILE|DIR|- operands into texts, guards
 * against input that is too large or not text, and yields every Kubernetes
 * object with the file and line it came from.
 */
import * as fs from 'fs';
import * as path from 'path';
import { FileLocator, PathToken } from './locate';
import { parseFile } from './parse';
import { Manifest } from '../rules/values';

/** How much input the CLI accepts. All bounded, so no input can exhaust memory. */
export interface ReadLimits {
  /**
   * Largest single input (file or stdin), checked before it is read whole.
   * The `yaml` package needs about 40 bytes of AST per byte of text while it
   * parses a document and reads about 1 MiB/s of manifests, so 16 MiB is
   * roughly 0.7 GB and 20 s; Kubernetes itself refuses objects over 1.5 MiB.
   */
  readonly maxInputBytes: number;
  /** Largest sum of all inputs: objects are kept in memory until the cross-object checks have run. */
  readonly maxTotalBytes: number;
  /**
   * Largest single YAML document. The `yaml` package holds a whole document
   * while it composes it, at about 300 bytes of memory per byte of text, so
   * this is what bounds memory. 4 MiB leaves room for a `kubectl get -o yaml`
   * List of a few hundred exports; one Kubernetes object is at most 1.5 MiB.
   */
  readonly maxDocumentBytes: number;
  /** The `yaml` package's `maxAliasCount`: how much aliases may multiply a document (alias bombs). */
  readonly maxAliasCount: number;
  /** Deepest nesting of maps and lists in one object. */
  readonly maxDepth: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_LIMITS: ReadLimits = {
  maxInputBytes: 16 * MiB,
  maxTotalBytes: 128 * MiB,
  maxDocumentBytes: 4 * MiB,
  maxAliasCount: 100,
  maxDepth: 512,
};

/** The display name of standard input. */
export const STDIN_NAME = '<stdin>';

/**
 * A message about the input, printed on stderr as `file:line: severity: message`.
 * From the reader, a problem with the input itself (errors make the exit status
 * 2); the commands use the same shape for what they find in objects.
 */
export interface Diagnostic {
  readonly severity: 'error' | 'warning' | 'note';
  readonly file: string;
  /** 1-based, when known. */
  readonly line?: number;
  readonly message: string;
}

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
}

export interface ReadResult {
  readonly objects: SourceObject[];
  /** In input order. */
  readonly diagnostics: Diagnostic[];
}

/** Reads every operand in order. Never throws for bad input; each problem becomes a diagnostic. */
export async function readInputs(operands: readonly string[], stdin: AsyncIterable<unknown>, limits: ReadLimits): Promise<ReadResult> {
  const objects: SourceObject[] = [];
  const diagnostics: Diagnostic[] = [];
  let budget = limits.maxTotalBytes;
  for (let operandIndex = 0; operandIndex < operands.length; operandIndex++) {
    const operand = operands[operandIndex];
    const sources: Array<{ name: string; stdin?: true }> = operand === '-' ? [{ name: STDIN_NAME, stdin: true }] : listFiles(operand, diagnostics);
    for (const source of sources) {
      const limit = Math.min(limits.maxInputBytes, budget);
      const read = source.stdin ? await readStream(stdin, limit) : readFileBounded(source.name, limit);
      if (read.kind === 'error') {
        diagnostics.push({ severity: 'error', file: source.name, message: read.message });
        continue;
      }
      if (read.kind === 'too-large') {
        diagnostics.push({ severity: 'error', file: source.name, message: tooLargeMessage(read.size, limits, budget) });
        if (limit < limits.maxInputBytes) return { objects, diagnostics }; // the total is spent: stop reading
        continue;
      }
      budget -= read.bytes.length;
      const decoded = decodeText(read.bytes);
      if (typeof decoded !== 'string') {
        diagnostics.push({ severity: 'error', file: source.name, line: decoded.line, message: decoded.message });
        continue;
      }
      const parsed = parseFile(source.name, decoded, limits);
      diagnostics.push(...parsed.diagnostics);
      const locator = new FileLocator(decoded);
      for (const o of parsed.objects) {
        const prefix: PathToken[] = o.item === undefined ? [] : [{ key: 'items', dotted: false }, { index: o.item }];
        objects.push({
          operand: operandIndex,
          file: source.name,
          index: o.index,
          item: o.item,
          line: o.line,
          manifest: o.manifest,
          locate: (fieldPath: string) => locator.lineOf(o.index, prefix, fieldPath, o.line),
        });
      }
    }
  }
  return { objects, diagnostics };
}

function tooLargeMessage(size: number | undefined, limits: ReadLimits, budget: number): string {
  const actual = size === undefined ? 'more than' : `${formatSize(size)}, more than`;
  if (budget < limits.maxInputBytes) {
    return `input too large (${actual} the ${formatSize(limits.maxTotalBytes)} limit on all inputs together); not read, nor anything after it`;
  }
  return `input too large (${actual} the ${formatSize(limits.maxInputBytes)} limit per input); not read`;
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
// Bounded reading

type Read =
  | { kind: 'ok'; bytes: Buffer }
  | { kind: 'too-large'; size?: number }
  | { kind: 'error'; message: string };

const CHUNK = 64 * 1024;

/**
 * Reads at most `limit` bytes. A regular file's size is checked before any
 * reading; the loop bound also covers devices and pipes, which report no size.
 */
function readFileBounded(file: string, limit: number): Read {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (e) {
    return { kind: 'error', message: describeFsError(e) };
  }
  try {
    const stat = fs.fstatSync(fd);
    if (stat.isDirectory()) return { kind: 'error', message: 'is a directory' };
    if (stat.isFile() && stat.size > limit) return { kind: 'too-large', size: stat.size };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(CHUNK);
      const n = fs.readSync(fd, chunk, 0, CHUNK, null);
      if (n === 0) break;
      total += n;
      if (total > limit) return { kind: 'too-large' };
      chunks.push(n === CHUNK ? chunk : chunk.subarray(0, n));
    }
    return { kind: 'ok', bytes: Buffer.concat(chunks, total) };
  } catch (e) {
    return { kind: 'error', message: describeFsError(e) };
  } finally {
    fs.closeSync(fd);
  }
}

/** Reads a stream (stdin) up to `limit` bytes; stops consuming it as soon as the limit is passed. */
async function readStream(stream: AsyncIterable<unknown>, limit: number): Promise<Read> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const bytes = toBuffer(chunk);
      total += bytes.length;
      if (total > limit) return { kind: 'too-large' };
      chunks.push(bytes);
    }
  } catch (e) {
    return { kind: 'error', message: `cannot read: ${e instanceof Error ? e.message : String(e)}` };
  }
  return { kind: 'ok', bytes: Buffer.concat(chunks, total) };
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), 'utf8');
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
