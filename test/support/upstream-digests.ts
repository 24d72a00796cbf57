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
  'kube-bind.io_apiserviceexporttemplates.yaml': '3ecabfc160a8566b6e600476e6023f90a52ee936e1a8f7d97639e59f1d514454',
  'kube-bind.io_collections.yaml': 'd1af5fb327cf7326ea282e50060ab15858556801fc3685bd05636a68feccbd58',
  'kube-bind.io_apiserviceexportrequests.yaml': '59230d1bfaae6be1de857c931dc73f6278083fa53a4d6ce02068d18e3a8398d0',
  'kube-bind.io_bindableresourcesrequests.yaml': '9f43eaa7de8f11c8387180ec9dc4fd6c32cf1b6b54644e444c4470d635e8023e',
} as const;

/**
 * The same digests for kube-bind's consumer-side CRDs (APIServiceBinding,
 * ClusterBinding...), which ../shared does not hold: computed from
 * `deploy/crd/` of kube-bind/kube-bind at commit 6ac88b0f, as above.
 */
export const UPSTREAM_CONSUMER_CRD_DIGESTS = {
  'kube-bind.io_apiservicebindings.yaml': 'bb34eaa9c0facd238ed38e92ad2713730dbecfeba2cbca59b3c3c85cb0f8745a',
  'kube-bind.io_apiservicebindingbundles.yaml': 'eeabbdf841370fb32bb02d882b71ec2837534d237590f90590a1f36e76f3d2bd',
  'kube-bind.io_apiservicenamespaces.yaml': '3cb9405c2d07c1ead90e5ccf231a4db23b36d08d5c88c70487358db9236d9d8e',
  'kube-bind.io_clusterbindings.yaml': '8bb011bee88ae4f78d31ca9a4a042d429a7722f17e8e35b9dd81707a81b3fe4d',
  'kube-bind.io_clusters.yaml': 'af53fdf74674f3200accd886ab92456eb680def74b70184dc6e21e66031aa195',
  'kube-bind.io_apiconversions.yaml': '6d00edc6975176b2573e2348de695a15284a0306a2ea250dc72416b3d77242f0',
} as const;
