/**
 * Optional entries of list and map literals (`[?x]`, `{?k: v}`, cel-go's
 * optional syntax: parser.EnableOptionalSyntax, on in Kubernetes' base
 * environment), which cel-js 8 does not parse. They are written for cel-js
 * with the entry's value wrapped in a macro, `[OPTIONAL_ENTRY(x)]`: the
 * entry's value must be an optional, and the literal's element is its value
 * type, as cel-go's checker types it (checkCreateList and checkCreateMap
 * with OptionalIndices). cost.ts counts
 * the wrapper as nothing, since cel-go's estimator costs the entry's value
 * alone (costCreateList, costCreateMap).
 */
import { CelEnvironment, notEvaluated } from './cel-js';
import { applyEdits, masked, Rewritten, unchanged } from './source-text';

/** The wrapper's name: no rule may call it (compile.ts refuses it as cel-go refuses an undeclared function). */
export const OPTIONAL_ENTRY = 'kubeBindOptionalEntry';

interface Open {
  /** `(` a call or a group, `[` an index, `L` a list literal, `{` a map literal. */
  readonly kind: '(' | '[' | 'L' | '{';
}

/** Where each optional entry's `?` stands, and where its value starts and ends (end exclusive). */
interface Entry {
  readonly question: number;
  readonly valueStart: number;
  readonly valueEnd: number;
}

function skipSpace(code: string, from: number): number {
  let i = from;
  while (i < code.length && /\s/.test(code[i])) i++;
  return i;
}

/** The optional entries of `code` (masked), found by their brackets. */
function optionalEntries(code: string): Entry[] {
  const entries: Entry[] = [];
  const stack: Open[] = [];
  // An entry being read: the depth it sits at, its `?`, for a map entry whether the key is past, and how many
  // conditionals of its key await their `:`.
  let pending: Array<{ depth: number; question: number; valueStart: number | undefined; inMap: boolean; conditionals: number }> = [];
  const entryStart = (i: number): void => {
    // Just after `[` of a list literal, `{`, or a `,` directly inside one: is the next token a `?`?
    const j = skipSpace(code, i);
    if (code[j] !== '?') return;
    const top = stack[stack.length - 1];
    const inMap = top.kind === '{';
    pending.push({ depth: stack.length, question: j, valueStart: inMap ? undefined : skipSpace(code, j + 1), inMap, conditionals: 0 });
  };
  const close = (i: number): void => {
    const depth = stack.length;
    const last = pending[pending.length - 1];
    if (last !== undefined && last.depth === depth && last.valueStart !== undefined) {
      entries.push({ question: last.question, valueStart: last.valueStart, valueEnd: i });
    }
    pending = pending.filter(p => p.depth !== depth);
  };
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === '(') {
      stack.push({ kind: '(' });
    } else if (c === '[') {
      // An index follows an operand (a name, a call, an index, a literal); after `in`, a keyword, a list starts.
      const before = code.slice(0, i).trimEnd();
      stack.push({ kind: /[\w)\]}]$/.test(before) && !/(^|[^\w.])in$/.test(before) ? '[' : 'L' });
      if (stack[stack.length - 1].kind === 'L') entryStart(i + 1);
    } else if (c === '{') {
      stack.push({ kind: '{' });
      entryStart(i + 1);
    } else if (c === ')' || c === ']' || c === '}') {
      close(i);
      stack.pop();
    } else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top !== undefined && (top.kind === 'L' || top.kind === '{')) {
        close(i);
        entryStart(i + 1);
      }
    } else if (c === '?' || c === ':') {
      // A key is an expression (CEL.g4's mapInitializerList: `keys+=optExpr ':' values+=expr`): it may be a conditional,
      // whose `:` comes before the entry's. The `?` of `.?f` and `[?i]` opens none.
      const last = pending[pending.length - 1];
      if (last === undefined || last.depth !== stack.length || !last.inMap || last.valueStart !== undefined) continue;
      if (c === '?') {
        if (i !== last.question && !/[.[]$/.test(code.slice(0, i).trimEnd())) last.conditionals++;
      } else if (last.conditionals > 0) {
        last.conditionals--;
      } else {
        last.valueStart = skipSpace(code, i + 1);
      }
    }
  }
  return entries;
}

/**
 * `text` with each optional entry `?v` (list) or `?k: v` (map) written
 * `OPTIONAL_ENTRY(v)` and `k: OPTIONAL_ENTRY(v)`, or `text` itself when it
 * has none.
 */
export function withOptionalEntriesWrapped(text: string): Rewritten {
  if (!text.includes('?')) return unchanged(text);
  // The `?` removed, `OPTIONAL_ENTRY(` before the value, `)` after it.
  return applyEdits(text, optionalEntries(masked(text)).flatMap(e => [
    { at: e.question, remove: 1, insert: '' },
    { at: e.valueStart, remove: 0, insert: `${OPTIONAL_ENTRY}(` },
    { at: e.valueEnd, remove: 0, insert: ')' },
  ]));
}

interface Type {
  readonly kind: string;
  readonly valueType?: Type;
}

interface Checker {
  readonly dynType: Type;
  check(node: unknown, ctx: unknown): Type;
  formatType(t: Type): string;
  createError(code: string, message: string, node: unknown): Error;
}

/** The element type of an optional entry: the value type of its optional (open for `optional.none()`), or dyn for a dyn value. */
function checkEntry(chk: Checker, call: { readonly args: readonly unknown[] }, ctx: unknown): Type {
  const t = chk.check(call.args[0], ctx);
  if (t.kind === 'dyn') return chk.dynType;
  if (t.kind === 'optional') return t.valueType!;
  // checker.go's typeMismatch, in its words.
  throw chk.createError('type_mismatch', `expected type 'optional_type(${chk.formatType(t)})' but found '${chk.formatType(t)}'`, call.args[0]);
}

/** Declares the wrapper on `env`, evaluated by `evaluate` (the runtime's: runtime/collection-literals.ts) or never. */
export function declareOptionalEntry(env: CelEnvironment, evaluate: (ev: any, call: any, ctx: any) => unknown = notEvaluated): void {
  env.registerFunction(`${OPTIONAL_ENTRY}(ast): dyn`, ({ args }: { args: unknown[] }) => ({
    args,
    typeCheck: checkEntry,
    evaluate,
  }));
}
