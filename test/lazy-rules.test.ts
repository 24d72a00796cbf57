/**
 * `require('cdk8s-kube-bind')` loads the rule families (some 50 modules,
 * 450 kB of JavaScript) only when a construct is first validated: an app
 * that imports the library pays for the rules at synth, where they run, and
 * a test file that only builds constructs never pays. The bench's require row
 * measures the time; this test says which modules, so an import of the rules'
 * index where a helper would do fails here, naming the module that brought it.
 */
import { spawnSync } from 'child_process';
import * as path from 'path';
import { compiledLib } from './support/compiled';

const lib = compiledLib();

/** The modules of lib/rules/ (relative to it) loaded by running `script` after `require` of the library as `kb`. */
function rulesLoaded(script: string): { families: string[]; broughtBy: string[] } {
  const program = [
    `const kb = require(${JSON.stringify(lib)});`,
    script,
    'const loaded = Object.values(require.cache);',
    `const rules = ${JSON.stringify(path.join(lib, 'rules') + path.sep)};`,
    'const families = loaded.filter(m => m.filename.startsWith(rules + "kube-bind")).map(m => m.filename.slice(rules.length));',
    // Who brought the index in: the first module outside lib/rules/ that required it.
    'const broughtBy = loaded.filter(m => !m.filename.startsWith(rules) && m.children.some(c => c.filename === rules + "index.js"))',
    `  .map(m => m.filename.slice(${JSON.stringify(lib.length + 1)}));`,
    'process.stdout.write(JSON.stringify({ families, broughtBy }));',
  ].join('\n');
  const run = spawnSync(process.execPath, ['-e', program], { cwd: path.join(lib, '..'), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

test('require of the library, and building constructs, load no rule family', () => {
  expect(rulesLoaded([
    "const { App, Chart } = require('cdk8s');",
    'const chart = new Chart(new App(), "c");',
    "new kb.ApiServiceExport(chart, 'e', { resources: [{ group: 'wildwest.dev', resource: 'cowboys', versions: ['v1'] }] });",
  ].join('\n'))).toEqual({ families: [], broughtBy: [] });
});

test('validating a construct loads them (the check above can fail)', () => {
  const loaded = rulesLoaded([
    "const { App, Chart } = require('cdk8s');",
    'const chart = new Chart(new App(), "c");',
    "const e = new kb.ApiServiceExport(chart, 'e', { resources: [{ group: 'wildwest.dev', resource: 'cowboys', versions: ['v1'] }] });",
    'e.node.validate();',
  ].join('\n'));
  expect(loaded.families).toContain('kube-bind/export.js');
  expect(loaded.broughtBy).toEqual(['glue/validation.js']);
});
