/**
 * A suite's temporary folder of YAML files for the command line, removed
 * after the suite; while it runs, the library's warnings reach stderr
 * (CDK8S_KUBE_BIND_QUIET unset), for the checks through the constructs.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { stringify } from 'yaml';
import { Manifest } from '../../src/model';

/** Registers the suite's folder; returns how to write objects into it as one multi-document file. */
export function yamlWorkDir(prefix: string): (objects: readonly Manifest[]) => string {
  let workDir = '';
  let quiet: string | undefined;
  let files = 0;
  beforeAll(() => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    quiet = process.env.CDK8S_KUBE_BIND_QUIET;
    delete process.env.CDK8S_KUBE_BIND_QUIET;
  });
  afterAll(() => {
    fs.rmSync(workDir, { recursive: true, force: true });
    if (quiet !== undefined) process.env.CDK8S_KUBE_BIND_QUIET = quiet;
  });
  return objects => {
    const file = path.join(workDir, `objects-${++files}.yaml`);
    // Written for YAML 1.1 readers too (kubectl, the CLI): a string "yes" stays quoted.
    fs.writeFileSync(file, objects.map(o => stringify(o, { lineWidth: 0, compat: 'yaml-1.1' })).join('---\n'));
    return file;
  };
}
