// Declared with the other kube-bind enums in model/enums.ts; re-exported here for the constructs that import them.
export { Scope, InformerScope, Isolation } from './model/enums';
