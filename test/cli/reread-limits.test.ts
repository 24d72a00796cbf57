import { spawnSync } from 'child_process';
import * as path from 'path';
import { removeTempDirs, tempDir, writeFile } from './cli-helpers';

const ROOT = path.join(__dirname, '..', '..');
const BIN = path.join(ROOT, 'bin', 'cdk8s-kube-bind');

afterAll(removeTempDirs);

const SCHEMA = `apiVersion: kube-bind.io/v1alpha2
kind: BoundSchema
metadata: {name: cowboys.wildwest.dev, namespace: provider}
spec:
  group: wildwest.dev
  names: {kind: Cowboy, plural: cowboys, singular: cowboy, listKind: CowboyList}
  scope: Namespaced
  informerScope: Namespaced
  versions: [{name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}]
`;

/** An export in a namespace of its own, of a version the schema does not have: a finding across objects (KB176). */
function exportOf(i: number): string {
  return `apiVersion: kube-bind.io/v1alpha2
kind: APIServiceExport
metadata: {name: cowboys.wildwest.dev, namespace: ns-${i}}
spec:
  resources:
  - {group: wildwest.dev, resource: cowboys, versions: [v9]}
  isolation: Prefixed
  informerScope: Namespaced
`;
}

describe('findings across objects are located in their files again', () => {
  test('over more files than the open-file limit: every finding with its line, no EMFILE', () => {
    const dir = tempDir();
    writeFile(dir, '000-schema.yaml', SCHEMA);
    const files = 120;
    for (let i = 1; i <= files; i++) writeFile(dir, `e${String(i).padStart(4, '0')}.yaml`, `# padding\n${exportOf(i)}`);
    // 64 descriptors: Node and the CLI use about 25; one kept open per input file would run out.
    const run = spawnSync('bash', ['-c', `ulimit -n 64 && exec "${process.execPath}" "${BIN}" validate "${dir}"`], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`${files + 1} objects checked: 1 valid, ${files} invalid`);
    // Each finding is at spec.resources[0], line 7 of its file (after the padding), read again from that file.
    const located = run.stdout.split('\n').filter(l => /e\d{4}\.yaml:7: error KB176 .* spec\.resources\[0\]:/.test(l));
    expect(located).toHaveLength(files);
  });
});
