import { Testing } from 'cdk8s';
import { testApp } from './util';
import { ProviderChart } from '../examples/provider-chart';
import { validateObjects } from '../src/rules';

describe('the example provider app', () => {
  test('synthesizes what the snapshot holds', () => {
    const c = new ProviderChart(testApp(), 'mangodb-provider');
    expect(Testing.synth(c)).toMatchSnapshot();
  });

  test('passes every rule', () => {
    const c = new ProviderChart(testApp(), 'mangodb-provider');
    const results = validateObjects(Testing.synth(c));
    expect(results.flat().filter(v => v.severity === 'error')).toEqual([]);
  });

  test('is byte-identical from run to run', () => {
    const once = JSON.stringify(Testing.synth(new ProviderChart(testApp(), 'mangodb-provider')));
    const twice = JSON.stringify(Testing.synth(new ProviderChart(testApp(), 'mangodb-provider')));
    expect(twice).toBe(once);
  });
});
