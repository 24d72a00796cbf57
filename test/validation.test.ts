/**
 * How findings reach the user through cdk8s' validation: each construct
 * reports its own through `node.addValidation`, findings across objects name
 * the construct they are about, and each warning is printed once per synth.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, App, Chart, JsonPatch, Lazy, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { ApiServiceExport, BoundSchema, KubeBindCrds, PermissionClaim } from '../src';
import { testApp, widgetSchema } from './util';
import { forgetPrinted } from '../src/glue/printed-once';
import * as rules from '../src/rules';

function withStderr<T>(fn: () => T): { result: T; stderr: string } {
  // What this synth prints, as a fresh process would (each warning is printed once per process).
  forgetPrinted();
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return { result: fn(), stderr: spy.mock.calls.map(c => String(c[0])).join('') };
  } finally {
    spy.mockRestore();
  }
}

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected the synth to fail');
}

/** An export whose claim names a secret by a name no object can have: a warning (KB150), not an error. */
function exportWithWarning(chart: Chart, id: string): ApiServiceExport {
  return new ApiServiceExport(chart, id, {
    metadata: { name: id },
    resources: [{ group: `${id}.example.com`, resource: 'widgets', versions: ['v1'] }],
    permissionClaims: [new PermissionClaim({ resource: kplus.ApiResource.SECRETS, namedResources: [{ name: 'Not A Name' }] })],
  });
}

function boundSchema(chart: Chart, id: string, name: string): BoundSchema {
  return new BoundSchema(chart, id, {
    metadata: { name },
    group: 'example.com',
    names: { kind: 'Widget', plural: 'widgets' },
    schema: widgetSchema(),
    versions: [{ name: 'v1' }],
  });
}

afterEach(() => jest.restoreAllMocks());

describe('each finding is printed once per synth', () => {
  test.each([1, 3])('app.synth() of %i chart(s) prints each warning once', charts => {
    const app = new App({ outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'kb-warn-')) });
    for (let c = 0; c < charts; c++) exportWithWarning(new Chart(app, `c${c}`), `e${c}`);
    const { stderr } = withStderr(() => app.synth());
    // Each warning is a line, and its hint the next one, indented.
    const lines = stderr.split('\n').filter(l => l.startsWith('warning: '));
    expect(lines).toHaveLength(charts);
    expect(stderr.split('\n').filter(l => l.startsWith('    hint: '))).toHaveLength(charts);
    for (let c = 0; c < charts; c++) {
      expect(lines.filter(l => l.startsWith(`warning: [c${c}/e${c}] [KB150]`))).toHaveLength(1);
    }
    fs.rmSync(app.outdir, { recursive: true, force: true });
  });

  test('app.synthYaml() of three charts prints each warning once', () => {
    const app = testApp();
    for (let c = 0; c < 3; c++) exportWithWarning(new Chart(app, `c${c}`), `e${c}`);
    const { stderr } = withStderr(() => app.synthYaml());
    expect(stderr.split('\n').filter(l => l.startsWith('warning: '))).toHaveLength(3);
  });

  test('a later synth prints only the warnings it did not print before', () => {
    const chart = new Chart(testApp(), 'test');
    const exp = exportWithWarning(chart, 'export');
    const first = withStderr(() => Testing.synth(chart)).stderr;
    expect(first).toMatch(/^warning: \[test\/export\] \[KB150\] .*"Not A Name"/);
    expect(withStderr(() => Testing.synth(chart)).stderr).toBe('');
    exp.addPermissionClaim(new PermissionClaim({ resource: kplus.ApiResource.CONFIG_MAPS, namedResources: [{ name: 'Also Bad' }] }));
    const third = withStderr(() => Testing.synth(chart)).stderr;
    expect(third).toMatch(/^warning: \[test\/export\] \[KB150\] .*"Also Bad"/);
    expect(third).not.toContain('"Not A Name"');
  });

  test('every validation pass reads every object as it renders now; the rules run again for a rendering that differs', () => {
    const app = testApp();
    const exports = [0, 1, 2].map(c => exportWithWarning(new Chart(app, `c${c}`), `e${c}`));
    const validated = jest.spyOn(rules, 'validateObject');
    const rendered = exports.map(e => jest.spyOn(ApiObject.of(e) as ApiObject, 'toJson'));
    const pass = (): void => { withStderr(() => { for (const c of app.node.findAll()) c.node.validate(); }); };
    pass();
    expect(validated).toHaveBeenCalledTimes(3);
    pass();
    expect(validated).toHaveBeenCalledTimes(3);
    exports[1].addResource({ group: 'more.example.com', resource: 'gadgets' });
    pass();
    expect(validated).toHaveBeenCalledTimes(4);
    expect(validated.mock.calls[3][0].spec.resources).toHaveLength(2);
    // Each pass rendered every object (for its own rules, and for the rules across objects).
    for (const spy of rendered) expect(spy.mock.calls.length).toBeGreaterThanOrEqual(3);
  });
});

