/**
 * Every x-kubernetes-validations rule of an openAPIV3Schema compiled as the
 * API server compiles them when a CRD is created: the CEL part of
 * `ValidateCustomResourceDefinitionOpenAPISchema` (apiextensions-apiserver
 * pkg/apis/apiextensions/validation/validation.go, Kubernetes 1.35), with
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
 */
import { compileExpression } from './compile';
import { childDeclType, DeclType, schemaDeclType } from './decl-type';
import { isObject, own } from '../../../model/manifest';
import { field, item } from '../../engine/paths';
import { keyPath } from '../values';

export type CelIssueKind =
  /** The rule or messageExpression does not compile, or uses oldSelf where it cannot. */
  | 'compile';

export interface CelIssue {
  readonly kind: CelIssueKind;
  readonly path: string;
  readonly message: string;
  readonly hint?: string;
}

interface Context {
  readonly isRoot: boolean;
  /** Whether an ancestor has rules: then this node's type is the one its parent declares. */
  readonly inScope: boolean;
  /** The type the parent declares for this node (when in scope). */
  readonly declared: DeclType | undefined;
  /** The path of the outermost list whose items cannot be correlated, if this node is below one. */
  readonly uncorrelatable: string | undefined;
  readonly depth: number;
}

const MAX_DEPTH = 100;

/** The CEL issues of the openAPIV3Schema `schema` found at `path`; `blocked(nodePath)` when the node or its subtree has a schema error. */
export function celSchemaIssues(schema: unknown, path: string, blocked: (nodePath: string) => boolean): CelIssue[] {
  const out: CelIssue[] = [];
  walk(schema, path, { isRoot: true, inScope: false, declared: undefined, uncorrelatable: undefined, depth: 0 }, blocked, out);
  return out;
}

function walk(node: unknown, path: string, ctx: Context, blocked: (nodePath: string) => boolean, out: CelIssue[]): void {
  if (!isObject(node) || ctx.depth > MAX_DEPTH) return;
  const rules = own(node, 'x-kubernetes-validations');
  const hasRules = Array.isArray(rules) && rules.length > 0;
  const inScope = ctx.inScope || hasRules;
  // CELSchemaContext.TypeInfo: the parent's declaration of the node, else the node converted alone.
  const self = inScope ? ctx.declared ?? schemaDeclType(node, ctx.isRoot || own(node, 'x-kubernetes-embedded-resource') === true) : undefined;
  if (hasRules && !blocked(path)) compileRules(node, rules, path, self, ctx, out);

  const child = (declared: DeclType | undefined, uncorrelatable: string | undefined): Context => ({
    isRoot: false, inScope, declared, uncorrelatable, depth: ctx.depth + 1,
  });
  const properties = own(node, 'properties');
  if (isObject(properties)) {
    for (const name of Object.keys(properties)) {
      walk(own(properties, name), keyPath(field(path, 'properties'), name), child(childDeclType(self, { property: name }), ctx.uncorrelatable), blocked, out);
    }
  }
  const items = own(node, 'items');
  if (isObject(items)) {
    // Items can be correlated only in lists of type map (validation.go: withForbidOldSelfValidations).
    const uncorrelatable = ctx.uncorrelatable ?? (own(node, 'x-kubernetes-list-type') === 'map' ? undefined : path);
    walk(items, field(path, 'items'), child(childDeclType(self, 'items'), uncorrelatable), blocked, out);
  }
  const additional = own(node, 'additionalProperties');
  if (isObject(additional)) walk(additional, field(path, 'additionalProperties'), child(childDeclType(self, 'additionalProperties'), ctx.uncorrelatable), blocked, out);
}

function compileRules(node: { [key: string]: any }, rules: unknown[], path: string, self: DeclType | undefined, ctx: Context, out: CelIssue[]): void {
  const rulesPath = field(path, 'x-kubernetes-validations');
  if (self === undefined) {
    // defaultConverter: "unable to convert structural schema to CEL declarations".
    out.push({
      kind: 'compile',
      path: rulesPath,
      message: `${rulesPath}: Kubernetes cannot declare a CEL type for this node (it has no type, or an array without items), so its rules cannot compile`,
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
        message: `${field(at, 'rule')} ${JSON.stringify(rule)}: ${compiled.error}`,
        hint: 'Kubernetes compiles every rule against the type of this schema node when the CRD is created; self is the value of this node',
      });
    }
    // compileRule sets UsesOldSelf only once the rule compiled.
    const usesOldSelf = compiled.error === undefined && compiled.usesOldSelf;
    if (usesOldSelf && ctx.uncorrelatable !== undefined) {
      out.push({
        kind: 'compile',
        path: field(at, 'rule'),
        message: `${field(at, 'rule')} ${JSON.stringify(rule)}: oldSelf cannot be used on the uncorrelatable portion of the schema within ${ctx.uncorrelatable}`,
        hint: `the server cannot tell which old item an item of ${ctx.uncorrelatable} was: make it x-kubernetes-list-type: map, or move the rule above the list`,
      });
    } else if (!usesOldSelf && optionalOldSelf !== undefined && optionalOldSelf !== null) {
      out.push({
        kind: 'compile',
        path: field(at, 'optionalOldSelf'),
        message: `${field(at, 'optionalOldSelf')} ${JSON.stringify(optionalOldSelf)} may not be set if oldSelf is not used in rule`,
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
        message: `${field(at, 'messageExpression')} ${JSON.stringify(messageExpression)}: ${message.error}`,
        hint: 'a messageExpression is compiled like the rule, with the same self and oldSelf, and must evaluate to a string',
      });
    }
  });
}
