/**
 * The Kubernetes release the rules mirror is one fact (model/kubernetes.ts):
 * the README, `--version` and SARIF state that one.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Readable } from 'stream';
import { main } from '../../src/cli/main';
import { sarifDocument } from '../../src/cli/output/sarif';
import { KUBERNETES_VERSION, MIRRORED_KUBERNETES } from '../../src/model';

test('the README states the mirrored release', () => {
  const readme = fs.readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
  expect(readme).toContain(`The Kubernetes rules mirror **${MIRRORED_KUBERNETES}**`);
});

test('--version states it', async () => {
  let out = '';
  const io = { stdout: { write: (s: string) => { out += s; return true; } }, stderr: { write: () => true }, stdin: Readable.from([]) };
  expect(await main(['--version'], io as any, { env: {} })).toBe(0);
  expect(out).toMatch(new RegExp(`^cdk8s-kube-bind \\S+ \\(mirrors Kubernetes ${KUBERNETES_VERSION.replace('.', '\\.')}'s validation\\)\\n$`));
});

test('SARIF states it in the tool\'s properties', () => {
  const doc = sarifDocument({ results: [], ruleIds: [], diagnostics: [], exitCode: 0, version: '0.0.0' }) as any;
  expect(doc.runs[0].tool.driver.properties).toEqual({ kubernetesVersion: KUBERNETES_VERSION });
});
