/**
 * cel-go's two nesting limits (parser/parser.go, cel-go 0.26; Kubernetes
 * sets no parser option, so both are MAX_RECURSION_DEPTH), counted over the
 * expression's tokens the way cel-go's grammar (parser/gen/CEL.g4) nests
 * them. cel-js counts a depth of its own that matches neither: it adds the
 * selections and indexes of a chain, and does not count a chain of binary
 * operators, which it reads in a loop.
 *
 * - While parsing, the recursionListener counts, for each rule of the
 *   grammar, how many contexts of that rule are open (EnterEveryRule):
 *   more than the limit fails with "expression recursion limit exceeded".
 *   ANTLR reads the left-recursive rules (relation, calc, member) in a loop
 *   that closes a context before it opens the next (the generated code's
 *   TriggerExitRuleEvent before PushNewRecursionContext): a chain does not
 *   nest, only its right operand opens one more context.
 * - While building the AST, Visit counts the nesting of the contexts it
 *   checks (checkAndIncrementRecursionDepth): a conditional, a relation or
 *   a calc with an operator, a selection, a member call, an index; a
 *   parenthesis, `&&`, `||`, `!`, `-`, a global call and a literal are not
 *   counted. More than the limit fails with "max recursion depth exceeded".
 *
 * Text that this reading does not parse gets no verdict: cel-js parses it
 * and says why it is not CEL.
 */
import { MAX_RECURSION_DEPTH } from './parser-limits';
import { CelToken, tokenizeCel } from '../cel';

type Rule = 'expr' | 'conditionalOr' | 'conditionalAnd' | 'relation' | 'calc' | 'unary' | 'member' | 'primary'
| 'exprList' | 'listInit' | 'fieldInitializerList' | 'optField' | 'mapInitializerList' | 'escapeIdent' | 'optExpr' | 'literal';

/** The parse stopped: at a rule nested too deep, or at text this reading does not follow. */
class Stop {
  constructor(readonly message: string | undefined) {}
}

const RELATIONS = new Set(['<', '<=', '>=', '>', '==', '!=', 'in']);
const PRODUCTS = new Set(['*', '/', '%']);
const SUMS = new Set(['+', '-']);
const LITERAL_WORDS = new Set(['true', 'false', 'null']);

/**
 * A reading of CEL.g4 that keeps only how deep it nests: each rule method
 * returns the visitor's depth (the counted contexts nested in what it read).
 */
class DepthReader {
  private pos = 0;
  private readonly open = new Map<Rule, number>();

  constructor(private readonly tokens: readonly CelToken[], private readonly limit: number) {}

  /** start: e=expr EOF. */
  start(): number {
    const depth = this.expr();
    if (this.peek().kind !== 'end') throw new Stop(undefined);
    return depth;
  }

  private peek(ahead = 0): CelToken {
    return this.tokens[Math.min(this.pos + ahead, this.tokens.length - 1)];
  }

  private isOp(text: string, ahead = 0): boolean {
    const t = this.peek(ahead);
    return t.kind === 'op' && t.text === text;
  }

  private isIdent(ahead = 0): boolean {
    return this.peek(ahead).kind === 'ident';
  }

  private expect(text: string): void {
    if (!this.isOp(text)) throw new Stop(undefined);
    this.pos++;
  }

  /** recursionListener.EnterEveryRule. */
  private enter(rule: Rule): void {
    const depth = (this.open.get(rule) ?? 0) + 1;
    this.open.set(rule, depth);
    if (depth > this.limit) throw new Stop(`expression recursion limit exceeded: ${this.limit}`);
  }

  /** recursionListener.ExitEveryRule. */
  private exit(rule: Rule): void {
    this.open.set(rule, Math.max(0, (this.open.get(rule) ?? 0) - 1));
  }

  private within(rule: Rule, read: () => number): number {
    this.enter(rule);
    const depth = read();
    this.exit(rule);
    return depth;
  }

  /** expr: e=conditionalOr (op='?' e1=conditionalOr ':' e2=expr)? — counted when it has the `?`. */
  private expr(): number {
    return this.within('expr', () => {
      const condition = this.conditionalOr();
      if (!this.isOp('?')) return condition;
      this.pos++;
      const then = this.conditionalOr();
      this.expect(':');
      return 1 + Math.max(condition, then, this.expr());
    });
  }

  private conditionalOr(): number {
    return this.within('conditionalOr', () => this.terms('||', () => this.conditionalAnd()));
  }

  private conditionalAnd(): number {
    return this.within('conditionalAnd', () => this.terms('&&', () => this.relation(0)));
  }

  /** `e (op e)*`, each term visited from the same depth (the logic manager's balanced tree is built after). */
  private terms(op: string, term: () => number): number {
    let depth = term();
    while (this.isOp(op)) {
      this.pos++;
      depth = Math.max(depth, term());
    }
    return depth;
  }

  private isRelation(): boolean {
    const t = this.peek();
    return (t.kind === 'op' && RELATIONS.has(t.text)) || (t.kind === 'ident' && t.text === 'in');
  }

  private isSum(set: ReadonlySet<string>): boolean {
    const t = this.peek();
    return t.kind === 'op' && set.has(t.text);
  }

  /** relation: calc | relation op relation — one precedence, left-associative; each operator counted. */
  private relation(precedence: number): number {
    this.enter('relation');
    let depth = this.calc(0);
    while (precedence <= 1 && this.isRelation()) {
      this.exit('relation');
      this.enter('relation');
      this.pos++;
      depth = 1 + Math.max(depth, this.relation(2));
    }
    this.exit('relation');
    return depth;
  }

