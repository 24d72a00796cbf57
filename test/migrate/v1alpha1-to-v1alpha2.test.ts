import * as fs from 'fs';
import * as path from 'path';
import { parseAllDocuments } from 'yaml';
import { MigrationFinding, migrateV1alpha1 } from '../../src/migrate';
import { Manifest } from '../../src/model/manifest';

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'migrate', 'v1alpha1-exports.yaml');

/** The fixture's objects, freshly parsed: ConfigMap, v1alpha1 databases, v1alpha1 nodepools, v1alpha2 gadgets export, gadgets BoundSchema. */
function fixture(): Manifest[] {
  return parseAllDocuments(fs.readFileSync(FIXTURE, 'utf8')).map(d => d.toJS());
}

/** A small, valid v1alpha1 export of a namespaced resource. */
function widgetExport(): Manifest {
  const schema = () => ({ type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'string' } } } } });
  return {
    apiVersion: 'kube-bind.io/v1alpha1',
    kind: 'APIServiceExport',
    metadata: { name: 'widgets.example.com', namespace: 'team-a' },
    spec: {
      group: 'example.com',
      names: { kind: 'Widget', plural: 'widgets' },
      scope: 'Namespaced',
      informerScope: 'Namespaced',
      versions: [
        { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema() } },
        { name: 'v2', served: true, storage: false, schema: { openAPIV3Schema: schema() } },
      ],
    },
  };
}

function messages(findings: MigrationFinding[], index?: number): string[] {
  return findings.filter(f => index === undefined || f.index === index).map(f => f.message);
}

function only<T>(list: T[]): T {
  expect(list).toHaveLength(1);
  return list[0];
}

