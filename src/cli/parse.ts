/**
 * Turns the text of one YAML file into plain manifest objects, each with the
 * document it came from and its first line, and explains everything that is
 * not a Kubernetes object: syntax errors, scalars and lists at the top level,
 * alias bombs, recursive aliases, absurd nesting.
 */
import { Document, isScalar, YAMLError } from 'yaml';
import { nodeAt, startOf } from './locate';
import type { Diagnostic } from './read';
import { documentStream } from './yaml-stream';
import { Manifest, own } from '../rules/values';

/** Limits on what one document may expand to. */
export interface ShapeLimits {
  /** Passed to the `yaml` package: caps how much aliases may multiply a document. */
  readonly maxAliasCount: number;
  /** Deepest nesting of maps and lists accepted, counting the object itself as 1. */
  readonly maxDepth: number;
  /** Largest YAML document, in bytes of text; larger ones are refused before parsing. */
  readonly maxDocumentBytes?: number;
}

/** A Kubernetes object found in a file. */
export interface ParsedObject {
  /** Index of the YAML document within the file, counting from 0 (empty documents count too). */
  readonly index: number;
  /** Index within `items` when the document is a List, else undefined. */
  readonly item?: number;
  /** 1-based line of the object's first field. */
  readonly line: number;
  readonly manifest: Manifest;
}

export interface ParsedFile {
  readonly objects: ParsedObject[];
  readonly diagnostics: Diagnostic[];
}

// A document with a syntax error is usually followed by more, each an echo of the first.
const MAX_ERRORS_PER_FILE = 5;

type Report = (line: number | undefined, message: string) => void;

/** Parses one file. Never throws. */
export function parseFile(file: string, text: string, limits: ShapeLimits): ParsedFile {
  const objects: ParsedObject[] = [];
  const diagnostics: Diagnostic[] = [];
  const error: Report = (line, message) => diagnostics.push({ severity: 'error', file, line, message });
  const oversized = oversizedDocument(text, limits.maxDocumentBytes);
  if (oversized !== undefined) {
    error(oversized.line, `document ${oversized.index} is ${formatBytes(oversized.bytes)}, over the ${formatBytes(limits.maxDocumentBytes!)} limit `
      + 'per YAML document; the file is not checked (a Kubernetes object is at most 1.5 MiB: split large Lists, e.g. one kubectl get per namespace)');
    return { objects, diagnostics };
  }
  let syntaxErrors = 0;
  let index = -1;
  let lastLine = 1;
  let stackOverflowSeen = false;
  try {
    for (const { doc, lines } of documentStream(text)) {
      index++;
      const lineAt = (offset: number | undefined): number | undefined => (offset === undefined ? undefined : lines.linePos(offset).line || 1);
      lastLine = lineAt(startOf(doc.contents)) ?? lastLine;
      for (const warning of doc.warnings) {
        diagnostics.push({ severity: 'warning', file, line: lineAt(warning.pos[0]), message: `YAML: ${warning.message}` });
      }
      for (const e of doc.errors) {
        // The parser reports running out of stack once per level it unwinds; once is enough.
        if (isStackOverflow(e.message) && stackOverflowSeen) continue;
        stackOverflowSeen ||= isStackOverflow(e.message);
        if (++syntaxErrors <= MAX_ERRORS_PER_FILE) error(lineAt(e.pos[0]), describeYamlError(e, text));
      }
      // After a syntax error the rest of the file is not trustworthy: the whole file goes unchecked.
      if (syntaxErrors === 0) objects.push(...documentObjects(doc, index, lineAt, error, limits));
    }
  } catch (e) {
    error(lastLine, describeThrown(e, limits));
  }
  if (syntaxErrors > MAX_ERRORS_PER_FILE) {
    error(undefined, `${syntaxErrors - MAX_ERRORS_PER_FILE} more YAML errors not shown`);
  }
  return { objects: syntaxErrors > 0 ? [] : objects, diagnostics };
}

function documentObjects(
  doc: Document.Parsed,
  index: number,
  lineAt: (offset: number | undefined) => number | undefined,
  error: Report,
  limits: ShapeLimits,
): ParsedObject[] {
  const contents = doc.contents;
  if (contents === null || (isScalar(contents) && contents.value === null)) return []; // an empty document, skipped as kubectl does
  const line = lineAt(startOf(contents)) ?? 1;
  const where = `document ${index}`;
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: limits.maxAliasCount });
  } catch (e) {
    error(line, `${where}: ${describeThrown(e, limits)}`);
    return [];
  }
  const shape = shapeProblem(value, limits.maxDepth);
  if (shape !== undefined) {
    error(line, `${where}: ${shape}`);
    return [];
  }
  if (!isPlainObject(value)) {
    error(line, `${where} is ${describeValue(value)}, not a mapping; a Kubernetes object must be a mapping with apiVersion and kind`);
    return [];
  }
  if (!isList(value)) return [{ index, line, manifest: value }];

  const items = own(value, 'items');
  if (items === undefined || items === null) return [];
  if (!Array.isArray(items)) {
    error(line, `${where}: items of a ${own(value, 'kind')} is ${describeValue(items)}, must be a list of objects`);
    return [];
  }
  const out: ParsedObject[] = [];
  items.forEach((item: unknown, i: number) => {
    const itemLine = lineAt(startOf(nodeAt(doc, [{ key: 'items', dotted: false }, { index: i }]))) ?? line;
    if (isPlainObject(item)) {
      out.push({ index, item: i, line: itemLine, manifest: item });
    } else {
      error(itemLine, `${where}: items[${i}] is ${describeValue(item)}, not a mapping`);
    }
  });
  return out;
}

