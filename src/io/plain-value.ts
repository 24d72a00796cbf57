/**
 * Where a value of a document's top-level blocks (`metadata.namespace`)
 * stands in its text, found by reading the lines' indentation, without a
 * parser: documents that repeat but for their namespace are copied instead
 * of read again (`repeated-documents.ts`, `text-key.ts`), which pays only if
 * finding the value costs far less than a parse. It answers only when it is
 * sure of the line (plain block-style YAML); for anything else (flow
 * collections, anchors, aliases, tags, merge keys, keys that YAML 1.1 reads
 * as something else, tabs) it returns undefined and the caller parses the
 * document. Locating findings is `locate.ts`'s job, not this one's.
 */
import { PathToken, tokenizePath } from './path-tokens';

/** Not sure: the caller parses the document. */
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

/** In `Lines.indents`: a tab in the indentation. */
const TAB = -2;

/** What a line holds at its own indentation, in `Lines.entries`: read once, whichever walk meets it first. */
const enum Entry {
  NOT_READ = 0,
  /** `key:`; the key is in `Lines.keys`, the length of `key:` in `Lines.keyLengths`. */
  KEY,
  /** A plain key YAML would read as something else (UNSAFE_PLAIN): the mapping may hold the key under another spelling. */
  UNSAFE_KEY,
  /** `- ...`: a sequence item. */
  ITEM,
  /** `---` or `...` at column 0: the document ends. */
  MARKER,
  /** Anything else (or a quoted key that does not decode): not sure what it is. */
  OTHER,
}

/**
 * The lines of one document, as offsets into its text: no line is cut out
 * until a walk reads it (most findings read a handful of a document's lines).
 * One instance is kept and loaded with each document in turn, its buffers
 * grown as needed: locating allocates next to nothing per document.
 */
class Lines {
  /** The number of lines, as `text.split('\n')` counts them. */
  public count = 0;
  /** Whether a line is indented with a tab: then blocks are read line by line (`nextInBlock`), as no sibling is sure. */
  public hasTab = false;
  private text = '';
  /** Per line, where it starts in the text and where it ends (before its `\n`, and before a `\r` ending it). */
  private bounds = new Int32Array(256);
  /**
   * Per line, three numbers: its indentation (-1 for a blank or comment-only
   * line, TAB for a tab in it), the `Entry` it holds at that indentation
   * (once read) and the length of its `key:`.
   */
  private info = new Int32Array(384);
  /**
   * The key of each line read as `key:` (read only where `info` says KEY).
   * Emptied for each document all the same: a key is a slice of its
   * document, and V8 may keep the whole text alive behind a slice.
   */
  private readonly keys: string[] = [];
  /**
   * For each line with content, the next line with content indented no
   * deeper: the next entry of the block it is an entry of (or the block's
   * end). The findings of one object walk the same mappings, and a walk
   * then steps from entry to entry instead of reading every line below.
   */
  private next = new Int32Array(128);
  private nextReady = false;
  private readonly kept: number[] = [];
  /** The root mapping's first line, or -1 when the document is not sure to start with one; undefined until asked. */
  private root: number | undefined;

  /** Reads the lines' bounds and indentation of a document. */
  public load(text: string): void {
    this.text = text;
    this.keys.length = 0;
    this.nextReady = false;
    this.root = undefined;
    let hasTab = false;
    let i = 0;
    for (let start = 0; ; i++) {
      if (i * 3 + 3 > this.info.length) this.grow();
      let end = text.indexOf('\n', start);
      const last = end < 0;
      if (last) end = text.length;
      const contentEnd = end > start && text.charCodeAt(end - 1) === 13 /* \r */ ? end - 1 : end;
      this.bounds[i * 2] = start;
      this.bounds[i * 2 + 1] = contentEnd;
      const indent = readIndent(text, start, contentEnd);
      this.info[i * 3] = indent;
      this.info[i * 3 + 1] = Entry.NOT_READ;
      if (indent === TAB) hasTab = true;
      if (last) break;
      start = end + 1;
    }
    this.count = i + 1;
    this.hasTab = hasTab;
  }

  private grow(): void {
    const lines = this.info.length / 3 * 2;
    const info = new Int32Array(lines * 3);
    info.set(this.info);
    this.info = info;
    const bounds = new Int32Array(lines * 2);
    bounds.set(this.bounds);
    this.bounds = bounds;
  }

