/**
 * The passing and failing scenario of every rule of `versions.ts`, beside it:
 * the tests run them through the CLI and the constructs, and docs/rules.md
 * quotes what the engine reports on the failing one.
 */
import { RuleScenarios, a1, exportedCrd, one, SCHEMA, SCHEMA_PATH, v1v2, version } from '../engine/scenario-kit';

export const SCENARIOS: readonly RuleScenarios[] = [
  { id: 'KB030', path: 'spec.versions', fail: () => one(a1(['spec.versions.0.storage', false])), pass: () => one(a1()) },
  { id: 'KB031', path: 'spec.versions[0].served', fail: () => one(a1(['spec.versions.0.served', undefined])), pass: () => one(a1()) },
  { id: 'KB032', path: 'spec.versions', fail: () => one(a1(['spec.versions.0.served', false])), pass: () => one(a1()) },
  {
    id: 'KB033',
    path: 'spec.versions[0].deprecationWarning',
    fail: () => one(a1(['spec.versions.0.deprecationWarning', 'use v2'])),
    pass: () => one(a1(['spec.versions.0.deprecated', true], ['spec.versions.0.deprecationWarning', 'use v2'])),
  },
  {
    id: 'KB034',
    path: 'spec.versions[0].deprecationWarning',
    fail: () => one(a1(['spec.versions.0.deprecated', true], ['spec.versions.0.deprecationWarning', ''])),
    pass: () => one(a1(['spec.versions.0.deprecated', true], ['spec.versions.0.deprecationWarning', 'w'.repeat(256)])),
  },
  {
    id: 'KB035',
    path: 'spec.versions[1].schema.openAPIV3Schema',
    fail: () => one(a1(['spec.versions', [version('v1', { storage: false }), version('v2', { schema: { openAPIV3Schema: { type: 'object' } } })]])),
    pass: () => one(a1(['spec.versions', v1v2])),
  },
  { id: 'KB036', path: `${SCHEMA_PATH}.type`, fail: () => one(a1([`${SCHEMA}.type`, undefined])), pass: () => one(a1()) },
  {
    id: 'KB037',
    // A default the schema's own format refuses (kube-openapi's strfmt.Default, as ValidateDefaults checks it).
    path: `${SCHEMA_PATH}.properties.spec.properties.address.default`,
    fail: () => one(a1([`${SCHEMA}.properties.spec.properties.address`, { type: 'string', format: 'ipv4', default: '1.2.3' }])),
    pass: () => one(a1([`${SCHEMA}.properties.spec.properties.address`, { type: 'string', format: 'ipv4', default: '1.2.3.4' }])),
  },
  {
    id: 'KB038',
    path: `${SCHEMA_PATH}.properties.spec.properties.tags.uniqueItems`,
    fail: () => one(a1([`${SCHEMA}.properties.spec.properties.tags`, { type: 'array', uniqueItems: true, items: { type: 'string' } }])),
    pass: () => one(a1([`${SCHEMA}.properties.spec.properties.tags`, { 'type': 'array', 'x-kubernetes-list-type': 'set', 'items': { type: 'string' } }])),
  },
  {
    id: 'KB039',
    path: `${SCHEMA_PATH}.properties.spec.x-kubernetes-preserve-unknown-fields`,
    fail: () => one(a1([`${SCHEMA}.properties.spec.x-kubernetes-preserve-unknown-fields`, false])),
    pass: () => one(a1([`${SCHEMA}.properties.spec.x-kubernetes-preserve-unknown-fields`, true])),
  },
  {
    id: 'KB040',
    path: `${SCHEMA_PATH}.properties.spec.properties.size.anyOf[0].type`,
    fail: () => one(a1([`${SCHEMA}.properties.spec.properties.size.anyOf`, [{ type: 'integer' }, { minimum: 0 }]])),
    pass: () => one(a1([`${SCHEMA}.properties.spec.properties.size.anyOf`, [{ maximum: 10 }, { minimum: 100 }]])),
  },
  {
    id: 'KB041',
    path: 'spec.versions[0]',
    fail: () => one(a1(['spec.versions.0.deprecated', true])),
    pass: () => one(a1(['spec.versions.0.deprecated', false])),
  },
  {
    id: 'KB042',
    path: 'spec.versions[0].name',
    fail: () => one(a1(['spec.versions.0.name', 'V1beta1'])),
    pass: () => one(a1(['spec.versions.0.name', 'v1beta1'])),
  },
  {
    id: 'KB043',
    path: `${SCHEMA_PATH}.properties.spec.x-kubernetes-validations[0].rule`,
    fail: () => one(a1([`${SCHEMA}.properties.spec.x-kubernetes-validations`, [{ rule: "self.size > 'a'" }]])),
    pass: () => one(a1([`${SCHEMA}.properties.spec.x-kubernetes-validations`, [{ rule: 'self.size > 1' }]])),
  },
  {
    id: 'KB044',
    path: `${SCHEMA_PATH}.properties.spec.properties.tags.x-kubernetes-validations[0].rule`,
    fail: () => one(a1([`${SCHEMA}.properties.spec.properties.tags`, {
      'type': 'array', 'items': { type: 'string' }, 'x-kubernetes-validations': [{ rule: 'self.all(x, self.all(y, x != y))' }],
    }])),
    pass: () => one(a1([`${SCHEMA}.properties.spec.properties.tags`, {
      'type': 'array', 'maxItems': 10, 'items': { type: 'string', maxLength: 63 }, 'x-kubernetes-validations': [{ rule: 'self.all(x, self.all(y, x != y))' }],
    }])),
  },
  {
    id: 'KB045',
    path: 'spec.versions[1].name',
    // Two versions named v1, on a CRD labelled for export.
    fail: () => one(exportedCrd(['spec.versions', [version('v1', { storage: false }), version('v1')]])),
    pass: () => one(exportedCrd(['spec.versions', v1v2])),
  },
  {
    id: 'KB046',
    path: `${SCHEMA_PATH}.properties.spec.properties.size.format`,
    fail: () => one(a1([`${SCHEMA}.properties.spec.properties.size.format`, 'uint32'])),
    pass: () => one(a1([`${SCHEMA}.properties.spec.properties.size.format`, 'int32'])),
  },
];
