import { Testing } from 'cdk8s';
import { testApp } from './util';
import { ProviderChart } from '../examples/provider-chart';
import { validateObjects } from '../src/rules';

describe('the example provider app', () => {
  test('synthesizes what the snapshot holds', () => {
    const c = new ProviderChart(testApp(), 'mangodb-provider');
    expect(Testing.synth(c)).toMatchSnapshot();
  });

  test('holds today\'s flow: the provider-side CRDs, a labelled CRD, a template over it and a collection', () => {
    const out = Testing.synth(new ProviderChart(testApp(), 'mangodb-provider'));
    const names = (kind: string) => out.filter((m: any) => m.kind === kind).map((m: any) => m.metadata.name);
    expect(names('CustomResourceDefinition')).toEqual(expect.arrayContaining(['apiserviceexporttemplates.kube-bind.io', 'collections.kube-bind.io', 'backups.mangodb.example.com']));
    expect(out.find((m: any) => m.metadata.name === 'backups.mangodb.example.com').metadata.labels).toEqual({ 'kube-bind.io/exported': 'true' });
    expect(names('APIServiceExportTemplate')).toEqual(['mangodb-backups']);
    expect(out.find((m: any) => m.kind === 'Collection').spec.templates).toEqual([{ name: 'mangodb-backups' }]);
  });

  test('passes every rule', () => {
    const c = new ProviderChart(testApp(), 'mangodb-provider');
    const results = validateObjects(Testing.synth(c));
    expect(results.flat().filter(v => v.severity !== 'info')).toEqual([]);
  });

  test('is byte-identical from run to run', () => {
    const once = JSON.stringify(Testing.synth(new ProviderChart(testApp(), 'mangodb-provider')));
    const twice = JSON.stringify(Testing.synth(new ProviderChart(testApp(), 'mangodb-provider')));
    expect(twice).toBe(once);
  });
});
