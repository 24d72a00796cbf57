/**
 * A field selection (`x.f`, `x.?f`, `has(x.f)`) of a value that has no
 * fields: cel-go's checker selects only from an object, a map or dyn (or an
 * optional of one), and refuses the rest with "type '...' does not support
 * field selection" (checker/checker.go checkSelectField, cel-go 0.26).
 * cel-js 8 reads `uint`, `bytes`, `google.protobuf.Duration` and
 * `google.protobuf.Timestamp` as registered object types with any field
 * (type-checker.js checkAccessOnType); for the others it refuses as cel-go
 * does.
 */
import { firstInAst } from './ast-walk';
import { celGoOffset } from './cel-go-position';
import type { CelAstNode, CelTypeDeclaration } from './cel-js';
import { celGoName } from './go-type-names';

/** The types cel-js lets a field be selected from, but cel-go does not. */
const FIELDLESS = new Set(['uint', 'bytes', 'google.protobuf.Duration', 'google.protobuf.Timestamp']);

/** The first selection of a field from a value of a type that has none, as cel-go's message. */
export function unselectableTarget(node: unknown): { message: string; start: number | undefined; node: CelAstNode } | undefined {
  return firstInAst(node, n => {
    if (n.op !== '.' && n.op !== '.?') return undefined;
    const operand: CelTypeDeclaration | undefined = (n.args as [CelAstNode])[0]?.checkedType;
    const type = operand?.kind === 'optional' ? operand.valueType : operand;
    if (type === undefined || !FIELDLESS.has(type.name)) return undefined;
    return { message: `type '${celGoName(type)}' does not support field selection`, start: celGoOffset(n), node: n };
  });
}
