/**
 * The BoundSchema (v1alpha2) manifest for a CRD, without a cdk8s app: what
 * the `from-crd` command writes. It must equal what the `BoundSchema`
 * construct renders from the same props (a test holds them together), so it
 * renders through the same helpers as the construct.
 */
import { crdLabel } from './crd';
import { BoundSchemaPropsFromCrd, FromCrdOptions, boundSchemaPropsFromCrd } from './props-from-crd';
import { DEFAULT_GROUP } from '../model/kinds';
import { Manifest } from '../model/manifest';
import { renderNames } from '../values/resource-names';
import { renderVersions } from '../values/resource-version';

export interface BoundSchemaManifestOptions extends FromCrdOptions {
  /** The namespace of the BoundSchema; none by default. */
  readonly namespace?: string;
  /** The API group of the kube-bind kinds; `kube-bind.io` by default. */
  readonly kubeBindGroup?: string;
}

export interface BoundSchemaManifestResult {
  /** Present exactly when `problems` is empty. */
  readonly manifest?: Manifest;
  readonly problems: string[];
  readonly notes: string[];
}

/**
 * The BoundSchema (v1alpha2) manifest for a CRD, exactly as the BoundSchema
 * construct renders the props `boundSchemaPropsFromCrd` returns: every version
 * carries `schema.openAPIV3Schema`, `served` and `storage`; `caBundle` stays
 * the CRD's base64.
 */
export function boundSchemaManifestFromCrd(crd: unknown, options: BoundSchemaManifestOptions = {}): BoundSchemaManifestResult {
  const read = boundSchemaPropsFromCrd(crd, options);
  if (read.props === undefined || read.name === undefined) return { problems: read.problems, notes: read.notes };
  try {
    return { manifest: renderBoundSchema(read.props, read.name, options), problems: [], notes: read.notes };
  } catch (e) {
    return { problems: [`${crdLabel(crd)}: could not be rendered: ${e instanceof Error ? e.message : String(e)}`], notes: read.notes };
  }
}

function renderBoundSchema(props: BoundSchemaPropsFromCrd, name: string, options: BoundSchemaManifestOptions): Manifest {
  const namespace = options.namespace;
  return {
    apiVersion: `${options.kubeBindGroup ?? DEFAULT_GROUP}/v1alpha2`,
    kind: 'BoundSchema',
    metadata: { name, ...(namespace !== undefined && namespace !== '' ? { namespace } : {}) },
    spec: {
      group: props.group,
      names: renderNames(props.names),
      scope: props.scope,
      informerScope: props.informerScope,
      versions: renderVersions(props.versions, { schema: props.schema }),
      ...(props.conversion ? { conversion: props.conversion.toJson() } : {}),
    },
  };
}
