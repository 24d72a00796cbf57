/**
 * The findings follow every change, however it is made. Each construct the
 * library exports is changed through every method its prototypes hold
 * (found by reflection, not listed), through cdk8s' metadata API and through
 * a JSON patch, between two synths of one app. The second synth must report
 * what a fresh app, built with the change before its first synth, reports;
 * and the rules must have read what the output writes.
 *
 * A method is a mutator when one of the candidate arguments below changes the
 * app's output or findings. The candidates are invalid values of each type
 * the library's methods take, never tied to a method; a method that changes
 * nothing with any of them must be a query (named otherwise than `add`,
 * `set` or `remove`).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, ApiObjectMetadataDefinition, App, Chart, JsonPatch } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import * as library from '../src';
import { testApp, widgetSchema } from './util';
import * as rules from '../src/rules';
import { crd as crdManifest } from '../src/rules/engine/scenario-kit';

/** What a build made: the app, and the thing whose methods are called. */
interface Built {
  readonly app: App;
  readonly chart: Chart;
  readonly target: object;
}

const widgets = { group: 'example.com', resource: 'widgets', versions: ['v1'] };

function schema(chart: Chart, id: string, plural = 'widgets', version = 'v1'): library.BoundSchema {
  return new library.BoundSchema(chart, id, {
    group: 'example.com',
    names: { kind: plural[0].toUpperCase() + plural.slice(1, -1), plural },
    schema: widgetSchema(),
    versions: [{ name: version }],
  });
}

function claim(): library.PermissionClaim {
  return new library.PermissionClaim({ resource: kplus.ApiResource.CONFIG_MAPS, namedResources: [{ name: 'settings' }] });
}

/**
 * A valid object of each exported class, by its name. Not a list of
 * mutators: how to make one. Every exported class that is a construct (and
 * the permission claim, which constructs carry) must have one.
 */
const MAKE: { [name: string]: (chart: Chart) => object } = {
  KubeBindCrds: chart => new library.KubeBindCrds(chart, 'crds'),
  BoundSchema: chart => schema(chart, 'subject'),
  ApiServiceExportV1Alpha1: chart => new library.ApiServiceExportV1Alpha1(chart, 'subject', {
    group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, schema: widgetSchema(), versions: [{ name: 'v1' }],
  }),
  ApiServiceExport: chart => new library.ApiServiceExport(chart, 'subject', { resources: [widgets], permissionClaims: [claim()] }),
  PermissionClaim: chart => {
    const c = claim();
    new library.ApiServiceExport(chart, 'holder', { resources: [widgets], permissionClaims: [c] });
    return c;
  },
  ApiServiceExportTemplate: chart => new library.ApiServiceExportTemplate(chart, 'subject', { resources: [widgets], scope: library.Scope.NAMESPACED }),
  ApiServiceExportRequest: chart => new library.ApiServiceExportRequest(chart, 'subject', { resources: [widgets] }),
  Collection: chart => new library.Collection(chart, 'subject', { templateNames: ['widgets'] }),
  BindableResourcesRequest: chart => new library.BindableResourcesRequest(chart, 'subject', {
    author: 'someone', clusterIdentity: 'cluster-a', templateName: 'widgets',
  }),
  UpdateCheck: chart => {
    new library.ApiServiceExport(chart, 'live', { metadata: { name: 'live' }, resources: [widgets] });
    return new library.UpdateCheck(chart, 'subject');
  },
};

/**
 * Invalid values of the types the library's methods take, each a list of
 * arguments, made in the chart of the build (objects among them belong to
 * it). Tried in order until one is accepted and changes something.
 */
