import { ApiObject } from 'cdk8s';

/**
 * An ApiObject that never carries a namespace. cdk8s stamps the chart's
 * namespace on every object it renders, cluster-scoped ones included, and a
 * CustomResourceDefinition with `metadata.namespace` is wrong output.
 */
export class ClusterScopedObject extends ApiObject {
  public override toJson(): any {
    const json = super.toJson();
    if (json.metadata && typeof json.metadata === 'object') delete json.metadata.namespace;
    return json;
  }
}
