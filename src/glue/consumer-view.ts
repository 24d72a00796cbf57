import { offersOf, renderOffersMermaid, renderOffersText } from '../lifecycle/consumer-view';

/**
 * Options of `ConsumerView`.
 */
export interface ConsumerViewOptions {
  /**
   * The API group the kube-bind kinds are served under.
   *
   * @default 'kube-bind.io'
   */
  readonly group?: string;

  /**
   * The kube-bind backend's `--namespace-prefix`, which starts the name of
   * every namespace it creates for a template's `spec.namespaces`.
   *
   * @default 'kube-bind-'
   */
  readonly namespacePrefix?: string;
}

/**
 * What a consumer gets by binding each template (or v1alpha2 export, or
 * export request) of a set of manifests: its description; the APIs it is
 * served, with versions and scope, and each bound version that is deprecated
 * with the warning clients receive; what the provider may read and write in
 * its cluster (each permission claim, by label, by name or by reference); and
 * the namespaces kube-bind creates in the provider's cluster for each binding.
 * Scope, kind and deprecations are read from the CRDs and BoundSchemas among
 * the manifests. The text and the Mermaid view say the same facts.
 *
 * Give it what an app synthesizes, e.g. `ConsumerView.text(chart.toJson())`,
 * or the manifests read from files; `cdk8s-kube-bind explain` prints the same.
 */
export class ConsumerView {
  /**
   * The view as text, one block per template or export.
   *
   * @param manifests plain Kubernetes manifests
   */
  public static text(manifests: any[], options: ConsumerViewOptions = {}): string {
    return renderOffersText(offersOf(manifests, options));
  }

  /**
   * The view as a Mermaid flowchart in a fenced ```mermaid block, for a pull
   * request or `$GITHUB_STEP_SUMMARY`.
   *
   * @param manifests plain Kubernetes manifests
   */
  public static mermaid(manifests: any[], options: ConsumerViewOptions = {}): string {
    return renderOffersMermaid(offersOf(manifests, options));
  }

  private constructor() {}
}
