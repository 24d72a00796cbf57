/**
 * The passing and failing scenario of every rule of `subresources.ts`, beside it:
 * the tests run them through the CLI and the constructs, and docs/rules.md
 * quotes what the engine reports on the failing one.
 */
import { RuleScenarios, a1, exportedCrd, one, SCALE, scale } from '../engine/scenario-kit';

export const SCENARIOS: readonly RuleScenarios[] = [
  {
    id: 'KB060',
    path: `${SCALE}.specReplicasPath`,
    fail: () => one(a1(scale({ specReplicasPath: '.status.replicas' }))),
    pass: () => one(a1(scale({}))),
  },
  {
    id: 'KB061',
    path: `${SCALE}.statusReplicasPath`,
    // A scale subresource without statusReplicasPath, on a CRD labelled for export: Kubernetes says Required.
    fail: () => one(exportedCrd(scale({ statusReplicasPath: undefined }))),
    pass: () => one(exportedCrd(scale({}))),
  },
  {
    id: 'KB062',
    path: `${SCALE}.labelSelectorPath`,
    fail: () => one(a1(scale({ labelSelectorPath: '.metadata.labels' }))),
    pass: () => one(a1(scale({ labelSelectorPath: '.status.selector' }))),
  },
];
