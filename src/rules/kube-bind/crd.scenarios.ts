/**
 * The passing and failing scenario of every rule of `crd.ts`, beside it:
 * the tests run them through the CLI and the constructs, and docs/rules.md
 * quotes what the engine reports on the failing one.
 */
import { RuleScenarios, crd, one, SCHEMA } from '../engine/scenario-kit';

const NO_CONSTRUCT = 'the constructs render kube-bind objects; a CustomResourceDefinition is checked by validate and the cdk8s-cli plugin';
const COLOR = { type: 'object', properties: { spec: { type: 'object', properties: { color: { type: 'string' }, size: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } } } } };

export const SCENARIOS: readonly RuleScenarios[] = [
  {
    id: 'KB021',
    path: 'metadata.name',
    fail: () => one(crd(['metadata.name', 'widgets'])),
    pass: () => one(crd()),
    noConstruct: NO_CONSTRUCT,
  },
  {
    id: 'KB180',
    path: 'spec.versions[0].selectableFields',
    fail: () => one(crd(['spec.versions.0.selectableFields', [{ jsonPath: '.spec.size' }]])),
    pass: () => one(crd()),
    noConstruct: NO_CONSTRUCT,
  },
  {
    id: 'KB181',
    path: 'spec.group',
    fail: () => one(crd(['spec', {}])),
    pass: () => one(crd()),
    noConstruct: NO_CONSTRUCT,
  },
  {
    id: 'KB182',
    path: 'spec.scope',
    fail: () => one(crd(['spec.scope', 'Global'])),
    pass: () => one(crd(['spec.scope', 'Cluster'])),
    noConstruct: NO_CONSTRUCT,
  },
  {
    id: 'KB183',
    path: 'spec.versions[0].schema.openAPIV3Schema',
    fail: () => one(crd(['spec.versions.0.schema', undefined])),
    pass: () => one(crd()),
    noConstruct: NO_CONSTRUCT,
  },
  {
    id: 'KB184',
    path: 'spec.preserveUnknownFields',
    fail: () => one(crd(['spec.preserveUnknownFields', true])),
    pass: () => one(crd(['spec.preserveUnknownFields', false])),
    noConstruct: NO_CONSTRUCT,
  },
  {
    id: 'KB185',
    path: 'metadata.annotations[api-approved.kubernetes.io]',
    fail: () => one(crd(['spec.group', 'widgets.k8s.io'], ['metadata.name', 'widgets.widgets.k8s.io'])),
    pass: () => one(crd(['spec.group', 'widgets.k8s.io'], ['metadata.name', 'widgets.widgets.k8s.io'],
      ['metadata.annotations', { 'api-approved.kubernetes.io': 'https://github.com/kubernetes/enhancements/pull/1111' }])),
    noConstruct: NO_CONSTRUCT,
  },
  {
    id: 'KB186',
    path: 'spec.versions[0].selectableFields[0].jsonPath',
    fail: () => one(crd([SCHEMA, COLOR], ['spec.versions.0.selectableFields', [{ jsonPath: '.spec.tags' }]])),
    pass: () => one(crd([SCHEMA, COLOR], ['spec.versions.0.selectableFields', [{ jsonPath: '.spec.color' }, { jsonPath: '.spec.size' }]])),
    noConstruct: NO_CONSTRUCT,
  },
  {
    id: 'KB222',
    path: 'spec.versions[0].served',
    // YAML's `served: "yes"`: a string where Go's CustomResourceDefinitionVersion.Served is a bool.
    fail: () => one(crd(['spec.versions.0.served', 'yes'])),
    pass: () => one(crd(['spec.versions.0.served', true])),
    noConstruct: NO_CONSTRUCT,
  },
  {
    id: 'KB223',
    path: 'spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.color.maxLenght',
    fail: () => one(crd([SCHEMA, COLOR], ['spec.versions.0.schema.openAPIV3Schema.properties.spec.properties.color.maxLenght', 20])),
    pass: () => one(crd([SCHEMA, COLOR], ['spec.versions.0.schema.openAPIV3Schema.properties.spec.properties.color.maxLength', 20])),
    noConstruct: NO_CONSTRUCT,
  },
];
