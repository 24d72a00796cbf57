/**
 * An index (`x[i]`, `x[?i]`) of a value that has none: cel-go declares
 * `_[_]` and `_[?_]` for lists and maps only, and for optionals of them
 * (common/stdlib/standard.go and cel/library.go, cel-go 0.26), so its
 * checker refuses `self.metadata["name"]`, `b"x"[0]` or `1u["a"]` with
 * noMatchingOverload (checker/checker.go resolveOverload). cel-js 8 lets
 * any registered type be indexed by a string (type-checker.js
 * checkAccessOnType), an object's field read as with `.`, and an optional
 * of anything. A dyn or open target, and null (which cel-go lets stand for
 * any of them), match.
 */
import { firstInAst } from './ast-walk';
import { celGoOffset } from './cel-go-position';
import type { CelAstNode, CelTypeDeclaration } from './cel-js';
import { celGoName } from './go-type-names';

const INDEXED = new Set(['list', 'map', 'dyn', 'param']);

function indexable(t: CelTypeDeclaration): boolean {
  if (INDEXED.has(t.kind) || t.name === 'null') return true;
  return t.kind === 'optional' && t.valueType !== undefined && INDEXED.has(t.valueType.kind);
}

/** The first index of a value of a type cel-go has no index for, as its "found no matching overload". */
export function unindexableTarget(node: unknown): { message: string; start: number | undefined } | undefined {
  return firstInAst(node, n => {
    if (n.op !== '[]' && n.op !== '[?]') return undefined;
    const [target, index] = n.args as [CelAstNode, CelAstNode];
    const type = target?.checkedType;
    const key = index?.checkedType;
    if (type === undefined || key === undefined || indexable(type)) return undefined;
    const op = n.op === '[]' ? '_[_]' : '_[?_]';
    return { message: `found no matching overload for '${op}' applied to '(${celGoName(type)}, ${celGoName(key)})'`, start: celGoOffset(n) };
  });
}
