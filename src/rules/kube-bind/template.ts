/**
 * Rules of one template or export request (KB200-KB203): what kube-bind's
 * backend refuses, or fails on, when a consumer binds it, although the API
 * server stored it. The template CRD has no CEL rule and no controller: these
 * checks happen only at bind time, in the export-request reconciler
 * (backend/controllers/serviceexportrequest/serviceexportrequest_reconcile.go
 * at kube-bind 6ac88b0f), and most of their failures reach no status.
 *
 * The shape of `spec.resources` and `spec.permissionClaims` is checked by the
 * export's rules (export.ts, claims.ts), which apply to these kinds too.
 */
import { DEFAULT_NAMESPACE_PREFIX, NAMESPACE_HASH_LENGTH } from '../../model';
import { RESOURCE_LIST_KINDS, TEMPLATE_SPEC_KINDS } from '../../model/kinds';
import { isObject, Manifest, own } from '../../model/manifest';
import { lengthProblem, show } from '../engine/messages';
import { field, item } from '../engine/paths';
import { Rule, RuleContext, defineRule } from '../engine/rule';
import { Violation, violation } from '../engine/violation';
import { exportedResources, notCrdBacked } from '../helpers/exported-resources';
import { dns1123LabelErrors } from '../k8s/names';

const RECONCILER = 'kube-bind backend (serviceexportrequest_reconcile.go';
const TEMPLATE_KINDS = RESOURCE_LIST_KINDS.filter(kv => !kv.startsWith('APIServiceExport/'));

/** The longest name a namespace may have: a DNS label (apimachinery's IsDNS1123Label). */
const NAMESPACE_NAME_MAX = 63;

const versionsListed: Rule = defineRule({
  id: 'KB200',
  title: 'each resource of a template or request lists its versions (without, the backend makes no BoundSchema)',
  source: `${RECONCILER}:147 ensureBoundSchemas skips a resource without versions; :247 BoundSchemaNotFound)`,
  severity: 'error',
  scope: 'object',
  appliesTo: TEMPLATE_KINDS,
  check: obj => {
    const out: Violation[] = [];
    for (const entry of exportedResources(obj)) {
      if (entry.versions.length > 0) continue;
      const versions = own(own(own(obj, 'spec'), 'resources')[entry.index], 'versions');
      const path = Array.isArray(versions) ? field(entry.path, 'versions') : entry.path;
      out.push(violation(versionsListed, path,
        `${Array.isArray(versions) ? 'is empty' : 'has no versions'}: kube-bind's backend makes no BoundSchema for a resource without versions, so every bind fails with BoundSchemaNotFound`,
        'list the versions the consumer gets, e.g. versions: ["v1"] (the versions the CRD serves)'));
    }
    return out;
  },
});

const crdBacked: Rule = defineRule({
  id: 'KB201',
  title: 'a template\'s or request\'s resources come from CRDs (a core-group resource is never resolved)',
  source: `${RECONCILER}:346 looks the resource up among the exported CRDs as <resource>.core for group ""; SchemaNotFound)`,
  severity: 'error',
  scope: 'object',
  appliesTo: TEMPLATE_KINDS,
  check: obj => {
    const out: Violation[] = [];
    for (const entry of exportedResources(obj)) {
      const problem = notCrdBacked(entry);
      if (problem === undefined) continue;
      out.push(violation(crdBacked, problem.path,
        `${problem.what}, so every bind fails (SchemaNotFound)`,
        `kube-bind's backend only resolves resources of exported CRDs: ${problem.fix}`));
    }
    return out;
  },
});

/** The valid `spec.namespaces[].name` strings, with their paths. */
function namespaceNames(obj: Manifest): Array<{ path: string; name: string }> {
  const list = own(own(obj, 'spec'), 'namespaces');
  if (!Array.isArray(list)) return [];
  const out: Array<{ path: string; name: string }> = [];
  list.forEach((entry, i) => {
    const name = isObject(entry) ? own(entry, 'name') : undefined;
    if (typeof name === 'string') out.push({ path: field(item('spec.namespaces', i), 'name'), name });
  });
  return out;
}

