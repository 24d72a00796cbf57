/**
 * CustomResourceDefinitions (`apiextensions.k8s.io/v1`) as `validate` checks
 * them. A CRD's spec has the shape of a BoundSchema's (group, names, scope,
 * versions, conversion), so the rules that mirror Kubernetes' own CRD
 * validation apply to it as they are (their `appliesTo` lists
 * `CustomResourceDefinition/v1`); what the spec alone demands does not. This
 * file adds what is particular to CRDs: the name Kubernetes requires, and a
 * note for what kube-bind could not carry if the CRD were exported.
 */
import { show } from './messages';
import { field, item } from './paths';
import { Rule, RuleContext, defineRule } from './rule';
import { differingVersionSchemas } from './versions';
import { Violation, violation } from './violation';
import { EXPORTED_LABEL_KEY, EXPORTED_LABEL_VALUE } from '../model';
import { CRD_KIND_VERSION, KindVersion, isCrd } from '../model/kinds';
import { isObject, Manifest, own } from '../model/manifest';

/** `CustomResourceDefinition/v1` for an `apiextensions.k8s.io/v1` CustomResourceDefinition, whatever the kube-bind group. */
export function crdKindVersionOf(obj: Manifest): KindVersion | undefined {
  return isCrd(obj) ? CRD_KIND_VERSION : undefined;
}

/**
 * Mirrors `ValidateCustomResourceDefinition` in apiextensions-apiserver
 * `pkg/apis/apiextensions/validation/validation.go`: the object's name must
 * be `spec.names.plural + "." + spec.group`.
 */
const crdName: Rule = defineRule({
  id: 'KB021',
  title: 'A CustomResourceDefinition is named <spec.names.plural>.<spec.group>',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceDefinition, metadata.name)',
  severity: 'error',
  scope: 'object',
  appliesTo: [CRD_KIND_VERSION],
  check: obj => {
    const spec = own(obj, 'spec');
    const plural = own(own(spec, 'names'), 'plural');
    const group = own(spec, 'group');
    const name = own(own(obj, 'metadata'), 'name');
    // Missing or mistyped parts are the other rules' findings; a name is compared only with a complete expectation.
    if (typeof plural !== 'string' || plural === '' || typeof group !== 'string' || group === '' || typeof name !== 'string') return [];
    const expected = `${plural}.${group}`;
    if (name === expected) return [];
    return [violation(crdName, 'metadata.name', `metadata.name ${show(name)} must be ${show(expected)} (<spec.names.plural>.<spec.group>)`,
      `the API server refuses a CustomResourceDefinition named otherwise; rename it ${show(expected)}`)];
  },
});


/**
 * What a BoundSchema cannot hold, so kube-bind could not export the CRD as it
 * is: information only, since the CRD itself is valid. Each finding names
 * the field and what to change before exporting it (`from-crd` refuses the
 * same fields).
 */
const carriable: Rule = defineRule({
  id: 'KB180',
  title: 'A CustomResourceDefinition kube-bind could export as it is (a BoundSchema holds one schema, a url webhook, no selectableFields)',
  source: 'spec §2.6, §8.2 (what a BoundSchema holds)',
  severity: 'info',
  scope: 'object',
  appliesTo: [CRD_KIND_VERSION],
  check: (obj, ctx) => {
    // A CRD labelled for export gets the same findings as errors (KB220, exported-crd.ts).
    return isExportedCrd(obj) ? [] : carriableFindings(obj, ctx);
  },
});

/** Whether the CRD carries kube-bind's export label with the one value the backend selects. */
export function isExportedCrd(obj: Manifest): boolean {
  return own(own(own(obj, 'metadata'), 'labels'), EXPORTED_LABEL_KEY) === EXPORTED_LABEL_VALUE;
}

/**
 * What keeps kube-bind from carrying the CRD in a BoundSchema as it is (the
 * checks `from-crd` makes), as KB180 findings: several schemas across
 * versions, a service webhook, selectableFields, preserveUnknownFields.
 */
export function carriableFindings(obj: Manifest, ctx: RuleContext): Violation[] {
  {
    const spec = own(obj, 'spec');
    // kube-bind's own CRDs define its API; they are installed, never exported.
    if (own(spec, 'group') === ctx.group) return [];
    const out: Violation[] = [];
    for (const d of differingVersionSchemas(obj, ctx)) {
      out.push(violation(carriable, d.path,
        `${d.path} differs from ${d.firstPath.replace(/\.schema\.openAPIV3Schema$/, '')}'s${d.at === '' ? '' : ` (first difference at ${d.at})`}`,
        'kube-bind exports one schema for all versions, so it cannot export this CRD as it is: make the schemas of all served or stored versions equal'));
    }
    const service = own(own(own(own(spec, 'conversion'), 'webhook'), 'clientConfig'), 'service');
    if (service !== undefined && service !== null) {
      const path = 'spec.conversion.webhook.clientConfig.service';
      out.push(violation(carriable, path,
        `${path} ${show(service)}: kube-bind reaches conversion webhooks by url only, so it could not export this CRD as it is`,
        'to export it with kube-bind, give the webhook an https url reachable from consumer clusters instead of a service'));
    }
    const versions = own(spec, 'versions');
    if (Array.isArray(versions)) {
      versions.forEach((entry, i) => {
        if (!isObject(entry) || own(entry, 'selectableFields') === undefined) return;
        const path = field(item('spec.versions', i), 'selectableFields');
        out.push(violation(carriable, path,
          `${path} is set, but a BoundSchema has no selectableFields, so kube-bind could not export this CRD as it is`,
          'to export it with kube-bind, drop selectableFields (clients then filter by labels or client-side)'));
      });
    }
    if (own(spec, 'preserveUnknownFields') === true) {
      out.push(violation(carriable, 'spec.preserveUnknownFields',
        'spec.preserveUnknownFields is true, which a BoundSchema cannot express, so kube-bind could not export this CRD as it is',
        'to export it with kube-bind, set x-kubernetes-preserve-unknown-fields: true where the schema needs it instead'));
    }
    return out;
  }
}

export const CRD_RULES: readonly Rule[] = [crdName, carriable];

