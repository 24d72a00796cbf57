import { Construct } from 'constructs';
import { copyData } from './definition-spec';
import { requestSchemaUpdatePolicy } from './l1-enums';
import { TemplateSpecManifest, TemplateSpecProps, TemplateSpecResource } from './template-spec';
import * as l1 from '../imports/kube-bind.io';

/**
 * Properties of `ApiServiceExportRequest`.
 */
export interface ApiServiceExportRequestProps extends TemplateSpecProps {
  /**
   * Free-form parameters for the provider.
   *
   * @default - none
   */
  readonly parameters?: { [key: string]: any };
}

/**
 * An APIServiceExportRequest (kube-bind.io/v1alpha2), written by hand in
 * kube-bind's backend-only mode: the bind of one consumer, in that
 * consumer's namespace on the provider. The backend turns it into an
 * APIServiceExport; its spec is immutable once applied (`UpdateCheck`
 * reports a change at synth).
 */
export class ApiServiceExportRequest extends TemplateSpecResource {
  private readonly parameters?: { [key: string]: any };

  public constructor(scope: Construct, id: string, props: ApiServiceExportRequestProps = {}) {
    super(scope, id, props, { kind: 'APIServiceExportRequest', version: 'v1alpha2' });
    // A copy all the way down: no mutator announces a change to the caller's object.
    this.parameters = props.parameters !== undefined ? copyData(props.parameters) : undefined;
  }

  protected renderSpec(): { [key: string]: any } {
    // What a subclass's renderTemplateSpec() renders, all of it (the library's own is a TemplateSpecManifest).
    const shared = this.renderTemplateSpec() as TemplateSpecManifest;
    const spec: l1.ApiServiceExportRequestSpec = {
      ...shared,
      schemaUpdatePolicy: shared.schemaUpdatePolicy !== undefined ? requestSchemaUpdatePolicy(shared.schemaUpdatePolicy) : undefined,
      parameters: this.parameters,
    };
    return spec;
  }
}

