/**
 * The macros of Kubernetes' base environment that cel-js 8 lacks, declared
 * on a cel-js Environment for type-checking (and evaluated where a default
 * is checked against its rules: runtime/comprehensions.ts):
 * - cel-go's ext.TwoVarComprehensions (ext/comprehensions.go, in the base
 *   environment since 1.32): `all`, `exists`, `existsOne` with two
 *   variables, `transformList`, `transformMap`, `transformMapEntry`;
 * - `optMap` and `optFlatMap` of cel-go's optional types (cel/library.go);
 * - `sortBy` of ext.Lists (ext/lists.go, version 2 and on).
 *
 * Each is type-checked as cel-go's checker checks the comprehension the
 * macro expands into: the iteration variables typed from the range
 * (checker.go, checkComprehension: a list gives int and its element, a map
 * its key and value, dyn gives dyn), then the step's operators. The AST
 * keeps the call (op `rcall`, the macro's name, its arguments), which
 * cost.ts estimates as cel-go's coster estimates the expansion.
 */
import { CelAstNode, CelEnvironment, CelTypeDeclaration, notEvaluated } from './cel-js';
import { COMPARABLE } from './library';

/** What a cel-js macro's typeCheck is given: the checker (its part used here). */
interface Checker {
  readonly boolType: CelTypeDeclaration;
  readonly dynType: CelTypeDeclaration;
  readonly registry: {
    getListType(t: CelTypeDeclaration): CelTypeDeclaration;
    getMapType(k: CelTypeDeclaration, v: CelTypeDeclaration): CelTypeDeclaration;
    getOptionalType(t: CelTypeDeclaration): CelTypeDeclaration;
  };
  check(node: CelAstNode, ctx: Context): CelTypeDeclaration;
  getType(name: string): CelTypeDeclaration;
  formatType(t: CelTypeDeclaration): string;
  createError(code: string, message: string, node: CelAstNode): Error;
}

interface Context {
  forkWithVariable(name: string, type: CelTypeDeclaration): Context;
}

interface MacroCall {
  readonly receiver: CelAstNode;
  readonly args: readonly CelAstNode[];
}

/** The accumulator names of cel-go's expansions, which an iteration variable may not take (extractIterVars). */
const ACCUMULATORS = new Set(['__result__', '@result']);

/** The identifier an iteration variable must be (extractIterVar), or a syntax error in cel-go's words. */
function variableName(node: CelAstNode, what: string): string {
  if (node.op !== 'id' || typeof node.args !== 'string') throw new Error(`${what} must be a simple name`);
  return node.args;
}

/** extractIterVars: two distinct simple names, neither the accumulator's. */
function iterationVariables(args: readonly CelAstNode[]): [string, string] {
  const first = variableName(args[0], 'argument');
  const second = variableName(args[1], 'argument');
  if (first === second) throw new Error(`duplicate variable name: ${first}`);
  if (ACCUMULATORS.has(first) || ACCUMULATORS.has(second)) throw new Error('iteration variable overwrites accumulator variable');
  return [first, second];
}

/** checkComprehension with IterVar2: the types of the two variables over `range`. */
function iterationTypes(chk: Checker, range: CelAstNode, ctx: Context): [CelTypeDeclaration, CelTypeDeclaration] {
  const t = chk.check(range, ctx);
  switch (t.kind) {
    case 'list': return [chk.getType('int'), t.valueType!];
    case 'map': return [t.keyType!, t.valueType!];
    case 'dyn': return [chk.dynType, chk.dynType];
  }
  throw chk.createError('invalid_comprehension_range',
    `expression of type '${chk.formatType(t)}' cannot be range of a comprehension (must be list, map, or dynamic)`, range);
}

const isBoolOrDyn = (t: CelTypeDeclaration): boolean => t.kind === 'dyn' || t.name === 'bool';

/** The bool a step's operator wants: cel-go finds no overload of `operator` for anything else. */
function wantBool(chk: Checker, node: CelAstNode, ctx: Context, macro: string, operator: string): void {
  const t = chk.check(node, ctx);
  if (!isBoolOrDyn(t)) {
    throw chk.createError('invalid_macro_argument', `${macro}: found no matching overload for '${operator}' applied to a ${chk.formatType(t)}`, node);
  }
}

type TwoVarMacro = 'all' | 'exists' | 'exists_one' | 'transformList' | 'transformMap' | 'transformMapEntry';

/** The result type of a two-variable comprehension, its body checked with both variables in scope. */
function checkTwoVar(chk: Checker, macro: TwoVarMacro, call: MacroCall, ctx: Context): CelTypeDeclaration {
  const [first, second] = iterationVariables(call.args);
  const [firstType, secondType] = iterationTypes(chk, call.receiver, ctx);
  const inner = ctx.forkWithVariable(first, firstType).forkWithVariable(second, secondType);
  const body = call.args[call.args.length - 1];
  switch (macro) {
    case 'all': wantBool(chk, body, inner, macro, '_&&_'); return chk.boolType;
    case 'exists': wantBool(chk, body, inner, macro, '_||_'); return chk.boolType;
    case 'exists_one': wantBool(chk, body, inner, macro, '_?_:_'); return chk.boolType;
  }
  if (call.args.length === 4) wantBool(chk, call.args[2], inner, macro, '_?_:_');
  const transform = chk.check(body, inner);
  switch (macro) {
    case 'transformList': return chk.registry.getListType(transform);
    case 'transformMap': return chk.registry.getMapType(firstType, transform);
  }
  // cel.@mapInsert(map(K, V), map(K, V)): the transform must be a map, whose type the result takes.
  if (transform.kind === 'map') return transform;
  if (transform.kind === 'dyn') return chk.registry.getMapType(chk.dynType, chk.dynType);
  throw chk.createError('invalid_macro_argument',
    `transformMapEntry: found no matching overload for 'cel.@mapInsert' applied to a ${chk.formatType(transform)}`, body);
}

