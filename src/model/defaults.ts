/**
 * What this library fills in when a value is not given, stated once for the
 * constructs, `migrate` and `from-crd`. (Defaults the server applies, such as
 * an export's `group: ""`, are stated in the CRD schemas, as `default`.)
 */
import { ConversionStrategy, InformerScope, Isolation, RequestPhase, SchemaUpdatePolicy } from './enums';

/** Watching the whole cluster works for every resource, cluster-scoped ones included. */
export const DEFAULT_INFORMER_SCOPE = InformerScope.CLUSTER;

/** Prefixed names keep consumers apart without creating namespaces on the provider. */
export const DEFAULT_ISOLATION = Isolation.PREFIXED;

/** With one schema for every version, only `apiVersion` changes. */
export const DEFAULT_CONVERSION_STRATEGY = ConversionStrategy.NONE;

/**
 * The `schemaUpdatePolicy` kube-bind's server fills in (the CRDs state it as
 * their `default`, read from here).
 */
export const SERVER_DEFAULT_SCHEMA_UPDATE_POLICY = SchemaUpdatePolicy.NEVER;

/** The `status.phase` kube-bind's server fills in on a new request. */
export const SERVER_DEFAULT_REQUEST_PHASE = RequestPhase.PENDING;
