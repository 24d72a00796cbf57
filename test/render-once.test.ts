/**
 * A kind of this library renders its object once per synth: the rules read
 * the rendering the output then takes (handed out once, so a later synth
 * renders afresh). A class that does not announce its changes (a user's
 * subclass) renders afresh for the output.
 */
import { ApiObject, Chart, JsonPatch, Lazy, Testing } from 'cdk8s';
import { ApiServiceExport, InformerScope } from '../src';
import { testApp } from './util';
import { manifestForRules } from '../src/glue/validation';

let quiet: string | undefined;
beforeAll(() => { quiet = process.env.CDK8S_KUBE_BIND_QUIET; process.env.CDK8S_KUBE_BIND_QUIET = '1'; });
afterAll(() => { if (quiet === undefined) delete process.env.CDK8S_KUBE_BIND_QUIET; else process.env.CDK8S_KUBE_BIND_QUIET = quiet; });

const widgets = { group: 'example.com', resource: 'widgets', versions: ['v1'] };

test('an export\'s spec is rendered once per synth, and a change is seen by the next', () => {
  const app = testApp();
  const exp = new ApiServiceExport(new Chart(app, 'c'), 'e', { resources: [widgets] });
  const rendered = jest.spyOn(exp as any, 'renderSpec');
  const first = app.synthYaml();
  expect(rendered).toHaveBeenCalledTimes(1);
  // Nothing changed: the rules are not run again, and the output renders afresh, the same.
  expect(app.synthYaml()).toEqual(first);
  expect(rendered).toHaveBeenCalledTimes(2);
  exp.addResource({ group: 'example.com', resource: 'gadgets', versions: ['v1'] });
  expect(app.synthYaml()).toContain('resource: gadgets');
  expect(rendered).toHaveBeenCalledTimes(3);
});

test('the rendering the rules read is handed to the output once, and only while nothing changed', () => {
  const app = testApp();
  const exp = new ApiServiceExport(new Chart(app, 'c'), 'e', { resources: [widgets] });
  const object = ApiObject.of(exp) as ApiObject;
  const read = manifestForRules(object);
  expect(object.toJson()).toBe(read);
  const again = object.toJson();
  expect(again).not.toBe(read);
  expect(again).toEqual(read);
  // Kept, then changed by a mutator: the output renders the change.
  manifestForRules(object);
  exp.addResource({ group: 'example.com', resource: 'gadgets', versions: ['v1'] });
  expect(object.toJson().spec.resources).toHaveLength(2);
});

test('a subclass that changes its spec without noteChange() gets a fresh rendering in the output', () => {
  class Toggling extends ApiServiceExport {
    public wide = false;
    protected renderSpec(): { [key: string]: any } {
      return { ...super.renderSpec(), informerScope: this.wide ? 'Cluster' : 'Namespaced' };
    }
  }
  const app = testApp();
  const exp = new Toggling(new Chart(app, 'c'), 'e', { resources: [widgets] });
  expect(app.synthYaml()).toContain('informerScope: Namespaced');
  exp.wide = true;
  expect(app.synthYaml()).toContain('informerScope: Cluster');
});

test('a spec holding a token is not kept: the output resolves it again', () => {
  const app = testApp();
  let group = 'example.com';
  const exp = new ApiServiceExport(new Chart(app, 'c'), 'e', {
    resources: [{ group: Lazy.any({ produce: () => group }) as any, resource: 'widgets', versions: ['v1'] }],
  });
  const object = ApiObject.of(exp) as ApiObject;
  expect(manifestForRules(object).spec.resources[0].group).toBe('example.com');
  group = 'example.org';
  expect(object.toJson().spec.resources[0].group).toBe('example.org');
});

describe('a caller that changes what the output handed it changes nothing the rules read', () => {
  const widgetsCrd = (chart: Chart): ApiObject => new ApiObject(chart, 'crd', {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      names: { kind: 'Widget', listKind: 'WidgetList', plural: 'widgets', singular: 'widget' },
      scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }],
    },
  });
  const exportOf = (manifests: any[]): any => manifests.find(m => m.kind === 'APIServiceExport');

  test('the per-object rules run on the object, not on the edited copy', () => {
    const chart = new Chart(testApp(), 'c');
    const exp = new ApiServiceExport(chart, 'e', { resources: [widgets] });
    const bad = { group: 'example.com', resource: 'Widgets_!', versions: ['v1'] };
    // The caller's copy gets the very change a mutator then makes: the two renderings are the same data.
    exportOf(Testing.synth(chart)).spec.resources.push({ ...bad });
    exp.addResource(bad);
    expect(() => Testing.synth(chart)).toThrow(/\[c\/e\] \[KB122\]/);
  });

  test('the rules across objects read the object, not the edited copy', () => {
    const chart = new Chart(testApp(), 'c');
    const crd = widgetsCrd(chart);
    new ApiServiceExport(chart, 'e', { resources: [widgets], informerScope: InformerScope.CLUSTER });
    exportOf(Testing.synth(chart)).spec.informerScope = 'Namespaced';
    // A change no mutator of the library announces: the rules across objects run again.
    crd.addJsonPatch(JsonPatch.replace('/spec/scope', 'Cluster'));
    const again = Testing.synth(chart);
    expect(exportOf(again).spec.informerScope).toBe('Cluster');
    expect(again.find(m => m.kind === 'CustomResourceDefinition').spec.scope).toBe('Cluster');
  });
});

test('a rendering kept at one setting of CDK8S_DISABLE_SORT is not handed out at another', () => {
  const app = testApp();
  const first = new Chart(app, 'a');
  const second = new Chart(app, 'b');
  new ApiServiceExport(first, 'e', { resources: [widgets] });
  const exp = new ApiServiceExport(second, 'e', { resources: [widgets] });
  const before = process.env.CDK8S_DISABLE_SORT;
  try {
    // Synthesizing one chart validates the whole app: the other chart's objects are rendered and kept, sorted.
    Testing.synth(first);
    process.env.CDK8S_DISABLE_SORT = '1';
    const written = Testing.synth(second)[0];
    const fresh = (ApiObject.of(exp) as ApiObject).toJson();
    expect(Object.keys(written.spec)).toEqual(Object.keys(fresh.spec));
    expect(Object.keys(written.spec)).not.toEqual([...Object.keys(written.spec)].sort());
  } finally {
    if (before === undefined) delete process.env.CDK8S_DISABLE_SORT;
    else process.env.CDK8S_DISABLE_SORT = before;
  }
});
