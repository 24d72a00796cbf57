/**
 * CustomResourceDefinitions marked for export (KB220, KB221, KB236): a CRD labelled
 * `kube-bind.io/exported: "true"` is one kube-bind's backend lists and turns
 * into BoundSchemas whenever a consumer binds
 * (serviceexportrequest_reconcile.go:95-138, getExportedSchemas, at kube-bind
 * 6ac88b0f). What KB180 notes about any CRD is an error on such a CRD when
 * binding it fails, and a warning when kube-bind leaves it out.
 */
import { EXPORTED_LABEL_KEY, EXPORTED_LABEL_VALUE } from '../../model';
import { CRD_KIND_VERSION } from '../../model/kinds';
import { Manifest, own } from '../../model/manifest';
import { show } from '../engine/messages';
import { Rule, defineRule } from '../engine/rule';
import { violation } from '../engine/violation';
import { carriableFindings, droppedFindings, isExportedCrd } from '../helpers/crds';
import { keyPath } from '../k8s/values';

const carried: Rule = defineRule({
  id: 'KB220',
  title: `a CRD labelled ${EXPORTED_LABEL_KEY}: "${EXPORTED_LABEL_VALUE}" is one kube-bind can carry (one schema across served versions, a url webhook)`,
  source: 'spec §2.6, §8.2 (what a BoundSchema holds); the checks of from-crd',
  severity: 'error',
  scope: 'object',
  appliesTo: [CRD_KIND_VERSION],
  check: (obj, ctx) => {
    if (!isExportedCrd(obj)) return [];
    return carriableFindings(carried, obj, ctx).map(v => violation(carried, v.path,
      v.message.replace(/so it could not export this CRD as it is$/, `and this CRD is labelled ${EXPORTED_LABEL_KEY}: "${EXPORTED_LABEL_VALUE}", so binding it fails`),
      v.hint));
  },
});

function labelValue(obj: Manifest): unknown {
  return own(own(own(obj, 'metadata'), 'labels'), EXPORTED_LABEL_KEY);
}

const labelValueExact: Rule = defineRule({
  id: 'KB221',
  title: `the ${EXPORTED_LABEL_KEY} label of a CRD is "${EXPORTED_LABEL_VALUE}" (the backend's selector matches no other value)`,
  source: 'kube-bind backend (serviceexportrequest_reconcile.go:117-124, label selector kube-bind.io/exported=true)',
  severity: 'warning',
  scope: 'object',
  appliesTo: [CRD_KIND_VERSION],
  check: obj => {
    const value = labelValue(obj);
    if (value === undefined || value === EXPORTED_LABEL_VALUE) return [];
    const path = keyPath('metadata.labels', EXPORTED_LABEL_KEY);
    return [violation(labelValueExact, path,
      `is ${show(value)}, not ${show(EXPORTED_LABEL_VALUE)}, so kube-bind does not export this CRD`,
      `kube-bind's backend selects exported CRDs by ${EXPORTED_LABEL_KEY}=${EXPORTED_LABEL_VALUE} exactly: set the label to ${show(EXPORTED_LABEL_VALUE)} to export it, or remove the label`)];
  },
});

const dropped: Rule = defineRule({
  id: 'KB236',
  title: `a CRD labelled ${EXPORTED_LABEL_KEY}: "${EXPORTED_LABEL_VALUE}" has nothing kube-bind leaves out of its BoundSchema (selectableFields)`,
  source: 'kube-bind CRDToBoundSchema (sdk/apis/kubebind/v1alpha2/helpers/boundschema.go at 6ac88b0f: a version\'s selectableFields are not copied)',
  severity: 'warning',
  scope: 'object',
  appliesTo: [CRD_KIND_VERSION],
  check: (obj, ctx) => (isExportedCrd(obj) ? droppedFindings(dropped, obj, ctx) : []),
});

/** The rules of CRDs marked for export, in catalogue order. */
export const EXPORTED_CRD_RULES: readonly Rule[] = [carried, labelValueExact, dropped];
