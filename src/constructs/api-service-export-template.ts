import { Construct } from 'constructs';
import { templateSchemaUpdatePolicy } from './l1-enums';
import { TemplateSpecManifest, TemplateSpecProps, TemplateSpecResource } from './template-spec';
import * as l1 from '../imports/kube-bind.io';
import { Scope } from '../model/enums';

/**
 * Properties of `ApiServiceExportTemplate`.
 */
export interface ApiServiceExportTemplateProps extends TemplateSpecProps {
  /**
   * The scope of the offered resources, for display (kube-bind reads the
   * scope of the CRDs).
   *
   * @default - the scope of the resources, when every one comes from a CRD
   * object or a BoundSchema and they share one; otherwise it must be given
   */
  readonly scope?: Scope;

  /**
   * What the template offers, in a sentence, for people choosing one.
   *
   * @default - none
   */
  readonly description?: string;
}

/**
 * An APIServiceExportTemplate (kube-bind.io/v1alpha2, cluster-scoped): what a
 * consumer gets in one bind. Its resources come from the CRDs the app already
 * has (CRD objects, BoundSchemas) or are named by group, plural and versions;
 * it takes the same `PermissionClaim`s as an export.
 *
 * kube-bind copies the spec into an APIServiceExportRequest when a consumer
 * binds, and checks it only then; the checks run here at synth instead: each
 * resource's CRD is in the app and labelled (`ExportedCrd.mark`), the
 * resources share one scope, their versions are served, the claims are
 * claimable, the namespaces fit.
 */
export class ApiServiceExportTemplate extends TemplateSpecResource {
  /**
   * Whether `x` is an `ApiServiceExportTemplate`.
   */
  public static isApiServiceExportTemplate(x: any): x is ApiServiceExportTemplate {
    return x !== null && typeof x === 'object' && TEMPLATE_BRAND in x;
  }

  /**
   * The description, when set.
   */
  public readonly description?: string;

  private readonly givenScope?: Scope;

  public constructor(scope: Construct, id: string, props: ApiServiceExportTemplateProps = {}) {
    super(scope, id, props, { kind: 'APIServiceExportTemplate', version: 'v1alpha2', clusterScoped: true });
    Object.defineProperty(this, TEMPLATE_BRAND, { value: true });
    this.givenScope = props.scope;
    this.description = props.description;
  }

  /**
   * The scope written: the given one, else the one the resources share (a
   * resource named by group and plural takes its CRD's, when the app has
   * it). Undefined when neither is known: nothing is written, and synth
   * reports spec.scope missing (KB002) with the other findings.
   */
  public get scope(): Scope | undefined {
    return this.givenScope ?? this.derivedScope;
  }

  protected renderSpec(): { [key: string]: any } {
    // What a subclass's renderTemplateSpec() renders, all of it (the library's own is a TemplateSpecManifest).
    const shared = this.renderTemplateSpec() as TemplateSpecManifest;
    const spec: l1.ApiServiceExportTemplateSpec = {
      description: this.description,
      // Required, and unknown when neither given nor shared by the resources: then not written, and synth reports
      // spec.scope missing (KB002) with the other findings.
      scope: this.scope as string,
      ...shared,
      schemaUpdatePolicy: shared.schemaUpdatePolicy !== undefined ? templateSchemaUpdatePolicy(shared.schemaUpdatePolicy) : undefined,
    };
    return spec;
  }
}

const TEMPLATE_BRAND = Symbol.for('cdk8s-kube-bind.ApiServiceExportTemplate');

