/**
 * Metadata: the labels, annotations, finalizers and owner references of
 * every object, as the API server checks them on create
 * (`validateObjectMetaAccessorWithOptsCommon` in k8s.io/apimachinery
 * `pkg/api/validation/objectmeta.go`, Kubernetes 1.36; mirrored in
 * `k8s/object-meta.ts`). The name and namespace are KB020's (names.ts).
 *
 * A value of the wrong JSON type (a label `true`, an annotation `3`) is
 * refused before validation: the server cannot decode it into ObjectMeta.
 * YAML makes such values easily (unquoted numbers, YAML 1.1's on/off), so
 * the message says to quote it.
 */
import { CLUSTER_BINDING_NAME, CLUSTER_BINDING_NAME_CEL } from '../../crds/cluster-binding';
import { CHECKED_KIND_VERSIONS, KIND_VERSIONS } from '../../model/kinds';
import { isObject, Manifest, own } from '../../model/manifest';
import { perObject } from '../engine/memo';
import { didYouMean, lengthProblem, show } from '../engine/messages';
import { Rule, defineRule } from '../engine/rule';
import { Violation, violation } from '../engine/violation';
import { decodeViolation } from '../helpers/metadata-decoding';
import { decodeProblems, DecodeProblem, problemPath } from '../k8s/go-json';
import { problemsClause } from '../k8s/names';
import {
  canGenerateName,
  duplicateOwnerReferences,
  finalizerNameAdvice,
  TOTAL_ANNOTATION_SIZE_LIMIT_BYTES,
  validateAnnotations,
  validateFinalizers,
  validateLabels,
  validateOwnerReferences,
} from '../k8s/object-meta';
import { OBJECT_META as OBJECT_META_TYPE } from '../k8s/object-meta-type';

const OBJECT_META = 'Kubernetes API server (apimachinery objectmeta.go: ValidateObjectMetaAccessor';

/** A repaired label key or value (runs of invalid characters become '-'), or undefined. */
function repaired(value: string): string | undefined {
  const out = value.trim().replace(/[^-A-Za-z0-9_./]+/g, '-').replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
  return out !== value && out !== '' ? ` (did you mean ${show(out)}?)` : '';
}

const labels: Rule = defineRule({
  id: 'KB230',
  title: 'metadata.labels: keys are qualified names, values label values, every value a string',
  source: `${OBJECT_META}, v1validation.ValidateLabels)`,
  severity: 'error',
  scope: 'object',
  appliesTo: CHECKED_KIND_VERSIONS,
  check: obj => validateLabels(own(own(obj, 'metadata'), 'labels'), 'metadata.labels').map(e => {
    if (e.what === 'decode') return decodeViolation(labels, e);
    const value = String(e.value);
    if (e.what === 'key') {
      return violation(labels, e.path, `key ${show(value)} is not a valid label key${lengthProblem(e.problems)}${repaired(value)}`,
        `a label key is an optional DNS-subdomain prefix and "/" and a name of at most 63 letters, digits, '-', '_' or '.'; ${problemsClause(e.problems)}`);
    }
    return violation(labels, e.path, `${show(value)} is not a valid label value${lengthProblem(e.problems)}${repaired(value)}`,
      `a label value is empty or at most 63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit; ${problemsClause(e.problems)}; put longer or free text in an annotation`);
  }),
});

const annotations: Rule = defineRule({
  id: 'KB231',
  title: 'metadata.annotations: keys are qualified names, every value a string, at most 256 KiB in all',
  source: `${OBJECT_META}, ValidateAnnotations)`,
  severity: 'error',
  scope: 'object',
  appliesTo: CHECKED_KIND_VERSIONS,
  check: obj => validateAnnotations(own(own(obj, 'metadata'), 'annotations'), 'metadata.annotations').map(e => {
    if (e.what === 'decode') return decodeViolation(annotations, e);
    if (e.what === 'size') {
      return violation(annotations, e.path, `hold ${String(e.value)} bytes of keys and values: the API server allows at most ${TOTAL_ANNOTATION_SIZE_LIMIT_BYTES} (256 KiB)`,
        'move large content out of annotations, into a ConfigMap or the spec');
    }
    const value = String(e.value);
    return violation(annotations, e.path, `key ${show(value)} is not a valid annotation key${lengthProblem(e.problems)}${repaired(value)}`,
      `an annotation key is, lowercased, an optional DNS-subdomain prefix and "/" and a name of at most 63 letters, digits, '-', '_' or '.'; ${problemsClause(e.problems)}`);
  }),
});

