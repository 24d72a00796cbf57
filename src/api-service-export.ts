import { Construct } from 'constructs';
import { BoundSchema } from './bound-schema';
import { KubeBindResource, KubeBindResourceProps } from './kube-bind-resource';
import { DEFAULT_INFORMER_SCOPE, DEFAULT_ISOLATION } from './model/defaults';
import { InformerScope, Isolation } from './model/enums';
import { PermissionClaim } from './permission-claim';

/**
 * A resource an export exposes to consumers.
 */
export interface ExportedResource {
  /**
   * The API group of the resource.
   *
   * @default '' (the core group)
   */
  readonly group?: string;

  /**
   * The resource (plural) name, e.g. `databases`.
   */
  readonly resource: string;

  /**
   * The versions to export.
   *
   * @default - the provider chooses
   */
  readonly versions?: string[];
}

/**
 * Properties of an `ApiServiceExport`.
 */
export interface ApiServiceExportProps extends KubeBindResourceProps {
  /**
   * The resources to export: group/resource/versions triples, or `BoundSchema`
   * constructs (their group, plural and served versions are used). More can
   * be added with `addResource()`.
   *
   * @default - none; add at least one
   */
  readonly resources?: Array<ExportedResource | BoundSchema>;

  /**
   * How the provider keeps the objects of different consumers apart.
   *
   * @default Isolation.PREFIXED
   */
  readonly isolation?: Isolation;

  /**
   * Whether the konnector watches cluster-wide or per namespace.
   *
   * @default InformerScope.CLUSTER
   */
  readonly informerScope?: InformerScope;

  /**
   * Claims on consumer objects. More can be added with `addPermissionClaim()`.
   *
   * @default - none
   */
  readonly permissionClaims?: PermissionClaim[];

  /**
   * How cluster-scoped objects are isolated.
   *
   * @default - not set
   * @deprecated kube-bind replaced it with `isolation`, which wins when both are set.
   */
  readonly clusterScopedIsolation?: Isolation;
}

/**
 * An APIServiceExport (kube-bind v1alpha2, the storage version): the resources
 * a provider exports to consumer clusters, and the permission claims on
 * consumer objects that come with them.
 */
export class ApiServiceExport extends KubeBindResource {
  /**
   * An export of these BoundSchemas (their group, plural and served versions),
   * for example ones made with `BoundSchema.fromCrd`. They must share one
   * scope: kube-bind's backend refuses an export that mixes namespaced and
   * cluster-scoped resources (KB175), so call it once per scope.
   */
  public static forSchemas(scope: Construct, id: string, schemas: BoundSchema[], props: ApiServiceExportProps = {}): ApiServiceExport {
    return new ApiServiceExport(scope, id, { ...props, resources: [...(props.resources ?? []), ...schemas] });
  }

  /**
   * The isolation mode.
   */
  public readonly isolation: Isolation;

  /**
   * The informer scope.
   */
  public readonly informerScope: InformerScope;

  /**
   * The deprecated cluster-scoped isolation, if set.
   *
   * @deprecated use `isolation`
   */
  public readonly clusterScopedIsolation?: Isolation;

  private readonly _resources: Array<ExportedResource | BoundSchema> = [];
  private readonly _claims: PermissionClaim[] = [];

  public constructor(scope: Construct, id: string, props: ApiServiceExportProps = {}) {
    super(scope, id, props, { kind: 'APIServiceExport', version: 'v1alpha2' });
    this.isolation = props.isolation ?? DEFAULT_ISOLATION;
    this.informerScope = props.informerScope ?? DEFAULT_INFORMER_SCOPE;
    this.clusterScopedIsolation = props.clusterScopedIsolation;
    for (const r of props.resources ?? []) this.addResource(r);
    for (const c of props.permissionClaims ?? []) this.addPermissionClaim(c);
  }

  /**
   * Exports a resource: a group/resource/versions triple, or a `BoundSchema`,
   * whose group, plural and served versions are read at synth time.
   */
  public addResource(resource: ExportedResource | BoundSchema): void {
    if (!BoundSchema.isBoundSchema(resource)) {
      const triple = resource as ExportedResource;
      if (!triple || typeof triple !== 'object') {
        throw new Error(`ApiServiceExport ${this.node.path}: addResource expects { group, resource, versions } or a BoundSchema, got ${String(resource)}`);
      }
      this._resources.push({ ...triple, ...(triple.versions ? { versions: [...triple.versions] } : {}) });
      return;
    }
    this._resources.push(resource);
  }

  /**
   * Adds a claim on consumer objects.
   */
  public addPermissionClaim(claim: PermissionClaim): void {
    this._claims.push(claim);
  }

  /**
   * The exported resources as group/resource/versions triples (a copy).
   */
  public get resources(): ExportedResource[] {
    return this._resources.map(renderResource);
  }

  /**
   * The permission claims (a copy of the list).
   */
  public get permissionClaims(): PermissionClaim[] {
    return [...this._claims];
  }

  protected renderSpec(): { [key: string]: any } {
    return {
      resources: this._resources.map(renderResource),
      isolation: this.isolation,
      informerScope: this.informerScope,
      ...(this._claims.length > 0 ? { permissionClaims: this._claims.map(c => c.toJson()) } : {}),
      ...(this.clusterScopedIsolation !== undefined ? { clusterScopedIsolation: this.clusterScopedIsolation } : {}),
    };
  }
}

function renderResource(r: ExportedResource | BoundSchema): ExportedResource {
  if (BoundSchema.isBoundSchema(r)) {
    return { group: r.group, resource: r.plural, versions: r.servedVersions };
  }
  return {
    group: r.group ?? '',
    resource: r.resource,
    ...(r.versions !== undefined ? { versions: [...r.versions] } : {}),
  };
}
