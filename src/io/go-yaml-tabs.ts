/**
 * Tabs as kubectl's YAML reader meets them. kubectl and the API machinery
 * decode YAML with sigs.k8s.io/yaml (v1.6.0 in Kubernetes 1.36), that is
 * go.yaml.in/yaml/v2 (v2.4.3), whose scanner (scannerc.go) refuses a tab in
 * three places where js-yaml reads one as a blank:
 *
 * - where a token may start in the block context while a simple key is
 *   allowed: at the start of a line (a comment line that starts with a tab
 *   too), after `- `, after `? ` and after the `:` of a complex key.
 *   `yaml_parser_scan_to_next_token` skips a tab only "in the flow context" or
 *   where no simple key is allowed, and `yaml_parser_fetch_next_token` then
 *   fails with "found character that cannot start any token";
 * - in the indentation of a block scalar (`|`, `>`):
 *   `yaml_parser_scan_block_scalar_breaks`, "found a tab character where an
 *   indentation space is expected";
 * - left of a plain scalar's indentation on its continuation lines:
 *   `yaml_parser_scan_plain_scalar`, "found a tab character that violates
 *   indentation".
 *
 * Everywhere else a tab is a blank or content: after the `:` of a simple key
 * (`key:<tab>value`: no simple key may follow one), after a scalar, an
 * anchor or a tag on its line, inside quotes, inside flow collections, inside
 * a block scalar's text.
 *
 * `goYamlTabProblem` follows the states of that scanner which decide those
 * three cases (the flow level, whether a simple key is allowed, the
 * indentation stack and the possible simple key of each flow level), token by
 * token. On anything else the scanner would refuse, it stops and says
 * nothing: the YAML parser reports that.
 */

/** Where go-yaml v2 refuses a tab, and its words. */
export interface TabProblem {
  /** 0-based line in the text (lines end at `\n`). */
  readonly line: number;
  /** 0-based column (characters) of the tab. */
  readonly column: number;
  /** go-yaml's message. */
  readonly message: string;
}

const CANNOT_START_TOKEN = 'found character that cannot start any token';
const BLOCK_SCALAR_INDENTATION = 'found a tab character where an indentation space is expected';
const PLAIN_SCALAR_INDENTATION = 'found a tab character that violates indentation';

/** A simple key that a `:` may still complete: where it started. */
interface SimpleKey {
  possible: boolean;
  line: number;
  column: number;
  index: number;
}

/** What a scan of a scalar ends in: on, a tab problem, or a stop (something else the scanner refuses). */
type Outcome = 'ok' | 'stop' | TabProblem;

/** go-yaml's is_break. */
function isBreak(c: string | undefined): boolean {
  return c === '\n' || c === '\r' || c === '\u0085' || c === '\u2028' || c === '\u2029';
}

/** go-yaml's is_blank: a space or a tab. */
function isBlank(c: string | undefined): boolean {
  return c === ' ' || c === '\t';
}

/** go-yaml's is_blankz: a blank, a break or the end. */
function isBlankz(c: string | undefined): boolean {
  return c === undefined || isBlank(c) || isBreak(c);
}

/** go-yaml's is_alpha: what an anchor's name is made of. */
function isAlpha(c: string | undefined): boolean {
  return c !== undefined && /^[0-9A-Za-z_-]$/.test(c);
}

/** The characters a plain scalar may not start with (unless `-`, `?` or `:` before a non-blank, see `startsPlain`). */
const INDICATORS = new Set(['-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`']);

/**
 * Where go-yaml v2 refuses a tab in `text` (one YAML document, as kubectl
 * decodes each), or undefined. A document that starts with `{` is read as
 * JSON by kubectl (apimachinery's YAMLOrJSONDecoder), where a tab is a blank.
 */
