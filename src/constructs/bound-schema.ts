import { ApiObject, ApiObjectMetadata } from 'cdk8s';
import { Construct } from 'constructs';
import { IApiResource } from './api-resource';
import { DefinitionResource } from './definition-resource';
import { DefinitionSpecProps } from './definition-spec';
import { boundSchemaConversionStrategy, boundSchemaScope } from './l1-enums';
import { reportInsteadOfRules } from '../glue/validation';
import * as l1 from '../imports/kube-bind.io';
import { boundSchemaPropsFromCrd } from '../migrate/props-from-crd';
import { InformerScope, Scope } from '../model/enums';
import { Conversion } from '../values/conversion';
import { ResourceNames } from '../values/resource-names';

const BOUND_SCHEMA_BRAND = Symbol.for('cdk8s-kube-bind.BoundSchema');

/**
 * Properties of a `BoundSchema`.
 */
export interface BoundSchemaProps extends DefinitionSpecProps {
  /**
   * How objects are converted between versions.
   *
   * @default - not set (the server converts by changing `apiVersion` only)
   */
  readonly conversion?: Conversion;
}

/**
 * Options of `BoundSchema.fromCrd`.
 */
export interface BoundSchemaFromCrdOptions {
  /**
   * Metadata of the BoundSchema object.
   *
   * @default - name `<plural>.<group>`, as kube-bind names BoundSchemas
   */
  readonly metadata?: ApiObjectMetadata;

  /**
   * Whether the konnector watches the resource cluster-wide or per namespace.
   *
   * @default - the CRD's scope (`Cluster` or `Namespaced`), as kube-bind's own CRD-to-BoundSchema conversion derives it
   */
  readonly informerScope?: InformerScope;

  /**
   * The names of the CRD's versions to export, e.g. `['v1', 'v1beta1']`: the
   * others are left out. Use it to export only the versions that share one
   * schema. The storage version must be among them.
   *
   * @default - every version that is served or stored (a version that is neither can be neither read nor written)
   */
  readonly versions?: string[];

  /**
   * The API group the kube-bind kinds are served under.
   *
   * @default 'kube-bind.io'
   */
  readonly kubeBindGroup?: string;
}

/**
 * A BoundSchema (kube-bind v1alpha2): the schema of one custom resource that a
 * provider exports, reflected on the consumer side as a real CRD.
 *
 * Everything kube-bind or the consumer's API server would reject fails
 * `cdk8s synth`, with every violation listed.
 */
export class BoundSchema extends DefinitionResource implements IApiResource {
  /**
   * Whether `x` is a BoundSchema, also across two copies of this library.
   */
  public static isBoundSchema(x: any): x is BoundSchema {
    return x !== null && typeof x === 'object' && BOUND_SCHEMA_BRAND in x;
  }

  /**
   * A BoundSchema for an existing CustomResourceDefinition: group, names,
   * scope, versions (schema, served, storage, deprecation, printer columns,
   * subresources) and conversion are copied. `crd` is a plain object (for
   * example a parsed YAML file) or an ApiObject already in the app.
   *
   * Never throws: what kube-bind cannot bind (not an `apiextensions.k8s.io/v1`
   * CRD, no versions, exported versions whose schemas differ, documentation
   * aside, a conversion webhook reached through a service reference) fails
   * `cdk8s synth` with the other findings of the app, each under rule KB180
   * at this construct's path. `selectableFields` and versions that are
   * neither served nor stored are left out.
   */
  public static fromCrd(scope: Construct, id: string, crd: any, options: BoundSchemaFromCrdOptions = {}): BoundSchema {
    const manifest = ApiObject.isApiObject(crd) ? crd.toJson() : crd;
    const result = boundSchemaPropsFromCrd(manifest, {
      ...(options.informerScope !== undefined ? { informerScope: options.informerScope } : {}),
      ...(options.versions !== undefined ? { versions: [...options.versions] } : {}),
    });
    const common = { metadata: options.metadata, kubeBindGroup: options.kubeBindGroup };
    if (result.props) return new BoundSchema(scope, id, { ...result.props, ...common });
    // A stand-in that holds what could be read, for getters; the rules judge the problems, not it.
    const schema = new BoundSchema(scope, id, { ...standInProps(manifest), ...common });
    reportInsteadOfRules(schema, CANNOT_BIND, result.problems.map(p => `cannot be bound: ${p}`));
    return schema;
  }

  /**
   * The conversion settings, if any.
   */
  public readonly conversion?: Conversion;

  public constructor(scope: Construct, id: string, props: BoundSchemaProps) {
    super(scope, id, props, { kind: 'BoundSchema', version: 'v1alpha2' });
    Object.defineProperty(this, BOUND_SCHEMA_BRAND, { value: true });
    this.conversion = props.conversion;
  }

  /**
   * The API group, as a permission-claim reference reads it.
   */
  public get apiGroup(): string {
    return this.group;
  }

  /**
   * The plural, as a permission-claim reference reads it.
   */
  public get resourceType(): string {
    return this.plural;
  }

  protected override renderSpec(): { [key: string]: any } {
    const definition = this._renderDefinition();
    const spec: l1.BoundSchemaSpec = {
      group: definition.group,
      names: definition.names,
      scope: boundSchemaScope(definition.scope),
      informerScope: definition.informerScope,
      versions: definition.versions,
      conversion: this.conversion ? conversionManifest(this.conversion) : undefined,
    };
    return spec;
  }
}


/** `spec.conversion` as the L1 types it. */
function conversionManifest(conversion: Conversion): l1.BoundSchemaSpecConversion {
  const json = conversion.toJson();
  return { strategy: boundSchemaConversionStrategy(conversion.strategy), webhook: json.webhook };
}

/** The rule whose subject is a CRD kube-bind cannot export as it is; an error here, where the export is asked for. */
const CANNOT_BIND = 'KB180';

/** Group and names of a CRD that cannot be converted, where they are strings: what the getters of the stand-in show. */
function standInProps(crd: any): BoundSchemaProps {
  const spec = typeof crd === 'object' && crd !== null ? crd.spec : undefined;
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  const names: ResourceNames = { kind: text(spec?.names?.kind), plural: text(spec?.names?.plural) };
  // The CRD's scope when it states one: `scope` would otherwise say Namespaced of a cluster-scoped CRD.
  const scope = Object.values(Scope).find(v => v === spec?.scope);
  return { group: text(spec?.group), names, schema: {}, ...(scope !== undefined ? { scope } : {}) };
}
