/**
 * The line locator: maps a violation's field path (`spec.versions[1].storage`)
 * back to a line of the YAML document it came from.
 *
 * The document is read again by the parser that read it first (js-yaml, with
 * the same schema), listening to where each node opens: each map and list
 * the parser makes is paired with the lines of its keys and items. A path
 * is then followed through the very values the parser made, so whatever the
 * parser reads (flow collections, tags, keys YAML 1.1 reads as booleans or
 * numbers, anchors and their aliases, which are the same value) is located
 * as it was read, with nothing of its own to get wrong and no second parser
 * to load. Only documents that have something to report are read again.
 */
import { load } from './js-yaml';
import type { PathToken } from './path-tokens';
import { tokenizePath } from './path-tokens';
import { KUBECTL_YAML_SCHEMA } from './yaml11';

export { tokenizePath } from './path-tokens';
export type { PathToken } from './path-tokens';

/** Where a map's keys or a list's items open: 0-based lines of the document's text. */
interface Lines {
  readonly keys?: ReadonlyMap<string, number>;
  readonly items?: readonly number[];
}

/** A node the parser read: the line it opens on, the nodes read inside it, in order, and what it read to. */
interface Frame {
  readonly line: number;
  readonly children: Frame[];
}

/** One document read for positions: its root value, the line it opens on, and the lines of each map and list in it. */
interface Positions {
  readonly root: unknown;
  readonly rootLine: number;
  readonly lines: WeakMap<object, Lines>;
}

/** How far a path could be followed, and the line of the deepest field matched. */
interface Resolution {
  readonly depth: number;
  readonly line: number;
}

// Paths come from rules and are short; this bounds backtracking over dotted keys anyway.
const MAX_RESOLVE_STEPS = 10_000;
/** As deep as any document that was read to an object can be (`DEFAULT_LIMITS.maxDepth` and then some). */
const MAX_DEPTH = 10_000;

/** The last document read for positions: the findings of one object come together. */
let cache: { text: string; positions: Positions | undefined } | undefined;

/** `text` read for positions, or undefined when it cannot be read (then the object's own line serves). */
function positional(text: string): Positions | undefined {
  if (cache?.text === text) return cache.positions;
  cache = undefined;
  const lines = new WeakMap<object, Lines>();
  const stack: Frame[] = [{ line: 0, children: [] }];
  // What each node read to, kept apart from its frame: only keys are read from it.
  const resultOf = new WeakMap<Frame, unknown>();
  const listener = (event: 'open' | 'close', state: { line: number; result: unknown }): void => {
    if (event === 'open') {
      stack.push({ line: state.line, children: [] });
      return;
    }
    const frame = stack.pop()!;
    const result = state.result;
    stack[stack.length - 1].children.push(frame);
    resultOf.set(frame, result);
    // An alias closes with its anchor's value, which already has its lines (and no children here).
    if (typeof result === 'object' && result !== null && !lines.has(result)) lines.set(result, linesOf(result, frame.children, resultOf));
  };
  let positions: Positions | undefined;
  try {
    // `json`: a key given twice is no error here (the reader reports it); the first is located, as a reader finds it.
    const root = load(text, { schema: KUBECTL_YAML_SCHEMA, maxDepth: MAX_DEPTH, json: true, listener } as Parameters<typeof load>[1]);
    const top = stack[0].children[stack[0].children.length - 1];
    // A document of nothing (comments alone) has no line of its own.
    positions = top === undefined || root === null || root === undefined ? undefined : { root, rootLine: top.line, lines };
  } catch {
    positions = undefined;
  }
  cache = { text, positions };
  return positions;
}

/**
 * The lines of a map's keys (its children are key, value, key, value...) or
 * a list's items (one child each): none when the nodes read do not pair up
 * so (an empty item, a key without a value), and the path stops there.
 */
