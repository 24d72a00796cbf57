import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FileBatch } from '../../src/io/batch';
import { TempFolder } from '../../src/io/spill';
import { CrdCollector } from '../../src/migrate';
import { crd } from '../../src/rules/engine/scenario-kit';

let parent: string;
beforeEach(() => { parent = fs.mkdtempSync(path.join(os.tmpdir(), 'kube-bind-batch-')); });
afterEach(() => fs.rmSync(parent, { recursive: true, force: true }));

describe('FileBatch', () => {
  test('commit keeps what a file added and writes its output in order; rollback takes it all back and writes nothing', async () => {
    const folder = new TempFolder(parent);
    const batch = new FileBatch(folder);
    const list = batch.list<number>();
    const count = batch.cell(0);
    const names = batch.map<string, number>();
    const written: string[] = [];

    batch.begin();
    list.push(1);
    count.value++;
    names.set('a', 1);
    batch.hold('first');
    await batch.commit(t => written.push(t));

    batch.begin();
    list.push(2, 3);
    count.value += 2;
    names.set('b', 2);
    names.set('a', 9);
    batch.hold('second');
    batch.rollback();

    expect({ list, count: count.value, names: [...names.keys()], written }).toEqual({ list: [1], count: 1, names: ['a'], written: ['first'] });
    folder.remove();
  });
});

describe('CrdCollector', () => {
  test('makes a BoundSchema per name; the same CRD again is repeated, another of that name a clash', () => {
    const collector = new CrdCollector({});
    expect(collector.add(crd(), { file: 'a.yaml', line: 1 }).outcome).toBe('made');
    expect(collector.add(crd(), { file: 'b.yaml', line: 1 })).toMatchObject({ outcome: 'repeated', earlier: { file: 'a.yaml', line: 1 } });
    expect(collector.add(crd(['spec.scope', 'Cluster']), { file: 'c.yaml', line: 4 })).toMatchObject({ outcome: 'clash', name: 'widgets.example.com' });
    expect(collector.add({ kind: 'ConfigMap' }, { file: 'd.yaml', line: 1 }).outcome).toBe('refused');
  });

  test('a cluster-scoped CRD with informerScope Namespaced is made: the rules judge the pair', () => {
    const got = new CrdCollector({ informerScope: 'Namespaced' }).add(crd(['spec.scope', 'Cluster']), { file: 'a.yaml', line: 1 });
    expect(got.outcome === 'made' ? [got.schema.spec.scope, got.schema.spec.informerScope] : got).toEqual(['Cluster', 'Namespaced']);
  });
});
