/**
 * The passing and failing scenario of every rule of `conditions.ts`, beside it:
 * the tests run them through the CLI and the constructs, and docs/rules.md
 * quotes what the engine reports on the failing one.
 */
import { RuleScenarios, bs, condition, one } from '../engine/scenario-kit';

/*
 * Every scenario here is in `.status`, which the API server drops on create (the kinds' CRDs have the
 * status subresource): each finding is reported as a warning that says so (helpers/status-subresource.ts).
 */
export const SCENARIOS: readonly RuleScenarios[] = [
  { id: 'KB100', severity: 'warning', path: 'status.conditions[0].type', fail: () => one(bs(condition({ type: 'ready' }))), pass: () => one(bs(condition({ type: 'example.com/Ready' }))) },
  { id: 'KB101', severity: 'warning', path: 'status.conditions[0].status', fail: () => one(bs(condition({ status: 'Maybe' }))), pass: () => one(bs(condition({ status: 'Unknown' }))) },
  {
    id: 'KB102',
    severity: 'warning',
    path: 'status.conditions[0].severity',
    fail: () => one(bs(condition({ severity: 'Info' }))),
    pass: () => one(bs(condition({ status: 'False', severity: 'Info', reason: 'Pending' }))),
  },
  {
    id: 'KB103',
    severity: 'warning',
    path: 'status.conditions[0].severity',
    fail: () => one(bs(condition({ status: 'False', severity: 'Critical', reason: 'Broken' }))),
    pass: () => one(bs(condition({ status: 'False', severity: 'Error', reason: 'Broken' }))),
  },
  { id: 'KB104', severity: 'warning', path: 'status.conditions[0].reason', fail: () => one(bs(condition({ reason: '' }))), pass: () => one(bs(condition({ reason: 'AllGood' }))) },
  {
    id: 'KB105',
    severity: 'warning',
    path: 'status.conditions[1].type',
    fail: () => one(bs(['status.conditions', [0, 1].map(() => ({ type: 'Ready', status: 'True', lastTransitionTime: '2024-05-01T10:00:00Z' }))])),
    pass: () => one(bs(condition({}))),
  },
  { id: 'KB106', severity: 'warning', path: 'status.storedVersions[0]', fail: () => one(bs(['status.storedVersions', ['v0alpha1']])), pass: () => one(bs(['status.storedVersions', ['v1']])) },
  { id: 'KB107', path: 'status.instantiations', fail: () => one(bs(['status.instantiations', -1])), pass: () => one(bs(['status.instantiations', 0])) },
];
