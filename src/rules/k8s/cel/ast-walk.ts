/**
 * A walk over cel-js' checked AST for the checks the compiler makes after
 * cel-js (homogeneous literals, literal arguments, string.format, list
 * functions): a node before its arguments, arrays of arguments in order, at
 * most MAX_DEPTH deep (a deeper rule has failed cel-go's own nesting
 * limits long before).
 */
import type { CelAstNode } from './cel-js';

export const MAX_DEPTH = 200;

/**
 * The first answer `visit` gives over `node`'s tree, or undefined; the
 * arguments of a node `skip` names are not visited.
 */
export function firstInAst<T>(node: unknown, visit: (n: CelAstNode) => T | undefined, skip?: (n: CelAstNode) => boolean, depth = 0): T | undefined {
  if (depth > MAX_DEPTH || node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = firstInAst(child, visit, skip, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const n = node as CelAstNode;
  if (typeof n.op !== 'string') return undefined;
  if (skip?.(n) === true) return undefined;
  return visit(n) ?? firstInAst(n.args, visit, skip, depth + 1);
}

/** The name and arguments of a call (a method's target is not an argument, as in cel-go's Call.Args), or undefined. */
export function callOf(node: CelAstNode): { name: string; target?: CelAstNode; args: CelAstNode[] } | undefined {
  if (node.op === 'call') {
    const [name, args] = node.args as [string, CelAstNode[]];
    return { name, args };
  }
  if (node.op === 'rcall') {
    const [name, target, args] = node.args as [string, CelAstNode, CelAstNode[]];
    return { name, target, args };
  }
  return undefined;
}
