/**
 * The passing and failing scenario of every rule of `provider-objects.ts`,
 * beside it: the tests run them through the CLI and the constructs, and
 * docs/rules.md quotes what the engine reports on the failing one.
 */
import { REFERENCE, RuleScenarios, brr, coll, crd, exportedCrd, gadgets, reference, req, tpl, version } from '../engine/scenario-kit';

/** The gadgets' CRD, labelled, of the given scope. */
const gadgetCrd = (scope: string) => exportedCrd(['metadata.name', 'gadgets.example.com'], ['spec.scope', scope],
  ['spec.names', gadgets().spec.names]);
const widgetsAndGadgets = ['spec.resources', [
  { group: 'example.com', resource: 'widgets', versions: ['v1'] },
  { group: 'example.com', resource: 'gadgets', versions: ['v1'] },
]] as const;

export const SCENARIOS: readonly RuleScenarios[] = [
  {
    id: 'KB210',
    path: 'spec.resources[0]',
    fail: () => ({ objects: [tpl(['spec.resources.0.resource', 'wigdets']), exportedCrd()] }),
    pass: () => ({ objects: [tpl(), exportedCrd()] }),
  },
  {
    id: 'KB211',
    path: 'spec.resources[0]',
    fail: () => ({ objects: [req(), crd()] }),
    pass: () => ({ objects: [req(), exportedCrd()] }),
  },
  {
    id: 'KB212',
    path: 'spec.resources[1]',
    fail: () => ({ objects: [tpl(widgetsAndGadgets), exportedCrd(), gadgetCrd('Cluster')] }),
    pass: () => ({ objects: [tpl(widgetsAndGadgets), exportedCrd(), gadgetCrd('Namespaced')] }),
  },
  {
    id: 'KB213',
    path: 'spec.scope',
    fail: () => ({ objects: [tpl(['spec.scope', 'Cluster']), exportedCrd()] }),
    pass: () => ({ objects: [tpl(), exportedCrd()] }),
  },
  {
    id: 'KB214',
    path: 'spec.resources[0].versions[0]',
    fail: () => ({ objects: [tpl(['spec.resources.0.versions', ['v2']]), exportedCrd()] }),
    pass: () => ({ objects: [tpl(['spec.resources.0.versions', ['v2']]), exportedCrd(['spec.versions', [version('v1', { storage: false }), version('v2')]])] }),
  },
  {
    id: 'KB215',
    path: 'spec.templates[0].name',
    fail: () => ({ objects: [coll(['spec.templates', [{ name: 'widget' }]]), tpl()] }),
    pass: () => ({ objects: [coll(), tpl()] }),
  },
  {
    id: 'KB216',
    path: 'spec.templateRef.name',
    fail: () => ({ objects: [brr(['spec.templateRef.name', 'gadgets']), tpl()] }),
    pass: () => ({ objects: [brr(), tpl()] }),
  },
  {
    id: 'KB217',
    path: `${REFERENCE}.jsonPath.name`,
    // The widgets' CRD declares spec.size, spec.replicas and spec.selector.
    fail: () => ({ objects: [tpl(reference({ jsonPath: { name: 'spec.selectr' } })), exportedCrd()] }),
    pass: () => ({ objects: [tpl(reference({ jsonPath: { name: 'spec.selector' } })), exportedCrd()] }),
  },
];
