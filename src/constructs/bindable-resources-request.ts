import { Duration } from 'cdk8s';
import { Construct } from 'constructs';
import { ApiServiceExportTemplate } from './api-service-export-template';
import { KubeBindResource, KubeBindResourceProps } from './kube-bind-resource';
import * as l1 from '../imports/kube-bind.io';

/**
 * A key of a Secret in the request's namespace.
 */
export interface SecretKeyReference {
  /** The Secret's name. */
  readonly name: string;
  /** The key in its data. */
  readonly key: string;
}

/**
 * Properties of `BindableResourcesRequest`.
 */
export interface BindableResourcesRequestProps extends KubeBindResourceProps {
  /** Who asks; recorded on the namespace the backend creates. */
  readonly author: string;

  /** A stable identity of the consumer cluster, hashed into its namespace's name. */
  readonly clusterIdentity: string;

  /**
   * A name of the consumer cluster to show.
   *
   * @default - the request's name
   */
  readonly clusterPrettyName?: string;

  /**
   * The template to bind, from the app.
   *
   * @default - none; see `templateName`
   */
  readonly template?: ApiServiceExportTemplate;

  /**
   * The name of the template to bind, defined elsewhere.
   *
   * @default - none
   */
  readonly templateName?: string;

  /**
   * Where the provider reads the consumer cluster's kubeconfig.
   *
   * @default - none
   */
  readonly kubeconfigSecret?: SecretKeyReference;

  /**
   * How long a finished request is kept.
   *
   * @default - kube-bind's default
   */
  readonly ttlAfterFinished?: Duration;
}

/**
 * A BindableResourcesRequest (kube-bind.io/v1alpha2): the entry point of
 * kube-bind's backend-only mode. The backend answers with a kubeconfig for
 * the consumer and, given a template, binds it; a template name that no
 * template of the app has is reported at synth (the backend would fail the
 * request with TemplateNotFound and not retry).
 */
export class BindableResourcesRequest extends KubeBindResource {
  private readonly props: BindableResourcesRequestProps;

  public constructor(scope: Construct, id: string, props: BindableResourcesRequestProps) {
    super(scope, id, props, { kind: 'BindableResourcesRequest', version: 'v1alpha2' });
    if (props.template !== undefined && props.templateName !== undefined) {
      throw new Error(`BindableResourcesRequest ${this.node.path}: give template or templateName, not both`);
    }
    // A copy (the secret reference too): the kind has no mutator, so nothing announces a change to the caller's objects.
    this.props = { ...props, ...(props.kubeconfigSecret !== undefined ? { kubeconfigSecret: { ...props.kubeconfigSecret } } : {}) };
  }

  /** The name of the template to bind, when one is set. */
  public get templateName(): string | undefined {
    return this.props.template?.name ?? this.props.templateName;
  }

  protected renderSpec(): { [key: string]: any } {
    const p = this.props;
    const template = this.templateName;
    const spec: l1.BindableResourcesRequestSpec = {
      author: p.author,
      clusterIdentity: { identity: p.clusterIdentity, prettyName: p.clusterPrettyName },
      templateRef: template !== undefined ? { name: template } : undefined,
      kubeconfigSecretRef: p.kubeconfigSecret !== undefined ? { name: p.kubeconfigSecret.name, key: p.kubeconfigSecret.key } : undefined,
      ttlAfterFinished: p.ttlAfterFinished !== undefined ? `${p.ttlAfterFinished.toSeconds()}s` : undefined,
    };
    return spec;
  }
}

