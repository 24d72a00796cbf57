/**
 * The provider-side kinds: a mutation after a first synth is seen by the
 * second synth (every validation reads the objects as they render then).
 */
import { ApiObject, App, Chart, JsonPatch } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import {
  ApiServiceExportRequest, ApiServiceExportTemplate, BoundSchema, Collection, ExportedCrd, PermissionClaim, Scope,
} from '../src';
import { testApp, widgetSchema } from './util';
import * as rules from '../src/rules';
import { crd as crdManifest } from '../src/rules/engine/scenario-kit';

let quiet: string | undefined;
beforeAll(() => { quiet = process.env.CDK8S_KUBE_BIND_QUIET; process.env.CDK8S_KUBE_BIND_QUIET = '1'; });
afterAll(() => { if (quiet === undefined) delete process.env.CDK8S_KUBE_BIND_QUIET; else process.env.CDK8S_KUBE_BIND_QUIET = quiet; });

function errorOf(app: App): string {
  try {
    app.synthYaml();
  } catch (e) {
    return (e as Error).message;
  }
  return '(no error)';
}

/** The errors of two synths of an app of one chart made by `build`, with `change` in between. */
function twoSynths(build: (c: Chart) => void, change: () => void): [string, string] {
  const app = testApp();
  build(new Chart(app, 'c'));
  const first = errorOf(app);
  change();
  return [first, errorOf(app)];
}

/** The second synth's error, after a first synth without one. */
function secondSynth(build: (c: Chart) => void, change: () => void): string {
  const [first, second] = twoSynths(build, change);
  expect(first).toBe('(no error)');
  return second;
}

const widgets = { group: 'example.com', resource: 'widgets', versions: ['v1'] };

type Make = (c: Chart, schema?: BoundSchema) => ApiServiceExportTemplate | ApiServiceExportRequest;

describe.each<[string, Make]>([
  ['ApiServiceExportTemplate', (c, schema) => new ApiServiceExportTemplate(c, 't', schema ? { schemas: [schema] } : { resources: [widgets], scope: Scope.NAMESPACED })],
  ['ApiServiceExportRequest', (c, schema) => new ApiServiceExportRequest(c, 't', schema ? { schemas: [schema] } : { resources: [widgets] })],
])('%s: a mutation after a first synth is seen by the second', (_kind, make) => {
  let made: ApiServiceExportTemplate | ApiServiceExportRequest;
  const build = (c: Chart) => { made = make(c); };

  test('addResource', () => {
    expect(secondSynth(build, () => made.addResource({ group: 'Bad_Group', resource: 'widgets', versions: ['v1'] })))
      .toMatch(/\[c\/t\] \[KB\d+\] spec\.resources\[1\]\.group/);
  });

  test('addSchema', () => {
    let schema: BoundSchema;
    const withSchema = (c: Chart) => {
      build(c);
      schema = new BoundSchema(c, 's', {
        group: 'example.com', names: { kind: 'Gadget', plural: 'gadgets' }, scope: Scope.NAMESPACED, schema: widgetSchema(), versions: [{ name: 'v1' }],
      });
    };
    // No rule fails on a second schema of the same scope: the rules must read it.
    const validated = jest.spyOn(rules, 'validateObject');
    try {
      expect(secondSynth(withSchema, () => made.addSchema(schema))).toBe('(no error)');
      const last = validated.mock.calls.map(call => call[0] as any).filter(m => m.metadata?.name === made.name && m.kind !== 'BoundSchema').pop();
      expect(last?.spec.resources).toEqual([widgets, { group: 'example.com', resource: 'gadgets', versions: ['v1'] }]);
    } finally {
      validated.mockRestore();
    }
  });

  test('addCrd', () => {
    let crd: ApiObject;
    const withCrd = (c: Chart) => {
      build(c);
      crd = new ApiObject(c, 'crd', crdManifest(['metadata.name', 'gadgets.example.com'], ['spec.names', { kind: 'Gadget', plural: 'gadgets' }]) as any);
    };
    // The CRD is not labelled for export: kube-bind's backend would not offer it (KB211).
    expect(secondSynth(withCrd, () => made.addCrd(crd))).toMatch(/\[c\/t\] \[KB\d+\] spec\.resources\[1\]/);
  });

  test('addPermissionClaim', () => {
    // Pods are not claimable (KB143).
    const claim = new PermissionClaim({ resource: kplus.ApiResource.PODS });
    expect(secondSynth(build, () => made.addPermissionClaim(claim))).toMatch(/\[c\/t\] \[KB\d+\] spec\.permissionClaims\[0\]/);
  });

  test('addNamespace', () => {
    expect(secondSynth(build, () => made.addNamespace('Bad_Namespace'))).toMatch(/\[c\/t\] \[KB\d+\] spec\.namespaces\[0\]/);
  });
});

