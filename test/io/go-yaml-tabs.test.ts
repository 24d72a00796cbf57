/**
 * Tabs as go-yaml v2 (go.yaml.in/yaml/v2 v2.4.3, through sigs.k8s.io/yaml:
 * kubectl's reader) refuses or accepts them, case by case from its scanner
 * (scannerc.go): both ways, since a tab it accepts must still be read.
 */
import { goYamlTabProblem } from '../../src/io/go-yaml-tabs';
import { parseFile } from '../../src/io/parse';
import { DEFAULT_LIMITS } from '../../src/io/read';

const CANNOT_START = 'found character that cannot start any token';
const BLOCK_INDENT = 'found a tab character where an indentation space is expected';
const PLAIN_INDENT = 'found a tab character that violates indentation';

/** Refused: [what, text, 0-based line, 0-based column, go-yaml's message]. */
const REFUSED: Array<[string, string, number, number, string]> = [
  ['a comment line that starts with a tab, after a plain value', 'a: 1\n\t# note\nb: 2\n', 1, 0, PLAIN_INDENT],
  ['a comment line that starts with a tab, after a mapping key', 'a:\n\t# note\n  b: 2\n', 1, 0, CANNOT_START],
  ['a comment line with spaces then a tab, after a quoted value', 'a: "1"\n  \t# note\nb: 2\n', 1, 2, CANNOT_START],
  ['a tab-indented key', 'spec:\n\tscope: Namespaced\n', 1, 0, CANNOT_START],
  ['a blank line of one tab after a quoted value', 'a: "1"\n\t\nb: 2\n', 1, 0, CANNOT_START],
  ['a tab after a sequence dash', 'items:\n-\tfoo\n', 1, 1, CANNOT_START],
  ['a tab after a space after a sequence dash', 'items:\n- \tfoo\n', 1, 2, CANNOT_START],
  ['a tab after a complex key\'s colon', '? a\n:\tb\n', 1, 1, CANNOT_START],
  ['a tab first in the document', '\tkind: x\n', 0, 0, CANNOT_START],
  ['a tab in a block scalar\'s indentation', 'a: |\n  x\n\ty\n', 2, 0, BLOCK_INDENT],
  ['a tab before a block scalar\'s first line', 'a: |\n\tx\n', 1, 0, BLOCK_INDENT],
  ['a tab left of a plain scalar\'s indentation', 'a:\n  b: c\n  \t\n  d: e\n', 2, 2, PLAIN_INDENT],
  ['a comment line starting with a tab after a plain value (kube-bind\'s docs)', 'spec:\n  isolation: Prefixed\n\t# the scope\n  informerScope: Cluster\n', 2, 0, PLAIN_INDENT],
  ['after a plain value and a comment line, a tab comment', 'spec:\n  isolation: Prefixed\n  # a\n\t# b\n  informerScope: Cluster\n', 3, 0, CANNOT_START],
];

/** Accepted: [what, text]. */
const ACCEPTED: Array<[string, string]> = [
  ['a tab after a simple key\'s colon', 'a:\tb\n'],
  ['tabs before a trailing comment', 'a: b\t# note\n'],
  ['a tab after a quoted value', 'a: "b"\t# note\n'],
  ['tabs inside a plain value', 'a: b\tc\n'],
  ['tabs inside quotes, over lines', 'a: "b\tc\n\t d"\n'],
  ['tabs in a flow mapping', 'a: {\tb: c,\td: e }\n'],
  ['tabs in a flow sequence over lines', 'a: [b,\n\tc]\n'],
  ['tabs in a block scalar\'s text', 'a: |\n  x\ty\n  \tz\n'],
  ['a tab in a block scalar header', 'a: |\t# text\n  x\n'],
  ['a tab after an anchor', 'a: &x\tb\n'],
  ['a tab after a tag', 'a: !!str\tb\n'],
  ['a tab after the document marker', '---\t# note\na: b\n'],
  ['a tab deep enough on a plain scalar\'s blank line', 'a:\n  b: c\n    \t\n  d: e\n'],
  ['a tab-indented JSON document', '{\n\t"apiVersion": "v1",\n\t"kind": "ConfigMap"\n}\n'],
  ['no tab at all', 'a: b\n'],
];

describe('tabs go-yaml v2 refuses', () => {
  test.each(REFUSED)('%s', (_, text, line, column, message) => {
    expect(goYamlTabProblem(text)).toEqual({ line, column, message });
  });
});

describe('tabs go-yaml v2 accepts are read', () => {
  test.each(ACCEPTED)('%s', (_, text) => {
    expect(goYamlTabProblem(text)).toBeUndefined();
  });
});

test('a document js-yaml reads but kubectl cannot is a syntax error at the tab\'s line, and the file keeps none of its objects', () => {
  const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\n\t# a note\n';
  const parsed = parseFile('f.yaml', text, DEFAULT_LIMITS);
  expect(parsed.objects).toEqual([]);
  expect(parsed.diagnostics).toEqual([{
    severity: 'error',
    file: 'f.yaml',
    line: 10,
    message: 'YAML syntax error: found a tab character that violates indentation (a tab at column 1: kubectl\'s YAML reader, go-yaml v2, '
      + 'refuses a tab where a token or an indentation starts; use spaces)',
  }]);
});

test('a tab go-yaml accepts leaves the object as js-yaml reads it', () => {
  const parsed = parseFile('f.yaml', 'apiVersion: v1\nkind:\tConfigMap\t# note\nmetadata:\n  name: "a\tb"\n', DEFAULT_LIMITS);
  expect(parsed.diagnostics).toEqual([]);
  expect(parsed.objects.map(o => o.manifest)).toEqual([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a\tb' } }]);
});
