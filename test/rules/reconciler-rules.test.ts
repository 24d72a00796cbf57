/**
 * Rules kube-bind's backend and konnector enforce (KB142, KB143, KB175,
 * KB176), the consumer API server's naming controller (KB177), and label
 * selectors kube-bind can never parse (KB146, KB147): errors, each with a
 * failing and a passing case beside the rule's scenario in src/rules/<family>.scenarios.ts.
 */
import { Manifest } from '../../src/model/manifest';
import { contextFor, crossObjectViolations, validateObject } from '../../src/rules';
import { a2, bs, NAMESPACE } from '../../src/rules/scenarios';

const CTX = contextFor();
const cross = (objects: Manifest[]) => crossObjectViolations(objects, CTX)
  .flatMap((vs, i) => vs.map(v => [i, v.rule, v.severity, v.path]));
const only = (id: string, found: unknown[][]) => found.filter(f => f[1] === id);

const gadgets = (extra: Manifest = {}): Manifest => bs(['metadata.name', 'gadgets.example.com'],
  ['spec.names', { kind: 'Gadget', plural: 'gadgets', singular: 'gadget', listKind: 'GadgetList', ...extra }]);
const twoResources = (...edits: Array<[string, unknown]>) => a2(['spec.resources.1', { group: 'example.com', resource: 'gadgets' }], ...edits);

describe('KB175 one scope per export', () => {
  test('a namespaced and a cluster-scoped resource in one export is an error on the second', () => {
    const clusterGadgets = bs(['metadata.name', 'gadgets.example.com'], ['spec.names', { kind: 'Gadget', plural: 'gadgets' }],
      ['spec.scope', 'Cluster'], ['spec.informerScope', 'Cluster']);
    const found = only('KB175', cross([twoResources(['spec.informerScope', 'Cluster']), bs(), clusterGadgets]));
    expect(found).toEqual([[0, 'KB175', 'error', 'spec.resources[1]']]);
    const message = crossObjectViolations([twoResources(['spec.informerScope', 'Cluster']), bs(), clusterGadgets], CTX)[0]
      .find(v => v.rule === 'KB175')!.message;
    expect(message).toContain('"Cluster"');
    expect(message).toContain('spec.resources[0]');
  });

  test('two namespaced resources, or a resource without a known schema, pass', () => {
    expect(only('KB175', cross([twoResources(), bs(), gadgets()]))).toEqual([]);
    expect(only('KB175', cross([twoResources(), bs()]))).toEqual([]);
  });
});

describe('KB176 the BoundSchema <resource>.<group> in the export\'s namespace', () => {
  test('passes when it is there, or when the input holds no BoundSchema at all', () => {
    expect(only('KB176', cross([a2(), bs()]))).toEqual([]);
    expect(only('KB176', cross([a2()]))).toEqual([]);
    // A namespace left to kubectl -n matches any.
    expect(only('KB176', cross([a2(['metadata.namespace', undefined]), bs(['metadata.namespace', 'elsewhere'])]))).toEqual([]);
  });

  test('fails when the BoundSchema is in another namespace, and says where it is', () => {
    const objects = [a2(), bs(['metadata.namespace', 'other'])];
    expect(only('KB176', cross(objects))).toEqual([[0, 'KB176', 'error', 'spec.resources[0]']]);
    const v = crossObjectViolations(objects, CTX)[0].find(x => x.rule === 'KB176')!;
    expect(v.message).toContain(`no BoundSchema "widgets.example.com" is in namespace "${NAMESPACE}"`);
    expect(v.hint).toContain('is in namespace "other"');
  });

  test('fails when the definition is there under another name (kube-bind looks it up by name)', () => {
    const objects = [a2(), bs(['metadata.name', 'my-widgets'])];
    const v = crossObjectViolations(objects, CTX)[0].find(x => x.rule === 'KB176')!;
    expect(v.hint).toContain('BoundSchema "my-widgets" defines it, but under another name');
  });

  test('fails for a resource the BoundSchemas of the input do not cover', () => {
    expect(only('KB176', cross([twoResources(), bs()]))).toEqual([[0, 'KB176', 'error', 'spec.resources[1]']]);
  });
});

