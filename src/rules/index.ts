/**
 * The rules layer's public entry: the rule registry, the runners every
 * front-end uses (constructs at synth time, the CLI over YAML files), and the
 * vocabulary rules share. Nothing here knows about cdk8s. To add a rule, see
 * CONTRIBUTING.md ("Adding a rule").
 */
export * from './engine/violation';
export * from './engine/paths';
export * from './engine/messages';
export * from './engine/rule';
export { FAMILIES, REGISTRY, RULES, CROSS_RULES, KINDS_READ_ACROSS_OBJECTS, FIELDS_READ_ACROSS_OBJECTS } from './registry';
export { contextFor, validateObject, validateObjects, crossObjectViolations, eachCrossObjectViolation, updateContext } from './runner';
export { KUBE_BIND_SERVED, KUBE_BIND_KINDS, notCheckedNote } from './helpers/kube-bind-kinds';
export { UPDATE_RULES, objectKey, pairWithPrevious, validateUpdate } from './kube-bind/updates';
export type { UpdateRule } from './kube-bind/updates';
export { crdKindVersionOf } from './helpers/crds';
export { unknownKindVersion } from './kube-bind/schema';
export { MISSING, versionSchemaDifference } from './helpers/schema-equality';
export * from './k8s/deprecation';
export * from './k8s/names';
export * from './k8s/formats';
export { scopeViolations } from './kube-bind/scope';
export { strictFindings, strictRuleIds, underStrictFieldValidation } from './strict';