const CANDIDATES: Array<(chart: Chart) => unknown[]> = [
  () => [{ group: 'Bad_Group', resource: 'widgets', versions: ['v1'] }],
  chart => [schema(chart, 'added', 'gadgets', 'V1')],
  () => [new library.PermissionClaim({ resource: kplus.ApiResource.SECRETS, namedResources: [{ name: 'Not A Name' }] })],
  () => [{ name: 'V2' }],
  chart => [new ApiObject(chart, 'added-crd', crdManifest(['spec.names.plural', 'Not_Plural']) as any)],
  chart => [new library.ApiServiceExportTemplate(chart, 'added-template', { resources: [{ group: 'Bad_Group', resource: 'widgets' }], scope: library.Scope.NAMESPACED })],
  chart => [new kplus.ConfigMap(chart, 'added-map', { metadata: { name: 'Not_A_Name' } })],
  () => [{ key: 'Not A Key!', operator: 'Sideways', values: ['x'] }],
  () => [[LIVE]],
  () => [liveFile()],
  () => [kplus.ApiResource.custom({ apiGroup: 'Bad_Group', resourceType: 'widgets' })],
  () => [{ resource: kplus.ApiResource.CONFIG_MAPS, jsonPath: { name: 'not a path[', namespace: '' } }],
  () => ['Not A Name!', 'Not A Namespace!'],
  () => ['Not A Key!', 'Not A Value!'],
];

/** A live object an update may not become what the app's objects are (a name no object of the app has is skipped). */
const LIVE = {
  apiVersion: 'kube-bind.io/v1alpha2',
  kind: 'APIServiceExport',
  metadata: { name: 'live', namespace: 'provider' },
  spec: { resources: [{ group: 'other.example.com', resource: 'gadgets' }], isolation: 'None', informerScope: 'Namespaced' },
};

