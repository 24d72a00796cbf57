/**
 * The estimated cost of a compiled CEL expression: a port of cel-go's
 * checker cost estimator (checker/cost.go: `Cost`, `coster`, the cost
 * constants of common/cost.go, the macros as parser/macro.go expands them
 * into comprehensions), with Kubernetes' call estimates
 * (k8s.io/apiserver pkg/cel/library/cost.go: `CostEstimator.EstimateCallCost`)
 * and sizes (apiextensions-apiserver pkg/apiserver/schema/cel/compilation.go:
 * `sizeEstimator.EstimateSize`, from the DeclType's MaxElements), and the
 * estimators of cel-go's ext.Sets and ext.Lists (version 3). Kubernetes
 * turns has()'s cost off (`PresenceTestHasCost(false)`, base.go).
 *
 * It walks cel-js' checked AST, whose nodes carry their type. cel-go's
 * numbers are uint64 that saturate: here they are doubles capped at 2^64-1,
 * exact below 2^53, far above the limits compared against.
 */
import type { CelAstNode, CelTypeDeclaration } from './cel-js';
import { DeclType } from './decl-type';
import { OPTIONAL_ENTRY } from './optional-entries';

export interface Estimate {
  readonly min: number;
  readonly max: number;
}

/** math.MaxUint64, as a double. */
export const MAX_UINT64 = 18446744073709551615;

// common/cost.go.
const SELECT_AND_IDENT_COST = 1;
const CONST_COST = 0;
const LIST_CREATE_BASE_COST = 10;
const MAP_CREATE_BASE_COST = 30;
const STRING_TRAVERSAL_COST_FACTOR = 0.1;
const REGEX_STRING_LENGTH_COST_FACTOR = 0.25;
// k8s.io/apiserver pkg/cel/limits.go.
const MAX_FORMAT_SIZE = 64;
const MAX_NAME_FORMAT_REGEX_SIZE = 128;
/** library/cost.go's factor for Format.validate: a name-format regex of the largest size. */
const VALIDATE_COST_FACTOR = MAX_NAME_FORMAT_REGEX_SIZE * REGEX_STRING_LENGTH_COST_FACTOR;

const UNKNOWN: Estimate = { min: 0, max: MAX_UINT64 };
const fixed = (n: number): Estimate => ({ min: n, max: n });

function addNoOverflow(x: number, y: number): number {
  const sum = x + y;
  return sum >= MAX_UINT64 ? MAX_UINT64 : sum;
}

function multiplyNoOverflow(x: number, y: number): number {
  if (y !== 0 && x > MAX_UINT64 / y) return MAX_UINT64;
  const product = x * y;
  return product >= MAX_UINT64 ? MAX_UINT64 : product;
}

function multiplyByCostFactor(x: number, factor: number): number {
  if (x > 0 && factor > 0 && x > MAX_UINT64 / factor) return MAX_UINT64;
  const ceil = Math.ceil(x * factor);
  return ceil >= MAX_UINT64 ? MAX_UINT64 : ceil;
}

const add = (a: Estimate, b: Estimate): Estimate => ({ min: addNoOverflow(a.min, b.min), max: addNoOverflow(a.max, b.max) });
const multiply = (a: Estimate, b: Estimate): Estimate => ({ min: multiplyNoOverflow(a.min, b.min), max: multiplyNoOverflow(a.max, b.max) });
const byFactor = (a: Estimate, f: number): Estimate => ({ min: multiplyByCostFactor(a.min, f), max: multiplyByCostFactor(a.max, f) });
const union = (a: Estimate, b: Estimate): Estimate => ({ min: Math.min(a.min, b.min), max: Math.max(a.max, b.max) });

/** What a container built in the expression holds: checker/cost.go's entrySizeEstimate. */
interface EntrySize {
  readonly container: 'list' | 'map';
  readonly key: Estimate;
  readonly val: Estimate;
}

function unionEntries(a: EntrySize | undefined, b: EntrySize | undefined): EntrySize | undefined {
  if (a === undefined || b === undefined) return undefined;
  return { container: a.container, key: union(a.key, b.key), val: union(a.val, b.val) };
}

interface LocalVar {
  readonly path: readonly string[];
  readonly size: Estimate | undefined;
  readonly entry: EntrySize | undefined;
}

/** A node as function estimators see it: checker.AstNode. */
interface Operand {
  readonly node: CelAstNode | undefined;
  readonly path: readonly string[];
  readonly type: CelTypeDeclaration | undefined;
  readonly size: Estimate | undefined;
}

type Kind = 'bool' | 'int' | 'uint' | 'double' | 'string' | 'bytes' | 'duration' | 'timestamp' | 'list' | 'map' | 'struct' | 'optional' | 'null' | 'dyn' | 'other';

function kindOf(t: CelTypeDeclaration | undefined): Kind {
  if (t === undefined) return 'other';
  switch (t.kind) {
    case 'list': return 'list';
    case 'map': return 'map';
    case 'optional': return 'optional';
    case 'dyn': return 'dyn';
    case 'message':
      if (t.name === 'google.protobuf.Duration') return 'duration';
      if (t.name === 'google.protobuf.Timestamp') return 'timestamp';
      return 'struct';
  }
  switch (t.name) {
    case 'bool': case 'int': case 'uint': case 'double': case 'string': case 'bytes': return t.name;
    case 'null': case 'null_type': return 'null';
    case 'google.protobuf.Duration': return 'duration';
    case 'google.protobuf.Timestamp': return 'timestamp';
  }
  return 'other';
}

/** computeTypeSize / isScalar. */
function isScalar(t: CelTypeDeclaration | undefined): boolean {
  const kind = kindOf(t);
  if (kind === 'optional') return isScalar(t?.valueType);
  return kind === 'bool' || kind === 'double' || kind === 'duration' || kind === 'int' || kind === 'timestamp' || kind === 'uint';
}

