import { DEFAULT_INFORMER_SCOPE } from './model/defaults';
import { PrinterColumn } from './printer-column';
import { ResourceNames, renderNames } from './resource-names';
import { ResourceVersion, renderVersions } from './resource-version';
import { captureData } from './schema-as-data';
import { InformerScope, Scope } from './scope';
import { Subresources } from './subresources';

/** What BoundSchema and the v1alpha1 export share: a CRD-like spec. */
export interface DefinitionSpecProps {
  readonly group: string;
  readonly names: ResourceNames;
  readonly scope?: Scope;
  readonly informerScope?: InformerScope;
  readonly schema: any;
  readonly versions?: ResourceVersion[];
  readonly printerColumns?: PrinterColumn[];
  readonly subresources?: Subresources;
}

/**
 * The state behind a CRD-like spec, kept private by the constructs that use
 * it. Versions given as props go through the same `addVersion` as later ones.
 */
export class DefinitionSpec {
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
    // Our own copy: the rules' renderings share it (see schema-as-data.ts), so nothing may change it.
    this.schema = captureData(props.schema);
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

  /** `<plural>.<group>`, the name Kubernetes and kube-bind give the definition. */
  public get qualifiedName(): string {
    return `${this.names.plural}.${this.group}`;
  }

  /**
   * The spec fields both kinds share, in manifest form. With `copySchemas`
   * false, every version holds the schema given (for a caller that copies it).
   */
  public render(copySchemas = true): { [key: string]: any } {
    return {
      group: this.group,
      names: renderNames(this.names),
      scope: this.scope,
      informerScope: this.informerScope,
      versions: renderVersions(this._versions, {
        schema: this.schema,
        printerColumns: this.printerColumns,
        subresources: this.subresources,
      }, copySchemas),
    };
  }
}
