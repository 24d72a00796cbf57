import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { ClusterScopedObject } from './cluster-scoped-object';
import { apiServiceExportCrd, boundSchemaCrd } from './crds';
import { DEFAULT_GROUP } from './model/kinds';
import { declareAppGroup } from './validation';

/**
 * Properties of `KubeBindCrds`.
 */
export interface KubeBindCrdsProps {
  /**
   * The API group the kube-bind kinds are served under.
   *
   * @default 'kube-bind.io'
   */
  readonly group?: string;
}

/**
 * The two CustomResourceDefinitions of kube-bind's resource-export API:
 * `apiserviceexports.<group>` (v1alpha1, and v1alpha2 as storage version) and
 * `boundschemas.<group>` (v1alpha2). A cluster needs them before any
 * APIServiceExport or BoundSchema can be applied.
 *
 * CRDs are cluster-scoped: the output never has `metadata.namespace`, even in
 * a chart that sets a namespace.
 */
export class KubeBindCrds extends Construct {
  /**
   * The API group the CRDs serve.
   */
  public readonly group: string;

  /**
   * The CustomResourceDefinition of APIServiceExport.
   */
  public readonly apiServiceExportCrd: ApiObject;

  /**
   * The CustomResourceDefinition of BoundSchema.
   */
  public readonly boundSchemaCrd: ApiObject;

  public constructor(scope: Construct, id: string, props: KubeBindCrdsProps = {}) {
    super(scope, id);
    this.group = props.group ?? DEFAULT_GROUP;
    if (this.group.trim() === '') {
      throw new Error(`KubeBindCrds: group ${JSON.stringify(this.group)} is empty: the kube-bind kinds need an API group such as "kube-bind.io"`);
    }
    this.apiServiceExportCrd = crdObject(this, 'ApiServiceExports', apiServiceExportCrd(this.group));
    this.boundSchemaCrd = crdObject(this, 'BoundSchemas', boundSchemaCrd(this.group));
    declareAppGroup(this, this.group);
  }
}

function crdObject(scope: Construct, id: string, crd: { [key: string]: any }): ApiObject {
  const { apiVersion, kind, metadata, ...rest } = crd;
  return new ClusterScopedObject(scope, id, { apiVersion, kind, metadata: { name: metadata.name }, ...rest });
}