/** A schema node the estimate had to assume a size for: a bound would lower it. */
export interface UnboundedRead {
  /** The schema path of the node from the rule's node: `properties` and `items` steps, each a key. */
  readonly steps: readonly string[];
  /** The keyword that would bound it. */
  readonly keyword: 'maxItems' | 'maxProperties' | 'maxLength';
}

/** The namespaces library.ts declares as constants: a call on one is cel-go's qualified global function. */
const NAMESPACES = new Set(['format', 'sets', 'lists', 'strings', 'ip', 'optional', 'math']);

class Coster {
  private readonly sizes = new Map<CelAstNode, Estimate>();
  private readonly entrySizes = new Map<CelAstNode, EntrySize>();
  private readonly paths = new Map<CelAstNode, readonly string[]>();
  private readonly scopes = new Map<string, LocalVar[]>();
  readonly unbounded = new Map<string, UnboundedRead>();
  /** The functions whose result the estimate read with no size (cel-go's unknownSizeEstimate), as `string()` or `.format()`. */
  readonly unsized = new Set<string>();

  constructor(
    private readonly self: DeclType,
    private readonly presenceTests: ReadonlySet<number>,
    private readonly sizeOfType: SizeOfType | undefined,
  ) {}

  // ---- sizes: sizeEstimator.EstimateSize of compilation.go ----

  private estimateSize(path: readonly string[]): Estimate | undefined {
    if (path.length === 0) return undefined;
    let current: DeclType = this.self;
    const steps: string[] = [];
    for (const step of path.slice(1)) {
      if (step === '@items' || step === '@values') {
        if (current.kind !== 'list' && current.kind !== 'map') return undefined;
        steps.push(current.kind === 'list' ? 'items' : 'additionalProperties');
        current = current.elem;
      } else if (step === '@keys') {
        if (current.kind !== 'map') return undefined;
        // NewMapType(StringType, ...): the keys' type declares no MaxElements.
        return { min: 0, max: 0 };
      } else {
        if (current.kind !== 'object') return undefined;
        const f = current.fields.get(step);
        if (f === undefined) return undefined;
        current = f.type;
        steps.push('properties', f.schemaName);
      }
    }
    if (current.unboundedBy !== undefined) {
      this.unbounded.set(`${steps.join('\u0000')}\u0000${current.unboundedBy}`, { steps, keyword: current.unboundedBy });
    }
    return { min: 0, max: current.maxElements };
  }

  private local(name: string): LocalVar | undefined {
    const stack = this.scopes.get(name);
    return stack !== undefined && stack.length > 0 ? stack[stack.length - 1] : undefined;
  }

  private push(name: string, v: LocalVar): void {
    const stack = this.scopes.get(name) ?? [];
    stack.push(v);
    this.scopes.set(name, stack);
  }

  private pop(name: string): void {
    this.scopes.get(name)?.pop();
  }

  private pathOf(node: CelAstNode): readonly string[] {
    if (node.op === 'id') {
      const v = this.local(node.args as string);
      if (v !== undefined) return v.path;
    }
    return this.paths.get(node) ?? [];
  }

  /** computeExprSize: literals and literal lists and maps. */
  private exprSize(node: CelAstNode): Estimate | undefined {
    if (isNegativeLiteral(node)) return fixed(1);
    if (node.op === 'value') {
      const v = node.args;
      if (typeof v === 'string') return fixed([...v].length);
      if (v instanceof Uint8Array) return fixed(v.length);
      if (typeof v === 'boolean' || typeof v === 'number' || typeof v === 'bigint' || v === null) return fixed(1);
      if (typeof v === 'object') return fixed(1); // uint, duration and timestamp literals
      return undefined;
    }
    if (node.op === 'list') return fixed((node.args as unknown[]).length);
    if (node.op === 'map') return fixed((node.args as unknown[]).length);
    return undefined;
  }

  /** computeSize. */
  size(node: CelAstNode): Estimate | undefined {
    const known = this.sizes.get(node);
    if (known !== undefined) return known;
    const literal = this.exprSize(node);
    if (literal !== undefined) return literal;
    const estimated = this.estimateSize(this.pathOf(node));
    if (estimated !== undefined) {
      this.sizes.set(node, estimated);
      return estimated;
    }
    if (isScalar(node.checkedType)) return fixed(1);
    if (node.op === 'id') {
      const v = this.local(node.args as string);
      if (v?.size !== undefined) return v.size;
    }
    return this.sizeOfType?.(node.checkedType);
  }

  private sizeOrUnknown(node: CelAstNode | Operand): Estimate {
    const size = 'op' in node ? this.size(node) : node.size;
    if (size !== undefined) return size;
    const call = 'op' in node ? node : node.node;
    if (call?.op === 'call' || call?.op === 'rcall') {
      const name = (call.args as unknown[])[0];
      if (typeof name === 'string') this.unsized.add(call.op === 'call' ? `${name}()` : `.${name}()`);
    }
    return UNKNOWN;
  }

  private entrySize(node: CelAstNode): EntrySize | undefined {
    const known = this.entrySizes.get(node);
    if (known !== undefined) return known;
    if (node.op === 'id') return this.local(node.args as string)?.entry;
    return undefined;
  }

  /**
   * library/cost.go's sizeEstimate of listElementNode: the items of a list
   * have no computed size; the SizeEstimator answers by their path (a list
   * read from self), else by their type.
   */
  private elementSize(list: Operand): Estimate {
    return (list.path.length > 0 ? this.estimateSize([...list.path, '@items']) : undefined) ?? this.sizeOfType?.(list.type?.valueType) ?? UNKNOWN;
  }

