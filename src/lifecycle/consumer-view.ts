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
import { deprecationNotes } from '../rules/k8s/deprecation';

/** A served version that is deprecated, with the warning the API server sends with every request to it. */
export interface DeprecatedVersion {
  readonly version: string;
  /** The version's `deprecationWarning`, else the API server's default text; `''` when set empty. */
  readonly warning: string;
}

/** One API the consumer is served. */
export interface OfferedApi {
  readonly group: string;
  readonly resource: string;
  readonly versions: readonly string[];
  /** From the CRD or BoundSchema of the input; undefined when none defines the resource. */
  readonly kind?: string;
  readonly scope?: string;
  /** The bound versions the CRD or BoundSchema of the input marks deprecated, in `versions` order. */
  readonly deprecated: readonly DeprecatedVersion[];
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

interface Definition {
  readonly kind?: string;
  readonly scope?: string;
  readonly deprecated: readonly DeprecatedVersion[];
}

/** Kind, scope and deprecated versions of each resource the input defines (CRDs and BoundSchemas), by group and plural; the first one wins. */
function definitions(manifests: readonly Manifest[], group: string): Map<string, Definition> {
  const out = new Map<string, Definition>();
  for (const m of manifests) {
    const isCrd = own(m, 'kind') === 'CustomResourceDefinition' && str(own(m, 'apiVersion'))?.startsWith('apiextensions.k8s.io/') === true;
    if (!isCrd && kindVersionOf(m, group) !== 'BoundSchema/v1alpha2') continue;
    const spec = own(m, 'spec');
    const g = str(own(spec, 'group'));
    const plural = str(own(own(spec, 'names'), 'plural'));
    if (g === undefined || plural === undefined || out.has(key(g, plural))) continue;
    const deprecated = deprecationNotes(m, group).map(n => ({ version: n.version, warning: n.warning }));
    out.set(key(g, plural), { kind: str(own(own(spec, 'names'), 'kind')), scope: str(own(spec, 'scope')), deprecated });
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
      const versions = strings(own(r, 'versions'));
      return [{
        group: g,
        resource,
        versions,
        ...(found?.kind !== undefined ? { kind: found.kind } : {}),
        ...(found?.scope !== undefined ? { scope: found.scope } : {}),
        deprecated: (found?.deprecated ?? []).filter(d => versions.includes(d.version)),
      }];
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

function deprecationLine(d: DeprecatedVersion): string {
  // An empty deprecationWarning is KB034's error; the view still says the version is deprecated.
  return d.warning === '' ? `${d.version} is deprecated (its deprecationWarning is empty)` : `${d.version} is deprecated: clients receive the warning ${JSON.stringify(d.warning)}`;
}

function title(offer: Offer): string {
  return `${offer.kind} ${offer.namespace !== undefined ? `${offer.namespace}/` : ''}${offer.name}`;
}

/** The description on one line: it follows the title in the text, and a Mermaid label holds no line break. */
function oneLine(text: string): string {
  return text.trim().split(/\s+/).join(' ');
}

/** One fact of the view; `details` qualify it (the deprecated versions of an API). */
interface Fact {
  readonly text: string;
  readonly details: readonly string[];
  /** What binding gives (an API, a claim, a namespace): the diagram draws an edge to it from the template. A note ("none") has none. */
  readonly linked: boolean;
}

/** A part of the view: a heading and its facts. */
interface Part {
  readonly heading: string;
  readonly facts: readonly Fact[];
}

/**
 * Everything the view says of one offer, once, for both renderings: the text
 * prints every heading, fact and detail as a line, the diagram puts each in a
 * label (test/consumer-view.test.ts checks that no line of the text is missing
 * from the diagram).
 */
interface OfferParts {
  readonly title: string;
  readonly served: Part;
  readonly claimed: Part;
  readonly created: Part;
}

function linked(text: string, details: readonly string[] = []): Fact {
  return { text, details, linked: true };
}

function note(text: string): Fact {
  return { text, details: [], linked: false };
}

function partsOf(offer: Offer): OfferParts {
  const served = offer.apis.length > 0 ? offer.apis.map(a => linked(apiLine(a), a.deprecated.map(deprecationLine))) : [note('nothing (no resources)')];
  if (offer.schemaUpdatePolicy !== undefined) {
    served.push(note(`schema updates: ${offer.schemaUpdatePolicy === 'Always' ? 'follow the provider\'s CRDs (Always)' : 'copied once, at bind time (Never)'}`));
  }
  if (offer.isolation !== undefined) served.push(note(`isolation from other consumers, on the provider: ${offer.isolation}`));
  const claimed = offer.claims.length > 0
    ? offer.claims.map(c => linked(`${groupResource(c.group, c.resource)}: ${c.selections.join('; ')}`))
    : [note('nothing else (no permission claims)')];
  const created = offer.namespaces.length > 0 ? offer.namespaces.map(ns => linked(`${ns.name}, as ${ns.created}`)) : [note('none')];
  return {
    title: `${title(offer)}${offer.description !== undefined && oneLine(offer.description) !== '' ? `: ${oneLine(offer.description)}` : ''}`,
    served: { heading: 'a consumer who binds it is served', facts: served },
    claimed: { heading: 'the provider may read and write, in the consumer\'s cluster', facts: claimed },
    created: { heading: 'namespaces created for each binding (on the provider)', facts: created },
  };
}

/** The offers as text, one block each. */
export function renderOffersText(offers: readonly Offer[]): string {
  const lines: string[] = [];
  for (const offer of offers) {
    const parts = partsOf(offer);
    if (lines.length > 0) lines.push('');
    lines.push(parts.title);
    for (const part of [parts.served, parts.claimed, parts.created]) {
      lines.push(`  ${part.heading}:`);
      for (const fact of part.facts) lines.push(`    ${fact.text}`, ...fact.details.map(d => `      ${d}`));
    }
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** Mermaid's entity codes (`#quot;` is `&quot;`) for the characters a label cannot hold as they are. */
const ENTITIES: Record<string, string> = { '#': '#35;', '"': '#quot;', '<': '#lt;', '>': '#gt;', '&': '#amp;', '`': '#96;' };

/**
 * Text a Mermaid label can hold, in quotes: a `"` would end it, `<`, `>` and `&` would
 * be read as HTML, a leading backquote as Markdown, and a `#` starts an entity code
 * (`#1;`), so each is written as its entity code. Mermaid (11, `encodeEntities`) also
 * drops the last `;` of a line where `style` or `classDef` comes before a `:` that
 * precedes a `#` (it takes the line for a style), which would break the label's last
 * entity code: in such a label the colons are entity codes too. Several texts are
 * lines of one label (a fact and its details).
 */
function label(...texts: string[]): string {
  const escaped = texts.map(t => t.replace(/[#"<>&`]/g, c => ENTITIES[c])).join('<br/>');
  return `"${texts.some(t => /style|classDef/.test(t)) ? escaped.replace(/:/g, '#58;') : escaped}"`;
}

/** The edge from the template to each linked fact of a part. */
const EDGES: Record<'served' | 'claimed' | 'created', string> = {
  served: '-- serves -->',
  claimed: '-. reads and writes .->',
  created: '-- creates -->',
};

/**
 * The offers as one Mermaid flowchart (for a pull request or `$GITHUB_STEP_SUMMARY`), in a
 * fenced block: each offer's template and the namespaces created for it in the provider's
 * cluster; what it serves and what the provider may touch in the consumer's cluster.
 */
export function renderOffersMermaid(offers: readonly Offer[]): string {
  const out = ['```mermaid', 'flowchart LR'];
  offers.forEach((offer, o) => {
    const id = `o${o}`;
    const parts = partsOf(offer);
    const nodes = (name: 'served' | 'claimed' | 'created'): void => {
      const part = parts[name];
      out.push(`    subgraph ${id}_${name}[${label(part.heading)}]`);
      part.facts.forEach((fact, i) => {
        const text = label(fact.text, ...fact.details);
        // A created namespace is drawn as storage; a note ("none") as a plain box.
        out.push(`      ${id}_${name}${i}${name === 'created' && fact.linked ? `[(${text})]` : `[${text}]`}`);
      });
      out.push('    end');
    };
    // A rounded box, not a stadium: a long description makes it tall, and a stadium's text then spills out.
    out.push(`  subgraph ${id}_provider_side[${label('provider cluster')}]`);
    out.push(`    ${id}_provider(${label(parts.title)})`);
    nodes('created');
    out.push('  end');
    out.push(`  subgraph ${id}_consumer_side[${label(`consumer cluster, bound to ${offer.name}`)}]`);
    nodes('served');
    nodes('claimed');
    out.push('  end');
    for (const name of ['served', 'claimed', 'created'] as const) {
      parts[name].facts.forEach((fact, i) => {
        if (fact.linked) out.push(`  ${id}_provider ${EDGES[name]} ${id}_${name}${i}`);
      });
    }
  });
  out.push('```');
  return `${out.join('\n')}\n`;
}
