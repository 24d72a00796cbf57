/**
 * The model of kube-bind: every enumeration, pattern and default, stated
 * once. The CRD definitions (src/crds) are built from it and state the rest
 * (required, defaulted and immutable fields); `src/crds/facts.ts` reads those
 * back for the rules. Nothing here imports cdk8s.
 */
export * from './enums';
export * from './values';
export * from './defaults';
export * from './patterns';
export * from './manifest';
export * from './kinds';
export * from './constraints';
export * from './provider';
export * from './kubernetes';