  private operand(node: CelAstNode): Operand {
    return { node, path: this.pathOf(node), type: node.checkedType, size: this.size(node) };
  }

  // ---- cost ----

  cost(node: CelAstNode): Estimate {
    if (isNegativeLiteral(node)) return fixed(CONST_COST);
    switch (node.op) {
      case 'value': return fixed(CONST_COST);
      case 'id': return this.costIdent(node);
      case '.': return this.costSelect(node);
      case 'list': return this.costList(node);
      case 'map': return this.costMap(node);
      case 'call': return this.costGlobalCall(node);
      case 'rcall': return this.costMemberCall(node);
      default: return this.costOperator(node);
    }
  }

  private costIdent(node: CelAstNode): Estimate {
    const name = node.args as string;
    const v = this.local(name);
    this.paths.set(node, v !== undefined ? v.path : [name]);
    return fixed(SELECT_AND_IDENT_COST);
  }

  private costSelect(node: CelAstNode): Estimate {
    const [operand, fieldName] = node.args as [CelAstNode, string];
    let sum = this.cost(operand);
    const kind = kindOf(operand.checkedType);
    if (kind === 'map' || kind === 'struct') sum = add(sum, fixed(SELECT_AND_IDENT_COST));
    this.paths.set(node, [...this.pathOf(operand), fieldName]);
    return sum;
  }

  private costList(node: CelAstNode): Estimate {
    const items = node.args as CelAstNode[];
    let sum = fixed(0);
    let itemSize: Estimate = { min: items.length === 0 ? 0 : MAX_UINT64, max: 0 };
    for (const e of items) {
      sum = add(sum, this.cost(e));
      itemSize = union(itemSize, this.sizeOrUnknown(e));
    }
    this.entrySizes.set(node, { container: 'list', key: fixed(1), val: itemSize });
    return add(sum, fixed(LIST_CREATE_BASE_COST));
  }

  private costMap(node: CelAstNode): Estimate {
    const entries = node.args as Array<[CelAstNode, CelAstNode]>;
    let sum = fixed(0);
    let keySize: Estimate = { min: entries.length === 0 ? 0 : MAX_UINT64, max: 0 };
    let valSize: Estimate = { ...keySize };
    for (const [k, v] of entries) {
      sum = add(add(sum, this.cost(k)), this.cost(v));
      keySize = union(keySize, this.sizeOrUnknown(k));
      valSize = union(valSize, this.sizeOrUnknown(v));
    }
    this.entrySizes.set(node, { container: 'map', key: keySize, val: valSize });
    return add(sum, fixed(MAP_CREATE_BASE_COST));
  }

  /** Operators are calls in cel-go (`_==_`, `_&&_`, `_[_]`...): costCall with the operator's overload. */
  private costOperator(node: CelAstNode): Estimate {
    // `_?._`: a call of its own, with the field name as a constant argument.
    if (node.op === '.?') return add(fixed(1), this.cost((node.args as [CelAstNode, string])[0]));
    const args = (Array.isArray(node.args) ? node.args : [node.args]) as CelAstNode[];
    // A has() that compile.ts wrote `([e.f].size() >= 0)` for cel-js: a presence test, whose cost Kubernetes turns off.
    if (node.op === '>=' && this.presenceTests.has((node as unknown as { start?: number }).start ?? -1)) return this.costPresenceTest(args[0]);
    const argCosts = args.map(a => this.cost(a));
    const operands = args.map(a => this.operand(a));
    const sum = (): Estimate => argCosts.reduce(add, fixed(0));
    switch (node.op) {
      case '&&': case '||':
        return { min: argCosts[0].min, max: add(argCosts[0], argCosts[1]).max };
      case '?:': {
        const size = union(this.sizeOrUnknown(args[1]), this.sizeOrUnknown(args[2]));
        const entry = unionEntries(this.entrySize(args[1]), this.entrySize(args[2]));
        if (entry !== undefined) this.entrySizes.set(node, entry);
        this.sizes.set(node, size);
        return add(argCosts[0], union(argCosts[1], argCosts[2]));
      }
      case '[]': case '[?]': {
        const result = add(fixed(1), sum());
        if (node.op === '[]') {
          const container = kindOf(args[0].checkedType);
          if (container === 'list' || container === 'map') {
            const entry = this.entrySize(args[0])?.val;
            this.paths.set(node, [...this.pathOf(args[0]), container === 'list' ? '@items' : '@values']);
            const size = entry ?? this.size(node);
            if (size !== undefined) this.sizes.set(node, size);
          }
        }
        return result;
      }
      case '==': case '!=': {
        const library = this.libraryEquality(operands);
        if (library !== undefined) return add(library, sum());
        return add(this.comparisonCost(args), sum());
      }
      case '<': case '>': case '<=': case '>=': {
        const kind = kindOf(args[0].checkedType);
        if ((kind === 'string' || kind === 'bytes') && kindOf(args[1].checkedType) === kind) return add(this.comparisonCost(args), sum());
        return add(fixed(1), sum());
      }
      case 'in':
        if (kindOf(args[1].checkedType) === 'list') return add(byFactor(this.sizeOrUnknown(args[1]), 1), sum());
        return add(fixed(1), sum());
      case '+': {
        const kind = kindOf(node.checkedType);
        if (kind === 'string' || kind === 'bytes' || kind === 'list') {
          const resultSize = add(this.sizeOrUnknown(args[0]), this.sizeOrUnknown(args[1]));
          const entry = unionEntries(this.entrySize(args[0]), this.entrySize(args[1]));
          if (entry !== undefined) this.entrySizes.set(node, entry);
          this.sizes.set(node, resultSize);
          if (kind === 'list') return add(fixed(1), sum());
          return add(byFactor(resultSize, STRING_TRAVERSAL_COST_FACTOR), sum());
        }
        return add(fixed(1), sum());
      }
      default:
        return add(fixed(1), sum());
    }
  }

