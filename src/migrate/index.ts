/**
 * Conversions between manifests: a CRD into a BoundSchema (and back), and
 * kube-bind v1alpha1 exports into v1alpha2. Pure functions over plain objects;
 * the constructs and the CLI build on them.
 */
export * from './from-crd';
export * from './v1alpha1-to-v1alpha2';