  /** Line `i` from column `col` on (empty past its end). */
  public textAt(i: number, col: number): string {
    return this.text.slice(this.bounds[i * 2] + col, this.bounds[i * 2 + 1]);
  }

  /** Where line `i` starts in the text. */
  public startOf(i: number): number {
    return this.bounds[i * 2];
  }

  /** Indentation of a line, or -1 for a blank or comment-only line; UNSURE for a tab in it. */
  public indent(i: number): number | Unsure {
    const n = this.info[i * 3];
    return n === TAB ? UNSURE : n;
  }

  /** The next line at or after `i` that has content, or the number of lines. */
  public nextContent(i: number): number | Unsure {
    for (; i < this.count; i++) {
      const indent = this.indent(i);
      if (indent === UNSURE) return UNSURE;
      if (indent >= 0) return i;
    }
    return this.count;
  }

  /** The next line after content line `i` with content indented at most as `i` is, or the number of lines (no tab in the text). */
  public nextSibling(i: number): number {
    if (!this.nextReady) {
      // Right to left, keeping the lines not yet passed by a shallower one: each line's answer is the nearest kept.
      if (this.next.length < this.count) this.next = new Int32Array(this.info.length / 3);
      const next = this.next;
      const kept = this.kept;
      kept.length = 0;
      for (let j = this.count - 1; j >= 0; j--) {
        const indent = this.info[j * 3];
        if (indent < 0) continue;
        while (kept.length > 0 && this.info[kept[kept.length - 1] * 3] > indent) kept.pop();
        next[j] = kept.length > 0 ? kept[kept.length - 1] : this.count;
        kept.push(j);
      }
      this.nextReady = true;
    }
    return this.next[i];
  }

  /** What content line `i` holds at its own indentation. */
  public entry(i: number): Entry {
    let entry = this.info[i * 3 + 1] as Entry;
    if (entry === Entry.NOT_READ) {
      const col = this.info[i * 3];
      const read = readEntry(this.textAt(i, col), col);
      entry = read.entry;
      if (read.entry === Entry.KEY) {
        this.keys[i] = read.key;
        this.info[i * 3 + 2] = read.length;
      }
      this.info[i * 3 + 1] = entry;
    }
    return entry;
  }

  public key(i: number): string {
    return this.keys[i];
  }

  public keyLength(i: number): number {
    return this.info[i * 3 + 2];
  }

  /** The first line of the document's root mapping, or undefined when not sure there is one (read once per document). */
  public rootLine(): number | undefined {
    this.root ??= findRoot(this);
    return this.root < 0 ? undefined : this.root;
  }
}

/** The first line of a document's root mapping: its first content line, past a `---` line; -1 when not sure. */
function findRoot(lines: Lines): number {
  let first = 0;
  for (; first < lines.count; first++) {
    const indent = lines.indent(first);
    if (indent === UNSURE) return -1;
    if (indent < 0) continue;
    const line = lines.textAt(first, 0);
    if (line === '---') continue;
    if (line.startsWith('%') || line.startsWith('---') || line.startsWith('...')) return -1;
    break;
  }
  if (first >= lines.count) return -1;
  const rootText = lines.textAt(first, lines.indent(first) as number);
  return DOUBLE_KEY.test(rootText) || SINGLE_KEY.test(rootText) || PLAIN_KEY.test(rootText) ? first : -1;
}

/** Indentation of the line in [start, end) of `text`, -1 for a blank or comment-only line, TAB for a tab in it. */
function readIndent(text: string, start: number, end: number): number {
  let at = start;
  while (at < end && text.charCodeAt(at) === 32) at++;
  if (at === end || text.charCodeAt(at) === 35 /* # */) return -1;
  if (text.charCodeAt(at) === 9 /* tab */) return TAB;
  return at - start;
}

/** The lines of the last document located: the findings of one object come together. */
const lastLines = new Lines();
let lastText: string | undefined;

function linesOf(text: string): Lines {
  if (text !== lastText) {
    lastLines.load(text);
    lastText = text;
  }
  return lastLines;
}

