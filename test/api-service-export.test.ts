import { Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import {
  ApiServiceExport, BoundSchema, InformerScope, Isolation, PermissionClaim, Scope,
} from '../src';
import { chart, ofKind, synthError, widgetSchema } from './util';
import { forgetPrinted } from '../src/glue/printed-once';
import { validateObject, validateObjects } from '../src/rules';

function widgets(c: any, extra: any = {}): BoundSchema {
  return new BoundSchema(c, 'widgets', {
    group: 'widgets.example.com',
    names: { kind: 'Widget', plural: 'widgets' },
    schema: widgetSchema(),
    versions: [{ name: 'v1' }, { name: 'v2alpha1', served: false }],
    ...extra,
  });
}

describe('ApiServiceExport (v1alpha2)', () => {
  test('a version name typo in a BoundSchema is reported once, on the schema (KB005), not again on the export that copies it (KB124)', () => {
    const c = chart();
    const schema = widgets(c, { versions: [{ name: 'V1' }] });
    new ApiServiceExport(c, 'export', { schemas: [schema] });
    // KB124 is a warning: it would go to stderr, not into the synth error.
    // What this synth prints, as a fresh process would (each warning is printed once per process).
    forgetPrinted();
    const warned = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const error = synthError(c);
      expect(error).toMatch(/\[test\/widgets\] \[KB005\] spec\.versions\[0\]\.name: "V1"/);
      expect(`${error}\n${warned.mock.calls.map(call => String(call[0])).join('')}`).not.toContain('KB124');
    } finally {
      warned.mockRestore();
    }
  });

  test('a version name the export lists itself is still KB124', () => {
    const c = chart();
    new ApiServiceExport(c, 'export', { resources: [{ group: 'widgets.example.com', resource: 'widgets', versions: ['V1'] }] });
    // What this synth prints, as a fresh process would (each warning is printed once per process).
    forgetPrinted();
    const warned = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      Testing.synth(c);
      expect(warned.mock.calls.map(call => String(call[0])).join('')).toMatch(/\[test\/export\] \[KB124\] spec\.resources\[0\]\.versions\[0\]: "V1"/);
    } finally {
      warned.mockRestore();
    }
  });

  test('takes group, plural and served versions from a BoundSchema', () => {
    const c = chart();
    const schema = widgets(c);
    const e = new ApiServiceExport(c, 'export', { schemas: [schema] });
    schema.addVersion({ name: 'v2' });
    const [m] = ofKind(c, 'APIServiceExport');
    expect(m.apiVersion).toBe('kube-bind.io/v1alpha2');
    expect(m.spec).toEqual({
      resources: [{ group: 'widgets.example.com', resource: 'widgets', versions: ['v1', 'v2'] }],
      isolation: 'Prefixed',
      informerScope: 'Cluster',
    });
    expect(e.resources).toEqual(m.spec.resources);
    expect(validateObject(m).filter(v => v.severity === 'error')).toEqual([]);
  });

  test('addResource accepts a group/resource/versions triple', () => {
    const c = chart();
    const e = new ApiServiceExport(c, 'export', { isolation: Isolation.NAMESPACED, informerScope: InformerScope.NAMESPACED });
    e.addResource({ group: 'widgets.example.com', resource: 'widgets', versions: ['v1'] });
    const [m] = ofKind(c, 'APIServiceExport');
    expect(m.spec.resources).toEqual([{ group: 'widgets.example.com', resource: 'widgets', versions: ['v1'] }]);
    expect(m.spec.isolation).toBe('Namespaced');
    expect(m.spec.informerScope).toBe('Namespaced');
  });

  test('permission claims speak cdk8s-plus', () => {
    const c = chart({ namespace: 'provider' });
    // The schema declares the field the reference reads (KB178).
    const withSecretRef = widgetSchema();
    withSecretRef.properties.spec.properties.secretRef = { type: 'object', properties: { name: { type: 'string' }, namespace: { type: 'string' } } };
    const schema = widgets(c, { schema: withSecretRef });
    const secret = new kplus.Secret(c, 'creds', { metadata: { name: 'widget-creds' } });
    const claim = new PermissionClaim({
      resource: kplus.ApiResource.SECRETS,
      matchLabels: { 'app.kubernetes.io/part-of': 'widgets' },
      matchExpressions: [kplus.LabelExpression.in('tier', ['gold', 'silver'])],
      references: [{ resource: schema, jsonPath: { name: 'spec.secretRef.name', namespace: 'spec.secretRef.namespace' } }],
    });
    claim.addNamedResource(secret);
    const e = new ApiServiceExport(c, 'export', { schemas: [schema], isolation: Isolation.NONE });
    e.addPermissionClaim(claim);
    const [m] = ofKind(c, 'APIServiceExport');
    expect(m.spec.permissionClaims).toEqual([{
      group: '',
      resource: 'secrets',
      selector: {
        labelSelector: {
          matchLabels: { 'app.kubernetes.io/part-of': 'widgets' },
          matchExpressions: [{ key: 'tier', operator: 'In', values: ['gold', 'silver'] }],
        },
        namedResources: [{ name: 'widget-creds', namespace: 'provider' }],
        references: [{
          group: 'widgets.example.com',
          resource: 'widgets',
          jsonPath: { name: 'spec.secretRef.name', namespace: 'spec.secretRef.namespace' },
        }],
      },
    }]);
    expect(validateObject(m).filter(v => v.severity === 'error')).toEqual([]);
    expect(Testing.synth(c)).toMatchSnapshot();
  });

  test('cdk8s-plus objects report the core group as "core"; the claim writes ""', () => {
    const c = chart();
    const cm = new kplus.ConfigMap(c, 'cm');
    expect(cm.apiGroup).toBe('core');
    const claim = new PermissionClaim({ resource: kplus.ApiResource.CONFIG_MAPS });
    claim.addNamedResource(cm);
    expect(claim.toJson().group).toBe('');
    expect(claim.toJson().selector.namedResources).toEqual([{ name: cm.name }]);
  });

  test('a named resource of another kind than the claim is refused at once', () => {
    const c = chart();
    const sa = new kplus.ServiceAccount(c, 'sa');
    const claim = new PermissionClaim({ resource: kplus.ApiResource.SECRETS });
    expect(() => claim.addNamedResource(sa)).toThrow(/addNamedResource got ServiceAccount .* claim core "serviceaccounts" separately/);
  });

  test('an export with no resources fails synth', () => {
    const c = chart();
    new ApiServiceExport(c, 'export');
    expect(synthError(c)).toMatch(/\[test\/export\].*spec\.resources/);
  });

  test('the deprecated clusterScopedIsolation is emitted and warned about, not refused', () => {
    const c = chart();
    const e = new ApiServiceExport(c, 'export', { resources: [{ group: 'widgets.example.com', resource: 'widgets', versions: ['v1'] }], clusterScopedIsolation: Isolation.NONE });
    const [m] = ofKind(c, 'APIServiceExport');
    expect(m.spec.clusterScopedIsolation).toBe('None');
    expect(e.clusterScopedIsolation).toBe(Isolation.NONE);
    const warnings = validateObject(m).filter(v => v.severity === 'warning');
    expect(warnings.map(w => w.path)).toContain('spec.clusterScopedIsolation');
  });

  test('cross-object: a namespaced informer cannot export a cluster-scoped BoundSchema', () => {
    const c = chart();
    const schema = widgets(c, { scope: Scope.CLUSTER });
    new ApiServiceExport(c, 'export', { schemas: [schema], informerScope: InformerScope.NAMESPACED });
    expect(synthError(c)).toMatch(/\[test\/export\] \[KB170\].*cluster-scoped/);
  });

  test('cross-object: versions the BoundSchema does not serve are a warning (the server accepts them)', () => {
    const c = chart();
    widgets(c);
    new ApiServiceExport(c, 'export', { resources: [{ group: 'widgets.example.com', resource: 'widgets', versions: ['v2alpha1'] }] });
    const out = Testing.synth(c);
    const found = validateObjects(out).flat().filter(v => v.rule === 'KB171');
    expect(found.map(v => [v.severity, v.path])).toEqual([['warning', 'spec.resources[0].versions[0]']]);
  });
});
