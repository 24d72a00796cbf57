/**
 * sha256 digests of kube-bind's CRDs (../shared/upstream/kube-bind) in the
 * canonical form of `crdDigest`: description-free, annotation-free, keys
 * sorted. Facts about those files, not copies of them. test/crds.test.ts
 * checks our CRDs against them on every clone, and checks them against the
 * files themselves wherever ../shared exists, so they cannot go stale.
 */
export const UPSTREAM_CRD_DIGESTS = {
  'kube-bind.io_apiserviceexports.yaml': '55ae5a858d05d72a3a46f4ca0408e1dc41b677a04e66210e8f5c1856577d6e31',
  'kube-bind.io_boundschemas.yaml': 'ea199a1dee0fe42a4fe28b0a0011b8d0fabe4269d923124de506db3198fbf383',
} as const;
