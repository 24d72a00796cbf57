/**
 * `from-crd` one CRD at a time: each is converted and checked as it is read,
 * its BoundSchema printed once its file is read to the end (a broken file
 * gives none), the export(s) at the end; what is withheld and reported is what
 * a check of the whole output finds.
 */
import * as fs from 'fs';
import { parseAllDocuments } from 'yaml';
import { fixture, removeTempDirs, runCli, tempDir, writeFile } from './cli-helpers';
import { main } from '../../src/cli/main';

afterAll(removeTempDirs);

const GADGETS = fixture('crds', 'gadgets.yaml');

/** gadgets.yaml under another plural, keeping the kind Gadget: its BoundSchema's kind clashes with the first's (KB177). */
function clashingCrd(dir: string): string {
  const text = fs.readFileSync(GADGETS, 'utf8')
    .replace('name: gadgets.shop.example.com', 'name: gizmos.shop.example.com')
    .replace('plural: gadgets', 'plural: gizmos')
    .replace('singular: gadget', 'singular: gizmo')
    .replace('shortNames: [gdg]', 'shortNames: [gzm]');
  expect(text).toContain('plural: gizmos');
  return writeFile(dir, 'gizmos.yaml', text);
}

function documents(out: string): unknown[] {
  return parseAllDocuments(out).map(d => d.toJS());
}

test('a BoundSchema whose names clash with an earlier one of its group is withheld, and the export printed covers only the printed ones', async () => {
  const gizmos = clashingCrd(tempDir());
  const r = await runCli(['from-crd', '--export', 'shop', GADGETS, gizmos]);
  expect(r.code).toBe(1);
  expect(r.err).toMatch(/error KB177 .*gizmos\.shop\.example\.com/);
  const docs = documents(r.out) as any[];
  expect(docs.map(d => `${d.kind} ${d.metadata.name}`)).toEqual(['BoundSchema gadgets.shop.example.com', 'APIServiceExport shop']);
  expect(docs[1].spec.resources).toEqual([{ group: 'shop.example.com', resource: 'gadgets', versions: ['v1beta1', 'v1'] }]);
});

test('each file\'s BoundSchemas are written as it is done, the export last', async () => {
  const dir = tempDir();
  const towns = fixture('crds', 'towns.yaml');
  const writes: string[] = [];
  const code = await main(['from-crd', '--export', 'all', GADGETS, towns, dir], {
    stdout: { write: (s: string) => { writes.push(s); return true; } },
    stderr: { write: () => true },
    stdin: (async function* () {})(),
  }, { env: {} });
  expect(code).not.toBe(2);
  const kinds = writes.map(w => documents(w).map((d: any) => `${d.kind} ${d.metadata.name}`));
  expect(kinds[0]).toEqual(['BoundSchema gadgets.shop.example.com']);
  expect(kinds[kinds.length - 1][0]).toMatch(/^APIServiceExport all/);
  expect(writes.length).toBeGreaterThanOrEqual(3);
});

test('a file found broken after some of its CRDs were converted gives nothing: the same output as without it, and its error', async () => {
  const dir = tempDir();
  const broken = writeFile(dir, 'broken.yaml', `${fs.readFileSync(GADGETS, 'utf8')}\n---\nkind: [unclosed\n`);
  const towns = fixture('crds', 'towns.yaml');
  const without = await runCli(['from-crd', '--export', 'all', towns, GADGETS]);
  const withBroken = await runCli(['from-crd', '--export', 'all', broken, towns, GADGETS]);
  expect(withBroken.code).toBe(2);
  expect(withBroken.out).toBe(without.out);
  const errLines = withBroken.err.split('\n');
  expect(errLines[0]).toMatch(/^.*broken\.yaml:\d+: error: /);
  // The same findings; none points at the broken file (the gadgets CRD there is not "the same CRD as" the later one).
  // Only the note that names all inputs names it too.
  expect(errLines.slice(1).join('\n').replace(`${broken} `, '')).toBe(without.err);
});