describe('findings across objects name the construct they are about', () => {
  test('objects of another group than the CRDs serve: each error names its construct', () => {
    const chart = new Chart(testApp(), 'test');
    new KubeBindCrds(chart, 'crds', { group: 'bind.example.org' });
    boundSchema(chart, 'first', 'widgets.example.com');
    exportWithWarning(chart, 'second');
    const message = withStderr(() => errorOf(() => Testing.synth(chart))).result;
    // Reported by the app's validation, on the root (path ''), under the path of the construct each is about.
    expect(message).toMatch(/\n {2}\[\] \[test\/first\] \[KB172\]/);
    expect(message).toMatch(/\n {2}\[\] \[test\/second\] \[KB172\]/);
    expect(message).not.toMatch(/\/Resource\]/);
  });

  test('a warning across objects names its construct', () => {
    const chart = new Chart(testApp(), 'test');
    boundSchema(chart, 'first', 'widgets.example.com');
    boundSchema(chart, 'second', 'widgets-too.example.com');
    const { stderr } = withStderr(() => Testing.synth(chart));
    expect(stderr.split('\n').filter(l => l.includes('[KB174]'))).toEqual([expect.stringMatching(/^warning: \[test\/second\] \[KB174\] /)]);
  });

  test('an object that is not ours is named by the construct whose Resource it is', () => {
    const chart = new Chart(testApp(), 'test');
    new KubeBindCrds(chart, 'crds', { group: 'bind.example.org' });
    const wrapper = new Construct(chart, 'wrapper');
    new ApiObject(wrapper, 'Resource', {
      apiVersion: 'kube-bind.io/v1alpha2',
      kind: 'APIServiceExport',
      metadata: { name: 'raw' },
      spec: { resources: [{ group: 'example.com', resource: 'widgets' }], isolation: 'Prefixed', informerScope: 'Cluster' },
    });
    const message = errorOf(() => Testing.synth(chart));
    expect(message).toMatch(/\n {2}\[\] \[test\/wrapper\] \[KB172\]/);
    expect(message).not.toMatch(/\/Resource\]/);
  });

  test('a second synth reports the same errors', () => {
    const chart = new Chart(testApp(), 'test');
    new KubeBindCrds(chart, 'crds', { group: 'bind.example.org' });
    boundSchema(chart, 'first', 'widgets.example.com');
    expect(errorOf(() => Testing.synth(chart))).toBe(errorOf(() => Testing.synth(chart)));
  });
});

test('an object whose manifest JSON cannot write (a BigInt) is still checked, without a crash', () => {
  const chart = new Chart(testApp(), 'test');
  boundSchema(chart, 'first', 'widgets.example.com');
  new ApiObject(chart, 'big', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'big' }, data: { n: BigInt(1) } });
  const validated = jest.spyOn(rules, 'validateObject');
  expect(Testing.synth(chart).map(m => m.kind)).toEqual(['BoundSchema', 'ConfigMap']);
  expect(validated).toHaveBeenCalledTimes(1);
});

