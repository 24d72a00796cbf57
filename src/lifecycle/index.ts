/**
 * Lifecycle helpers for the engine, the CLI and the constructs: update
 * checks, deprecation warnings, serving paths and condition checks. The
 * jsii-public classes of `./conditions` are exported by `src/index.ts`.
 */
export { compareKubeAwareVersions, defaultDeprecationWarning, deprecationNotes, sortByKubePriority } from '../rules';
export type { DeprecationNote, DeprecationSpec } from '../rules';
export { servingPaths } from './serving-paths';
export type { VersionPaths } from './serving-paths';
export { conditionProblems, describeConditionProblems, isConditionTrue, wellFormedConditions } from './condition-format';
export type { ConditionProblem } from './condition-format';
export { UPDATE_RULES, objectKey, pairWithPrevious, validateUpdate } from '../rules';
export type { UpdateRule } from '../rules';
