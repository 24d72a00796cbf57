import { cdk8s, javascript, JsonFile } from 'projen';

const project = new cdk8s.ConstructLibraryCdk8s({
  name: 'cdk8s-kube-bind',
  description: 'cdk8s constructs for kube-bind providers (CRDs labelled for export, APIServiceExportTemplate, Collection, APIServiceExport, BoundSchema), validated at synth time',
  author: 'cdk8s-kube-bind maintainers',
  authorAddress: 'maintainers@cdk8s-kube-bind.invalid',
  repositoryUrl: 'https://github.com/cdk8s-kube-bind/cdk8s-kube-bind.git',
  homepage: 'https://github.com/cdk8s-kube-bind/cdk8s-kube-bind#readme',
  bugsUrl: 'https://github.com/cdk8s-kube-bind/cdk8s-kube-bind/issues',
  license: 'Apache-2.0',
  keywords: ['cdk8s', 'kubernetes', 'kube-bind', 'crd'],
  defaultReleaseBranch: 'main',
  packageManager: javascript.NodePackageManager.NPM,
  projenrcTs: true,

  // Node 20 on these machines: TypeScript 7 breaks ts-node and ts-jest.
  jsiiVersion: '~5.9.0',
  typescriptVersion: '~5.9.3',
  cdk8sVersion: '2.70.0',
  constructsVersion: '10.3.0',
  // Packaging (issue 14): Node floor, targets for every jsii language.
  // re2js (bundled) declares node >= 20; cdk8s 2.70 itself declares >= 16.20.
  minNodeVersion: '20.19.0',
  // Names follow cdk8s-plus' convention (cdk8s-plus-27 / cdk8s_plus_27 /
  // org.cdk8s.plus27 / Org.Cdk8s.Plus27 / a `-go` repository).
  publishToPypi: { distName: 'cdk8s-kube-bind', module: 'cdk8s_kube_bind' },
  publishToMaven: { javaPackage: 'org.cdk8s.kubebind', mavenGroupId: 'org.cdk8s', mavenArtifactId: 'cdk8s-kube-bind' },
  publishToNuget: { dotNetNamespace: 'Org.Cdk8s.KubeBind', packageId: 'Org.Cdk8s.KubeBind' },
  publishToGo: { moduleName: 'github.com/cdk8s-kube-bind/cdk8s-kube-bind-go', packageName: 'cdk8skubebind' },

  // Source maps beside the JavaScript, not inside it: an inline map (the TypeScript source,
  // base64) doubles each file Node reads at every start of the CLI and at every require.
  tsconfig: { compilerOptions: { inlineSourceMap: false, sourceMap: true, inlineSources: true } },

  // jsii only accepts jsii modules as runtime deps; plain parsers are bundled.
  bundledDeps: ['yaml@^2.6.0', 're2js@^2.10.0', 'js-yaml@^4.1.0', '@marcbachmann/cel-js@^8.0.0'],
  // cdk8s-plus is not a peer: claims take any object shaped like its IApiResource
  // (src/constructs/api-resource.ts), so apps bring whichever cdk8s-plus-NN they use. jsii
  // would turn any peer, optional or not, into a hard dependency in every other
  // language. The examples and tests use plus-27.
  devDeps: ['cdk8s-plus-27@2.9.0', 'cdk8s-cli@^2.200.0', 'esbuild@^0.25', '@types/node@^20', 'fast-check@^4', 'ajv@^8', 'ajv-formats@^3', '@bufbuild/cel@^0.6.1', '@types/js-yaml@^4', '@microsoft/jest-sarif@1.0.0-beta.0', '@xmldom/xmldom@^0.9.12',
    // The consumer's view in a real browser (test/consumer-view.browser.test.ts): mermaid's own bundle, in Debian's Chromium.
    'mermaid@^11', 'playwright-core@^1',
    // Unicode 15.0.0's categories, the tables of Go 1.26's unicode package (scripts/go-unicode.ts, the hostname format).
    '@unicode/unicode-15.0.0@2.0.7'],

  // CI is .ci/run; GitHub is on only for projen's release workflow (.github/workflows/release.yml):
  // on a push to main it bumps the version from the conventional commits since the last tag, builds,
  // writes the release's changelog (dist/changelog.md, the GitHub release's notes) and publishes to
  // npm (with provenance), PyPI, Maven Central, NuGet and the Go module repository
  // (test/release/release-workflow.test.ts checks the jobs).
  github: true,
  githubOptions: { mergify: false, pullRequestLint: false },
  autoMerge: false,
  stale: false,
  release: true,
  releaseToNpm: true,
  npmProvenance: true,
  // The first release is the 0.1.0 CHANGELOG.md announces; after it, the commits decide
  // (feat: a minor, fix: a patch, while the major is 0).
  nextVersionCommand: 'node -e "process.env.LATEST_TAG || process.stdout.write(\'0.1.0\')"',
  // The release jobs' Node: commit-and-tag-version 13 (the bump) needs 22; the package still supports 20.
  workflowNodeVersion: '22.x',
  buildWorkflow: false,
  depsUpgrade: false,
  pullRequestTemplate: false,
  vscode: false,

  jestOptions: {
    jestVersion: '^29',
    // A stale snapshot must fail `npm test`; `npm run test:update` rewrites them.
    updateSnapshot: javascript.UpdateSnapshot.NEVER,
    jestConfig: {
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      collectCoverage: false,
      // A run gets a TMPDIR of its own and must leave it empty (test/support/tmpdir.ts).
      globalSetup: '<rootDir>/test/support/jest-global-setup.ts',
      globalTeardown: '<rootDir>/test/support/jest-global-teardown.ts',
    },
  },
  eslintOptions: {
    dirs: ['src'],
    devdirs: ['test', 'scripts', 'examples'],
    // Lint reports; it never rewrites files behind the author's back.
    commandOptions: { fix: false },
    ignorePatterns: ['src/imports/**', 'examples/dist/**', 'examples/imports/**'],
  },
  // projen ignores every folder named coverage; test/coverage holds tests.
  gitignore: ['/examples/dist/', '/.tmp/', '*.tgz', '!/test/coverage/'],
  npmignoreEnabled: true,
});

