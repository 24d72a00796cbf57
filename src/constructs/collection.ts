import { Construct } from 'constructs';
import { ApiServiceExportTemplate } from './api-service-export-template';
import { KubeBindResource, KubeBindResourceProps } from './kube-bind-resource';
import * as l1 from '../imports/kube-bind.io';

/**
 * Properties of `Collection`.
 */
export interface CollectionProps extends KubeBindResourceProps {
  /**
   * Templates of the app.
   *
   * @default - none
   */
  readonly templates?: ApiServiceExportTemplate[];

  /**
   * Names of templates defined elsewhere.
   *
   * @default - none
   */
  readonly templateNames?: string[];

  /**
   * What the collection groups, for people choosing one.
   *
   * @default - none
   */
  readonly description?: string;
}

/**
 * A Collection (kube-bind.io/v1alpha2, cluster-scoped): templates kube-bind's
 * UI shows together. At least one template is required; a name that is no
 * template of the app is reported at synth when the app has templates.
 */
export class Collection extends KubeBindResource {
  /**
   * The description, when set.
   */
  public readonly description?: string;

  private readonly names: Array<string | ApiServiceExportTemplate> = [];

  public constructor(scope: Construct, id: string, props: CollectionProps = {}) {
    super(scope, id, props, { kind: 'Collection', version: 'v1alpha2', clusterScoped: true });
    this.description = props.description;
    for (const t of props.templates ?? []) this.addTemplate(t);
    for (const n of props.templateNames ?? []) this.addTemplateName(n);
  }

  /** Adds a template of the app. */
  public addTemplate(template: ApiServiceExportTemplate): void {
    if (!ApiServiceExportTemplate.isApiServiceExportTemplate(template)) {
      throw new Error(`Collection ${this.node.path}: addTemplate expects an ApiServiceExportTemplate, got ${String(template)} (use addTemplateName for a name)`);
    }
    this.names.push(template);
  }

  /** Adds a template by name. */
  public addTemplateName(name: string): void {
    this.names.push(name);
  }

  /** The names of the templates (a copy). */
  public get templateNames(): string[] {
    return this.names.map(n => (typeof n === 'string' ? n : n.name));
  }

  protected renderSpec(): { [key: string]: any } {
    const spec: l1.CollectionSpec = {
      description: this.description,
      templates: this.templateNames.map(name => ({ name })),
    };
    return spec;
  }
}

