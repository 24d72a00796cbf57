/**
 * Fails when API.md is not what jsii-docgen makes of the compiled assembly,
 * without touching the committed file. Run after `jsii` (the test task does).
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const root = path.join(__dirname, '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'kube-bind-docgen-'));
try {
  const fresh = path.join(scratch, 'API.md');
  execFileSync(path.join(root, 'node_modules', '.bin', 'jsii-docgen'), ['-o', fresh], { cwd: root, stdio: 'inherit' });
  const committed = path.join(root, 'API.md');
  if (!fs.existsSync(committed) || fs.readFileSync(committed, 'utf8') !== fs.readFileSync(fresh, 'utf8')) {
    console.error('API.md is stale: the public API changed. Run `npx projen docgen` and commit API.md.');
    process.exit(1);
  }
  console.log('API.md is current.');
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
