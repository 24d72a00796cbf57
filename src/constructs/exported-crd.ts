import { ApiObject, JsonPatch } from 'cdk8s';
import { IConstruct } from 'constructs';
import { validateWithRules } from '../glue/validation';
import { DEFAULT_GROUP } from '../model/kinds';
import { EXPORTED_LABEL_KEY, EXPORTED_LABEL_VALUE } from '../model/provider';

/**
 * Marks CustomResourceDefinitions as exported: kube-bind's backend offers a
 * CRD to consumers only when it carries the label
 * `kube-bind.io/exported: "true"`, and matches a template's resources to it
 * by `spec.group` and `spec.names.plural`.
 *
 * Works on any CRD object of the app, `Include`d or generated. Marking adds
 * the label, and drops the namespace cdk8s stamps on every object of a chart
 * that has one (a CRD is cluster-scoped: the API server would clear it);
 * nothing else. The marked CRD is then checked at synth like
 * `validate` checks it (Kubernetes' CRD rules, and what kube-bind cannot
 * carry, such as schemas that differ between served versions, is an error).
 */
export class ExportedCrd {
  /**
   * Adds the label `kube-bind.io/exported: "true"` to `crd`, a
   * CustomResourceDefinition object, renders it without a namespace, and
   * checks it at synth.
   *
   * @returns the same object
   */
  public static mark(crd: ApiObject): ApiObject {
    if (!ApiObject.isApiObject(crd) || crd.kind !== 'CustomResourceDefinition') {
      const what = ApiObject.isApiObject(crd) ? `a ${crd.kind}` : String(crd);
      throw new Error(`ExportedCrd.mark expects a CustomResourceDefinition object, got ${what}`);
    }
    crd.metadata.addLabel(EXPORTED_LABEL_KEY, EXPORTED_LABEL_VALUE);
    if (!MARKED.has(crd)) {
      MARKED.add(crd);
      // Cluster-scoped output never carries the chart's namespace (removing an absent key is no error).
      crd.addJsonPatch(JsonPatch.remove('/metadata/namespace'));
      validateWithRules(crd, crd, DEFAULT_GROUP);
    }
    return crd;
  }

  /**
   * Marks every CustomResourceDefinition object under `scope` (for example
   * an `Include` of a CRD file).
   *
   * @returns the objects marked, in construct order
   */
  public static markAll(scope: IConstruct): ApiObject[] {
    const crds = scope.node.findAll().filter((c): c is ApiObject => ApiObject.isApiObject(c) && c.kind === 'CustomResourceDefinition');
    return crds.map(crd => ExportedCrd.mark(crd));
  }

  /**
   * Whether `crd` carries the label with the value kube-bind's backend selects.
   */
  public static isMarked(crd: ApiObject): boolean {
    return crd.metadata.getLabel(EXPORTED_LABEL_KEY) === EXPORTED_LABEL_VALUE;
  }

  private constructor() {}
}

const MARKED = new WeakSet<ApiObject>();
