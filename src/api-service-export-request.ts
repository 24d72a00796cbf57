import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { ExportedResource } from './api-service-export';
import { BoundSchema } from './bound-schema';
import { KubeBindResource, KubeBindResourceProps } from './kube-bind-resource';
import { SchemaUpdatePolicy } from './model/enums';
import { PermissionClaim } from './permission-claim';
import { TemplateSpec, TemplateSpecProps } from './template-spec';

/**
 * Properties of `ApiServiceExportRequest`.
 */
export interface ApiServiceExportRequestProps extends KubeBindResourceProps, TemplateSpecProps {
  /**
   * Free-form parameters for the provider.
   *
   * @default - none
   */
  readonly parameters?: { [key: string]: any };
}

/**
 * An APIServiceExportRequest (kube-bind.io/v1alpha2), written by hand in
 * kube-bind's backend-only mode: the bind of one consumer, in that
 * consumer's namespace on the provider. The backend turns it into an
 * APIServiceExport; its spec is immutable once applied (`UpdateCheck`
 * reports a change at synth).
 */
export class ApiServiceExportRequest extends KubeBindResource {
  /**
   * The schema update policy, when set.
   */
  public readonly schemaUpdatePolicy?: SchemaUpdatePolicy;

  private readonly spec: TemplateSpec;
  private readonly parameters?: { [key: string]: any };

  public constructor(scope: Construct, id: string, props: ApiServiceExportRequestProps = {}) {
    super(scope, id, props, { kind: 'APIServiceExportRequest', version: 'v1alpha2' });
    this.spec = new TemplateSpec(`ApiServiceExportRequest ${this.node.path}`, props);
    this.schemaUpdatePolicy = props.schemaUpdatePolicy;
    this.parameters = props.parameters !== undefined ? { ...props.parameters } : undefined;
  }

  /** Asks for the resource of a CustomResourceDefinition object, with the versions it serves. */
  public addCrd(crd: ApiObject): void {
    this.spec.addCrd(crd);
  }

  /** Asks for the resource of a BoundSchema, with its served versions. */
  public addSchema(schema: BoundSchema): void {
    this.spec.addSchema(schema);
  }

  /** Asks for a resource named by group, plural and versions. */
  public addResource(resource: ExportedResource): void {
    this.spec.addResource(resource);
  }

  /** Asks the consumer for access to objects of one group and resource. */
  public addPermissionClaim(claim: PermissionClaim): void {
    this.spec.addPermissionClaim(claim);
  }

  /** Has kube-bind create a namespace for the binding. */
  public addNamespace(name: string): void {
    this.spec.addNamespace(name);
  }

  /** The resources asked for, as written (a copy). */
  public get resources(): ExportedResource[] {
    return this.spec.resources;
  }

  /** The permission claims (a copy of the list). */
  public get permissionClaims(): PermissionClaim[] {
    return this.spec.permissionClaims;
  }

  /** The names of the namespaces created (a copy). */
  public get namespaces(): string[] {
    return this.spec.namespaces;
  }

  protected renderSpec(): { [key: string]: any } {
    return {
      ...this.spec.render(this.schemaUpdatePolicy),
      ...(this.parameters !== undefined ? { parameters: this.parameters } : {}),
    };
  }
}
