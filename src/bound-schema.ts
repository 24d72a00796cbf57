import { ApiObject, ApiObjectMetadata, Lazy } from 'cdk8s';
import { Construct } from 'constructs';
import { IApiResource } from './api-resource';
import { Conversion } from './conversion';
import { DefinitionSpec } from './definition-spec';
import * as l1 from './imports/kube-bind.io';
import { servingPaths } from './lifecycle/serving-paths';
import { boundSchemaPropsFromCrd } from './migrate/props-from-crd';
import { DEFAULT_GROUP } from './model/kinds';
import { PrinterColumn } from './printer-column';
import { ResourceNames } from './resource-names';
import { ResourceVersion } from './resource-version';
import { deprecationNotes } from './rules';
import { BoundSchemaObject, UserData, withoutSchemas } from './schema-as-data';
import { InformerScope, Scope } from './scope';
import { Subresources } from './subresources';
import { validateWithRules } from './validation';

const BOUND_SCHEMA_BRAND = Symbol.for('cdk8s-kube-bind.BoundSchema');

/**
 * Properties of a `BoundSchema`.
 */
export interface BoundSchemaProps {
  /**
   * Metadata of the BoundSchema object.
   *
   * @default - name `<plural>.<group>`, as kube-bind names BoundSchemas
   */
  readonly metadata?: ApiObjectMetadata;

  /**
   * The API group of the bound custom resource, e.g. `mangodb.example.com`.
   */
  readonly group: string;

  /**
   * The names of the bound custom resource.
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
   *
   * @default InformerScope.CLUSTER
   */
  readonly informerScope?: InformerScope;

  /**
   * The OpenAPI v3 schema of the custom resource (`openAPIV3Schema`), shared by
   * every version as the spec requires (kube-bind cannot convert objects
   * between versions; it stores a copy in each version).
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
   * How objects are converted between versions.
   *
   * @default - not set (the server converts by changing `apiVersion` only)
   */
  readonly conversion?: Conversion;

  /**
   * The API group the kube-bind kinds are served under; must match `KubeBindCrds`.
   *
   * @default 'kube-bind.io'
   */
  readonly kubeBindGroup?: string;
}

/**
 * Options of `BoundSchema.fromCrd`.
 */
export interface BoundSchemaFromCrdOptions {
  /**
   * Metadata of the BoundSchema object.
   *
   * @default - name `<plural>.<group>`, as kube-bind names BoundSchemas
   */
  readonly metadata?: ApiObjectMetadata;

  /**
   * Whether the konnector watches the resource cluster-wide or per namespace.
   *
   * @default - the CRD's scope (`Cluster` or `Namespaced`), as kube-bind's own CRD-to-BoundSchema conversion derives it
   */
  readonly informerScope?: InformerScope;

  /**
   * The names of the CRD's versions to export, e.g. `['v1', 'v1beta1']`: the
   * others are left out. Use it to export only the versions that share one
   * schema. The storage version must be among them.
   *
   * @default - every version that is served or stored (a version that is neither can be neither read nor written)
   */
  readonly versions?: string[];

  /**
   * The API group the kube-bind kinds are served under.
   *
   * @default 'kube-bind.io'
   */
  readonly kubeBindGroup?: string;
}

/**
 * A BoundSchema (kube-bind v1alpha2): the schema of one custom resource that a
 * provider exports, reflected on the consumer side as a real CRD.
 *
 * Everything kube-bind or the consumer's API server would reject fails
 * `cdk8s synth`, with every violation listed.
 */
export class BoundSchema extends Construct implements IApiResource {
  /**
   * Whether `x` is a BoundSchema, also across two copies of this library.
   */
  public static isBoundSchema(x: any): x is BoundSchema {
    return x !== null && typeof x === 'object' && BOUND_SCHEMA_BRAND in x;
  }

  /**
   * A BoundSchema for an existing CustomResourceDefinition: group, names,
   * scope, versions (schema, served, storage, deprecation, printer columns,
   * subresources) and conversion are copied. `crd` is a plain object (for
   * example a parsed YAML file) or an ApiObject already in the app.
   *
   * Throws, listing every problem, for what kube-bind refuses: not a
   * `apiextensions.k8s.io/v1` CRD, no versions, exported versions whose
   * schemas differ (documentation aside), a conversion webhook reached
   * through a service reference. `selectableFields` and versions that are
   * neither served nor stored are left out.
   */
  public static fromCrd(scope: Construct, id: string, crd: any, options: BoundSchemaFromCrdOptions = {}): BoundSchema {
    const manifest = ApiObject.isApiObject(crd) ? crd.toJson() : crd;
    const result = boundSchemaPropsFromCrd(manifest, {
      ...(options.informerScope !== undefined ? { informerScope: options.informerScope } : {}),
      ...(options.versions !== undefined ? { versions: [...options.versions] } : {}),
    });
    if (!result.props) {
      throw new Error(`BoundSchema.fromCrd: cannot bind this CRD:\n  ${result.problems.join('\n  ')}`);
    }
    return new BoundSchema(scope, id, { ...result.props, metadata: options.metadata, kubeBindGroup: options.kubeBindGroup });
  }

  /**
   * The API group of the bound custom resource.
   */
  public readonly group: string;

  /**
   * The API group of the kube-bind kinds.
   */
  public readonly kubeBindGroup: string;

  /**
   * The name of the BoundSchema object.
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
   * The conversion settings, if any.
   */
  public readonly conversion?: Conversion;

  private readonly spec: DefinitionSpec;
  private readonly resource: BoundSchemaObject;

  public constructor(scope: Construct, id: string, props: BoundSchemaProps) {
    super(scope, id);
    Object.defineProperty(this, BOUND_SCHEMA_BRAND, { value: true });
    this.spec = new DefinitionSpec(`BoundSchema ${this.node.path}`, props);
    this.group = this.spec.group;
    this.scope = this.spec.scope;
    this.informerScope = this.spec.informerScope;
    this.kubeBindGroup = props.kubeBindGroup ?? DEFAULT_GROUP;
    this.conversion = props.conversion;

    this.resource = new BoundSchemaObject(this, 'Resource', {
      apiVersion: `${this.kubeBindGroup}/v1alpha2`,
      metadata: { ...props.metadata, name: props.metadata?.name ?? this.spec.qualifiedName },
      spec: Lazy.any({ produce: () => withoutSchemas(this.renderSpec()) }),
    } as l1.BoundSchemaProps,
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
   * The plural name, as a permission claim or an export refers to it.
   */
  public get plural(): string {
    return this.spec.names.plural;
  }

  /**
   * The API group, as a permission-claim reference reads it.
   */
  public get apiGroup(): string {
    return this.spec.group;
  }

  /**
   * The plural, as a permission-claim reference reads it.
   */
  public get resourceType(): string {
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
      ...(this.conversion ? { conversion: this.conversion.toJson() } : {}),
    };
  }
}
