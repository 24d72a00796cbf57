/**
 * Facts of kube-bind's provider side that are neither enumerations nor
 * patterns: how a CRD is marked for export, and how the backend names the
 * namespaces it creates. Stated once; the rules, the constructs, `from-crd`
 * and `explain` read them from here.
 */

/**
 * The label kube-bind's backend selects exported CRDs by
 * (`resources.ExportedCRDsLabel` in backend/kubernetes/resources/resources.go).
 */
export const EXPORTED_LABEL_KEY = 'kube-bind.io/exported';

/** The one value of {@link EXPORTED_LABEL_KEY} the backend's label selector matches. */
export const EXPORTED_LABEL_VALUE = 'true';

/**
 * The backend's `--namespace-prefix` as kube-bind's own deployments set it;
 * the namespace of a consumer on the provider is this prefix and a hash.
 */
export const DEFAULT_NAMESPACE_PREFIX = 'kube-bind-';

/**
 * The longest hash the backend puts after the prefix: base36 of 8 bytes of
 * sha224 (`identityHash` in backend/kubernetes/resources/namespace.go).
 */
export const NAMESPACE_HASH_LENGTH = 13;

/** The category kube-bind lists its templates and collections under. */
export const PROVIDER_CATEGORY = 'kube-bind';