const finalizers: Rule = defineRule({
  id: 'KB232',
  title: 'metadata.finalizers are qualified names, and not both "orphan" and "foregroundDeletion"',
  source: `${OBJECT_META}, ValidateFinalizers)`,
  severity: 'error',
  scope: 'object',
  appliesTo: CHECKED_KIND_VERSIONS,
  check: obj => validateFinalizers(own(own(obj, 'metadata'), 'finalizers'), 'metadata.finalizers').map(e => {
    if (e.what === 'decode') return decodeViolation(finalizers, e);
    if (Array.isArray(e.value)) {
      return violation(finalizers, e.path, `${e.problems.join('; ')}`, 'keep one: "orphan" leaves the dependents, "foregroundDeletion" deletes them first');
    }
    return violation(finalizers, e.path, `${show(e.value)} is not a valid finalizer name${lengthProblem(e.problems)}`,
      `finalizers are qualified names such as "example.com/cleanup"; ${problemsClause(e.problems)}`);
  }),
});

const ownerReferences: Rule = defineRule({
  id: 'KB233',
  title: 'metadata.ownerReferences name their owner in full (apiVersion, kind, name, uid), and at most one is the controller',
  source: `${OBJECT_META}, ValidateOwnerReferences; apiserver handlers/rest.go: dedupOwnerReferences drops exact duplicates first, with a warning)`,
  severity: 'error',
  scope: 'object',
  appliesTo: CHECKED_KIND_VERSIONS,
  check: obj => {
    const refs = own(own(obj, 'metadata'), 'ownerReferences');
    const errors = validateOwnerReferences(refs, 'metadata.ownerReferences');
    const found = errors.map(e => {
      if (e.what === 'decode') return decodeViolation(ownerReferences, e);
      if (e.path.endsWith('ownerReferences')) {
        return violation(ownerReferences, e.path, `${e.problems.join('; ')}`, 'set controller: true on one reference at most');
      }
      return violation(ownerReferences, e.path, `${show(e.value)}: ${e.problems.join('; ')}`,
        'an owner reference names an existing object by apiVersion, kind, name and uid (the uid the server gave it); leave it to the controller that creates the object');
    });
    // The handler drops an exact duplicate before validation, and warns: only once the whole list decodes.
    if (errors.some(e => e.what === 'decode')) return found;
    return [...found, ...duplicateOwnerReferences(refs).map(d => violation({ id: ownerReferences.id, severity: 'warning' }, `metadata.ownerReferences[${d.index}]`,
      `repeats metadata.ownerReferences[${d.repeats}]: the API server drops the duplicate before it validates, and warns`,
      'remove the repeated reference'))];
  },
});

const clusterBindingName: Rule = defineRule({
  id: 'KB234',
  title: `A ClusterBinding is named "${CLUSTER_BINDING_NAME}"`,
  source: 'kube-bind CRD (CEL on the root of ClusterBinding), on the name the API server generates from generateName (apiserver names.SimpleNameGenerator)',
  severity: 'error',
  scope: 'object',
  appliesTo: ['ClusterBinding/v1alpha1', 'ClusterBinding/v1alpha2'],
  check: obj => {
    const metadata = own(obj, 'metadata');
    const name = own(metadata, 'name');
    const generateName = own(metadata, 'generateName');
    // Without a name, the server generates one from generateName before the CEL rule reads it (canGenerateName).
    if ((name === undefined || name === null || name === '') && typeof generateName === 'string' && generateName !== '') {
      if (canGenerateName(generateName, CLUSTER_BINDING_NAME)) return [];
      return [violation(clusterBindingName, 'metadata.generateName',
        `${show(generateName)} can never give the name ${show(CLUSTER_BINDING_NAME)}: the API server appends 5 random characters to it, then kube-bind's CEL rule compares the name`,
        `set metadata.name: ${CLUSTER_BINDING_NAME} and remove generateName; the server says ${show(CLUSTER_BINDING_NAME_CEL.message)}`)];
    }
    // A missing or malformed name is KB020's; the CEL rule compares the name the object has.
    if (typeof name !== 'string' || name === '' || name === CLUSTER_BINDING_NAME) return [];
    return [violation(clusterBindingName, 'metadata.name', `${show(name)} must be ${show(CLUSTER_BINDING_NAME)}: kube-bind keeps one ClusterBinding per consumer namespace, always named so`,
      `rename it ${show(CLUSTER_BINDING_NAME)}; the server says ${show(CLUSTER_BINDING_NAME_CEL.message)}`)];
  },
});

/**
 * The warnings the custom resource strategy gives for the finalizers a
 * create or an update adds (`generateWarningsFromObj` in apiextensions-apiserver
 * pkg/registry/customresource/strategy.go, with `validateKubeFinalizerName`;
 * mirrored by `finalizerNameAdvice`). On an update, a finalizer the stored
 * object already has is not warned about again.
 */
