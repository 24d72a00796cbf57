/**
 * A map indexed by a key of another type: cel-go's checker refuses
 * `self.spec.labels[1]` (its `_[_]` and `_[?_]` overloads of a map take the
 * map's key type, common/stdlib/standard.go and cel/library.go, cel-go 0.26:
 * checker_test.go's `x[2].single_int32 == 23` on a map(string, ...)); cel-js
 * 8 types the index without comparing it to the key type. A dyn key or index
 * (or an open type parameter) matches any type, as in cel-go.
 */
import { firstInAst } from './ast-walk';
import { celGoOffset } from './cel-go-position';
import type { CelAstNode, CelTypeDeclaration } from './cel-js';
import { celGoName } from './go-type-names';

const OPEN = new Set(['dyn', 'param']);

function open(t: CelTypeDeclaration): boolean {
  return OPEN.has(t.kind);
}

/** The first index of a map by a key of another type, as cel-go's "found no matching overload". */
export function mapKeyMismatch(node: unknown): { message: string; start: number | undefined } | undefined {
  return firstInAst(node, n => {
    if (n.op !== '[]' && n.op !== '[?]') return undefined;
    const [target, index] = n.args as [CelAstNode, CelAstNode];
    const map = target?.checkedType;
    const key = index?.checkedType;
    if (map?.kind !== 'map' || map.keyType === undefined || key === undefined || open(map.keyType) || open(key)) return undefined;
    if (map.keyType.name === key.name) return undefined;
    const op = n.op === '[]' ? '_[_]' : '_[?_]';
    return { message: `found no matching overload for '${op}' applied to '(${celGoName(map)}, ${celGoName(key)})'`, start: celGoOffset(n) };
  });
}
