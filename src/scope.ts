/**
 * Whether the exported custom resource is cluster- or namespace-scoped.
 */
export enum Scope {
  /** One object per name in the whole cluster. */
  CLUSTER = 'Cluster',
  /** Objects live in namespaces. */
  NAMESPACED = 'Namespaced',
}

/**
 * What the konnector on the consumer cluster may watch.
 *
 * The specification's text says `Namespace`; kube-bind's server only accepts
 * `Namespaced`, which is what this library emits.
 */
export enum InformerScope {
  /** Watch all namespaces at once, and cluster-scoped resources. The efficient choice. */
  CLUSTER = 'Cluster',
  /** Watch single namespaces only: costlier, and cluster-scoped resources cannot be exported. */
  NAMESPACED = 'Namespaced',
}

/**
 * How the provider side keeps the objects of different consumers apart.
 */
export enum Isolation {
  /** Object names are prefixed per consumer. */
  PREFIXED = 'Prefixed',
  /** Each consumer gets its own namespace. */
  NAMESPACED = 'Namespaced',
  /** No isolation: objects keep their names. */
  NONE = 'None',
}
