/**
 * The passing and failing scenario of every rule of `schema.ts`, beside it:
 * the tests run them through the CLI and the constructs, and docs/rules.md
 * quotes what the engine reports on the failing one.
 */
import { RuleScenarios, a1, a2, bs, one } from '../engine/scenario-kit';

export const SCENARIOS: readonly RuleScenarios[] = [
  { id: 'KB001', path: 'apiVersion', fail: () => one(a1(['apiVersion', 'kube-bind.io/v1beta1'])), pass: () => one(a1()) },
  { id: 'KB002', path: 'spec.isolation', fail: () => one(a2(['spec.isolation', undefined])), pass: () => one(a2()) },
  { id: 'KB003', path: 'spec.versions[0].served', fail: () => one(a1(['spec.versions.0.served', 'yes'])), pass: () => one(a1(['spec.versions.0.served', false])) },
  { id: 'KB004', path: 'spec.scope', fail: () => one(a1(['spec.scope', 'Namespace'])), pass: () => one(a1()) },
  { id: 'KB005', path: 'spec.versions[0].name', fail: () => one(a1(['spec.versions.0.name', 'V1'])), pass: () => one(a1(['spec.versions.0.name', 'v1beta1'])) },
  // In spec: a format problem in .status is a warning, as the server drops .status on create (helpers/status-subresource.ts).
  {
    id: 'KB006',
    path: 'spec.versions[0].additionalPrinterColumns[0].priority',
    fail: () => one(a1(['spec.versions.0.additionalPrinterColumns', [{ name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas', priority: 3000000000 }]])),
    pass: () => one(a1(['spec.versions.0.additionalPrinterColumns', [{ name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas', priority: 1 }]])),
  },
  // An empty spec.resources is KB120's (the better message), so the checker's own list limit shows on a BoundSchema.
  { id: 'KB007', path: 'spec.versions', fail: () => one(bs(['spec.versions', []])), pass: () => one(bs()) },
  { id: 'KB008', path: 'spec', fail: () => one(bs(['spec', undefined])), pass: () => one(bs()) },
  { id: 'KB009', path: 'spec.color', fail: () => one(a1(['spec.color', 'blue'])), pass: () => one(a1()) },
];
