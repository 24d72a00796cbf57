import { ApiObject } from 'cdk8s';
import { ExportedResource } from './api-service-export';
import { BoundSchema } from './bound-schema';
import { SchemaUpdatePolicy, Scope } from './model/enums';
import { PermissionClaim } from './permission-claim';

/**
 * What a template offers, and an export request asks for: the resources, the
 * permission claims, the namespaces to create and the schema update policy.
 */
export interface TemplateSpecProps {
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

/** One resource as it was added: a CRD object, a BoundSchema or plain data, rendered at synth. */
type Source = { readonly crd: ApiObject } | { readonly schema: BoundSchema } | { readonly resource: ExportedResource };

/**
 * The state behind `spec.resources`, `spec.permissionClaims`,
 * `spec.namespaces` and `spec.schemaUpdatePolicy` of a template or request,
 * shared by both constructs.
 */
export class TemplateSpec {
  private readonly sources: Source[] = [];
  private readonly claims: PermissionClaim[] = [];
  private readonly namespaceNames: string[] = [];

  public constructor(private readonly owner: string, props: TemplateSpecProps) {
    for (const crd of props.crds ?? []) this.addCrd(crd);
    for (const schema of props.schemas ?? []) this.addSchema(schema);
    for (const resource of props.resources ?? []) this.addResource(resource);
    for (const claim of props.permissionClaims ?? []) this.addPermissionClaim(claim);
    for (const name of props.namespaces ?? []) this.addNamespace(name);
  }

  public addCrd(crd: ApiObject): void {
    if (!ApiObject.isApiObject(crd) || crd.kind !== 'CustomResourceDefinition') {
      throw new Error(`${this.owner}: addCrd expects a CustomResourceDefinition object, got ${ApiObject.isApiObject(crd) ? `a ${crd.kind}` : String(crd)}`);
    }
    this.sources.push({ crd });
  }

  public addSchema(schema: BoundSchema): void {
    if (!BoundSchema.isBoundSchema(schema)) throw new Error(`${this.owner}: addSchema expects a BoundSchema, got ${String(schema)}`);
    this.sources.push({ schema });
  }

  public addResource(resource: ExportedResource): void {
    if (!resource || typeof resource !== 'object' || BoundSchema.isBoundSchema(resource) || ApiObject.isApiObject(resource)) {
      throw new Error(`${this.owner}: addResource expects { group, resource, versions }, got ${String(resource)} (use addCrd or addSchema for objects)`);
    }
    this.sources.push({ resource: { ...resource, ...(resource.versions ? { versions: [...resource.versions] } : {}) } });
  }

  public addPermissionClaim(claim: PermissionClaim): void {
    this.claims.push(claim);
  }

  public addNamespace(name: string): void {
    this.namespaceNames.push(name);
  }

  public get resources(): ExportedResource[] {
    return this.sources.map(render).map(r => r.resource);
  }

  public get permissionClaims(): PermissionClaim[] {
    return [...this.claims];
  }

  public get namespaces(): string[] {
    return [...this.namespaceNames];
  }

  /** The one scope of the resources whose scope is known, when they have one and every resource's is known. */
  public get derivedScope(): Scope | undefined {
    const scopes = this.sources.map(render).map(r => r.scope);
    if (scopes.length === 0 || scopes.some(s => s === undefined)) return undefined;
    return scopes.every(s => s === scopes[0]) ? scopes[0] : undefined;
  }

  /** The spec fields, in kube-bind's order. */
  public render(policy: SchemaUpdatePolicy | undefined): { [key: string]: any } {
    return {
      resources: this.resources,
      ...(this.claims.length > 0 ? { permissionClaims: this.claims.map(c => c.toJson()) } : {}),
      ...(this.namespaceNames.length > 0 ? { namespaces: this.namespaceNames.map(name => ({ name })) } : {}),
      ...(policy !== undefined ? { schemaUpdatePolicy: policy } : {}),
    };
  }
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