  /** Equals, NotEquals and the string and bytes comparisons: the smaller operand's size, traversed. */
  private comparisonCost(args: readonly CelAstNode[]): Estimate {
    const lhs = this.sizeOrUnknown(args[0]);
    const rhs = this.sizeOrUnknown(args[1]);
    const smallestMax = Math.min(lhs.max, rhs.max);
    return byFactor({ min: smallestMax > 0 ? 1 : 0, max: smallestMax }, STRING_TRAVERSAL_COST_FACTOR);
  }

  /** library/cost.go, `_==_` of two values of one Kubernetes type. */
  private libraryEquality(operands: readonly Operand[]): Estimate | undefined {
    const [lhs, rhs] = operands;
    if (lhs?.type === undefined || rhs?.type === undefined || lhs.type.name !== rhs.type.name) return undefined;
    switch (lhs.type.name) {
      case 'net.IP': case 'net.CIDR': case 'kubernetes.Quantity': case 'kubernetes.Semver': return fixed(1);
      case 'kubernetes.NamedFormat': return byFactor({ min: 1, max: MAX_FORMAT_SIZE }, STRING_TRAVERSAL_COST_FACTOR);
      case 'kubernetes.URL': {
        const size = rhs.size !== undefined ? union(rhs.size, rhs.size) : fixed(1);
        return byFactor({ min: 1, max: size.max }, STRING_TRAVERSAL_COST_FACTOR);
      }
    }
    return undefined;
  }

  /** A presence test: Kubernetes sets PresenceTestHasCost(false), so only the operand costs. */
  private costPresenceTest(sizeCall: CelAstNode): Estimate {
    const list = (sizeCall.args as [string, CelAstNode, CelAstNode[]])[1];
    const select = (list.args as CelAstNode[])[0];
    const operand = (select.args as [CelAstNode, string])[0];
    return this.cost(operand);
  }

  private costGlobalCall(node: CelAstNode): Estimate {
    const [name, args] = node.args as [string, CelAstNode[]];
    if (name === 'dyn' && args.length === 1) {
      // maybeUnwrapDynCall.
      const argCost = this.cost(args[0]);
      const size = this.size(args[0]);
      if (size !== undefined) this.sizes.set(node, size);
      const entry = this.entrySize(args[0]);
      if (entry !== undefined) this.entrySizes.set(node, entry);
      return add(fixed(1), argCost);
    }
    if (name === OPTIONAL_ENTRY && args.length === 1) {
      // An optional entry of a literal, which cel-go costs as its value alone (costCreateList, costCreateMap).
      const cost = this.cost(args[0]);
      const size = this.size(args[0]);
      if (size !== undefined) this.sizes.set(node, size);
      return cost;
    }
    if (name === 'has' && args.length === 1 && args[0].op === '.') return this.cost((args[0].args as [CelAstNode, string])[0]);
    return this.callCost(node, name, undefined, args);
  }

  private costMemberCall(node: CelAstNode): Estimate {
    const [name, target, args] = node.args as [string, CelAstNode, CelAstNode[]];
    if (target.op === 'id' && NAMESPACES.has(target.args as string) && this.local(target.args as string) === undefined) {
      // A qualified global function (format.named, sets.contains...): no target.
      return this.callCost(node, `${target.args as string}.${name}`, undefined, args);
    }
    switch (name) {
      case 'all': case 'exists': case 'exists_one': case 'map': case 'filter':
      case 'transformList': case 'transformMap': case 'transformMapEntry':
        if (args.length >= 2 && args[0].op === 'id') return this.costComprehension(node, name, target, args);
        break;
      case 'optMap': case 'optFlatMap':
        if (args.length === 2 && args[0].op === 'id') return this.costOptionalMap(node, name, target, args);
        break;
      case 'sortBy':
        if (args.length === 2 && args[0].op === 'id') return this.costSortBy(node, target, args);
    }
    const targetCost = this.cost(target);
    return add(targetCost, this.callCost(node, name, target, args));
  }

  /**
   * optMap and optFlatMap as cel-go expands them (cel/library.go):
   * `t.hasValue() ? optional.of(bind(x, t.value(), e)) : optional.none()`,
   * without `optional.of` for optFlatMap. The target is read twice, the
   * bind costs its empty range (costBind), and hasValue, value, of and none
   * are calls Kubernetes does not estimate (1 each).
   */
  private costOptionalMap(node: CelAstNode, macro: string, target: CelAstNode, args: readonly CelAstNode[]): Estimate {
    const call = fixed(1);
    const targetCost = this.cost(target);
    const hasValue = add(call, targetCost);
    // pushLocalVar(x, t.value()): a call has no path, nor a size unless its type is scalar (size() sees to that).
    this.push(args[0].args as string, { path: [], size: undefined, entry: undefined });
    const mapped = this.cost(args[1]);
    const mappedSize = this.size(args[1]);
    this.pop(args[0].args as string);
    const bind = add(fixed(LIST_CREATE_BASE_COST), add(add(call, targetCost), mapped));
    const present = macro === 'optMap' ? add(call, bind) : bind;
    const none = fixed(1);
    // The size of the conditional: the branches' sizes, known only for an optional of a scalar.
    const scalar = isScalar(node.checkedType);
    const presentSize = macro === 'optFlatMap' && mappedSize !== undefined ? mappedSize : scalar ? fixed(1) : UNKNOWN;
    this.sizes.set(node, union(presentSize, scalar ? fixed(1) : UNKNOWN));
    return add(hasValue, union(present, none));
  }

