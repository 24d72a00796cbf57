/**
 * `validate` on CustomResourceDefinitions: the rules mirroring Kubernetes'
 * CRD validation report broken CRDs at the CRD's own paths and lines; what
 * kube-bind could not export is a note; what only the kube-bind spec demands
 * does not apply.
 */
import * as yaml from 'js-yaml';
import { lineContaining, removeTempDirs, runCli, tempDir, writeFile } from './cli-helpers';
import { apiServiceExportCrd, boundSchemaCrd } from '../../src/crds';
import { Manifest } from '../../src/model/manifest';

afterAll(removeTempDirs);

function crd(over: { metadata?: Manifest; spec?: Manifest; version?: Manifest; versions?: Manifest[] } = {}): Manifest {
  const version = {
    name: 'v1',
    served: true,
    storage: true,
    schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } } },
    ...over.version,
  };
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com', ...over.metadata },
    spec: {
      group: 'example.com',
      names: { kind: 'Widget', plural: 'widgets', singular: 'widget', listKind: 'WidgetList' },
      scope: 'Namespaced',
      versions: over.versions ?? [version],
      ...over.spec,
    },
  };
}

interface Finding { rule: string; severity: string; path: string; message: string; hint?: string }

async function validate(...manifests: Manifest[]): Promise<{ code: number; findings: Finding[][]; text: string; file: string; err: string }> {
  const dir = tempDir();
  const text = manifests.map(m => yaml.dump(m, { noRefs: true })).join('---\n');
  const file = writeFile(dir, 'crds.yaml', text);
  const r = await runCli(['validate', '--output', 'json', file]);
  const entries = JSON.parse(r.out);
  return { code: r.code, findings: entries.map((e: any) => e.violations), text, file, err: r.err };
}

test('a valid CRD is checked (not skipped) and passes', async () => {
  const r = await runCli(['validate', writeFile(tempDir(), 'ok.yaml', yaml.dump(crd()))]);
  expect(r.out).toBe('1 object checked: 1 valid, 0 invalid; 0 skipped; 0 errors, 0 warnings, 0 notes\n');
  expect(r.code).toBe(0);
});

test('a folder of broken CRDs: each reported with its rule, at the CRD\'s own path and line; exit status 1', async () => {
  const broken = [
    crd({ metadata: { name: 'widgets.example' }, spec: { group: 'example' } }),
    crd({ metadata: { name: 'widgets' } }),
    crd({ version: { storage: false } }),
    crd({ version: { additionalPrinterColumns: [{ name: 'Size', type: 'int', jsonPath: '.spec.size' }] } }),
    crd({ version: { schema: { openAPIV3Schema: { 'type': 'object', 'x-kubernetes-validations': [{ rule: 'self.size ===' }] } } } }),
    crd({ spec: { names: { kind: 'Widget', plural: 'Widgets' } }, metadata: { name: 'Widgets.example.com' } }),
    crd({ version: { subresources: { scale: { specReplicasPath: '.status.replicas', statusReplicasPath: '.status.replicas' } } } }),
    crd({ spec: { conversion: { strategy: 'Webhook', webhook: { clientConfig: { url: 'http://convert.example.com' }, conversionReviewVersions: ['v9'] } } } }),
  ];
  const r = await validate(...broken);
  expect(r.code).toBe(1);
  const errors = r.findings.map(f => f.filter(v => v.severity === 'error').map(v => `${v.rule} ${v.path}`));
  expect(errors[0]).toEqual(['KB010 spec.group']);
  expect(errors[1]).toEqual(['KB021 metadata.name']);
  expect(errors[2]).toEqual(['KB030 spec.versions']);
  expect(errors[3]).toEqual(['KB051 spec.versions[0].additionalPrinterColumns[0].type']);
  expect(errors[4]).toEqual(['KB043 spec.versions[0].schema.openAPIV3Schema.x-kubernetes-validations[0].rule']);
  expect(errors[5]).toContain('KB011 spec.names.plural');
  expect(errors[6]).toEqual(['KB060 spec.versions[0].subresources.scale.specReplicasPath']);
  expect(errors[7]).toEqual(expect.arrayContaining(['KB084 spec.conversion.webhook.clientConfig.url', 'KB089 spec.conversion.webhook.conversionReviewVersions']));
  // Lines are the CRD's own: the text output points at the field in the file.
  const text = await runCli(['validate', r.file]);
  expect(text.out).toContain(`${r.file}:${lineContaining(r.text, 'group: example')}: error KB010 widgets.example (CustomResourceDefinition apiextensions.k8s.io/v1) spec.group: "example" must contain at least one dot`);
  expect(text.out).toMatch(/8 objects checked: 0 valid, 8 invalid; 0 skipped; \d+ errors/);
});

