import { Chart } from 'cdk8s';
import { Construct } from 'constructs';

/**
 * Anything that names a Kubernetes API resource: a `BoundSchema`,
 * `kplus.ApiResource.SECRETS`, or a cdk8s-plus object such as a `kplus.Secret`
 * (which also names one object of that resource).
 *
 * It has the shape of cdk8s-plus' own `IApiResource`, so in TypeScript the
 * resources of any cdk8s-plus-NN fit without this library depending on one.
 */
export interface IApiResource {
  /**
   * The API group, e.g. `apps`. `""` or `core` for the core group.
   */
  readonly apiGroup: string;

  /**
   * The plural resource name, e.g. `secrets`.
   */
  readonly resourceType: string;

  /**
   * The name of one object of this resource, when it stands for one object.
   *
   * @default - the resource as a whole
   */
  readonly resourceName?: string;
}

/** Group, plural and, for one object, its name and namespace, as kube-bind writes them. */
export interface ResolvedApiResource {
  readonly group: string;
  readonly resource: string;
  readonly name?: string;
  readonly namespace?: string;
  /** How to name one object in a message, e.g. `Secret "creds"` (see `describeResolved`). */
  readonly description?: string;
}

/**
 * Reads an `IApiResource` from any source. cdk8s-plus reports the core group of
 * its own objects as `core` (cdk8s' `ApiObject.apiGroup`), its `ApiResource`
 * constants as `""`; kube-bind, like Kubernetes, writes `""`. The namespace of a
 * named object is its `metadata.namespace` (cdk8s fills it from the chart),
 * else its chart's namespace.
 */
export function resolveApiResource(resource: IApiResource, what: string): ResolvedApiResource {
  if (resource === null || typeof resource !== 'object' || typeof resource.resourceType !== 'string' || resource.resourceType === '') {
    throw new Error(`${what}: expected an API resource such as kplus.ApiResource.SECRETS, a BoundSchema or a kplus.Secret, got ${shown(resource)}`);
  }
  if (resource.apiGroup !== undefined && typeof resource.apiGroup !== 'string') {
    throw new Error(`${what}: apiGroup of "${resource.resourceType}" must be a string, got ${shown(resource.apiGroup)}`);
  }
  const group = resource.apiGroup === 'core' ? '' : resource.apiGroup ?? '';
  const plural = resource.resourceType;
  const name = resource.resourceName;
  if (name === undefined || name === null) {
    // No description: a resource is described only in an error (see `describeResolved`), and this runs for every claim and reference.
    return { group, resource: plural };
  }
  if (typeof name !== 'string' || name === '') {
    throw new Error(`${what}: resourceName of ${describeGroupResource(group, plural)} must be a non-empty string, got ${shown(name)}`);
  }
  const namespace = namespaceOf(resource);
  const kind = (resource as any).kind;
  const description = `${typeof kind === 'string' && kind !== '' ? kind : describeGroupResource(group, plural)} "${name}"`;
  return { group, resource: plural, name, description, ...(namespace !== undefined ? { namespace } : {}) };
}

/** How to name a resolved resource in a message: `Secret "creds"`, `core "secrets"`. */
export function describeResolved(resolved: ResolvedApiResource): string {
  return resolved.description ?? describeGroupResource(resolved.group, resolved.resource);
}

/** `core "secrets"` or `"widgets.example.com"`. */
export function describeGroupResource(group: string, resource: string): string {
  return group === '' ? `core "${resource}"` : `"${resource}.${group}"`;
}

/** The namespace a cdk8s-plus (or any cdk8s) object is written into, if any. */
function namespaceOf(resource: IApiResource): string | undefined {
  const fromMetadata = (resource as any).metadata?.namespace;
  if (typeof fromMetadata === 'string' && fromMetadata !== '') return fromMetadata;
  if (Construct.isConstruct(resource)) {
    try {
      const ns = Chart.of(resource).namespace;
      if (typeof ns === 'string' && ns !== '') return ns;
    } catch {
      // Not inside a chart: no namespace to take.
    }
  }
  return undefined;
}

function shown(x: unknown): string {
  if (x === null || typeof x !== 'object') return JSON.stringify(x) ?? String(x);
  const ctor = (x as any).constructor?.name;
  return typeof ctor === 'string' && ctor !== 'Object' ? `a ${ctor}` : 'an object without resourceType';
}
