/**
 * The facts `validate` keeps of each object until the rules across objects
 * run (`KeptFacts`): packed while reading, given back as the same objects
 * `crossObjectFacts` made, in order, whatever their form; a broken file's
 * objects are forgotten; objects that differ only in metadata share one spec.
 */
import { crossObjectFacts, specKey } from '../../src/cli/cross-facts';
import { KeptFacts } from '../../src/cli/kept-facts';
import { Manifest } from '../../src/model/manifest';

function boundSchema(namespace: string | undefined, name = 'widgets.example.com'): Manifest {
  return {
    apiVersion: 'kube-bind.io/v1alpha2',
    kind: 'BoundSchema',
    metadata: { name, ...(namespace !== undefined ? { namespace } : {}), labels: { team: 'a' } },
    spec: { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, scope: 'Namespaced', versions: [{ name: 'v1', served: true }] },
  };
}

/** Objects of every form the facts can take. */
const OBJECTS: Manifest[] = [
  boundSchema('consumer-1'),
  boundSchema('consumer-2'),
  boundSchema(undefined),
  { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'consumer-1' } }, // identity only
  { kind: 'BoundSchema' }, // no apiVersion, no metadata
  { apiVersion: 'kube-bind.io/v1alpha2', kind: 'APIServiceExport', metadata: {}, spec: { resources: [] } }, // metadata without name
  { apiVersion: 'kube-bind.io/v1alpha2', kind: 'APIServiceExport', metadata: 'not a map', spec: {} },
  { apiVersion: 5, kind: ['x'], metadata: { name: 7, namespace: null } },
  {
    // A label a rule reads: the metadata holds more than name and namespace, so the facts are kept whole.
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com', labels: { 'kube-bind.io/exported': 'true' } },
    spec: { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, scope: 'Namespaced', versions: [] },
  },
];

describe('KeptFacts', () => {
  test('gives back the facts crossObjectFacts made, in order, for every form of object', () => {
    const kept = new KeptFacts();
    for (const o of OBJECTS) kept.add(crossObjectFacts(o));
    expect(kept.length).toBe(OBJECTS.length);
    const facts = kept.take();
    expect(facts).toEqual(OBJECTS.map(o => crossObjectFacts(o)));
    // Absent fields stay absent, not present as undefined.
    expect(Object.keys(facts[4])).toEqual(['kind']);
    expect(Object.keys(facts[5].metadata)).toEqual([]);
    expect(kept.length).toBe(0);
  });

  test('addRead keeps what add keeps of crossObjectFacts, for every form of object, each met twice', () => {
    const twice = [...OBJECTS, ...OBJECTS.map(o => JSON.parse(JSON.stringify(o)) as Manifest)];
    // The same spec under a label a rule reads (kept whole), and under another kind, after the packed ones.
    const crd = OBJECTS[OBJECTS.length - 1];
    twice.push({ ...boundSchema('consumer-9'), metadata: { name: 'x', labels: { 'kube-bind.io/exported': 'true' } } });
    twice.push({ ...boundSchema('consumer-9'), kind: 'Secret' });
    twice.push({ ...crd, metadata: { name: 'y', namespace: 'consumer-9' } });
    const kept = new KeptFacts();
    for (const o of twice) kept.addRead(o, specKey(o));
    const facts = kept.take();
    expect(facts).toEqual(twice.map(o => crossObjectFacts(o)));
    expect(facts.map(f => Object.keys(f))).toEqual(twice.map(o => Object.keys(crossObjectFacts(o))));
    // Read once, shared after.
    expect(facts[OBJECTS.length].spec).toBe(facts[0].spec);
  });

  test('objects that differ only in metadata share one spec', () => {
    const kept = new KeptFacts();
    kept.add(crossObjectFacts(boundSchema('consumer-1')));
    kept.add(crossObjectFacts(boundSchema('consumer-2')));
    const [first, second] = kept.take();
    expect(first.spec).toBe(second.spec);
    expect(first.metadata).not.toBe(second.metadata);
  });

  test('forgets the objects after a length (a broken file\'s)', () => {
    const kept = new KeptFacts();
    kept.add(crossObjectFacts(boundSchema('consumer-1')));
    kept.add(crossObjectFacts(boundSchema('consumer-2')));
    kept.add(crossObjectFacts(boundSchema('consumer-3')));
    kept.truncate(1);
    kept.add(crossObjectFacts(boundSchema('consumer-4')));
    expect(kept.take().map(f => f.metadata.namespace)).toEqual(['consumer-1', 'consumer-4']);
  });

  test('names and namespaces seen more than a table holds are still given back', () => {
    const kept = new KeptFacts();
    const namespaces = Array.from({ length: 10_000 }, (_, i) => `consumer-${i % 5_000}`);
    for (const namespace of namespaces) kept.add(crossObjectFacts(boundSchema(namespace)));
    expect(kept.take().map(f => f.metadata.namespace)).toEqual(namespaces);
  });

  test('names of any text come back as they were: Latin-1, beyond it, a lone surrogate, longer than a record holds', () => {
    const names = ['café', 'ñandú-ü', '名前.example.com', 'emoji-\u{1F600}', 'lone-\ud800-surrogate', 'x'.repeat(5_000), '名'.repeat(5_000), 'y'.repeat(256), 'z'.repeat(257), ''];
    const kept = new KeptFacts();
    for (const name of names) kept.add(crossObjectFacts(boundSchema(`ns-${name}`, name)));
    const facts = kept.take();
    expect(facts.map(f => f.metadata.name)).toEqual(names);
    expect(facts.map(f => f.metadata.namespace)).toEqual(names.map(n => `ns-${n}`));
  });

  test('a broken file is forgotten across the chunks of the store', () => {
    const kept = new KeptFacts();
    // Enough objects to fill several chunks of the store before and after the cut.
    for (let i = 0; i < 30_000; i++) kept.add(crossObjectFacts(boundSchema(`consumer-${i}`)));
    kept.truncate(12_345);
    for (let i = 0; i < 20_000; i++) kept.add(crossObjectFacts(boundSchema(`after-${i}`)));
    const namespaces = kept.take().map(f => f.metadata.namespace);
    expect(namespaces.length).toBe(32_345);
    expect(namespaces[12_344]).toBe('consumer-12344');
    expect(namespaces[12_345]).toBe('after-0');
    expect(namespaces[32_344]).toBe('after-19999');
  });
});