  /**
   * sortBy as ext.Lists expands it (ext/lists.go, sortByMacro): the target
   * bound to a hidden variable `l` (costBind), then
   * `l.@sortByAssociatedKeys(l.map(x, key))`, estimated by
   * estimateListSortBy over the keys' list: O(n²), with a factor of 2, and
   * of 2.1 for string and bytes keys.
   */
  private costSortBy(node: CelAstNode, target: CelAstNode, args: readonly CelAstNode[]): Estimate {
    const input = '@__sortBy_input__';
    let sum = add(fixed(LIST_CREATE_BASE_COST), this.cost(target));
    this.push(input, { path: this.pathOf(target), size: this.size(target), entry: this.entrySize(target) });
    const inputNode = (): CelAstNode => ({ op: 'id', args: input, checkedType: target.checkedType });
    const keyType = args[1].checkedType;
    const keysType = { kind: 'list', name: `list<${keyType?.name ?? 'dyn'}>`, type: 'list', valueType: keyType } as CelTypeDeclaration;
    const keys: CelAstNode = { op: 'rcall', args: ['map', inputNode(), args], checkedType: keysType };
    const keysCost = this.cost(keys);
    const size = this.sizeOrUnknown(keys);
    const sorted = multiply(size, size);
    const allocating = (factor: number): Estimate => add(add(byFactor(sorted, factor), fixed(1)), fixed(LIST_CREATE_BASE_COST));
    const keyKind = kindOf(keyType);
    const stringFactor = 2 + STRING_TRAVERSAL_COST_FACTOR;
    // A dyn key matches every overload of @sortByAssociatedKeys: costCall takes the union of their estimates.
    const callCost = keyKind === 'dyn' ? union(allocating(2), allocating(stringFactor))
      : allocating(keyKind === 'string' || keyKind === 'bytes' ? stringFactor : 2);
    sum = add(sum, add(this.cost(inputNode()), add(callCost, keysCost)));
    this.pop(input);
    this.sizes.set(node, sorted);
    return sum;
  }

  /** costCall's overload part: functionCost with the argument costs, then the result size. */
  private callCost(node: CelAstNode, name: string, target: CelAstNode | undefined, args: readonly CelAstNode[]): Estimate {
    const argCosts = args.map(a => this.cost(a));
    const argSum = argCosts.reduce(add, fixed(0));
    const t = target !== undefined ? this.operand(target) : undefined;
    const operands = args.map(a => this.operand(a));
    const estimate = this.extensionCallCost(name, t, operands)
      ?? this.kubernetesCallCost(name, t, operands)
      ?? this.standardCallCost(name, t, operands);
    if (estimate.resultSize !== undefined) {this.sizes.set(node, estimate.resultSize);} else {
      const size = this.size(node);
      if (size !== undefined) this.sizes.set(node, size);
    }
    return add(estimate.cost, argSum);
  }

  /** cel-go ext.Sets and ext.Lists (version 3): OverloadCostEstimate, consulted first. */
  private extensionCallCost(name: string, target: Operand | undefined, args: readonly Operand[]): CallEstimate | undefined {
    const call = fixed(1);
    const allocating = (factor: number, listSize: Estimate): CallEstimate => ({
      cost: add(add(byFactor(listSize, factor), call), fixed(LIST_CREATE_BASE_COST)), resultSize: listSize,
    });
    switch (name) {
      case 'sets.contains': case 'sets.intersects': case 'sets.equivalent': {
        if (args.length !== 2) return undefined;
        const factor = name === 'sets.equivalent' ? 2 : 1;
        return { cost: add(byFactor(multiply(this.sizeOrUnknown(args[0]), this.sizeOrUnknown(args[1])), factor), call) };
      }
      case 'lists.range':
        return args.length === 1 ? allocating(1, fixed(literalUint(args[0], MAX_UINT64))) : undefined;
    }
    if (target === undefined || kindOf(target.type) !== 'list') return undefined;
    const size = this.sizeOrUnknown(target);
    switch (name) {
      case 'slice': {
        if (args.length !== 2) return undefined;
        const start = literalUint(args[0], 0);
        const end = literalUint(args[1], size.max);
        return allocating(1, fixed(Math.max(0, end - start)));
      }
      case 'flatten': return args.length <= 1 ? allocating(args.length === 1 ? literalUint(args[0], MAX_UINT64) : 1, size) : undefined;
      case 'reverse': return args.length === 0 ? allocating(1, size) : undefined;
      case 'distinct': return args.length === 0 ? allocating(2, multiply(size, size)) : undefined;
      case 'sort': {
        if (args.length !== 0) return undefined;
        const elem = kindOf(target.type?.valueType);
        return allocating(elem === 'string' || elem === 'bytes' ? 2 + STRING_TRAVERSAL_COST_FACTOR : 2, multiply(size, size));
      }
    }
    return undefined;
  }

