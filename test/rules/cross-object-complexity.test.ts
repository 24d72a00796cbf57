/**
 * The rules across objects do work linear in the input: on what
 * `kubectl get apiserviceexports,boundschemas -A` of a provider cluster gives
 * (the same BoundSchemas and exports in every consumer's namespace), 4× the
 * objects cost at most 4.6× the reads of the objects (counted by the engine,
 * `countingReads`, which hands the rules each object behind a read-counting
 * view; not timed: timing targets live in `npm run bench`).
 * On indexes built once per run the ratio is 4.0; on scans per object
 * (same-named schemas, candidates per resource, earlier schemas of a group) it
 * grows with the number of namespaces.
 */
import { Manifest } from '../../src/model/manifest';
import { RuleContext } from '../../src/rules/engine/rule';
import { countingReads, readByRules } from '../../src/rules/engine/work-count';
import { crossObjectViolations } from '../../src/rules/index';

const ctx: RuleContext = { group: 'kube-bind.io' };

function boundSchema(namespace: string | undefined, plural: string, group: string, scope: string, names: Manifest = {}): Manifest {
  const kind = plural[0].toUpperCase() + plural.slice(1, -1);
  return {
    apiVersion: 'kube-bind.io/v1alpha2',
    kind: 'BoundSchema',
    metadata: { name: `${plural}.${group}`, ...(namespace !== undefined ? { namespace } : {}) },
    spec: {
      group,
      names: { kind, plural, singular: kind.toLowerCase(), listKind: `${kind}List`, ...names },
      scope,
      informerScope: 'Cluster',
      versions: [{ name: 'v1', served: true, storage: true }, { name: 'v2', served: false, storage: false }],
    },
  };
}

function exportOf(namespace: string | undefined, name: string, resources: Array<[string, string, string[]]>, informerScope = 'Cluster'): Manifest {
  return {
    apiVersion: 'kube-bind.io/v1alpha2',
    kind: 'APIServiceExport',
    metadata: { name, ...(namespace !== undefined ? { namespace } : {}) },
    spec: { informerScope, resources: resources.map(([group, resource, versions]) => ({ group, resource, versions })) },
  };
}

/** The objects of one consumer namespace: valid ones, and one case of each rule's finding. */
/** A BoundSchema whose versions carry a schema with `spec.secretName`, for the reference paths (KB178). */
function withSchema(schema: Manifest): Manifest {
  const openAPIV3Schema = { type: 'object', properties: { spec: { type: 'object', properties: { secretName: { type: 'string' } } } } };
  schema.spec.versions = schema.spec.versions.map((v: Manifest) => ({ ...v, schema: { openAPIV3Schema } }));
  return schema;
}

/** An export of widgets claiming the secrets its objects name at `jsonPath`. */
function claimingExport(namespace: string, jsonPath: string): Manifest {
  const exp = exportOf(namespace, 'claims', [['example.com', 'widgets', ['v1']]]);
  exp.spec.permissionClaims = [{ group: '', resource: 'secrets', selector: { references: [{ group: 'example.com', resource: 'widgets', jsonPath: { name: jsonPath } }] } }];
  return exp;
}

function consumer(namespace: string): Manifest[] {
  return [
    withSchema(boundSchema(namespace, 'widgets', 'example.com', 'Namespaced')),
    claimingExport(namespace, 'spec.secretNmae'), // KB178: no such field
    boundSchema(namespace, 'gadgets', 'example.com', 'Namespaced', { shortNames: ['wd'] }),
    boundSchema(namespace, 'sprockets', 'example.com', 'Namespaced', { shortNames: ['wd'] }), // KB177: short name taken
    boundSchema(namespace, 'widgets', 'example.com', 'Namespaced'), // KB174: twice in one namespace
    boundSchema(namespace, 'clusterthings', 'example.com', 'Cluster'),
    {
      apiVersion: 'kube-bind.io/v1alpha1',
      kind: 'APIServiceExport',
      metadata: { name: 'gizmos.example.org', namespace },
      spec: { group: 'example.org', names: { kind: 'Gizmo', plural: 'gizmos' }, scope: 'Namespaced', informerScope: 'Cluster', versions: [{ name: 'v1', served: true }] },
    },
    exportOf(namespace, 'widgets', [['example.com', 'widgets', ['v1']], ['example.com', 'gadgets', ['v1']]]),
    exportOf(namespace, 'unserved', [['example.com', 'widgets', ['v2']]]), // KB171
    exportOf(namespace, 'mixed', [['example.com', 'widgets', ['v1']], ['example.com', 'clusterthings', ['v1']]]), // KB175
    exportOf(namespace, 'narrow', [['example.com', 'clusterthings', ['v1']]], 'Namespaced'), // KB170
    exportOf(namespace, 'missing', [['example.com', 'doohickeys', ['v1']]]), // KB176
    exportOf(namespace, 'gizmos', [['example.org', 'gizmos', ['v1']]]), // KB176 (no BoundSchema for a v1alpha1 export's resource)
    { apiVersion: 'kube-bind.example/v1alpha2', kind: 'BoundSchema', metadata: { name: 'elsewhere', namespace } }, // KB172
  ];
}

/** `copies` consumer namespaces, and what is not repeated: the provider's CRDs, an export left to `kubectl -n`. */
function provider(copies: number): Manifest[] {
  const out: Manifest[] = [];
  for (let c = 0; c < copies; c++) out.push(...consumer(`consumer-${c}`));
  out.push({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, scope: 'Namespaced', versions: [{ name: 'v1', served: true, storage: true }] },
  });
  out.push(exportOf(undefined, 'anywhere', [['example.com', 'widgets', ['v1']]]));
  return out;
}

function measure(copies: number): { steps: number; findings: Map<string, number> } {
  const objects = provider(copies);
  const { result: found, reads } = countingReads(() => crossObjectViolations(objects, ctx));
  const findings = new Map<string, number>();
  for (const v of found.flat()) findings.set(v.rule, (findings.get(v.rule) ?? 0) + 1);
  return { steps: reads, findings };
}

test('the mix exercises every rule across objects, each namespace finding its own', () => {
  const { findings } = measure(3);
  expect([...findings.keys()].sort()).toEqual(['KB170', 'KB171', 'KB172', 'KB174', 'KB175', 'KB176', 'KB177', 'KB178']);
  const fourTimes = measure(12).findings;
  for (const [rule, count] of findings) expect([rule, fourTimes.get(rule)]).toEqual([rule, 4 * count]);
});

test.each([50, 200])('4× the namespaces (%i → 4×) cost at most 4.6× the reads of the objects', n => {
  const small = measure(n).steps;
  const large = measure(4 * n).steps;
  expect(small).toBeGreaterThan(0);
  expect(large / small).toBeLessThanOrEqual(4.6);
});

// The count must be able to fail: what scans every object again for each object reads quadratically.
test('a scan of every object per object shows in the count; one pass does not', () => {
  const reads = (copies: number, scanPerObject: boolean): number => countingReads(() => {
    const objects = provider(copies).map(readByRules);
    for (const o of objects) {
      const name = o.metadata?.name;
      if (scanPerObject) objects.filter(other => other.metadata?.name === name);
    }
  }).reads;
  expect(reads(40, false) / reads(10, false)).toBeLessThanOrEqual(4.6);
  expect(reads(40, true) / reads(10, true)).toBeGreaterThan(10);
});
