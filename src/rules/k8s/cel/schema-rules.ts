/**
 * Every x-kubernetes-validations rule of an openAPIV3Schema compiled as the
 * API server compiles them when a CRD is created: the CEL part of
 * `ValidateCustomResourceDefinitionOpenAPISchema` (apiextensions-apiserver
 * pkg/apis/apiextensions/validation/validation.go, Kubernetes 1.36), with
 * the types of `CELSchemaContext` (cel_validation.go): a node's `self` is
 * the DeclType its parent declares for it when the parent is in a rule's
 * scope, else its own `SchemaDeclType`.
 *
 * Per rule: the compile errors of `cel.Compile` (compile.ts); oldSelf on
 * the uncorrelatable part of the schema (below the items of a list that is
 * not x-kubernetes-list-type: map); optionalOldSelf set on a rule that does
 * not read oldSelf; then the messageExpression. The server skips a node's
 * rules when the node or a node below it has a schema error: `blocked`
 * says which nodes have one.
 *
 * Then the estimated costs (cost.ts) against validation.go's limits: a
 * rule's cost times the most times it can run (`getExpressionCost`: the
 * node's MaxCardinality, from the maxItems/maxProperties of the lists and
 * maps above it, else `maxCardinality` from its minimum serialized size)
 * over StaticEstimatedCostLimit; a messageExpression's cost alone over the
 * same limit; and the sum of all of them over StaticEstimatedCRDCostLimit
 * (`TotalCost`, naming the rules that contribute at least 1% of it, four at
 * most). An expression cel-js could not parse (compile.ts' fallback) has no
 * estimate and counts 0. The runtime limit, PerCallLimit, is not static.
 */
import { compileExpression, Compiled } from './compile';
import { CostResult, estimateCost, MAX_UINT64 } from './cost';
import { childDeclType, DeclType, MAX_REQUEST_SIZE_BYTES, schemaDeclType } from './decl-type';
import { isObject, own } from '../../../model/manifest';
import { field, item } from '../../engine/paths';
import { keyPath } from '../values';

export type CelIssueKind =
  /** The rule or messageExpression does not compile, or uses oldSelf where it cannot. */
  | 'compile'
  /** An estimated cost over a limit. */
  | 'cost';

export interface CelIssue {
  readonly kind: CelIssueKind;
  readonly path: string;
  readonly message: string;
  readonly hint?: string;
  /**
   * A cost over the per-expression limit (StaticEstimatedCostLimit), which
   * ValidateCustomResourceDefinitionOpenAPISchema does not check under
   * suppressPerExpressionCost (a version whose schema an update leaves
   * unchanged); the schema's total is always checked.
   */
  readonly perExpression?: true;
}

interface Context {
  readonly isRoot: boolean;
  /** Whether an ancestor has rules: then this node's type is the one its parent declares. */
  readonly inScope: boolean;
  /** The type the parent declares for this node (when in scope). */
  readonly declared: DeclType | undefined;
  /** The path of the outermost list whose items cannot be correlated, if this node is below one. */
  readonly uncorrelatable: string | undefined;
  /** CELSchemaContext.MaxCardinality: how many times the node can occur, undefined when unbounded. */
  readonly cardinality: number | undefined;
  /** The lists and maps above the node that leave its cardinality unbounded, with the keyword that would bound each. */
  readonly unboundedAbove: readonly UnboundedAncestor[];
  readonly depth: number;
}

interface UnboundedAncestor {
  readonly path: string;
  readonly keyword: 'maxItems' | 'maxProperties';
}

/** validation.go: StaticEstimatedCostLimit and StaticEstimatedCRDCostLimit. */
export const STATIC_ESTIMATED_COST_LIMIT = 10000000;
export const STATIC_ESTIMATED_CRD_COST_LIMIT = 100000000;

/** The cost of one expression, as TotalCost observes it. */
interface ObservedCost {
  readonly path: string;
  readonly cost: number;
}

/** What a walk keeps across the nodes of one schema. */
interface Totals {
  total: number;
  readonly expensive: ObservedCost[];
}

const MAX_DEPTH = 100;

