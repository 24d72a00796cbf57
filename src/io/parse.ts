/**
 * Turns the text of one YAML document into plain manifest objects and
 * explains everything that is not a Kubernetes object: syntax errors,
 * duplicate keys, scalars and lists at the top level, alias bombs, recursive
 * aliases, absurd nesting, numbers JSON cannot carry.
 *
 * The fast path: js-yaml with the YAML 1.1 schema of `yaml11.ts`, which keeps
 * no positions. Positions are found later, and only for the objects that need
 * one (`locate.ts`).
 */
import type { Diagnostic } from './diagnostic';
import { goYamlTabProblem } from './go-yaml-tabs';
import { load, LoadOptions, YAMLException } from './js-yaml';
import { DocumentText, splitDocuments } from './split';
import { KUBECTL_YAML_SCHEMA, nonJsonNumber } from './yaml11';

/** A manifest: a plain object read from YAML. */
export type Manifest = { [key: string]: any };

/** Limits on what one document may expand to. */
export interface ShapeLimits {
  /**
   * How much YAML aliases may multiply a document: the document expanded (an
   * alias counted as a copy of its anchor) may have at most this many times
   * the nodes it has written out. Stops alias bombs.
   */
  readonly maxAliasCount: number;
  /** Deepest nesting of maps and lists accepted, counting the object itself as 1. */
  readonly maxDepth: number;
  /** Largest YAML document, in characters of text; larger ones are refused before parsing. */
  readonly maxDocumentBytes?: number;
}

/** A Kubernetes object found in a document. */
export interface ParsedObject {
  /** Index of the YAML document within the file, counting from 0 (empty documents count too). */
  readonly index: number;
  /** Index within `items` when the document is a List, else undefined. */
  readonly item?: number;
  /** 1-based line of the object in the file (of its document when the exact line is not known). */
  readonly line: number;
  readonly manifest: Manifest;
}

/** What one document gave: objects, or diagnostics; `syntax` when the YAML itself is broken. */
export interface ParsedDocument {
  readonly objects: ParsedObject[];
  readonly diagnostics: Diagnostic[];
  /** The document is not valid YAML (or repeats a key): the file it is in is not trustworthy. */
  readonly syntax: boolean;
}

/**
 * What to do about an oversized document. One object is at most 1.5 MiB (etcd's
 * request limit), so it is a List: `kubectl get -o yaml` prints one even for
 * cluster-scoped kinds (CRDs), where one kubectl get per namespace does not help.
 */
const OVERSIZED_HINT = 'one Kubernetes object is at most 1.5 MiB, so this is likely a List, as kubectl get -o yaml prints: '
  + 'raise the limit with --max-document-size, or give one document per object, e.g. kubectl get crds -o yaml | yq \'.items[] | split_doc\'';

