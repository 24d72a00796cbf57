/**
 * Maps a violation's field path (`spec.versions[1].storage`) back to a line
 * of the YAML text it came from, through the `yaml` package's document AST:
 * the positional parse, run only for documents that have something to report.
 */
import { Composer, Document, isAlias, isMap, isScalar, isSeq, LineCounter, Node, Parser } from 'yaml';
import type { PathToken } from './path-tokens';
import { tokenizePath } from './path-tokens';

export { tokenizePath } from './path-tokens';
export type { PathToken } from './path-tokens';

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

/** Options of the positional parse: YAML 1.1 keys (`yes:` is the key "true", as in the manifest), no errors for duplicates. */
const POSITIONAL_OPTIONS = { version: '1.1', merge: true, uniqueKeys: false, strict: false, prettyErrors: false } as const;

/** The last document parsed for positions: violations of one object come together. */
let cache: { text: string; doc: Document.Parsed; lines: LineCounter } | undefined;

function positional(text: string): { doc: Document.Parsed; lines: LineCounter } {
  if (cache?.text === text) return cache;
  const lines = new LineCounter();
  const docs = new Composer(POSITIONAL_OPTIONS).compose(new Parser(lines.addNewLine).parse(text));
  let doc: Document.Parsed | undefined;
  for (const d of docs) {
    doc ??= d;
  }
  cache = { text, doc: doc ?? (new Document(null) as Document.Parsed), lines };
  return cache;
}

/**
 * The line (in the file) of `path` inside the object at `prefix` of the
 * document `text`, which starts at line `docLine`, or of the deepest part of
 * the path that exists there. The document is parsed again, with positions,
 * only now: the fast reader keeps none. Falls back to `objectLine`; never throws.
 */
export function lineOf(text: string, docLine: number, prefix: readonly PathToken[], path: string, objectLine: number): number {
  try {
    const { doc, lines } = positional(text);
    const rootOffset = startOf(doc.contents);
    if (rootOffset === undefined) return objectLine;
    const object = resolvePath(doc, doc.contents, prefix, rootOffset);
    if (object.depth < prefix.length) return objectLine;
    const objectNode = prefix.length === 0 ? doc.contents : nodeAt(doc, prefix);
    const found = resolvePath(doc, objectNode, tokenizePath(path), object.offset);
    const line = lines.linePos(found.offset).line;
    return line ? docLine + line - 1 : objectLine;
  } catch {
    return objectLine;
  }
}

/** 1-based lines, within `text`, of each item of the document's `items`, undefined where unknown. */
export function itemLines(text: string): Array<number | undefined> {
  try {
    const { doc, lines } = positional(text);
    const items = nodeAt(doc, [{ key: 'items', dotted: false }]);
    if (!isSeq(items)) return [];
    return items.items.map(item => {
      const offset = startOf(item);
      return offset === undefined ? undefined : lines.linePos(offset).line || undefined;
    });
  } catch {
    return [];
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
