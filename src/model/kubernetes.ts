/**
 * The Kubernetes release whose validation the rules mirror: the newest
 * release whose source they were written from (apiextensions-apiserver,
 * apiserver and apimachinery at v0.36.3, Kubernetes 1.36.3). Where a rule
 * changed since Kubernetes 1.30, the rule follows this release and its
 * `source` says since when. Stated here once: the README, `--version`,
 * SARIF's tool properties and docs/rules.md read it from here.
 */
export const KUBERNETES_VERSION = '1.36';

/** How the front-ends say it: `Kubernetes 1.36`. */
export const MIRRORED_KUBERNETES = `Kubernetes ${KUBERNETES_VERSION}`;
