/**
 * What a consumer gets by binding a template or an export: the APIs it is
 * served (versions, scope), what the provider may read and write in its
 * cluster (each permission claim: which objects, by label, by name or by
 * reference), and which namespaces kube-bind creates for the binding. This
 * is what a reviewer of a platform team approves; `explain` prints it as text
 * and as a Mermaid diagram, and `ConsumerView` offers the same to an app.
 *
 * Pure: plain manifests in, plain data and strings out. A resource's scope
 * and kind are read from a CRD or BoundSchema of the input, matched by group
 * and plural; without one they are unknown, and said so.
 */
import { DEFAULT_NAMESPACE_PREFIX, NAMESPACE_HASH_LENGTH } from '../model';
import { DEFAULT_GROUP, kindVersionOf } from '../model/kinds';
import { isObject, Manifest, own } from '../model/manifest';

/** One API the consumer is served. */
export interface OfferedApi {
  readonly group: string;
  readonly resource: string;
  readonly versions: readonly string[];
  /** From the CRD or BoundSchema of the input; undefined when none defines the resource. */
  readonly kind?: string;
  readonly scope?: string;
}

/** One permission claim: which objects of the consumer the provider may read and write. */
export interface ClaimedAccess {
  readonly group: string;
  readonly resource: string;
  /** One line per way objects are picked: `labels app=db`, `named team-a/settings`, `referenced by widgets at spec.secretName`. */
  readonly selections: readonly string[];
}

/** What binding one template or export gives a consumer. */
export interface Offer {
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
  readonly description?: string;
  readonly apis: readonly OfferedApi[];
  readonly claims: readonly ClaimedAccess[];
  /** The names of `spec.namespaces`, with the namespace kube-bind creates for each. */
  readonly namespaces: ReadonlyArray<{ readonly name: string; readonly created: string }>;
  readonly schemaUpdatePolicy?: string;
  readonly isolation?: string;
}

export interface ConsumerViewOptions {
  /** The API group of the kube-bind kinds; default `kube-bind.io`. */
  readonly group?: string;
  /** The backend's `--namespace-prefix`; default `kube-bind-`. */
  readonly namespacePrefix?: string;
}

const OFFER_KINDS = ['APIServiceExportTemplate/v1alpha2', 'APIServiceExport/v1alpha2', 'APIServiceExportRequest/v1alpha2'];

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function key(group: string, plural: string): string {
  return `${group}\u0000${plural}`;
}

