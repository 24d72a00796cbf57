import { ApiObjectMetadata, Lazy } from 'cdk8s';
import { Construct } from 'constructs';
import { DefinitionSpec } from './definition-spec';
import * as l1 from './imports/kube-bind.io';
import { servingPaths } from './lifecycle/serving-paths';
import { DEFAULT_GROUP } from './model/kinds';
import { PrinterColumn } from './printer-column';
import { ResourceNames } from './resource-names';
import { ResourceVersion } from './resource-version';
import { deprecationNotes } from './rules';
import { ApiServiceExportV1alpha1Object, UserData, withoutSchemas } from './schema-as-data';
import { InformerScope, Isolation, Scope } from './scope';
import { Subresources } from './subresources';
import { validateWithRules } from './validation';

/**
 * Properties of an `ApiServiceExportV1alpha1`.
 */
export interface ApiServiceExportV1alpha1Props {
  /**
   * Metadata of the export. kube-bind requires the name `<plural>.<group>`.
   *
   * @default - name `<plural>.<group>`
   */
  readonly metadata?: ApiObjectMetadata;

  /**
   * The API group of the exported custom resource.
   */
  readonly group: string;

  /**
   * The names of the exported custom resource.
   */
  readonly names: ResourceNames;

  /**
   * Whether the custom resource is cluster- or namespace-scoped.
   *
   * @default Scope.NAMESPACED
   */
  readonly scope?: Scope;

  /**
   * Whether the konnector watches the resource cluster-wide or per namespace.
   * Cluster-scoped resources need `InformerScope.CLUSTER`.
   *
   * @default InformerScope.CLUSTER
   */
  readonly informerScope?: InformerScope;

  /**
   * How cluster-scoped objects are isolated between consumers. Required for
   * cluster-scoped resources, not allowed for namespaced ones.
   *
   * @default - none
   */
  readonly clusterScopedIsolation?: Isolation;

  /**
   * The OpenAPI v3 schema of the custom resource, shared by every version.
   */
  readonly schema: any;

  /**
   * The versions. More can be added with `addVersion()`.
   *
   * @default - none; add at least one
   */
  readonly versions?: ResourceVersion[];

  /**
   * Columns `kubectl get` shows, for every version that does not set its own.
   *
   * @default - only the age column
   */
  readonly printerColumns?: PrinterColumn[];

  /**
   * Subresources, for every version that does not set its own.
   *
   * @default - none
   */
  readonly subresources?: Subresources;

  /**
   * The API group the kube-bind kinds are served under; must match `KubeBindCrds`.
   *
   * @default 'kube-bind.io'
   */
  readonly kubeBindGroup?: string;
}

/**
 * An APIServiceExport in kube-bind's older v1alpha1 form, whose spec is a
 * CRD-like definition of one resource. New providers should prefer
 * `ApiServiceExport` (v1alpha2, the storage version) with a `BoundSchema`.
 */
export class ApiServiceExportV1alpha1 extends Construct {
  /**
   * The API group of the exported custom resource.
   */
  public readonly group: string;

  /**
   * The API group of the kube-bind kinds.
   */
  public readonly kubeBindGroup: string;

  /**
   * The name of the export object.
   */
  public readonly name: string;

  /**
   * The scope of the custom resource.
   */
  public readonly scope: Scope;

  /**
   * The informer scope.
   */
  public readonly informerScope: InformerScope;

  /**
   * How cluster-scoped objects are isolated, if set.
   */
  public readonly clusterScopedIsolation?: Isolation;

  private readonly spec: DefinitionSpec;
  private readonly resource: ApiServiceExportV1alpha1Object;

  public constructor(scope: Construct, id: string, props: ApiServiceExportV1alpha1Props) {
    super(scope, id);
    this.spec = new DefinitionSpec(`ApiServiceExportV1alpha1 ${this.node.path}`, props);
    this.group = this.spec.group;
    this.scope = this.spec.scope;
    this.informerScope = this.spec.informerScope;
    this.clusterScopedIsolation = props.clusterScopedIsolation;
    this.kubeBindGroup = props.kubeBindGroup ?? DEFAULT_GROUP;

    this.resource = new ApiServiceExportV1alpha1Object(this, 'Resource', {
      apiVersion: `${this.kubeBindGroup}/v1alpha1`,
      metadata: { ...props.metadata, name: props.metadata?.name ?? this.spec.qualifiedName },
      spec: Lazy.any({ produce: () => withoutSchemas(this.renderSpec()) }),
    } as l1.ApiServiceExportV1Alpha1Props,
    // Schemas are user data that cdk8s' resolver cannot carry (see schema-as-data.ts).
    UserData.versionsOf(() => this.renderSpec()));
    this.name = this.resource.name;
    validateWithRules(this, this.resource, this.kubeBindGroup);
  }

  /**
   * The names of the custom resource (a copy).
   */
  public get names(): ResourceNames {
    return { ...this.spec.names };
  }

  /**
   * The plural name.
   */
  public get plural(): string {
    return this.spec.names.plural;
  }

  /**
   * The versions (a copy).
   */
  public get versions(): ResourceVersion[] {
    return this.spec.versions;
  }

  /**
   * The names of the served versions.
   */
  public get servedVersions(): string[] {
    return this.spec.servedVersions;
  }

  /**
   * Adds a version.
   */
  public addVersion(version: ResourceVersion): void {
    this.spec.addVersion(version);
  }

  /**
   * The warning clients of `version` receive with every request: its
   * `deprecationWarning`, or else the text the API server sends by default
   * for a deprecated version (`<group>/<version> <Kind> is deprecated; use
   * <group>/<newer> <Kind>`). Undefined when the version is not deprecated or
   * not served.
   */
  public deprecationWarning(version: string): string | undefined {
    return deprecationNotes(this.resource.toJson()).find(n => n.version === version)?.warning;
  }

  /**
   * The REST paths the consumer cluster serves for the resource, for every
   * served version: collections, items, and `/status` and `/scale` where set.
   * `{namespace}` and `{name}` are placeholders.
   */
  public servingPaths(): string[] {
    return servingPaths(this.resource.toJson()).flatMap(v => v.paths);
  }

  private renderSpec(): any {
    return {
      // Schemas as given: schema-as-data.ts copies them into each manifest.
      ...this.spec.render(false),
      ...(this.clusterScopedIsolation !== undefined ? { clusterScopedIsolation: this.clusterScopedIsolation } : {}),
    };
  }
}