test('what kube-bind could not export is a note, never an error: different schemas, a service webhook, selectableFields', async () => {
  // A selectable field must name an integer, string or boolean field of the version's schema (KB186).
  const sized = { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } };
  const v1 = { name: 'v1', served: true, storage: false, schema: { openAPIV3Schema: sized }, selectableFields: [{ jsonPath: '.spec.size' }] };
  const v2 = { name: 'v2', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object' } } } } };
  const r = await validate(crd({
    versions: [v1, v2],
    spec: { conversion: { strategy: 'Webhook', webhook: { clientConfig: { service: { name: 'convert', namespace: 'system' } }, conversionReviewVersions: ['v1'] } } },
  }));
  expect(r.code).toBe(0);
  expect(r.findings[0].map(v => `${v.rule} ${v.severity} ${v.path}`)).toEqual([
    'KB180 info spec.versions[1].schema.openAPIV3Schema',
    'KB180 info spec.conversion.webhook.clientConfig.service',
    'KB180 info spec.versions[0].selectableFields',
  ]);
  expect(r.findings[0][0].message).toContain('differs from spec.versions[0]\'s');
  expect(r.findings[0][0].hint).toContain('kube-bind exports one schema for all versions, so it cannot export this CRD as it is');
});

test('rules of the kube-bind spec alone do not apply to a CRD: served may be left out, schemas may differ, columns may have negative priority', async () => {
  const r = await validate(crd({ version: { served: undefined, additionalPrinterColumns: [{ name: 'Size', type: 'integer', jsonPath: '.spec.size', priority: -1 }] } }));
  const rules = r.findings[0].map(v => v.rule);
  for (const id of ['KB031', 'KB032', 'KB035', 'KB054', 'KB002', 'KB009']) expect(rules).not.toContain(id);
});

test('kube-bind\'s own CRDs are valid and get no notes (they are installed, not exported)', async () => {
  const r = await validate(apiServiceExportCrd(), boundSchemaCrd());
  expect(r.findings).toEqual([[], []]);
  expect(r.code).toBe(0);
});

test('a CRD without apiVersion is an error (KB001), as any document without one: kubectl refuses it', async () => {
  const { apiVersion: _dropped, ...rest } = crd();
  const r = await runCli(['validate', writeFile(tempDir(), 'x.yaml', yaml.dump(rest))]);
  expect(r.out).toContain('error KB001');
  expect(r.out).toContain('hint: add apiVersion: apiextensions.k8s.io/v1');
  expect(r.out).toContain('1 object checked: 0 valid, 1 invalid');
  expect(r.code).toBe(1);
});

test('default: off in YAML: the finding says YAML 1.1 read off as a boolean and to quote it', async () => {
  const text = [
    'apiVersion: kube-bind.io/v1alpha2', 'kind: BoundSchema', 'metadata:', '  name: widgets.example.com', 'spec:',
    '  group: example.com', '  names: { kind: Widget, plural: widgets }', '  scope: Namespaced', '  informerScope: Namespaced',
    '  versions:', '  - name: v1', '    served: true', '    storage: true', '    schema:', '      openAPIV3Schema:',
    '        type: object', '        properties:', '          mode: { type: string, default: off }', '',
  ].join('\n');
  const r = await runCli(['validate', writeFile(tempDir(), 'off.yaml', text)]);
  expect(r.code).toBe(1);
  expect(r.out).toContain('properties.mode.default: false is not valid for its own schema: must be of type string, got boolean');
  expect(r.out).toContain('read an unquoted off, no or n as the boolean false: quote the word, e.g. "off"');
});
