/**
 * The homogeneous aggregate literals of Kubernetes' base environment
 * (`cel.HomogeneousAggregateLiterals()`, k8s.io/apiserver
 * pkg/cel/environment/base.go), checked as cel-go's checker checks them:
 * the elements of a list literal, and the keys and the values of a map
 * literal, are joined one by one (checker.go, `joinTypes`), and an element
 * that is not assignable to the type so far (`isAssignable`, types.go) is a
 * type mismatch.
 *
 * cel-js' own check wants the types identical, so it refuses what cel-go
 * accepts: a dyn element beside an int one (`[self.intOrString, 1]`,
 * `[dyn(1), 2]`), or `optional.none()` beside another optional. The
 * compiler therefore runs cel-js without it, and this check on the checked
 * AST instead.
 */
import type { CelAstNode, CelTypeDeclaration } from './cel-js';
import { celGoName } from './go-type-names';

export interface Mismatch {
  readonly message: string;
  /** Where the offending element starts in the parsed text. */
  readonly start: number | undefined;
}

/** isDyn, and a type parameter, which a fresh literal's open type (`[]`, `optional.none()`) is. */
function isWildcard(t: CelTypeDeclaration): boolean {
  return t.kind === 'dyn' || t.kind === 'param';
}

/** isLegacyNullable: what null is assignable to (opaque types, optionals among them; structs; duration; timestamp). */
function isNullable(t: CelTypeDeclaration): boolean {
  return t.kind !== 'primitive' && t.kind !== 'list' && t.kind !== 'map';
}

const isNull = (t: CelTypeDeclaration): boolean => t.name === 'null' || t.name === 'null_type';

/** internalIsAssignable, type parameters taken as wildcards. */
function isAssignable(a: CelTypeDeclaration, b: CelTypeDeclaration): boolean {
  if (isWildcard(a) || isWildcard(b)) return true;
  if (isNull(a)) return isNull(b) || isNullable(b);
  if (isNull(b)) return isNullable(a);
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'list': case 'optional': return isAssignable(a.valueType!, b.valueType!);
    case 'map': return isAssignable(a.keyType!, b.keyType!) && isAssignable(a.valueType!, b.valueType!);
  }
  return a.name === b.name;
}

/** isEqualOrLessSpecific. */
function isEqualOrLessSpecific(a: CelTypeDeclaration, b: CelTypeDeclaration): boolean {
  if (isWildcard(a)) return true;
  if (isWildcard(b)) return false;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'list': case 'optional': return isEqualOrLessSpecific(a.valueType!, b.valueType!);
    case 'map': return isEqualOrLessSpecific(a.keyType!, b.keyType!) && isEqualOrLessSpecific(a.valueType!, b.valueType!);
  }
  return a.name === b.name;
}

/** Types joined one element at a time (checkCreateList's elemType, checkCreateMap's keyType and valueType). */
class Joined {
  private type: CelTypeDeclaration | undefined;

  /** joinTypes: the mismatch `element` makes, or undefined. */
  add(element: CelAstNode): Mismatch | undefined {
    const current = element.checkedType;
    if (current === undefined) return undefined;
    if (this.type === undefined || isAssignable(this.type, current)) {
      this.type = this.type === undefined || !isEqualOrLessSpecific(this.type, current) ? current : this.type;
      return undefined;
    }
    const start = (element as { start?: number }).start;
    return { message: `expected type '${celGoName(this.type)}' but found '${celGoName(current)}'`, start };
  }
}

/**
 * The first literal of `node`'s tree whose elements, keys or values do not
 * join, in the order cel-go's checker meets them: each element is checked
 * (its own literals first) before it is joined.
 */
export function heterogeneousLiteral(node: unknown, depth = 0): Mismatch | undefined {
  if (depth > 200 || node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = heterogeneousLiteral(child, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const n = node as CelAstNode;
  if (typeof n.op !== 'string') return undefined;
  if (n.op === 'list') {
    const elements = new Joined();
    for (const element of n.args as CelAstNode[]) {
      const found = heterogeneousLiteral(element, depth + 1) ?? elements.add(element);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (n.op === 'map') {
    const keys = new Joined();
    const values = new Joined();
    for (const [key, value] of n.args as Array<[CelAstNode, CelAstNode]>) {
      const found = heterogeneousLiteral(key, depth + 1) ?? keys.add(key) ?? heterogeneousLiteral(value, depth + 1) ?? values.add(value);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return heterogeneousLiteral(n.args, depth + 1);
}