  /** library/cost.go: CostEstimator.EstimateCallCost. */
  private kubernetesCallCost(name: string, target: Operand | undefined, args: readonly Operand[]): CallEstimate | undefined {
    const one = { cost: fixed(1) };
    switch (name) {
      case 'isSorted': case 'sum': case 'max': case 'min': case 'indexOf': case 'lastIndexOf': {
        if (target === undefined) return undefined;
        const targetSize = this.sizeOrUnknown(target);
        if (kindOf(target.type) === 'list') {
          let elCost = fixed(1);
          const elem = target.type?.valueType;
          const elKind = kindOf(elem);
          if (elKind === 'string' || elKind === 'bytes') {
            const elSize = this.elementSize(target);
            elCost = add(elCost, byFactor(elSize, STRING_TRAVERSAL_COST_FACTOR));
          }
          return { cost: multiply(targetSize, elCost) };
        }
        return { cost: byFactor(targetSize, STRING_TRAVERSAL_COST_FACTOR) };
      }
      case 'url':
        if (args.length === 1) {
          const sz = this.sizeOrUnknown(args[0]);
          return { cost: byFactor(sz, STRING_TRAVERSAL_COST_FACTOR), resultSize: sz };
        }
        return undefined;
      case 'lowerAscii': case 'upperAscii': case 'substring': case 'trim':
        if (target !== undefined) {
          const sz = this.sizeOrUnknown(target);
          return { cost: byFactor(sz, STRING_TRAVERSAL_COST_FACTOR), resultSize: sz };
        }
        return undefined;
      case 'replace':
        if (target !== undefined && args.length >= 2) return this.replaceCost(target, args);
        return undefined;
      case 'split':
        if (target !== undefined) {
          const sz = this.sizeOrUnknown(target);
          const max = args.length > 1 ? literalUint(args[1], sz.max, true) : sz.max;
          return { cost: byFactor(sz, 2 * STRING_TRAVERSAL_COST_FACTOR), resultSize: { min: 0, max } };
        }
        return undefined;
      case 'join':
        if (target !== undefined) {
          const listSize = this.sizeOrUnknown(target);
          let sz: Estimate = fixed(0);
          if (target.type?.valueType !== undefined) {
            const elemSize = this.elementSize(target);
            sz = multiply(listSize, elemSize);
          }
          if (args.length > 0) {
            const sepSize = this.sizeOrUnknown(args[0]);
            sz = add(sz, multiply(sepSize, { min: listSize.min > 0 ? listSize.min - 1 : 0, max: listSize.max > 0 ? listSize.max - 1 : 0 }));
          }
          return { cost: byFactor(sz, STRING_TRAVERSAL_COST_FACTOR), resultSize: sz };
        }
        return undefined;
      case 'find': case 'findAll':
        if (target !== undefined && args.length >= 1) {
          const sz = this.sizeOrUnknown(target);
          const strCost = byFactor(add(sz, fixed(1)), STRING_TRAVERSAL_COST_FACTOR);
          const regexCost = byFactor(this.sizeOrUnknown(args[0]), REGEX_STRING_LENGTH_COST_FACTOR);
          return { cost: multiply(strCost, regexCost), resultSize: { min: 0, max: sz.max } };
        }
        return undefined;
      case 'cidr': case 'isIP': case 'isCIDR': case 'quantity': case 'isQuantity': case 'semver': case 'isSemver':
        return args.length >= 1 ? { cost: byFactor(this.sizeOrUnknown(args[0]), STRING_TRAVERSAL_COST_FACTOR) } : undefined;
      case 'ip':
        if (target !== undefined) return one; // cidr_ip
        return args.length >= 1 ? { cost: byFactor(this.sizeOrUnknown(args[0]), STRING_TRAVERSAL_COST_FACTOR) } : undefined;
      case 'ip.isCanonical':
        return args.length >= 1 ? { cost: byFactor(this.sizeOrUnknown(args[0]), 2 * STRING_TRAVERSAL_COST_FACTOR) } : undefined;
      case 'masked': case 'prefixLength': case 'family': case 'isUnspecified': case 'isLoopback': case 'isLinkLocalMulticast':
      case 'isLinkLocalUnicast': case 'isGlobalUnicast':
        return one;
      case 'containsIP': case 'containsCIDR': {
        if (args.length < 1) return undefined;
        const sz = { min: 4, max: 16 };
        let cost = byFactor(add(sz, sz), STRING_TRAVERSAL_COST_FACTOR);
        if (name === 'containsCIDR') cost = add(add(cost, byFactor(sz, STRING_TRAVERSAL_COST_FACTOR)), fixed(1));
        if (kindOf(args[0].type) === 'string') cost = add(cost, byFactor(this.sizeOrUnknown(args[0]), STRING_TRAVERSAL_COST_FACTOR));
        return { cost };
      }
      case 'validate':
        if (args.length < 1) return undefined;
        return { cost: byFactor(byFactor(this.sizeOrUnknown(args[0]), STRING_TRAVERSAL_COST_FACTOR), VALIDATE_COST_FACTOR) };
      case 'format.named':
      case 'sign': case 'asInteger': case 'isInteger': case 'asApproximateFloat': case 'isGreaterThan': case 'isLessThan': case 'compareTo':
      case 'add': case 'sub': case 'major': case 'minor': case 'patch':
      case 'getScheme': case 'getHostname': case 'getHost': case 'getPort': case 'getEscapedPath': case 'getQuery':
        return one;
    }
    return undefined;
  }

  /** library/cost.go's estimate of replace. */
  private replaceCost(target: Operand, args: readonly Operand[]): CallEstimate {
    const sz = this.sizeOrUnknown(target);
    const toReplace = this.sizeOrUnknown(args[0]);
    const replaceWith = this.sizeOrUnknown(args[1]);
    let countMax: number;
    let countMin: number;
    let retainedMax = 0;
    let retainedMin = 0;
    if (toReplace.min === 0) {
      countMax = sz.max < MAX_UINT64 ? sz.max + 1 : sz.max;
      retainedMax = sz.max;
    } else if (replaceWith.max <= toReplace.min) {
      countMax = 0;
      retainedMax = sz.max;
    } else {
      countMax = Math.ceil(sz.max / toReplace.min);
    }
    if (toReplace.max === 0) {
      countMin = sz.min < MAX_UINT64 ? sz.min + 1 : sz.min;
      retainedMin = sz.min;
    } else if (toReplace.max <= replaceWith.min) {
      countMin = 0;
      retainedMin = sz.min;
    } else {
      countMin = Math.ceil(sz.min / toReplace.max);
    }
    const size = add(multiply({ min: countMin, max: countMax }, replaceWith), { min: retainedMin, max: retainedMax });
    return { cost: byFactor(sz, 2 * STRING_TRAVERSAL_COST_FACTOR), resultSize: size };
  }

