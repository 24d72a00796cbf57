/**
 * The constraints that tie two fields of a resource's spec together, each
 * stated once: which values break it, why, and the CEL rule and message
 * kube-bind's CRD states it with (when it does). The CRDs (src/crds) write
 * their CEL from here, and one rule per constraint applies it to every kind
 * it concerns. Converters (migrate, from-crd, `BoundSchema.fromCrd`) never
 * check them: they produce, and the rules judge.
 *
 * Values the server does not know break nothing here: the schema checker
 * reports them (an unknown enum value, a missing field).
 */
import { InformerScope, Scope } from './enums';
import { has, own } from './manifest';

/** A rule of kube-bind's CRD in CEL, over the object it sits on, and the message the server answers with. */
export interface CelRule {
  readonly rule: string;
  readonly message: string;
}

/** A constraint between fields of one spec: whether `spec` breaks it, and why it matters. */
export interface SpecConstraint {
  /** Whether the spec breaks it. Never throws, whatever `spec` is. */
  readonly breaks: (spec: unknown) => boolean;
  /** Why, in a few words the rule's message ends with. */
  readonly reason: string;
  /** kube-bind's CEL for it, on APIServiceExport v1alpha1's spec. */
  readonly cel: CelRule;
}

function isCluster(spec: unknown): boolean {
  return own(spec, 'scope') === Scope.CLUSTER;
}

function hasIsolation(spec: unknown): boolean {
  return has(spec, 'clusterScopedIsolation') && own(spec, 'clusterScopedIsolation') !== null;
}

/**
 * A cluster-scoped resource is watched with informerScope Cluster. kube-bind
 * states it as CEL on APIServiceExport v1alpha1 only; the spec (§8, rule 6)
 * states it for exports, and a BoundSchema carries the same pair. KB070
 * applies it to the v1alpha1 export (an error, as the server's) and to the
 * BoundSchema (a warning: kube-bind binds it all the same), KB170 to a
 * v1alpha2 export across its BoundSchemas (an error, as the spec's).
 */
export const CLUSTER_SCOPE_NEEDS_CLUSTER_INFORMER: SpecConstraint = {
  breaks: spec => isCluster(spec) && own(spec, 'informerScope') === InformerScope.NAMESPACED,
  reason: 'a konnector that watches single namespaces cannot see cluster-scoped objects '
    + '(spec §8, rule 6: informerScope Namespace cannot export cluster-scoped resources)',
  cel: {
    rule: 'self.scope == "Namespaced" || self.informerScope == "Cluster"',
    message: 'informerScope must be Cluster for cluster-scoped resources',
  },
};

/** A cluster-scoped resource says how the objects of different consumers are kept apart (v1alpha1). */
export const CLUSTER_SCOPE_NEEDS_ISOLATION: SpecConstraint = {
  breaks: spec => isCluster(spec) && !hasIsolation(spec),
  reason: 'it is required because spec.scope is "Cluster"',
  cel: {
    rule: 'self.scope == "Namespaced" || has(self.clusterScopedIsolation)',
    message: 'clusterScopedIsolation must be defined for cluster-scoped resources',
  },
};

/** A namespaced resource has no clusterScopedIsolation (v1alpha1). */
export const NAMESPACED_SCOPE_HAS_NO_ISOLATION: SpecConstraint = {
  breaks: spec => own(spec, 'scope') === Scope.NAMESPACED && hasIsolation(spec),
  reason: 'must not be set because spec.scope is "Namespaced"',
  cel: {
    rule: 'self.scope == "Cluster" || !has(self.clusterScopedIsolation)',
    message: 'clusterScopedIsolation is not relevant for namespaced resources',
  },
};