// No version is stated here: package.json keeps projen's 0.0.0 between releases, and the release
// workflow's `bump` writes the released one (from the tags and the commits) before it builds and
// packs, so the published package.json, and `cdk8s-kube-bind --version`, which reads it, say the
// version released. A version pinned here would make the release's own check fail: its `unbump`
// puts back 0.0.0, and the workflow refuses a release that leaves package.json changed.

// Supported Node: 20 (end-of-life 2026-04-30, still what re2js and cdk8s-cli accept and what CI
// runs here), 22 and 24. jsii 5.9 prints a 12-line end-of-life banner on every compile under
// Node 20 (so do jsii-pacmak and jsii-docgen); @jsii/check-node's documented switch,
// JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION, takes the majors to silence, so only Node 20's
// banner goes, in projen's tasks only (any other runtime's warning still shows).
project.tasks.addEnvironment('JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION', '20');

// `npx projen package:js` packs the jsii assembly (.jsii), which only a compile writes: on a fresh
// clone it failed with "Expected to find .jsii file". It compiles first (about 5 s).
project.tasks.tryFind('package:js')!.prependSpawn(project.compileTask);

project.package.addBin({ 'cdk8s-kube-bind': 'bin/cdk8s-kube-bind' });
// docs/rules.md ships: the README links it, and the CLI's rule ids point there; docs/api-l1.md ships beside API.md.
for (const notShipped of ['/examples/', '/scripts/', '/.ci/', '/tsconfig.dev.json', '/docs/*', '!/docs/rules.md', '!/docs/api-l1.md']) {
  project.addPackageIgnore(notShipped);
}
// The rules' scenarios are compiled with src/ but only the tests and scripts/rules-doc.ts read them (from src/).
for (const scenarios of ['/lib/rules/**/*.scenarios.*', '/lib/rules/scenarios.*', '/lib/rules/engine/scenario-kit.*']) {
  project.addPackageIgnore(scenarios);
}

// The registry here lacks some platform builds of unrs-resolver 1.13.x, so `npm ci` fails.
project.package.addField('overrides', { 'unrs-resolver': '1.12.2' });

// One tsconfig for everything that is not the library itself (tests, scripts, the example app).
new JsonFile(project, 'tsconfig.dev.json', {
  obj: {
    extends: './tsconfig.json',
    compilerOptions: { noEmit: true, rootDir: '.', isolatedModules: true },
    include: ['src/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts', 'examples/**/*.ts'],
    exclude: ['node_modules', 'examples/dist'],
  },
});

// eslint's project service looks for the nearest tsconfig.json of each file.
for (const dir of ['scripts', 'examples']) {
  new JsonFile(project, `${dir}/tsconfig.json`, {
    obj: {
      extends: '../tsconfig.dev.json',
      compilerOptions: { rootDir: '..' },
      include: ['**/*.ts', '../src/**/*.ts'],
      exclude: ['dist'],
    },
  });
}

