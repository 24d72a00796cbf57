/**
 * `PreviousObjects`: the previous state of the objects (`validate
 * --previous`) kept on disk, found by key when a checked object comes.
 */
import * as fs from 'fs';
import * as path from 'path';
import { removeTempDirs, tempDir } from './cli-helpers';
import { PreviousObjects } from '../../src/cli/previous-objects';
import { DEFAULT_LIMITS, Diagnostic } from '../../src/io/read';
import { TempFolder } from '../../src/io/temp-folder';
import { Manifest } from '../../src/model/manifest';

afterAll(removeTempDirs);

const ctx = { group: 'kube-bind.io' };

function exportOf(namespace: string, name: string, extra: Record<string, unknown> = {}): string {
  return ['apiVersion: kube-bind.io/v1alpha2', 'kind: APIServiceExport', 'metadata:', `  name: ${name}`, `  namespace: ${namespace}`,
    ...Object.entries(extra).map(([k, v]) => `${k}: ${JSON.stringify(v)}`)].join('\n');
}

interface Read {
  readonly previous: PreviousObjects;
  readonly diagnostics: Diagnostic[];
  readonly folder: TempFolder;
  readonly dir: string;
}

async function read(files: Record<string, string>, stdin: string[] = []): Promise<Read> {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const folder = new TempFolder(tempDir());
  const previous = new PreviousObjects(folder);
  const diagnostics: Diagnostic[] = [];
  const operands = Object.keys(files).map(name => path.join(dir, name));
  const input = (async function* () {
    yield* stdin;
  })();
  await previous.read(stdin.length > 0 ? ['-', ...operands] : operands, input, DEFAULT_LIMITS, diagnostics);
  return { previous, diagnostics, folder, dir };
}

/** What the update validator is handed for `next`, or undefined when it is not called. */
function pairOf(previous: PreviousObjects, next: Manifest): { previous: Manifest; found: ReturnType<PreviousObjects['check']> } | undefined {
  let seen: Manifest | undefined;
  const found = previous.check(next, ctx, before => {
    seen = before;
    return [];
  });
  return seen === undefined ? undefined : { previous: seen, found };
}

const next = (namespace: string, name: string): Manifest => ({
  apiVersion: 'kube-bind.io/v1alpha2', kind: 'APIServiceExport', metadata: { name, namespace },
});

test('each object is paired with the previous object of its group, kind, namespace and name, read back whole; the last of two wins', async () => {
  const { previous, diagnostics, folder, dir } = await read({
    'a.yaml': [exportOf('ns1', 'widgets', { spec: { mark: 'first' } }), exportOf('ns2', 'widgets')].join('\n---\n'),
    'b.yaml': exportOf('ns1', 'widgets', { spec: { mark: 'last' } }),
  });
  try {
    expect(diagnostics).toEqual([]);
    expect(previous.count).toBe(3);
    const pair = pairOf(previous, next('ns1', 'widgets'));
    expect(pair?.previous).toEqual({ ...next('ns1', 'widgets'), spec: { mark: 'last' } });
    expect(pair?.found?.previous).toEqual({ file: path.join(dir, 'b.yaml'), line: 1 });
    expect(pairOf(previous, next('ns2', 'widgets'))?.found?.previous).toEqual({ file: path.join(dir, 'a.yaml'), line: 8 });
    // Another namespace, another kind: no previous state, and the update rules are not run.
    expect(pairOf(previous, next('ns3', 'widgets'))).toBeUndefined();
    expect(previous.check({ ...next('ns1', 'widgets'), kind: 'BoundSchema' }, ctx)).toBeUndefined();
  } finally {
    previous.close();
    folder.remove();
  }
});

test('a previous file found broken gives no objects, and its object does not hide an earlier one of the same key', async () => {
  const { previous, diagnostics, folder } = await read({
    'a.yaml': exportOf('ns1', 'widgets', { spec: { mark: 'good' } }),
    'b.yaml': [exportOf('ns1', 'widgets', { spec: { mark: 'broken' } }), 'a: [1'].join('\n---\n'),
  });
  try {
    expect(diagnostics.map(d => d.severity)).toEqual(['error']);
    expect(previous.count).toBe(1);
    expect(pairOf(previous, next('ns1', 'widgets'))?.previous).toEqual({ ...next('ns1', 'widgets'), spec: { mark: 'good' } });
  } finally {
    previous.close();
    folder.remove();
  }
});

test('standard input as previous state, and the previous objects wait in the run\'s temporary folder, not in memory', async () => {
  const many = Array.from({ length: 3000 }, (_, i) => exportOf(`ns${i}`, 'widgets', { spec: { pad: 'x'.repeat(400) } })).join('\n---\n');
  const { previous, folder } = await read({}, [many]);
  try {
    expect(previous.count).toBe(3000);
    expect(pairOf(previous, next('ns2999', 'widgets'))?.found?.previous).toEqual({ file: '<stdin>', line: (2999 * 7) + 1 });
    // Over a megabyte of objects: they went to a file of the folder (a megabyte at a time).
    expect(fs.readdirSync(folder.folder!)).toContain('previous.jsonl');
    expect(fs.statSync(path.join(folder.folder!, 'previous.jsonl')).size).toBeGreaterThan(1000 * 1000);
  } finally {
    previous.close();
    folder.remove();
  }
});
