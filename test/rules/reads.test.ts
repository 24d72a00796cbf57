/**
 * The rules across objects say which kinds they read (`reads`); the
 * constructs' validation and the CLI's kept facts follow those declarations,
 * so a rule's objects reach it on every route.
 */
import { ApiObject, Testing } from 'cdk8s';
import { ExportedCrd } from '../../src';
import { CROSS_RULES, KINDS_READ_ACROSS_OBJECTS } from '../../src/rules';
import { crd } from '../../src/rules/scenario-kit';
import { chart, synthError } from '../util';

const OWN_KINDS = ['APIServiceExport', 'BoundSchema', 'APIServiceExportTemplate', 'Collection', 'APIServiceExportRequest', 'BindableResourcesRequest'];

test('every rule across objects declares the kinds it reads, each a kube-bind kind or a CRD', () => {
  for (const rule of CROSS_RULES) {
    expect([rule.id, rule.reads.length > 0]).toEqual([rule.id, true]);
    for (const kind of rule.reads) expect([rule.id, [...OWN_KINDS, 'CustomResourceDefinition'].includes(kind)]).toEqual([rule.id, true]);
  }
  expect([...KINDS_READ_ACROSS_OBJECTS].sort()).toEqual([...OWN_KINDS, 'CustomResourceDefinition'].sort());
});

test('a template that is not a construct of ours (a plain ApiObject, as Include makes) is read across objects at synth (KB210)', () => {
  const c = chart();
  // The CRD marked for export, the one construct of ours in the app (as in an app that Includes its CRDs and templates).
  ExportedCrd.mark(new ApiObject(c, 'widgets-crd', crd() as any));
  new ApiObject(c, 'template', {
    apiVersion: 'kube-bind.io/v1alpha2',
    kind: 'APIServiceExportTemplate',
    metadata: { name: 'widgets' },
    spec: { resources: [{ group: 'example.com', resource: 'wigdets', versions: ['v1'] }] },
  });
  expect(synthError(c)).toMatch(/\[KB210\] spec\.resources\[0\]/);
  // The same template asking for the labelled CRD's resource synthesizes.
  const ok = chart();
  ExportedCrd.mark(new ApiObject(ok, 'widgets-crd', crd() as any));
  new ApiObject(ok, 'template', {
    apiVersion: 'kube-bind.io/v1alpha2',
    kind: 'APIServiceExportTemplate',
    metadata: { name: 'widgets' },
    spec: { resources: [{ group: 'example.com', resource: 'widgets', versions: ['v1'] }] },
  });
  expect(() => Testing.synth(ok)).not.toThrow();
});
