/**
 * Whatever props the constructs accept, the manifests they synthesize are
 * accepted by our CRDs: the OpenAPI schema and every CEL rule, checked by the
 * CRD checker (test/support), which is independent of the rules engine.
 */
import { Chart, Testing } from 'cdk8s';
import * as fc from 'fast-check';
import { ProviderChart } from '../../examples/provider-chart';
import { validateObject } from '../../src/rules';
import {
  boundSchemaProps, buildBoundSchema, buildExport, buildV1alpha1, exportProps, v1alpha1Props,
} from '../support/arbitraries';
import { checkAgainstCrd, kindVersionOfManifest } from '../support/crd-checker';
import { testApp } from '../util';

fc.configureGlobal({ seed: 4242, numRuns: 60 });

process.env.CDK8S_KUBE_BIND_QUIET = '1';

/** The manifests of the chart, or undefined when the constructs refuse the props (synth fails). */
function synthOrUndefined(chart: Chart): any[] | undefined {
  try {
    return Testing.synth(chart);
  } catch (e) {
    if (!/Validation failed|\[KB\d{3}\]/.test(String(e))) throw e;
    return undefined;
  }
}

/** Every manifest of our kinds passes the CRD checker; returns how many were checked. */
function expectAcceptedByCrds(manifests: any[]): number {
  let checked = 0;
  for (const m of manifests) {
    const kv = kindVersionOfManifest(m);
    if (kv === undefined) continue;
    checked++;
    expect({ kind: kv, name: m.metadata.name, failures: checkAgainstCrd(m, kv) }).toEqual({ kind: kv, name: m.metadata.name, failures: [] });
  }
  return checked;
}

/** Runs `property` and fails when too many samples were discarded for the run to mean anything. */
function assertMostlyAccepted<T>(arbitrary: fc.Arbitrary<T>, build: (chart: Chart, sample: T) => void): void {
  let accepted = 0;
  let total = 0;
  fc.assert(fc.property(arbitrary, sample => {
    total++;
    const chart = new Chart(testApp(), 'test');
    build(chart, sample);
    const manifests = synthOrUndefined(chart);
    if (manifests === undefined) return;
    accepted++;
    expect(expectAcceptedByCrds(manifests)).toBeGreaterThan(0);
    // The constructs' own verdict, for the record: synth succeeding means no error.
    for (const m of manifests.filter(x => kindVersionOfManifest(x) !== undefined)) {
      expect(validateObject(m).filter(v => v.severity === 'error')).toEqual([]);
    }
  }));
  expect(accepted / total).toBeGreaterThan(0.5);
}

test('BoundSchema: accepted props synthesize manifests our CRD accepts', () => {
  assertMostlyAccepted(boundSchemaProps, (chart, p) => buildBoundSchema(chart, 'schema', p));
});

test('ApiServiceExportV1alpha1: accepted props synthesize manifests our CRD accepts (CEL rules included)', () => {
  assertMostlyAccepted(v1alpha1Props, (chart, p) => buildV1alpha1(chart, 'export', p));
});

test('ApiServiceExport with BoundSchemas, triples and cdk8s-plus permission claims', () => {
  assertMostlyAccepted(exportProps, buildExport);
});

test('the example app: every kube-bind object passes the CRD checker', () => {
  const chart = new ProviderChart(testApp(), 'mangodb-provider');
  expect(expectAcceptedByCrds(Testing.synth(chart))).toBe(3);
});
