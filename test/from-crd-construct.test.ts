import { ApiObject, Testing } from 'cdk8s';
import { ApiServiceExport, BoundSchema, InformerScope, Isolation, Scope } from '../src';
import { boundSchemaManifestFromCrd } from '../src/migrate';
import { validateObjects } from '../src/rules';
import { databasesCrd, nodePoolsCrd, widgetsCrd } from './fixtures/migrate/crds';
import { chart, ofKind, synthError } from './util';

describe('BoundSchema.fromCrd', () => {
  test('copies a multi-version CRD with a conversion webhook', () => {
    const c = chart({ namespace: 'provider' });
    const bs = BoundSchema.fromCrd(c, 'databases', databasesCrd());
    const [m] = ofKind(c, 'BoundSchema');
    const expected = boundSchemaManifestFromCrd(databasesCrd(), { namespace: 'provider' }).manifest!;
    expect(m.spec).toEqual(expected.spec);
    expect(m.metadata.name).toBe(expected.metadata.name);
    expect(bs.servedVersions.length).toBeGreaterThan(0);
  });

  test('accepts a CRD that is already an ApiObject in the app', () => {
    const c = chart();
    const crd = new ApiObject(c, 'crd', nodePoolsCrd());
    BoundSchema.fromCrd(c, 'nodepools', crd, { informerScope: InformerScope.CLUSTER });
    const [m] = ofKind(c, 'BoundSchema');
    expect(m.spec.scope).toBe('Cluster');
    expect(m.spec.names.plural).toBe(nodePoolsCrd().spec.names.plural);
  });

  test('never throws: what kube-bind refuses fails the synth at the construct, beside the other findings of the app', () => {
    const c = chart();
    const crd = databasesCrd();
    crd.spec.versions = [];
    const bs = BoundSchema.fromCrd(c, 'x', crd);
    BoundSchema.fromCrd(c, 'y', { kind: 'ConfigMap', apiVersion: 'v1' });
    new BoundSchema(c, 'other', { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, schema: { type: 'object' }, versions: [{ name: 'V1' }] });
    expect(bs.group).toBe(crd.spec.group);
    // What could be read stays readable: a cluster-scoped CRD's stand-in is not said to be namespaced.
    const cluster = nodePoolsCrd();
    cluster.spec.versions = [];
    expect(BoundSchema.fromCrd(c, 'z', cluster).scope).toBe(Scope.CLUSTER);
    const error = synthError(c);
    expect(error).toMatch(/\[test\/x\] \[KB180\] cannot be bound: CustomResourceDefinition "databases.db.example.com": spec.versions/);
    expect(error).toMatch(/\[test\/y\] \[KB180\] cannot be bound: .*"ConfigMap" is not a CustomResourceDefinition/);
    // The rest of the app is still checked, and the stand-ins are judged by nothing else.
    expect(error).toMatch(/\[test\/other\] \[KB005\] spec.versions\[0\]/);
    expect(error.match(/\[test\/[xyz]\]/g)).toHaveLength(3);
  });

  test('an export of the schemas, and the app passes every rule', () => {
    const c = chart({ namespace: 'provider' });
    // Both namespaced: kube-bind refuses an export whose resources differ in scope (KB175).
    const schemas = [BoundSchema.fromCrd(c, 'databases', databasesCrd()), BoundSchema.fromCrd(c, 'widgets', widgetsCrd())];
    new ApiServiceExport(c, 'export', { schemas, isolation: Isolation.PREFIXED });
    const out = Testing.synth(c);
    const [e] = out.filter((m: any) => m.kind === 'APIServiceExport');
    expect(e.spec.resources.map((r: any) => r.resource)).toEqual(schemas.map(s => s.plural));
    expect(validateObjects(out).flat().filter(v => v.severity === 'error')).toEqual([]);
  });

  test('an export of a namespaced and a cluster-scoped schema fails the synth (KB175)', () => {
    const c = chart({ namespace: 'provider' });
    const schemas = [BoundSchema.fromCrd(c, 'databases', databasesCrd()), BoundSchema.fromCrd(c, 'nodepools', nodePoolsCrd())];
    new ApiServiceExport(c, 'export', { schemas, isolation: Isolation.PREFIXED });
    expect(() => Testing.synth(c)).toThrow(/\[KB175\] spec\.resources\[1\]: exports "nodepools"/);
  });
});

describe('BoundSchema.fromCrd options from issue 12', () => {
  const differing = () => {
    const crd = databasesCrd();
    crd.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.storageGB.maximum = 1;
    return crd;
  };

  test('versions exports only the named ones; without it, differing versions are refused', () => {
    const refused = chart();
    BoundSchema.fromCrd(refused, 'x', differing());
    expect(synthError(refused)).toMatch(/\[KB180\] cannot be bound: .*storageGB.maximum/);
    const c = chart();
    BoundSchema.fromCrd(c, 'databases', differing(), { versions: ['v1'] });
    const [m] = ofKind(c, 'BoundSchema');
    expect(m.spec.versions.map((v: any) => v.name)).toEqual(['v1']);
    expect(validateObjects([m]).flat().filter(v => v.severity === 'error')).toEqual([]);
  });

  test('informerScope follows the CRD\'s scope unless given', () => {
    const c = chart();
    expect(BoundSchema.fromCrd(c, 'databases', databasesCrd()).informerScope).toBe(InformerScope.NAMESPACED);
    expect(BoundSchema.fromCrd(c, 'nodepools', nodePoolsCrd()).informerScope).toBe(InformerScope.CLUSTER);
    expect(BoundSchema.fromCrd(c, 'databases2', databasesCrd(), { informerScope: InformerScope.CLUSTER }).informerScope).toBe(InformerScope.CLUSTER);
  });
});
