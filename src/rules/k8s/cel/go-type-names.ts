/**
 * Types named as cel-go names them in its messages (types.Type.String, via
 * FormatCELType): `list(int)`, `map(string, int)`, `optional_type(string)`,
 * `null_type`, `duration`, where cel-js writes `list<int>`, `google.protobuf.Duration`.
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
  return WELL_KNOWN[t.name] ?? t.name;
}

/** cel-go's names of the types cel-js names otherwise (FormatCELType: a Duration or Timestamp by its kind). */
const WELL_KNOWN: { readonly [celJsName: string]: string } = {
  'null': 'null_type',
  'null_type': 'null_type',
  'google.protobuf.Duration': 'duration',
  'google.protobuf.Timestamp': 'timestamp',
};