/**
 * Findings are reused while an object's manifest stays the same; every route
 * by which a user changes a manifest between two synths must be seen.
 */
describe('a change between two synths is validated', () => {
  function clean(): { app: App; exp: ApiServiceExport; bs: BoundSchema } {
    const app = testApp();
    const chart = new Chart(app, 'c');
    const bs = boundSchema(chart, 'schema', 'widgets.example.com');
    const exp = new ApiServiceExport(chart, 'export', { metadata: { name: 'export' }, schemas: [bs] });
    withStderr(() => app.synthYaml());
    return { app, exp, bs };
  }

  test('addResource', () => {
    const { app, exp } = clean();
    exp.addResource({ group: 'Bad_Group', resource: 'widgets' });
    expect(errorOf(() => app.synthYaml())).toMatch(/\[c\/export\] \[KB\d+\] spec\.resources\[1\]\.group/);
  });

  test('addVersion on a BoundSchema an export reads', () => {
    const { app, bs } = clean();
    bs.addVersion({ name: 'V2' });
    expect(errorOf(() => app.synthYaml())).toMatch(/\[c\/schema\] .*spec\.versions\[1\]\.name: "V2"/);
  });

  test('a JSON patch', () => {
    const { app, exp } = clean();
    ApiObject.of(exp).addJsonPatch(JsonPatch.replace('/spec/isolation', 'Sideways'));
    expect(errorOf(() => app.synthYaml())).toMatch(/\[c\/export\] .*spec\.isolation.*"Sideways"/);
  });

  test('a label or an annotation added through the L1 object reaches the rules', () => {
    const { app, exp } = clean();
    const validated = jest.spyOn(rules, 'validateObject');
    const readOfExport = (): any[] => validated.mock.calls.map(c => c[0]).filter(m => m.kind === 'APIServiceExport');
    ApiObject.of(exp).metadata.addLabel('team', 'a');
    withStderr(() => app.synthYaml());
    expect(readOfExport().map(m => m.metadata.labels)).toEqual([{ team: 'a' }]);
    ApiObject.of(exp).metadata.addAnnotation('note', 'b');
    withStderr(() => app.synthYaml());
    expect(readOfExport().slice(1).map(m => m.metadata.annotations)).toEqual([{ note: 'b' }]);
  });

  test('a Lazy value that changes', () => {
    const app = testApp();
    const chart = new Chart(app, 'c');
    let name = 'v1';
    const bs = new BoundSchema(chart, 'schema', {
      metadata: { name: 'widgets.example.com' },
      group: 'example.com',
      names: { kind: 'Widget', plural: 'widgets' },
      schema: widgetSchema(),
      versions: [{ name: Lazy.any({ produce: () => name }) as any }],
    });
    expect(bs.node.path).toBe('c/schema');
    withStderr(() => app.synthYaml());
    name = 'V1';
    expect(errorOf(() => app.synthYaml())).toMatch(/\[c\/schema\] .*spec\.versions\[0\]\.name: "V1"/);
  });
});

describe('objects the rules never read are not rendered for them', () => {
  function appWithForeign(resolvers?: App['resolvers']): { app: App; chart: Chart; map: kplus.ConfigMap } {
    const app = new App(resolvers ? { resolvers } : {});
    const chart = new Chart(app, 'c');
    boundSchema(chart, 'schema', 'widgets.example.com');
    const map = new kplus.ConfigMap(chart, 'map', { data: { a: 'b' } });
    return { app, chart, map };
  }

  test('a ConfigMap is rendered once, for the output only', () => {
    const { app, map } = appWithForeign();
    const rendered = jest.spyOn(ApiObject.of(map) as ApiObject, 'toJson');
    withStderr(() => app.synthYaml());
    expect(rendered).toHaveBeenCalledTimes(1);
  });
});