/** What `text` (a line from column `col` on) holds as an entry of a block at that column. */
function readEntry(text: string, col: number): { entry: Exclude<Entry, Entry.KEY> } | { entry: Entry.KEY; key: string; length: number } {
  if (col === 0 && (text === '...' || text === '---' || text.startsWith('--- '))) return { entry: Entry.MARKER };
  if (text === '-' || text.startsWith('- ')) return { entry: Entry.ITEM };
  let m = DOUBLE_KEY.exec(text);
  if (m !== null) {
    try {
      return { entry: Entry.KEY, key: JSON.parse(`"${m[1]}"`), length: m[0].length };
    } catch {
      return { entry: Entry.OTHER };
    }
  }
  if ((m = SINGLE_KEY.exec(text)) !== null) return { entry: Entry.KEY, key: m[1].replace(/''/g, '\''), length: m[0].length };
  if ((m = PLAIN_KEY.exec(text)) !== null) {
    return UNSAFE_PLAIN.test(m[1]) ? { entry: Entry.UNSAFE_KEY } : { entry: Entry.KEY, key: m[1], length: m[0].length };
  }
  // Not a `key:` line (a continuation of a multi-line scalar would be indented more): not sure what it is.
  return { entry: Entry.OTHER };
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
  if (next >= lines.count) return { line, below: undefined };
  const indent = lines.indent(next) as number;
  const text = lines.textAt(next, indent);
  const isItem = text === '-' || text.startsWith('- ');
  if (indent < parentCol || (indent === parentCol && !(seqAtSameIndent && isItem))) return { line, below: undefined };
  if (text === '...' || text.startsWith('--- ') || text === '---') return UNSURE;
  if (isItem) return { line, below: { kind: 'seq', line: next, col: indent } };
  if (/^[{[&*!|>?]/.test(text)) return UNSURE;
  return { line, below: { kind: 'map', line: next, col: indent } };
}

/**
 * The line after line `i` of a block whose entries sit at column `col`: the
 * next line with content indented at most `col` (an entry, or the block's
 * end), or the number of lines; UNSURE on a tab in the lines passed.
 */
function nextInBlock(lines: Lines, i: number, col: number): number | Unsure {
  if (!lines.hasTab && lines.indent(i) === col) return lines.nextSibling(i);
  for (i++; i < lines.count; i++) {
    const indent = lines.indent(i);
    if (indent === UNSURE) return UNSURE;
    if (indent >= 0 && indent <= col) return i;
  }
  return lines.count;
}

/** What line `i` holds at column `col`: read once per line where `col` is its indentation, else now (an entry after `- `). */
function entryAt(lines: Lines, i: number, col: number): Entry {
  return lines.indent(i) === col ? lines.entry(i) : readEntry(lines.textAt(i, col), col).entry;
}

/** The entry of a block mapping `key` names: found, absent (surely), or UNSURE. */
function findKey(lines: Lines, map: Block, key: string): Step | 'absent' | Unsure {
  const found = scanMapping(lines, map, key, false);
  if (found === UNSURE || found === 'absent') return found;
  return valueAfter(lines, found.line, lines.textAt(found.line, map.col + found.length), map.col, true);
}

/** Whether a block mapping holds a key starting with `prefix`: yes, surely not, or UNSURE (as `findKey` is for a key it lacks). */
function holdsKeyStartingWith(lines: Lines, map: Block, prefix: string): boolean | Unsure {
  const found = scanMapping(lines, map, prefix, true);
  return found === UNSURE ? UNSURE : found !== 'absent';
}

/** The first entry of a block mapping whose key is `key` (or starts with it): its line and the length of its `key:`. */
function scanMapping(lines: Lines, map: Block, key: string, prefix: boolean): { line: number; length: number } | 'absent' | Unsure {
  let unsureKeys = false;
  for (let i = map.line; i < lines.count;) {
    // Lines more indented belong to an entry; a line less indented ends the mapping.
    if (i !== map.line && (lines.indent(i) as number) < map.col) break;
    let entry: Entry;
    let found: string | undefined;
    let length = 0;
    if (lines.indent(i) === map.col) {
      entry = lines.entry(i);
      if (entry === Entry.KEY) {
        found = lines.key(i);
        length = lines.keyLength(i);
      }
    } else {
      // An entry after `- `: read now.
      const read = readEntry(lines.textAt(i, map.col), map.col);
      entry = read.entry;
      if (read.entry === Entry.KEY) {
        found = read.key;
        length = read.length;
      }
    }
    if (entry === Entry.MARKER) break;
    // A sequence at the mapping's indentation belongs to the previous key (compact form); not a key.
    if (entry === Entry.OTHER) return UNSURE;
    if (entry === Entry.UNSAFE_KEY) unsureKeys = true;
    else if (found !== undefined && (prefix ? found.startsWith(key) : found === key)) return { line: i, length };
    const next = nextInBlock(lines, i, map.col);
    if (next === UNSURE) return UNSURE;
    i = next;
  }
  return unsureKeys ? UNSURE : 'absent';
}

/** Item `index` of a block sequence: found, absent (surely), or UNSURE. */
function findItem(lines: Lines, seq: Block, index: number): Step | 'absent' | Unsure {
  let count = 0;
  for (let i = seq.line; i < lines.count;) {
    if (i !== seq.line && (lines.indent(i) as number) < seq.col) break;
    if (entryAt(lines, i, seq.col) !== Entry.ITEM) break;
    if (count++ >= index) return itemAt(lines, i, seq.col);
    const next = nextInBlock(lines, i, seq.col);
    if (next === UNSURE) return UNSURE;
    i = next;
  }
  return 'absent';
}

/** The item whose `-` is at line `i`, column `col`. */
function itemAt(lines: Lines, i: number, col: number): Step | Unsure {
  const text = lines.textAt(i, col);
  const content = text.slice(1).replace(/^[ ]+/, '');
  // An item whose content starts on a later line: its node starts there; let the parser say where.
  if (content === '' || content.startsWith('#')) return UNSURE;
  const contentCol = col + (text.length - content.length);
  if (content === '-' || content.startsWith('- ')) return { line: i, below: { kind: 'seq', line: i, col: contentCol } };
  if (/^[{[&*!|>?]/.test(content)) return UNSURE;
  if (DOUBLE_KEY.test(content) || SINGLE_KEY.test(content) || PLAIN_KEY.test(content)) return { line: i, below: { kind: 'map', line: i, col: contentCol } };
  return { line: i, below: undefined };
}

function isDottedKey(token: PathToken): boolean {
  return 'key' in token && token.dotted;
}

/**
 * Where the value of `parent.key` (two keys of the root mapping's blocks,
 * as `metadata.namespace`) stands in `text`, one YAML document, when it is
 * the plain scalar `value` alone on its key's line (`key: value`, nothing
 * after it) and that line is sure to be that key's: the offset of the
 * value's first character, else undefined. The value's text then is all
 * there is of it: a plain scalar going on below would be read as more than
 * `value`, and the caller compares `value` with what the parser read.
 */
export function quickPlainValueAt(text: string, parent: string, key: string, value: string): number | undefined {
  const found = quickValueText(text, parent, key);
  return found !== undefined && found.value === value ? found.at : undefined;
}

/**
 * The text after `key: ` on the line of `parent.key` (as `quickPlainValueAt`
 * finds it), to the line's end, and its offset; undefined when not sure of
 * the line, or for nothing after the key. What the parser reads there is
 * the caller's to check.
 */
export function quickValueText(text: string, parent: string, key: string): { at: number; value: string } | undefined {
  const found = quickFind(text, `${parent}.${key}`);
  if (found === undefined || found.depth !== 2) return undefined;
  const lines = linesOf(text);
  const line = found.line;
  const col = lines.indent(line);
  // The key itself, not a joined `parent.key` of the root mapping.
  if (col === UNSURE || col < 0 || lines.entry(line) !== Entry.KEY || lines.key(line) !== key) return undefined;
  const valueCol = col + lines.keyLength(line) + 1;
  const rest = lines.textAt(line, valueCol - 1);
  if (rest.length < 2 || rest.charCodeAt(0) !== 32 /* ' ' */) return undefined;
  return { at: lines.startOf(line) + valueCol, value: rest.slice(1) };
}

/** The 0-based line of `path` in the document's root mapping (or of the deepest part of it that exists), with how many of its steps the line is the end of. */
function quickFind(text: string, path: string): { depth: number; line: number } | undefined {
  const lines = linesOf(text);
  const first = lines.rootLine();
  if (first === undefined) return undefined;
  const rootCol = lines.indent(first) as number;
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
    if (last > i) {
      // A joined key is there only if some key starts with `token.`: most mappings hold none, and one scan says so.
      const joined = holdsKeyStartingWith(lines, block, `${'key' in token ? token.key : ''}.`);
      if (joined === UNSURE) return UNSURE;
      if (!joined) last = i;
    }
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
  return result === UNSURE ? undefined : result;
}
