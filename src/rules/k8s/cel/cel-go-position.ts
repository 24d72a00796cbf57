/**
 * Where cel-go places an expression in its errors (`ERROR: <input>:1:COL:`):
 * the location of the token its parser made the expression's id from
 * (parser/parser.go, cel-go 0.26): an identifier or a literal at its start
 * (a negative literal at its sign), an operator at the operator (VisitCalc,
 * VisitRelation: ctx.GetOp()), `!` and `-` at the first of them, a call at
 * its `(` (VisitGlobalCall's op, VisitMemberCall's open), a selection at its
 * `.` (newSelect(ctx.GetOp())), an index at its `[`, a conditional at its
 * `?`, a list or a map at its bracket. A macro's expansion takes the
 * location of its call (exprHelper.nextMacroID): has()'s presence test and
 * the conditionals of exists_one, filter and map's filter are at the `(`.
 *
 * cel-js' AST keeps where each node starts and ends, not where its operator
 * is: the operator is found in the text between the operands, where only
 * blanks, comments and closing parentheses can stand before it.
 */
import type { CelAstNode } from './cel-js';

/** A cel-js node as its parser builds it: where it starts, ends, and (a selection) where its field is. */
interface Placed extends CelAstNode {
  readonly start: number;
  readonly end: number;
  readonly pos: number;
  readonly input: string;
  readonly checkedType?: CelAstNode['checkedType'];
}

const BINARY = new Set(['+', '-', '*', '/', '%', '==', '!=', '<', '<=', '>', '>=', 'in', '&&', '||']);
/** The macros whose expansion is a conditional at the call's location. */
const CONDITIONAL_MACROS = new Set(['exists_one', 'existsOne', 'filter', 'map']);

function isPlaced(node: unknown): node is Placed {
  const n = node as Partial<Placed> | null;
  return n !== null && typeof n === 'object' && typeof n.op === 'string' && typeof n.start === 'number' && typeof n.input === 'string';
}

/** The first offset from `from` that is neither a blank, a `//` comment nor one of `skip`. */
function nextToken(text: string, from: number, skip = ''): number {
  let i = from;
  while (i < text.length) {
    if (text.startsWith('//', i)) {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (/[\t\n\f\r ]/.test(text[i]) || skip.includes(text[i])) {
      i++;
    } else {
      break;
    }
  }
  return i;
}

/** The `(` of a call whose name ends at `nameEnd`. */
function openParen(text: string, nameEnd: number): number {
  return nextToken(text, nameEnd);
}

/** cel-go's offset of `node` in its text, or undefined for a node this does not place. */
export function celGoOffset(node: unknown): number | undefined {
  if (!isPlaced(node)) return undefined;
  const text = node.input;
  const args = node.args as unknown[];
  if (BINARY.has(node.op) && Array.isArray(args) && isPlaced(args[0])) return nextToken(text, args[0].end, ')');
  switch (node.op) {
    case '?:':
      return isPlaced(args[0]) ? nextToken(text, args[0].end, ')') : undefined;
    case '[]':
    case '[?]':
      return isPlaced(args[0]) ? nextToken(text, args[0].end, ')') : undefined;
    case '.':
    case '.?': {
      // Back from the field's name over blanks (and the `?` of `.?`) to the `.`.
      let i = node.pos - 1;
      while (i > 0 && /[\t\n\f\r ?]/.test(text[i])) i--;
      return i;
    }
    case 'call':
      return openParen(text, node.start + String(args[0]).length);
    case 'rcall': {
      const receiver = args[1];
      if (!isPlaced(receiver)) return undefined;
      const dot = nextToken(text, receiver.end, ')');
      const name = nextToken(text, dot + 1);
      return openParen(text, name + String(args[0]).length);
    }
    default:
      return node.start;
  }
}

/** The first operand of a chain of `op` that is not a bool, for cel-go's typeMismatch on a logical operator's operand. */
function nonBoolOperand(node: Placed): Placed | undefined {
  for (const arg of node.args as unknown[]) {
    if (!isPlaced(arg)) continue;
    if (arg.op === node.op) {
      const inner = nonBoolOperand(arg);
      if (inner !== undefined) return inner;
      continue;
    }
    const type = arg.checkedType?.name;
    if (type !== undefined && type !== 'bool' && type !== 'dyn') return arg;
  }
  return undefined;
}

const MAX_DEPTH = 1000;

/** The node of `root`'s tree one of whose arguments is `child` (a macro's arguments included), or undefined. */
function parentOf(root: unknown, child: unknown, depth = 0): Placed | undefined {
  if (depth > MAX_DEPTH || root === null || typeof root !== 'object') return undefined;
  if (Array.isArray(root)) {
    for (const item of root) {
      const found = parentOf(item, child, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isPlaced(root)) return undefined;
  const args = root.args;
  const direct = args === child || (Array.isArray(args) && args.some(a => a === child || (Array.isArray(a) && a.includes(child))));
  return direct ? root : parentOf(args, child, depth + 1);
}

/**
 * cel-go's offset of the error cel-js raised at `node` of `root`'s tree:
 * - a logical operator's operand that is not a bool: at the first such operand (checker.go resolveOverload's
 *   typeMismatch on each, errors sorted by location);
 * - a conditional's condition that is not a bool: at the `?` (no overload of `_?_:_`);
 * - a macro's predicate that is not a bool: at the predicate for all and exists (the operand of their `&&`,
 *   `||`), at the call for exists_one, filter and map (their conditional, made at the call's location);
 * - an argument of `or` or `orValue` of another type than the optional's: at the call;
 * - any other: at the node's own location.
 */
export function celGoErrorOffset(root: unknown, node: unknown, message: string): number | undefined {
  if (!isPlaced(node)) return undefined;
  if ((node.op === '&&' || node.op === '||') && /bool operands/.test(message)) {
    return celGoOffset(nonBoolOperand(node) ?? node);
  }
  if (message.startsWith('Ternary condition must be bool')) {
    const conditional = parentOf(root, node);
    return celGoOffset(conditional?.op === '?:' ? conditional : node);
  }
  // cel-js' check of or() and orValue() raises at the argument; cel-go finds no overload of the call.
  if (/^optional\.\w+\([^)]*\) argument must be compatible type/.test(message)) {
    const call = parentOf(root, node);
    return celGoOffset(call?.op === 'rcall' ? call : node);
  }
  const predicate = /^(\w+)\(var, [^)]*\) (?:filter )?predicate must return bool/.exec(message);
  if (predicate !== null && CONDITIONAL_MACROS.has(predicate[1])) {
    const call = parentOf(root, node);
    return celGoOffset(call?.op === 'rcall' ? call : node);
  }
  return celGoOffset(node);
}