/** optMap and optFlatMap: the bound variable takes the optional's value type. */
function checkOptional(chk: Checker, macro: 'optMap' | 'optFlatMap', call: MacroCall, ctx: Context): CelTypeDeclaration {
  const name = variableName(call.args[0], `${macro}() variable name`);
  const target = chk.check(call.receiver, ctx);
  let valueType: CelTypeDeclaration;
  if (target.kind === 'optional') valueType = target.valueType!;
  else if (target.kind === 'dyn') valueType = chk.dynType;
  else throw chk.createError('invalid_macro_argument', `${macro}: found no matching overload for 'hasValue' applied to a ${chk.formatType(target)}`, call.receiver);
  const result = chk.check(call.args[1], ctx.forkWithVariable(name, valueType));
  if (macro === 'optMap') return chk.registry.getOptionalType(result);
  if (result.kind === 'optional') return result;
  if (result.kind === 'dyn') return chk.registry.getOptionalType(chk.dynType);
  throw chk.createError('invalid_macro_argument', `optFlatMap: the expression must give an optional, not a ${chk.formatType(result)}`, call.args[1]);
}


/** sortBy: a list sorted by a key of a comparable type computed for each element. */
function checkSortBy(chk: Checker, call: MacroCall, ctx: Context): CelTypeDeclaration {
  const name = variableName(call.args[0], 'sortBy() variable name');
  // A literal (or a map or message literal) is refused; operators and indexing are calls in cel-go, and allowed.
  if (call.receiver.op === 'value' || call.receiver.op === 'map') {
    throw new Error('sortBy can only be applied to a list, identifier, comprehension, call or select expression');
  }
  const target = chk.check(call.receiver, ctx);
  let elem: CelTypeDeclaration;
  if (target.kind === 'list') elem = target.valueType!;
  else if (target.kind === 'dyn') elem = chk.dynType;
  else throw chk.createError('invalid_comprehension_range', `sortBy: expression of type '${chk.formatType(target)}' is not a list`, call.receiver);
  const key = chk.check(call.args[1], ctx.forkWithVariable(name, elem));
  // @sortByAssociatedKeys has an overload for each comparable type of library/lists.go; a free type parameter
  // (the elements of `[]`) takes any of them.
  if (key.kind !== 'dyn' && key.kind !== 'param' && !COMPARABLE.includes(key.name)) {
    throw chk.createError('invalid_macro_argument', `sortBy: a key of type '${chk.formatType(key)}' cannot be sorted by`, call.args[1]);
  }
  return target.kind === 'list' ? target : chk.registry.getListType(chk.dynType);
}

/** What evaluates a macro (cel-js' evaluate: the evaluator, the call, the context); the compiler has none. */
export type MacroEvaluate = (ev: any, call: any, ctx: any) => unknown;

/**
 * Declares the macros on `env`, each by name and number of arguments as
 * cel-go registers them, evaluated by `evaluators` (by the macro's name:
 * the runtime's, runtime/comprehensions.ts) or never.
 */
export function declareMissingMacros(env: CelEnvironment, evaluators: { readonly [macro: string]: MacroEvaluate } = {}): void {
  const declare = (signature: string, check: (chk: Checker, call: MacroCall, ctx: Context) => CelTypeDeclaration): void => {
    const name = signature.slice(signature.indexOf('.') + 1, signature.indexOf('('));
    env.registerFunction(signature, ({ args, receiver }: { args: CelAstNode[]; receiver: CelAstNode }) => ({
      receiver,
      args,
      typeCheck: (chk: Checker, call: MacroCall, ctx: Context) => check(chk, call, ctx),
      evaluate: evaluators[name] ?? notEvaluated,
    }));
  };
  const twoVar: ReadonlyArray<readonly [TwoVarMacro, readonly number[]]> = [
    ['all', [3]], ['exists', [3]], ['exists_one', [3]], ['transformList', [3, 4]], ['transformMap', [3, 4]], ['transformMapEntry', [3, 4]],
  ];
  for (const [macro, counts] of twoVar) {
    for (const n of counts) declare(`list.${macro}(${Array(n).fill('ast').join(', ')}): dyn`, (chk, call, ctx) => checkTwoVar(chk, macro, call, ctx));
  }
  declare('optional.optMap(ast, ast): dyn', (chk, call, ctx) => checkOptional(chk, 'optMap', call, ctx));
  declare('optional.optFlatMap(ast, ast): dyn', (chk, call, ctx) => checkOptional(chk, 'optFlatMap', call, ctx));
  declare('list.sortBy(ast, ast): dyn', checkSortBy);
}