/** The CEL issues of the openAPIV3Schema `schema` found at `path`; `blocked(nodePath)` when the node or its subtree has a schema error. */
export function celSchemaIssues(schema: unknown, path: string, blocked: (nodePath: string) => boolean): CelIssue[] {
  const out: CelIssue[] = [];
  const totals: Totals = { total: 0, expensive: [] };
  const root: Context = {
    isRoot: true, inScope: false, declared: undefined, uncorrelatable: undefined, cardinality: 1, unboundedAbove: [], depth: 0,
  };
  walk(schema, path, root, blocked, totals, out);
  if (totals.total > STATIC_ESTIMATED_CRD_COST_LIMIT) {
    // ValidateCustomResourceDefinitionValidation: the most expensive rules, then the total at the schema.
    for (const expensive of totals.expensive) {
      out.push({
        kind: 'cost',
        path: expensive.path,
        message: `contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema (estimated cost ${showCost(expensive.cost)})`,
        hint: 'bound the lists, maps and strings this rule reads (maxItems, maxProperties, maxLength), or simplify it',
      });
    }
    out.push({
      kind: 'cost',
      path,
      message: `x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema ${showCost(totals.total)} `
        + `exceeds budget by factor of ${exceedFactor(totals.total, STATIC_ESTIMATED_CRD_COST_LIMIT)} (limit ${showCost(STATIC_ESTIMATED_CRD_COST_LIMIT)})`,
      hint: 'try simplifying the rules, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared',
    });
  }
  return out;
}

/** A cost as Go prints a uint64. */
function showCost(cost: number): string {
  return cost >= MAX_UINT64 ? '18446744073709551615' : BigInt(Math.round(cost)).toString();
}

/** getCostErrorMessage's factor: "more than 100x", "1.234567x" below 1.5, else one decimal. */
function exceedFactor(cost: number, limit: number): string {
  const factor = cost / limit;
  if (factor > 100) return 'more than 100x';
  if (factor < 1.5) return `${factor.toFixed(6)}x`;
  return `${factor.toFixed(1)}x`;
}

/** multiplyWithOverflowGuard. */
function multiplyGuarded(cost: number, cardinality: number): number {
  if (cost === 0) return 0;
  return cardinality > MAX_UINT64 / cost ? MAX_UINT64 : Math.min(cost * cardinality, MAX_UINT64);
}

/** extractMaxElements: how many children of `schema` one value holds, undefined when unbounded. */
function maxElements(schema: { [key: string]: any }): number | undefined {
  const type = own(schema, 'type');
  if (type === 'object') {
    if (own(schema, 'additionalProperties') === undefined || own(schema, 'additionalProperties') === null) return 1;
    const max = own(schema, 'maxProperties');
    return typeof max === 'number' ? Math.max(0, max) : undefined;
  }
  if (type === 'array') {
    const max = own(schema, 'maxItems');
    return typeof max === 'number' ? Math.max(0, max) : undefined;
  }
  return 1;
}

function walk(node: unknown, path: string, ctx: Context, blocked: (nodePath: string) => boolean, totals: Totals, out: CelIssue[]): void {
  if (!isObject(node) || ctx.depth > MAX_DEPTH) return;
  const rules = own(node, 'x-kubernetes-validations');
  const hasRules = Array.isArray(rules) && rules.length > 0;
  const inScope = ctx.inScope || hasRules;
  // CELSchemaContext.TypeInfo: the parent's declaration of the node, else the node converted alone.
  const self = inScope ? ctx.declared ?? schemaDeclType(node, ctx.isRoot || own(node, 'x-kubernetes-embedded-resource') === true) : undefined;
  if (hasRules && !blocked(path)) compileRules(node, rules, path, self, ctx, totals, out);

  // CELSchemaContext.childContext: the children's cardinality.
  const perValue = maxElements(node);
  const cardinality = ctx.cardinality === undefined || perValue === undefined ? undefined : multiplyGuarded(ctx.cardinality, perValue);
  const type = own(node, 'type');
  const unboundedHere: UnboundedAncestor | undefined = perValue !== undefined ? undefined
    : { path, keyword: type === 'array' ? 'maxItems' : 'maxProperties' };
  const unboundedAbove = unboundedHere !== undefined ? [...ctx.unboundedAbove, unboundedHere] : ctx.unboundedAbove;
  const child = (declared: DeclType | undefined, uncorrelatable: string | undefined): Context => ({
    isRoot: false, inScope, declared, uncorrelatable, cardinality, unboundedAbove, depth: ctx.depth + 1,
  });
  const properties = own(node, 'properties');
  if (isObject(properties)) {
    for (const name of Object.keys(properties)) {
      walk(own(properties, name), keyPath(field(path, 'properties'), name), child(childDeclType(self, { property: name }), ctx.uncorrelatable), blocked, totals, out);
    }
  }
  const items = own(node, 'items');
  if (isObject(items)) {
    // Items can be correlated only in lists of type map (validation.go: withForbidOldSelfValidations).
    const uncorrelatable = ctx.uncorrelatable ?? (own(node, 'x-kubernetes-list-type') === 'map' ? undefined : path);
    walk(items, field(path, 'items'), child(childDeclType(self, 'items'), uncorrelatable), blocked, totals, out);
  }
  const additional = own(node, 'additionalProperties');
  if (isObject(additional)) walk(additional, field(path, 'additionalProperties'), child(childDeclType(self, 'additionalProperties'), ctx.uncorrelatable), blocked, totals, out);
}