const tsNode = 'ts-node --project tsconfig.dev.json';

// The typed L1 classes are generated from our own CRDs; `test` fails when they are stale.
project.addTask('import', {
  description: 'Regenerate the L1 classes in src/imports from src/crds',
  exec: `${tsNode} scripts/import-l1.ts`,
});
project.addTask('import:check', {
  description: 'Fail when src/imports is stale',
  exec: `${tsNode} scripts/import-l1.ts --check`,
});

// API.md documents the constructs; the generated L1 classes (the `l1` submodule) have a file of their own,
// docs/api-l1.md, so that the constructs' reference is not interleaved with 78 generated headings.
project.tasks.tryFind('docgen')!.reset('jsii-docgen -o API.md -s root');
project.tasks.tryFind('docgen')!.exec('jsii-docgen -o docs/api-l1.md -s cdk8s-kube-bind.l1');
project.addTask('docgen:check', {
  description: 'Fail when API.md or docs/api-l1.md does not match the compiled API',
  exec: `${tsNode} scripts/check-api-md.ts`,
});

project.addTask('layers:check', {
  description: 'Fail on an import cycle, or an import that crosses the layers of CONTRIBUTING.md',
  exec: `${tsNode} scripts/import-graph.ts`,
});

project.addTask('go-unicode', {
  description: 'Regenerate src/rules/k8s/strfmt/go-unicode-tables.ts (Go 1.26\'s Unicode 15.0.0 letters and symbols)',
  exec: `${tsNode} scripts/go-unicode.ts`,
});

project.addTask('rules:doc', {
  description: 'Regenerate docs/rules.md from the rule registry',
  exec: `${tsNode} scripts/rules-doc.ts`,
});
project.addTask('rules:doc:check', {
  description: 'Fail when docs/rules.md does not match the rule registry',
  exec: `${tsNode} scripts/rules-doc.ts --check`,
});

// The command line as one file (lib/cli/program.bundle.js, which bin/cdk8s-kube-bind runs): a start
// resolves and compiles one file instead of 74, 11.5 ms of CPU less on a one-document run (25
// alternated runs; issue 23, start-up). Only lib/'s own modules and js-yaml's single-file build go in; the other
// packages stay in node_modules, loaded when needed. With it, V8's code cache of the bundle, made by running it once
// (issue 34, start-up; see scripts/bundle-cli.ts). Part of the compile, so that whatever compiles (test, bench,
// synth) runs it.
project.compileTask.exec(`${tsNode} scripts/bundle-cli.ts`);

// `npm run synth`: the example app, synthesized into examples/dist/.
const synth = project.addTask('synth', {
  description: 'Synthesize the example app in examples/ into examples/dist/*.k8s.yaml',
  steps: [
    // examples/cdk8s.yaml runs the validation plugin from lib/: a fresh clone compiles once first.
    { exec: 'test -f lib/plugin/cdk8s-plugin.js || npx projen compile' },
    // No network look-up for a newer cdk8s-cli on every synth.
    { exec: 'cdk8s synth --no-check-upgrade', cwd: 'examples' },
  ],
});

project.addTask('synth:validate', {
  description: 'Synthesize the example app and validate its output with the CLI',
  steps: [
    { spawn: synth.name },
    { exec: 'node bin/cdk8s-kube-bind validate examples/dist' },
  ],
});

// Speed and memory targets live here, never in timed unit tests.
project.addTask('bench', {
  description: 'Measure synth, validate and require costs against their targets (compiles first)',
  steps: [
    { spawn: 'compile' },
    { exec: `${tsNode} scripts/bench.ts`, receiveArgs: true },
  ],
});

project.addTask('test:package', {
  description: 'Pack the library and synthesize the CRDs from a fresh app that installs the tarball',
  exec: 'bash scripts/package-smoke-test.sh',
});

// `npm test`: compile with jsii, lint, run every test, check that generated
// files are current, and synthesize the example. Nothing here rewrites a file
// that is committed.
project.testTask.reset();
project.testTask.spawn(project.compileTask);
project.testTask.spawn(project.tasks.tryFind('eslint')!);
project.testTask.exec('jest --ci', { receiveArgs: true });
project.testTask.spawn(project.tasks.tryFind('import:check')!);
project.testTask.spawn(project.tasks.tryFind('docgen:check')!);
project.testTask.spawn(project.tasks.tryFind('rules:doc:check')!);
project.testTask.spawn(project.tasks.tryFind('layers:check')!);
project.testTask.spawn(project.tasks.tryFind('synth:validate')!);
project.testTask.spawn(project.tasks.tryFind('test:package')!);

project.synth();