export function goYamlTabProblem(text: string): TabProblem | undefined {
  if (!text.includes('\t') || /^\s*\{/.test(text)) return undefined;
  return new TabScanner(text).run();
}

/** The parts of go-yaml v2's scanner (scannerc.go) that decide whether a tab is refused. */
class TabScanner {
  private pos = 0;
  private line = 0;
  private column = 0;
  private flowLevel = 0;
  /** Starts true: yaml_parser_fetch_stream_start. */
  private simpleKeyAllowed = true;
  private indent = -1;
  private readonly indents: number[] = [];
  /** One possible simple key per flow level, the block context's first. */
  private readonly keys: SimpleKey[] = [{ possible: false, line: 0, column: 0, index: 0 }];

  constructor(private readonly text: string) {}

  public run(): TabProblem | undefined {
    for (;;) {
      this.scanToNextToken();
      this.unrollIndent(this.column);
      const c = this.text[this.pos];
      if (c === undefined) return undefined;
      const outcome = this.fetchToken(c);
      if (outcome === 'stop') return undefined;
      if (outcome !== 'ok') return outcome;
    }
  }

  /** yaml_parser_fetch_next_token, after the whitespace: one token. */
  private fetchToken(c: string): Outcome {
    const next = this.text[this.pos + 1];
    if (this.column === 0 && c === '%') {
      // A directive runs to the end of its line (blanks and a comment included).
      this.unrollIndent(-1);
      this.removeSimpleKey();
      this.simpleKeyAllowed = false;
      while (this.pos < this.text.length && !isBreak(this.text[this.pos])) this.skip();
      return 'ok';
    }
    if (this.column === 0 && this.documentIndicatorHere()) {
      this.unrollIndent(-1);
      this.removeSimpleKey();
      this.simpleKeyAllowed = false;
      this.skip(3);
      return 'ok';
    }
    if (c === '[' || c === '{') {
      this.saveSimpleKey();
      this.flowLevel++;
      this.keys.push({ possible: false, line: this.line, column: this.column, index: this.pos });
      this.simpleKeyAllowed = true;
      this.skip();
      return 'ok';
    }
    if (c === ']' || c === '}') {
      this.removeSimpleKey();
      if (this.flowLevel > 0) {
        this.flowLevel--;
        this.keys.pop();
      }
      this.simpleKeyAllowed = false;
      this.skip();
      return 'ok';
    }
    if (c === ',') {
      this.removeSimpleKey();
      this.simpleKeyAllowed = true;
      this.skip();
      return 'ok';
    }
    if (c === '-' && isBlankz(next)) return this.blockIndicator(true);
    if (c === '?' && (this.flowLevel > 0 || isBlankz(next))) return this.blockIndicator(this.flowLevel === 0);
    if (c === ':' && (this.flowLevel > 0 || isBlankz(next))) return this.value();
    if (c === '*' || c === '&') {
      this.saveSimpleKey();
      this.simpleKeyAllowed = false;
      this.skip();
      while (isAlpha(this.text[this.pos])) this.skip();
      return 'ok';
    }
    if (c === '!') {
      this.saveSimpleKey();
      this.simpleKeyAllowed = false;
      while (!isBlankz(this.text[this.pos]) && !(this.flowLevel > 0 && this.text[this.pos] === ',')) this.skip();
      return 'ok';
    }
    if ((c === '|' || c === '>') && this.flowLevel === 0) {
      this.removeSimpleKey();
      this.simpleKeyAllowed = true; // a simple key may follow a block scalar
      return this.blockScalar();
    }
    if (c === '\'' || c === '"') {
      this.saveSimpleKey();
      this.simpleKeyAllowed = false;
      return this.quotedScalar(c === '\'');
    }
    if (this.startsPlain(c, next)) {
      this.saveSimpleKey();
      this.simpleKeyAllowed = false;
      return this.plainScalar();
    }
    return c === '\t' ? this.problem(CANNOT_START_TOKEN) : 'stop';
  }

  /** The plain-scalar test of yaml_parser_fetch_next_token. */
  private startsPlain(c: string, next: string | undefined): boolean {
    return !(isBlankz(c) || INDICATORS.has(c))
      || (c === '-' && !isBlank(next))
      || (this.flowLevel === 0 && (c === '?' || c === ':') && !isBlankz(next));
  }

  /**
   * `- ` (yaml_parser_fetch_block_entry) or `? ` (yaml_parser_fetch_key): in
   * the block context they need a simple key to be allowed, open a block
   * collection at their column, and allow a simple key after them
   * (`allowedAfter`: always after `-`, in the block context after `?`).
   */
  private blockIndicator(allowedAfter: boolean): Outcome {
    if (this.flowLevel === 0) {
      if (!this.simpleKeyAllowed) return 'stop';
      this.rollIndent(this.column);
    }
    this.removeSimpleKey();
    this.simpleKeyAllowed = allowedAfter;
    this.skip();
    return 'ok';
  }

  /** `:` (yaml_parser_fetch_value): after a simple key no simple key is allowed; after a complex key, in the block context, one is. */
  private value(): Outcome {
    const key = this.keys[this.keys.length - 1];
    // yaml_simple_key_is_valid: on the key's line and within 1024 characters.
    if (key.possible && key.line === this.line && key.index + 1024 >= this.pos) {
      this.rollIndent(key.column);
      key.possible = false;
      this.simpleKeyAllowed = false;
    } else {
      if (this.flowLevel === 0) {
        if (!this.simpleKeyAllowed) return 'stop';
        this.rollIndent(this.column);
      }
      this.simpleKeyAllowed = this.flowLevel === 0;
    }
    this.skip();
    return 'ok';
  }

  /** yaml_parser_scan_to_next_token: blanks (a tab only in the flow context or where no simple key is allowed), comments, breaks. */
  private scanToNextToken(): void {
    for (;;) {
      if (this.column === 0 && this.text[this.pos] === '\uFEFF') this.skip();
      for (let c = this.text[this.pos]; c === ' ' || (c === '\t' && (this.flowLevel > 0 || !this.simpleKeyAllowed)); c = this.text[this.pos]) this.skip();
      if (this.text[this.pos] === '#') {
        while (this.pos < this.text.length && !isBreak(this.text[this.pos])) this.skip();
      }
      if (!isBreak(this.text[this.pos])) return;
      this.skipLine();
      if (this.flowLevel === 0) this.simpleKeyAllowed = true;
    }
  }

  /** yaml_parser_scan_block_scalar: the header, then lines while they are indented enough. */
  private blockScalar(): Outcome {
    this.skip();
    let increment = 0;
    const chomping = (c: string | undefined): boolean => c === '+' || c === '-';
    const digit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
    if (chomping(this.text[this.pos])) {
      this.skip();
      if (digit(this.text[this.pos])) {
        if (this.text[this.pos] === '0') return 'stop';
        increment = Number(this.text[this.pos]);
        this.skip();
      }
    } else if (digit(this.text[this.pos])) {
      if (this.text[this.pos] === '0') return 'stop';
      increment = Number(this.text[this.pos]);
      this.skip();
      if (chomping(this.text[this.pos])) this.skip();
    }
    while (isBlank(this.text[this.pos])) this.skip();
    if (this.text[this.pos] === '#') {
      while (this.pos < this.text.length && !isBreak(this.text[this.pos])) this.skip();
    }
    if (this.pos < this.text.length && !isBreak(this.text[this.pos])) return 'stop';
    if (this.pos < this.text.length) this.skipLine();
    let indent = increment > 0 ? (this.indent >= 0 ? this.indent + increment : increment) : 0;
    let breaks = this.blockScalarBreaks(indent);
    if (typeof breaks !== 'number') return breaks;
    indent = breaks;
    while (this.column === indent && this.pos < this.text.length) {
      while (this.pos < this.text.length && !isBreak(this.text[this.pos])) this.skip();
      if (this.pos < this.text.length) this.skipLine();
      breaks = this.blockScalarBreaks(indent);
      if (typeof breaks !== 'number') return breaks;
    }
    return 'ok';
  }

  /** yaml_parser_scan_block_scalar_breaks: the indentation and empty lines; the indentation found when not given. */
  private blockScalarBreaks(indent: number): number | TabProblem {
    let maxIndent = 0;
    for (;;) {
      while ((indent === 0 || this.column < indent) && this.text[this.pos] === ' ') this.skip();
      if (this.column > maxIndent) maxIndent = this.column;
      if ((indent === 0 || this.column < indent) && this.text[this.pos] === '\t') return this.problem(BLOCK_SCALAR_INDENTATION);
      if (!isBreak(this.text[this.pos])) break;
      this.skipLine();
    }
    return indent === 0 ? Math.max(maxIndent, this.indent + 1, 1) : indent;
  }

  /** yaml_parser_scan_flow_scalar: to the closing quote; a tab is a blank or content anywhere in it. */
  private quotedScalar(single: boolean): Outcome {
    this.skip();
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined || (this.column === 0 && this.documentIndicatorHere())) return 'stop';
      if (isBreak(c)) {
        this.skipLine();
      } else if (single && c === '\'') {
        this.skip();
        if (this.text[this.pos] !== '\'') return 'ok';
        this.skip();
      } else if (!single && c === '"') {
        this.skip();
        return 'ok';
      } else if (!single && c === '\\') {
        this.skip();
        if (isBreak(this.text[this.pos])) this.skipLine();
        else if (this.pos < this.text.length) this.skip();
      } else {
        this.skip();
      }
    }
  }

  /** yaml_parser_scan_plain_scalar: words, and the blanks and breaks between them while the lines are indented enough. */
  private plainScalar(): Outcome {
    const indent = this.indent + 1;
    let leadingBlanks = false;
    for (;;) {
      if (this.column === 0 && this.documentIndicatorHere()) break;
      if (this.text[this.pos] === '#') break;
      for (let c = this.text[this.pos]; !isBlankz(c); c = this.text[this.pos]) {
        if ((c === ':' && isBlankz(this.text[this.pos + 1])) || (this.flowLevel > 0 && ',?[]{}'.includes(c))) break;
        leadingBlanks = false;
        this.skip();
      }
      const c = this.text[this.pos];
      if (!(isBlank(c) || isBreak(c))) break;
      for (let b = this.text[this.pos]; isBlank(b) || isBreak(b); b = this.text[this.pos]) {
        if (isBlank(b)) {
          if (leadingBlanks && this.column < indent && b === '\t') return this.problem(PLAIN_SCALAR_INDENTATION);
          this.skip();
        } else {
          this.skipLine();
          leadingBlanks = true;
        }
      }
      if (this.flowLevel === 0 && this.column < indent) break;
    }
    if (leadingBlanks) this.simpleKeyAllowed = true;
    return 'ok';
  }

  /** `---` or `...` followed by a blank, a break or the end. */
  private documentIndicatorHere(): boolean {
    const three = this.text.slice(this.pos, this.pos + 3);
    return (three === '---' || three === '...') && isBlankz(this.text[this.pos + 3]);
  }

  /** yaml_parser_save_simple_key: a scalar, an anchor, a tag or a flow collection may start a simple key. */
  private saveSimpleKey(): void {
    if (!this.simpleKeyAllowed) return;
    const key = this.keys[this.keys.length - 1];
    key.possible = true;
    key.line = this.line;
    key.column = this.column;
    key.index = this.pos;
  }

  private removeSimpleKey(): void {
    this.keys[this.keys.length - 1].possible = false;
  }

  /** yaml_parser_roll_indent: a block collection opens at `column`. */
  private rollIndent(column: number): void {
    if (this.flowLevel > 0 || this.indent >= column) return;
    this.indents.push(this.indent);
    this.indent = column;
  }

  /** yaml_parser_unroll_indent: the block collections deeper than `column` end. */
  private unrollIndent(column: number): void {
    if (this.flowLevel > 0) return;
    while (this.indent > column) this.indent = this.indents.pop() ?? -1;
  }

  private skip(n = 1): void {
    this.pos += n;
    this.column += n;
  }

  /** A line break: `\r\n` is one. */
  private skipLine(): void {
    this.pos += this.text[this.pos] === '\r' && this.text[this.pos + 1] === '\n' ? 2 : 1;
    this.line++;
    this.column = 0;
  }

  /** The tab here; its line counted in `\n`, as every line this library reports. */
  private problem(message: string): TabProblem {
    let line = 0;
    for (let i = this.text.indexOf('\n'); i >= 0 && i < this.pos; i = this.text.indexOf('\n', i + 1)) line++;
    return { line, column: this.column, message };
  }
}
