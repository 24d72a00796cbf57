import { IApiResource, describeGroupResource, describeResolved, resolveApiResource } from './api-resource';
import { appended, itemCount, Items, mapItems, NO_ITEMS } from './appended';
import * as l1 from '../imports/kube-bind.io';

/**
 * One object selected by name.
 */
export interface NamedResource {
  /**
   * The object's `metadata.name`.
   */
  readonly name: string;

  /**
   * The object's namespace. Ignored by kube-bind under namespaced isolation.
   *
   * @default - the object is taken as cluster-scoped
   */
  readonly namespace?: string;
}

/**
 * One label selector requirement (Kubernetes' `LabelSelectorRequirement`).
 * A `kplus.LabelExpression` of any cdk8s-plus-NN has this shape.
 */
export interface LabelSelectorRequirement {
  /**
   * The label key.
   */
  readonly key: string;

  /**
   * `In`, `NotIn`, `Exists` or `DoesNotExist`.
   */
  readonly operator: string;

  /**
   * The values, for `In` and `NotIn`.
   *
   * @default - none
   */
  readonly values?: string[];
}

/**
 * JSONPath expressions that pick a name and namespace out of a referencing object.
 */
export interface ReferenceJsonPath {
  /**
   * Where the name is, as a GJSON path (kube-bind's syntax), e.g. `spec.credentialsSecretRef.name`.
   *
   * @default - none: nothing can be selected without a name
   */
  readonly name?: string;

  /**
   * Where the namespace is, as a GJSON path, e.g. `spec.credentialsSecretRef.namespace`.
   *
   * @default - the referencing object's namespace
   */
  readonly namespace?: string;
}

/**
 * Selects objects through a reference held in another object, e.g. the secrets
 * that `Database` objects name in `.spec.credentialsSecretRef`.
 */
export interface ClaimReference {
  /**
   * The resource whose objects hold the reference: a `BoundSchema`, or an
   * API resource such as `kplus.ApiResource.CONFIG_MAPS` from any cdk8s-plus-NN.
   * A single object (one with a `resourceName`) is refused: a reference reads
   * every object of the resource.
   */
  readonly resource: IApiResource;

  /**
   * Where the name and namespace are in the referencing object.
   */
  readonly jsonPath: ReferenceJsonPath;

  /**
   * Versions used to fetch the referencing objects.
   *
   * @default - the versions the export holds for that resource
   */
  readonly versions?: string[];
}

/**
 * Properties of a `PermissionClaim`.
 */
export interface PermissionClaimProps {
  /**
   * The claimed resource, e.g. `kplus.ApiResource.SECRETS` (from any
   * cdk8s-plus-NN). A single object, e.g. a `kplus.Secret`, claims its resource
   * and selects that object by name and namespace, as `addNamedResource` does.
   */
  readonly resource: IApiResource;

  /**
   * Select objects carrying all these labels.
   *
   * @default - no label selection
   */
  readonly matchLabels?: { [key: string]: string };

  /**
   * Select objects whose labels satisfy all these expressions, e.g. `kplus.LabelExpression.in('tier', ['db'])`.
   *
   * @default - no label expressions
   */
  readonly matchExpressions?: LabelSelectorRequirement[];

  /**
   * Select single objects by name.
   *
   * @default - none
   */
  readonly namedResources?: NamedResource[];

  /**
   * Select objects named in other objects.
   *
   * @default - none
   */
  readonly references?: ClaimReference[];
}

/**
 * A provider's claim on consumer objects of one group/resource, which the
 * consumer accepts or refuses. Add it to an `ApiServiceExport`.
 *
 * kube-bind lets a provider claim core `secrets`, `configmaps` and
 * `serviceaccounts` today; validation reports claims on anything else.
 */
export class PermissionClaim {
  /**
   * The claimed API group (`""` for the core group).
   */
  public readonly group: string;

  /**
   * The claimed resource, e.g. `secrets`.
   */
  public readonly resource: string;

  // A Map: label keys are user data, and `__proto__` is a valid one. Made by the first label: most claims have none.
  private matchLabels?: Map<string, string>;
  private matchExpressions: Items<LabelSelectorRequirement> = undefined;
  private namedResources: Items<NamedResource> = undefined;
  private references: Items<KeptReference> = undefined;

  public constructor(props: PermissionClaimProps) {
    const claimed = resolveApiResource(props.resource, 'PermissionClaim resource');
    this.group = claimed.group;
    this.resource = claimed.resource;
    // A named object given as the resource is a claim on that object, never on all of them.
    if (claimed.name !== undefined) this.addName(claimed.name, claimed.namespace);
    // Indexed loops, no entries: every claim of an app runs this, mostly before V8 optimizes it, and a for-of
    // there allocates an iterator and a result per item.
    const labels = props.matchLabels;
    if (labels !== undefined) {
      const keys = Object.keys(labels);
      for (let i = 0; i < keys.length; i++) this.addMatchLabel(keys[i], labels[keys[i]]);
    }
    const expressions = props.matchExpressions ?? NO_ITEMS;
    for (let i = 0; i < expressions.length; i++) this.addMatchExpression(expressions[i]);
    const names = props.namedResources ?? NO_ITEMS;
    for (let i = 0; i < names.length; i++) this.addName(names[i].name, names[i].namespace);
    const references = props.references ?? NO_ITEMS;
    for (let i = 0; i < references.length; i++) this.addReference(references[i]);
  }

