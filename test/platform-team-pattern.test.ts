/**
 * The test pattern README.md shows a platform team ("Testing a provider
 * app"), run exactly as written there: kube-bind's CRDs in a chart of
 * their own, a snapshot of the provider chart only, and the findings read
 * with `Findings.of` instead of parsed out of a thrown message. The block
 * between the markers is the README's, but for the import path (checked
 * below); its snapshot is in __snapshots__/platform-team-pattern.test.ts.snap.
 */
import * as fs from 'fs';
import * as path from 'path';
import { ApiObject, App, Chart, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { PermissionClaim, ApiServiceExportTemplate, ExportedCrd, Findings, KubeBindCrds } from '../src';
import { forgetPrinted } from '../src/glue/printed-once';

// The pattern calls Testing.app() as a user's test does; each such app makes a folder in TMPDIR,
// which this file removes after its tests (the run's TMPDIR must end empty).
const appsMade: App[] = [];
const testingApp = Testing.app.bind(Testing);
beforeAll(() => {
  jest.spyOn(Testing, 'app').mockImplementation((...args: Parameters<typeof Testing.app>) => {
    const app = testingApp(...args);
    appsMade.push(app);
    return app;
  });
});
afterAll(() => {
  jest.restoreAllMocks();
  for (const app of appsMade.splice(0)) fs.rmSync(app.outdir, { recursive: true, force: true });
});
// README: begin

/** The provider's own objects: its CRD, labelled for export, and the template consumers bind. */
class ProviderChart extends Chart {
  public readonly template: ApiServiceExportTemplate;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const backups = ExportedCrd.mark(new ApiObject(this, 'backups-crd', {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'backups.mangodb.example.com' },
      spec: {
        group: 'mangodb.example.com',
        names: { kind: 'Backup', plural: 'backups' },
        scope: 'Namespaced',
        versions: [{
          name: 'v1',
          served: true,
          storage: true,
          schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { schedule: { type: 'string' } } } } } },
        }],
      },
    }));
    this.template = new ApiServiceExportTemplate(this, 'backups', { metadata: { name: 'mangodb-backups' }, crds: [backups] });
  }
}

/** An app as the provider deploys it: kube-bind's CRDs in a chart of their own, beside the provider's. */
function providerApp(): { app: App; provider: ProviderChart } {
  const app = Testing.app();
  new KubeBindCrds(new Chart(app, 'kube-bind'), 'crds', { providerKinds: true });
  return { app, provider: new ProviderChart(app, 'provider') };
}

test('the provider chart synthesizes as before, without findings', () => {
  const { provider } = providerApp();
  // The provider's objects only: kube-bind's CRDs (some 1,700 lines) stay out of the snapshot.
  expect(Testing.synth(provider)).toMatchSnapshot();
  expect(Findings.of(provider)).toEqual([]);
});

test('a namespace too long for the one kube-bind makes of it is refused: KB203, on the template', () => {
  const { provider } = providerApp();
  provider.template.addNamespace('backups-of-every-database-this-team-runs-in-production');
  expect(Findings.of(provider)).toContainEqual(expect.objectContaining({
    ruleId: 'KB203', severity: 'error', path: 'spec.namespaces[0].name', constructPath: 'provider/backups',
  }));
});
// README: end

/** A claim on a Secret by a name no object can have: a warning (KB150), which does not fail the synth. */
function secretNamed(name: string): PermissionClaim {
  return new PermissionClaim({ resource: kplus.ApiResource.SECRETS, namedResources: [{ name }] });
}

const README = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');

test('the README shows this pattern, word for word but for the import path', () => {
  const own = fs.readFileSync(__filename, 'utf8');
  const block = own.slice(own.indexOf('// README: begin\n') + '// README: begin\n'.length, own.indexOf('// README: end\n'));
  const shown = /^```typescript\n\/\/ test\/provider\.test\.ts\n([\s\S]*?)^```$/m.exec(README)?.[1];
  expect(shown).toBe(block.replace("from '../src';", "from 'cdk8s-kube-bind';"));
});

test('the README names the plugin paths cdk8s-cli loads as they are, and the one it tries to install', () => {
  expect(README).toContain('`./node_modules/...`');
  expect(README).toMatch(/`\.\.\/node_modules\/\.\.\.` included, is read as an npm package name/);
});

describe('Findings.of', () => {
  test('every finding of a scope as data: rule id, severity, path, message after the path, hint, construct', () => {
    const { app, provider } = providerApp();
    provider.template.metadata.addLabel('team', 'not a valid label value!');
    const found = Findings.of(provider);
    expect(found.length).toBeGreaterThan(0);
    for (const f of found) {
      expect(f.ruleId).toMatch(/^KB\d{3}$/);
      expect(['error', 'warning', 'info']).toContain(f.severity);
      expect(f.message.startsWith(`${f.path}:`)).toBe(false);
      expect(f.constructPath.startsWith('provider')).toBe(true);
    }
    const label = found.find(f => f.path.startsWith('metadata.labels'));
    expect(label).toMatchObject({ severity: 'error', constructPath: 'provider/backups', hint: expect.any(String) });
    // Within a scope: the kube-bind chart has none of them, the app all of them.
    expect(Findings.of(app.node.findChild('kube-bind'))).toEqual([]);
    expect(Findings.of(app)).toEqual(found);
  });

  test('warnings too, which a synth prints and does not fail on; nothing is printed', () => {
    const { provider } = providerApp();
    provider.template.addPermissionClaim(secretNamed('Not A Name'));
    const printed = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const found = Findings.of(provider);
      expect(found.map(f => `${f.ruleId} ${f.severity}`)).toEqual(['KB150 warning']);
      expect(printed).not.toHaveBeenCalled();
    } finally {
      printed.mockRestore();
    }
  });

  test('what a synth reports: it fails with the errors Findings.of returns', () => {
    const { provider } = providerApp();
    provider.template.addNamespace('backups-of-every-database-this-team-runs-in-production');
    provider.template.metadata.addLabel('team', 'not a valid label value!');
    const errors = Findings.of(provider).filter(f => f.severity === 'error');
    expect(errors.length).toBe(2);
    let thrown = '';
    try {
      Testing.synth(provider);
    } catch (e) {
      thrown = (e as Error).message;
    }
    for (const f of errors) expect(thrown).toContain(`[${f.ruleId}] ${f.path}`);
  });
});

test('a warning shared by the apps of a test suite is printed once per process', () => {
  forgetPrinted();
  let stderr = '';
  const printed = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => { stderr += String(chunk); return true; });
  try {
    for (let i = 0; i < 3; i++) {
      const { provider } = providerApp();
      provider.template.addPermissionClaim(secretNamed('Not A Name'));
      Testing.synth(provider);
    }
  } finally {
    printed.mockRestore();
  }
  // Three apps, one warning: printed once.
  expect(stderr.split('\n').filter(l => /^(warning|info): /.test(l))).toEqual([expect.stringMatching(/^warning: \[provider\/backups\] \[KB150\] /)]);
});