describe('migrateV1alpha1 on a provider\'s manifests', () => {
  const input = fixture();
  const result = migrateV1alpha1(input);

  test('every object is accounted for, in order: a migrated export becomes its BoundSchema and its v1alpha2 export', () => {
    expect(result.problems).toEqual([]);
    expect(result.objects.map(o => `${o.apiVersion} ${o.kind} ${o.metadata.name}`)).toEqual([
      'v1 ConfigMap provider-settings',
      'kube-bind.io/v1alpha2 BoundSchema databases.db.example.com',
      'kube-bind.io/v1alpha2 APIServiceExport databases.db.example.com',
      'kube-bind.io/v1alpha2 BoundSchema nodepools.infra.example.com',
      'kube-bind.io/v1alpha2 APIServiceExport nodepools.infra.example.com',
      'kube-bind.io/v1alpha2 APIServiceExport gadgets.example.com',
      'kube-bind.io/v1alpha2 BoundSchema gadgets.example.com',
    ]);
  });

  test('objects of other kinds and v1alpha2 objects pass through as the very same objects', () => {
    expect(result.objects[0]).toBe(input[0]);
    expect(result.objects[5]).toBe(input[3]);
    expect(result.objects[6]).toBe(input[4]);
  });

  test('the input is not modified', () => {
    expect(input).toEqual(fixture());
  });

  test('the v1alpha2 export keeps name, namespace, labels and annotations, and lists the served versions', () => {
    expect(result.objects[2]).toEqual({
      apiVersion: 'kube-bind.io/v1alpha2',
      kind: 'APIServiceExport',
      metadata: {
        name: 'databases.db.example.com',
        namespace: 'kube-bind-provider',
        labels: { 'app.kubernetes.io/part-of': 'example-databases' },
        annotations: { 'example.com/owner': 'team-data' },
      },
      spec: {
        resources: [{ group: 'db.example.com', resource: 'databases', versions: ['v1alpha1', 'v1'] }],
        isolation: 'Prefixed',
        informerScope: 'Cluster',
      },
    });
  });

  test('the BoundSchema carries group, names, scope, informerScope and every version, in the export\'s namespace', () => {
    const old = input[1];
    const bs = result.objects[1];
    expect(bs.metadata).toEqual({ name: 'databases.db.example.com', namespace: 'kube-bind-provider', labels: old.metadata.labels });
    expect(bs.spec).toEqual({
      group: old.spec.group,
      names: old.spec.names,
      scope: 'Namespaced',
      informerScope: 'Cluster',
      versions: old.spec.versions,
    });
    expect(bs.status).toBeUndefined();
  });

  test('clusterScopedIsolation becomes isolation; a missing served is written as true', () => {
    const exp = result.objects[4];
    expect(exp.spec).toEqual({
      resources: [{ group: 'infra.example.com', resource: 'nodepools', versions: ['v1beta1'] }],
      isolation: 'Namespaced',
      informerScope: 'Cluster',
    });
    expect(exp.spec.clusterScopedIsolation).toBeUndefined();
    expect(result.objects[3].spec.versions[0].served).toBe(true);
    expect(result.objects[3].spec.versions[0].subresources).toEqual(input[2].spec.versions[0].subresources);
    expect(messages(result.notes, 2)).toEqual([
      'spec.versions[0].served is not set: written as true, v1alpha1\'s default',
      'spec.clusterScopedIsolation "Namespaced" becomes spec.isolation "Namespaced" (clusterScopedIsolation is deprecated in v1alpha2)',
    ]);
  });

  test('notes list, per object, what has no home in v1alpha2 and the isolation chosen', () => {
    const notes = result.notes.filter(n => n.index === 1);
    for (const n of notes) expect(n.object).toBe('APIServiceExport "databases.db.example.com"');
    expect(notes.map(n => n.message)).toEqual([
      'metadata.annotations[kubectl.kubernetes.io/last-applied-configuration] is dropped: it holds the old v1alpha1 object, and kubectl apply writes it anew',
      'metadata.resourceVersion, metadata.uid, metadata.generation, metadata.creationTimestamp, metadata.managedFields are dropped: '
        + 'the API server sets them, and they describe the old object',
      'status.acceptedNames, status.storedVersions, status.conditions are dropped: '
        + 'a v1alpha2 export has no acceptedNames or storedVersions, and the konnector rewrites conditions',
      expect.stringMatching(/^spec.isolation is set to "Prefixed", which v1alpha2 requires: the namespaced resource has no clusterScopedIsolation/),
    ]);
    expect(result.notes.filter(n => ![1, 2].includes(n.index))).toEqual([]);
  });

  test('a second run on its own output changes nothing', () => {
    const again = migrateV1alpha1(result.objects);
    expect(again.objects).toEqual(result.objects);
    again.objects.forEach((o, i) => expect(o).toBe(result.objects[i]));
    expect(again.notes).toEqual([]);
    expect(again.problems).toEqual([]);
  });
});

describe('choices and options', () => {
  test('a namespaced resource with informerScope Namespaced keeps it in both objects', () => {
    const { objects, problems } = migrateV1alpha1([widgetExport()]);
    expect(problems).toEqual([]);
    expect(objects.map(o => o.spec.informerScope)).toEqual(['Namespaced', 'Namespaced']);
    expect(objects[1].spec.isolation).toBe('Prefixed');
  });

  test('the kube-bind group option: exports of another group are left alone, with a note', () => {
    const input = [widgetExport()];
    const other = migrateV1alpha1(input, { kubeBindGroup: 'bind.example.org' });
    expect(other.objects).toEqual(input);
    expect(only(other.notes).message).toBe('apiVersion "kube-bind.io/v1alpha1" is not of the kube-bind group "bind.example.org": left as it is '
      + '(set the kube-bind group option if this is your kube-bind group)');

    const ours = widgetExport();
    ours.apiVersion = 'bind.example.org/v1alpha1';
    const migrated = migrateV1alpha1([ours], { kubeBindGroup: 'bind.example.org' });
    expect(migrated.objects.map(o => o.apiVersion)).toEqual(['bind.example.org/v1alpha2', 'bind.example.org/v1alpha2']);
  });

  test('an export without a name gets <plural>.<group>, with a note', () => {
    const exp = widgetExport();
    delete exp.metadata.name;
    const { objects, notes } = migrateV1alpha1([exp]);
    expect(objects[1].metadata.name).toBe('widgets.example.com');
    expect(messages(notes)).toContain('metadata.name is not set: the v1alpha2 export is named "widgets.example.com", as v1alpha1 requires');
  });

  test('a BoundSchema already present with the same spec is not emitted twice', () => {
    const first = migrateV1alpha1([widgetExport()]).objects;
    const { objects, notes, problems } = migrateV1alpha1([first[0], widgetExport()]);
    expect(problems).toEqual([]);
    expect(objects).toHaveLength(2);
    expect(objects[0]).toBe(first[0]);
    expect(objects[1]).toEqual(first[1]);
    expect(messages(notes, 1)).toContain('BoundSchema "widgets.example.com" in namespace "team-a" is already there, with the same spec '
      + '(the object at index 0): it is not emitted twice');
  });
});

