/**
 * `RepeatedDocuments` (src/io/repeated-documents.ts) copies the object of a
 * document read earlier when a document is the same text but for the plain
 * scalar of `metadata.namespace`: what it gives must be what reading the
 * document gives, for every rule's scenarios and for the texts it must not
 * take for a repeat.
 */
import * as yaml from 'js-yaml';
import * as parse from '../../src/io/parse';
import { DEFAULT_LIMITS } from '../../src/io/read';
import { RepeatedDocuments } from '../../src/io/repeated-documents';
import { splitDocuments } from '../../src/io/split';
import { Manifest } from '../../src/model/manifest';
import { RULE_ROWS } from '../../src/rules/scenarios';

/** Each document of `text` read by `documents` and by `parseDocument` alone; and how many `documents` read itself. */
function readBoth(text: string): { copied: parse.ParsedDocument[]; read: parse.ParsedDocument[]; parsed: number } {
  const documents = new RepeatedDocuments();
  const docs = splitDocuments(text);
  const spy = jest.spyOn(parse, 'parseDocument');
  const copied = docs.map(d => documents.parse('f.yaml', d, DEFAULT_LIMITS));
  const parsed = spy.mock.calls.length;
  spy.mockRestore();
  return { copied, read: docs.map(d => parse.parseDocument('f.yaml', d, DEFAULT_LIMITS)), parsed };
}

const OBJECTS: Array<[string, Manifest]> = RULE_ROWS.flatMap(row => (['pass', 'fail'] as const)
  .flatMap(side => row[side]().objects.map((m, i): [string, Manifest] => [`${row.id} ${side} #${i}`, m])));

/** `m` in `namespace`, as YAML with a comment before it. */
function inNamespace(m: Manifest, namespace: string): string {
  const copy = JSON.parse(JSON.stringify(m));
  if (typeof copy.metadata === 'object' && copy.metadata !== null && !Array.isArray(copy.metadata)) copy.metadata.namespace = namespace;
  return `# a copy\n${yaml.dump(copy)}`;
}

describe('a document repeated in other namespaces reads as it reads alone', () => {
  test.each(OBJECTS)('%s', (_, m) => {
    const { copied, read } = readBoth(['consumer-a', 'consumer-b', 'other-3', 'consumer-b'].map(ns => inNamespace(m, ns)).join('---\n'));
    expect(copied).toEqual(read);
  });

  test('the repeats are copied, not read, and each is its own object', () => {
    const m = RULE_ROWS.find(r => r.id === 'KB020')!.pass().objects[0];
    const { copied, parsed } = readBoth(['consumer-a', 'consumer-a', 'consumer-b', 'consumer-c', 'consumer-d'].map(ns => inNamespace(m, ns)).join('---\n'));
    // The first document's text has no `---` line before it, the others have: the second is read, the rest are its copies.
    expect(parsed).toBe(2);
    expect(copied.map(d => d.objects[0].manifest.metadata.namespace)).toEqual(['consumer-a', 'consumer-a', 'consumer-b', 'consumer-c', 'consumer-d']);
    expect(copied[2].objects[0].manifest.spec).not.toBe(copied[3].objects[0].manifest.spec);
  });
});

describe('what is read again', () => {
  const doc = (namespace: string, more = '') =>
    `apiVersion: kube-bind.io/v1alpha1\nkind: APIServiceExport\nmetadata:\n  name: widgets.example.com\n  namespace: ${namespace}\n${more}spec:\n  scope: Namespaced\n`;

  test.each<[string, string[]]>([
    ['namespaces YAML reads as something else', ['consumer-a', 'consumer-b', '1234', 'true', 'no', 'on', '0x1f', '1e3', '2024-01-01', 'null']],
    ['a namespace going on below', ['consumer-a\n    more', 'consumer-b\n    more', 'consumer-c\n    more']],
    ['quoted namespaces', ['"consumer-a"', '"consumer-b"', '\'consumer-c\'']],
    ['a comment after it', ['consumer-a # x', 'consumer-b # x']],
    ['invalid namespaces', ['consumer-a', 'Consumer_B', 'c'.repeat(64)]],
  ])('%s', (_, namespaces) => {
    const { copied, read } = readBoth(namespaces.map(ns => doc(ns)).join('---\n'));
    expect(copied).toEqual(read);
  });

  test('anchors, tags, duplicate keys, Lists', () => {
    for (const more of ['  labels: &l {a: b}\n  annotations: *l\n', '  labels: !!map {a: b}\n', '  name: twice\n', '']) {
      const { copied, read } = readBoth(['consumer-a', 'consumer-b', 'consumer-c'].map(ns => doc(ns, more)).join('---\n'));
      expect(copied).toEqual(read);
    }
    const list = (ns: string) => `apiVersion: v1\nkind: List\nitems:\n  - metadata:\n      namespace: ${ns}\n`;
    const { copied, read } = readBoth(['consumer-a', 'consumer-b', 'consumer-c'].map(list).join('---\n'));
    expect(copied).toEqual(read);
  });
});