describe('Collection: a mutation after a first synth is seen by the second', () => {
  // A collection without templates fails the synth; adding one mends it.
  let collection: Collection;
  let template: ApiServiceExportTemplate;
  const build = (c: Chart) => {
    collection = new Collection(c, 'all');
    template = new ApiServiceExportTemplate(c, 't', { metadata: { name: 'widgets' }, resources: [widgets], scope: Scope.NAMESPACED });
  };

  test('addTemplateName', () => {
    const [first, second] = twoSynths(build, () => collection.addTemplateName('widgets'));
    expect(first).toMatch(/\[c\/all\] \[KB\d+\] spec\.templates/);
    expect(second).toBe('(no error)');
  });

  test('addTemplate', () => {
    const [first, second] = twoSynths(build, () => collection.addTemplate(template));
    expect(first).toMatch(/\[c\/all\] \[KB\d+\] spec\.templates/);
    expect(second).toBe('(no error)');
  });
});

test('ExportedCrd.mark after a first synth is seen by the second (the CRD object is read in every pass)', () => {
  let crd: ApiObject;
  const build = (c: Chart) => {
    crd = new ApiObject(c, 'crd', crdManifest() as any);
    new ApiServiceExportTemplate(c, 't', { crds: [crd] });
  };
  const app = testApp();
  build(new Chart(app, 'c'));
  expect(errorOf(app)).toMatch(/\[c\/t\] /);
  ExportedCrd.mark(crd!);
  expect(errorOf(app)).toBe('(no error)');
});

test('a template reads its CRD objects again in every pass: a JSON patch on a CRD reaches the template\'s versions', () => {
  let crd: ApiObject;
  let template: ApiServiceExportTemplate;
  const build = (c: Chart) => {
    crd = ExportedCrd.mark(new ApiObject(c, 'crd', crdManifest() as any));
    template = new ApiServiceExportTemplate(c, 't', { crds: [crd] });
  };
  const validated = jest.spyOn(rules, 'validateObject');
  try {
    // The CRD stops serving v1 (no mutator of this library runs): the template offers no version, and kube-bind makes no BoundSchema.
    const second = secondSynth(build, () => crd.addJsonPatch(JsonPatch.replace('/spec/versions/0/served', false)));
    const last = validated.mock.calls.map(call => call[0] as any).filter(m => m.kind === 'APIServiceExportTemplate').pop();
    expect(last?.spec.resources).toEqual([{ group: 'example.com', resource: 'widgets', versions: [] }]);
    expect(second).toMatch(/\[c\/t\] \[KB\d+\] spec\.resources\[0\]/);
    expect(template!.resources[0].versions).toEqual([]);
  } finally {
    validated.mockRestore();
  }
});

test('a request keeps a copy of its parameters all the way down: a later change to the caller\'s object, which nothing announces, reaches neither the output nor the rules', () => {
  const app = testApp();
  const parameters = { tier: { name: 'gold' } };
  const request = new ApiServiceExportRequest(new Chart(app, 'c'), 't', { resources: [widgets], parameters });
  parameters.tier.name = 'tin';
  expect(ApiObject.of(request).toJson().spec.parameters).toEqual({ tier: { name: 'gold' } });
});
