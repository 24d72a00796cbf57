/**
 * The passing and failing scenario of every rule of `printer-columns.ts`, beside it:
 * the tests run them through the CLI and the constructs, and docs/rules.md
 * quotes what the engine reports on the failing one.
 */
import { RuleScenarios, a1, COLUMN, column, exportedCrd, one } from '../engine/scenario-kit';

export const SCENARIOS: readonly RuleScenarios[] = [
  // A column without a name, on a CRD labelled for export: Kubernetes reads the absent name as "" and says Required.
  { id: 'KB050', path: `${COLUMN}.name`, fail: () => one(exportedCrd(column({ name: undefined }))), pass: () => one(exportedCrd(column({}))) },
  { id: 'KB051', path: `${COLUMN}.type`, fail: () => one(a1(column({ type: 'int' }))), pass: () => one(a1(column({ type: 'number' }))) },
  { id: 'KB052', path: `${COLUMN}.format`, fail: () => one(a1(column({ format: 'name' }))), pass: () => one(a1(column({ format: 'int64' }))) },
  { id: 'KB053', path: `${COLUMN}.jsonPath`, fail: () => one(a1(column({ jsonPath: 'spec.size' }))), pass: () => one(a1(column({ jsonPath: '.' }))) },
  { id: 'KB054', path: `${COLUMN}.priority`, fail: () => one(a1(column({ priority: -1 }))), pass: () => one(a1(column({ priority: 1 }))) },
];
