/**
 * Subresources: the JSON paths of `spec.versions[*].subresources.scale`,
 * checked as Kubernetes checks a CRD's scale subresource. Both replica paths
 * are required when scale is set: Kubernetes reads an absent path as "" and
 * says Required, so the rules below report it on CRDs. On kube-bind's kinds
 * an absent path is the CRD schema's required finding (KB002), which
 * ratchets on update as kube-bind's API server does.
 */
import { isCrd, KindVersion } from '../../model/kinds';
import { isObject, Manifest, own } from '../../model/manifest';
import { show } from '../engine/messages';
import { field, item } from '../engine/paths';
import { Rule, defineRule } from '../engine/rule';
import { Violation, violation } from '../engine/violation';
import { goString } from '../k8s/go-json';
import { fieldPathErrors } from '../k8s/jsonpath';

// Every rule here mirrors Kubernetes' CRD validation, so CustomResourceDefinitions are checked too.
const CRD_KINDS: readonly KindVersion[] = ['APIServiceExport/v1alpha1', 'BoundSchema/v1alpha2', 'CustomResourceDefinition/v1'];

interface Scale {
  readonly scale: { [key: string]: any };
  readonly path: string;
}

function scales(obj: Manifest): Scale[] {
  const out: Scale[] = [];
  const versions = own(own(obj, 'spec'), 'versions');
  if (!Array.isArray(versions)) return out;
  versions.forEach((version, i) => {
    const scale = own(own(version, 'subresources'), 'scale');
    if (isObject(scale)) out.push({ scale, path: field(field(item('spec.versions', i), 'subresources'), 'scale') });
  });
  return out;
}

/**
 * Checks one scale path as ValidateCustomResourceDefinitionSubresources does:
 * `required` paths must be present and not empty (an absent or empty optional
 * path means "unset"),
 * and a path must start with "." (validateSimpleJSONPath) and lie under one of
 * `roots` (`strings.HasPrefix(path, ".spec.")`). Those are the errors: the
 * server refuses the CRD. The server accepts anything else, such as
 * `.spec.replicas[0]` or `.spec..replicas`, but its scale handler
 * (pkg/registry/customresource/validator.go and etcd.go) splits the path at
 * "." and follows field names only, so `replicas[0]` names a field of that
 * name and an empty name finds nothing: a warning on a CRD. On kube-bind's
 * own kinds the spec (§2.3) allows only paths without array notation, and
 * the stricter verdict wins: an error there.
 */
function scalePathViolations(rule: Rule, obj: Manifest, key: string, roots: readonly string[], required: boolean, example: string): Violation[] {
  const out: Violation[] = [];
  for (const s of scales(obj)) {
    // Absent or null is Go's "", as empty; another type does not decode (KB222 on a CRD, KB003 on kube-bind's kinds).
    const value = goString(own(s.scale, key));
    if (value === undefined) continue;
    const path = field(s.path, key);
    if (value === '') {
      const given = own(s.scale, key) !== undefined && own(s.scale, key) !== null;
      // On kube-bind's kinds an absent path is KB002's finding.
      if (required && (given || isCrd(obj))) out.push(violation(rule, path, given ? 'must not be empty' : 'is required', `point it at the replica count, such as ${example}`));
      continue;
    }
    const under = roots.map(r => `.${r}`).join(' or ');
    if (!value.startsWith('.')) {
      const fixed = `.${value}`;
      const fix = roots.some(r => fixed.startsWith(`.${r}.`)) ? ` (did you mean ${show(fixed)}?)` : '';
      out.push(violation(rule, path, `${show(value)} must be a simple JSON path starting with "."${fix}`,
        `use a field path under ${under}, such as ${example}`));
      continue;
    }
    if (!roots.some(r => value.startsWith(`.${r}.`))) {
      out.push(violation(rule, path, `${show(value)} must be a JSON path under ${under}`,
        `for example ${example}`));
      continue;
    }
    const unfollowed = fieldPathErrors(value);
    if (unfollowed.length === 0) continue;
    if (isCrd(obj)) {
      out.push(violation(rule, path, `${show(value)} ${unfollowed.join('; ')}: Kubernetes accepts it, but its scale subresource splits the path at "." and follows field names only, so it never finds the replica count`,
        `use a plain field path under ${under}, such as ${example}`, 'warning'));
    } else {
      // The spec (§2.3) allows kube-bind's objects only paths without array notation: stricter than the server, so it wins.
      out.push(violation(rule, path, `${show(value)} ${unfollowed.join('; ')}: the resource-export spec allows only plain field paths here`,
        `use a plain field path under ${under}, such as ${example}`));
    }
  }
  return out;
}

const specReplicasPath: Rule = defineRule({
  id: 'KB060',
  title: 'scale.specReplicasPath is set, to a JSON path under .spec (and, to be followed, a plain one)',
  source: 'spec §2.3; Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceDefinitionSubresources, validateSimpleJSONPath)',
  severity: 'error',
  scope: 'object',
  appliesTo: CRD_KINDS,
  check: obj => scalePathViolations(specReplicasPath, obj, 'specReplicasPath', ['spec'], true, '.spec.replicas'),
});

const statusReplicasPath: Rule = defineRule({
  id: 'KB061',
  title: 'scale.statusReplicasPath is set, to a JSON path under .status (and, to be followed, a plain one)',
  source: 'spec §2.3; Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceDefinitionSubresources, validateSimpleJSONPath)',
  severity: 'error',
  scope: 'object',
  appliesTo: CRD_KINDS,
  check: obj => scalePathViolations(statusReplicasPath, obj, 'statusReplicasPath', ['status'], true, '.status.replicas'),
});

const labelSelectorPath: Rule = defineRule({
  id: 'KB062',
  title: 'scale.labelSelectorPath, when set, is a JSON path under .spec or .status (and, to be followed, a plain one)',
  source: 'spec §2.3; Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceDefinitionSubresources, validateSimpleJSONPath)',
  severity: 'error',
  scope: 'object',
  appliesTo: CRD_KINDS,
  check: obj => scalePathViolations(labelSelectorPath, obj, 'labelSelectorPath', ['spec', 'status'], false, '.status.selector'),
});

export const SUBRESOURCE_RULES: Rule[] = [
  specReplicasPath,
  statusReplicasPath,
  labelSelectorPath,
];
