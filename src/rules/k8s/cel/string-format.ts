/**
 * The static check of `'<literal>'.format([<list literal>])` that ext.Strings
 * (version 2, in Kubernetes' base environment) adds to the compiler: cel-go
 * ext/formatting.go, `stringFormatValidator.Validate`. The format string is
 * parsed as parseFormatString parses it (`%%`, `%s`, `%d`, `%f` and `%e`
 * with an optional precision that strconv.Atoi converts, `%b`, `%x`, `%X`, `%o`), each clause's
 * argument must be of a type the clause takes (stringFormatChecker: dyn
 * passes), and there must be as many arguments as clauses. The messages are
 * cel-go's.
 */
import { callOf, firstInAst } from './ast-walk';
import { celGoOffset } from './cel-go-position';
import type { CelAstNode, CelTypeDeclaration } from './cel-js';

export interface FormatError {
  readonly message: string;
  readonly start: number | undefined;
}

type Kind = 'int' | 'uint' | 'double' | 'bool' | 'string' | 'bytes' | 'null' | 'timestamp' | 'duration' | 'type' | 'list' | 'map' | 'dyn' | 'other';

/** The type's kind, as verifyTypeOneOf compares kinds (a parameter, which cel-go would have substituted, passes as dyn). */
function kindOf(t: CelTypeDeclaration | undefined): Kind {
  if (t === undefined || t.kind === 'dyn' || t.kind === 'param') return 'dyn';
  if (t.kind === 'list' || t.kind === 'map') return t.kind;
  switch (t.name) {
    case 'int': case 'uint': case 'double': case 'bool': case 'string': case 'bytes': case 'type': return t.name;
    case 'null': case 'null_type': return 'null';
    case 'google.protobuf.Timestamp': return 'timestamp';
    case 'google.protobuf.Duration': return 'duration';
  }
  return 'other';
}

/** TypeName, as the messages give it. */
function typeName(t: CelTypeDeclaration | undefined): string {
  const kind = kindOf(t);
  if (kind === 'list' || kind === 'map') return kind;
  if (kind === 'null') return 'null_type';
  if (t?.kind === 'optional') return 'optional_type';
  return t?.name ?? 'dyn';
}

const at = (node: CelAstNode): number | undefined => celGoOffset(node);

/** strconv.Atoi's bound, on a 64-bit server. */
const MAX_INT64 = 2n ** 63n - 1n;

/** verifyString: the kinds %s takes, into the elements of a list or map literal. */
function badStringArgument(node: CelAstNode): CelAstNode | undefined {
  const kind = kindOf(node.checkedType);
  if (kind === 'other') return node;
  if (node.op === 'list') {
    for (const element of node.args as CelAstNode[]) {
      const bad = badStringArgument(element);
      if (bad !== undefined) return bad;
    }
  }
  if (node.op === 'map') {
    for (const [key, value] of node.args as Array<[CelAstNode, CelAstNode]>) {
      const bad = badStringArgument(key) ?? badStringArgument(value);
      if (bad !== undefined) return bad;
    }
  }
  return undefined;
}

/** Each numeric clause: the kinds it takes, and what it says otherwise. */
const CLAUSES: ReadonlyMap<string, { kinds: readonly Kind[]; error: string }> = new Map([
  ['d', { kinds: ['int', 'uint'], error: 'decimal clause can only be used on integers' }],
  ['f', { kinds: ['double', 'string'], error: 'fixed-point clause can only be used on doubles' }],
  ['e', { kinds: ['double', 'string'], error: 'scientific clause can only be used on doubles' }],
  ['b', { kinds: ['int', 'uint', 'bool'], error: 'only integers and bools can be formatted as binary' }],
  ['x', { kinds: ['int', 'uint', 'string', 'bytes'], error: 'only integers, byte buffers, and strings can be formatted as hex' }],
  ['X', { kinds: ['int', 'uint', 'string', 'bytes'], error: 'only integers, byte buffers, and strings can be formatted as hex' }],
  ['o', { kinds: ['int', 'uint'], error: 'octal clause can only be used on integers' }],
]);

const STRING_CLAUSE = 'string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps';

/** The error of one format call, as parseFormatString with the checker reports it. */
function checkFormat(call: CelAstNode, format: string, args: readonly CelAstNode[]): FormatError | undefined {
  // An error of the call is at the call's `(` (Validate's e.ID()), one of an argument at the argument (formatError's id).
  const callAt = celGoOffset(call);
  let argIndex = 0;
  let i = 0;
  while (i < format.length) {
    if (format[i] !== '%') {
      i++;
      continue;
    }
    if (format[i + 1] === '%') {
      i += 2;
      continue;
    }
    if (i + 1 >= format.length) return { message: 'unexpected end of string', start: callAt };
    if (argIndex >= args.length) return { message: `index ${argIndex} out of range`, start: callAt };
    // parsePrecision.
    let j = i + 1;
    if (format[j] === '.') {
      j++;
      const digits = j;
      while (j < format.length && format[j] >= '0' && format[j] <= '9') j++;
      if (j >= format.length) {
        return { message: 'could not parse formatting clause: error while parsing precision: could not find end of precision specifier', start: callAt };
      }
      // strconv.Atoi of the digits: none (`%.f`) or beyond int64 does not convert.
      const precision = format.slice(digits, j);
      const atoi = precision === '' ? 'invalid syntax' : BigInt(precision) > MAX_INT64 ? 'value out of range' : undefined;
      if (atoi !== undefined) {
        return {
          message: `could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing "${precision}": ${atoi}`,
          start: callAt,
        };
      }
    }
    const verb = format[j];
    const arg = args[argIndex];
    if (verb === 's') {
      const bad = badStringArgument(arg);
      if (bad !== undefined) return { message: `error during formatting: ${STRING_CLAUSE}, was given ${typeName(bad.checkedType)}`, start: at(bad) };
    } else {
      const clause = CLAUSES.get(verb);
      if (clause === undefined) return { message: `could not parse formatting clause: unrecognized formatting clause "${verb}"`, start: callAt };
      const kind = kindOf(arg.checkedType);
      if (kind !== 'dyn' && !clause.kinds.includes(kind)) {
        return { message: `error during formatting: ${clause.error}, was given ${typeName(arg.checkedType)}`, start: at(arg) };
      }
    }
    i = j + 1;
    argIndex++;
  }
  if (args.length > argIndex) {
    return { message: `too many arguments supplied to string.format (expected ${argIndex}, got ${args.length})`, start: callAt };
  }
  return undefined;
}

/** The first `format` call of `node`'s tree with a literal format string and a list literal that the validator refuses. */
export function stringFormatError(node: unknown): FormatError | undefined {
  return firstInAst(node, n => {
    const call = callOf(n);
    const target = call?.target;
    if (call?.name !== 'format' || target?.op !== 'value' || typeof target.args !== 'string') return undefined;
    if (call.args.length !== 1 || call.args[0].op !== 'list') return undefined;
    return checkFormat(n, target.args, call.args[0].args as CelAstNode[]);
  });
}