/** A repaired namespace name: lowercased, other characters become '-'. */
function suggestLabel(value: string): string | undefined {
  const repaired = value.toLowerCase().replace(/[^-a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, NAMESPACE_NAME_MAX).replace(/-+$/, '');
  return repaired !== value && repaired !== '' ? repaired : undefined;
}

/** What Kubernetes says of a name's form, leaving out its length (which the message already says). */
function formProblems(problems: readonly string[]): string {
  const form = problems.filter(p => !/no more than \d+ (characters|bytes)/.test(p));
  return form.length === 0 ? '' : `; Kubernetes says the name ${form.join('; ')}`;
}

const namespaceIsLabel: Rule = defineRule({
  id: 'KB202',
  title: 'spec.namespaces[*].name is a DNS label',
  source: 'kube-bind backend (servicenamespace_reconcile.go:56 makes the namespace <consumer namespace>-<name>); Kubernetes (IsDNS1123Label for namespace names)',
  severity: 'error',
  scope: 'object',
  appliesTo: TEMPLATE_SPEC_KINDS,
  check: obj => namespaceNames(obj).flatMap(({ path, name }) => {
    const problems = dns1123LabelErrors(name);
    if (problems.length === 0) return [];
    const guess = suggestLabel(name);
    return [violation(namespaceIsLabel, path, `${show(name)} must be a DNS label${lengthProblem(problems)}${guess !== undefined ? ` (did you mean ${show(guess)}?)` : ''}`,
      'kube-bind creates a namespace ending in this name, and Kubernetes refuses a namespace name that is not a DNS label: '
      + `use lowercase letters, digits and "-"${formProblems(problems)}`)];
  }),
});

/** The prefix of the backend, as given to the run. */
function prefixOf(ctx: RuleContext): string {
  return ctx.namespacePrefix ?? DEFAULT_NAMESPACE_PREFIX;
}

const namespaceFits: Rule = defineRule({
  id: 'KB203',
  title: 'spec.namespaces[*].name fits the namespace kube-bind makes of it (<prefix><13-character hash>-<name>, at most 63 characters)',
  source: 'kube-bind backend (resources/namespace.go:95 identityHash, base36 of 8 bytes; servicenamespace_reconcile.go:56)',
  severity: 'error',
  scope: 'object',
  appliesTo: TEMPLATE_SPEC_KINDS,
  check: (obj, ctx) => namespaceNames(obj).flatMap(({ path, name }) => {
    if (dns1123LabelErrors(name).length > 0) return []; // KB202
    const prefix = prefixOf(ctx);
    const length = prefix.length + NAMESPACE_HASH_LENGTH + 1 + name.length;
    if (length <= NAMESPACE_NAME_MAX) return [];
    const room = NAMESPACE_NAME_MAX - prefix.length - NAMESPACE_HASH_LENGTH - 1;
    return [violation(namespaceFits, path,
      `makes a namespace of up to ${length} characters, over Kubernetes' ${NAMESPACE_NAME_MAX}`,
      `kube-bind names it ${show(prefix)} + a ${NAMESPACE_HASH_LENGTH}-character hash + "-" + ${show(name)}, and creating it fails for consumers whose hash is that long: `
      + (room > 0 ? `shorten the name to at most ${room} characters (with --namespace-prefix ${show(prefix)})`
        : `the prefix ${show(prefix)} leaves no room for a name: use a shorter --namespace-prefix`))];
  }),
});

/** The rules of one template or export request, in catalogue order. */
export const TEMPLATE_RULES: readonly Rule[] = [
  versionsListed,
  crdBacked,
  namespaceIsLabel,
  namespaceFits,
];
