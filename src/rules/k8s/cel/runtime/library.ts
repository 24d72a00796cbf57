/**
 * Kubernetes' CEL libraries at run time, for the rules a default is checked
 * against (../default-rules.ts). The functions are declared on the runtime's
 * environment from library.ts' own declarations (declareKubernetesLibraries,
 * replayed here with handlers), so that a signature is written once; each
 * handler loads the module that implements its library when a rule first
 * calls it. A function no module implements, or a case a module does not
 * decide, leaves the rule to the server (outcome.ts), never an error.
 *
 * Implemented: regex.ts (find, findAll), lists.ts (isSorted, sum, min, max,
 * indexOf, lastIndexOf), lists-ext.ts (cel-go's lists extension: range,
 * slice, flatten, reverse, distinct, sort; first and last), sets.ts (sets.contains, equivalent, intersects),
 * quantity.ts (every function of the quantity library), net.ts (the ip and
 * cidr libraries), semver.ts, format.ts (the name formats and byte), url.ts,
 * optional.ts (`==` between optionals, of standard.ts), and cel-go's strings
 * extension: strings.ts (charAt, replace, strings.quote, and in place of
 * cel-js' own the functions it computes otherwise: RENAMED_BUILTINS) and
 * strings-format.ts (format).
 *
 * A function whose result is optional (`format.named()`, `validate()`)
 * returns undefined for optional.none() and its value otherwise: the
 * handler makes cel-js' optional of it.
 */
import { evaluateListLiteral, evaluateMapLiteral } from './collection-literals';
import { leaveToServer, RuntimeFunctions, thrownKind } from './outcome';
import { CelEnvironment, celOptionals } from '../cel-js';
import { declareKubernetesLibraries, LIBRARY_TYPES } from '../library';
import { OPTIONAL_ENTRY } from '../optional-entries';
import { declareMissingStandardFunctions } from '../standard';

/* eslint-disable @typescript-eslint/no-require-imports */
/** Which module implements a function, by its runtime name (see RuntimeFunctions); loaded on the first call. */
const MODULES: ReadonlyArray<readonly [RegExp, () => RuntimeFunctions]> = [
  [/^string\.(find|findAll)$/, () => (require('./regex') as typeof import('./regex')).FUNCTIONS],
  [/^list\.(isSorted|sum|min|max|indexOf|lastIndexOf)$/, () => (require('./lists') as typeof import('./lists')).FUNCTIONS],
  [/^(k8s\.ListsNamespace\.range|list\.(slice|flatten|reverse|distinct|sort|first|last))$/, () => (require('./lists-ext') as typeof import('./lists-ext')).FUNCTIONS],
  [/^k8s\.SetsNamespace\./, () => (require('./sets') as typeof import('./sets')).FUNCTIONS],
  [/^(quantity|isQuantity|sign|kubernetes\.Quantity\..*)$/, () => (require('./quantity') as typeof import('./quantity')).FUNCTIONS],
  [/^(ip|isIP|cidr|isCIDR|string|k8s\.IPNamespace\..*|net\.(IP|CIDR)\..*)$/, () => (require('./net') as typeof import('./net')).FUNCTIONS],
  [/^(semver|isSemver|kubernetes\.Semver\..*)$/, () => (require('./semver') as typeof import('./semver')).FUNCTIONS],
  [/^(k8s\.FormatNamespace|kubernetes\.NamedFormat)\./, () => (require('./format') as typeof import('./format')).FUNCTIONS],
  [/^(url|isURL|kubernetes\.URL\..*)$/, () => (require('./url') as typeof import('./url')).FUNCTIONS],
  [/^optional\.==$/, () => (require('./optional') as typeof import('./optional')).FUNCTIONS],
  [/^(string\.(charAt|indexOf|lastIndexOf|substring|split|replace|lowerAscii|upperAscii|trim)|k8s\.StringsNamespace\.quote)$/,
    () => (require('./strings') as typeof import('./strings')).FUNCTIONS],
  [/^string\.format$/, () => ({ 'string.format': (require('./strings-format') as typeof import('./strings-format')).format })],
];
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * cel-js' built-in string functions whose answers differ from cel-go's
 * (strings.ts says how): a rule calls them under these names instead, its
 * calls renamed in its AST (renameBuiltins), each name declared with the
 * overloads of the original: strings.ts' for a string, lists.ts' for a list.
 */
const RENAMED_BUILTINS: ReadonlyMap<string, string> = new Map(['indexOf', 'lastIndexOf', 'substring', 'split', 'lowerAscii', 'upperAscii', 'trim']
  .map(name => [name, `kubeBind${name[0].toUpperCase()}${name.slice(1)}`]));

const RENAMED_SIGNATURES = [
  'string.indexOf(string): int', 'string.indexOf(string, int): int', 'list<A>.indexOf(A): int',
  'string.lastIndexOf(string): int', 'string.lastIndexOf(string, int): int', 'list<A>.lastIndexOf(A): int',
  'string.substring(int): string', 'string.substring(int, int): string',
  'string.split(string): list<string>', 'string.split(string, int): list<string>',
  'string.lowerAscii(): string', 'string.upperAscii(): string', 'string.trim(): string',
];

