import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { ExportedResource } from './api-service-export';
import { BoundSchema } from './bound-schema';
import { KubeBindResource, KubeBindResourceKind, KubeBindResourceProps } from './kube-bind-resource';
import { PermissionClaim } from './permission-claim';
import * as l1 from '../imports/kube-bind.io';
import { SchemaUpdatePolicy, Scope } from '../model/enums';

/**
 * What a template offers, and an export request asks for: the resources, the
 * permission claims, the namespaces to create and the schema update policy.
 */
export interface TemplateSpecProps extends KubeBindResourceProps {
  /**
   * CustomResourceDefinition objects of the app (`Include`d or generated):
   * each offers its resource with the versions it serves. Mark them with
   * `ExportedCrd.mark`: kube-bind only offers labelled CRDs.
   *
   * @default - none
   */
  readonly crds?: ApiObject[];

  /**
   * BoundSchemas whose resources are offered, with their served versions.
   *
   * @default - none
   */
  readonly schemas?: BoundSchema[];

  /**
   * Resources named by group, plural and versions.
   *
   * @default - none
   */
  readonly resources?: ExportedResource[];

  /**
   * Access to objects of the consumer's cluster the provider asks for.
   *
   * @default - none
   */
  readonly permissionClaims?: PermissionClaim[];

  /**
   * Names of the namespaces kube-bind creates for each binding (as
   * `<prefix><hash>-<name>` on the provider).
   *
   * @default - none
   */
  readonly namespaces?: string[];

  /**
   * Whether later changes of the provider's CRDs reach bound schemas.
   *
   * @default - not written; kube-bind's default is `Never`
   */
  readonly schemaUpdatePolicy?: SchemaUpdatePolicy;
}

/** What a template's and a request's spec share, with our enum: each kind writes the policy as its L1 types it (l1-enums.ts). */
export interface TemplateSpecManifest {
  readonly resources: ExportedResource[];
  readonly permissionClaims?: l1.ApiServiceExportSpecPermissionClaims[];
  readonly namespaces?: Array<{ readonly name: string }>;
  readonly schemaUpdatePolicy?: SchemaUpdatePolicy;
}

/** One resource as it was added: a CRD object, a BoundSchema or plain data, rendered at synth. */
type Source = { readonly crd: ApiObject } | { readonly schema: BoundSchema } | { readonly resource: ExportedResource };

/**
 * What a template and an export request share: the resources (from CRD
 * objects, BoundSchemas or plain data), the permission claims, the namespaces
 * to create and the schema update policy, with their `addX()` mutators and
 * copying getters. kube-bind copies a template's spec into a request by value.
 */
export abstract class TemplateSpecResource extends KubeBindResource {
  /**
   * The schema update policy, when set.
   */
  public readonly schemaUpdatePolicy?: SchemaUpdatePolicy;

  private readonly sources: Source[] = [];
  private readonly claims: PermissionClaim[] = [];
  private readonly namespaceNames: string[] = [];

  protected constructor(scope: Construct, id: string, props: TemplateSpecProps, kind: KubeBindResourceKind) {
    super(scope, id, props, kind);
    this.schemaUpdatePolicy = props.schemaUpdatePolicy;
    for (const crd of props.crds ?? []) this.addCrd(crd);
    for (const schema of props.schemas ?? []) this.addSchema(schema);
    for (const resource of props.resources ?? []) this.addResource(resource);
    for (const claim of props.permissionClaims ?? []) this.addPermissionClaim(claim);
    for (const name of props.namespaces ?? []) this.addNamespace(name);
  }

  /** Adds the resource of a CustomResourceDefinition object, with the versions it serves. */
  public addCrd(crd: ApiObject): void {
    if (!ApiObject.isApiObject(crd) || crd.kind !== 'CustomResourceDefinition') {
      throw new Error(`${this.describe()}: addCrd expects a CustomResourceDefinition object, got ${ApiObject.isApiObject(crd) ? `a ${crd.kind}` : String(crd)}`);
    }
    this.sources.push({ crd });
  }

  /** Adds the resource of a BoundSchema, with its served versions. */
  public addSchema(schema: BoundSchema): void {
    if (!BoundSchema.isBoundSchema(schema)) throw new Error(`${this.describe()}: addSchema expects a BoundSchema, got ${String(schema)}`);
    this.sources.push({ schema });
  }

