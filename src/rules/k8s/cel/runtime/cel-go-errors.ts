/**
 * The error cel-go raises where cel-js raised `error`, told by cel-js' error
 * code (its message only supplies the key, the index or the operand types),
 * or by outcome.ts for the runtime's own functions. Undefined where cel-go
 * would not fail, or might not: a function cel-js lacks, cel-js' own limits,
 * a runtime case left undecided, an error without a code.
 *
 * cel-go's texts: "no such key: <key>" and "index out of bounds: <index>"
 * (interpreter/attributes.go), "division by zero", "modulus by zero",
 * "integer overflow", "unsigned integer overflow" (common/types/err.go),
 * "optional.none() dereference" (common/types/optional.go), and for an
 * operator no overload of which takes the operands' runtime types, "no such
 * overload" or "no such overload: _+_" (see noSuchOverload).
 */
import { thrownKind } from './outcome';

/** The operand types cel-go and cel-js overload alike (cel-js lacks bytes ordering; durations and timestamps are left out). */
const OPERAND_TYPES: ReadonlySet<string> = new Set(['int', 'uint', 'double', 'string', 'bool', 'null', 'list', 'map']);

/** A type as cel-js prints it (`dyn<string>`, `list<int>`), if it is one of OPERAND_TYPES. */
function operandType(text: string): string | undefined {
  const inner = (/^dyn<(.*)>$/.exec(text)?.[1] ?? text).replace(/<.*$/, '');
  return OPERAND_TYPES.has(inner) ? inner : undefined;
}

/**
 * The traits each operator's singleton binding wants of its left operand
 * (common/stdlib/standard.go), and the kinds that have them
 * (common/types/types.go: Adder, Subtractor, Multiplier, Divider, Modder,
 * Comparer, Negater).
 */
const HAS_TRAIT: { readonly [op: string]: ReadonlySet<string> } = {
  '+': new Set(['int', 'uint', 'double', 'string', 'list']),
  '-': new Set(['int', 'uint', 'double']),
  '*': new Set(['int', 'uint', 'double']),
  '/': new Set(['int', 'uint', 'double']),
  '%': new Set(['int', 'uint']),
  '<': new Set(['int', 'uint', 'double', 'string', 'bool']),
  '<=': new Set(['int', 'uint', 'double', 'string', 'bool']),
  '>': new Set(['int', 'uint', 'double', 'string', 'bool']),
  '>=': new Set(['int', 'uint', 'double', 'string', 'bool']),
};

/**
 * cel-go's text of a runtime "no such overload" of an operator (evalBinary,
 * evalUnary): an operand with the operator's trait (or a string, a
 * Receiver) answers MaybeNoSuchOverloadErr's "no such overload"; another
 * gets "no such overload: _+_". From cel-js' "no such overload: dyn<string> +
 * int" or "-string".
 */
function noSuchOverload(summary: string): string | undefined {
  // Types may hold spaces (`map<dyn, dyn>`); the operator stands between two spaces.
  const binary = /^no such overload: (.+) (\+|-|\*|\/|%|<=|>=|<|>) (.+)$/.exec(summary);
  if (binary !== null) {
    const [left, right] = [operandType(binary[1]), operandType(binary[3])];
    const traits = HAS_TRAIT[binary[2]];
    if (left === undefined || right === undefined || traits === undefined) return undefined;
    return traits.has(left) || left === 'string' ? 'no such overload' : `no such overload: _${binary[2]}_`;
  }
  const unary = /^no such overload: ([-!])(\S+)$/.exec(summary);
  const operand = unary === null ? undefined : operandType(unary[2]);
  if (operand === undefined) return undefined;
  // !_ has no trait (its binding refuses a non-bool itself); -_ wants a Negater (int, double, bool: bool refused by the binding).
  if (unary![1] === '!' || ['int', 'double', 'bool', 'string'].includes(operand)) return 'no such overload';
  return 'no such overload: -_';
}

export function celGoErrorText(error: unknown): string | undefined {
  const own = thrownKind(error);
  if (own === 'cel-go') return (error as Error).message;
  if (own === 'undecided' || typeof error !== 'object' || error === null) return undefined;
  const { code, summary } = error as { code?: unknown; summary?: unknown };
  if (typeof code !== 'string' || typeof summary !== 'string') return undefined;
  switch (code) {
    case 'no_such_key': {
      const key = /^No such key: ([\s\S]*)$/.exec(summary)?.[1];
      return key === undefined ? undefined : `no such key: ${key}`;
    }
    case 'index_out_of_bounds': {
      const index = /index (-?\d+)/.exec(summary)?.[1];
      return index === undefined ? undefined : `index out of bounds: ${index}`;
    }
    case 'division_by_zero': return 'division by zero';
    case 'modulo_by_zero': return 'modulus by zero';
    case 'numeric_overflow':
      // Arithmetic on int ("integer overflow: <value>") and on uint; cel-js' conversions raise it too, with other texts.
      if (summary.startsWith('integer overflow')) return 'integer overflow';
      return summary === 'Unsigned integer overflow' ? 'unsigned integer overflow' : undefined;
    case 'optional_value_missing': return 'optional.none() dereference';
    case 'no_such_overload': return noSuchOverload(summary);
    default: return undefined;
  }
}
