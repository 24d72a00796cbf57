/**
 * How bin/cdk8s-kube-bind loads the command line (src/cli/load-program.ts):
 * the bundle the compile builds, with the V8 code cache the compile made for
 * this Node beside it (scripts/bundle-cli.ts). Needs lib/ compiled.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { compiledLib } from '../support/compiled';

// The compiled module, as the bin script loads it (not src/: the bundle and its cache are the compile's).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const load = (): typeof import('../../src/cli/load-program') => require(path.join(compiledLib(), 'cli', 'load-program.js'));

/** What a command wrote, run in this process. */
async function runQuietly(program: ReturnType<ReturnType<typeof load>['loadProgram']>, args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const io = { stdout: { write: (c: string) => { out += c; return true; } }, stderr: { write: () => true }, stdin: process.stdin };
  const code = await program.main(args, io);
  return { code, out };
}

const ONE_EXPORT = [
  'apiVersion: kube-bind.io/v1alpha2',
  'kind: APIServiceExport',
  'metadata: { name: widgets, namespace: provider }',
  'spec:',
  '  resources: [{ group: example.com, resource: widgets, versions: [v1] }]',
  '  informerScope: Sometimes',
  '',
].join('\n');

describe('the program as the bin script loads it (needs lib/ compiled)', () => {
  let dir: string;
  beforeAll(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-load-')); });
  afterAll(() => { fs.rmSync(dir, { recursive: true, force: true }); });

  /**
   * Whether V8 takes `cache` for the bundle, asked of a fresh node as the bin script starts it: V8 refuses a cache
   * made under other flags, and a test worker's may differ.
   */
  function rejected(cache: string): boolean {
    const loader = path.join(compiledLib(), 'cli', 'load-program.js');
    const code = `const l = require(${JSON.stringify(loader)}); `
      + `process.stdout.write(String(l.compileProgram(require('fs').readFileSync(${JSON.stringify(cache)})).script.cachedDataRejected));`;
    const r = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    return JSON.parse(r.stdout) as boolean;
  }

  test('the compile left a code cache for this V8, and V8 takes it', () => {
    const file = load().codeCacheFile();
    expect(path.basename(file)).toBe(`program.bundle.${process.versions.v8}-${process.arch}.cache`);
    expect(rejected(file)).toBe(false);
  });

  test('a cache that is not this bundle\'s is refused by V8, and the program runs the same', async () => {
    const { compileProgram, loadProgram } = load();
    const foreign = path.join(dir, 'foreign.cache');
    fs.writeFileSync(foreign, 'not a code cache of this bundle');
    expect(rejected(foreign)).toBe(true);
    const file = path.join(dir, 'one.yaml');
    fs.writeFileSync(file, ONE_EXPORT);
    const uncached = await runQuietly(compileProgram().program, ['validate', file]);
    const cached = await runQuietly(loadProgram(), ['validate', file]);
    const refused = await runQuietly(compileProgram(fs.readFileSync(foreign)).program, ['validate', file]);
    expect(uncached.code).toBe(1);
    expect(uncached.out).toMatch(/error KB004 .* spec\.informerScope: "Sometimes"/);
    expect(cached).toEqual(uncached);
    expect(refused).toEqual(uncached);
  }, 60_000);

  test('the bundle is ASCII only, so V8 holds it one byte a character', () => {
    const text = fs.readFileSync(load().PROGRAM_BUNDLE, 'utf8');
    // eslint-disable-next-line no-control-regex
    expect(text.match(/[^\x00-\x7f]/g) ?? []).toEqual([]);
  });
});