function compileRules(
  node: { [key: string]: any }, rules: unknown[], path: string, self: DeclType | undefined, ctx: Context, totals: Totals, out: CelIssue[],
): void {
  const rulesPath = field(path, 'x-kubernetes-validations');
  if (self === undefined) {
    // defaultConverter: "unable to convert structural schema to CEL declarations".
    out.push({
      kind: 'compile',
      path: rulesPath,
      message: 'Kubernetes cannot declare a CEL type for this node (it has no type, or an array without items), so its rules cannot compile',
      hint: 'give the node a type (object, array with items, string, integer, number, boolean), or move the rules to a typed node',
    });
    return;
  }
  rules.forEach((entry, i) => {
    const rule = own(entry, 'rule');
    if (typeof rule !== 'string' || rule.trim() === '') return;
    const at = item(rulesPath, i);
    const optionalOldSelf = own(entry, 'optionalOldSelf');
    const compiled = compileExpression(rule, 'rule', self, optionalOldSelf === true, node, ctx.isRoot);
    if (compiled.error !== undefined) {
      out.push({
        kind: 'compile',
        path: field(at, 'rule'),
        message: `${JSON.stringify(rule)}: ${compiled.error}`,
        hint: 'Kubernetes compiles every rule against the type of this schema node when the CRD is created; self is the value of this node',
      });
    }
    checkRuleCost(compiled, self, path, field(at, 'rule'), ctx, totals, out);
    // compileRule sets UsesOldSelf only once the rule compiled.
    const usesOldSelf = compiled.error === undefined && compiled.usesOldSelf;
    if (usesOldSelf && ctx.uncorrelatable !== undefined) {
      out.push({
        kind: 'compile',
        path: field(at, 'rule'),
        message: `${JSON.stringify(rule)}: oldSelf cannot be used on the uncorrelatable portion of the schema within ${ctx.uncorrelatable}`,
        hint: `the server cannot tell which old item an item of ${ctx.uncorrelatable} was: make it x-kubernetes-list-type: map, or move the rule above the list`,
      });
    } else if (!usesOldSelf && optionalOldSelf !== undefined && optionalOldSelf !== null) {
      out.push({
        kind: 'compile',
        path: field(at, 'optionalOldSelf'),
        message: `${JSON.stringify(optionalOldSelf)} may not be set if oldSelf is not used in rule`,
        hint: 'remove optionalOldSelf, or use oldSelf in the rule',
      });
    }
    // compileRule compiles the messageExpression only after the rule compiled.
    const messageExpression = own(entry, 'messageExpression');
    if (compiled.error !== undefined || typeof messageExpression !== 'string' || messageExpression.trim() === '') return;
    const message = compileExpression(messageExpression, 'messageExpression', self, optionalOldSelf === true, node, ctx.isRoot);
    if (message.error !== undefined) {
      out.push({
        kind: 'compile',
        path: field(at, 'messageExpression'),
        message: `${JSON.stringify(messageExpression)}: ${message.error}`,
        hint: 'a messageExpression is compiled like the rule, with the same self and oldSelf, and must evaluate to a string',
      });
    } else {
      checkMessageExpressionCost(message, self, path, field(at, 'messageExpression'), totals, out);
    }
  });
}

/** The estimated cost of a compiled expression (0 when it has none: an error, or cel-js' fallback), and what it could not bound. */
function costOf(compiled: Compiled, self: DeclType): CostResult & { readonly max: number } {
  if (compiled.error !== undefined || compiled.ast === undefined) return { cost: { min: 0, max: 0 }, max: 0, unbounded: [], unsized: [] };
  const estimate = estimateCost(compiled.ast, self, compiled.presenceTests ?? new Set());
  return { ...estimate, max: estimate.cost.max };
}

