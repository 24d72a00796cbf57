/**
 * The passing and failing scenario of every rule of `claims.ts`, beside it:
 * the tests run them through the CLI and the constructs, and docs/rules.md
 * quotes what the engine reports on the failing one.
 */
import { RuleScenarios, a2, CLAIM, claim, one, REFERENCE, reference, SELECTOR } from '../engine/scenario-kit';

export const SCENARIOS: readonly RuleScenarios[] = [
  { id: 'KB140', path: `${CLAIM}.group`, fail: () => one(a2(claim({ group: 'Apps' }))), pass: () => one(a2(claim({}))) },
  { id: 'KB141', path: `${CLAIM}.resource`, fail: () => one(a2(claim({ resource: 'ConfigMaps' }))), pass: () => one(a2(claim({}))) },
  {
    id: 'KB142',
    path: 'spec.permissionClaims[1]',
    fail: () => one(a2(['spec.permissionClaims', [0, 1].map(() => ({ resource: 'configmaps', selector: { namedResources: [{ name: 'settings' }] } }))])),
    pass: () => one(a2(claim({}))),
  },
  { id: 'KB143', path: `${CLAIM}.resource`, fail: () => one(a2(claim({ group: 'apps', resource: 'deployments' }))), pass: () => one(a2(claim({}))) },
  { id: 'KB144', path: SELECTOR, fail: () => one(a2(claim({ selector: {} }))), pass: () => one(a2(claim({}))) },
  {
    id: 'KB145',
    path: `${SELECTOR}.labelSelector`,
    fail: () => one(a2(claim({ selector: { labelSelector: {} } }))),
    pass: () => one(a2(claim({ selector: { labelSelector: { matchLabels: { app: 'widgets' } } } }))),
  },
  {
    id: 'KB146',
    path: `${SELECTOR}.labelSelector.matchLabels[bad key!]`,
    fail: () => one(a2(claim({ selector: { labelSelector: { matchLabels: { 'bad key!': 'x' } } } }))),
    pass: () => one(a2(claim({ selector: { labelSelector: { matchLabels: { 'app.kubernetes.io/name': 'x' } } } }))),
  },
  {
    id: 'KB147',
    path: `${SELECTOR}.labelSelector.matchLabels.app`,
    fail: () => one(a2(claim({ selector: { labelSelector: { matchLabels: { app: 'has space' } } } }))),
    pass: () => one(a2(claim({ selector: { labelSelector: { matchLabels: { app: 'has-space' } } } }))),
  },
  {
    id: 'KB148',
    path: `${SELECTOR}.labelSelector.matchExpressions[0].operator`,
    fail: () => one(a2(claim({ selector: { labelSelector: { matchExpressions: [{ key: 'app', operator: 'Equals', values: ['x'] }] } } }))),
    pass: () => one(a2(claim({ selector: { labelSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['x'] }] } } }))),
  },
  {
    id: 'KB149',
    path: `${SELECTOR}.labelSelector.matchExpressions[0].values`,
    fail: () => one(a2(claim({ selector: { labelSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: [] }] } } }))),
    pass: () => one(a2(claim({ selector: { labelSelector: { matchExpressions: [{ key: 'app', operator: 'Exists', values: [] }] } } }))),
  },
  {
    id: 'KB150',
    path: `${SELECTOR}.namedResources[0].name`,
    fail: () => one(a2(claim({ selector: { namedResources: [{ name: 'Not A Name' }] } }))),
    pass: () => one(a2(claim({ selector: { namedResources: [{ name: 'settings.v2' }] } }))),
  },
  {
    id: 'KB151',
    path: `${SELECTOR}.namedResources[0].namespace`,
    fail: () => one(a2(claim({ selector: { namedResources: [{ name: 'settings', namespace: 'Bad_NS' }] } }))),
    pass: () => one(a2(claim({ selector: { namedResources: [{ name: 'settings', namespace: 'team-a' }] } }))),
  },
  {
    id: 'KB152',
    path: `${SELECTOR}.namedResources[0].namespace`,
    fail: () => one(a2(['spec.isolation', 'Namespaced'], claim({ selector: { namedResources: [{ name: 'settings', namespace: 'team-a' }] } }))),
    pass: () => one(a2(['spec.isolation', 'Namespaced'], claim({}))),
  },
  { id: 'KB153', path: `${REFERENCE}.jsonPath`, fail: () => one(a2(reference({ jsonPath: {} }))), pass: () => one(a2(reference({}))) },
  {
    id: 'KB154',
    path: `${REFERENCE}.jsonPath.name`,
    fail: () => one(a2(reference({ jsonPath: { name: '.spec.secretName' } }))),
    pass: () => one(a2(reference({}))),
  },
  {
    id: 'KB155',
    path: REFERENCE,
    fail: () => one(a2(reference({ resource: 'gadgets', versions: undefined }))),
    pass: () => one(a2(reference({ versions: undefined }))),
  },
  { id: 'KB156', path: REFERENCE, fail: () => one(a2(reference({ resource: 'gadgets' }))), pass: () => one(a2(reference({}))) },
  { id: 'KB157', path: `${REFERENCE}.versions[0]`, fail: () => one(a2(reference({ versions: ['V1'] }))), pass: () => one(a2(reference({}))) },
];