/** Parses one document. Never throws. */
export function parseDocument(file: string, doc: DocumentText, limits: ShapeLimits): ParsedDocument {
  const diagnostics: Diagnostic[] = [];
  const error = (line: number | undefined, message: string): void => {
    diagnostics.push({ severity: 'error', file, line, message });
  };
  const where = `document ${doc.index}`;
  if (doc.oversized !== undefined) {
    error(doc.line, `${where} is ${formatLength(doc.oversized.length)}, over the ${formatLength(limits.maxDocumentBytes ?? 0)} limit `
      + `per YAML document; the file is not checked (${OVERSIZED_HINT})`);
    return { objects: [], diagnostics, syntax: true };
  }
  let value: unknown;
  try {
    value = load(doc.text, { schema: KUBECTL_YAML_SCHEMA, filename: file, maxDepth: limits.maxDepth } as LoadOptions);
  } catch (e) {
    if (e instanceof YAMLException) {
      const line = e.mark ? doc.line + e.mark.line : doc.line;
      if (/nesting exceeded maxDepth/.test(e.reason)) {
        // Reported at the object, as the same limit found after parsing is.
        error(doc.line + firstContentLine(doc.text), `${where}: nesting deeper than ${limits.maxDepth} levels; refusing to check it`);
      } else {
        error(line, describeYamlException(e, doc.text));
      }
      return { objects: [], diagnostics, syntax: true };
    }
    error(doc.line, `${where}: ${describeThrown(e)}`);
    return { objects: [], diagnostics, syntax: isStackOverflow(e) };
  }
  // What js-yaml reads as a blank, kubectl's go-yaml v2 may refuse: a tab where a token or an indentation starts.
  const tab = goYamlTabProblem(doc.text);
  if (tab !== undefined) {
    error(doc.line + tab.line, `YAML syntax error: ${tab.message} (a tab at column ${tab.column + 1}: kubectl's YAML reader, go-yaml v2, `
      + 'refuses a tab where a token or an indentation starts; use spaces)');
    return { objects: [], diagnostics, syntax: true };
  }
  if (value === null || value === undefined) return { objects: [], diagnostics, syntax: false }; // empty, skipped as kubectl does
  const line = doc.line + firstContentLine(doc.text);
  // Without an anchor there is no alias (no cycle, no expansion), and js-yaml's maxDepth has bounded
  // the nesting: the walk is needed only for anchors and for .inf/.nan, which JSON cannot carry.
  const shape = ANCHOR_OR_SPECIAL_FLOAT.test(doc.text) ? shapeProblem(value, limits) : undefined;
  if (shape !== undefined) {
    error(line, `${where}: ${shape}`);
    return { objects: [], diagnostics, syntax: false };
  }
  if (!isPlainObject(value)) {
    error(line, `${where} is ${describeValue(value)}, not a mapping; a Kubernetes object must be a mapping with apiVersion and kind`);
    return { objects: [], diagnostics, syntax: false };
  }
  if (!isList(value)) return { objects: [{ index: doc.index, line, manifest: value }], diagnostics, syntax: false };

  const items = own(value, 'items');
  if (items === undefined || items === null) return { objects: [], diagnostics, syntax: false };
  if (!Array.isArray(items)) {
    error(line, `${where}: items of a ${own(value, 'kind')} is ${describeValue(items)}, must be a list of objects`);
    return { objects: [], diagnostics, syntax: false };
  }
  const objects: ParsedObject[] = [];
  // Items' own lines are looked up only when an item is reported (the document read again for positions: `locate.ts`).
  let itemLines: ReadonlyArray<number | undefined> | undefined;
  const itemLine = (i: number): number => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    itemLines ??= (require('./locate') as typeof import('./locate')).itemLines(doc.text);
    const found = itemLines[i];
    return found === undefined ? line : doc.line + found - 1;
  };
  items.forEach((item: unknown, i: number) => {
    if (isPlainObject(item)) {
      objects.push({ index: doc.index, item: i, get line() { return itemLine(i); }, manifest: item });
    } else {
      error(itemLine(i), `${where}: items[${i}] is ${describeValue(item)}, not a mapping`);
    }
  });
  return { objects, diagnostics, syntax: false };
}

/** An anchor (`&name`) or a YAML .inf/.nan, anywhere in the text (false positives only cost a walk). */
const ANCHOR_OR_SPECIAL_FLOAT = /&|\.(?:inf|nan)\b/i;

// A document with a syntax error is usually followed by more, each an echo of the first.
const MAX_ERRORS_PER_FILE = 5;

/** What a whole file gave. */
export interface ParsedFile {
  readonly objects: ParsedObject[];
  readonly diagnostics: Diagnostic[];
}

/**
 * Parses a whole text held in memory (UpdateCheck's files, tests). After a
 * syntax error the file is not trustworthy: none of its objects is kept.
 */
export function parseFile(file: string, text: string, limits: ShapeLimits): ParsedFile {
  const collector = new FileCollector(file);
  for (const doc of splitDocuments(text, limits.maxDocumentBytes)) collector.add(parseDocument(file, doc, limits));
  return collector.finish();
}

/** Gathers the documents of one file: caps the number of errors shown, drops the objects of a broken file. */
export class FileCollector {
  private readonly objects: ParsedObject[] = [];
  private readonly diagnostics: Diagnostic[] = [];
  private errors = 0;
  private broken = false;

  /** `keepObjects` false: the caller takes each document's objects itself (streaming) and asks `isBroken`. */
  constructor(private readonly file: string, private readonly keepObjects = true) {}

  /** Whether the file has a YAML syntax error or is not text: none of its objects count. */
  public get isBroken(): boolean {
    return this.broken;
  }

  public add(parsed: ParsedDocument): void {
    this.broken ||= parsed.syntax;
    if (!this.broken && this.keepObjects) for (const o of parsed.objects) this.objects.push(o);
    for (const d of parsed.diagnostics) {
      if (d.severity === 'error' && ++this.errors > MAX_ERRORS_PER_FILE) continue;
      this.diagnostics.push(d);
    }
  }

  /** Adds a problem of the file itself (binary data, unreadable). */
  public fail(d: Diagnostic): void {
    this.broken = true;
    this.diagnostics.push(d);
  }

