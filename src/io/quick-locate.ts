/**
 * A field path's line in plain block-style YAML, found by reading the lines'
 * indentation: no parser to load (the `yaml` package costs ~50 ms of start-up
 * to a CLI run that reports one finding). It answers only when it is sure,
 * i.e. the same line as the positional parse of `locate.ts` (which
 * test/cli/quick-locate.test.ts checks on every path of every fixture); for
 * anything else (flow collections, anchors, aliases, tags, merge keys, keys
 * that YAML 1.1 reads as something else, tabs, List items) it returns
 * undefined and the caller asks `locate.ts`.
 */
import { PathToken, tokenizePath } from './path-tokens';

/** Not sure: ask the positional parse. */
const UNSURE = Symbol('unsure');
type Unsure = typeof UNSURE;

/** A node where a path can go on: a block mapping or sequence starting at `line`, column `col`. */
interface Block {
  readonly kind: 'map' | 'seq';
  readonly line: number;
  readonly col: number;
}

/** Where a step led: its line, and the block below it, if any (undefined for a scalar or null value). */
interface Step {
  readonly line: number;
  readonly below: Block | undefined;
}

/** Plain keys that YAML 1.1 (or 1.2) would read as something other than their text, and the merge key. */
const UNSAFE_PLAIN = /^(?:[yYnN]|yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL|~|<<|[-+.0-9].*)$/;
const PLAIN_KEY = /^([^\s#:'"{}[\],&*!|>%@`?-][^#]*?|-[^\s#:][^#]*?)[ ]*:(?=[ ]|$)/;
const DOUBLE_KEY = /^"((?:[^"\\]|\\.)*)"[ ]*:(?=[ ]|$)/;
const SINGLE_KEY = /^'((?:[^']|'')*)'[ ]*:(?=[ ]|$)/;

/** In `Lines.indents`: not read yet, and a tab in the indentation. */
const NOT_READ = -3;
const TAB = -2;

class Lines {
  public readonly lines: string[];
  /**
   * Each line's indentation once read: the findings of one object walk the
   * same mappings, and each walk reads the indentation of every line it passes.
   */
  private readonly indents: Int32Array;
  constructor(text: string) {
    this.lines = text.split('\n').map(l => (l.endsWith('\r') ? l.slice(0, -1) : l));
    this.indents = new Int32Array(this.lines.length).fill(NOT_READ);
  }

  /** Indentation of a line, or -1 for a blank or comment-only line; UNSURE for a tab in it. */
  public indent(i: number): number | Unsure {
    let n = this.indents[i];
    if (n === NOT_READ) {
      n = readIndent(this.lines[i]);
      this.indents[i] = n;
    }
    return n === TAB ? UNSURE : n;
  }

  /** The next line at or after `i` that has content, or the number of lines. */
  public nextContent(i: number): number | Unsure {
    for (; i < this.lines.length; i++) {
      const indent = this.indent(i);
      if (indent === UNSURE) return UNSURE;
      if (indent >= 0) return i;
    }
    return this.lines.length;
  }
}

/** Indentation of a line, -1 for a blank or comment-only line, TAB for a tab in it. */
function readIndent(line: string): number {
  let n = 0;
  while (n < line.length && line.charCodeAt(n) === 32) n++;
  if (n === line.length || line.charCodeAt(n) === 35 /* # */) return -1;
  if (line.charCodeAt(n) === 9 /* tab */) return TAB;
  return n;
}

/** The lines of the last document located: the findings of one object come together. */
let lastLines: Lines | undefined;
let lastText: string | undefined;

function linesOf(text: string): Lines {
  if (text !== lastText || lastLines === undefined) {
    lastLines = new Lines(text);
    lastText = text;
  }
  return lastLines;
}

