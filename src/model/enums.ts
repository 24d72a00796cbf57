/**
 * kube-bind's enumerations, each stated once. The public enums ARE the
 * statement: the CRD schemas (src/crds), the rules, `migrate` and `from-crd`
 * read their values through the lists in `values.ts`, never by restating them.
 *
 * jsii requires public enums to be declared with literal members, which is
 * why the values are written here and nowhere else. This module imports
 * nothing, so every layer (constructs, model, rules, CLI) may read it.
 */

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

/**
 * How the server converts objects between the versions of a bound resource.
 */
export enum ConversionStrategy {
  /** Only `apiVersion` changes; every version shares one schema. */
  NONE = 'None',
  /** An external webhook converts objects. */
  WEBHOOK = 'Webhook',
}

/**
 * The OpenAPI type of a printer column's value.
 */
export enum PrinterColumnType {
  INTEGER = 'integer',
  NUMBER = 'number',
  STRING = 'string',
  BOOLEAN = 'boolean',
  /** Shown as an age, e.g. `5m`. */
  DATE = 'date',
}

/**
 * The OpenAPI format of a printer column's value: the formats Kubernetes'
 * CRD validation accepts. (The API docs mention a `name` format; the server
 * refuses it.)
 */
export enum PrinterColumnFormat {
  INT32 = 'int32',
  INT64 = 'int64',
  FLOAT = 'float',
  DOUBLE = 'double',
  BYTE = 'byte',
  DATE = 'date',
  DATE_TIME = 'date-time',
  PASSWORD = 'password',
}

/** The status of a condition. */
export enum ConditionStatus {
  /** The condition holds. */
  TRUE = 'True',
  /** The condition does not hold. */
  FALSE = 'False',
  /** Whether the condition holds is not known. */
  UNKNOWN = 'Unknown',
}

/** How bad a `False` condition is. Set only when the status is `False`. */
export enum ConditionSeverity {
  /** The object is not working. */
  ERROR = 'Error',
  /** The object works, but something needs attention. */
  WARNING = 'Warning',
  /** Expected or transient, for example while waiting for a consumer. */
  INFO = 'Info',
}

/**
 * Whether the BoundSchemas of a binding follow later changes of the
 * provider's CRDs.
 */
export enum SchemaUpdatePolicy {
  /** The schema is copied once, when the consumer binds. kube-bind's default. */
  NEVER = 'Never',
  /** Every change of the provider's CRD reaches the bound schema. */
  ALWAYS = 'Always',
}

/** Where a request (APIServiceExportRequest, BindableResourcesRequest) stands. */
export enum RequestPhase {
  /** Not done yet; also where a request that kube-bind cannot serve stays. */
  PENDING = 'Pending',
  /** kube-bind gave up on the request. */
  FAILED = 'Failed',
  /** The request was served. */
  SUCCEEDED = 'Succeeded',
}
