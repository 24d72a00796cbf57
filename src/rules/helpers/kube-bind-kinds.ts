/**
 * The kinds kube-bind serves in its API group, and how an apiVersion's group
 * is compared with the configured one. Every kind kube-bind serves is checked
 * against its CRD (`KIND_VERSIONS`), the ones only kube-bind itself writes
 * (APIServiceBinding, ClusterBinding, APIServiceNamespace, Cluster...)
 * included; any kind/version kube-bind does not serve is KB001's error.
 *
 * The list is kube-bind's own: the CustomResourceDefinitions under
 * `deploy/crd/` of kube-bind/kube-bind (checked at commit 6ac88b0, June 2026)
 * and the types its `sdk/apis/kubebind/v1alpha1|v1alpha2/register.go`
 * registers. BindingProvider, BindingResponse and BindingResourceResponse are
 * registered too, but no CRD serves them: they are the documents of the
 * binding protocol (`kubectl bind`), read over HTTP, not API objects, so
 * they are skipped with a note.
 */
import { KIND_VERSIONS, KindVersion } from '../../model/kinds';
import { Manifest, own } from '../../model/manifest';
import { RuleContext } from '../engine/rule';
import { dns1123SubdomainErrors } from '../k8s/names';
import { editDistance } from '../k8s/values';

/** Every kind kube-bind serves, by version (kube-bind's deploy/crd, served: true). */
export const KUBE_BIND_SERVED: { readonly [version: string]: readonly string[] } = {
  v1alpha1: ['APIServiceBinding', 'APIServiceExport', 'APIServiceExportRequest', 'APIServiceNamespace', 'ClusterBinding'],
  v1alpha2: [
    'APIConversion', 'APIServiceBinding', 'APIServiceBindingBundle', 'APIServiceExport', 'APIServiceExportRequest',
    'APIServiceExportTemplate', 'APIServiceNamespace', 'BindableResourcesRequest', 'BoundSchema', 'Cluster',
    'ClusterBinding', 'Collection',
  ],
};

/** The documents of kube-bind's binding protocol: registered in its scheme, served by no CRD. */
const PROTOCOL_DOCUMENTS: { readonly [version: string]: readonly string[] } = {
  v1alpha1: ['BindingProvider', 'BindingResponse'],
  v1alpha2: ['BindingProvider', 'BindingResourceResponse'],
};

function listed(table: { readonly [version: string]: readonly string[] }, kind: string, version: string): boolean {
  return Object.prototype.hasOwnProperty.call(table, version) && table[version].includes(kind);
}

/** Every kind name kube-bind serves or registers, at any version. */
export const KUBE_BIND_KINDS: readonly string[] = [...new Set(
  [...Object.values(KUBE_BIND_SERVED), ...Object.values(PROTOCOL_DOCUMENTS)].flat(),
)].sort();

/** The versions kube-bind serves `kind` at (empty for a kind it does not serve). */
export function servedVersionsOf(kind: string): string[] {
  return Object.keys(KUBE_BIND_SERVED).filter(v => KUBE_BIND_SERVED[v].includes(kind));
}

/**
 * Whether `kind` at `version` is a document of kube-bind's binding protocol
 * (BindingProvider...): registered in kube-bind's scheme, served by no CRD,
 * read over HTTP by `kubectl bind`. Such a document is not an API object, so
 * `validate` skips it with a note rather than judging it.
 */
export function isProtocolDocument(kind: string, version: string): boolean {
  if ((KIND_VERSIONS as readonly string[]).includes(`${kind}/${version}` as KindVersion)) return false;
  return listed(PROTOCOL_DOCUMENTS, kind, version);
}

/**
 * Why `obj` is not checked although it is kube-bind's: a document of the
 * binding protocol in the configured group. Undefined for every other
 * object. `validate` counts such objects as skipped and prints this as a note.
 */
export function notCheckedNote(obj: Manifest, ctx: RuleContext): string | undefined {
  const apiVersion = own(obj, 'apiVersion');
  const kind = own(obj, 'kind');
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || !apiVersion.startsWith(`${ctx.group}/`)) return undefined;
  const version = apiVersion.slice(ctx.group.length + 1);
  if (!isProtocolDocument(kind, version)) return undefined;
  return `${kind} (${apiVersion}) is a document of kube-bind's binding protocol, read over HTTP by kubectl bind and served by no CRD: not an API object, not checked`;
}

// ---------------------------------------------------------------------------
// Groups that are near the configured one

/**
 * Letters from other scripts that look like ASCII ones (Unicode's confusables
 * for the letters an API group may hold), each written as the look-alike
 * followed by the ASCII character it imitates.
 * Fullwidth forms and ligatures are already folded by NFKC.
 */
const CONFUSABLES = new Map<string, string>([
  // Cyrillic
  '\u0430a', '\u0432b', '\u0435e', '\u043ak', '\u043cm', '\u043dh', '\u043eo', '\u0440p', '\u0441c', '\u0442t',
  '\u0443y', '\u0445x', '\u0455s', '\u0456i', '\u0458j', '\u04bbh', '\u0501d', '\u051bq', '\u051dw',
  // Greek
  '\u03b1a', '\u03b5e', '\u03b9i', '\u03bak', '\u03bdv', '\u03bfo', '\u03c1p', '\u03c4t', '\u03c5u', '\u03c7x',
  // Latin look-alikes
  '\u0131i', '\u0269i', '\u0261g', '\u01c0l',
  // Dashes and dots
  '\u2010-', '\u2011-', '\u2012-', '\u2013-', '\u2014-', '\u2212-', '\u02d7-', '\u2024.', '\u00b7.', '\u3002.',
  '\uff61.',
].map(pair => [pair[0], pair[1]]));

/**
 * A group as a reader sees it: lowercase, compatibility forms folded (NFKC),
 * accents dropped and look-alike letters of other scripts replaced by the
 * ASCII letter they imitate.
 */
export function foldGroup(group: string): string {
  const lowered = group.normalize('NFKC').toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  let out = '';
  for (const ch of lowered) out += CONFUSABLES.get(ch) ?? ch;
  return out;
}

/** Why a group next to the configured one cannot be it; undefined when the group is the configured one or far from it. */
export type GroupMiss =
  | { readonly reason: 'look-alike' }
  | { readonly reason: 'invalid'; readonly problems: string[]; readonly near: boolean }
  | { readonly reason: 'typo' };

/**
 * How `group` (from an apiVersion) misses the `configured` group, when it
 * does in a way the API server refuses or a typo explains:
 * - `look-alike`: equal apart from case, accents or confusable letters;
 * - `invalid`: not a lowercase DNS subdomain, so no API server serves it
 *   (an API group is a DNS subdomain: apiextensions-apiserver's
 *   `ValidateCustomResourceDefinitionSpec` and apimachinery's `IsDNS1123Subdomain`);
 * - `typo`: a valid group at most two edits from the configured one.
 */
export function groupMiss(group: string, configured: string): GroupMiss | undefined {
  if (group === configured || group === '') return undefined;
  const folded = foldGroup(group);
  if (folded === configured) return { reason: 'look-alike' };
  const problems = dns1123SubdomainErrors(group);
  const near = editDistance(folded, configured) <= 2;
  if (problems.length > 0) return { reason: 'invalid', problems, near };
  return near ? { reason: 'typo' } : undefined;
}
