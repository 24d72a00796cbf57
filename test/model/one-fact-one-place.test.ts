/**
 * The model of kube-bind states each fact once: the enums' values in
 * src/model/enums.ts, the immutable and required fields in the CRD
 * definitions (read back by src/crds/facts.ts). These tests fail when a fact
 * is written a second time, or when reading it back goes wrong.
 */
import * as fs from 'fs';
import * as path from 'path';
import { immutableSpecFields, propertiesOf, requiredOf, withSchemaDefaults } from '../../src/crds/facts';
import * as enums from '../../src/model/enums';
import { JUNCTOR_KEYWORDS, ONE_SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from '../../src/rules/k8s/decoded-schema';

const SRC = path.join(__dirname, '..', '..', 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'imports' ? [] : sourceFiles(full); // imports/ is generated from src/crds
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('enum values are stated once, in src/model/enums.ts', () => {
  const files = sourceFiles(SRC).filter(f => path.relative(SRC, f) !== path.join('model', 'enums.ts'));
  const texts = files.map(f => ({ file: path.relative(SRC, f), text: fs.readFileSync(f, 'utf8') }));

  /** Every list literal of quoted strings in a text, as sorted, comma-joined values. */
  function stringLists(text: string): string[] {
    const lists = text.match(/\[\s*(['"][^'"\n]*['"]\s*,\s*)+['"][^'"\n]*['"]\s*,?\s*\]/g) ?? [];
    return lists.map(list => (list.match(/['"][^'"\n]*['"]/g) ?? []).map(v => v.slice(1, -1)).sort().join(','));
  }

  for (const [name, e] of Object.entries(enums)) {
    const values = Object.values(e as { [k: string]: string });
    test(`${name} (${values.join(', ')}) is not restated as a list`, () => {
      const key = [...values].sort().join(',');
      const restated = texts.filter(t => stringLists(t.text).includes(key)).map(t => t.file);
      expect(restated).toEqual([]);
    });
  }

  test('the check finds a restated list, in any order (so the test above can fail)', () => {
    expect(stringLists("const SCOPES = ['Namespaced', \"Cluster\"];")).toEqual(['Cluster,Namespaced']);
  });
});

describe('facts read back from the CRD definitions', () => {
  test('immutable spec fields are the ones the CRD marks self == oldSelf, with the server\'s messages', () => {
    expect(immutableSpecFields('APIServiceExport/v1alpha1')).toEqual([{ name: 'informerScope', serverMessage: 'informerScope is immutable' }]);
    expect(immutableSpecFields('APIServiceExport/v1alpha2').map(f => f.name).sort())
      .toEqual(['clusterScopedIsolation', 'informerScope', 'isolation', 'permissionClaims', 'resources']);
    expect(immutableSpecFields('APIServiceExport/v1alpha2').find(f => f.name === 'resources')?.serverMessage).toBe('resources are immutable');
    expect(immutableSpecFields('BoundSchema/v1alpha2')).toEqual([]);
    expect(immutableSpecFields('CustomResourceDefinition/v1')).toEqual([]);
  });

  test('spec fields and required fields come from the schemas', () => {
    expect([...propertiesOf('APIServiceExport/v1alpha1', ['spec'])].sort())
      .toEqual(['clusterScopedIsolation', 'group', 'informerScope', 'names', 'scope', 'versions']);
    expect(propertiesOf('APIServiceExport/v1alpha1', ['spec', 'versions'])).toContain('additionalPrinterColumns');
    expect(requiredOf('BoundSchema/v1alpha2', ['spec'])).toEqual(['group', 'informerScope', 'names', 'scope', 'versions']);
    expect(requiredOf('APIServiceExport/v1alpha2', ['spec'])).toEqual(['informerScope', 'isolation', 'resources']);
    expect(propertiesOf('APIServiceExport/v1alpha2', ['spec', 'nope'])).toEqual([]);
  });

  test('schema defaults are applied as the server does, without touching given values or prototype keys', () => {
    const resources = [{ resource: 'widgets' }, { group: 'example.com', resource: 'gadgets' }];
    expect(withSchemaDefaults('APIServiceExport/v1alpha2', ['spec', 'resources'], resources))
      .toEqual([{ resource: 'widgets', group: '' }, { group: 'example.com', resource: 'gadgets' }]);
    expect(resources[0]).toEqual({ resource: 'widgets' });
    const claim = JSON.parse('{"resource":"secrets","selector":{"references":[{"resource":"widgets","jsonPath":{},"__proto__":{"x":1}}]}}');
    const defaulted = withSchemaDefaults('APIServiceExport/v1alpha2', ['spec', 'permissionClaims'], [claim]) as any[];
    expect(defaulted[0].group).toBe('');
    expect(defaulted[0].selector.references[0].group).toBe('');
    expect(Object.keys(defaulted[0].selector.references[0])).toContain('__proto__');
    expect(({} as any).x).toBeUndefined();
  });

  // defaulting/algorithm.go Default: defaulted values are defaulted in turn, and a non-nullable null takes the default.
  test('a default is defaulted in turn, and a null with a default takes it', () => {
    const request = { spec: { resources: [{ resource: 'widgets' }] } };
    const served = withSchemaDefaults('APIServiceExportRequest/v1alpha2', [], request) as any;
    expect(served.status).toEqual({ phase: 'Pending' });
    expect(served.spec.schemaUpdatePolicy).toBe('Never');
    expect((withSchemaDefaults('APIServiceExportRequest/v1alpha2', ['spec'], { resources: [{ resource: 'widgets', group: null }], schemaUpdatePolicy: null }) as any))
      .toEqual({ resources: [{ resource: 'widgets', group: '' }], schemaUpdatePolicy: 'Never' });
  });
});

describe('where a JSONSchemaProps nests schemas is stated once, in src/rules/k8s/decoded-schema.ts', () => {
  const files = sourceFiles(SRC).filter(f => path.relative(SRC, f) !== path.join('rules', 'k8s', 'decoded-schema.ts'));
  const texts = files.map(f => ({ file: path.relative(SRC, f), text: fs.readFileSync(f, 'utf8') }));
  const listsOf = (text: string): string[] => (text.match(/\[\s*(['"][^'"\n]*['"]\s*,\s*)+['"][^'"\n]*['"]\s*,?\s*\]/g) ?? [])
    .map(list => (list.match(/['"][^'"\n]*['"]/g) ?? []).map(v => v.slice(1, -1)).sort().join(','));
  const without = (list: readonly string[], key: string): string[] => list.filter(k => k !== key);

  // Each list, and each without items (which is one schema or a list of them), restated in any order, is a second copy.
  test.each([
    ['one schema', ONE_SCHEMA_KEYWORDS], ['one schema but items', without(ONE_SCHEMA_KEYWORDS, 'items')],
    ['a list of schemas', SCHEMA_LIST_KEYWORDS], ['the junctors', JUNCTOR_KEYWORDS],
    ['a map of schemas', SCHEMA_MAP_KEYWORDS],
  ])('%s is not restated as a list', (_name, keywords) => {
    const key = [...keywords].sort().join(',');
    expect(texts.filter(t => listsOf(t.text).includes(key)).map(t => t.file)).toEqual([]);
  });
});

describe('the Gregorian calendar of Go\'s time.Parse is ported once, in src/rules/k8s/strfmt/time.ts', () => {
  test('no other source file restates the leap-year rule', () => {
    const restating = sourceFiles(SRC).filter(f => /% ?400\b/.test(fs.readFileSync(f, 'utf8'))).map(f => path.relative(SRC, f));
    expect(restating).toEqual([path.join('rules', 'k8s', 'strfmt', 'time.ts')]);
  });
});
