/**
 * What a CustomResourceDefinition is to the rules: its kind/version, whether it
 * carries kube-bind's export label, and the findings its exported versions
 * carry into a BoundSchema.
 */
import { PROTECTED_GROUP_CANNOT_BIND, PROTECTED_GROUP_FIX } from './protected-groups';
import { differingVersionSchemas } from './version-schemas';
import { EXPORTED_LABEL_KEY, EXPORTED_LABEL_VALUE } from '../../model/index';
import { CRD_KIND_VERSION, KindVersion, isCrd } from '../../model/kinds';
import { isObject, Manifest, own } from '../../model/manifest';
import { show } from '../engine/messages';
import { field, item } from '../engine/paths';
import { Rule, RuleContext } from '../engine/rule';
import { Violation, violation } from '../engine/violation';
import { isProtectedCommunityGroup } from '../k8s/api-approval';

/** `CustomResourceDefinition/v1` for an `apiextensions.k8s.io/v1` CustomResourceDefinition, whatever the kube-bind group. */
export function crdKindVersionOf(obj: Manifest): KindVersion | undefined {
  return isCrd(obj) ? CRD_KIND_VERSION : undefined;
}


/** Whether the CRD carries kube-bind's export label with the one value the backend selects. */
export function isExportedCrd(obj: Manifest): boolean {
  return own(own(own(obj, 'metadata'), 'labels'), EXPORTED_LABEL_KEY) === EXPORTED_LABEL_VALUE;
}

/**
 * What keeps kube-bind from carrying the CRD in a BoundSchema as it is (the
 * checks `from-crd` makes), as findings of `rule` (KB180 on any CRD, KB220 on one labelled for export): several schemas across
 * versions, a service webhook, preserveUnknownFields, a protected group
 * (`protected-groups.ts`). What kube-bind leaves out instead is `droppedFindings`.
 */
export function carriableFindings(rule: Pick<Rule, 'id' | 'severity'>, obj: Manifest, ctx: RuleContext): Violation[] {
  {
    const spec = own(obj, 'spec');
    // kube-bind's own CRDs define its API; they are installed, never exported.
    if (own(spec, 'group') === ctx.group) return [];
    const out: Violation[] = [];
    const group = own(spec, 'group');
    if (typeof group === 'string' && isProtectedCommunityGroup(group)) {
      out.push(violation(rule, 'spec.group', `${show(group)} ${PROTECTED_GROUP_CANNOT_BIND}, so it could not export this CRD as it is`,
        PROTECTED_GROUP_FIX));
    }
    for (const d of differingVersionSchemas(obj, ctx)) {
      out.push(violation(rule, d.path,
        `differs from ${d.firstPath.replace(/\.schema\.openAPIV3Schema$/, '')}'s${d.at === '' ? '' : ` (first difference at ${d.at})`}`,
        'kube-bind exports one schema for all versions, so it cannot export this CRD as it is: make the schemas of all served or stored versions equal'));
    }
    const service = own(own(own(own(spec, 'conversion'), 'webhook'), 'clientConfig'), 'service');
    if (service !== undefined && service !== null) {
      const path = 'spec.conversion.webhook.clientConfig.service';
      out.push(violation(rule, path,
        'is set: kube-bind reaches conversion webhooks by url only, so it could not export this CRD as it is',
        'to export it with kube-bind, give the webhook an https url reachable from consumer clusters instead of a service'));
    }
    if (own(spec, 'preserveUnknownFields') === true) {
      out.push(violation(rule, 'spec.preserveUnknownFields',
        'is true, which a BoundSchema cannot express, so kube-bind could not export this CRD as it is',
        'to export it with kube-bind, set x-kubernetes-preserve-unknown-fields: true where the schema needs it instead'));
    }
    return out;
  }
}

/**
 * What kube-bind leaves out when it makes the CRD's BoundSchema, so that
 * consumer clusters never have it, as findings of `rule` (KB180 on any CRD,
 * KB236 on one labelled for export): each version's `selectableFields`.
 * kube-bind's CRDToBoundSchema (sdk/apis/kubebind/v1alpha2/helpers/boundschema.go
 * at 6ac88b0f) copies a version's name, served, storage, deprecation, printer
 * columns, schema and subresources, and nothing else; the binding works.
 */
export function droppedFindings(rule: Pick<Rule, 'id' | 'severity'>, obj: Manifest, ctx: RuleContext): Violation[] {
  const spec = own(obj, 'spec');
  // kube-bind's own CRDs define its API; they are installed, never exported.
  if (own(spec, 'group') === ctx.group) return [];
  const versions = own(spec, 'versions');
  if (!Array.isArray(versions)) return [];
  const out: Violation[] = [];
  versions.forEach((entry, i) => {
    if (!isObject(entry) || own(entry, 'selectableFields') === undefined) return;
    out.push(violation(rule, field(item('spec.versions', i), 'selectableFields'),
      'is set, but kube-bind leaves selectableFields out of the BoundSchema: field selectors on them work on this cluster, not on consumers',
      'consumers filter by labels or client-side; keep selectableFields for clients of this cluster, or drop them if consumers rely on them'));
  });
  return out;
}
