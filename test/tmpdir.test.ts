/**
 * A jest run leaves TMPDIR as it found it (test/support/tmpdir.ts): the tests
 * and what they start write to a TMPDIR of the run, which the global teardown
 * finds empty or fails the run. Here: that the tests do write there, that the
 * teardown's check can fail, and the leftover it was made for.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Testing } from 'cdk8s';
import { leftIn, RUN_TMPDIR } from './support/tmpdir';
import { testApp } from './util';

const runFolder = process.env[RUN_TMPDIR];

test('the tests, and the processes they start, have the run\'s folder as TMPDIR', () => {
  expect(runFolder).toBeDefined();
  expect(path.basename(runFolder!)).toMatch(/^kb-jest-/);
  expect(os.tmpdir()).toBe(runFolder);
  const child = spawnSync(process.execPath, ['-p', "require('os').tmpdir()"], { encoding: 'utf8' });
  expect(child.stdout.trim()).toBe(runFolder);
});

describe('the teardown\'s check', () => {
  let folder: string;
  beforeEach(() => { folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-tmpdir-check-')); });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  test('passes on an empty folder', () => {
    expect(leftIn(folder)).toBeUndefined();
  });

  test('fails on what was left, naming each kind of entry and how many', () => {
    for (const name of ['cdk8s.outdir.AbC123', 'cdk8s.outdir.xYz789', 'cdk8s-kube-bind-Q1w2E3']) fs.mkdirSync(path.join(folder, name));
    expect(leftIn(folder)).toBe(`the tests left 3 entries in TMPDIR (${folder}): cdk8s.outdir.* (2), cdk8s-kube-bind-* (1). `
      + 'A test removes what it makes in TMPDIR (test/util.ts testApp() for cdk8s apps).');
  });
});

test('Testing.app() leaves a folder in TMPDIR for every app; testApp() makes none until the app writes, and removes it after the file', () => {
  const leaky = Testing.app();
  expect(path.dirname(leaky.outdir)).toBe(os.tmpdir());
  expect(fs.existsSync(leaky.outdir)).toBe(true);
  fs.rmSync(leaky.outdir, { recursive: true });
  const app = testApp();
  expect(path.dirname(app.outdir)).toBe(os.tmpdir());
  expect(fs.existsSync(app.outdir)).toBe(false);
});
