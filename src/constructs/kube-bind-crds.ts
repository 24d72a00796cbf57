import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { ClusterScopedObject } from './cluster-scoped-object';
import {
  apiServiceExportCrd,
  apiServiceExportRequestCrd,
  apiServiceExportTemplateCrd,
  bindableResourcesRequestCrd,
  boundSchemaCrd,
  collectionCrd,
} from '../crds';
import { declareAppGroup } from '../glue/validation';
import { DEFAULT_GROUP } from '../model/kinds';

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

  /**
   * Also emit the CRDs of the provider side: APIServiceExportTemplate,
   * Collection, APIServiceExportRequest (v1alpha1, v1alpha2) and
   * BindableResourcesRequest, equal to kube-bind's.
   *
   * @default false
   */
  readonly providerKinds?: boolean;
}

/**
 * The CustomResourceDefinitions of kube-bind's resource-export API:
 * `apiserviceexports.<group>` (v1alpha1, and v1alpha2 as storage version) and
 * `boundschemas.<group>` (v1alpha2). A cluster needs them before any
 * APIServiceExport or BoundSchema can be applied. With `providerKinds`, also
 * the CRDs of templates, collections and backend-only requests.
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

  /**
   * The CustomResourceDefinition of APIServiceExportTemplate, when `providerKinds` is set.
   */
  public readonly apiServiceExportTemplateCrd?: ApiObject;

  /**
   * The CustomResourceDefinition of Collection, when `providerKinds` is set.
   */
  public readonly collectionCrd?: ApiObject;

  /**
   * The CustomResourceDefinition of APIServiceExportRequest, when `providerKinds` is set.
   */
  public readonly apiServiceExportRequestCrd?: ApiObject;

  /**
   * The CustomResourceDefinition of BindableResourcesRequest, when `providerKinds` is set.
   */
  public readonly bindableResourcesRequestCrd?: ApiObject;

  public constructor(scope: Construct, id: string, props: KubeBindCrdsProps = {}) {
    super(scope, id);
    this.group = props.group ?? DEFAULT_GROUP;
    if (this.group.trim() === '') {
      throw new Error(`KubeBindCrds: group ${JSON.stringify(this.group)} is empty: the kube-bind kinds need an API group such as "kube-bind.io"`);
    }
    this.apiServiceExportCrd = crdObject(this, 'ApiServiceExports', apiServiceExportCrd(this.group));
    this.boundSchemaCrd = crdObject(this, 'BoundSchemas', boundSchemaCrd(this.group));
    if (props.providerKinds === true) {
      this.apiServiceExportTemplateCrd = crdObject(this, 'ApiServiceExportTemplates', apiServiceExportTemplateCrd(this.group));
      this.collectionCrd = crdObject(this, 'Collections', collectionCrd(this.group));
      this.apiServiceExportRequestCrd = crdObject(this, 'ApiServiceExportRequests', apiServiceExportRequestCrd(this.group));
      this.bindableResourcesRequestCrd = crdObject(this, 'BindableResourcesRequests', bindableResourcesRequestCrd(this.group));
    }
    declareAppGroup(this, this.group);
  }
}

function crdObject(scope: Construct, id: string, crd: { [key: string]: any }): ApiObject {
  const { apiVersion, kind, metadata, ...rest } = crd;
  return new ClusterScopedObject(scope, id, { apiVersion, kind, metadata: { name: metadata.name }, ...rest });
}
