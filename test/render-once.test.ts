/**
 * A kind of this library renders its spec once per version of the library's
 * state: the rules and the output read the same rendering. A class that does
 * not announce its changes (a user's subclass) renders afresh for the output.
 */
import { Chart } from 'cdk8s';
import { ApiServiceExport } from '../src';
import { testApp } from './util';

let quiet: string | undefined;
beforeAll(() => { quiet = process.env.CDK8S_KUBE_BIND_QUIET; process.env.CDK8S_KUBE_BIND_QUIET = '1'; });
afterAll(() => { if (quiet === undefined) delete process.env.CDK8S_KUBE_BIND_QUIET; else process.env.CDK8S_KUBE_BIND_QUIET = quiet; });

const widgets = { group: 'example.com', resource: 'widgets', versions: ['v1'] };

test('an export\'s spec is rendered once per synth, and again only after a change', () => {
  const app = testApp();
  const exp = new ApiServiceExport(new Chart(app, 'c'), 'e', { resources: [widgets] });
  const rendered = jest.spyOn(exp as any, 'renderSpec');
  app.synthYaml();
  expect(rendered).toHaveBeenCalledTimes(1);
  app.synthYaml();
  expect(rendered).toHaveBeenCalledTimes(1);
  exp.addResource({ group: 'example.com', resource: 'gadgets', versions: ['v1'] });
  expect(app.synthYaml()).toContain('resource: gadgets');
  expect(rendered).toHaveBeenCalledTimes(2);
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
