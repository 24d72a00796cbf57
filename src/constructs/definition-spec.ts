import { KubeBindResourceProps } from './kube-bind-resource';
import { DEFAULT_INFORMER_SCOPE } from '../model/defaults';
import { InformerScope, Scope } from '../model/enums';
import { PrinterColumn } from '../values/printer-column';
import { ResourceNames, renderNames } from '../values/resource-names';
import { ResourceVersion, VersionManifest, renderVersions } from '../values/resource-version';
import { Subresources } from '../values/subresources';

/**
 * What every CRD-like spec takes (a `BoundSchema`'s, a v1alpha1
 * `ApiServiceExportV1Alpha1`'s): the definition of one custom resource.
 */
export interface DefinitionSpecProps extends KubeBindResourceProps {
  /**
   * The API group of the custom resource, e.g. `mangodb.example.com`.
   */
  readonly group: string;

  /**
   * The names of the custom resource.
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
   * The OpenAPI v3 schema of the custom resource (`openAPIV3Schema`), shared by
   * every version as the spec requires (kube-bind cannot convert objects
   * between versions; it stores a copy in each version). A JSON object, as
   * given (for example parsed from a CRD's YAML); the rules check it at synth.
   */
  readonly schema: { [key: string]: any };

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
}

/** The spec fields a CRD-like kind shares, with our enums: each kind writes the scopes as its L1 types them (l1-enums.ts). */
export interface DefinitionManifest {
  readonly group: string;
  readonly names: ResourceNames;
  readonly scope: Scope;
  readonly informerScope: InformerScope;
  readonly versions: VersionManifest[];
}

/**
 * The state behind a CRD-like spec, kept private by the constructs that use
 * it. Versions given as props go through the same `addVersion` as later ones.
 */
export class DefinitionSpec {
  /** `<plural>.<group>`, the name Kubernetes and kube-bind give the definition; read before the spec exists. */
  public static qualifiedName(props: DefinitionSpecProps): string | undefined {
    const plural = props.names?.plural;
    return typeof plural === 'string' ? `${plural}.${props.group}` : undefined;
  }

  public readonly group: string;
  public readonly names: ResourceNames;
  public readonly scope: Scope;
  public readonly informerScope: InformerScope;
  private readonly schema: any;
  private readonly printerColumns?: PrinterColumn[];
  private readonly subresources?: Subresources;
  private readonly _versions: ResourceVersion[] = [];

  public constructor(owner: string, props: DefinitionSpecProps) {
    if (!props.names || typeof props.names !== 'object') {
      throw new Error(`${owner}: names is required, e.g. { kind: 'Database', plural: 'databases' }`);
    }
    this.group = props.group;
    this.names = { ...props.names };
    this.scope = props.scope ?? Scope.NAMESPACED;
    this.informerScope = props.informerScope ?? DEFAULT_INFORMER_SCOPE;
    // Our own copy: a later change to the user's object must not reach the output.
    this.schema = copyData(props.schema);
    this.printerColumns = props.printerColumns ? [...props.printerColumns] : undefined;
    this.subresources = props.subresources;
    for (const v of props.versions ?? []) this.addVersion(v);
  }

  public addVersion(version: ResourceVersion): void {
    this._versions.push({ ...version });
  }

  public get versions(): ResourceVersion[] {
    return this._versions.map(v => ({ ...v }));
  }

  /** Names of the served versions, in order. */
  public get servedVersions(): string[] {
    return this._versions.filter(v => v.served !== false).map(v => v.name);
  }

  /**
   * The spec fields both kinds share, in manifest form. Every version holds
   * the same schema object (the construct's own copy, never changed).
   */
  public render(): DefinitionManifest {
    return {
      group: this.group,
      names: renderNames(this.names),
      scope: this.scope,
      informerScope: this.informerScope,
      versions: renderVersions(this._versions, {
        schema: this.schema,
        printerColumns: this.printerColumns,
        subresources: this.subresources,
      }, false),
    };
  }
}

/**
 * A copy of user data: arrays and plain objects copied all the way down (every
 * key an own property, `__proto__` included), anything else (a token, a class
 * instance) kept as it is, for cdk8s to resolve. As with a jsii struct, which
 * is passed by value, later changes to what the user passed do not reach the
 * construct.
 */
export function copyData(value: unknown): any {
  if (Array.isArray(value)) return value.map(copyData);
  if (typeof value !== 'object' || value === null) return value;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: { [key: string]: any } = {};
  for (const key of Object.keys(value)) {
    const v = copyData((value as any)[key]);
    if (key === '__proto__') Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
    else out[key] = v;
  }
  return out;
}
