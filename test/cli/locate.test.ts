/**
 * The line locator (`lineOf`, `itemLines`): a field path's line in its
 * document, as the parser that read the document reads it, or the line of
 * the deepest part of the path that exists there.
 */
import { itemLines, lineOf } from '../../src/io/locate';

/** The line of `path` in `lines` joined, the document starting at line 1, the object at line 1. */
function line(lines: readonly string[], path: string): number {
  return lineOf(lines.join('\n'), 1, [], path, 1);
}

describe('plain block YAML', () => {
  const doc = [
    '# leading comment', '---', 'apiVersion: v1', 'kind: "Thing"', 'metadata:', '  name: x', '', '  annotations:',
    '    kube-bind.io/a.b: "1"', '    \'quoted key\': 2', 'spec:', '  list:', '  - a', '  -   b: 1', '      c: 2',
    '  other: |', '    block', '    text: not a key', '  # comment', '  last: x', '',
  ];
  test.each([
    ['', 3],
    ['kind', 4],
    ['metadata.name', 6],
    ['metadata.annotations.kube-bind.io/a.b', 9],
    ['metadata.annotations[kube-bind.io/a.b]', 9],
    ['metadata.annotations[quoted key]', 10],
    ['spec.list[0]', 13],
    ['spec.list[1]', 14],
    ['spec.list[1].c', 15],
    ['spec.other', 16],
    ['spec.last', 20],
  ])('%s is on line %d', (path, expected) => {
    expect(line(doc, path)).toBe(expected);
  });

  test('a path that goes further than the document: the line of its deepest part there', () => {
    expect(line(doc, 'spec.nosuch.below')).toBe(11);
    expect(line(doc, 'spec.list[9]')).toBe(12);
    expect(line(doc, 'spec.other.text')).toBe(16);
    expect(line(doc, 'nosuchfield')).toBe(3);
  });

  test('lines count from the document\'s first line in its file', () => {
    expect(lineOf(doc.join('\n'), 40, [], 'spec.last', 40)).toBe(59);
  });
});

test('what the parser reads specially is located as it reads it: flow collections, anchors and aliases, tags, YAML 1.1 keys, merge keys', () => {
  const doc = [
    'a: [1, 2, {b: c}]', 'f: &g', '  h: i', 'j: *g', 'on: y', 'o: {p: [q]}', 'd: !!str e', 'base: &b {x: 1}', 'c:', '  <<: *b', '  z: 2',
  ];
  expect(line(doc, 'a[2].b')).toBe(1);
  // An alias is its anchor's value: its fields are where the anchor wrote them.
  expect(line(doc, 'j.h')).toBe(3);
  // YAML 1.1 reads the key `on` as true, as the manifest holds it.
  expect(line(doc, 'true')).toBe(5);
  expect(line(doc, 'o.p[0]')).toBe(6);
  expect(line(doc, 'd')).toBe(7);
  expect(line(doc, 'c.z')).toBe(11);
  // A merged key is not written in the map: the map's own key is the deepest part found.
  expect(line(doc, 'c.x')).toBe(9);
});

test('items with content on the next line, an empty item, a multi-line scalar and CRLF', () => {
  const doc = ['a:', '-', '  b: c', 'g: "multi', '  line"', 'h:\r', '  i: j\r', 'k:', '- ', '- l', 'm:', '- &x', '  p: 1', '- *x'];
  expect(line(doc, 'a[0].b')).toBe(3);
  expect(line(doc, 'h.i')).toBe(7);
  expect(line(doc, 'g')).toBe(4);
  // An empty item leaves the list's items unpaired with lines: the list itself is the deepest part located.
  expect(line(doc, 'k[1]')).toBe(8);
  // An anchored item starts after its anchor; an alias item is where the alias is, and its fields where the anchor wrote them.
  expect(line(doc, 'm[0]')).toBe(13);
  expect(line(doc, 'm[1]')).toBe(14);
  expect(line(doc, 'm[1].p')).toBe(13);
});

test('an object of a List: located within its item, and each item\'s line', () => {
  const list = ['apiVersion: v1', 'kind: List', 'items:', '- apiVersion: x', '  kind: Y', '  spec:', '    a: 1', '-', '  kind: Z', ''].join('\n');
  const item = (i: number): Array<{ key: string; dotted: boolean } | { index: number }> => [{ key: 'items', dotted: false }, { index: i }];
  expect(lineOf(list, 10, item(0), 'spec.a', 13)).toBe(16);
  expect(lineOf(list, 10, item(1), 'kind', 17)).toBe(18);
  expect(lineOf(list, 10, item(1), '', 17)).toBe(18);
  // No such item: the object's own line.
  expect(lineOf(list, 10, item(5), 'kind', 99)).toBe(99);
  expect(itemLines(list)).toEqual([4, 9]);
});

test('a document that cannot be read: the object\'s own line', () => {
  expect(lineOf('a: [1\n', 1, [], 'a', 7)).toBe(7);
  expect(lineOf('# only a comment\n', 1, [], 'a', 7)).toBe(7);
});
