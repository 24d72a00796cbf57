/**
 * The patterns of kube-bind's CRDs, as the schemas state them. The CRD
 * builders (src/crds) write them into `pattern`; the rules compile them to
 * report the same fields with a better message.
 */

/** An API group name, or the empty string for the core group (kube-bind's `GroupResource.group`). */
export const API_GROUP_PATTERN = String.raw`^(|[a-z0-9]([-a-z0-9]*[a-z0-9](\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*)?)$`;

/** A lowercase resource name such as `configmaps` (kube-bind's `GroupResource.resource`). */
export const RESOURCE_NAME_PATTERN = '^[a-z][-a-z0-9]*[a-z0-9]$';

/** What Kubernetes accepts as a version name (v1, v2beta3, ...). */
export const VERSION_NAME_PATTERN = '^v[1-9][0-9]*([a-z]+[1-9][0-9]*)?$';

/** A `metav1.Condition` reason (apimachinery's Condition type, as its CRD schema states it). */
export const CONDITION_REASON_PATTERN = '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$';

/** A `metav1.Condition` type: an optional DNS subdomain prefix and a name. */
export const CONDITION_TYPE_PATTERN = String.raw`^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$`;
