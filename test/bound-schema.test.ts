import * as fs from 'fs';
import * as path from 'path';
import { Testing } from 'cdk8s';
import {
  BoundSchema, Conversion, InformerScope, PrinterColumnFormat, PrinterColumnType, Scope,
} from '../src';
import { chart, ofKind, synthError, widgetSchema } from './util';
import { validateObject } from '../src/rules';

// A self-signed test certificate made for this repository with openssl.
const PEM = fs.readFileSync(path.join(__dirname, 'fixtures', 'webhook-ca.pem'), 'utf8');

function widgets(c = chart(), extra: any = {}): BoundSchema {
  return new BoundSchema(c, 'widgets', {
    group: 'widgets.example.com',
    names: { kind: 'Widget', plural: 'widgets' },
    schema: widgetSchema(),
    versions: [{ name: 'v1' }],
    ...extra,
  });
}

describe('BoundSchema', () => {
  test('renders the spec with the server defaults written out', () => {
    const c = chart({ namespace: 'provider' });
    widgets(c);
    const [bs] = ofKind(c, 'BoundSchema');
    expect(bs.apiVersion).toBe('kube-bind.io/v1alpha2');
    expect(bs.metadata).toEqual({ name: 'widgets.widgets.example.com', namespace: 'provider' });
    expect(bs.spec).toEqual({
      group: 'widgets.example.com',
      names: { kind: 'Widget', plural: 'widgets', singular: 'widget', listKind: 'WidgetList' },
      scope: 'Namespaced',
      informerScope: 'Cluster',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: widgetSchema() } }],
    });
    expect(validateObject(bs)).toEqual([]);
  });

  test('a full definition matches the snapshot', () => {
    const c = chart();
    widgets(c, {
      names: { kind: 'Widget', plural: 'widgets', shortNames: ['wd'], categories: ['all'] },
      scope: Scope.CLUSTER,
      informerScope: InformerScope.CLUSTER,
      versions: [{ name: 'v1beta1', deprecated: true, deprecationWarning: 'use v1' }, { name: 'v1', storage: true }],
      printerColumns: [{ name: 'Size', type: PrinterColumnType.INTEGER, jsonPath: '.spec.size', format: PrinterColumnFormat.INT32, priority: 1 }],
      subresources: { status: true, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' } },
      conversion: Conversion.webhook({ url: 'https://convert.widgets.svc:443/convert', caBundle: PEM }),
    });
    const out = Testing.synth(c);
    expect(out).toMatchSnapshot();
    expect(validateObject(out[0]).map(v => [v.rule, v.severity, v.path])).toEqual([['KB041', 'info', 'spec.versions[0]']]);
  });

  test('addVersion after construction shows in the output', () => {
    const c = chart();
    const bs = widgets(c);
    bs.addVersion({ name: 'v2', storage: true });
    bs.addVersion({ name: 'v3alpha1', served: false });
    const [m] = ofKind(c, 'BoundSchema');
    expect(m.spec.versions.map((v: any) => [v.name, v.served, v.storage])).toEqual([['v1', true, false], ['v2', true, true], ['v3alpha1', false, false]]);
    expect(bs.servedVersions).toEqual(['v1', 'v2']);
  });

  test('getters return copies', () => {
    const bs = widgets();
    bs.versions.push({ name: 'v9' });
    (bs.names as any).kind = 'Changed';
    expect(bs.versions.map(v => v.name)).toEqual(['v1']);
    expect(bs.names.kind).toBe('Widget');
  });

  test('a webhook CA bundle given as PEM is emitted base64-encoded', () => {
    const c = chart();
    widgets(c, { conversion: Conversion.webhook({ url: 'https://convert.example.com/convert', caBundle: PEM }) });
    const [m] = ofKind(c, 'BoundSchema');
    expect(m.spec.conversion).toEqual({
      strategy: 'Webhook',
      webhook: {
        clientConfig: { url: 'https://convert.example.com/convert', caBundle: Buffer.from(PEM).toString('base64') },
        conversionReviewVersions: ['v1'],
      },
    });
  });

  test('the kube-bind group follows kubeBindGroup', () => {
    const c = chart();
    widgets(c, { kubeBindGroup: 'bind.example.org' });
    expect(Testing.synth(c)[0].apiVersion).toBe('bind.example.org/v1alpha2');
  });

  test('synth fails with every violation, each prefixed by the construct path', () => {
    const c = chart();
    widgets(c, {
      names: { kind: 'Widget', plural: 'Widgets' },
      versions: [{ name: 'V1' }, { name: 'v2', storage: true }, { name: 'v3', storage: true }],
    });
    const message = synthError(c);
    const lines = message.split('\n').filter(l => l.includes('[test/widgets]'));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(message).toMatch(/spec\.names\.plural/);
    expect(message).toMatch(/spec\.versions\[0\]\.name/);
    expect(message).toMatch(/did you mean "v1"\?/);
    expect(message).toMatch(/storage/);
  });

  test('a version with no versions at all fails synth', () => {
    const c = chart();
    widgets(c, { versions: [] });
    expect(synthError(c)).toMatch(/spec\.versions/);
  });
});

describe('BoundSchema lifecycle helpers', () => {
  test('deprecationWarning gives the server default, or the explicit text', () => {
    const bs = widgets(chart(), {
      versions: [
        { name: 'v1alpha1', deprecated: true },
        { name: 'v1beta1', deprecated: true, deprecationWarning: 'v1beta1 goes away in March' },
        { name: 'v1', storage: true },
        { name: 'v2alpha1' },
      ],
    });
    expect(bs.deprecationWarning('v1alpha1')).toBe('widgets.example.com/v1alpha1 Widget is deprecated; use widgets.example.com/v1 Widget');
    expect(bs.deprecationWarning('v1beta1')).toBe('v1beta1 goes away in March');
    expect(bs.deprecationWarning('v1')).toBeUndefined();
  });

  test('servingPaths lists collection, item and subresource paths per served version', () => {
    const bs = widgets(chart(), { versions: [{ name: 'v1' }, { name: 'v2', served: false }], subresources: { status: true } });
    expect(bs.servingPaths()).toEqual([
      '/apis/widgets.example.com/v1/widgets',
      '/apis/widgets.example.com/v1/namespaces/{namespace}/widgets',
      '/apis/widgets.example.com/v1/namespaces/{namespace}/widgets/{name}',
      '/apis/widgets.example.com/v1/namespaces/{namespace}/widgets/{name}/status',
    ]);
  });
});
