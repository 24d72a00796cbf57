/**
 * Manifests whose consumer's view is hard to draw (odd characters, several
 * templates, deprecated versions, a long description, nothing offered), and
 * what the text view says of them, line by line: the facts the Mermaid view
 * must say too (test/consumer-view.test.ts compares the Mermaid source,
 * test/consumer-view.browser.test.ts the diagram Chromium renders).
 */
import { ConsumerView } from '../../src';
import { exportedCrd, tpl, version, a2, req } from '../../src/rules/engine/scenario-kit';

/** Characters a Mermaid label must carry as text: quotes, brackets, `#`, `;`, entity-like and HTML-like text, unicode. */
export const ODD = 'Widgets "quoted" \'single\' [brackets] {braces} (parens) #hash; #35; #quot; a;b 100% & &amp; <b>bold</b> `tick` | pipe'
  + ' lifestyle:"x"; ünïcødé ✓ 日本語 --> end';

const LONG = Array.from({ length: 12 }, (_, i) => `Sentence ${i + 1} of a long description that a platform team writes for its consumers.`).join(' ');

/** A CRD of the widgets with v1beta1 deprecated (the API server's default warning), v1 deprecated with its own warning, and v2. */
const deprecatedCrd = exportedCrd(['spec.versions', [
  version('v1beta1', { storage: false, deprecated: true }),
  version('v1', { storage: false, deprecated: true, deprecationWarning: 'v1 "Widget" goes away in 2027; restyle:"v2" <soon>' }),
  version('v2'),
]]);

const claims = [
  { group: '', resource: 'secrets', selector: { labelSelector: { matchLabels: { 'app.kubernetes.io/name': 'a#1;b' } }, references: [{ group: 'example.com', resource: 'widgets', versions: ['v1'], jsonPath: { name: 'spec["secret"]', namespace: 'spec.ns' } }] } },
  { group: '', resource: 'configmaps', selector: { namedResources: [{ name: 'settings<b>', namespace: 'ops;"x"' }] } },
];

/** Named sets of manifests, each one consumer's view. */
export const VIEWS: ReadonlyArray<{ readonly name: string; readonly manifests: any[] }> = [
  {
    name: 'odd characters in the description, claims and namespaces',
    manifests: [tpl(
      ['metadata.name', 'odd'],
      ['spec.description', ODD],
      ['spec.permissionClaims', claims],
      ['spec.namespaces', [{ name: 'work"shop' }, { name: '<b>#1;' }]],
      ['spec.schemaUpdatePolicy', 'Always'],
    ), exportedCrd()],
  },
  {
    name: 'three templates, deprecated versions with default and own warnings',
    manifests: [
      tpl(['metadata.name', 'current'], ['spec.description', 'Only v2'], ['spec.resources', [{ group: 'example.com', resource: 'widgets', versions: ['v2'] }]]),
      tpl(['metadata.name', 'legacy'], ['spec.description', 'Every version'], ['spec.resources', [{ group: 'example.com', resource: 'widgets', versions: ['v1beta1', 'v1', 'v2'] }]],
        ['spec.namespaces', [{ name: 'legacy' }]], ['spec.schemaUpdatePolicy', 'Never']),
      tpl(['metadata.name', 'unknown'], ['spec.resources', [{ group: 'other.example.com', resource: 'things', versions: ['v1'] }, { group: 'example.com', resource: 'gadgets', versions: [] }]]),
      deprecatedCrd,
    ],
  },
  {
    name: 'a long description',
    manifests: [tpl(['spec.description', LONG], ['spec.namespaces', [{ name: 'workshop' }]]), exportedCrd()],
  },
  {
    name: 'an export and a request, with isolation',
    manifests: [a2(['spec.permissionClaims', claims]), req(), deprecatedCrd],
  },
  {
    name: 'nothing offered',
    manifests: [tpl(['spec.resources', []], ['spec.description', '  several\n  lines\tand   spaces  '])],
  },
];

/** The facts of a text view: each line without its indent, and without a final colon (a heading's). */
export function textFacts(text: string): string[] {
  return text.split('\n').map(l => l.trim().replace(/:$/, '')).filter(l => l !== '');
}

/** Runs of white space as one space: a diagram breaks lines where the text has spaces. */
export function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The text of each quoted label of a Mermaid source, as a reader sees it: line breaks as spaces, entity codes decoded. */
export function mermaidLabels(source: string): string[] {
  const named: Record<string, string> = { quot: '"', lt: '<', gt: '>', amp: '&' };
  return Array.from(source.matchAll(/"([^"\n]*)"/g), m => m[1]
    .replace(/<br\s*\/?>/g, ' ')
    .replace(/#(quot|lt|gt|amp|\d+);/g, (_, code: string) => named[code] ?? String.fromCodePoint(Number(code))));
}

/** The facts no label holds (white space normalized). */
export function missingFacts(facts: readonly string[], labels: readonly string[]): string[] {
  const shown = labels.map(normalize);
  return facts.filter(f => !shown.some(l => l.includes(normalize(f))));
}

/** Both views of one set of manifests. */
export function viewsOf(manifests: any[]): { text: string; mermaid: string } {
  return { text: ConsumerView.text(manifests), mermaid: ConsumerView.mermaid(manifests) };
}