/** The value after a key's or an item's indicator: what follows on the line decides whether a block comes below. */
function valueAfter(lines: Lines, line: number, rest: string, parentCol: number, seqAtSameIndent: boolean): Step | Unsure {
  const value = rest.replace(/^[ ]+/, '');
  if (value !== '' && !value.startsWith('#')) {
    // An inline value: a scalar, unless it starts a flow collection or carries an anchor, alias or tag.
    // An empty flow collection (`{}`, `[]`) is a leaf on this line, as a scalar is.
    if (/^(?:\{[ ]*\}|\[[ ]*\])[ ]*(?:#.*)?$/.test(value)) return { line, below: undefined };
    if (/^[{[&*!]/.test(value)) return UNSURE;
    return { line, below: undefined };
  }
  const next = lines.nextContent(line + 1);
  if (next === UNSURE) return UNSURE;
  if (next >= lines.lines.length) return { line, below: undefined };
  const indent = lines.indent(next) as number;
  const text = lines.lines[next].slice(indent);
  const isItem = text === '-' || text.startsWith('- ');
  if (indent < parentCol || (indent === parentCol && !(seqAtSameIndent && isItem))) return { line, below: undefined };
  if (text === '...' || text.startsWith('--- ') || text === '---') return UNSURE;
  if (isItem) return { line, below: { kind: 'seq', line: next, col: indent } };
  if (/^[{[&*!|>?]/.test(text)) return UNSURE;
  return { line, below: { kind: 'map', line: next, col: indent } };
}

/** The entry of a block mapping `key` names: found, absent (surely), or UNSURE. */
function findKey(lines: Lines, map: Block, key: string): Step | 'absent' | Unsure {
  let unsureKeys = false;
  for (let i = map.line; i < lines.lines.length; i++) {
    let col: number;
    if (i === map.line) {
      col = map.col;
    } else {
      const indent = lines.indent(i);
      if (indent === UNSURE) return UNSURE;
      if (indent < 0 || indent > map.col) continue;
      if (indent < map.col) break;
      col = indent;
    }
    const text = lines.lines[i].slice(col);
    if (col === 0 && (text === '...' || text === '---' || text.startsWith('--- '))) break;
    if (text === '-' || text.startsWith('- ')) {
      // A sequence at the mapping's indentation belongs to the previous key (compact form); not a key.
      continue;
    }
    let found: string;
    let length: number;
    let m = DOUBLE_KEY.exec(text);
    if (m !== null) {
      try {
        found = JSON.parse(`"${m[1]}"`);
      } catch {
        return UNSURE;
      }
      length = m[0].length;
    } else if ((m = SINGLE_KEY.exec(text)) !== null) {
      found = m[1].replace(/''/g, '\'');
      length = m[0].length;
    } else if ((m = PLAIN_KEY.exec(text)) !== null) {
      found = m[1];
      length = m[0].length;
      if (UNSAFE_PLAIN.test(found)) {
        unsureKeys = true;
        continue;
      }
    } else {
      // Not a `key:` line (a continuation of a multi-line scalar would be indented more): not sure what it is.
      return UNSURE;
    }
    if (found !== key) continue;
    return valueAfter(lines, i, text.slice(length), col, true);
  }
  return unsureKeys ? UNSURE : 'absent';
}

/** Item `index` of a block sequence: found, absent (surely), or UNSURE. */
function findItem(lines: Lines, seq: Block, index: number): Step | 'absent' | Unsure {
  let count = 0;
  for (let i = seq.line; i < lines.lines.length; i++) {
    let col: number;
    if (i === seq.line) {
      col = seq.col;
    } else {
      const indent = lines.indent(i);
      if (indent === UNSURE) return UNSURE;
      if (indent < 0 || indent > seq.col) continue;
      if (indent < seq.col) break;
      col = indent;
    }
    const text = lines.lines[i].slice(col);
    if (!(text === '-' || text.startsWith('- '))) break;
    if (count++ < index) continue;
    const content = text.slice(1).replace(/^[ ]+/, '');
    // An item whose content starts on a later line: its node starts there; let the parser say where.
    if (content === '' || content.startsWith('#')) return UNSURE;
    const contentCol = col + (text.length - content.length);
    if (content === '-' || content.startsWith('- ')) return { line: i, below: { kind: 'seq', line: i, col: contentCol } };
    if (/^[{[&*!|>?]/.test(content)) return UNSURE;
    if (DOUBLE_KEY.test(content) || SINGLE_KEY.test(content) || PLAIN_KEY.test(content)) return { line: i, below: { kind: 'map', line: i, col: contentCol } };
    return { line: i, below: undefined };
  }
  return 'absent';
}

function isDottedKey(token: PathToken): boolean {
  return 'key' in token && token.dotted;
}

/**
 * The 0-based line, within `text` (one YAML document), of `path` in the
 * document's root mapping, or of the deepest part of it that exists; as
 * `lineOf` of `locate.ts` finds it. Undefined when not sure.
 */
export function quickLine(text: string, path: string): number | undefined {
  const lines = linesOf(text);
  let first = 0;
  for (; first < lines.lines.length; first++) {
    const indent = lines.indent(first);
    if (indent === UNSURE) return undefined;
    if (indent < 0) continue;
    const line = lines.lines[first];
    if (line === '---') continue;
    if (line.startsWith('%') || line.startsWith('---') || line.startsWith('...')) return undefined;
    break;
  }
  if (first >= lines.lines.length) return undefined;
  const rootCol = lines.indent(first) as number;
  const rootText = lines.lines[first].slice(rootCol);
  if (!(DOUBLE_KEY.test(rootText) || SINGLE_KEY.test(rootText) || PLAIN_KEY.test(rootText))) return undefined;
  const tokens = tokenizePath(path);
  let steps = 0;
  const walk = (block: Block | undefined, i: number, here: number): { depth: number; line: number } | Unsure => {
    let best = { depth: i, line: here };
    if (i >= tokens.length || block === undefined) return best;
    if (++steps > 10_000) return UNSURE;
    const token = tokens[i];
    if ('index' in token) {
      if (block.kind !== 'seq') return best;
      const item = findItem(lines, block, token.index);
      if (item === UNSURE) return UNSURE;
      if (item === 'absent') return best;
      return walk(item.below, i + 1, item.line);
    }
    if (block.kind !== 'map') return best;
    // Longest key first: `a.b.c` may be the single key "a.b.c" of an annotations map.
    let last = i;
    while (last + 1 < tokens.length && isDottedKey(tokens[last + 1])) last++;
    for (let j = last; j >= i; j--) {
      const key = j === i && 'key' in token ? token.key : tokens.slice(i, j + 1).map(t => ('key' in t ? t.key : '')).join('.');
      const entry = findKey(lines, block, key);
      if (entry === UNSURE) return UNSURE;
      if (entry === 'absent') continue;
      const found = walk(entry.below, j + 1, entry.line);
      if (found === UNSURE) return UNSURE;
      if (found.depth === tokens.length) return found;
      if (found.depth > best.depth) best = found;
    }
    return best;
  };
  const result = walk({ kind: 'map', line: first, col: rootCol }, 0, first);
  return result === UNSURE ? undefined : result.line;
}
