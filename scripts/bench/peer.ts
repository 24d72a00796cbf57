/**
 * The JSON-schema peer of `validate` (what kubeconform does): Ajv 8
 * compiling each served version's `openAPIV3Schema` of kube-bind's CRDs,
 * then checking every document read by js-yaml against the schema of its
 * kind and version. No CEL, no Kubernetes CRD rules, nothing across objects:
 * the floor a validator that checks everything is compared with.
 */
import Ajv from 'ajv';
import { loadAll } from 'js-yaml';

export interface PeerResult {
  readonly documents: number;
  /** Documents of a known kind/version that fail their schema. */
  readonly invalid: number;
}

/**
 * Checks every document of `text`; `report`, when given, is handed each invalid document's index and Ajv's errors
 * (what a whole-process peer prints, as kubeconform prints each invalid resource).
 */
export function peerValidate(
  crds: ReadonlyArray<{ [key: string]: any }>, text: string, report?: (index: number, errors: unknown) => void,
): PeerResult {
  // Kubernetes' extensions (x-kubernetes-*, nullable) and formats are not Ajv's: ignored, as kubeconform's JSON-schema check does.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const validators = new Map<string, ((data: unknown) => boolean) & { errors?: unknown }>();
  for (const crd of crds) {
    for (const version of crd.spec.versions) {
      validators.set(`${crd.spec.group}/${version.name}/${crd.spec.names.kind}`, ajv.compile(version.schema.openAPIV3Schema));
    }
  }
  let documents = 0;
  let invalid = 0;
  for (const doc of loadAll(text)) {
    documents++;
    const d = doc as { apiVersion?: unknown; kind?: unknown } | null;
    const validate = validators.get(`${String(d?.apiVersion)}/${String(d?.kind)}`);
    if (validate !== undefined && !validate(doc)) {
      invalid++;
      report?.(documents - 1, validate.errors);
    }
  }
  return { documents, invalid };
}
