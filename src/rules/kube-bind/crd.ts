/**
 * CustomResourceDefinitions (`apiextensions.k8s.io/v1`) as `validate` checks
 * them. A CRD's spec has the shape of a BoundSchema's (group, names, scope,
 * versions, conversion), so the rules that mirror Kubernetes' own CRD
 * validation apply to it as they are (their `appliesTo` lists
 * `CustomResourceDefinition/v1`); what the spec alone demands does not. This
 * file adds what is particular to CRDs: the name Kubernetes requires, and a
 * note for what kube-bind could not carry if the CRD were exported.
 */
import { CRD_KIND_VERSION } from '../../model/kinds';
import { own } from '../../model/manifest';
import { show } from '../engine/messages';
import { Rule, defineRule } from '../engine/rule';
import { violation } from '../engine/violation';
import { carriableFindings, isExportedCrd } from '../helpers/crds';

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
    return isExportedCrd(obj) ? [] : carriableFindings(carriable, obj, ctx);
  },
});

export const CRD_RULES: readonly Rule[] = [crdName, carriable];

