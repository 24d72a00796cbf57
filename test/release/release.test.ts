/**
 * What a user installing a release reads about it: the version `--version`
 * prints, the CHANGELOG entry for it, and where to report a bug.
 */
import * as fs from 'fs';
import * as path from 'path';
import { MIRRORED_KUBERNETES } from '../../src/model/kubernetes';
import { runCli } from '../cli/cli-helpers';

const ROOT = path.join(__dirname, '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

test('package.json keeps projen\'s 0.0.0 between releases: the release workflow\'s bump writes the version it publishes', () => {
  // A version stated in the repository would make the release fail: its unbump puts back 0.0.0,
  // and the release refuses to leave package.json changed (test/release/release-workflow.test.ts).
  expect(manifest.version).toBe('0.0.0');
});

test('--version prints the version of package.json, the released one in a published package', async () => {
  expect(await runCli(['--version'])).toEqual({ code: 0, out: `cdk8s-kube-bind ${manifest.version} (mirrors ${MIRRORED_KUBERNETES}'s validation)\n`, err: '' });
});

test('CHANGELOG.md opens with Unreleased', () => {
  const changelog = fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
  const headings = [...changelog.matchAll(/^## \[([^\]]+)\]/gm)].map(m => m[1]);
  expect(headings[0]).toBe('Unreleased');
});

test('package.json says where the project lives and where bugs go', () => {
  expect(manifest.homepage).toMatch(/^https:\/\//);
  expect(manifest.bugs?.url).toMatch(/^https:\/\/.*\/issues$/);
});
