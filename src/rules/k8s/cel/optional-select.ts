/**
 * An optional selection of a field the object does not have, `self.?nope`,
 * or any selection through an optional (`self.?spec.nope`): cel-go's
 * checker looks the field up as it does for `self.nope`, in the optional's
 * value type (checker/checker.go, checkOptSelect and checkSelect through
 * checkSelectField, cel-go 0.26) and refuses an undefined one; cel-js 8
 * types both without looking. A map or dyn operand has any key, as in cel-go.
 */
import { firstInAst } from './ast-walk';
import { celGoOffset } from './cel-go-position';
import type { CelAstNode } from './cel-js';

/** The first `.?` of a field its object type lacks, or `.` through an optional, per `fieldsOf` (the declared fields of a type name). */
export function undefinedOptionalField(
  node: unknown, fieldsOf: (typeName: string) => ReadonlySet<string> | undefined,
): { message: string; start: number | undefined; node: CelAstNode } | undefined {
  return firstInAst(node, n => {
    if (n.op !== '.?' && n.op !== '.') return undefined;
    const [target, field] = n.args as [CelAstNode, unknown];
    const operand = target?.checkedType;
    // cel-js checks `.` on an object itself.
    if (n.op === '.' && operand?.kind !== 'optional') return undefined;
    const type = operand?.kind === 'optional' ? operand.valueType : operand;
    if (type?.kind !== 'message' || typeof field !== 'string') return undefined;
    const fields = fieldsOf(type.name);
    if (fields === undefined || fields.has(field)) return undefined;
    return { message: `undefined field '${field}'`, start: celGoOffset(n), node: n };
  });
}
