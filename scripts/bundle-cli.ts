/**
 * The compile's last step: the command line in one file, and V8's code cache
 * for it (run by `npx projen compile`, after jsii has written lib/).
 *
 * 1. lib/cli/program.bundle.js: lib/cli/program.js and every module of lib/
 *    it loads, in one file, so a start resolves and compiles one file instead
 *    of some seventy (issue 23). The packages stay in node_modules, loaded
 *    when needed, but for js-yaml, which every run reads with: its
 *    single-file build goes into the bundle in place of lib/io/js-yaml.js
 *    (which loads that same build from node_modules, src/io/js-yaml.ts), so
 *    the code cache covers it too (issue 34, start-up). lib/ stays as jsii
 *    wrote it, for the library's users.
 * 2. lib/cli/program.bundle.<v8 version>-<arch>.cache: V8's code cache of the
 *    bundle, made by running `validate` once over a few objects (valid ones
 *    and findings), so it holds the functions such a run compiles
 *    (src/cli/load-program.ts reads it). Made by this Node; another V8 finds
 *    no file of its name and compiles from source.
 *
 * Usage: bundle-cli
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { build, Plugin } from 'esbuild';
import { MODULE_WRAPPER } from '../src/cli/load-program';

const ROOT = path.resolve(__dirname, '..');
const LIB_CLI = path.join(ROOT, 'lib', 'cli');
const BUNDLE = path.join(LIB_CLI, 'program.bundle.js');

/**
 * lib/io/js-yaml.js, replaced by js-yaml's single-file build (the module it loads at run time). Refused when that
 * module exports anything the build does not hold as it is (a helper of its own would be lost in the bundle).
 */
function jsYamlBuildInBundle(): Plugin {
  const dist = path.join(path.dirname(require.resolve('js-yaml/package.json')), 'dist', 'js-yaml.js');
  /* eslint-disable @typescript-eslint/no-require-imports */
  const ours = require(path.join(ROOT, 'lib', 'io', 'js-yaml.js')) as { [name: string]: unknown };
  const jsYamlBuild = require(dist) as { [name: string]: unknown };
  /* eslint-enable @typescript-eslint/no-require-imports */
  const lost = Object.keys(ours).filter(name => name !== '__esModule' && ours[name] !== jsYamlBuild[name]);
  if (lost.length > 0) throw new Error(`lib/io/js-yaml.js exports ${lost.join(', ')}, which js-yaml's build does not: the bundle cannot replace it`);
  return {
    name: 'js-yaml-build-in-bundle',
    setup(b) {
      b.onLoad({ filter: /[\\/]lib[\\/]io[\\/]js-yaml\.js$/ }, () => ({ contents: `module.exports = require(${JSON.stringify(dist)});\n`, loader: 'js' }));
    },
  };
}

/**
 * What the cache is made of: the functions a `validate` of these objects runs (reading, the rules, a finding's
 * message, hint and line, the text report). A function it does not run is compiled when first called, as before.
 */
const SAMPLE = [
  'apiVersion: kube-bind.io/v1alpha2',
  'kind: BoundSchema',
  'metadata: { name: widgets.example.com, namespace: provider }',
  'spec:',
  '  group: example.com',
  '  names: { kind: Widget, listKind: WidgetList, plural: widgets, singular: widget }',
  '  scope: Namespaced',
  '  informerScope: Namespaced',
  '  versions:',
  '    - name: v1',
  '      served: true',
  '      storage: true',
  '      schema:',
  '        openAPIV3Schema:',
  '          type: object',
  '          properties:',
  '            spec: { type: object, properties: { size: { type: integer, minimum: 1 } } }',
  '---',
  'apiVersion: kube-bind.io/v1alpha2',
  'kind: APIServiceExport',
  'metadata: { name: widgets, namespace: provider }',
  'spec:',
  '  resources: [{ group: example.com, resource: widgets, versions: [v1] }]',
  '  permissionClaims:',
  '    - { group: "", resource: secrets, selector: { labelSelector: { matchLabels: { app: widgets } } } }',
  '  informerScope: Namespaced',
  '  isolation: Prefixed',
  '---',
  'apiVersion: kube-bind.io/v1alpha2',
  'kind: APIServiceExport',
  'metadata: { name: Gadgets, namespace: provider }',
  'spec:',
  '  resources: [{ group: example.com, resource: gadgets, versions: [v1] }]',
  '  informerScope: Sometimes',
  '  isolation: Prefixed',
  '',
].join('\n');

/**
 * Runs in a fresh node (the compile's own process has loaded esbuild and ts-node, and the cache must be what a
 * plain start of the bin script meets): loads the bundle as the bin script does, runs `validate` on the sample, and
 * writes the cache. Its arguments: the sample's file.
 */
const MAKE_CACHE = `
const fs = require('fs');
const { compileProgram, codeCacheFile } = require(${JSON.stringify(path.join(LIB_CLI, 'load-program.js'))});
const { script, program } = compileProgram();
const quiet = { write: () => true };
program.main(['validate', process.argv[1]], { stdout: quiet, stderr: quiet, stdin: process.stdin }).then(code => {
  if (code !== 1) throw new Error('validate of the sample exited ' + code + ', not 1 (its findings)');
  fs.writeFileSync(codeCacheFile(), script.createCachedData());
});
`;

/**
 * esbuild writes code in ASCII but keeps some comments as they are; one character beyond ASCII makes V8 hold the
 * whole source in two bytes a character, and the read of the bundle, the larger part of a start's own reading, then
 * costs twice (14 against 7 ms of CPU for 1 MB, on the bench's machine). Outside comments there is none to escape.
 */
function asciiOnly(file: string): void {
  const text = fs.readFileSync(file, 'utf8');
  // eslint-disable-next-line no-control-regex
  const escaped = text.replace(/[^\x00-\x7f]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (escaped !== text) fs.writeFileSync(file, escaped);
}

async function main(): Promise<void> {
  await build({
    entryPoints: [path.join(LIB_CLI, 'program.js')],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    // Minified: 1.1 MB of source to 0.57 MB, which a start reads, and V8 hashes and deserializes the cache of
    // (one-document validate, bench machine: 62 to 50 ms of the start's own CPU). The source map beside it gives
    // a stack trace its names back (`node --enable-source-maps`); no message of the program names a function.
    minify: true,
    logLevel: 'warning',
    plugins: [jsYamlBuildInBundle()],
    // The file is the function Node would wrap a CommonJS module in, written out: src/cli/load-program.ts compiles
    // it as it is, where wrapping it at load time made V8 copy the whole source into one string first (one-document
    // validate, bench machine: about 5 ms of a start's CPU).
    banner: { js: `// Holds js-yaml's single-file build (MIT License: node_modules/js-yaml/LICENSE).\n${MODULE_WRAPPER[0]}` },
    footer: { js: MODULE_WRAPPER[1] },
  });
  asciiOnly(BUNDLE);
  // Caches of an earlier bundle, whatever their V8: the new one replaces them.
  for (const file of fs.readdirSync(LIB_CLI).filter(f => /^program\.bundle\..+\.cache$/.test(f))) fs.rmSync(path.join(LIB_CLI, file));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-bundle-'));
  try {
    const sample = path.join(dir, 'sample.yaml');
    fs.writeFileSync(sample, SAMPLE);
    const made = spawnSync(process.execPath, ['-e', MAKE_CACHE, sample], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    if (made.status !== 0) throw new Error(`making the code cache failed (exit ${made.status}):\n${made.stderr}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`bundle-cli: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
