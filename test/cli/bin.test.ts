/**
 * The installed command: the real bin script, run by node in a child process.
 * It loads the compiled lib/, which exists after jsii has compiled src/ (the
 * project's test task compiles first); run alone before any build, it skips.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { fixture, lineContaining } from './cli-helpers';

const ROOT = path.join(__dirname, '..', '..');
const BIN = path.join(ROOT, 'bin', 'cdk8s-kube-bind');
const COMPILED = path.join(ROOT, 'lib', 'cli', 'main.js');
const built = fs.existsSync(COMPILED);

function run(args: string[], stdin = '') {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, input: stdin, encoding: 'utf8', timeout: 60_000, env: { ...process.env, CDK8S_KUBE_BIND_DEBUG: '' } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('the bin script starts with a node shebang and is executable', () => {
  const text = fs.readFileSync(BIN, 'utf8');
  expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
  expect(text).toContain("require('../lib/cli/main.js').main(process.argv.slice(2))");
  // eslint-disable-next-line no-bitwise
  expect(fs.statSync(BIN).mode & 0o111).not.toBe(0);
});

const whenBuilt = built ? describe : describe.skip;
if (!built) {
  test.skip(`bin script end to end: skipped because ${path.relative(ROOT, COMPILED)} does not exist (compile with jsii first)`, () => undefined);
}

whenBuilt('bin script end to end (needs lib/ compiled)', () => {
  test('an invalid file: exit status 1 and a compiler-style line on stdout', () => {
    const file = fixture('invalid.yaml');
    const r = run(['validate', file]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${file}:${lineContaining(fs.readFileSync(file, 'utf8'), 'served: yes')}: error KB003 `);
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

  test('--help: exit status 0', () => {
    expect(run(['--help']).code).toBe(0);
  });
});
