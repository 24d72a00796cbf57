import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Testing } from 'cdk8s';
import { stringify } from 'yaml';
import { ApiServiceExport, BoundSchema, InformerScope, Isolation, UpdateCheck } from '../src';
import { chart, synthError, widgetSchema } from './util';

function app(versions: Array<{ name: string; storage?: boolean }>, isolation = Isolation.PREFIXED) {
  const c = chart({ namespace: 'provider' });
  const schema = new BoundSchema(c, 'widgets', {
    group: 'widgets.example.com', names: { kind: 'Widget', plural: 'widgets' }, schema: widgetSchema(), versions,
  });
  new ApiServiceExport(c, 'export', { metadata: { name: 'widgets' }, schemas: [schema], isolation, informerScope: InformerScope.CLUSTER });
  return c;
}

/** What the cluster holds after the first deploy, as `kubectl get -o yaml` prints it (a List). */
function live(): any {
  const items = Testing.synth(app([{ name: 'v1' }]));
  const bs = items.find((m: any) => m.kind === 'BoundSchema');
  bs.status = { storedVersions: ['v1'] };
  return { apiVersion: 'v1', kind: 'List', items };
}

describe('UpdateCheck', () => {
  test('a harmless update passes', () => {
    const c = app([{ name: 'v1' }]);
    (c.node.tryFindChild('widgets') as BoundSchema).addVersion({ name: 'v2alpha1', served: false });
    new UpdateCheck(c, 'update-check', { previousObjects: [live()] });
    expect(() => Testing.synth(c)).not.toThrow();
  });

  test('a new served version changes the export\'s immutable resources: caught before apply', () => {
    // The export takes its versions from the BoundSchema, and kube-bind makes spec.resources immutable.
    const c = app([{ name: 'v1' }, { name: 'v2' }]);
    new UpdateCheck(c, 'update-check', { previousObjects: [live()] });
    expect(synthError(c)).toMatch(/\[test\/export\] \[KB191\] spec\.resources: changed/);
  });

  test('dropping a stored version fails synth', () => {
    const c = app([{ name: 'v2' }]);
    new UpdateCheck(c, 'update-check', { previousObjects: [live()] });
    const message = synthError(c);
    expect(message).toMatch(/\[KB190\]/);
    expect(message).toMatch(/v1/);
  });

  test('changing an immutable field of the export fails synth', () => {
    const c = app([{ name: 'v1' }], Isolation.NAMESPACED);
    new UpdateCheck(c, 'update-check', { previousObjects: [live()] });
    expect(synthError(c)).toMatch(/\[KB191\].*isolation/);
  });

  test('previous objects can come from YAML files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'update-check-'));
    const file = path.join(dir, 'live.yaml');
    fs.writeFileSync(file, stringify(live()));
    const c = app([{ name: 'v2' }]);
    new UpdateCheck(c, 'update-check', { previousFiles: [file] });
    expect(synthError(c)).toMatch(/\[KB190\]/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('an unreadable file is a clear error', () => {
    expect(() => new UpdateCheck(chart(), 'update-check', { previousFiles: ['/nonexistent/live.yaml'] })).toThrow(/cannot read \/nonexistent\/live.yaml/);
  });
});
