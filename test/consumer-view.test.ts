/**
 * The consumer's view of a template or export: text and Mermaid, through the
 * library (ConsumerView) and the CLI (explain).
 */
import { Testing } from 'cdk8s';
import { stringify } from 'yaml';
import { ConsumerView, KubeBindCrds } from '../src';
import { runCli } from './cli/cli-helpers';
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

  test('mermaid: one flowchart, labels escaped, an edge per API, claim and namespace', () => {
    const out = ConsumerView.mermaid([template, exportedCrd()]);
    expect(out.startsWith('```mermaid\nflowchart LR\n')).toBe(true);
    expect(out.endsWith('```\n')).toBe(true);
    expect(out).toContain('o0_provider -- serves --> o0_api0');
    expect(out.match(/reads and writes/g)).toHaveLength(2);
    expect(out).toContain('o0_ns0[("kube-bind-#lt;13-character hash#gt;-workshop")]');
    expect(out).not.toMatch(/\["[^\]]*<[^\]]*"\]/);
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