describe('KB177 names of one group', () => {
  test.each([
    ['a short name', { shortNames: ['wd'] }, { shortNames: ['wd'] }, 'spec.names.shortNames[0]'],
    ['a short name equal to the other plural', {}, { shortNames: ['widgets'] }, 'spec.names.shortNames[0]'],
    ['the singular', {}, { singular: 'widget' }, 'spec.names.singular'],
    ['the kind', {}, { kind: 'Widget', singular: 'gadget' }, 'spec.names.kind'],
    ['the listKind', {}, { listKind: 'WidgetList' }, 'spec.names.listKind'],
  ])('clash on %s: an error on the second BoundSchema', (_what, first, second, where) => {
    const objects = [bs(['spec.names', { kind: 'Widget', plural: 'widgets', ...first }]), gadgets(second)];
    expect(only('KB177', cross(objects))).toEqual([[1, 'KB177', 'error', where]]);
  });

  test('different names, other groups, other namespaces pass', () => {
    expect(only('KB177', cross([bs(['spec.names.shortNames', ['wd']]), gadgets({ shortNames: ['gd'] })]))).toEqual([]);
    expect(only('KB177', cross([bs(['spec.names.shortNames', ['wd']]),
      bs(['metadata.name', 'gadgets.example.org'], ['spec.group', 'example.org'], ['spec.names', { kind: 'Widget', plural: 'gadgets', shortNames: ['wd'] }])]))).toEqual([]);
    expect(only('KB177', cross([bs(['spec.names.shortNames', ['wd']]), { ...gadgets({ shortNames: ['wd'] }), metadata: { name: 'gadgets.example.com', namespace: 'other' } }]))).toEqual([]);
  });
});

describe('claims kube-bind refuses or cannot parse are errors', () => {
  const claims = (...list: Manifest[]) => a2(['spec.permissionClaims', list]);
  const claim = (c: Manifest = {}): Manifest => ({ group: '', resource: 'configmaps', selector: { namedResources: [{ name: 's' }] }, ...c });
  const severityOf = (id: string, m: Manifest) => validateObject(m, CTX).filter(v => v.rule === id).map(v => v.severity);

  test('KB142 a second claim of one group/resource', () => {
    expect(severityOf('KB142', claims(claim(), claim()))).toEqual(['error']);
    expect(severityOf('KB142', claims(claim(), claim({ resource: 'secrets' })))).toEqual([]);
  });

  test('KB143 a claim outside kube-bind\'s claimable APIs', () => {
    expect(severityOf('KB143', claims(claim({ group: 'apps', resource: 'deployments' })))).toEqual(['error']);
    expect(severityOf('KB143', claims(claim({ group: 'v1', resource: 'secrets' })))).toEqual(['error']);
    expect(severityOf('KB143', claims(claim({ resource: 'serviceaccounts' })))).toEqual([]);
  });

  test('KB146 and KB147 an invalid label key or value', () => {
    const labels = (matchLabels: Manifest) => claims(claim({ selector: { labelSelector: { matchLabels } } }));
    expect(severityOf('KB146', labels({ 'bad key!': 'x' }))).toEqual(['error']);
    expect(severityOf('KB147', labels({ app: 'x'.repeat(64) }))).toEqual(['error']);
    expect(severityOf('KB146', labels({ 'app.kubernetes.io/name': 'x' }))).toEqual([]);
    const expression = claims(claim({ selector: { labelSelector: { matchExpressions: [{ key: '-app', operator: 'In', values: ['a b'] }] } } }));
    expect(severityOf('KB146', expression)).toEqual(['error']);
    expect(severityOf('KB147', expression)).toEqual(['error']);
  });
});
