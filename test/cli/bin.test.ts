/**
 * The installed command: the real bin script, run by node in a child process.
 * It loads the compiled lib/, which exists after jsii has compiled src/ (the
 * project's test task compiles first); missing or older than src/, the tests
 * that run it fail, saying to compile (test/support/compiled.ts).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fixture, lineContaining } from './cli-helpers';
import { BIN, compiledLib, ROOT, staleLib } from '../support/compiled';

function run(args: string[], stdin = '') {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, input: stdin, encoding: 'utf8', timeout: 60_000, env: { ...process.env, CDK8S_KUBE_BIND_DEBUG: '' } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('the bin script starts with a node shebang and is executable', () => {
  const text = fs.readFileSync(BIN, 'utf8');
  expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
  expect(text).toContain("require('../lib/cli/load-program.js').loadProgram().runProgram(process.argv.slice(2))");
  // eslint-disable-next-line no-bitwise
  expect(fs.statSync(BIN).mode & 0o111).not.toBe(0);
});

test('a compiled file missing or older than its source is found, and named', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-stale-'));
  try {
    const [src, lib] = [path.join(root, 'src'), path.join(root, 'lib')];
    fs.mkdirSync(path.join(src, 'cli'), { recursive: true });
    fs.mkdirSync(path.join(lib, 'cli'), { recursive: true });
    fs.writeFileSync(path.join(src, 'cli', 'main.ts'), '');
    expect(staleLib(src, lib)).toMatch(/lib\/cli\/main\.js does not exist$/);
    fs.writeFileSync(path.join(lib, 'cli', 'main.js'), '');
    expect(staleLib(src, lib)).toBeUndefined();
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(src, 'cli', 'main.ts'), later, later);
    expect(staleLib(src, lib)).toMatch(/lib\/cli\/main\.js is older than .*src\/cli\/main\.ts$/);
    // With the program among the sources, its bundle too must be newer than every source.
    fs.writeFileSync(path.join(src, 'cli', 'program.ts'), '');
    fs.writeFileSync(path.join(lib, 'cli', 'program.js'), '');
    for (const file of ['main.js', 'program.js']) fs.utimesSync(path.join(lib, 'cli', file), later, later);
    expect(staleLib(src, lib)).toMatch(/lib\/cli\/program\.bundle\.js does not exist$/);
    fs.writeFileSync(path.join(lib, 'cli', 'program.bundle.js'), '');
    const earlier = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(lib, 'cli', 'program.bundle.js'), earlier, earlier);
    expect(staleLib(src, lib)).toMatch(/lib\/cli\/program\.bundle\.js is older than .*src\/cli\/(main|program)\.ts$/);
    fs.utimesSync(path.join(lib, 'cli', 'program.bundle.js'), later, later);
    expect(staleLib(src, lib)).toBeUndefined();
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

describe('bin script end to end (needs lib/ compiled)', () => {
  beforeAll(() => { compiledLib(); });

  test('an invalid file: exit status 1 and a compiler-style line on stdout', () => {
    const file = fixture('invalid.yaml');
    const r = run(['validate', file]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${file}:${lineContaining(fs.readFileSync(file, 'utf8'), 'served: "yes"')}: error KB003 `);
    expect(r.err).toBe('');
  });

  test('valid input from stdin in JSON: exit status 0 and one JSON array', () => {
    const r = run(['validate', '--output', 'json', '-'], fs.readFileSync(fixture('valid', 'schemas', 'cowboys.yml'), 'utf8'));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toHaveLength(1);
  });

  test('bad usage: exit status 2', () => {
    const r = run(['validate', '--bogus']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown flag "--bogus"/);
  });

  test('--help: exit status 0, every command listed', () => {
    const r = run(['--help']);
    expect(r.code).toBe(0);
    for (const name of ['validate', 'paths', 'migrate', 'from-crd']) expect(r.out).toMatch(new RegExp(`\\n  ${name} `));
  });

  test('kubectl get apiserviceexports,boundschemas -A -o yaml | cdk8s-kube-bind validate --previous - dist/', () => {
    const dist = `${fixture('previous', 'dist')}/`;
    const r = run(['validate', '--previous', '-', dist], fs.readFileSync(fixture('previous', 'live.yaml'), 'utf8'));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/widgets\.yaml:\d+: error KB190 /);
    expect(r.out).toContain('2 compared with their previous state (2 previous objects read)');
    expect(r.err).toBe('');
  });

  test('from-crd --export, its output piped into validate', () => {
    // One scope per export: gadgets are namespaced (towns, cluster-scoped, would need an export of their own: KB175).
    const made = run(['from-crd', '--export', 'shop', fixture('crds', 'gadgets.yaml')]);
    expect(made.code).toBe(0);
    const checked = run(['validate', '-'], made.out);
    expect(checked.out).toMatch(/^2 objects checked: 2 valid, 0 invalid; 0 skipped; 0 errors, 0 warnings, /m);
    expect(checked.code).toBe(0);
  });

  test('migrate: its output passes validate and migrates to itself', () => {
    const once = run(['migrate', fixture('migrate', 'v1alpha1.yaml')]);
    expect(once.code).toBe(0);
    expect(run(['validate', '-'], once.out).code).toBe(0);
    const twice = run(['migrate', '-'], once.out);
    expect(twice.code).toBe(0);
    expect(twice.out).toBe(once.out);
  });

  test('stdout a regular file or /dev/null: the same report as on a pipe, written without loading node:stream', () => {
    const file = fixture('invalid.yaml');
    const piped = run(['validate', '--output', 'json', file]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-stdout-'));
    try {
      // The preload prints, at exit, whether Node's stream module was loaded: a stream made for stdout loads it.
      const probe = path.join(dir, 'probe.js');
      fs.writeFileSync(probe, "process.on('exit', () => require('fs').writeSync(2, `stream loaded: ${process.moduleLoadList.includes('NativeModule stream')}\\n`));\n");
      const report = path.join(dir, 'report.json');
      for (const target of [report, '/dev/null']) {
        const out = fs.openSync(target, 'w');
        try {
          const r = spawnSync(process.execPath, ['-r', probe, BIN, 'validate', '--output', 'json', file], {
            cwd: ROOT, stdio: ['ignore', out, 'pipe'], encoding: 'utf8', env: { ...process.env, CDK8S_KUBE_BIND_DEBUG: '' },
          });
          expect({ target, code: r.status, err: r.stderr }).toEqual({ target, code: piped.code, err: 'stream loaded: false\n' });
        } finally {
          fs.closeSync(out);
        }
      }
      expect(fs.readFileSync(report, 'utf8')).toBe(piped.out);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('paths: exit status 0, one path per line', () => {
    const r = run(['paths', fixture('paths', 'definitions.yaml')]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('\n    /apis/example.com/v2/namespaces/{namespace}/widgets/{name}/status\n');
  });
});