/** Renames, in place, the method calls of `ast` (as cel-js parsed it, not yet evaluated) that RENAMED_BUILTINS renames. */
export function renameBuiltins(ast: unknown, depth = 0): void {
  if (depth > 1000 || typeof ast !== 'object' || ast === null) return;
  if (Array.isArray(ast)) {
    for (const node of ast) renameBuiltins(node, depth + 1);
    return;
  }
  const { op, args } = ast as { op?: unknown; args?: unknown };
  if (typeof op !== 'string') return;
  if (op === 'rcall' && Array.isArray(args) && typeof args[0] === 'string') {
    const renamed = RENAMED_BUILTINS.get(args[0]);
    if (renamed !== undefined) args[0] = renamed;
  }
  renameBuiltins(args, depth + 1);
}

/** The calls that read a map's keys as values: format writes them, a comprehension over a map binds them. */
const READS_KEYS = new Set(['format', 'all', 'exists', 'exists_one', 'map', 'filter', 'transformList', 'transformMap', 'transformMapEntry']);

/**
 * Makes the list and map literals of `ast` (as cel-js parsed it, before its
 * first evaluation) evaluate as cel-go's (collection-literals.ts) where
 * cel-js' own evaluation would answer otherwise: a literal with an optional
 * entry (OPTIONAL_ENTRY), and every map literal of a rule that reads a map's
 * keys as values (READS_KEYS).
 */
export function prepareLiterals(ast: unknown): void {
  const lists: Node[] = [];
  const maps: Node[] = [];
  let reads = false;
  const visit = (node: unknown, depth: number): void => {
    if (depth > 1000 || typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) return node.forEach(n => visit(n, depth + 1));
    const { op, args } = node as Node;
    if (typeof op !== 'string') return;
    if (op === 'rcall' && Array.isArray(args) && READS_KEYS.has(args[0] as string)) reads = true;
    if (op === 'list' && Array.isArray(args) && args.some(isOptionalEntry)) lists.push(node as Node);
    if (op === 'map') maps.push(node as Node);
    visit(args, depth + 1);
  };
  visit(ast, 0);
  for (const list of lists) list.setMeta('evaluate', evaluateListLiteral);
  for (const map of maps) {
    const entries = Array.isArray(map.args) ? map.args as unknown[][] : [];
    if (reads || entries.some(entry => isOptionalEntry(entry[1]))) map.setMeta('evaluate', evaluateMapLiteral);
  }
}

/** A node of cel-js' AST, as parsed. */
interface Node {
  readonly op?: unknown;
  readonly args?: unknown;
  setMeta(key: string, value: unknown): unknown;
}

/** Whether `node` is a call of OPTIONAL_ENTRY, an optional entry's value. */
function isOptionalEntry(node: unknown): boolean {
  const { op, args } = (node ?? {}) as Node;
  return op === 'call' && Array.isArray(args) && args[0] === OPTIONAL_ENTRY;
}

/* eslint-disable @typescript-eslint/no-require-imports */
const comprehensions = (): typeof import('./comprehensions') => require('./comprehensions') as typeof import('./comprehensions');
/* eslint-enable @typescript-eslint/no-require-imports */

/** The macros of macros.ts at run time, by name: comprehensions.ts, loaded when a rule first runs one. */
export const MACRO_EVALUATORS: { readonly [macro: string]: (ev: unknown, call: unknown, ctx: unknown) => unknown } = Object.fromEntries(
  ['all', 'exists', 'exists_one', 'transformList', 'transformMap', 'transformMapEntry', 'optMap', 'optFlatMap', 'sortBy'].map(name => [name,
    (ev: unknown, call: unknown, ctx: unknown) => comprehensions().EVALUATORS[name](ev as never, call as never, ctx as never)]));

/** cel-js' one-variable macros and their numbers of arguments (its own: registerMacros). */
const ONE_VARIABLE_MACROS: ReadonlyMap<string, readonly number[]> = new Map([
  ['all', [2]], ['exists', [2]], ['exists_one', [2]], ['map', [2, 3]], ['filter', [2]],
]);

/**
 * Makes cel-js' own one-variable macros of `ast` (as cel-js parsed it,
 * before its first evaluation) evaluate with comprehensions.ts'
 * ONE_VARIABLE, as cel-go evaluates their expansions: the expansion cel-js
 * made (the node's alternate) is kept for type-checking, its evaluation
 * replaced.
 */
export function runOwnMacros(ast: unknown, depth = 0): void {
  if (depth > 1000 || typeof ast !== 'object' || ast === null) return;
  if (Array.isArray(ast)) return ast.forEach(node => runOwnMacros(node, depth + 1));
  const node = ast as { op?: unknown; args?: unknown; meta?: { alternate?: { setMeta(key: string, value: unknown): unknown } } };
  if (typeof node.op !== 'string') return;
  const args = node.args;
  const alternate = node.meta?.alternate;
  if (node.op === 'rcall' && Array.isArray(args) && Array.isArray(args[2]) && alternate !== undefined
    && ONE_VARIABLE_MACROS.get(args[0] as string)?.includes(args[2].length)) {
    const name = args[0] as string;
    const call = { receiver: args[1], args: args[2] };
    alternate.setMeta('evaluate', (ev: unknown, _node: unknown, ctx: unknown) => comprehensions().ONE_VARIABLE[name](ev as never, call, ctx as never));
  }
  runOwnMacros(args, depth + 1);
}

