/**
 * `textOutsideNamespace` (src/io/text-key.ts) keys an object by its
 * document's text less the value of `metadata.namespace`: two documents
 * meet only when they are the same text but for that value, standing as a
 * plain scalar alone on its line. Anything the line reader is not sure of
 * gets no text key (the object is then keyed by its JSON).
 */
import * as yaml from 'js-yaml';
import { runCli } from './cli-helpers';
import { RepeatedObjects } from '../../src/cli/repeated-objects';
import { textOutsideNamespace } from '../../src/io/text-key';
import { Manifest } from '../../src/model/manifest';
import { contextFor, validateObject } from '../../src/rules';
import { RULE_ROWS } from '../../src/rules/scenarios';

const CTX = contextFor();

const doc = (namespace: string, rest = '') =>
  `# a comment\napiVersion: kube-bind.io/v1alpha1\nkind: APIServiceExport\nmetadata:\n  name: widgets.example.com\n  namespace: ${namespace}\n${rest}spec:\n  scope: Namespaced\n`;

describe('the text less the namespace', () => {
  test('is the same for two copies in other namespaces, and for no other text', () => {
    const a = textOutsideNamespace(doc('consumer-a'), 'consumer-a');
    expect(a).toBe(doc('\u0000'));
    expect(textOutsideNamespace(doc('other-namespace-2'), 'other-namespace-2')).toBe(a);
    expect(textOutsideNamespace(doc('consumer-a', '  labels:\n    x: y\n'), 'consumer-a')).not.toBe(a);
  });

  test.each<[string, string, string]>([
    ['a quoted value', 'metadata:\n  namespace: "ns-a"\n', 'ns-a'],
    ['a comment after the value', 'metadata:\n  namespace: ns-a # here\n', 'ns-a'],
    // What the parser reads there, which the caller hands over.
    ['a value going on below', 'metadata:\n  namespace: ns-a\n    more\n', 'ns-a more'],
    ['flow metadata', 'metadata: {namespace: ns-a}\n', 'ns-a'],
    ['an alias', 'x: &n ns-a\nmetadata:\n  namespace: *n\n', 'ns-a'],
    ['a value that is not the one read', 'metadata:\n  namespace: ns-b\n', 'ns-a'],
    ['no namespace, one elsewhere', 'metadata:\n  name: ns-a\nspec:\n  namespace: ns-a\n', 'ns-a'],
    ['a root key "metadata.namespace"', 'metadata.namespace: ns-a\nmetadata:\n  name: x\n', 'ns-a'],
    ['a List', 'kind: List\nitems:\n  - metadata:\n      namespace: ns-a\n', 'ns-a'],
  ])('none for %s', (_, text, namespace) => {
    expect(textOutsideNamespace(text, namespace)).toBeUndefined();
  });
});

/** `m` written as YAML in `namespace`, read back, with its document's text. */
function copyIn(m: Manifest, namespace: string): { manifest: Manifest; text: string } {
  const copy = JSON.parse(JSON.stringify(m));
  if (typeof copy.metadata === 'object' && copy.metadata !== null && !Array.isArray(copy.metadata)) copy.metadata.namespace = namespace;
  const text = yaml.dump(copy);
  return { manifest: yaml.load(text) as Manifest, text };
}

const OBJECTS: Array<[string, Manifest]> = RULE_ROWS.flatMap(row => (['pass', 'fail'] as const)
  .flatMap(side => row[side]().objects.map((m, i): [string, Manifest] => [`${row.id} ${side} #${i}`, m])));

describe('an object repeated in another namespace, keyed by its text, gets the findings it would get alone', () => {
  test.each(OBJECTS)('%s', (_, m) => {
    const repeated = new RepeatedObjects();
    for (const namespace of ['consumer-a', 'consumer-b', 'consumer-c']) {
      const { manifest, text } = copyIn(m, namespace);
      const key = repeated.keyOf(manifest, CTX, ns => textOutsideNamespace(text, ns));
      expect(repeated.validateWithKey(manifest, CTX, key)).toEqual(validateObject(manifest, CTX));
    }
  });

  test('from the second object on, the text is the key', () => {
    const repeated = new RepeatedObjects();
    const { manifest, text } = copyIn(RULE_ROWS.find(r => r.id === 'KB020')!.pass().objects[0], 'consumer-a');
    const byText = (): string | undefined => repeated.keyOf(manifest, CTX, ns => textOutsideNamespace(text, ns));
    const first = byText();
    const second = byText();
    expect(first).toBe(repeated.keyOf(manifest, CTX));
    expect(second).not.toBe(first);
    expect(second).toContain(text.replace('consumer-a', '\u0000'));
  });
});

describe('validate of copies that differ in their namespace: each finding on its own copy\'s line', () => {
  // Findings on several lines: scope, informerScope, a version's name.
  const exportIn = (namespace: string, blank = '') => [
    'apiVersion: kube-bind.io/v1alpha1', 'kind: APIServiceExport', 'metadata:', '  name: widgets.example.com', `  namespace: ${namespace}`,
    `spec:${blank}`, '  group: example.com', '  names:', '    kind: Widget', '    plural: widgets', '  scope: Nowhere',
    '  informerScope: Somewhere', '  versions:', '    - name: V1', '      served: true', '      storage: true', '',
  ].join('\n');
  const other = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n';
  const copies = [exportIn('ns-1'), other, exportIn('ns-2'), exportIn('ns-3', '  '), other + '\n\n', exportIn('ns-4')];

  /** `file:line:` and the rest of each finding's first line, as `validate` prints them. */
  const findings = (text: string): string[] => text.split('\n').filter(l => /^[^ ].*:\d+: /.test(l));

  test('as validating each copy alone puts them, shifted to where it stands', async () => {
    const together = await runCli(['validate', '-'], { stdin: copies.join('---\n') });
    const expected: string[] = [];
    let line = 1;
    for (const copy of copies) {
      const alone = await runCli(['validate', '-'], { stdin: copy });
      for (const f of findings(alone.out)) expected.push(f.replace(/^<stdin>:(\d+):/, (_, n) => `<stdin>:${Number(n) + line - 1}:`));
      line += copy.split('\n').length;
    }
    // Five findings a copy: scope, informerScope, and the version name twice (kube-bind's pattern, KB005; a DNS-1035 label, KB042).
    expect(findings(together.out).length).toBe(4 * 5);
    expect(findings(together.out)).toEqual(expected);
  });
});
