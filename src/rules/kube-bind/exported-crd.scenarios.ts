/**
 * The passing and failing scenario of every rule of `exported-crd.ts`,
 * beside it: the tests run them through the CLI and the constructs, and
 * docs/rules.md quotes what the engine reports on the failing one.
 */
import { RuleScenarios, exportedCrd, one, version, widgetSchema } from '../engine/scenario-kit';

/** v2 adds a field v1 lacks: two schemas, which a BoundSchema cannot hold. */
function twoSchemas() {
  const v2 = version('v2');
  v2.schema.openAPIV3Schema = { ...widgetSchema(), properties: { ...widgetSchema().properties, extra: { type: 'string' } } };
  return ['spec.versions', [version('v1', { storage: false }), v2]] as const;
}

export const SCENARIOS: readonly RuleScenarios[] = [
  {
    id: 'KB220',
    path: 'spec.versions[1].schema.openAPIV3Schema',
    fail: () => one(exportedCrd(twoSchemas())),
    pass: () => one(exportedCrd()),
  },
  {
    id: 'KB236',
    path: 'spec.versions[0].selectableFields',
    fail: () => one(exportedCrd(['spec.versions.0.selectableFields', [{ jsonPath: '.spec.size' }]])),
    pass: () => one(exportedCrd()),
  },
  {
    id: 'KB221',
    path: 'metadata.labels[kube-bind.io/exported]',
    fail: () => one(exportedCrd(['metadata.labels', { 'kube-bind.io/exported': 'True' }])),
    pass: () => one(exportedCrd()),
  },
];
