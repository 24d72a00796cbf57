/**
 * The consumer's view of a template or export: text and Mermaid, through the
 * library (ConsumerView) and the CLI (explain).
 */
import { Testing } from 'cdk8s';
import { stringify } from 'yaml';
import { ConsumerView, KubeBindCrds } from '../src';
import { runCli } from './cli/cli-helpers';
import { mermaidLabels, missingFacts, ODD, textFacts, viewsOf, VIEWS } from './support/consumer-views';
import { chart } from './util';
import { exportedCrd, tpl } from '../src/rules/engine/scenario-kit';

const template = tpl(
  ['spec.description', 'Widgets for every team'],
  ['spec.permissionClaims', [
    { group: '', resource: 'secrets', selector: { labelSelector: { matchLabels: { app: 'widgets' } }, references: [{ group: 'example.com', resource: 'widgets', versions: ['v1'], jsonPath: { name: 'spec.secretName', namespace: 'spec.secretNamespace' } }] } },
    { group: '', resource: 'configmaps', selector: { namedResources: [{ name: 'settings', namespace: 'ops' }] } },
  ]],
  ['spec.namespaces', [{ name: 'workshop' }]],
  ['spec.schemaUpdatePolicy', 'Always'],
);

describe('ConsumerView', () => {
  test('text: APIs with versions, kind and scope from the CRD; each claim and how it picks objects; the namespaces', () => {
    expect(ConsumerView.text([template, exportedCrd()])).toBe([
      'APIServiceExportTemplate widgets: Widgets for every team',
      '  a consumer who binds it is served:',
      '    Widget widgets.example.com v1, Namespaced',
      '    schema updates: follow the provider\'s CRDs (Always)',
      '  the provider may read and write, in the consumer\'s cluster:',
      '    secrets (core): labels app=widgets; referenced by widgets.example.com at spec.secretName, namespace at spec.secretNamespace',
      '    configmaps (core): named ops/settings',
      '  namespaces created for each binding (on the provider):',
      '    workshop, as kube-bind-<13-character hash>-workshop',
      '',
    ].join('\n'));
  });

  test('without the CRD the scope is said to be unknown; the prefix is the backend\'s', () => {
    const text = ConsumerView.text([template], { namespacePrefix: 'kb-' });
    expect(text).toContain('widgets.example.com v1, scope unknown (no CRD in the input)');
    expect(text).toContain('workshop, as kb-<13-character hash>-workshop');
  });

  test('mermaid: the template and the namespaces made for it in the provider cluster; what it serves and the claims in the consumer\'s', () => {
    expect(ConsumerView.mermaid([template, exportedCrd()])).toBe([
      '```mermaid',
      'flowchart LR',
      '  subgraph o0_provider_side["provider cluster"]',
      '    o0_provider("APIServiceExportTemplate widgets: Widgets for every team")',
      '    subgraph o0_created["namespaces created for each binding (on the provider)"]',
      '      o0_created0[("workshop, as kube-bind-#lt;13-character hash#gt;-workshop")]',
      '    end',
      '  end',
      '  subgraph o0_consumer_side["consumer cluster, bound to widgets"]',
      '    subgraph o0_served["a consumer who binds it is served"]',
      '      o0_served0["Widget widgets.example.com v1, Namespaced"]',
      '      o0_served1["schema updates: follow the provider\'s CRDs (Always)"]',
      '    end',
      '    subgraph o0_claimed["the provider may read and write, in the consumer\'s cluster"]',
      '      o0_claimed0["secrets (core): labels app=widgets; referenced by widgets.example.com at spec.secretName, namespace at spec.secretNamespace"]',
      '      o0_claimed1["configmaps (core): named ops/settings"]',
      '    end',
      '  end',
      '  o0_provider -- serves --> o0_served0',
      '  o0_provider -. reads and writes .-> o0_claimed0',
      '  o0_provider -. reads and writes .-> o0_claimed1',
      '  o0_provider -- creates --> o0_created0',
      '```',
      '',
    ].join('\n'));
  });

  test('deprecated versions: each bound one, with the warning clients receive (its own, else the API server\'s default)', () => {
    const [, deprecations] = VIEWS;
    const text = ConsumerView.text(deprecations.manifests);
    expect(text).toContain([
      '    Widget widgets.example.com v1beta1, v1, v2, Namespaced',
      '      v1beta1 is deprecated: clients receive the warning "example.com/v1beta1 Widget is deprecated; use example.com/v2 Widget"',
      '      v1 is deprecated: clients receive the warning "v1 \\"Widget\\" goes away in 2027; restyle:\\"v2\\" <soon>"',
      '',
    ].join('\n'));
    // The template that binds only v2 says nothing of the others.
    expect(text).toContain('APIServiceExportTemplate current: Only v2\n  a consumer who binds it is served:\n    Widget widgets.example.com v2, Namespaced\n  the provider');
    expect(text.match(/^ {6}\S+ is deprecated/gm)).toHaveLength(2);
  });

  test('an export\'s isolation; a description of several lines is one line', () => {
    const [, , , exportAndRequest, nothing] = VIEWS;
    expect(ConsumerView.text(exportAndRequest.manifests)).toContain('    isolation from other consumers, on the provider: Prefixed\n');
    expect(ConsumerView.text(nothing.manifests).split('\n')[0]).toBe('APIServiceExportTemplate widgets: several lines and spaces');
  });

  describe('the Mermaid view says every line of the text view', () => {
    test.each(VIEWS.map(v => [v.name, v.manifests] as const))('%s', (_, manifests) => {
      const { text, mermaid } = viewsOf(manifests);
      expect(textFacts(text).length).toBeGreaterThan(6);
      expect(missingFacts(textFacts(text), mermaidLabels(mermaid))).toEqual([]);
    });

    test('a fact the diagram lacks is found missing', () => {
      const withDescription = tpl(['spec.description', 'Widgets for every team']);
      const { text } = viewsOf([withDescription]);
      const { mermaid } = viewsOf([tpl()]);
      expect(missingFacts(textFacts(text), mermaidLabels(mermaid))).toEqual(['APIServiceExportTemplate widgets: Widgets for every team']);
    });
  });

  test('labels keep odd characters as text: entity codes for quotes, brackets, #, & and backquotes; no line Mermaid takes for a style', () => {
    const { mermaid } = viewsOf(VIEWS[0].manifests);
    expect(mermaidLabels(mermaid)).toContain(`APIServiceExportTemplate odd: ${ODD}`);
    expect(mermaidLabels(mermaid)).toContain('<b>#1;, as kube-bind-<13-character hash>-<b>#1;');
    for (const quoted of mermaid.match(/"[^"\n]*"/g) ?? []) expect(quoted.slice(1, -1)).not.toMatch(/[<>&`"]|#(?!(quot|lt|gt|amp|\d+);)/);
    // mermaid 11's encodeEntities drops the last ";" of such a line, which would break the label's last entity code.
    const styleLike = VIEWS.flatMap(v => viewsOf(v.manifests).mermaid.split('\n')).filter(l => /style.*:\S*#.*;|classDef.*:\S*#.*;/.test(l));
    expect(styleLike).toEqual([]);
  });

  test('works on what an app synthesizes, and says nothing of other objects', () => {
    const c = chart();
    new KubeBindCrds(c, 'crds');
    expect(ConsumerView.text(Testing.synth(c))).toBe('');
  });
});

describe('cdk8s-kube-bind explain', () => {
  test('text and mermaid from standard input; a note when nothing is there', async () => {
    const input = [template, exportedCrd()].map(m => stringify(m)).join('---\n');
    const text = await runCli(['explain', '-'], { stdin: input });
    expect(text.code).toBe(0);
    expect(text.out).toBe(ConsumerView.text([template, exportedCrd()]));
    const mermaid = await runCli(['explain', '--output', 'mermaid', '-'], { stdin: input });
    expect(mermaid.out).toBe(ConsumerView.mermaid([template, exportedCrd()]));
    const none = await runCli(['explain', '-'], { stdin: stringify(exportedCrd()) });
    expect(none.code).toBe(0);
    expect(none.err).toContain('no APIServiceExportTemplate, APIServiceExport or APIServiceExportRequest');
  });
});
