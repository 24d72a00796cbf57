/**
 * The rules layer's public entry: the rule registry, the runners every
 * front-end uses (constructs at synth time, the CLI over YAML files), and the
 * vocabulary rules share. Nothing here knows about cdk8s. To add a rule, see
 * CONTRIBUTING.md ("Adding a rule").
 */
export * from './violation';
export * from './values';
export * from './paths';
export * from './messages';
export * from './kinds';
export * from './rule';
export { FAMILIES, REGISTRY, RULES, CROSS_RULES } from './registry';
export { contextFor, validateObject, validateObjects, crossObjectViolations } from './runner';
export { KUBE_BIND_SERVED, KUBE_BIND_KINDS, notCheckedNote } from './kube-bind-kinds';
