import { Construct } from 'constructs';
import { DefinitionManifest, DefinitionSpec, DefinitionSpecProps } from './definition-spec';
import { KubeBindResource, KubeBindResourceKind } from './kube-bind-resource';
import { servingPaths } from '../lifecycle/serving-paths';
import { InformerScope, Scope } from '../model/enums';
import { deprecationNotes } from '../rules/k8s/deprecation';
import { ResourceNames } from '../values/resource-names';
import { ResourceVersion } from '../values/resource-version';

/**
 * A kube-bind resource whose spec defines one custom resource, as a CRD does
 * (a `BoundSchema`, an `ApiServiceExportV1Alpha1`): group, names, scopes,
 * versions with one schema. Named `<plural>.<group>` unless metadata says
 * otherwise, as kube-bind names them.
 */
export abstract class DefinitionResource extends KubeBindResource {
  /**
   * The API group of the custom resource.
   */
  public readonly group: string;

  /**
   * The scope of the custom resource.
   */
  public readonly scope: Scope;

  /**
   * The informer scope.
   */
  public readonly informerScope: InformerScope;

  private readonly definition: DefinitionSpec;

  protected constructor(scope: Construct, id: string, props: DefinitionSpecProps, kind: KubeBindResourceKind) {
    super(scope, id, props, { ...kind, defaultName: kind.defaultName ?? DefinitionSpec.qualifiedName(props) });
    this.definition = new DefinitionSpec(`${kind.kind} ${this.node.path}`, props);
    this.group = this.definition.group;
    this.scope = this.definition.scope;
    this.informerScope = this.definition.informerScope;
  }

  /**
   * The names of the custom resource (a copy).
   */
  public get names(): ResourceNames {
    return { ...this.definition.names };
  }

  /**
   * The plural name.
   */
  public get plural(): string {
    return this.definition.names.plural;
  }

  /**
   * The versions (a copy).
   */
  public get versions(): ResourceVersion[] {
    return this.definition.versions;
  }

  /**
   * The names of the served versions.
   */
  public get servedVersions(): string[] {
    return this.definition.servedVersions;
  }

  /**
   * Adds a version.
   */
  public addVersion(version: ResourceVersion): void {
    this.definition.addVersion(version);
  }

  /**
   * The warning clients of `version` receive with every request: its
   * `deprecationWarning`, or else the text the API server sends by default
   * for a deprecated version (`<group>/<version> <Kind> is deprecated; use
   * <group>/<newer> <Kind>`). Undefined when the version is not deprecated or
   * not served.
   */
  public deprecationWarning(version: string): string | undefined {
    return deprecationNotes(this.apiObject.toJson()).find(n => n.version === version)?.warning;
  }

  /**
   * The REST paths the consumer cluster serves for the resource, for every
   * served version: collections, items, and `/status` and `/scale` where set.
   * `{namespace}` and `{name}` are placeholders.
   */
  public servingPaths(): string[] {
    return servingPaths(this.apiObject.toJson()).flatMap(v => v.paths);
  }

  /**
   * The definition's spec fields (group, names, scopes, versions); a subclass
   * adds its own to them.
   */
  protected renderSpec(): { [key: string]: any } {
    return this._renderDefinition();
  }

  /**
   * The definition's spec fields, typed, for a kind of the library to write
   * into its L1 spec.
   *
   * @internal
   */
  protected _renderDefinition(): DefinitionManifest {
    return this.definition.render();
  }
}