const finalizerAdvice: Rule = defineRule({
  id: 'KB235',
  title: 'Finalizers a create or an update adds are domain-qualified with a path (the API server warns otherwise)',
  source: 'Kubernetes API server (apiextensions-apiserver customresource strategy.go: WarningsOnCreate/WarningsOnUpdate, validator.go: validateKubeFinalizerName)',
  severity: 'warning',
  scope: 'object',
  appliesTo: KIND_VERSIONS,
  check: (obj, ctx) => {
    const names = own(own(obj, 'metadata'), 'finalizers');
    if (!Array.isArray(names)) return [];
    const stored = own(own(ctx.storedObject, 'metadata'), 'finalizers');
    const kept = new Set(Array.isArray(stored) ? stored : []);
    const out: Violation[] = [];
    names.forEach((finalizer, i) => {
      if (typeof finalizer !== 'string' || kept.has(finalizer) || names.indexOf(finalizer) < i) return;
      const advice = finalizerNameAdvice(finalizer);
      if (advice === undefined) return;
      out.push(violation(finalizerAdvice, `metadata.finalizers[${i}]`, `${show(finalizer)}: ${advice}`,
        `name it after a domain you own and what it waits for, such as "example.com/${finalizer.replace(/\./g, '-')}"`));
    });
    return out;
  },
});

/** What decoding `metadata` into ObjectMeta refuses or drops, read once per object for KB224 and KB225. */
const metadataDecoding = perObject((obj: Manifest): DecodeProblem[] => {
  const metadata = own(obj, 'metadata');
  return isObject(metadata) && !Array.isArray(metadata) ? decodeProblems(metadata, OBJECT_META_TYPE) : [];
});

/**
 * Mirrors the strict decoding of metadata (sigs.k8s.io/json UnmarshalStrict
 * into metav1.ObjectMeta): for a custom resource in
 * `objectmeta.GetObjectMetaWithOptions` with ReturnUnknownFieldPaths, for a
 * CRD in the request's decoding. A key ObjectMeta has no field for is
 * dropped, and refused under strict field validation (kubectl's default).
 * Values of the wrong type are the other rules' (KB020, KB230-KB233).
 */
const knownMetadataFields: Rule = defineRule({
  id: 'KB224',
  title: 'metadata holds only the fields of ObjectMeta (the server drops others; under strict field validation it refuses them)',
  source: 'Kubernetes API machinery (sigs.k8s.io/json: UnmarshalStrict into metav1.ObjectMeta; apiextensions-apiserver objectmeta/coerce.go: '
    + 'GetObjectMetaWithOptions, ReturnUnknownFieldPaths)',
  severity: 'warning',
  strictSeverity: 'error',
  scope: 'object',
  appliesTo: CHECKED_KIND_VERSIONS,
  foundBy: 'decoding',
  check: obj => metadataDecoding(obj).filter(p => p.kind === 'unknown').map(p => {
    const key = String(p.path[p.path.length - 1]);
    return violation(knownMetadataFields, problemPath(p, 'metadata'), `is not a field of ${p.fieldsOf}${didYouMean(key, p.known ?? [])}: the server drops it, `
      + 'or refuses the object under strict field validation', `remove it, or spell it as ${p.fieldsOf} does (\`kubectl explain pods.metadata\`)`);
  }),
});

/** The metadata fields whose JSON type other rules check (KB020, KB230-KB233): KB225 leaves them alone. */
const TYPED_ELSEWHERE = new Set(['name', 'generateName', 'namespace', 'labels', 'annotations', 'finalizers', 'ownerReferences']);

/**
 * Mirrors the decoding of metadata into metav1.ObjectMeta (objectmeta/coerce.go
 * GetObjectMetaWithOptions for custom resources, the request's decoding for a
 * CRD) for the fields no other rule reads: a `generation: "2"` or a
 * `creationTimestamp: yesterday` does not decode, and the server refuses the object.
 */
const metadataTypes: Rule = defineRule({
  id: 'KB225',
  title: 'metadata\'s other fields (uid, resourceVersion, generation, timestamps, managedFields) have ObjectMeta\'s types',
  source: 'Kubernetes API machinery (sigs.k8s.io/json into metav1.ObjectMeta; apiextensions-apiserver objectmeta/coerce.go: GetObjectMetaWithOptions)',
  severity: 'error',
  scope: 'object',
  appliesTo: CHECKED_KIND_VERSIONS,
  foundBy: 'decoding',
  check: obj => metadataDecoding(obj).filter(p => p.kind === 'type' && !TYPED_ELSEWHERE.has(String(p.path[0]))).map(p =>
    violation(metadataTypes, problemPath(p, 'metadata'), `is ${show(p.value)}: ${p.detail}, so the API server cannot decode the object's metadata`,
      p.expected === 'v1.Time' ? 'write an RFC 3339 time, e.g. "2026-01-02T15:04:05Z", or leave the field out: the server sets it'
        : `write it as a ${p.expected ?? 'value of its type'}, or leave it out: the server sets it`)),
});

export const METADATA_RULES: Rule[] = [
  labels,
  annotations,
  finalizers,
  ownerReferences,
  clusterBindingName,
  finalizerAdvice,
  knownMetadataFields,
  metadataTypes,
];
