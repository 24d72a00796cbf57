/**
 * What a user installing a release reads about it: the version `--version`
 * prints, the CHANGELOG entry for it, and where to report a bug.
 */
import * as fs from 'fs';
import * as path from 'path';
import { runCli } from '../cli/cli-helpers';

const ROOT = path.join(__dirname, '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

test('package.json states a release version, not the 0.0.0 placeholder projen writes', () => {
  expect(manifest.version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
  expect(manifest.version).not.toBe('0.0.0');
});

test('--version prints the version of package.json', async () => {
  expect(await runCli(['--version'])).toEqual({ code: 0, out: `cdk8s-kube-bind ${manifest.version}\n`, err: '' });
});

test('CHANGELOG.md opens with Unreleased, and names the version of package.json as released or next', () => {
  const changelog = fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
  const headings = [...changelog.matchAll(/^## \[([^\]]+)\]/gm)].map(m => m[1]);
  expect(headings[0]).toBe('Unreleased');
  const released = headings.includes(manifest.version);
  const next = changelog.match(/^The next release is ([^\s,]+),/m)?.[1];
  expect(released || next === manifest.version).toBe(true);
});

test('package.json says where the project lives and where bugs go', () => {
  expect(manifest.homepage).toMatch(/^https:\/\//);
  expect(manifest.bugs?.url).toMatch(/^https:\/\/.*\/issues$/);
});
