/**
 * A kind of this library renders its object once per synth: the rules read
 * the rendering the output then takes (handed out once, so a later synth
 * renders afresh). A class that does not announce its changes (a user's
 * subclass) renders afresh for the output.
 */
import { ApiObject, Chart, Lazy } from 'cdk8s';
import { ApiServiceExport } from '../src';
import { testApp } from './util';
import { manifestForRules } from '../src/validation';

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