  /** calc: unary | calc ('*'|'/'|'%') calc | calc ('+'|'-') calc — ANTLR's precedences 2 and 1. */
  private calc(precedence: number): number {
    this.enter('calc');
    let depth = this.unary();
    for (;;) {
      const product = precedence <= 2 && this.isSum(PRODUCTS);
      if (!product && !(precedence <= 1 && this.isSum(SUMS))) break;
      this.exit('calc');
      this.enter('calc');
      this.pos++;
      depth = 1 + Math.max(depth, this.calc(product ? 3 : 2));
    }
    this.exit('calc');
    return depth;
  }

  /** unary: member | ('!')+ member | ('-')+ member — neither run is counted. */
  private unary(): number {
    return this.within('unary', () => {
      const run = this.peek();
      if (run.kind === 'op' && (run.text === '!' || run.text === '-')) {
        while (this.isOp(run.text)) this.pos++;
      }
      return this.member();
    });
  }

  /** member: primary | member '.' '?'? id | member '.' id '(' exprList? ')' | member '[' '?'? expr ']' — each counted. */
  private member(): number {
    this.enter('member');
    let depth = this.primary();
    for (;;) {
      if (this.isOp('.') || this.isOp('.?')) {
        const optional = this.isOp('.?');
        this.exit('member');
        this.enter('member');
        this.pos++;
        if (!this.isIdent()) throw new Stop(undefined);
        this.within('escapeIdent', () => 0);
        this.pos++;
        if (!optional && this.isOp('(')) {
          this.pos++;
          const args = this.isOp(')') ? 0 : this.exprList();
          this.expect(')');
          depth = 1 + Math.max(depth, args);
        } else {
          depth = 1 + depth;
        }
        continue;
      }
      if (this.isOp('[')) {
        this.exit('member');
        this.enter('member');
        this.pos++;
        if (this.isOp('?')) this.pos++;
        const index = this.expr();
        this.expect(']');
        depth = 1 + Math.max(depth, index);
        continue;
      }
      break;
    }
    this.exit('member');
    return depth;
  }

  /** primary: an identifier, a global call, `(e)`, a list, a map, a message or a literal — none counted. */
  private primary(): number {
    return this.within('primary', () => {
      const t = this.peek();
      if (t.kind === 'op' && t.text === '(') {
        this.pos++;
        const depth = this.expr();
        this.expect(')');
        return depth;
      }
      if (t.kind === 'op' && t.text === '[') {
        this.pos++;
        const depth = this.isOp(']') ? 0 : this.within('listInit', () => this.list(() => this.optExpr(), ']'));
        if (this.isOp(',')) this.pos++;
        this.expect(']');
        return depth;
      }
      if (t.kind === 'op' && t.text === '{') {
        this.pos++;
        const depth = this.isOp('}') ? 0 : this.within('mapInitializerList', () => this.list(() => this.entry(() => this.optExpr()), '}'));
        if (this.isOp(',')) this.pos++;
        this.expect('}');
        return depth;
      }
      if (t.kind === 'op' && t.text === '.') this.pos++;
      const word = this.peek();
      if (word.kind !== 'ident') {
        if (word.kind === 'end' || word.kind === 'op') throw new Stop(undefined);
        this.within('literal', () => 0);
        this.pos++;
        return 0;
      }
      if (LITERAL_WORDS.has(word.text)) {
        this.within('literal', () => 0);
        this.pos++;
        return 0;
      }
      this.pos++;
      if (this.isOp('(')) {
        this.pos++;
        const args = this.isOp(')') ? 0 : this.exprList();
        this.expect(')');
        return args;
      }
      // A message: ids+=IDENTIFIER ('.' IDENTIFIER)* '{' fieldInitializerList? '}'.
      let ahead = 0;
      while (this.isOp('.', ahead) && this.isIdent(ahead + 1)) ahead += 2;
      if (!this.isOp('{', ahead)) return 0;
      this.pos += ahead + 1;
      const depth = this.isOp('}') ? 0 : this.within('fieldInitializerList', () => this.list(() => this.entry(() => this.optField()), '}'));
      if (this.isOp(',')) this.pos++;
      this.expect('}');
      return depth;
    });
  }

  /** `item (',' item)*`, a `,` before `close` left to the caller. */
  private list(item: () => number, close: string): number {
    let depth = item();
    while (this.isOp(',') && !this.isOp(close, 1)) {
      this.pos++;
      depth = Math.max(depth, item());
    }
    return depth;
  }

  private exprList(): number {
    return this.within('exprList', () => this.list(() => this.expr(), ')'));
  }

  /** key ':' expr, of a map or a message. */
  private entry(key: () => number): number {
    const depth = key();
    this.expect(':');
    return Math.max(depth, this.expr());
  }

  private optExpr(): number {
    return this.within('optExpr', () => {
      if (this.isOp('?')) this.pos++;
      return this.expr();
    });
  }

  private optField(): number {
    return this.within('optField', () => {
      if (this.isOp('?')) this.pos++;
      if (!this.isIdent()) throw new Stop(undefined);
      this.within('escapeIdent', () => 0);
      this.pos++;
      return 0;
    });
  }
}

/** cel-go's error for an expression nested deeper than its parser allows, or undefined. */
export function recursionLimitError(text: string, limit = MAX_RECURSION_DEPTH): string | undefined {
  const tokens = tokenizeCel(text);
  if (tokens === undefined) return undefined;
  try {
    const depth = new DepthReader(tokens, limit).start();
    return depth > limit ? 'max recursion depth exceeded' : undefined;
  } catch (e) {
    if (e instanceof Stop) return e.message;
    throw e;
  }
}