function linesOf(value: object, children: readonly Frame[], resultOf: WeakMap<Frame, unknown>): Lines {
  if (Array.isArray(value)) return children.length === value.length ? { items: children.map(c => contentLine(c, resultOf)) } : {};
  if (children.length % 2 !== 0) return {};
  const keys = new Map<string, number>();
  for (let i = 0; i < children.length; i += 2) {
    const key = String(resultOf.get(children[i]));
    // The first of two equal keys, as a reader of the text would find it.
    if (!keys.has(key)) keys.set(key, children[i].line);
  }
  return { keys };
}

/**
 * The line where an item's content starts: a node opens before its anchor
 * or tag (`- &second` on a line of its own), and a map or list starts at its
 * first key or item.
 */
function contentLine(item: Frame, resultOf: WeakMap<Frame, unknown>): number {
  const value = resultOf.get(item);
  return typeof value === 'object' && value !== null && item.children.length > 0 ? item.children[0].line : item.line;
}

function isDottedKey(token: PathToken): boolean {
  return 'key' in token && token.dotted;
}

function ownValue(value: object, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * Follows `tokens` from `value`, returning the deepest match: a map entry is
 * located at its key (that is where an editor should jump), an item at its
 * first character.
 */
function resolve(positions: Positions, value: unknown, tokens: readonly PathToken[], line: number): Resolution {
  let steps = 0;
  const walk = (current: unknown, i: number, here: number): Resolution => {
    let best: Resolution = { depth: i, line: here };
    if (i >= tokens.length || ++steps > MAX_RESOLVE_STEPS || typeof current !== 'object' || current === null) return best;
    const lines = positions.lines.get(current);
    const token = tokens[i];
    if ('index' in token) {
      if (!Array.isArray(current) || lines?.items === undefined || token.index >= current.length) return best;
      return walk(current[token.index], i + 1, lines.items[token.index]);
    }
    if (Array.isArray(current) || lines?.keys === undefined) return best;
    // Longest key first: `a.b.c` may be the single key "a.b.c" of an annotations map.
    let last = i;
    while (last + 1 < tokens.length && isDottedKey(tokens[last + 1])) last++;
    for (let j = last; j >= i; j--) {
      const key = tokens.slice(i, j + 1).map(t => ('key' in t ? t.key : '')).join('.');
      const keyLine = lines.keys.get(key);
      if (keyLine === undefined) continue;
      const found = walk(ownValue(current, key), j + 1, keyLine);
      if (found.depth === tokens.length) return found;
      if (found.depth > best.depth) best = found;
    }
    return best;
  };
  return walk(value, 0, line);
}

/**
 * The line (in the file) of `path` inside the object at `prefix` of the
 * document `text`, which starts at line `docLine`, or of the deepest part of
 * the path that exists there. Falls back to `objectLine`; never throws.
 */
export function lineOf(text: string, docLine: number, prefix: readonly PathToken[], path: string, objectLine: number): number {
  try {
    const positions = positional(text);
    if (positions === undefined) return objectLine;
    const object = resolve(positions, positions.root, prefix, positions.rootLine);
    if (object.depth < prefix.length) return objectLine;
    const found = resolve(positions, valueAt(positions.root, prefix), tokenizePath(path), object.line);
    return docLine + found.line;
  } catch {
    return objectLine;
  }
}

/** 1-based lines, within `text`, of each item of the document's `items`, undefined where unknown. */
export function itemLines(text: string): Array<number | undefined> {
  try {
    const positions = positional(text);
    const items = positions === undefined ? undefined : valueAt(positions.root, [{ key: 'items', dotted: false }]);
    const lines = typeof items === 'object' && items !== null ? positions!.lines.get(items)?.items : undefined;
    if (!Array.isArray(items)) return [];
    return items.map((_item, i) => (lines?.[i] === undefined ? undefined : lines[i] + 1));
  } catch {
    return [];
  }
}

/** The value at an exact path of indexes and plain keys, or undefined. */
function valueAt(root: unknown, tokens: readonly PathToken[]): unknown {
  let value = root;
  for (const token of tokens) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = 'index' in token ? (Array.isArray(value) ? value[token.index] : undefined) : Array.isArray(value) ? undefined : ownValue(value, token.key);
  }
  return value;
}
