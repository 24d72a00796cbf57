/**
 * A partial, hand-written check of CEL, the language of
 * `x-kubernetes-validations` rules. It mirrors part of `cel.Compile`
 * (apiextensions-apiserver pkg/apiserver/schema/cel/compilation.go), which
 * the API server runs from `ValidateCustomResourceDefinitionOpenAPISchema`
 * when a CRD is created. No npm CEL library type-checks Kubernetes' dialect
 * (its declared types, libraries and escaping), so this one is kept small.
 *
 * What it checks, and so refuses:
 * - syntax (github.com/google/cel-spec doc/langdef.md), with the optional
 *   syntax (`a.?b`, `a[?b]`) Kubernetes enables, and CEL's reserved words;
 * - references to variables that do not exist: only `self` and `oldSelf`,
 *   plus the names bound by macros (`all`, `exists`, `map`...) and `cel.bind`;
 * - selection of a field an object schema does not declare, when the chain
 *   from `self` can be followed through `properties`, `items` and
 *   `additionalProperties`. Declared names are matched the way
 *   `SchemaDeclType` (k8s.io/apiserver pkg/cel/common/schemas.go) declares
 *   them: through `Escape` (k8s.io/apiserver pkg/cel/escaping.go), see
 *   {@link celEscape}. At the root of a resource and of an
 *   `x-kubernetes-embedded-resource`, `apiVersion`, `kind` and
 *   `metadata.name`/`generateName` exist even when the schema leaves them out.
 *
 * What it leaves to the server (a rule accepted here may still be refused):
 * types (a string function called on a number, comparing int with string),
 * function and overload names and arities, `oldSelf` on uncorrelatable
 * parts of the schema, `messageExpression`, and the cost limits.
 * Fields of a node marked `x-kubernetes-preserve-unknown-fields` or with
 * `additionalProperties` are not checked either.
 */
import { isObject, own } from '../../model/manifest';

export type CelToken =
  | { readonly kind: 'int' | 'uint' | 'double' | 'string' | 'bytes'; readonly at: number }
  | { readonly kind: 'ident'; readonly text: string; readonly at: number }
  | { readonly kind: 'op'; readonly text: string; readonly at: number }
  | { readonly kind: 'end'; readonly at: number };
type Token = CelToken;

/** The operator tokens that open and close a nesting level: parentheses, lists and maps (and indexes). */
export const OPENING_BRACKETS: ReadonlySet<string> = new Set(['(', '[', '{']);
export const CLOSING_BRACKETS: ReadonlySet<string> = new Set([')', ']', '}']);

class CelSyntaxError extends Error {
  constructor(message: string, readonly at: number) {
    super(message);
  }
}

const RESERVED = new Set(['as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let', 'loop', 'package',
  'namespace', 'return', 'var', 'void', 'while']);

const OPERATORS = ['&&', '||', '==', '!=', '<=', '>=', '.?', '<', '>', '!', '+', '-', '*', '/', '%', '?', ':', '.', ',', '(', ')', '[', ']', '{', '}'];

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (text.startsWith('//', i)) {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    const at = i;
    const prefix = /^[rRbB]{1,2}(?=['"])/.exec(text.slice(i, i + 3));
    if (c === '"' || c === '\'' || prefix) {
      const flags = prefix ? prefix[0].toLowerCase() : '';
      if (flags.length === 2 && flags[0] === flags[1]) throw new CelSyntaxError(`unexpected ${JSON.stringify(prefix![0])}`, at);
      i += flags.length;
      i = skipString(text, i, flags.includes('r'));
      tokens.push({ kind: flags.includes('b') ? 'bytes' : 'string', at });
      continue;
    }
    const number = /^(0x[0-9a-fA-F]+u?|\d*\.\d+([eE][+-]?\d+)?|\d+[eE][+-]?\d+|\d+u?)/.exec(text.slice(i));
    if (number && (/\d/.test(c) || (c === '.' && /\d/.test(text[i + 1] ?? '')))) {
      const lexeme = number[0];
      const kind = /[.eE]/.test(lexeme) && !lexeme.startsWith('0x') ? 'double' : lexeme.endsWith('u') ? 'uint' : 'int';
      i += lexeme.length;
      if (/[A-Za-z_]/.test(text[i] ?? '')) throw new CelSyntaxError(`unexpected ${JSON.stringify(text[i])} after the number ${lexeme}`, i);
      tokens.push({ kind, at });
      continue;
    }
    const ident = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i));
    if (ident) {
      i += ident[0].length;
      tokens.push({ kind: 'ident', text: ident[0], at });
      continue;
    }
    const op = OPERATORS.find(o => text.startsWith(o, i));
    if (op === undefined) throw new CelSyntaxError(`unexpected character ${JSON.stringify(c)}`, at);
    // `.?` only opens an optional field selection when a name follows; `a ? .5 : 1` must stay a ternary.
    if (op === '.?' && !/^\.\?\s*[A-Za-z_]/.test(text.slice(i))) {
      tokens.push({ kind: 'op', text: '.', at });
      i += 1;
      continue;
    }
    i += op.length;
    tokens.push({ kind: 'op', text: op, at });
  }
  tokens.push({ kind: 'end', at: text.length });
  return tokens;
}

