/**
 * Whatever props the constructs accept, the manifests they synthesize are
 * accepted by our CRDs: the OpenAPI schema and every CEL rule, checked by the
 * CRD checker (test/support), which is independent of the rules engine. And
 * whatever props they refuse, they refuse for a failure a rule's scenario
 * states (src/rules/*.scenarios.ts): no sample is thrown away.
 */
import { ApiObject, Chart, Testing } from 'cdk8s';
import * as fc from 'fast-check';
import { ProviderChart } from '../../examples/provider-chart';
import { formatViolation } from '../../src/glue/validation';
import { validateObjects } from '../../src/rules';
import { RULE_ROWS } from '../../src/rules/scenarios';
import {
  boundSchemaProps, buildBoundSchema, buildExport, buildV1alpha1, exportProps, v1alpha1Props,
} from '../support/arbitraries';
import { checkAgainstCrd, kindVersionOfManifest } from '../support/crd-checker';
import { testApp } from '../util';

fc.configureGlobal({ seed: 4242, numRuns: 60 });

process.env.CDK8S_KUBE_BIND_QUIET = '1';

/** The error of the synth when the constructs refuse the props, undefined when they accept them. */
function refusalOf(chart: Chart): string | undefined {
  try {
    Testing.synth(chart);
    return undefined;
  } catch (e) {
    if (!/Validation failed/.test(String(e))) throw e;
    return String((e as Error).message);
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

/** A rule's failure as a scenario states it: the rule, and the field it reports, whatever the array indices. */
function failureOf(rule: string, fieldPath: string): string {
  return `${rule} ${fieldPath.replace(/\[\d+\]/g, '[*]')}`;
}

/** Every failure the rules' scenarios state (src/rules/*.scenarios.ts). */
const STATED = new Set(RULE_ROWS.map(row => failureOf(row.id, row.path)));

/**
 * Runs `property` on every sample, none thrown away: the constructs accept
 * the props, and the manifests pass our CRDs and every rule; or they refuse
 * them, for exactly the errors the rules find in the same manifests (rendered
 * without validation), each one a failure that a rule's scenario states.
 * Returns how many samples were accepted and refused.
 */
function checkEverySample<T>(arbitrary: fc.Arbitrary<T>, build: (chart: Chart, sample: T) => void): { accepted: number; refused: number } {
  const seen = { accepted: 0, refused: 0 };
  fc.assert(fc.property(arbitrary, sample => {
    const chart = new Chart(testApp(), 'test');
    build(chart, sample);
    const ours = chart.node.findAll().filter(ApiObject.isApiObject).map(o => o.toJson()).filter(m => kindVersionOfManifest(m) !== undefined);
    const errors = validateObjects(ours).flat().filter(v => v.severity === 'error');
    const refusal = refusalOf(chart);
    if (refusal === undefined) {
      seen.accepted++;
      expect(errors).toEqual([]);
      expect(expectAcceptedByCrds(Testing.synth(chart))).toBeGreaterThan(0);
      return;
    }
    seen.refused++;
    expect({ refusals: refusal.match(/\[KB\d{3}\]/g)?.length, errors: errors.length }).toEqual({ refusals: errors.length, errors: errors.length });
    for (const v of errors) {
      expect(refusal).toContain(formatViolation(v));
      expect({ failure: failureOf(v.rule, String(v.path)), stated: STATED.has(failureOf(v.rule, String(v.path))) })
        .toEqual({ failure: failureOf(v.rule, String(v.path)), stated: true });
    }
  }));
  return seen;
}

// Each branch a property relies on is taken at least once, or the property proves nothing there.
test('BoundSchema: accepted props synthesize manifests our CRD accepts', () => {
  expect(checkEverySample(boundSchemaProps, (chart, p) => buildBoundSchema(chart, 'schema', p)).accepted).toBeGreaterThan(0);
});

test('ApiServiceExportV1Alpha1: accepted props synthesize manifests our CRD accepts (CEL rules included)', () => {
  expect(checkEverySample(v1alpha1Props, (chart, p) => buildV1alpha1(chart, 'export', p)).accepted).toBeGreaterThan(0);
});

test('ApiServiceExport with BoundSchemas, triples and cdk8s-plus permission claims: accepted, or refused for a stated rule', () => {
  const seen = checkEverySample(exportProps, buildExport);
  expect(seen.accepted).toBeGreaterThan(0);
  expect(seen.refused).toBeGreaterThan(0);
});

test('the example app: every kube-bind object passes the CRD checker', () => {
  const chart = new ProviderChart(testApp(), 'mangodb-provider');
  expect(expectAcceptedByCrds(Testing.synth(chart))).toBe(3);
});