/** TotalCost.ObserveExpressionCost. */
function observe(totals: Totals, path: string, cost: number): void {
  totals.total = Math.min(totals.total + cost, MAX_UINT64);
  // Rules that contribute less than 1% of the CRD's limit are not named.
  if (cost < STATIC_ESTIMATED_CRD_COST_LIMIT / 100) return;
  totals.expensive.push({ path, cost });
  totals.expensive.sort((a, b) => b.cost - a.cost);
  if (totals.expensive.length > 4) totals.expensive.length = 4;
}

/** The path of a schema node below `nodePath`. */
function schemaPath(nodePath: string, steps: readonly string[]): string {
  let out = nodePath;
  for (let i = 0; i < steps.length; i++) {
    if (steps[i] === 'properties') out = keyPath(field(out, 'properties'), steps[++i]);
    else out = field(out, steps[i]);
  }
  return out;
}

/**
 * What would lower an estimate: bounds on what the rule reads unbounded and on the lists and maps above it;
 * and, for the functions whose result has no size in cel-go's estimate (`string()`), another way to write it.
 */
function boundsHint(estimate: CostResult, above: readonly UnboundedAncestor[], nodePath: string, rulePath: string): string {
  const reads = estimate.unbounded.map(u => `${u.keyword} on ${schemaPath(nodePath, u.steps)}`);
  const ancestors = above.map(a => `${a.keyword} on ${a.path}`);
  const bounds = [...reads, ...ancestors];
  const ways: string[] = [];
  if (bounds.length > 0) ways.push(`set ${bounds.join(', ')} (the estimate assumes the largest value a 3 MiB request can hold)`);
  if (estimate.unsized.length > 0) {
    ways.push(`cel-go gives what ${estimate.unsized.join(' and ')} returns no size, so using it costs as much as a value can hold: `
      + 'build text with a format string instead (\'got %d\'.format([self.x]) costs by the format string\'s length)');
  }
  if (ways.length === 0) return `simplify the rule at ${rulePath}: every size it reads is already bounded`;
  return `${ways.join('; ')}, or simplify the rule`;
}

/** validation.go: "estimated rule cost exceeds budget", with the cost times the rule's cardinality. */
function checkRuleCost(compiled: Compiled, self: DeclType, nodePath: string, rulePath: string, ctx: Context, totals: Totals, out: CelIssue[]): void {
  const estimate = costOf(compiled, self);
  const cost = estimate.max;
  // getExpressionCost; maxCardinality of compilation.go when the node's cardinality is unbounded.
  const cardinality = ctx.cardinality ?? Math.floor(MAX_REQUEST_SIZE_BYTES / (self.minSerializedSize + 1));
  const expressionCost = multiplyGuarded(cost, cardinality);
  if (expressionCost > STATIC_ESTIMATED_COST_LIMIT) {
    const times = cardinality === 1 ? '' : `, ${showCost(cost)} per evaluation times ${showCost(cardinality)} evaluations at most`;
    out.push({
      kind: 'cost',
      perExpression: true,
      path: rulePath,
      message: `estimated rule cost ${showCost(expressionCost)}${times} exceeds budget by factor of ${exceedFactor(expressionCost, STATIC_ESTIMATED_COST_LIMIT)} `
        + `(limit ${showCost(STATIC_ESTIMATED_COST_LIMIT)})`,
      hint: boundsHint(estimate, ctx.cardinality === undefined ? ctx.unboundedAbove : [], nodePath, rulePath),
    });
  }
  observe(totals, rulePath, expressionCost);
}

/** validation.go: "estimated messageExpression cost exceeds budget" (a messageExpression runs once per failure: no cardinality). */
function checkMessageExpressionCost(compiled: Compiled, self: DeclType, nodePath: string, path: string, totals: Totals, out: CelIssue[]): void {
  const estimate = costOf(compiled, self);
  const cost = estimate.max;
  if (compiled.ast === undefined) return;
  if (cost > STATIC_ESTIMATED_COST_LIMIT) {
    out.push({
      kind: 'cost',
      perExpression: true,
      path,
      message: `estimated messageExpression cost ${showCost(cost)} exceeds budget by factor of ${exceedFactor(cost, STATIC_ESTIMATED_COST_LIMIT)} (limit ${showCost(STATIC_ESTIMATED_COST_LIMIT)})`,
      hint: boundsHint(estimate, [], nodePath, path),
    });
  }
  observe(totals, path, cost);
}
