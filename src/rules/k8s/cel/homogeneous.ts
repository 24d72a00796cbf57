/**
 * The homogeneous aggregate literals of Kubernetes' base environment
 * (`cel.HomogeneousAggregateLiterals()`, k8s.io/apiserver
 * pkg/cel/environment/base.go), checked as cel-go's AST validator checks
 * them (cel/validator.go, `homogeneousAggregateLiteralValidator.Validate`):
 * every element of a list literal, and every key and every value of a map
 * literal, must have a type equivalent to the first one's
 * (`Type.IsEquivalentType`, so a dyn element beside an int one is refused),
 * an optional entry counting as its value type; literals anywhere inside a
 * call of `format` are exempt (ext.Strings' stringFormatValidator adds
 * `format` to HomogeneousAggregateLiteralExemptFunctions).
 *
 * The validator reads the types the checker gives once its type parameters
 * are substituted: `[[], [1]]` is two `list(int)`. cel-js leaves an open
 * parameter where cel-go has substituted one, so a parameter here matches
 * any type. cel-js' own check of homogeneous literals has no exemption for
 * `format` and no notion of an optional entry: the compiler runs cel-js
 * without it, and this check on the checked AST instead.
 */
import { callOf, firstInAst } from './ast-walk';
import type { CelAstNode, CelTypeDeclaration } from './cel-js';
import { celGoName } from './go-type-names';

export interface Mismatch {
  readonly message: string;
  /** Where the offending element starts in the parsed text. */
  readonly start: number | undefined;
}

/** The functions whose arguments' literals are exempt, at any depth (inExemptFunction). */
const EXEMPT_FUNCTIONS = new Set(['format']);

/** IsEquivalentType, an open type parameter standing for the type cel-go would have substituted. */
function isEquivalent(a: CelTypeDeclaration, b: CelTypeDeclaration): boolean {
  if (a.kind === 'param' || b.kind === 'param') return true;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'list': case 'optional': return isEquivalent(a.valueType!, b.valueType!);
    case 'map': return isEquivalent(a.keyType!, b.keyType!) && isEquivalent(a.valueType!, b.valueType!);
  }
  return a.name === b.name;
}

/** The first type of a literal's elements (keys, values), and the mismatch each later one makes. */
class FirstType {
  private first: CelTypeDeclaration | undefined;

  check(element: CelAstNode): Mismatch | undefined {
    const type = element.checkedType;
    if (type === undefined) return undefined;
    if (this.first === undefined || (this.first.kind === 'param' && type.kind !== 'param')) {
      // An open first type takes the type its siblings give it, as substitution would.
      this.first = type;
      return undefined;
    }
    if (isEquivalent(this.first, type)) return undefined;
    return { message: `expected type '${celGoName(this.first)}' but found '${celGoName(type)}'`, start: (element as { start?: number }).start };
  }
}

/** The mismatch of a list or map literal, or undefined. */
function literalMismatch(n: CelAstNode): Mismatch | undefined {
  if (n.op === 'list') {
    const elements = new FirstType();
    for (const element of n.args as CelAstNode[]) {
      const found = elements.check(element);
      if (found !== undefined) return found;
    }
  }
  if (n.op === 'map') {
    const keys = new FirstType();
    const values = new FirstType();
    for (const [key, value] of n.args as Array<[CelAstNode, CelAstNode]>) {
      const found = keys.check(key) ?? values.check(value);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The first literal of `node`'s tree whose elements, keys or values are not of one type, outside `format` calls. */
export function heterogeneousLiteral(node: unknown): Mismatch | undefined {
  return firstInAst(node, literalMismatch, n => EXEMPT_FUNCTIONS.has(callOf(n)?.name ?? ''));
}
