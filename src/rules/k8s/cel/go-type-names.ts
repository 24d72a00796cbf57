/**
 * Types named as cel-go names them in its messages (types.Type.String, via
 * FormatCELType): `list(int)`, `map(string, int)`, `optional_type(string)`,
 * `null_type`, where cel-js writes `list<int>`.
 */
import type { CelTypeDeclaration } from './cel-js';

/** cel-go's names of types in its messages: `list(int)`, `map(string, int)`, `optional_type(string)`. */
export function celGoName(t: CelTypeDeclaration): string {
  switch (t.kind) {
    case 'list': return `list(${celGoName(t.valueType!)})`;
    case 'map': return `map(${celGoName(t.keyType!)}, ${celGoName(t.valueType!)})`;
    case 'optional': return `optional_type(${celGoName(t.valueType!)})`;
    case 'param': return t.name;
  }
  return t.name === 'null' || t.name === 'null_type' ? 'null_type' : t.name;
}