  /** checker/cost.go functionCost's own cases, by the overload cel-go would pick. */
  private standardCallCost(name: string, target: Operand | undefined, args: readonly Operand[]): CallEstimate {
    switch (name) {
      case 'format':
        if (target !== undefined) return { cost: byFactor(this.sizeOrUnknown(target), STRING_TRAVERSAL_COST_FACTOR) };
        break;
      case 'bytes':
        if (target === undefined && args.length === 1 && kindOf(args[0].type) === 'string') {
          const sz = this.sizeOrUnknown(args[0]);
          return { cost: byFactor(sz, STRING_TRAVERSAL_COST_FACTOR), resultSize: { min: sz.min, max: multiplyNoOverflow(sz.max, 4) } };
        }
        break;
      case 'string':
        if (target === undefined && args.length === 1 && kindOf(args[0].type) === 'bytes') {
          const sz = this.sizeOrUnknown(args[0]);
          return { cost: byFactor(sz, STRING_TRAVERSAL_COST_FACTOR), resultSize: { min: Math.floor(sz.min / 4), max: sz.max } };
        }
        break;
      case 'strings.quote':
        if (args.length === 1) {
          const sz = this.sizeOrUnknown(args[0]);
          const resultSize = { min: sz.min + 2, max: addNoOverflow(multiplyNoOverflow(sz.max, 2), 2) };
          return { cost: byFactor(sz, STRING_TRAVERSAL_COST_FACTOR), resultSize };
        }
        break;
      case 'startsWith': case 'endsWith':
        if (target !== undefined && args.length === 1) return { cost: byFactor(this.sizeOrUnknown(args[0]), STRING_TRAVERSAL_COST_FACTOR) };
        break;
      case 'matches':
        if (target !== undefined && args.length === 1) {
          const strCost = byFactor(add(this.sizeOrUnknown(target), fixed(1)), STRING_TRAVERSAL_COST_FACTOR);
          const regexCost = byFactor(this.sizeOrUnknown(args[0]), REGEX_STRING_LENGTH_COST_FACTOR);
          return { cost: multiply(strCost, regexCost) };
        }
        break;
      case 'contains':
        if (target !== undefined && args.length === 1 && kindOf(target.type) === 'string') {
          const strCost = byFactor(this.sizeOrUnknown(target), STRING_TRAVERSAL_COST_FACTOR);
          const substrCost = byFactor(this.sizeOrUnknown(args[0]), STRING_TRAVERSAL_COST_FACTOR);
          return { cost: multiply(strCost, substrCost) };
        }
        break;
    }
    return { cost: fixed(1) };
  }

  /** computeSize of the iteration variable while it is in scope. */
  private iterVarSize(name: string, range: CelAstNode): Estimate {
    const v = this.local(name);
    const estimated = this.estimateSize(v?.path ?? []);
    if (estimated !== undefined) return estimated;
    const rangeType = range.checkedType;
    if (isScalar(kindOf(rangeType) === 'map' ? rangeType?.keyType : rangeType?.valueType)) return fixed(1);
    return v?.size ?? UNKNOWN;
  }

