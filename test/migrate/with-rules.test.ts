/**
 * The conversions against the rest of the library: their output passes the
 * rules engine, and the manifest written for a CRD is exactly what the
 * BoundSchema construct synthesizes from the props read from that CRD.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Chart, Testing } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import { BoundSchema } from '../../src/constructs/bound-schema';
import { boundSchemaManifestFromCrd, boundSchemaPropsFromCrd, exportForSchemas, migrateV1alpha1 } from '../../src/migrate';
import { Manifest } from '../../src/model';
import { Violation, validateObjects } from '../../src/rules';
import { databasesCrd, nodePoolsCrd, widgetsCrd } from '../fixtures/migrate/crds';
import { testWithShared } from '../support/shared';
import { testApp } from '../util';

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'migrate', 'v1alpha1-exports.yaml');
const UPSTREAM_EXAMPLES = ['upstream', 'kube-bind', 'examples'];

function readYaml(file: string): Manifest[] {
  return parseAllDocuments(fs.readFileSync(file, 'utf8')).map(d => d.toJS());
}

/** `index KBnnn path: message` for every violation of the given severities. */
function findings(objects: Manifest[], severities: Array<Violation['severity']> = ['error', 'warning']): string[] {
  return validateObjects(objects).flatMap((vs, i) => vs
    .filter(v => severities.includes(v.severity))
    .map(v => `${i} ${v.rule} ${v.path}: ${v.message}`));
}

describe('migration output passes the rules', () => {
  test('the provider fixture: no error and no warning after migration', () => {
    const { objects, problems } = migrateV1alpha1(readYaml(FIXTURE));
    expect(problems).toEqual([]);
    expect(findings(objects)).toEqual([]);
  });

  test('what the rules report on the v1alpha1 input (a version without served) is gone after migration', () => {
    const input = readYaml(FIXTURE);
    expect(findings(input, ['error'])).toEqual([expect.stringMatching(/^2 KB031 spec.versions\[0\].served: /)]);
    expect(findings(migrateV1alpha1(input).objects, ['error'])).toEqual([]);
  });

  test('an export of a cluster-scoped resource with each isolation', () => {
    for (const isolation of ['Prefixed', 'Namespaced', 'None']) {
      const [pool] = readYaml(FIXTURE).filter(o => o.metadata.name === 'nodepools.infra.example.com');
      pool.spec.clusterScopedIsolation = isolation;
      const { objects, problems } = migrateV1alpha1([pool]);
      expect(problems).toEqual([]);
      expect(objects[1].spec.isolation).toBe(isolation);
      expect(findings(objects)).toEqual([]);
    }
  });
});

/** One export per scope: kube-bind refuses an export whose resources differ in scope (KB175). */
function exportsPerScope(schemas: Manifest[], name: string): Manifest[] {
  return ['Namespaced', 'Cluster']
    .map(scope => schemas.filter(s => s.spec.scope === scope))
    .filter(some => some.length > 0)
    .map(some => exportForSchemas(some, { name: `${name}-${some[0].spec.scope.toLowerCase()}` }));
}

describe('from-crd output passes the rules', () => {
  test('BoundSchemas of the test CRDs and the export of them, one export per scope', () => {
    const schemas = [databasesCrd(), nodePoolsCrd(), widgetsCrd()].map(crd => {
      const { manifest, problems } = boundSchemaManifestFromCrd(crd, { namespace: 'kube-bind-provider' });
      expect(problems).toEqual([]);
      return manifest!;
    });
    expect(findings([...schemas, ...exportsPerScope(schemas, 'example-services')])).toEqual([]);
    // One export of all of them mixes scopes, which kube-bind's backend refuses.
    expect(findings([...schemas, exportForSchemas(schemas, { name: 'example-services' })], ['error']))
      .toEqual([expect.stringMatching(/^3 KB175 spec\.resources\[1\]: /)]);
  });

  testWithShared('kube-bind\'s example CRDs, with the export of them', UPSTREAM_EXAMPLES, (examples) => {
    const crds = fs.readdirSync(examples).filter(f => f.endsWith('.yaml')).sort().flatMap(f => readYaml(path.join(examples, f)));
    const schemas = crds.map(crd => boundSchemaManifestFromCrd(crd, { namespace: 'kube-bind-wildwest' }).manifest!);
    expect(schemas.every(s => s !== undefined)).toBe(true);
    expect(findings([...schemas, ...exportsPerScope(schemas, 'wildwest')])).toEqual([]);
  });

  test('the rules do see problems in these objects when there are some', () => {
    const { manifest } = boundSchemaManifestFromCrd(databasesCrd());
    manifest!.spec.versions[1].storage = false;
    const exported = exportForSchemas([manifest!], { name: 'db', informerScope: 'Namespace' });
    expect(findings([manifest!, exported], ['error']).length).toBeGreaterThanOrEqual(2);
  });
});

describe('boundSchemaManifestFromCrd writes what the BoundSchema construct synthesizes', () => {
  for (const [label, crd] of [['databases', databasesCrd()], ['nodepools', nodePoolsCrd()], ['widgets', widgetsCrd()]] as const) {
    test(label, () => {
      const { props, problems } = boundSchemaPropsFromCrd(crd);
      expect(problems).toEqual([]);
      const chart = new Chart(testApp(), 'test');
      new BoundSchema(chart, 'schema', { ...props!, metadata: { namespace: 'kube-bind-provider' } });
      const synthesized = Testing.synth(chart).filter((m: any) => m.kind === 'BoundSchema');
      expect(synthesized).toEqual([boundSchemaManifestFromCrd(crd, { namespace: 'kube-bind-provider' }).manifest]);
    });
  }
});