/**
 * `kind: List` (what `kubectl get -o yaml` prints for several objects) or a
 * typed list such as `BoundSchemaList`, recognised by its `items` array.
 */
function isList(obj: Manifest): boolean {
  const kind = own(obj, 'kind');
  if (typeof kind !== 'string') return false;
  return kind === 'List' || (kind.endsWith('List') && Array.isArray(own(obj, 'items')));
}

function isPlainObject(v: unknown): v is Manifest {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
}

function describeValue(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (v instanceof Uint8Array) return 'binary data';
  if (typeof v === 'object') return 'a mapping';
  const text = typeof v === 'string' ? JSON.stringify(v.length > 40 ? v.slice(0, 37) + '...' : v) : String(v);
  return `a ${typeof v} (${text})`;
}

/**
 * Finds a structure Kubernetes could never receive as JSON: a cycle made by
 * an alias inside its own anchor, or nesting deeper than `maxDepth`.
 * Iterative, so the check itself cannot overflow the stack; objects shared
 * through aliases are walked once.
 */
function shapeProblem(root: unknown, maxDepth: number): string | undefined {
  if (typeof root !== 'object' || root === null) return undefined;
  const onPath = new Set<object>();
  const finished = new Set<object>();
  const stack: Array<{ node: object; depth: number; children: unknown[]; next: number }> = [];
  const enter = (node: object, depth: number): string | undefined => {
    if (depth > maxDepth) return `nesting deeper than ${maxDepth} levels; refusing to check it`;
    if (onPath.has(node)) return 'a YAML alias refers to a node that contains it (a recursive structure cannot be sent to Kubernetes)';
    if (finished.has(node)) return undefined;
    onPath.add(node);
    stack.push({ node, depth, children: node instanceof Uint8Array ? [] : Object.values(node), next: 0 });
    return undefined;
  };
  const first = enter(root, 1);
  if (first !== undefined) return first;
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.next < top.children.length) {
      const child = top.children[top.next++];
      if (typeof child === 'object' && child !== null) {
        const problem = enter(child, top.depth + 1);
        if (problem !== undefined) return problem;
      }
    } else {
      stack.pop();
      onPath.delete(top.node);
      finished.add(top.node);
    }
  }
  return undefined;
}

function describeYamlError(e: YAMLError, text: string): string {
  if (isStackOverflow(e.message)) return 'YAML nesting too deep to parse (the parser ran out of stack)';
  if (e.code === 'DUPLICATE_KEY') {
    // The error points at the repeated key; its text runs to the colon.
    const key = /^\s*([^\n:]{1,80}?)\s*:/.exec(text.slice(e.pos[0], e.pos[0] + 200))?.[1];
    const shown = key === undefined ? '' : /^["']/.test(key) ? ` ${key}` : ` ${JSON.stringify(key)}`;
    return `duplicate key${shown} in a mapping; Kubernetes rejects an object that sets a field twice`;
  }
  return `YAML syntax error: ${e.message.split('\n')[0]}`;
}

function describeThrown(e: unknown, limits?: ShapeLimits): string {
  const message = e instanceof Error ? e.message : String(e);
  if (isStackOverflow(message)) return 'YAML nesting too deep to parse (the parser ran out of stack)';
  if (/Excessive alias count/.test(message)) {
    return `YAML aliases expand too much (limit ${limits?.maxAliasCount ?? 'exceeded'}); an alias bomb cannot be checked`;
  }
  return `YAML error: ${message}`;
}

function isStackOverflow(message: string): boolean {
  return /Maximum call stack size exceeded/.test(message);
}

/**
 * The first document of `text` larger than `max` bytes, found without parsing:
 * documents are separated by `---` (or ended by `...`) at the start of a line.
 */
function oversizedDocument(text: string, max: number | undefined): { index: number; line: number; bytes: number } | undefined {
  if (max === undefined || Buffer.byteLength(text, 'utf8') <= max) return undefined;
  const marker = /^(?:---|\.\.\.)(?=[ \t\r\n]|$)/gm;
  let start = 0;
  let index = 0;
  let line = 1;
  const check = (end: number): { index: number; line: number; bytes: number } | undefined => {
    const bytes = Buffer.byteLength(text.slice(start, end), 'utf8');
    // A document that starts at a `---` marker begins on the line after it.
    const firstLine = /^(?:---|\.\.\.)/.test(text.slice(start, start + 3)) ? line + 1 : line;
    return bytes > max ? { index, line: firstLine, bytes } : undefined;
  };
  for (let m = marker.exec(text); m !== null; m = marker.exec(text)) {
    if (m.index > start && text.slice(start, m.index).trim() !== '') {
      const found = check(m.index);
      if (found) return found;
      index++;
    }
    line += countLines(text, start, m.index);
    start = m.index;
  }
  return check(text.length);
}

function countLines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}