  public finish(): ParsedFile {
    if (this.errors > MAX_ERRORS_PER_FILE) {
      this.diagnostics.push({ severity: 'error', file: this.file, message: `${this.errors - MAX_ERRORS_PER_FILE} more YAML errors not shown` });
    }
    return { objects: this.broken ? [] : this.objects, diagnostics: this.diagnostics };
  }
}

/** 0-based line of the first line that is not blank, a comment, a directive or `---`. */
function firstContentLine(text: string): number {
  let line = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const content = text.slice(start, end).replace(/^---(?=[ \t\r]|$)/, '');
    if (!/^[ \t\r]*(?:#.*)?$/.test(content) && !/^%/.test(content)) return line;
    line++;
    start = end + 1;
  }
  return 0;
}

function own(obj: unknown, key: string): any {
  return typeof obj === 'object' && obj !== null && Object.prototype.hasOwnProperty.call(obj, key) ? (obj as any)[key] : undefined;
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
 * an alias inside its own anchor, nesting deeper than `maxDepth`, NaN or an
 * infinity, or aliases that multiply the document more than `maxAliasCount`
 * times (js-yaml shares an anchored node between its aliases; every reader
 * after it, rules included, would walk each copy). Iterative, so the check
 * itself cannot overflow the stack; shared nodes are walked once.
 */
function shapeProblem(root: unknown, limits: ShapeLimits): string | undefined {
  if (typeof root !== 'object' || root === null) return nonJsonNumber(root) ? notJson(root as number) : undefined;
  const onPath = new Set<object>();
  /** Expanded size (nodes, aliases counted as copies) of every finished node. */
  const sizes = new Map<object, number>();
  let written = 0;
  const stack: Array<{ node: object; depth: number; children: unknown[]; next: number; size: number }> = [];
  const enter = (node: object, depth: number): string | undefined => {
    if (depth > limits.maxDepth) return `nesting deeper than ${limits.maxDepth} levels; refusing to check it`;
    if (onPath.has(node)) return 'a YAML alias refers to a node that contains it (a recursive structure cannot be sent to Kubernetes)';
    onPath.add(node);
    written++;
    stack.push({ node, depth, children: Object.values(node), next: 0, size: 1 });
    return undefined;
  };
  const first = enter(root, 1);
  if (first !== undefined) return first;
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.next < top.children.length) {
      const child = top.children[top.next++];
      if (typeof child === 'object' && child !== null) {
        const known = sizes.get(child);
        if (known !== undefined) {
          if (top.depth + 1 > limits.maxDepth) return `nesting deeper than ${limits.maxDepth} levels; refusing to check it`;
          top.size += known;
          continue;
        }
        const problem = enter(child, top.depth + 1);
        if (problem !== undefined) return problem;
      } else {
        top.size++;
        if (nonJsonNumber(child)) return notJson(child as number);
      }
    } else {
      stack.pop();
      onPath.delete(top.node);
      sizes.set(top.node, top.size);
      if (stack.length > 0) stack[stack.length - 1].size += top.size;
      if (top.size > Math.max(written, 1000) * limits.maxAliasCount) {
        return `YAML aliases expand too much (limit ${limits.maxAliasCount}); an alias bomb cannot be checked`;
      }
    }
  }
  return undefined;
}

function notJson(value: number): string {
  return `the number ${String(value)} (YAML .nan or .inf) cannot be sent to Kubernetes: JSON has no such value, and kubectl refuses it; quote it if a string is meant`;
}

function describeYamlException(e: YAMLException, text: string): string {
  if (/duplicated mapping key/.test(e.reason)) {
    const key = e.mark ? /^\s*([^\n:]{1,80}?)\s*:/.exec(text.slice(e.mark.position, e.mark.position + 200))?.[1] : undefined;
    const shown = key === undefined ? '' : /^["']/.test(key) ? ` ${key}` : ` ${JSON.stringify(key)}`;
    return `duplicate key${shown} in a mapping; Kubernetes rejects an object that sets a field twice`;
  }
  return `YAML syntax error: ${e.reason}${e.mark ? ` (column ${e.mark.column + 1})` : ''}`;
}

function describeThrown(e: unknown): string {
  if (isStackOverflow(e)) return 'YAML nesting too deep to parse (the parser ran out of stack)';
  return `YAML error: ${e instanceof Error ? e.message : String(e)}`;
}

function isStackOverflow(e: unknown): boolean {
  return e instanceof RangeError || /Maximum call stack size exceeded/.test(String(e));
}

/** `1.0 MiB`, or `KiB` below one MiB: the size of a text in characters. */
function formatLength(n: number): string {
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MiB` : `${Math.ceil(n / 1024)} KiB`;
}