/** Kind and scope of each resource the input defines (CRDs and BoundSchemas), by group and plural; the first one wins. */
function definitions(manifests: readonly Manifest[], group: string): Map<string, { kind?: string; scope?: string }> {
  const out = new Map<string, { kind?: string; scope?: string }>();
  for (const m of manifests) {
    const isCrd = own(m, 'kind') === 'CustomResourceDefinition' && str(own(m, 'apiVersion'))?.startsWith('apiextensions.k8s.io/') === true;
    if (!isCrd && kindVersionOf(m, group) !== 'BoundSchema/v1alpha2') continue;
    const spec = own(m, 'spec');
    const g = str(own(spec, 'group'));
    const plural = str(own(own(spec, 'names'), 'plural'));
    if (g === undefined || plural === undefined || out.has(key(g, plural))) continue;
    out.set(key(g, plural), { kind: str(own(own(spec, 'names'), 'kind')), scope: str(own(spec, 'scope')) });
  }
  return out;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function strings(value: unknown): string[] {
  return list(value).filter((v): v is string => typeof v === 'string');
}

/** How a claim's selector picks objects, one line per way. */
function selections(selector: unknown): string[] {
  const out: string[] = [];
  const labelSelector = own(selector, 'labelSelector');
  if (isObject(labelSelector)) {
    const labels = Object.entries(isObject(own(labelSelector, 'matchLabels')) ? own(labelSelector, 'matchLabels') : {}).map(([k, v]) => `${k}=${String(v)}`);
    const expressions = list(own(labelSelector, 'matchExpressions')).filter(isObject).map(e => {
      const values = strings(own(e, 'values'));
      return `${String(own(e, 'key'))} ${String(own(e, 'operator'))}${values.length > 0 ? ` (${values.join(', ')})` : ''}`;
    });
    const all = [...labels, ...expressions];
    out.push(all.length === 0 ? 'every object (empty label selector)' : `labels ${all.join(', ')}`);
  }
  for (const named of list(own(selector, 'namedResources')).filter(isObject)) {
    const ns = str(own(named, 'namespace'));
    out.push(`named ${ns !== undefined && ns !== '' ? `${ns}/` : ''}${String(own(named, 'name'))}`);
  }
  for (const ref of list(own(selector, 'references')).filter(isObject)) {
    const g = str(own(ref, 'group')) ?? '';
    const jsonPath = own(ref, 'jsonPath');
    const name = str(own(jsonPath, 'name'));
    const namespace = str(own(jsonPath, 'namespace'));
    out.push(`referenced by ${String(own(ref, 'resource'))}${g !== '' ? `.${g}` : ''} at ${name ?? '(no jsonPath.name: selects nothing)'}`
      + `${namespace !== undefined ? `, namespace at ${namespace}` : ''}`);
  }
  if (out.length === 0) out.push('nothing (no selector)');
  return out;
}

/** The namespace kube-bind makes of `name` for one binding: `<prefix><hash>-<name>`. */
export function createdNamespace(name: string, prefix: string = DEFAULT_NAMESPACE_PREFIX): string {
  return `${prefix}<${NAMESPACE_HASH_LENGTH}-character hash>-${name}`;
}

/** What binding each template, v1alpha2 export or v1alpha2 request of `manifests` gives a consumer, in input order. */
export function offersOf(manifests: readonly Manifest[], options: ConsumerViewOptions = {}): Offer[] {
  const group = options.group ?? DEFAULT_GROUP;
  const prefix = options.namespacePrefix ?? DEFAULT_NAMESPACE_PREFIX;
  const defined = definitions(manifests, group);
  const out: Offer[] = [];
  for (const m of manifests) {
    const kv = kindVersionOf(m, group);
    if (kv === undefined || !OFFER_KINDS.includes(kv)) continue;
    const spec = own(m, 'spec');
    const apis = list(own(spec, 'resources')).filter(isObject).flatMap(r => {
      const g = str(own(r, 'group')) ?? '';
      const resource = str(own(r, 'resource'));
      if (resource === undefined) return [];
      const found = defined.get(key(g, resource));
      return [{ group: g, resource, versions: strings(own(r, 'versions')), ...(found?.kind !== undefined ? { kind: found.kind } : {}), ...(found?.scope !== undefined ? { scope: found.scope } : {}) }];
    });
    const claims = list(own(spec, 'permissionClaims')).filter(isObject).flatMap(c => {
      const resource = str(own(c, 'resource'));
      return resource === undefined ? [] : [{ group: str(own(c, 'group')) ?? '', resource, selections: selections(own(c, 'selector')) }];
    });
    const namespaces = list(own(spec, 'namespaces')).filter(isObject).flatMap(n => {
      const name = str(own(n, 'name'));
      return name === undefined ? [] : [{ name, created: createdNamespace(name, prefix) }];
    });
    const metadata = own(m, 'metadata');
    const namespace = str(own(metadata, 'namespace'));
    const description = str(own(spec, 'description'));
    const policy = str(own(spec, 'schemaUpdatePolicy'));
    const isolation = str(own(spec, 'isolation'));
    out.push({
      kind: String(own(m, 'kind')),
      name: str(own(metadata, 'name')) ?? '(no name)',
      ...(namespace !== undefined ? { namespace } : {}),
      ...(description !== undefined ? { description } : {}),
      apis,
      claims,
      namespaces,
      ...(policy !== undefined ? { schemaUpdatePolicy: policy } : {}),
      ...(isolation !== undefined ? { isolation } : {}),
    });
  }
  return out;
}

function groupResource(group: string, resource: string): string {
  return group === '' ? `${resource} (core)` : `${resource}.${group}`;
}

function apiLine(api: OfferedApi): string {
  const versions = api.versions.length > 0 ? api.versions.join(', ') : 'no versions (nothing is bound)';
  return `${api.kind !== undefined ? `${api.kind} ` : ''}${groupResource(api.group, api.resource)} ${versions}, ${api.scope ?? 'scope unknown (no CRD in the input)'}`;
}

function title(offer: Offer): string {
  return `${offer.kind} ${offer.namespace !== undefined ? `${offer.namespace}/` : ''}${offer.name}`;
}

/** The offers as text, one block each. */
export function renderOffersText(offers: readonly Offer[]): string {
  const lines: string[] = [];
  for (const offer of offers) {
    if (lines.length > 0) lines.push('');
    lines.push(`${title(offer)}${offer.description !== undefined ? `: ${offer.description}` : ''}`);
    lines.push('  a consumer who binds it is served:');
    lines.push(...(offer.apis.length > 0 ? offer.apis.map(a => `    ${apiLine(a)}`) : ['    nothing (no resources)']));
    if (offer.schemaUpdatePolicy !== undefined) lines.push(`    schema updates: ${offer.schemaUpdatePolicy === 'Always' ? 'follow the provider\'s CRDs (Always)' : 'copied once, at bind time (Never)'}`);
    lines.push('  the provider may read and write, in the consumer\'s cluster:');
    if (offer.claims.length === 0) lines.push('    nothing else (no permission claims)');
    for (const claim of offer.claims) {
      lines.push(`    ${groupResource(claim.group, claim.resource)}: ${claim.selections.join('; ')}`);
    }
    lines.push('  namespaces created for each binding (on the provider):');
    if (offer.namespaces.length === 0) lines.push('    none');
    for (const ns of offer.namespaces) lines.push(`    ${ns.name}, as ${ns.created}`);
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** Text a Mermaid label can hold: quotes and angle brackets as entity codes. */
function label(text: string): string {
  return `"${text.replace(/"/g, '#quot;').replace(/</g, '#lt;').replace(/>/g, '#gt;')}"`;
}

/** The offers as one Mermaid flowchart (for a pull request or `$GITHUB_STEP_SUMMARY`), in a fenced block. */
export function renderOffersMermaid(offers: readonly Offer[]): string {
  const lines = ['```mermaid', 'flowchart LR'];
  offers.forEach((offer, o) => {
    const id = `o${o}`;
    lines.push(`  ${id}_provider([${label(`provider: ${title(offer)}`)}])`);
    lines.push(`  subgraph ${id}_consumer[${label(`consumer cluster, bound to ${offer.name}`)}]`);
    offer.apis.forEach((api, i) => lines.push(`    ${id}_api${i}[${label(apiLine(api))}]`));
    offer.claims.forEach((claim, i) => lines.push(`    ${id}_claim${i}[${label(`${groupResource(claim.group, claim.resource)}: ${claim.selections.join('; ')}`)}]`));
    lines.push('  end');
    offer.apis.forEach((_, i) => lines.push(`  ${id}_provider -- serves --> ${id}_api${i}`));
    offer.claims.forEach((_, i) => lines.push(`  ${id}_provider -. reads and writes .-> ${id}_claim${i}`));
    offer.namespaces.forEach((ns, i) => {
      lines.push(`  ${id}_ns${i}[(${label(ns.created)})]`);
      lines.push(`  ${id}_provider -- creates --> ${id}_ns${i}`);
    });
  });
  lines.push('```');
  return `${lines.join('\n')}\n`;
}