describe('invalid v1alpha1 exports get problems naming the object and the field; the others are still migrated', () => {
  function problemsFor(mutate: (exp: Manifest) => void): MigrationFinding[] {
    const broken = widgetExport();
    mutate(broken);
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } };
    const input = [cm, broken, fixture()[1]];
    const result = migrateV1alpha1(input);
    // The broken export stays as it is, the other objects are handled as usual.
    expect(result.objects[0]).toBe(cm);
    expect(result.objects[1]).toBe(broken);
    expect(result.objects.slice(2).map(o => `${o.kind} ${o.apiVersion}`)).toEqual(['BoundSchema kube-bind.io/v1alpha2', 'APIServiceExport kube-bind.io/v1alpha2']);
    expect(result.problems.every(p => p.index === 1)).toBe(true);
    return result.problems;
  }

  test('no names', () => {
    const p = only(problemsFor(e => delete e.spec.names));
    expect(p).toEqual({ index: 1, object: 'APIServiceExport "widgets.example.com"', message: 'spec.names is missing: it needs at least kind and plural' });
  });

  test('no versions, or an empty list', () => {
    expect(only(problemsFor(e => delete e.spec.versions)).message).toBe('spec.versions is missing: an export needs at least one version');
    expect(only(problemsFor(e => { e.spec.versions = []; })).message).toBe('spec.versions is empty: an export needs at least one version');
  });

  test('no spec', () => {
    expect(only(problemsFor(e => delete e.spec)).message).toBe('spec is missing: a v1alpha1 export defines its resource there');
  });

  test('an informerScope the server does not accept', () => {
    expect(only(problemsFor(e => { e.spec.informerScope = 'Namespace'; })).message)
      .toBe('spec.informerScope "Namespace" must be one of "Cluster", "Namespaced" (did you mean "Namespaced"?)');
  });

  test('the CEL rules of v1alpha1 are judged by the rules that state them (KB070, KB071), not by the migration', () => {
    const found = problemsFor(e => { e.spec.scope = 'Cluster'; });
    expect(messages(found)).toEqual([
      'spec.informerScope "Namespaced" must be "Cluster" because spec.scope is "Cluster"',
      'spec.clusterScopedIsolation is missing; it is required because spec.scope is "Cluster"',
    ]);
  });

  test('the CEL rules of v1alpha1: no clusterScopedIsolation for a namespaced resource (KB072)', () => {
    expect(only(problemsFor(e => { e.spec.clusterScopedIsolation = 'Prefixed'; })).message)
      .toBe('spec.clusterScopedIsolation "Prefixed" must not be set because spec.scope is "Namespaced"');
  });

  test('a name that is not <plural>.<group>', () => {
    const p = only(problemsFor(e => { e.metadata.name = 'widgets'; }));
    expect(p.object).toBe('APIServiceExport "widgets"');
    expect(p.message).toBe('metadata.name "widgets" must be "widgets.example.com": a v1alpha1 export is named <spec.names.plural>.<spec.group>');
  });

  test('per-version schemas that differ', () => {
    expect(only(problemsFor(e => { e.spec.versions[1].schema.openAPIV3Schema.properties.spec.properties.size.type = 'integer'; })).message)
      .toBe('spec.versions[1].schema.openAPIV3Schema.properties.spec.properties.size.type differs from '
        + 'spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.size.type: '
        + 'the spec (§8.2) requires the schemas of all versions to be equal (description, example and externalDocs aside), '
        + 'because kube-bind cannot convert objects between versions');
  });

  test('versions without storage, name or schema, all reported', () => {
    expect(messages(problemsFor(e => {
      delete e.spec.versions[0].storage;
      e.spec.versions[1].name = '';
      delete e.spec.versions[1].schema.openAPIV3Schema;
    }))).toEqual([
      'spec.versions[0].storage is missing: every version says whether it is the storage version',
      'spec.versions[1].name is empty',
      'spec.versions[1].schema.openAPIV3Schema is missing: every version carries the schema of the resource',
    ]);
  });

  test('an unnamed broken export is labelled by its position', () => {
    const p = problemsFor(e => {
      delete e.metadata;
      delete e.spec.names.plural;
    });
    expect(only(p)).toEqual({ index: 1, object: 'APIServiceExport #2', message: 'spec.names.plural is missing' });
  });

  test('two differing exports of one resource in one namespace: the second clashes', () => {
    const second = widgetExport();
    second.spec.versions[1].served = false;
    const { objects, problems } = migrateV1alpha1([widgetExport(), second]);
    expect(objects).toHaveLength(3);
    expect(objects[2]).toBe(second);
    expect(problems).toEqual(['BoundSchema', 'APIServiceExport'].map(kind => ({
      index: 1,
      object: 'APIServiceExport "widgets.example.com"',
      message: `its ${kind} "widgets.example.com" in namespace "team-a" would clash with the one made from the export at index 0, `
        + 'which differs: the export is left as it is',
    })));
  });

  test('the same export twice is migrated once', () => {
    const { objects, problems, notes } = migrateV1alpha1([widgetExport(), widgetExport()]);
    expect(problems).toEqual([]);
    expect(objects.map(o => o.kind)).toEqual(['BoundSchema', 'APIServiceExport']);
    expect(messages(notes, 1)).toEqual([
      expect.stringMatching(/^spec.isolation is set to "Prefixed"/),
      'BoundSchema "widgets.example.com" in namespace "team-a" is already there, with the same spec (the one made from the export at index 0): '
        + 'it is not emitted twice',
      'APIServiceExport "widgets.example.com" in namespace "team-a" is already there, with the same spec (the one made from the export at index 0): '
        + 'it is not emitted twice',
    ]);
  });

  test('a v1alpha2 export of the same name that differs is a clash; the export is left as it is', () => {
    const migrated = migrateV1alpha1([widgetExport()]).objects;
    const existing = { ...migrated[1], spec: { ...migrated[1].spec, isolation: 'None' } };
    const { objects, problems } = migrateV1alpha1([existing, widgetExport()]);
    expect(objects[0]).toBe(existing);
    expect(objects[1].apiVersion).toBe('kube-bind.io/v1alpha1');
    expect(only(problems).message).toBe('its APIServiceExport "widgets.example.com" in namespace "team-a" would clash with the object at index 0, '
      + 'which differs: the export is left as it is');
  });

  test('hostile shapes never throw and are left as they are', () => {
    const shapes: any[] = [
      { apiVersion: 'kube-bind.io/v1alpha1', kind: 'APIServiceExport', spec: [] },
      { apiVersion: 'kube-bind.io/v1alpha1', kind: 'APIServiceExport', metadata: 'x', spec: { names: 'x', versions: [null, 1, 'v1'] } },
      JSON.parse('{"apiVersion":"kube-bind.io/v1alpha1","kind":"APIServiceExport","spec":{"__proto__":{"group":"x"}}}'),
      null,
      'text',
      [],
    ];
    const result = migrateV1alpha1(shapes);
    result.objects.forEach((o, i) => expect(o).toBe(shapes[i]));
    expect(new Set(result.problems.map(p => p.index))).toEqual(new Set([0, 1, 2]));
    expect(() => migrateV1alpha1(null as any)).not.toThrow();
  });
});