/** The tokens of `text` (blanks and comments dropped, the last one `end`), or undefined where it has no CEL tokens. */
export function tokenizeCel(text: string): CelToken[] | undefined {
  try {
    return tokenize(text);
  } catch (e) {
    if (e instanceof CelSyntaxError) return undefined;
    throw e;
  }
}

function skipString(text: string, i: number, raw: boolean): number {
  const quote = text[i];
  const triple = text.startsWith(quote.repeat(3), i);
  const close = triple ? quote.repeat(3) : quote;
  const start = i;
  i += close.length;
  while (i < text.length) {
    if (text.startsWith(close, i)) return i + close.length;
    if (!triple && (text[i] === '\n' || text[i] === '\r')) break;
    if (!raw && text[i] === '\\') {
      const escape = /^\\([abfnrtv\\?"'`]|[xX][0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-3][0-7]{2})/.exec(text.slice(i));
      if (!escape) throw new CelSyntaxError(`invalid escape sequence ${JSON.stringify(text.slice(i, i + 2))} in a string`, i);
      i += escape[0].length;
      continue;
    }
    i++;
  }
  throw new CelSyntaxError('unterminated string literal', start);
}

/** A parsed expression, only as detailed as the checks below need. */
type Node =
  | { readonly type: 'literal' }
  | { readonly type: 'ident'; readonly name: string; readonly at: number }
  | { readonly type: 'select'; readonly operand: Node; readonly field: string; readonly optional: boolean; readonly at: number }
  | { readonly type: 'call'; readonly target: Node | undefined; readonly name: string; readonly args: Node[]; readonly at: number }
  | { readonly type: 'index'; readonly operand: Node; readonly index: Node }
  | { readonly type: 'list'; readonly items: Node[] }
  | { readonly type: 'map'; readonly entries: Node[] }
  | { readonly type: 'op'; readonly operands: Node[] };

class Parser {
  /** Binary operators by precedence, loosest first. */
  private static readonly LEVELS: ReadonlyArray<readonly string[]> = [
    ['||'], ['&&'], ['<', '<=', '>=', '>', '==', '!=', 'in'], ['+', '-'], ['*', '/', '%'],
  ];

  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  parseAll(): Node {
    const node = this.expr();
    const t = this.peek();
    if (t.kind !== 'end') throw new CelSyntaxError(`unexpected ${describe(t)}`, t.at);
    return node;
  }

  private peek(): Token {
    return this.tokens[this.pos];
  }

  private isOp(text: string): boolean {
    const t = this.peek();
    return t.kind === 'op' && t.text === text;
  }

  private take(): Token {
    return this.tokens[this.pos++];
  }

  private expect(text: string): void {
    if (!this.isOp(text)) {
      const t = this.peek();
      throw new CelSyntaxError(`expected ${JSON.stringify(text)} but found ${describe(t)}`, t.at);
    }
    this.pos++;
  }

  private expr(): Node {
    const condition = this.binary(0);
    if (!this.isOp('?')) return condition;
    this.pos++;
    const then = this.binary(0);
    this.expect(':');
    const otherwise = this.expr();
    return { type: 'op', operands: [condition, then, otherwise] };
  }

  private binary(level: number): Node {
    if (level >= Parser.LEVELS.length) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const t = this.peek();
      const text = t.kind === 'op' || t.kind === 'ident' ? t.text : undefined;
      if (text === undefined || !Parser.LEVELS[level].includes(text)) return left;
      this.pos++;
      const right = this.binary(level + 1);
      left = { type: 'op', operands: [left, right] };
    }
  }

  private unary(): Node {
    if (this.isOp('!') || this.isOp('-')) {
      this.pos++;
      return { type: 'op', operands: [this.unary()] };
    }
    return this.member();
  }

  private member(): Node {
    let node = this.primary();
    for (;;) {
      if (this.isOp('.') || this.isOp('.?')) {
        const optional = this.isOp('.?');
        this.pos++;
        const name = this.take();
        if (name.kind === 'ident' && (RESERVED.has(name.text) || ['true', 'false', 'null', 'in'].includes(name.text))) {
          throw new CelSyntaxError(`${JSON.stringify(name.text)} is a reserved word and cannot be a field name; a property named ${JSON.stringify(name.text)} is written ${JSON.stringify(`__${name.text}__`)}`, name.at);
        }
        if (name.kind !== 'ident') throw new CelSyntaxError(`expected a field name but found ${describe(name)}`, name.at);
        if (!optional && this.isOp('(')) {
          node = { type: 'call', target: node, name: name.text, args: this.args(')'), at: name.at };
        } else {
          node = { type: 'select', operand: node, field: name.text, optional, at: name.at };
        }
        continue;
      }
      if (this.isOp('[')) {
        this.pos++;
        if (this.isOp('?')) this.pos++;
        const index = this.expr();
        this.expect(']');
        node = { type: 'index', operand: node, index };
        continue;
      }
      return node;
    }
  }

  private args(close: string): Node[] {
    this.expect(close === ')' ? '(' : close === ']' ? '[' : '{');
    const out: Node[] = [];
    if (this.isOp(close)) {
      this.pos++;
      return out;
    }
    for (;;) {
      if (close === ']' && this.isOp('?')) this.pos++; // optional list element
      out.push(this.expr());
      if (this.isOp(',')) {
        this.pos++;
        if (close !== ')' && this.isOp(close)) break; // trailing comma in list and map literals
        continue;
      }
      break;
    }
    this.expect(close);
    return out;
  }

  private primary(): Node {
    const t = this.peek();
    if (t.kind === 'int' || t.kind === 'uint' || t.kind === 'double' || t.kind === 'string' || t.kind === 'bytes') {
      this.pos++;
      return { type: 'literal' };
    }
    if (t.kind === 'op') {
      if (t.text === '(') {
        this.pos++;
        const inner = this.expr();
        this.expect(')');
        return inner;
      }
      if (t.text === '[') return { type: 'list', items: this.args(']') };
      if (t.text === '{') return { type: 'map', entries: this.mapEntries() };
      if (t.text === '.') {
        // A leading dot names the root namespace: `.self`.
        this.pos++;
        return this.primary();
      }
      throw new CelSyntaxError(`unexpected ${describe(t)}`, t.at);
    }
    if (t.kind === 'ident') {
      if (RESERVED.has(t.text) || t.text === 'in') throw new CelSyntaxError(`${JSON.stringify(t.text)} is a reserved word`, t.at);
      this.pos++;
      if (t.text === 'true' || t.text === 'false' || t.text === 'null') return { type: 'literal' };
      if (this.isOp('(')) return { type: 'call', target: undefined, name: t.text, args: this.args(')'), at: t.at };
      if (this.isOp('{')) {
        // A message literal such as `Foo{a: 1}`.
        this.mapEntries();
        return { type: 'literal' };
      }
      return { type: 'ident', name: t.text, at: t.at };
    }
    throw new CelSyntaxError('the expression ends too early', t.at);
  }

  private mapEntries(): Node[] {
    this.expect('{');
    const out: Node[] = [];
    while (!this.isOp('}')) {
      if (this.isOp('?')) this.pos++;
      out.push(this.expr());
      this.expect(':');
      out.push(this.expr());
      if (!this.isOp(',')) break;
      this.pos++;
    }
    this.expect('}');
    return out;
  }
}

function describe(t: Token): string {
  if (t.kind === 'end') return 'the end of the rule';
  if (t.kind === 'ident' || t.kind === 'op') return JSON.stringify(t.text);
  return `a ${t.kind} literal`;
}

/**
 * CEL's reserved symbols, as celReservedSymbols in k8s.io/apiserver
 * pkg/cel/escaping.go lists them: a property with one of these names is
 * reached as `__name__`.
 */
const CEL_RESERVED_SYMBOLS = new Set(['true', 'false', 'null', 'in', ...RESERVED]);

const ESCAPES: { readonly [k: string]: string } = { '__': '__underscores__', '.': '__dot__', '-': '__dash__', '/': '__slash__' };

/**
 * The CEL name of the property `name`, or undefined when CEL cannot reach it.
 * Mirrors `Escape` (k8s.io/apiserver pkg/cel/escaping.go): a reserved symbol
 * becomes `__name__`; otherwise `__` becomes `__underscores__`, `.`
 * `__dot__`, `-` `__dash__` and `/` `__slash__`. Names that are empty,
 * start with a digit or hold any other character than ASCII letters,
 * digits, `_`, `.`, `-` and `/` cannot be escaped: `SchemaDeclType` does
 * not declare them, so no rule can select them.
 */
export function celEscape(name: string): string | undefined {
  if (name === '' || (name[0] >= '0' && name[0] <= '9')) return undefined;
  if (CEL_RESERVED_SYMBOLS.has(name)) return `__${name}__`;
  if (!/^[A-Za-z0-9_./-]*$/.test(name)) return undefined;
  return name.replace(/__|[-./]/g, m => ESCAPES[m]);
}

/** The property of `properties` whose CEL name is `celName`, as SchemaDeclType declares the fields. */
function propertyNamed(properties: { [key: string]: any }, celName: string): unknown {
  // Most names need no escape: try the name itself first.
  if (Object.prototype.hasOwnProperty.call(properties, celName) && celEscape(celName) === celName) return own(properties, celName);
  for (const key of Object.keys(properties)) {
    if (celEscape(key) === celName) return own(properties, key);
  }
  return undefined;
}

/** Macros whose first argument names a new variable, bound in the others. */
const BINDING_MACROS = new Set(['all', 'exists', 'exists_one', 'existsOne', 'map', 'filter', 'sortBy',
  'transformList', 'transformMap', 'transformMapEntry']);
/** cel-go's ext.TwoVarComprehensions macros, whose second argument always names a second variable (in the base environment since 1.32). */
const TWO_VARIABLE_MACROS = new Set(['transformList', 'transformMap', 'transformMapEntry']);

/** What the schema says a CEL value is, as far as field selection goes. */
interface SchemaView {
  readonly schema: unknown;
  /** The root of a resource: apiVersion, kind and metadata exist even when the schema leaves them out. */
  readonly isRoot: boolean;
}

/**
 * Why Kubernetes would not compile `rule` as an x-kubernetes-validations
 * rule of the schema node `schema` (`isRoot` for the openAPIV3Schema
 * itself), or undefined when nothing is found.
 */
export function celRuleError(rule: string, schema: unknown, isRoot: boolean): string | undefined {
  let ast: Node;
  try {
    ast = new Parser(tokenize(rule)).parseAll();
  } catch (e) {
    if (e instanceof CelSyntaxError) return `does not compile: ${e.message} at offset ${e.at}`;
    return 'does not compile';
  }
  const self: SchemaView = { schema, isRoot };
  return checkNode(ast, new Map([['self', self], ['oldSelf', self]]));
}

type Scope = Map<string, SchemaView | undefined>;

function checkNode(node: Node, scope: Scope): string | undefined {
  switch (node.type) {
    case 'literal':
      return undefined;
    case 'ident':
      return scope.has(node.name) ? undefined : `does not compile: undeclared reference to ${JSON.stringify(node.name)} (the variables are self and oldSelf)`;
    case 'select': {
      const inner = checkNode(node.operand, scope);
      if (inner !== undefined) return inner;
      return node.optional ? undefined : undefinedField(viewOf(node.operand, scope), node.field);
    }
    case 'call': {
      if (node.target !== undefined && BINDING_MACROS.has(node.name) && node.args.length >= 2 && node.args[0].type === 'ident') {
        const inner = checkNode(node.target, scope);
        if (inner !== undefined) return inner;
        const bound = new Map(scope);
        bound.set(node.args[0].name, undefined);
        // Two-variable forms (all(k, v, p), transformMap(k, v, [filter,] t)) bind a second name; map(x, p, t) has an
        // expression there, rarely a bare name.
        const second = node.args[1];
        if ((node.args.length === 3 || TWO_VARIABLE_MACROS.has(node.name)) && second.type === 'ident') bound.set(second.name, undefined);
        for (const arg of node.args.slice(1)) {
          const found = checkNode(arg, bound);
          if (found !== undefined) return found;
        }
        return undefined;
      }
      if (node.target === undefined && node.name === 'has') {
        const arg = node.args[0];
        if (node.args.length !== 1 || arg.type !== 'select') return 'does not compile: has() takes one field selection, such as has(self.field)';
        return checkNode(arg, scope);
      }
      if (node.target?.type === 'ident' && node.target.name === 'cel' && node.name === 'bind' && node.args.length === 3 && node.args[0].type === 'ident') {
        const init = checkNode(node.args[1], scope);
        if (init !== undefined) return init;
        const bound = new Map(scope);
        bound.set(node.args[0].name, undefined);
        return checkNode(node.args[2], bound);
      }
      // Functions live in namespaces such as optional.of or strings.quote: their target is not a variable.
      if (node.target !== undefined && !(node.target.type === 'ident' && !scope.has(node.target.name))) {
        const inner = checkNode(node.target, scope);
        if (inner !== undefined) return inner;
      }
      for (const arg of node.args) {
        const found = checkNode(arg, scope);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    case 'index':
      return checkNode(node.operand, scope) ?? checkNode(node.index, scope);
    case 'list':
      return firstError(node.items, scope);
    case 'map':
      return firstError(node.entries, scope);
    case 'op':
      return firstError(node.operands, scope);
  }
}

function firstError(nodes: Node[], scope: Scope): string | undefined {
  for (const n of nodes) {
    const found = checkNode(n, scope);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The schema a selection chain from self leads to, when it can be followed. */
function viewOf(node: Node, scope: Scope): SchemaView | undefined {
  if (node.type === 'ident') return scope.get(node.name);
  if (node.type === 'select' && !node.optional) {
    const parent = viewOf(node.operand, scope);
    if (parent === undefined) return undefined;
    if (parent.isRoot && node.field === 'metadata') return { schema: { type: 'object', properties: { name: { type: 'string' }, generateName: { type: 'string' } } }, isRoot: false };
    const properties = own(parent.schema, 'properties');
    const child = isObject(properties) ? propertyNamed(properties, node.field) : undefined;
    return isObject(child) ? childView(child) : undefined;
  }
  if (node.type === 'index') {
    const parent = viewOf(node.operand, scope);
    const items = own(parent?.schema, 'items');
    const additional = own(parent?.schema, 'additionalProperties');
    const child = isObject(items) ? items : isObject(additional) ? additional : undefined;
    return child !== undefined ? childView(child) : undefined;
  }
  return undefined;
}

/** SchemaDeclType treats an x-kubernetes-embedded-resource like the root: apiVersion, kind and metadata exist. */
function childView(schema: { [key: string]: any }): SchemaView {
  return { schema, isRoot: own(schema, 'x-kubernetes-embedded-resource') === true };
}

/** Kubernetes types an object with declared properties as a struct: selecting anything else does not compile. */
function undefinedField(view: SchemaView | undefined, name: string): string | undefined {
  if (view === undefined) return undefined;
  const schema = view.schema;
  if (view.isRoot && ['apiVersion', 'kind', 'metadata'].includes(name)) return undefined;
  const properties = own(schema, 'properties');
  if (!isObject(properties) || own(schema, 'x-kubernetes-preserve-unknown-fields') === true || own(schema, 'additionalProperties') !== undefined) return undefined;
  if (propertyNamed(properties, name) !== undefined) return undefined;
  const keys = Object.keys(properties);
  const reachable = keys.map(k => celEscape(k)).filter((k): k is string => k !== undefined);
  const unreachable = keys.filter(k => celEscape(k) === undefined);
  // A name written unescaped (namespace, my-field written my_field...) gets its escaped spelling suggested.
  const meant = keys.find(k => k !== celEscape(k) && celEscape(k) !== undefined && k.replace(/[-./]/g, '_') === name.replace(/^__|__$/g, ''));
  const declared = reachable.length > 0 ? reachable.map(k => JSON.stringify(k)).join(', ') : 'no fields CEL can reach';
  return `does not compile: undefined field ${JSON.stringify(name)} (the schema declares ${declared} here`
    + `${unreachable.length > 0 ? `; ${unreachable.map(k => JSON.stringify(k)).join(', ')} cannot be reached from CEL` : ''})`
    + `${meant !== undefined ? `; the property ${JSON.stringify(meant)} is written ${JSON.stringify(celEscape(meant))} in CEL` : ''}`;
}
