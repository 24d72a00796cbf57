/**
 * The part of `@marcbachmann/cel-js` the compiler uses, declared here: the
 * package is an ECMAScript module, loaded with Node's own require() (which
 * loads ECMAScript modules from Node 20.19 on), and its declarations cannot
 * be imported into this CommonJS build. Node's own `module` is asked for
 * with `process.getBuiltinModule` (Node >= 20.16), so that a module loader
 * standing in for Node's (Jest's) does not try to read the package as
 * CommonJS.
 */

/** A node of cel-js' AST; `checkedType` is set on every node once the expression is checked. */
export interface CelAstNode {
  readonly op: string;
  readonly args: unknown;
  readonly checkedType?: CelTypeDeclaration;
}

export interface CelTypeDeclaration {
  readonly kind: string;
  readonly name: string;
  readonly type: string;
  readonly keyType?: CelTypeDeclaration;
  readonly valueType?: CelTypeDeclaration;
}

export interface CelError extends Error {
  readonly range?: { readonly start: number; readonly end: number };
  /** The node the error was raised at (errors.js CelError.node). */
  readonly node?: unknown;
}

export interface CelParsed {
  readonly ast: CelAstNode;
  check(): { valid: boolean; type?: string; error?: CelError };
}

export interface CelEnvironment {
  clone(): CelEnvironment;
  registerType(name: string, definition: { ctor: Function; fields?: { [field: string]: string } }): CelEnvironment;
  registerVariable(name: string, type: string): CelEnvironment;
  registerConstant(name: string, type: string, value: unknown): CelEnvironment;
  registerFunction(signature: string, handler: (...args: any[]) => any): CelEnvironment;
  registerOperator(signature: string, handler: (...args: any[]) => any): CelEnvironment;
  parse(expression: string): CelParsed;
}

/** cel-js' optional values (lib/optional.js): `optional.of(v)` and `optional.none()` at run time. */
export interface CelOptionals {
  of(value: unknown): unknown;
  none(): unknown;
}

/** cel-js' parser limits (lib/options.js). */
export interface CelLimits {
  readonly maxDepth: number;
  readonly maxAstNodes: number;
  readonly maxListElements: number;
  readonly maxMapEntries: number;
  readonly maxCallArguments: number;
}

interface CelJs {
  readonly Environment: new (options: { enableOptionalTypes: boolean; homogeneousAggregateLiterals: boolean; limits?: CelLimits }) => CelEnvironment;
  readonly Optional: CelOptionals;
}

let loaded: CelJs | undefined;

function celJs(): CelJs {
  if (loaded === undefined) {
    const nodeModule = (process as unknown as { getBuiltinModule(name: string): typeof import('module') }).getBuiltinModule('module');
    loaded = nodeModule.createRequire(__filename)('@marcbachmann/cel-js') as CelJs;
  }
  return loaded;
}

/**
 * A new environment with optional types and, unless `homogeneousLiterals` is false, cel-js' check of
 * homogeneous aggregate literals (Kubernetes' base environment has both; the compiler checks literals
 * itself, as cel-go does: homogeneous.ts), with cel-js' default parser limits unless `limits` are given.
 */
export function newCelEnvironment(homogeneousLiterals = true, limits?: CelLimits): CelEnvironment {
  return new (celJs().Environment)({
    enableOptionalTypes: true, homogeneousAggregateLiterals: homogeneousLiterals, ...(limits !== undefined ? { limits } : {}),
  });
}

/**
 * A value of cel-js' type `type` named `name`, for a constant naming a type cel-js lacks: cel-js types a
 * constant by its value, and its Type class is not exported, so it is taken from the value of `int`.
 */
export function celTypeValue(name: string): unknown {
  const env = newCelEnvironment() as CelEnvironment & { evaluate(expression: string): unknown };
  const int = env.evaluate('int') as { constructor: new (typeName: string) => unknown };
  return new int.constructor(name);
}

/** cel-js' Optional class, whose `of` and `none` make the optional values its programs read. */
export function celOptionals(): CelOptionals {
  return celJs().Optional;
}

/**
 * The handler of what the compiler declares for type-checking only (the libraries, the macros and functions
 * cel-js lacks, the types' operators): the compiler never evaluates, so it never runs.
 */
export const notEvaluated = (): never => {
  throw new Error('declared for type-checking only');
};
