/**
 * What the API server lets an update of a kube-bind object keep: custom
 * resources are validated on update with ratcheting (feature gate
 * CRDValidationRatcheting, GA and locked on since Kubernetes 1.33), as
 * apiextensions-apiserver's `customResourceStrategy.ValidateUpdate`
 * (pkg/registry/customresource/strategy.go, Kubernetes 1.36) does:
 *
 * - the OpenAPI schema of the CRD through `RatchetingSchemaValidator.ValidateUpdate`
 *   (pkg/apiserver/validation/ratcheting.go): `ratchetingValueValidator.Validate`
 *   turns the errors found at or below a node into warnings when the node,
 *   correlated with the stored object (`CorrelatedObject`, k8s/correlated-object.ts),
 *   is unchanged; an uncorrelated node's errors go up to its nearest
 *   correlated ancestor;
 * - the CEL rules (pkg/apiserver/schema/cel/validation.go: `shouldRatchetError`):
 *   the same test at the node the rule sits on; transition rules (`oldSelf`)
 *   are never ratcheted, and are the update rules' (updates.ts);
 * - `x-kubernetes-list-type` map and set uniqueness (`ValidateListSetsAndMaps`)
 *   for the whole object: checked only when the stored object passes it.
 *
 * Not ratcheted: apiVersion, kind and metadata (`validateObjectMetaUpdate`),
 * what the decoder refuses, and whatever is no validation of kube-bind's
 * CRD (the spec, kube-bind's behaviour, the consumer's CRD). Each rule says
 * which of its findings the server ratchets (`Rule.ratchet`); this file
 * answers its question for one update.
 */
import { servedValue } from './served-value';
import { instanceSchema } from '../../crds';
import { KindVersion } from '../../model/kinds';
import { isObject, Manifest } from '../../model/manifest';
import { isAtOrBelow, item } from '../engine/paths';
import { RatchetQuery, Rule, RuleContext } from '../engine/rule';
import { Violation } from '../engine/violation';
import { CorrelatedObject } from '../k8s/correlated-object';
import { keyPath } from '../k8s/values';

/**
 * `found` (the findings of the update of a `kv` object to `next`) without
 * those the server ratchets against `ctx.storedObject`; `ruleOf` gives the
 * rule of a finding. The same list when none is dropped.
 */
export function ratchetedAsServed(
  found: Violation[], next: Manifest, kv: KindVersion, ctx: RuleContext, ruleOf: (id: string) => Rule | undefined,
): Violation[] {
  const stored = ctx.storedObject;
  if (stored === undefined || found.length === 0) return found;
  let query: StoredComparison | undefined;
  const kept = found.filter(v => {
    const ratchet = ruleOf(v.rule)?.ratchet;
    if (ratchet === undefined) return true;
    try {
      query ??= new StoredComparison(next, stored, kv, ctx);
      return !ratchet(v, query);
    } catch {
      // A bug of the comparison keeps the finding: refusing what the server might accept is the safe side.
      return true;
    }
  });
  return kept.length === found.length ? found : kept;
}

/** Instance schemas by group and kind/version, built once. */
const SCHEMAS = new Map<string, { [key: string]: unknown }>();

function schemaOf(kv: KindVersion, group: string): { [key: string]: unknown } {
  const key = `${group}\u0000${kv}`;
  let schema = SCHEMAS.get(key);
  if (schema === undefined) SCHEMAS.set(key, schema = instanceSchema(kv, group));
  return schema;
}

/** One update, its two objects as the server validates them (`servedValue`), correlated lazily. */
class StoredComparison implements RatchetQuery {
  private readonly root: CorrelatedObject;

  constructor(next: Manifest, public readonly stored: Manifest, public readonly kindVersion: KindVersion, public readonly ctx: RuleContext) {
    // The stored object is read in the version of the request, as the server converts it (strategy None: fields unchanged).
    this.root = CorrelatedObject.root(servedValue(kindVersion, [], next), servedValue(kindVersion, [], stored), schemaOf(kindVersion, ctx.group));
  }

  public unchangedAt(path: string): boolean {
    // The deepest node on the way to `path` that is correlated: its errors, and those of the uncorrelated nodes below it, ratchet with it.
    let node = this.root;
    let at = '';
    while (at !== path) {
      const step = nextStep(node.value, at, path);
      if (step === 'ambiguous') return false;
      if (step === undefined) break;
      const child = typeof step.step === 'number' ? node.index(step.step) : node.key(step.step);
      if (child === undefined) break;
      node = child;
      at = step.path;
    }
    return node.unchanged();
  }
}

type Step = { readonly step: string | number; readonly path: string };

/**
 * The step from the value at `at` toward `path` (written by the rules with
 * `field`, `item` and `keyPath`): the key or index whose path `path` is, or
 * lies below. Undefined when the value has none (a missing field: its
 * parent is the node); 'ambiguous' when two keys would fit.
 */
function nextStep(value: unknown, at: string, path: string): Step | 'ambiguous' | undefined {
  if (Array.isArray(value)) {
    const match = /^\[(\d+)\]/.exec(path.slice(at.length));
    if (match === null) return undefined;
    const index = Number(match[1]);
    return index < value.length ? { step: index, path: item(at, index) } : undefined;
  }
  if (!isObject(value)) return undefined;
  let found: Step | undefined;
  for (const key of Object.keys(value)) {
    const below = keyPath(at, key);
    if (!isAtOrBelow(path, below)) continue;
    if (found !== undefined) return 'ambiguous';
    found = { step: key, path: below };
  }
  return found;
}

/**
 * The `ratchet` of a rule that mirrors an OpenAPI constraint of kube-bind's
 * CRD (ratcheting.go's ratchetingValueValidator): an error is dropped when
 * the value it is found on is unchanged, or a missing field's object.
 * Warnings are no validation errors of the server (a null it prunes): kept.
 */
export function ratchetedWithItsValue(v: Violation, update: RatchetQuery): boolean {
  return v.severity === 'error' && update.unchangedAt(v.path);
}

/**
 * The `ratchet` of a rule that mirrors a CEL rule of kube-bind's CRD sitting
 * on the node at `path` (cel validation.go's shouldRatchetError): dropped
 * when that node is unchanged, whatever field the finding names.
 */
export function ratchetedWithNode(path: string): (v: Violation, update: RatchetQuery) => boolean {
  return (_v, update) => update.unchangedAt(path);
}
