/**
 * The passing and failing scenario of every rule of `crd.ts`, beside it:
 * the tests run them through the CLI and the constructs, and docs/rules.md
 * quotes what the engine reports on the failing one.
 */
import { RuleScenarios, crd, one } from '../engine/scenario-kit';

export const SCENARIOS: readonly RuleScenarios[] = [
  {
    id: 'KB021',
    path: 'metadata.name',
    fail: () => one(crd(['metadata.name', 'widgets'])),
    pass: () => one(crd()),
    noConstruct: 'the constructs render kube-bind objects; a CustomResourceDefinition is checked by validate and the cdk8s-cli plugin',
  },
  {
    id: 'KB180',
    path: 'spec.versions[0].selectableFields',
    fail: () => one(crd(['spec.versions.0.selectableFields', [{ jsonPath: '.spec.size' }]])),
    pass: () => one(crd()),
    noConstruct: 'the constructs render kube-bind objects; a CustomResourceDefinition is checked by validate and the cdk8s-cli plugin',
  },
];
