/**
 * What `npm publish` ships, as `npm pack --dry-run` lists it once lib/ is
 * compiled: the library without the rules' scenarios. jsii compiles them
 * with the rest of src/, but only the tests and scripts/rules-doc.ts read
 * them, from src/ (.projenrc.ts keeps them out of the package).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { compiledLib, ROOT } from './support/compiled';
import { RULE_ROWS } from '../src/rules/scenarios';

const SCENARIOS = /^lib\/rules\/(?:.+\/)?(.+\.scenarios|scenarios|scenario-kit)\.(js|d\.ts|js\.map)$/;

test('the package holds lib/rules/ but none of the scenarios compiled beside it', () => {
  const lib = compiledLib();
  const compiled = (fs.readdirSync(path.join(lib, 'rules'), { recursive: true }) as string[])
    .map(f => `lib/rules/${f.split(path.sep).join('/')}`).filter(f => SCENARIOS.test(f));
  // They are there to be left out: 15 modules, each with its declarations and map.
  expect(compiled.length).toBeGreaterThanOrEqual(45);
  const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  expect(pack.status).toBe(0);
  const files: string[] = JSON.parse(pack.stdout)[0].files.map((f: { path: string }) => f.path);
  expect(files).toEqual(expect.arrayContaining(['lib/rules/registry.js', 'lib/rules/registry.d.ts', 'lib/rules/index.js']));
  expect(files.filter(f => SCENARIOS.test(f))).toEqual([]);
});

test('the tests find the scenarios in src/, one per rule', () => {
  expect(RULE_ROWS.length).toBeGreaterThan(100);
  expect(new Set(RULE_ROWS.map(r => r.id)).size).toBe(RULE_ROWS.length);
});