  /**
   * Selects objects carrying the label `key=value`.
   */
  public addMatchLabel(key: string, value: string): void {
    (this.matchLabels ??= new Map()).set(key, value);
  }

  /**
   * Selects objects whose labels satisfy `expression`.
   */
  public addMatchExpression(expression: LabelSelectorRequirement): void {
    const { key, operator, values } = expression;
    this.matchExpressions = appended(this.matchExpressions, { key, operator, ...(values !== undefined ? { values: [...values] } : {}) });
  }

  /**
   * Selects one object by name (and namespace).
   */
  public addName(name: string, namespace?: string): void {
    const named: NamedResource = namespace !== undefined ? { name, namespace } : { name };
    this.namedResources = appended(this.namedResources, named);
  }

  /**
   * Selects one object by its name and namespace: a `kplus.Secret`,
   * `kplus.ConfigMap`, `kplus.ServiceAccount`... of any cdk8s-plus-NN, or
   * anything with a `resourceName`. It must be of the claimed resource.
   */
  public addNamedResource(resource: IApiResource): void {
    const named = resolveApiResource(resource, 'addNamedResource');
    if (named.group !== this.group || named.resource !== this.resource) {
      throw new Error(`PermissionClaim on ${describeGroupResource(this.group, this.resource)}: addNamedResource got ${describeResolved(named)} `
        + `of ${describeGroupResource(named.group, named.resource)}; claim ${describeGroupResource(named.group, named.resource)} separately`);
    }
    if (named.name === undefined) {
      throw new Error(`PermissionClaim on ${describeGroupResource(this.group, this.resource)}: addNamedResource got the resource `
        + `${describeResolved(named)} without a resourceName; pass one object (e.g. a kplus.Secret) or use addName(name, namespace)`);
    }
    this.addName(named.name, named.namespace);
  }

  /**
   * Selects objects named by a reference in other objects.
   */
  public addReference(reference: ClaimReference): void {
    const referencing = resolveApiResource(reference.resource, 'ClaimReference resource');
    if (referencing.name !== undefined) {
      throw new Error(`PermissionClaim on ${describeGroupResource(this.group, this.resource)}: a reference reads every object of a resource, `
        + `got the single object ${describeResolved(referencing)}; pass its resource (e.g. kplus.ApiResource.CONFIG_MAPS or a BoundSchema)`);
    }
    // What `toJson` writes, resolved and copied now (the versions too, so the user's list stays theirs), as the
    // claimed resource is: a BoundSchema's group and plural are fixed, and the user's object is not kept.
    // Field by field: a spread of the user's object costs more than the rest of the claim.
    const { group, resource } = referencing;
    const kept: KeptReference = reference.versions !== undefined
      ? { group, resource, jsonPath: { ...reference.jsonPath }, versions: [...reference.versions] }
      : { group, resource, jsonPath: { ...reference.jsonPath } };
    this.references = appended(this.references, kept);
  }

  /**
   * The manifest form of this claim (`spec.permissionClaims[*]`).
   */
  public toJson(): any {
    return this._toManifest();
  }

  /**
   * The manifest form of this claim, as the L1 types it: a claim of an
   * export, a template and a request have one shape.
   *
   * @internal
   */
  public _toManifest(): l1.ApiServiceExportSpecPermissionClaims {
    const selector: Writable<l1.ApiServiceExportSpecPermissionClaimsSelector> = {};
    const hasLabels = this.matchLabels !== undefined && this.matchLabels.size > 0;
    // Rendered for every claim at every synth: most claims select no labels.
    if (hasLabels || itemCount(this.matchExpressions) > 0) {
      const labelSelector: Writable<l1.ApiServiceExportSpecPermissionClaimsSelectorLabelSelector> = {};
      if (hasLabels) labelSelector.matchLabels = asDataObject(this.matchLabels!);
      if (itemCount(this.matchExpressions) > 0) {
        labelSelector.matchExpressions = mapItems(this.matchExpressions, e => ({
          key: e.key,
          operator: e.operator,
          ...(e.values !== undefined ? { values: [...e.values] } : {}),
        }));
      }
      selector.labelSelector = labelSelector;
    }
    if (itemCount(this.namedResources) > 0) {
      // One literal per shape: a key added to a literal afterwards goes to a store of its own.
      selector.namedResources = mapItems(this.namedResources, n => (n.namespace !== undefined
        ? { name: n.name, namespace: n.namespace }
        : { name: n.name }));
    }
    if (itemCount(this.references) > 0) {
      selector.references = mapItems(this.references, r => (r.versions !== undefined
        ? { group: r.group, resource: r.resource, jsonPath: { ...r.jsonPath }, versions: [...r.versions] }
        : { group: r.group, resource: r.resource, jsonPath: { ...r.jsonPath } }));
    }
    return { group: this.group, resource: this.resource, selector };
  }
}

/** `T` built field by field. */
type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** A reference as a claim keeps it: as `toJson` writes it. */
interface KeptReference {
  readonly group: string;
  readonly resource: string;
  readonly jsonPath: ReferenceJsonPath;
  readonly versions?: string[];
}

/** An object whose every key, `__proto__` included, is an own data property. */
function asDataObject(entries: Map<string, string>): { [key: string]: string } {
  const out: { [key: string]: string } = {};
  for (const [key, value] of entries) {
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