/** The folders of the live files, removed after the file's tests (the run's TMPDIR must end empty). */
const liveDirs: string[] = [];
afterAll(() => {
  for (const dir of liveDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A file holding `LIVE`, as `kubectl get -o yaml` writes it. */
function liveFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-mutation-'));
  liveDirs.push(dir);
  const file = path.join(dir, 'live.json');
  fs.writeFileSync(file, JSON.stringify(LIVE));
  return file;
}

/** The methods a prototype chain holds below `Construct` and `Object`: public, protected and inherited alike. */
function methodsOf(target: object): string[] {
  const names = new Set<string>();
  for (let p = Object.getPrototypeOf(target); p !== null && p !== Construct.prototype && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const name of Object.getOwnPropertyNames(p)) {
      const d = Object.getOwnPropertyDescriptor(p, name)!;
      if (name !== 'constructor' && !name.startsWith('_') && typeof d.value === 'function') names.add(name);
    }
  }
  return [...names].sort();
}

/** What a synth of the app reports: its errors (one a line) and the warnings it printed. */
interface Findings {
  readonly errors: string[];
  readonly warnings: string[];
}

function synth(app: App): Findings {
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  let message = '';
  try {
    app.synthYaml();
  } catch (e) {
    message = (e as Error).message;
  } finally {
    spy.mockRestore();
  }
  const warnings = spy.mock.calls.map(c => String(c[0])).join('').split('\n').filter(l => l.startsWith('warning: ')).sort();
  return { errors: message.split('\n').filter(l => l.startsWith('  [')).sort(), warnings };
}

/** Every object of the app as it renders now, for telling whether a call changed anything. */
function output(app: App): string {
  return JSON.stringify(app.node.findAll().filter(ApiObject.isApiObject).map(o => o.toJson()));
}

function build(name: string): Built {
  const app = testApp();
  const chart = new Chart(app, 'c', { namespace: 'provider' });
  return { app, chart, target: MAKE[name](chart) };
}

/**
 * Calls `change` on a build between two synths, and on a fresh build before
 * its only synth: the findings must be the same; undefined when `change`
 * refused or changed nothing.
 */
function changeBetweenSynths(name: string, change: (b: Built) => void): { before: Findings; after: Findings } | undefined {
  const a = build(name);
  const before = synth(a.app);
  const rendered = output(a.app);
  let now: string;
  try {
    change(a);
    now = output(a.app);
  } catch {
    // Refused, or taken but not renderable: not a value of the type the method takes.
    return undefined;
  }
  const read = jest.spyOn(rules, 'validateObject');
  let after: Findings;
  try {
    after = synth(a.app);
    if (now === rendered && JSON.stringify(after) === JSON.stringify(before)) return undefined;
    // The rules read what the output writes, for every object they read in this synth.
    const written = new Set(a.app.node.findAll().filter(ApiObject.isApiObject).map(o => JSON.stringify(o.toJson())));
    for (const [manifest] of read.mock.calls) expect(written).toContain(JSON.stringify(manifest));
  } finally {
    read.mockRestore();
  }

  const b = build(name);
  change(b);
  const fresh = synth(b.app);
  expect(after.errors).toEqual(fresh.errors);
  // Warnings are printed once: the second synth prints those the first did not.
  expect(after.warnings).toEqual(fresh.warnings.filter(w => !before.warnings.includes(w)));
  return { before, after };
}

afterEach(() => jest.restoreAllMocks());

const constructClasses = (Object.entries(library) as Array<[string, any]>)
  .filter(([, c]) => typeof c === 'function' && c.prototype instanceof Construct);
/** The classes other exported classes extend (`KubeBindResource`, `DefinitionResource`...): they are made through those. */
const bases = new Set(constructClasses.map(([, c]) => Object.getPrototypeOf(c)));

test('every exported construct (and the permission claim) can be made here', () => {
  const concrete = constructClasses.filter(([, c]) => !bases.has(c)).map(([n]) => n);
  expect(concrete.length).toBeGreaterThan(5);
  expect(Object.keys(MAKE).sort()).toEqual([...concrete, 'PermissionClaim'].sort());
});

describe.each(Object.keys(MAKE))('%s', name => {
  const methods = methodsOf(build(name).target);
  if (methods.length === 0) return;

  test.each(methods)('%s: the findings follow a change between two synths', method => {
    let followed = false;
    for (const candidate of CANDIDATES) {
      const result = changeBetweenSynths(name, b => (b.target as any)[method](...candidate(b.chart)));
      if (result === undefined) continue;
      followed = true;
      break;
    }
    // A method no candidate changes anything with is a query.
    if (!followed) expect(method).not.toMatch(/^(add|set|remove)/);
  });
});

/** The mutators of an object's metadata, found on its prototypes as above. */
const metadataMethods = (() => {
  const names = new Set<string>();
  for (let p = ApiObjectMetadataDefinition.prototype; p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const n of Object.getOwnPropertyNames(p)) if (/^(add|set|remove)/.test(n) && typeof (p as any)[n] === 'function') names.add(n);
  }
  return [...names].sort();
})();

/** Metadata values the rules refuse, of each shape cdk8s' metadata methods take. */
const METADATA_CANDIDATES: unknown[][] = [
  ['Not A Key!', 'value'],
  ['Not A Finalizer!'],
  [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'Not A Name!', uid: '' }],
  ['name', 'Not A Name!'],
];

describe.each(Object.keys(MAKE).filter(n => ApiObject.isApiObject((build(n).target as any).node?.defaultChild)))('%s', name => {
  test.each(metadataMethods)('metadata.%s: the rules read the change', method => {
    let followed = false;
    for (const args of METADATA_CANDIDATES) {
      const result = changeBetweenSynths(name, b => (ApiObject.of(b.target as Construct) as ApiObject).metadata[method as 'add'](...(args as [string, string])));
      if (result !== undefined) { followed = true; break; }
    }
    expect(followed).toBe(true);
  });

  test('a JSON patch: the findings follow', () => {
    const result = changeBetweenSynths(name, b => (ApiObject.of(b.target as Construct) as ApiObject)
      .addJsonPatch(JsonPatch.replace('/apiVersion', 'kube-bind.io/v9')));
    expect(result).toBeDefined();
    expect(result!.after.errors).not.toEqual(result!.before.errors);
  });
});
