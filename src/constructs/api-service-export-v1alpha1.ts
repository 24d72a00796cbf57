import { Construct } from 'constructs';
import { DefinitionResource } from './definition-resource';
import { DefinitionSpecProps } from './definition-spec';
import { v1alpha1ExportClusterScopedIsolation, v1alpha1ExportInformerScope, v1alpha1ExportScope } from './l1-enums';
import * as l1 from '../imports/kube-bind.io';
import { Isolation } from '../model/enums';

/**
 * Properties of an `ApiServiceExportV1Alpha1`. kube-bind requires the name
 * `<plural>.<group>`, the default.
 */
export interface ApiServiceExportV1Alpha1Props extends DefinitionSpecProps {
  /**
   * How cluster-scoped objects are isolated between consumers. Required for
   * cluster-scoped resources, not allowed for namespaced ones.
   *
   * @default - none
   */
  readonly clusterScopedIsolation?: Isolation;
}

/**
 * An APIServiceExport in kube-bind's older v1alpha1 form, whose spec is a
 * CRD-like definition of one resource. New providers should prefer
 * `ApiServiceExport` (v1alpha2, the storage version) with a `BoundSchema`.
 */
export class ApiServiceExportV1Alpha1 extends DefinitionResource {
  /**
   * How cluster-scoped objects are isolated, if set.
   */
  public readonly clusterScopedIsolation?: Isolation;

  public constructor(scope: Construct, id: string, props: ApiServiceExportV1Alpha1Props) {
    super(scope, id, props, { kind: 'APIServiceExport', version: 'v1alpha1' });
    this.clusterScopedIsolation = props.clusterScopedIsolation;
  }

  protected override renderSpec(): { [key: string]: any } {
    const definition = this._renderDefinition();
    const isolation = this.clusterScopedIsolation;
    const spec: l1.ApiServiceExportV1Alpha1Spec = {
      group: definition.group,
      names: definition.names,
      scope: v1alpha1ExportScope(definition.scope),
      informerScope: v1alpha1ExportInformerScope(definition.informerScope),
      versions: definition.versions,
      clusterScopedIsolation: isolation !== undefined ? v1alpha1ExportClusterScopedIsolation(isolation) : undefined,
    };
    return spec;
  }
}

