/**
 * Fixtures and runners for the rule tests: minimal valid objects of each
 * kind/version (fresh on every call, so tests may mutate them) and helpers
 * that run the per-object rules of this suite directly, without the registry.
 */
import { DEFAULT_GROUP, kindVersionOf } from '../../src/model/kinds';
import { Manifest } from '../../src/model/manifest';
import { Rule, RuleContext } from '../../src/rules/engine/rule';
import { Violation } from '../../src/rules/engine/violation';
import { crdKindVersionOf } from '../../src/rules/helpers/crds';
import { CONDITION_RULES } from '../../src/rules/kube-bind/conditions';
import { CONVERSION_RULES } from '../../src/rules/kube-bind/conversion';
import { NAME_RULES } from '../../src/rules/kube-bind/names';
import { PRINTER_COLUMN_RULES } from '../../src/rules/kube-bind/printer-columns';
import { SCHEMA_RULES } from '../../src/rules/kube-bind/schema';
import { SCOPE_RULES } from '../../src/rules/kube-bind/scope';
import { SUBRESOURCE_RULES } from '../../src/rules/kube-bind/subresources';
import { VERSION_RULES } from '../../src/rules/kube-bind/versions';

export const CTX: RuleContext = { group: DEFAULT_GROUP };

/** Every rule this suite owns, in catalogue order. */
export const SUITE_RULES: Rule[] = [
  ...SCHEMA_RULES,
  ...NAME_RULES,
  ...VERSION_RULES,
  ...PRINTER_COLUMN_RULES,
  ...SUBRESOURCE_RULES,
  ...SCOPE_RULES,
  ...CONVERSION_RULES,
  ...CONDITION_RULES,
];

/** A small structural schema for the exported resource. */
export function widgetSchema(): Manifest {
  return {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        properties: {
          size: { type: 'integer', minimum: 0 },
          replicas: { type: 'integer' },
        },
      },
      status: {
        type: 'object',
        properties: {
          replicas: { type: 'integer' },
          selector: { type: 'string' },
        },
      },
    },
  };
}

/** The smallest valid APIServiceExport v1alpha1: a namespaced Widget with one version. */
export function validExportV1alpha1(): Manifest {
  return {
    apiVersion: 'kube-bind.io/v1alpha1',
    kind: 'APIServiceExport',
    metadata: { name: 'widgets.example.com', namespace: 'kube-bind' },
    spec: {
      group: 'example.com',
      names: { kind: 'Widget', plural: 'widgets' },
      scope: 'Namespaced',
      informerScope: 'Namespaced',
      versions: [
        { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: widgetSchema() } },
      ],
    },
  };
}

/** The smallest valid BoundSchema: the same Widget, as the provider tracks it. */
export function validBoundSchema(): Manifest {
  return {
    apiVersion: 'kube-bind.io/v1alpha2',
    kind: 'BoundSchema',
    metadata: { name: 'widgets.example.com', namespace: 'kube-bind-consumer' },
    spec: {
      group: 'example.com',
      names: { kind: 'Widget', plural: 'widgets' },
      scope: 'Namespaced',
      informerScope: 'Namespaced',
      versions: [
        { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: widgetSchema() } },
      ],
    },
  };
}

/** A minimal valid APIServiceExport v1alpha2 (for the condition rules, which apply to it too). */
export function validExportV1alpha2(): Manifest {
  return {
    apiVersion: 'kube-bind.io/v1alpha2',
    kind: 'APIServiceExport',
    metadata: { name: 'widgets.example.com', namespace: 'kube-bind' },
    spec: {
      resources: [{ group: 'example.com', resource: 'widgets' }],
      informerScope: 'Namespaced',
      isolation: 'Namespaced',
    },
  };
}

/** A second version of the Widget with the same schema, for multi-version tests. */
export function secondVersion(name: string = 'v2', extra: Manifest = {}): Manifest {
  return { name, served: true, storage: false, schema: { openAPIV3Schema: widgetSchema() }, ...extra };
}

/** Runs the given rules on `obj` as the registry would (only those applying to its kind/version). */
export function run(rules: readonly Rule[], obj: Manifest, ctx: RuleContext = CTX): Violation[] {
  // A CustomResourceDefinition is checked by the rules whose appliesTo lists it, as the runner does.
  const kv = kindVersionOf(obj, ctx.group) ?? crdKindVersionOf(obj);
  if (kv === undefined) return [];
  return rules.filter(r => r.appliesTo.includes(kv)).flatMap(r => r.check(obj, ctx));
}

/** Every violation of this suite's rules on `obj`. */
export function runAll(obj: Manifest, ctx: RuleContext = CTX): Violation[] {
  return run(SUITE_RULES, obj, ctx);
}

/** The suite's rule with this id. */
export function rule(id: string): Rule {
  const found = SUITE_RULES.find(r => r.id === id);
  if (!found) throw new Error(`no rule ${id}`);
  return found;
}

/** What one rule reports on `obj`, reduced to rule, path and severity. */
export function findings(id: string, obj: Manifest, ctx: RuleContext = CTX): Array<Pick<Violation, 'rule' | 'path' | 'severity'>> {
  return run([rule(id)], obj, ctx).map(v => ({ rule: v.rule, path: v.path, severity: v.severity }));
}

/** The full violations one rule reports on `obj`. */
export function violationsOf(id: string, obj: Manifest, ctx: RuleContext = CTX): Violation[] {
  return run([rule(id)], obj, ctx);
}

/** Shorthand for the expected finding. */
export function at(id: string, path: string, severity: Violation['severity'] = 'error'): Pick<Violation, 'rule' | 'path' | 'severity'> {
  return { rule: id, path, severity };
}

export function errorsOf(violations: readonly Violation[]): Violation[] {
  return violations.filter(v => v.severity === 'error');
}

/** A self-signed test CA certificate (CN=test-ca), PEM text. */
export const TEST_CA_PEM = [
  '-----BEGIN CERTIFICATE-----',
  'MIIBfDCCASGgAwIBAgIUZgrc5Gi+dZMQSC9Iifq5Yxxr2NUwCgYIKoZIzj0EAwIw',
  'EjEQMA4GA1UEAwwHdGVzdC1jYTAgFw0yNjExMjIwNzM0MDRaGA8yMTI2MTAyOTA3',
  'MzQwNFowEjEQMA4GA1UEAwwHdGVzdC1jYTBZMBMGByqGSM49AgEGCCqGSM49AwEH',
  'A0IABMprzdZDh6kRIpBxWvoZGbSbZZjf/6dfzLofneBhC2OreUnRWKMv3GFiifMR',
  'Mx6SDUUaZgNMn+0KYS4ZIBWw29KjUzBRMB0GA1UdDgQWBBQwtKQwK9+VwLseL7P/',
  'lYyM8hLbMjAfBgNVHSMEGDAWgBQwtKQwK9+VwLseL7P/lYyM8hLbMjAPBgNVHRMB',
  'Af8EBTADAQH/MAoGCCqGSM49BAMCA0kAMEYCIQD2111AdtqFPFGK1Gv6xaehOm3K',
  'c7nl5sD4vG864Nn0ggIhALLaceapNxXrXATxxCRJYs6xIa5BB5SSuBgl7+U30Ecf',
  '-----END CERTIFICATE-----',
  '',
].join('\n');

export function base64(text: string): string {
  return Buffer.from(text, 'latin1').toString('base64');
}