/** A value of one of the libraries' opaque types, as cel-js holds it: cel-js tells a registered type by its constructor. */
interface Opaque {
  readonly inner: unknown;
}

const opaqueTypes = new Map<string, new (inner: unknown) => Opaque>();

function opaqueType(name: string): new (inner: unknown) => Opaque {
  let type = opaqueTypes.get(name);
  if (type === undefined) {
    type = class {
      constructor(readonly inner: unknown) {}
    };
    opaqueTypes.set(name, type);
  }
  return type;
}

function isLibraryType(name: string): boolean {
  return (LIBRARY_TYPES as readonly string[]).includes(name);
}

function isOpaque(value: unknown): value is Opaque {
  return typeof value === 'object' && value !== null && [...opaqueTypes.values()].some(type => value instanceof type);
}

/** The runtime name of a signature: `list<int>.isSorted(): bool` is `list.isSorted`, `quantity(string): ...` is `quantity`. */
export function runtimeName(signature: string): string {
  const head = signature.slice(0, signature.indexOf('('));
  const dot = head.lastIndexOf('.');
  if (dot < 0) return head;
  return `${head.slice(0, dot).replace(/<.*>$/, '')}.${head.slice(dot + 1)}`;
}

const implementations = new Map<string, ((...args: unknown[]) => unknown) | undefined>();

function implementation(name: string): ((...args: unknown[]) => unknown) | undefined {
  if (!implementations.has(name)) {
    const module = MODULES.find(([pattern]) => pattern.test(name));
    implementations.set(name, module === undefined ? undefined : module[1]()[name]);
  }
  return implementations.get(name);
}

/** The handler of `signature`: the arguments unwrapped, the namespace dropped, an opaque result wrapped. */
function handlerOf(signature: string): (...args: unknown[]) => unknown {
  const name = runtimeName(signature);
  const namespaced = /^k8s\.\w+Namespace\./.test(name);
  const declared = signature.slice(signature.lastIndexOf(':') + 1).trim();
  const optional = /^optional<(.*)>$/.exec(declared);
  const returns = optional === null ? declared : optional[1];
  const opaque = isLibraryType(returns) ? opaqueType(returns) : undefined;
  const wrap = (value: unknown): unknown => (opaque === undefined ? value : new opaque(value));
  return (...args: unknown[]) => {
    const f = implementation(name);
    if (f === undefined) return leaveToServer(`${name} is not implemented here`);
    const values = (namespaced ? args.slice(1) : args).map(a => (isOpaque(a) ? a.inner : a));
    let result: unknown;
    try {
      result = f(...values);
    } catch (e) {
      // Anything but cel-go's error or an undecided case is this runtime's failure, never the rule's.
      if (thrownKind(e) !== undefined) throw e;
      return leaveToServer(`${name} failed here: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (optional === null) return wrap(result);
    return result === undefined ? celOptionals().none() : celOptionals().of(wrap(result));
  };
}

/**
 * Declares Kubernetes' libraries on `env`, as library.ts declares them, and
 * what standard.ts declares of cel-go's standard library that cel-js lacks,
 * with the runtime's handlers: a call of a function no module implements is
 * then an undecided case the evaluation notes, even where `||` absorbs it,
 * not an error of cel-js' own; and the renamed built-ins (RENAMED_BUILTINS).
 */
export function declareLibraryRuntime(env: CelEnvironment): void {
  const replay: CelEnvironment = {
    clone: () => env.clone(),
    parse: text => env.parse(text),
    registerVariable: (name, type) => env.registerVariable(name, type),
    registerConstant: (name, type, value) => env.registerConstant(name, type, value),
    registerType: (name, definition) => env.registerType(name, isLibraryType(name) ? { ctor: opaqueType(name) } : definition),
    registerFunction: signature => env.registerFunction(signature, handlerOf(signature)),
    registerOperator: signature => env.registerOperator(signature, operatorOf(signature)),
  };
  declareKubernetesLibraries(replay);
  declareMissingStandardFunctions(replay);
  for (const signature of RENAMED_SIGNATURES) {
    const name = signature.slice(signature.indexOf('.') + 1, signature.indexOf('('));
    env.registerFunction(signature.replace(`.${name}(`, `.${RENAMED_BUILTINS.get(name)}(`), handlerOf(signature));
  }
}

/** `T == T` of a library type is its module's `T.==`; `T == null` is false (cel-go's heterogeneous equality). */
function operatorOf(signature: string): (...args: unknown[]) => unknown {
  const [left, right] = signature.split('==').map(s => s.trim());
  if (right === 'null') return () => false;
  const equals = handlerOf(`${left}.==(${right}): bool`);
  // cel-js hands an operator's handler the AST and the evaluator too.
  return (a: unknown, b: unknown) => equals(a, b);
}
