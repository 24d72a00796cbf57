/**
 * The rules across objects say which kinds they read (`reads`); the
 * constructs' validation and the CLI's kept facts follow those declarations,
 * so a rule's objects reach it on every route.
 */
import { ApiObject, Chart, Testing } from 'cdk8s';
import { ExportedCrd } from '../../src';
import { CHECKED_KIND_VERSIONS } from '../../src/model/kinds';
import { CROSS_RULES, KINDS_READ_ACROSS_OBJECTS } from '../../src/rules';
import { crd } from '../../src/rules/engine/scenario-kit';
import { chart, synthError } from '../util';

const OWN_KINDS = ['APIServiceExport', 'BoundSchema', 'APIServiceExportTemplate', 'Collection', 'APIServiceExportRequest', 'BindableResourcesRequest'];

test('every rule across objects declares the kinds and fields it reads, each kind a kube-bind kind or a CRD', () => {
  for (const rule of CROSS_RULES) {
    expect([rule.id, rule.reads.kinds.length > 0, Object.keys(rule.reads.fields).length > 0]).toEqual([rule.id, true, true]);
    for (const kind of rule.reads.kinds) expect([rule.id, [...OWN_KINDS, 'CustomResourceDefinition'].includes(kind)]).toEqual([rule.id, true]);
  }
  // The update rules read their kinds too: KB196 (the metadata an update may not change) every kind.
  const EVERY_KIND = [...new Set(CHECKED_KIND_VERSIONS.map(kv => kv.slice(0, kv.indexOf('/'))))];
  expect([...KINDS_READ_ACROSS_OBJECTS].sort()).toEqual(EVERY_KIND.sort());
});

/** An app with one CRD marked for export (the one construct of ours) and a template asking for `resource`, as plain ApiObjects. */
function appWithForeignTemplate(resource: string): Chart {
  const c = chart();
  // As in an app that Includes its CRDs and templates.
  ExportedCrd.mark(new ApiObject(c, 'widgets-crd', crd() as any));
  new ApiObject(c, 'template', {
    apiVersion: 'kube-bind.io/v1alpha2',
    kind: 'APIServiceExportTemplate',
    metadata: { name: 'widgets' },
    spec: { resources: [{ group: 'example.com', resource, versions: ['v1'] }] },
  });
  return c;
}

test('a template that is not a construct of ours (a plain ApiObject, as Include makes) is read across objects at synth (KB210)', () => {
  expect(synthError(appWithForeignTemplate('wigdets'))).toMatch(/\[KB210\] spec\.resources\[0\]/);
  // The same template asking for the labelled CRD's resource synthesizes.
  expect(() => Testing.synth(appWithForeignTemplate('widgets'))).not.toThrow();
});
