/**
 * Fails when API.md (the constructs, the root module) or docs/api-l1.md (the
 * generated L1 classes, the `l1` submodule) is not what jsii-docgen makes of
 * the compiled assembly, without touching the committed files. Run after
 * `jsii` (the test task does).
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const root = path.join(__dirname, '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'kube-bind-docgen-'));
try {
  const files: Array<[string, string]> = [['API.md', 'root'], [path.join('docs', 'api-l1.md'), 'cdk8s-kube-bind.l1']];
  for (const [file, submodule] of files) {
    const fresh = path.join(scratch, path.basename(file));
    execFileSync(path.join(root, 'node_modules', '.bin', 'jsii-docgen'), ['-o', fresh, '-s', submodule], { cwd: root, stdio: 'inherit' });
    const committed = path.join(root, file);
    if (!fs.existsSync(committed) || fs.readFileSync(committed, 'utf8') !== fs.readFileSync(fresh, 'utf8')) {
      console.error(`${file} is stale: the public API changed. Run \`npx projen docgen\` and commit ${file}.`);
      process.exit(1);
    }
  }
  console.log('API.md and docs/api-l1.md are current.');
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
