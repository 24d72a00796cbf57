import * as kplus from 'cdk8s-plus-27';

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
   * The resource whose objects hold the reference: a `BoundSchema`, or any
   * cdk8s-plus `IApiResource`.
   */
  readonly resource: kplus.IApiResource;

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
   * The claimed resource, e.g. `kplus.ApiResource.SECRETS`.
   */
  readonly resource: kplus.IApiResource;

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
  readonly matchExpressions?: kplus.LabelExpression[];

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
 * `serviceaccounts` today; other claims are reported as a warning.
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

  // A Map: label keys are user data, and `__proto__` is a valid one.
  private readonly matchLabels = new Map<string, string>();
  private readonly matchExpressions: kplus.LabelExpression[] = [];
  private readonly namedResources: NamedResource[] = [];
  private readonly references: ClaimReference[] = [];

  public constructor(props: PermissionClaimProps) {
    const { group, resource } = groupResourceOf(props.resource, 'PermissionClaim resource');
    this.group = group;
    this.resource = resource;
    for (const [key, value] of Object.entries(props.matchLabels ?? {})) this.addMatchLabel(key, value);
    for (const e of props.matchExpressions ?? []) this.addMatchExpression(e);
    for (const n of props.namedResources ?? []) this.addName(n.name, n.namespace);
    for (const r of props.references ?? []) this.addReference(r);
  }

  /**
   * Selects objects carrying the label `key=value`.
   */
  public addMatchLabel(key: string, value: string): void {
    this.matchLabels.set(key, value);
  }

  /**
   * Selects objects whose labels satisfy `expression`.
   */
  public addMatchExpression(expression: kplus.LabelExpression): void {
    this.matchExpressions.push(expression);
  }

  /**
   * Selects one object by name (and namespace).
   */
  public addName(name: string, namespace?: string): void {
    this.namedResources.push({ name, ...(namespace !== undefined ? { namespace } : {}) });
  }

  /**
   * Selects a cdk8s-plus object (a `kplus.Secret`, `kplus.ConfigMap`,
   * `kplus.ServiceAccount`...) by its name and namespace. It must be of the
   * claimed resource.
   */
  public addNamedResource(resource: kplus.Resource): void {
    const { group, resource: plural } = groupResourceOf(resource, 'addNamedResource');
    if (group !== this.group || plural !== this.resource) {
      throw new Error(`PermissionClaim on ${describe(this.group, this.resource)}: addNamedResource got ${resource.kind} "${resource.name}" `
        + `of ${describe(group, plural)}; claim ${describe(group, plural)} separately`);
    }
    this.addName(resource.name, resource.metadata.namespace);
  }

  /**
   * Selects objects named by a reference in other objects.
   */
  public addReference(reference: ClaimReference): void {
    this.references.push({ ...reference, jsonPath: { ...reference.jsonPath } });
  }

  /**
   * The manifest form of this claim (`spec.permissionClaims[*]`).
   */
  public toJson(): any {
    const labelSelector: { [key: string]: any } = {};
    if (this.matchLabels.size > 0) labelSelector.matchLabels = asDataObject(this.matchLabels);
    if (this.matchExpressions.length > 0) {
      labelSelector.matchExpressions = this.matchExpressions.map(e => ({
        key: e.key,
        operator: e.operator,
        ...(e.values !== undefined ? { values: [...e.values] } : {}),
      }));
    }
    const selector: { [key: string]: any } = {};
    if (Object.keys(labelSelector).length > 0) selector.labelSelector = labelSelector;
    if (this.namedResources.length > 0) selector.namedResources = this.namedResources.map(n => ({ ...n }));
    if (this.references.length > 0) {
      selector.references = this.references.map(r => {
        const { group, resource } = groupResourceOf(r.resource, 'ClaimReference resource');
        return {
          group,
          resource,
          jsonPath: { ...r.jsonPath },
          ...(r.versions !== undefined ? { versions: [...r.versions] } : {}),
        };
      });
    }
    return { group: this.group, resource: this.resource, selector };
  }
}

/**
 * Group and plural of a cdk8s-plus resource. cdk8s-plus reports the core group
 * of its own objects as `core`; kube-bind, like Kubernetes, writes `""`.
 */
export function groupResourceOf(resource: kplus.IApiResource, what: string): { group: string; resource: string } {
  if (!resource || typeof resource.resourceType !== 'string' || resource.resourceType === '') {
    throw new Error(`${what}: expected an API resource such as kplus.ApiResource.SECRETS, got ${String(resource)}`);
  }
  const group = resource.apiGroup === 'core' ? '' : resource.apiGroup ?? '';
  return { group, resource: resource.resourceType };
}

/** An object whose every key, `__proto__` included, is an own data property. */
function asDataObject(entries: Map<string, string>): { [key: string]: string } {
  const out: { [key: string]: string } = {};
  for (const [key, value] of entries) {
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function describe(group: string, resource: string): string {
  return group === '' ? `core "${resource}"` : `"${resource}.${group}"`;
}
