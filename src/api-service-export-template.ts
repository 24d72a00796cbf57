import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { ExportedResource } from './api-service-export';
import { BoundSchema } from './bound-schema';
import { KubeBindResource, KubeBindResourceProps } from './kube-bind-resource';
import { SchemaUpdatePolicy, Scope } from './model/enums';
import { PermissionClaim } from './permission-claim';
import { TemplateSpec, TemplateSpecProps } from './template-spec';

/**
 * Properties of `ApiServiceExportTemplate`.
 */
export interface ApiServiceExportTemplateProps extends KubeBindResourceProps, TemplateSpecProps {
  /**
   * The scope of the offered resources, for display (kube-bind reads the
   * scope of the CRDs).
   *
   * @default - the scope of the resources, when every one comes from a CRD
   * object or a BoundSchema and they share one; otherwise it must be given
   */
  readonly scope?: Scope;

  /**
   * What the template offers, in a sentence, for people choosing one.
   *
   * @default - none
   */
  readonly description?: string;
}

/**
 * An APIServiceExportTemplate (kube-bind.io/v1alpha2, cluster-scoped): what a
 * consumer gets in one bind. Its resources come from the CRDs the app already
 * has (CRD objects, BoundSchemas) or are named by group, plural and versions;
 * it takes the same `PermissionClaim`s as an export.
 *
 * kube-bind copies the spec into an APIServiceExportRequest when a consumer
 * binds, and checks it only then; the checks run here at synth instead: each
 * resource's CRD is in the app and labelled (`ExportedCrd.mark`), the
 * resources share one scope, their versions are served, the claims are
 * claimable, the namespaces fit.
 */
export class ApiServiceExportTemplate extends KubeBindResource {
  /**
   * Whether `x` is an `ApiServiceExportTemplate`.
   */
  public static isApiServiceExportTemplate(x: any): x is ApiServiceExportTemplate {
    return x !== null && typeof x === 'object' && TEMPLATE_BRAND in x;
  }

  /**
   * The schema update policy, when set.
   */
  public readonly schemaUpdatePolicy?: SchemaUpdatePolicy;

  /**
   * The description, when set.
   */
  public readonly description?: string;

  private readonly spec: TemplateSpec;
  private readonly givenScope?: Scope;

  public constructor(scope: Construct, id: string, props: ApiServiceExportTemplateProps = {}) {
    super(scope, id, props, { kind: 'APIServiceExportTemplate', version: 'v1alpha2', clusterScoped: true });
    Object.defineProperty(this, TEMPLATE_BRAND, { value: true });
    this.spec = new TemplateSpec(`ApiServiceExportTemplate ${this.node.path}`, props);
    this.givenScope = props.scope;
    this.schemaUpdatePolicy = props.schemaUpdatePolicy;
    this.description = props.description;
  }

  /**
   * The scope written: the given one, else the one the resources share.
   * Throws when neither is known.
   */
  public get scope(): Scope {
    const scope = this.givenScope ?? this.spec.derivedScope;
    if (scope === undefined) {
      throw new Error(`ApiServiceExportTemplate ${this.node.path}: spec.scope cannot be derived (resources named by group and plural, `
        + 'or resources of both scopes): give props.scope, or offer CRD objects or BoundSchemas of one scope');
    }
    return scope;
  }

  /** Offers the resource of a CustomResourceDefinition object, with the versions it serves. */
  public addCrd(crd: ApiObject): void {
    this.spec.addCrd(crd);
  }

  /** Offers the resource of a BoundSchema, with its served versions. */
  public addSchema(schema: BoundSchema): void {
    this.spec.addSchema(schema);
  }

  /** Offers a resource named by group, plural and versions. */
  public addResource(resource: ExportedResource): void {
    this.spec.addResource(resource);
  }

  /** Asks the consumer for access to objects of one group and resource. */
  public addPermissionClaim(claim: PermissionClaim): void {
    this.spec.addPermissionClaim(claim);
  }

  /** Has kube-bind create a namespace for each binding. */
  public addNamespace(name: string): void {
    this.spec.addNamespace(name);
  }

  /** The offered resources, as written (a copy). */
  public get resources(): ExportedResource[] {
    return this.spec.resources;
  }

  /** The permission claims (a copy of the list). */
  public get permissionClaims(): PermissionClaim[] {
    return this.spec.permissionClaims;
  }

  /** The names of the namespaces created for each binding (a copy). */
  public get namespaces(): string[] {
    return this.spec.namespaces;
  }

  protected renderSpec(): { [key: string]: any } {
    return {
      ...(this.description !== undefined ? { description: this.description } : {}),
      scope: this.scope,
      ...this.spec.render(this.schemaUpdatePolicy),
    };
  }
}

const TEMPLATE_BRAND = Symbol.for('cdk8s-kube-bind.ApiServiceExportTemplate');