  /** Adds a resource named by group, plural and versions. */
  public addResource(resource: ExportedResource): void {
    if (!resource || typeof resource !== 'object' || BoundSchema.isBoundSchema(resource) || ApiObject.isApiObject(resource)) {
      throw new Error(`${this.describe()}: addResource expects { group, resource, versions }, got ${String(resource)} (use addCrd or addSchema for objects)`);
    }
    this.sources.push({ resource: { ...resource, ...(resource.versions ? { versions: [...resource.versions] } : {}) } });
  }

  /** Asks the consumer for access to objects of one group and resource. */
  public addPermissionClaim(claim: PermissionClaim): void {
    this.claims.push(claim);
  }

  /** Has kube-bind create a namespace for each binding. */
  public addNamespace(name: string): void {
    this.namespaceNames.push(name);
  }

  /** The resources, as written (a copy). */
  public get resources(): ExportedResource[] {
    return this.sources.map(render).map(r => r.resource);
  }

  /** The permission claims (a copy of the list). */
  public get permissionClaims(): PermissionClaim[] {
    return [...this.claims];
  }

  /** The names of the namespaces created for each binding (a copy). */
  public get namespaces(): string[] {
    return [...this.namespaceNames];
  }

  /**
   * The one scope of the resources, when every one comes from a CRD object
   * or a BoundSchema and they share one.
   */
  protected get derivedScope(): Scope | undefined {
    const rendered = this.sources.map(render);
    if (rendered.length === 0) return undefined;
    // A resource named by group and plural takes the scope of the app's CRD of that group and plural.
    const scopes = rendered.map(r => r.scope ?? scopeInApp(this, r.resource));
    if (scopes.some(s => s === undefined)) return undefined;
    return scopes.every(s => s === scopes[0]) ? scopes[0] : undefined;
  }

  /** `resources`, `permissionClaims`, `namespaces` and `schemaUpdatePolicy` of the spec, in kube-bind's order. */
  protected renderTemplateSpec(): { [key: string]: any } {
    // Typed, for each kind to write into its L1 spec (with its own `schemaUpdatePolicy` enum).
    const shared: TemplateSpecManifest = {
      resources: this.resources,
      ...(this.claims.length > 0 ? { permissionClaims: this.claims.map(c => c._toManifest()) } : {}),
      ...(this.namespaceNames.length > 0 ? { namespaces: this.namespaceNames.map(name => ({ name })) } : {}),
      ...(this.schemaUpdatePolicy !== undefined ? { schemaUpdatePolicy: this.schemaUpdatePolicy } : {}),
    };
    return shared;
  }

  private describe(): string {
    return `${this.constructor.name} ${this.node.path}`;
  }
}

/**
 * The scope of the CustomResourceDefinition of `resource` among the app's
 * objects, as kube-bind's backend reads it from the CRD; undefined when the
 * app has none (then no scope is written, and the rules report it missing).
 */
function scopeInApp(construct: Construct, resource: ExportedResource): Scope | undefined {
  for (const child of construct.node.root.node.findAll()) {
    if (!ApiObject.isApiObject(child) || child.kind !== 'CustomResourceDefinition') continue;
    const spec = child.toJson().spec ?? {};
    if ((spec.group ?? '') !== (resource.group ?? '') || spec.names?.plural !== resource.resource) continue;
    if (spec.scope === Scope.CLUSTER || spec.scope === Scope.NAMESPACED) return spec.scope as Scope;
  }
  return undefined;
}

function render(source: Source): { resource: ExportedResource; scope?: Scope } {
  if ('schema' in source) {
    const s = source.schema;
    return { resource: { group: s.group, resource: s.plural, versions: s.servedVersions }, scope: s.scope };
  }
  if ('crd' in source) {
    const spec = source.crd.toJson().spec ?? {};
    const versions: any[] = Array.isArray(spec.versions) ? spec.versions : [];
    const scope = spec.scope === Scope.CLUSTER || spec.scope === Scope.NAMESPACED ? spec.scope as Scope : undefined;
    return {
      resource: { group: spec.group ?? '', resource: spec.names?.plural ?? '', versions: versions.filter(v => v?.served === true).map(v => v.name) },
      ...(scope !== undefined ? { scope } : {}),
    };
  }
  const r = source.resource;
  return { resource: { group: r.group ?? '', resource: r.resource, ...(r.versions !== undefined ? { versions: [...r.versions] } : {}) } };
}