  /**
   * costComprehension over the comprehension a macro expands into: cel-go's
   * parser/macro.go for the one-variable macros, ext/comprehensions.go for
   * the two-variable ones (compile.ts' macros.ts declares them for cel-js).
   */
  private costComprehension(node: CelAstNode, macro: string, range: CelAstNode, args: readonly CelAstNode[]): Estimate {
    const twoVariables = TWO_VARIABLE_MACROS.has(macro) && args.length >= 3 && args[1].op === 'id';
    const iterVar = args[0].args as string;
    const iterVar2 = twoVariables ? args[1].args as string : undefined;
    const body = args.slice(twoVariables ? 2 : 1);
    let sum = this.cost(range);
    // The accumulator's initial value: a literal, an empty list (map, filter, transformList) or an empty map (transformMap...).
    const accuKind = LIST_ACCUMULATORS.has(macro) ? 'list' : MAP_ACCUMULATORS.has(macro) ? 'map' : undefined;
    const accuInitCost = accuKind === 'list' ? fixed(LIST_CREATE_BASE_COST) : accuKind === 'map' ? fixed(MAP_CREATE_BASE_COST) : fixed(CONST_COST);
    sum = add(sum, accuInitCost);
    // The entry sizes costList and costMap give an empty list and an empty map.
    const accuEntry: EntrySize | undefined = accuKind === undefined ? undefined : { container: accuKind, key: fixed(accuKind === 'list' ? 1 : 0), val: fixed(0) };
    const accuSize = accuKind !== undefined ? fixed(0) : fixed(1);
    const accu = '@result';
    this.push(accu, { path: [], size: accuSize, entry: accuEntry });
    const rangeEntry = this.entrySize(range);
    const container = rangeEntry?.container ?? (kindOf(range.checkedType) === 'map' ? 'map' : 'list');
    const rangePath = this.pathOf(range);
    if (iterVar2 === undefined) {
      // pushIterSingle.
      const iterSize = container === 'list' ? rangeEntry?.val : rangeEntry?.key;
      this.push(iterVar, { path: [...rangePath, container === 'list' ? '@items' : '@keys'], size: iterSize, entry: undefined });
    } else {
      // pushIterKey and pushIterValue.
      this.push(iterVar, { path: [...rangePath, container === 'list' ? '@indices' : '@keys'], size: rangeEntry?.key, entry: undefined });
      this.push(iterVar2, { path: [...rangePath, container === 'list' ? '@items' : '@values'], size: rangeEntry?.val, entry: undefined });
    }

    const identCost = fixed(SELECT_AND_IDENT_COST);
    let loopCost: Estimate = fixed(0);
    let stepCost: Estimate;
    let resultCost: Estimate = identCost;
    let stepEntry: EntrySize | undefined;
    const last = body[body.length - 1];
    // The optional filter of map(x, p, t), filter(x, p) and the two-variable transforms: p ? step : @result.
    const filter = macro === 'filter' ? body[0] : (macro === 'map' || macro.startsWith('transform')) && body.length === 2 ? body[0] : undefined;
    switch (macro) {
      case 'all': case 'exists': {
        // @not_strictly_false(@result) or @not_strictly_false(!@result); @result && p or @result || p.
        loopCost = macro === 'all' ? add(fixed(1), identCost) : add(fixed(1), add(fixed(1), identCost));
        const p = this.cost(last);
        stepCost = { min: identCost.min, max: add(identCost, p).max };
        break;
      }
      case 'exists_one': {
        // p ? @result + 1 : @result; then @result == 1.
        const p = this.cost(last);
        stepCost = add(p, union(add(fixed(1), add(identCost, fixed(0))), identCost));
        resultCost = add(byFactor(fixed(1), STRING_TRAVERSAL_COST_FACTOR), identCost);
        break;
      }
      case 'transformMap': case 'transformMapEntry': {
        // cel.@mapInsert(@result, k, t) or cel.@mapInsert(@result, t): a call Kubernetes does not estimate (1).
        const filterCost = filter !== undefined ? this.cost(filter) : undefined;
        const keyCost = macro === 'transformMap' ? identCost : fixed(0);
        const insertCost = add(fixed(1), add(identCost, add(keyCost, this.cost(last))));
        stepCost = filterCost !== undefined ? add(filterCost, union(insertCost, identCost)) : insertCost;
        break;
      }
      default: {
        // map(x, t), map(x, p, t), filter(x, p), transformList(i, v, [p,] t): @result + [t] (or [x]), under p ? ... : @result.
        const transform = macro === 'filter' ? undefined : last;
        const filterCost = filter !== undefined ? this.cost(filter) : undefined;
        const elementCost = transform !== undefined ? this.cost(transform) : identCost;
        const elementSize = transform !== undefined ? this.sizeOrUnknown(transform) : this.iterVarSize(iterVar, range);
        const addCost = add(fixed(1), add(identCost, add(elementCost, fixed(LIST_CREATE_BASE_COST))));
        stepEntry = unionEntries(accuEntry, { container: 'list', key: fixed(1), val: elementSize });
        stepCost = filterCost !== undefined ? add(filterCost, union(addCost, identCost)) : addCost;
        if (filterCost !== undefined) stepEntry = unionEntries(stepEntry, accuEntry);
      }
    }
    this.pop(iterVar);
    if (iterVar2 !== undefined) this.pop(iterVar2);
    sum = add(sum, resultCost);
    this.pop(accu);
    const rangeCount = this.sizeOrUnknown(range);
    sum = add(sum, multiply(rangeCount, add(stepCost, loopCost)));
    if (accuKind !== undefined) {
      this.sizes.set(node, rangeCount);
      if (stepEntry !== undefined) this.entrySizes.set(node, stepEntry);
    } else {
      this.sizes.set(node, fixed(1));
    }
    return sum;
  }
}

/** The macros whose three-argument (or four) form has two iteration variables: ext.TwoVarComprehensions. */
const TWO_VARIABLE_MACROS = new Set(['all', 'exists', 'exists_one', 'transformList', 'transformMap', 'transformMapEntry']);
const LIST_ACCUMULATORS = new Set(['map', 'filter', 'transformList']);
const MAP_ACCUMULATORS = new Set(['transformMap', 'transformMapEntry']);

/** `-1` or `-1.0`: cel-go's parser makes a negative number one literal, cel-js a negation of one. */
function isNegativeLiteral(node: CelAstNode): boolean {
  if (node.op !== '-_') return false;
  const operand = node.args as CelAstNode;
  return operand?.op === 'value' && (typeof operand.args === 'number' || typeof operand.args === 'bigint');
}

interface CallEstimate {
  readonly cost: Estimate;
  readonly resultSize?: Estimate;
}

/** nodeAsUintValue: the value of an integer literal, or `otherwise`. */
function literalUint(node: Operand, otherwise: number, signed = false): number {
  const v = node.node?.op === 'value' ? node.node.args : undefined;
  if (typeof v === 'bigint' || typeof v === 'number') {
    const n = Number(v);
    if (signed || n >= 0) return n;
  }
  return otherwise;
}

export interface CostResult {
  readonly cost: Estimate;
  /** The schema nodes read whose size the estimate assumed: the bounds to set. */
  readonly unbounded: readonly UnboundedRead[];
  /**
   * The functions whose result was read with no size at all, as `string()`:
   * cel-go gives a result no size unless its estimator knows one, and an
   * operation on it costs as if it held 2^64 - 1 elements. No bound on the
   * schema lowers that.
   */
  readonly unsized: readonly string[];
}

/**
 * A SizeEstimator's answer for a node that is not a path from self, by its
 * type: the API server's (compilation.go) has none; cel-go's tests give one.
 */
export type SizeOfType = (type: CelTypeDeclaration | undefined) => Estimate | undefined;

/**
 * The estimated cost of `ast` (cel.EstimateCost with Kubernetes'
 * CostEstimator), `self` being of type `self`. `presenceTests` are the
 * offsets of the has() calls compile.ts rewrote.
 */
export function estimateCost(ast: CelAstNode, self: DeclType, presenceTests: ReadonlySet<number>, sizeOfType?: SizeOfType): CostResult {
  const coster = new Coster(self, presenceTests, sizeOfType);
  const cost = coster.cost(ast);
  return { cost, unbounded: [...coster.unbounded.values()], unsized: [...coster.unsized] };
}
