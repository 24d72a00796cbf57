import { Construct } from 'constructs';
import { appended, itemAt, itemCount, Items, mapItems, NO_ITEMS } from './appended';
import { BoundSchema } from './bound-schema';
import { KubeBindResource, KubeBindResourceProps } from './kube-bind-resource';
import { exportClusterScopedIsolation, exportInformerScope, exportIsolation } from './l1-enums';
import { PermissionClaim } from './permission-claim';
import { leaveOutRepeated } from '../glue/validation';
import * as l1 from '../imports/kube-bind.io';
import { DEFAULT_INFORMER_SCOPE, DEFAULT_ISOLATION } from '../model/defaults';
import { InformerScope, Isolation } from '../model/enums';
import type { Violation } from '../rules';

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
   * The BoundSchemas to export (their group, plural and served versions, read
   * at synth), for example ones made with `BoundSchema.fromCrd`. They must
   * share one scope: kube-bind's backend refuses an export that mixes
   * namespaced and cluster-scoped resources (KB175), so make one export per
   * scope. In `spec.resources`, they come before the `resources` given here;
   * `addSchema()` and `addResource()` append in call order.
   *
   * @default - none
   */
  readonly schemas?: BoundSchema[];

  /**
   * Other resources to export, as group/resource/versions triples. More can
   * be added with `addResource()`.
   *
   * @default - none
   */
  readonly resources?: ExportedResource[];

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
   * A version name the export copies from a BoundSchema is checked on the
   * schema (KB005), where it is written: the export's KB124 on the same
   * name would report one typo twice, so it is left to the schema.
   */
  private static repeatsSchemaFinding(exp: ApiServiceExport, v: Violation): boolean {
    if (v.rule !== 'KB124') return false;
    const at = /^spec\.resources\[(\d+)\]\.versions\[\d+\]$/.exec(typeof v.path === 'string' ? v.path : '');
    return at !== null && BoundSchema.isBoundSchema(itemAt(exp._resources, Number(at[1])));
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

  // Set in the constructor, so that every export has the same fields in the same order.
  private _resources: Items<ExportedResource | BoundSchema> = undefined;
  private _claims: Items<PermissionClaim> = undefined;

  public constructor(scope: Construct, id: string, props: ApiServiceExportProps = {}) {
    super(scope, id, props, { kind: 'APIServiceExport', version: 'v1alpha2' });
    this.isolation = props.isolation ?? DEFAULT_ISOLATION;
    this.informerScope = props.informerScope ?? DEFAULT_INFORMER_SCOPE;
    this.clusterScopedIsolation = props.clusterScopedIsolation;
    // Indexed loops: a for-of in code V8 has not optimized yet allocates an iterator and a result per item.
    const schemas = props.schemas ?? NO_ITEMS;
    for (let i = 0; i < schemas.length; i++) this.addSchema(schemas[i]);
    const resources = props.resources ?? NO_ITEMS;
    for (let i = 0; i < resources.length; i++) this.addResource(resources[i]);
    const claims = props.permissionClaims ?? NO_ITEMS;
    for (let i = 0; i < claims.length; i++) this.addPermissionClaim(claims[i]);
    // Declared for the class (here, where the function is in reach): every export after the first finds it so.
    leaveOutRepeated(ApiServiceExport, ApiServiceExport.repeatsSchemaFinding);
  }

  /**
   * Exports a resource given as a group/resource/versions triple.
   */
  public addResource(resource: ExportedResource): void {
    if (!resource || typeof resource !== 'object' || BoundSchema.isBoundSchema(resource)) {
      const what = BoundSchema.isBoundSchema(resource) ? 'a BoundSchema (use addSchema)' : String(resource);
      throw new Error(`ApiServiceExport ${this.node.path}: addResource expects { group, resource, versions }, got ${what}`);
    }
    // Kept as the spec writes it: the spec shares this record (nothing changes it), and the getter copies it.
    // One literal per shape: a key added to a literal afterwards goes to a store of its own, ~40 bytes more.
    const group = resource.group ?? '';
    const kept: ExportedResource = resource.versions
      ? { group, resource: resource.resource, versions: [...resource.versions] }
      : { group, resource: resource.resource };
    this._resources = appended(this._resources, kept);
  }

  /**
   * Exports the resource a BoundSchema defines: its group, plural and served
   * versions, read at synth time.
   */
  public addSchema(schema: BoundSchema): void {
    if (!BoundSchema.isBoundSchema(schema)) {
      throw new Error(`ApiServiceExport ${this.node.path}: addSchema expects a BoundSchema, got ${String(schema)}`);
    }
    this._resources = appended(this._resources, schema);
  }

  /**
   * Adds a claim on consumer objects.
   */
  public addPermissionClaim(claim: PermissionClaim): void {
    this._claims = appended(this._claims, claim);
  }

  /**
   * The exported resources as group/resource/versions triples (a copy).
   */
  public get resources(): ExportedResource[] {
    return mapItems(this._resources, renderResource);
  }

  /**
   * The permission claims (a copy of the list).
   */
  public get permissionClaims(): PermissionClaim[] {
    return mapItems(this._claims, sameClaim);
  }

  protected renderSpec(): { [key: string]: any } {
    // One literal, no spreads: this runs for every object at every synth. A field not set is undefined, which cdk8s
    // leaves out of the output.
    const spec: l1.ApiServiceExportSpec = {
      resources: mapItems(this._resources, specResource),
      isolation: exportIsolation(this.isolation),
      informerScope: exportInformerScope(this.informerScope),
      permissionClaims: itemCount(this._claims) > 0 ? mapItems(this._claims, claimManifest) : undefined,
      clusterScopedIsolation: this.clusterScopedIsolation !== undefined ? exportClusterScopedIsolation(this.clusterScopedIsolation) : undefined,
    };
    return spec;
  }
}


function sameClaim(claim: PermissionClaim): PermissionClaim {
  return claim;
}

function claimManifest(claim: PermissionClaim): l1.ApiServiceExportSpecPermissionClaims {
  return claim._toManifest();
}

/**
 * An exported resource as the spec writes it: a BoundSchema read now, else
 * the record `addResource` kept, itself (the rules and cdk8s only read it).
 */
function specResource(r: ExportedResource | BoundSchema): ExportedResource {
  return BoundSchema.isBoundSchema(r) ? renderResource(r) : r;
}

/** An exported resource as the spec writes it, in a copy of its own. */
function renderResource(r: ExportedResource | BoundSchema): ExportedResource {
  if (BoundSchema.isBoundSchema(r)) {
    return { group: r.group, resource: r.plural, versions: r.servedVersions };
  }
  const group = r.group ?? '';
  return r.versions !== undefined ? { group, resource: r.resource, versions: [...r.versions] } : { group, resource: r.resource };
}
