import { ApiObject } from 'cdk8s';

/**
 * An ApiObject that never carries a namespace: the CustomResourceDefinitions
 * `KubeBindCrds` writes (the library has no L1 class for them).
 */
export class ClusterScopedObject extends ApiObject {
  public override toJson(): any {
    return withoutNamespace(super.toJson());
  }
}

/**
 * `json`, a rendered object, without `metadata.namespace`. cdk8s stamps the
 * chart's namespace on every object it renders, cluster-scoped ones
 * included, and a cluster-scoped object with a namespace is wrong output.
 */
export function withoutNamespace(json: any): any {
  if (json.metadata && typeof json.metadata === 'object') delete json.metadata.namespace;
  return json;
}
