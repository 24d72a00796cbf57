/**
 * Maps a violation's field path (`spec.versions[1].storage`) back to a line
 * of the YAML text it came from, through the `yaml` package's document AST.
 */
import { Document, isAlias, isMap, isScalar, isSeq, LineCounter, Node } from 'yaml';
import { documentStream, StreamedDocument } from './yaml-stream';

/** One step of a field path: a map key or a sequence index. */
export type PathToken =
  | { readonly key: string; readonly dotted: boolean }
  | { readonly index: number };

/**
 * Splits a path in kubectl's notation into steps. `a.b[2].c` gives
 * key a, key b, index 2, key c. `[text]` and `["text"]` give a key holding
 * dots or slashes verbatim. Keys after a `.` are marked `dotted`, because a
 * rule may also have written a dotted map key (an annotation name such as
 * `kube-bind.io/x`) without brackets; the resolver then tries joining them.
 */
export function tokenizePath(path: string): PathToken[] {
  const tokens: PathToken[] = [];
  let i = 0;
  let dotted = false;
  while (i < path.length) {
    const c = path[i];
    if (c === '.') {
      dotted = tokens.length > 0;
      i++;
    } else if (c === '[') {
      const close = path.indexOf(']', i + 1);
      const inner = close < 0 ? path.slice(i + 1) : path.slice(i + 1, close);
      i = close < 0 ? path.length : close + 1;
      if (/^[0-9]+$/.test(inner)) {
        tokens.push({ index: Number(inner) });
      } else {
        tokens.push({ key: unquote(inner), dotted: false });
      }
      dotted = false;
    } else {
      let end = i;
      while (end < path.length && path[end] !== '.' && path[end] !== '[') end++;
      tokens.push({ key: path.slice(i, end), dotted });
      dotted = false;
      i = end;
    }
  }
  return tokens;
}

function unquote(text: string): string {
  const quoted = /^"(.*)"$/.exec(text) ?? /^'(.*)'$/.exec(text);
  return quoted ? quoted[1] : text;
}

/** How far a path could be followed in a document, and where it stopped. */
interface Resolution {
  /** Number of tokens matched. */
  readonly depth: number;
  /** Source offset of the deepest matched field (its key, for map entries). */
  readonly offset: number;
}

// Paths come from rules and are short; this bounds backtracking over dotted keys anyway.
const MAX_RESOLVE_STEPS = 10_000;

/**
 * Follows `tokens` from `node`, returning the deepest match. A map entry is
 * located at its key (that is where an editor should jump), an item at its
 * first character. Aliases are followed to their anchors.
 */
export function resolvePath(doc: Document, node: unknown, tokens: readonly PathToken[], startOffset: number): Resolution {
  let steps = 0;
  const walk = (current: unknown, i: number, here: number): Resolution => {
    let best: Resolution = { depth: i, offset: here };
    if (i >= tokens.length || ++steps > MAX_RESOLVE_STEPS) return best;
    const target = deref(doc, current);
    const token = tokens[i];
    if ('index' in token) {
      if (isSeq(target) && token.index < target.items.length) {
        const child = target.items[token.index];
        return walk(child, i + 1, startOf(child) ?? here);
      }
      return best;
    }
    if (!isMap(target)) return best;
    // Longest key first: `a.b.c` may be the single key "a.b.c" of an annotations map.
    let last = i;
    while (last + 1 < tokens.length && isDottedKey(tokens[last + 1])) last++;
    for (let j = last; j >= i; j--) {
      const key = tokens.slice(i, j + 1).map(t => ('key' in t ? t.key : '')).join('.');
      const pair = target.items.find(p => isScalar(p.key) && String(p.key.value) === key);
      if (pair === undefined) continue;
      const found = walk(pair.value, j + 1, startOf(pair.key) ?? here);
      if (found.depth === tokens.length) return found;
      if (found.depth > best.depth) best = found;
    }
    return best;
  };
  return walk(node, 0, startOffset);
}

function isDottedKey(token: PathToken): boolean {
  return 'key' in token && token.dotted;
}

function deref(doc: Document, node: unknown): unknown {
  // Alias.resolve walks the whole document; fine for the handful of steps of one path.
  return isAlias(node) ? node.resolve(doc) : node;
}

/** First source offset of a node, if it came from source text. */
export function startOf(node: unknown): number | undefined {
  const range = (node as Node | null | undefined)?.range;
  return Array.isArray(range) ? range[0] : undefined;
}

/**
 * Finds lines of fields in one file's text. The AST of a whole file is many
 * times larger than its text, so it is not kept from the first read: the file
 * is parsed again on demand, one document at a time, and only for objects
 * that have violations. Requests come in document order, so a forward-only
 * stream plus the last document suffices.
 */
export class FileLocator {
  private stream: Iterator<StreamedDocument> | undefined;
  private streamIndex = -1;
  private current: { index: number; doc: Document.Parsed; lines: LineCounter } | undefined;

  constructor(private readonly text: string) {}

  /**
   * The line of `path` inside the object at `prefix` of document `docIndex`,
   * or of the deepest part of the path that exists there. Falls back to
   * `objectLine` when nothing can be resolved; never throws.
   */
  public lineOf(docIndex: number, prefix: readonly PathToken[], path: string, objectLine: number): number {
    try {
      const entry = this.documentAt(docIndex);
      if (entry === undefined) return objectLine;
      const { doc, lines } = entry;
      const rootOffset = startOf(doc.contents);
      if (rootOffset === undefined) return objectLine;
      const object = resolvePath(doc, doc.contents, prefix, rootOffset);
      if (object.depth < prefix.length) return objectLine;
      const objectNode = prefix.length === 0 ? doc.contents : nodeAt(doc, prefix);
      const found = resolvePath(doc, objectNode, tokenizePath(path), object.offset);
      return lines.linePos(found.offset).line || objectLine;
    } catch {
      return objectLine;
    }
  }

  private documentAt(index: number): StreamedDocument | undefined {
    if (this.current?.index === index) return this.current;
    if (this.stream === undefined || index <= this.streamIndex) {
      this.stream = documentStream(this.text)[Symbol.iterator]();
      this.streamIndex = -1;
    }
    while (this.streamIndex < index) {
      const next = this.stream.next();
      if (next.done) return undefined;
      this.streamIndex++;
      if (this.streamIndex === index) {
        this.current = { index, ...next.value };
        return this.current;
      }
    }
    return undefined;
  }
}

/** The node at an exact path of indexes and plain keys, or undefined. */
export function nodeAt(doc: Document, tokens: readonly PathToken[]): unknown {
  let node: unknown = doc.contents;
  for (const token of tokens) {
    node = deref(doc, node);
    if ('index' in token) {
      node = isSeq(node) ? node.items[token.index] : undefined;
    } else {
      node = isMap(node) ? node.items.find(p => isScalar(p.key) && String(p.key.value) === token.key)?.value : undefined;
    }
    if (node === undefined) return undefined;
  }
  return deref(doc, node);
}
