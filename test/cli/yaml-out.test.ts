/**
 * The YAML the CLI prints: key order, and strings that must come back exactly
 * for YAML 1.2 readers (Kubernetes, this CLI) and YAML 1.1 readers (kubectl's
 * and many tools' parsers) alike.
 */
import { parseAllDocuments } from 'yaml';
import { parseFile } from '../../src/io/parse';
import { DEFAULT_LIMITS } from '../../src/io/read';
import { manifestsToYaml, manifestToYaml } from '../../src/io/yaml-out';

/** Strings that a careless writer would leave plain, and some readers would then turn into something else. */
export const HOSTILE_STRINGS: { readonly [name: string]: string } = {
  'on': 'on',
  'off': 'Off',
  'yes': 'yes',
  'no': 'NO',
  'y': 'y',
  'n': 'n',
  'octal': '0755',
  'octal-1.2': '0o17',
  'hex': '0x1F',
  'binary': '0b101',
  'underscored': '1_000',
  'sexagesimal': '1:20',
  'tilde': '~',
  'null': 'null',
  'exponent': '1e3',
  'float': '1.0',
  'dot-float': '.5',
  'infinity': '.inf',
  'not-a-number': '.NaN',
  'signed': '+12',
  'date': '2001-12-14',
  'empty': '',
  'merge': '<<',
  'equals': '=',
  'colon': 'key: value',
  'dash': '- item',
  'comment': '# not a comment',
  'anchor': '&a',
  'alias': '*a',
  'tag': '!!str',
  'quote': '"quoted" and \'single\'',
  'backslash': 'C:\\path\\n',
  'leading-space': '  indented',
  'trailing-space': 'trailing  ',
  'multi-line': 'first line\n  second, indented\nthird\n',
  'no-final-newline': 'a\nb',
  'final-newlines': 'a\n\n\n',
  'leading-newline': '\nafter',
  'crlf': 'windows\r\nline',
  'tab': 'a\tb',
  'non-ascii': '¡Howdy, Señor! 日本語 🤠 ñ',
  'control': 'bell\u0007 escape\u001b delete\u007f',
  'c1-and-nel': 'next\u0085line \u0090',
  'separators': 'line\u2028para\u2029',
  'bom': '\ufeffbom',
  'noncharacter': '\ufffe\uffff',
  'long': 'word '.repeat(60).trim(),
  'json': '{"a": [1, 2]}',
};

function parse12(text: string): unknown[] {
  const parsed = parseFile('out.yaml', text, DEFAULT_LIMITS);
  expect(parsed.diagnostics).toEqual([]);
  return parsed.objects.map(o => o.manifest);
}

function parse11(text: string): unknown[] {
  return parseAllDocuments(text, { version: '1.1' }).map(doc => {
    expect(doc.errors).toEqual([]);
    return doc.toJS();
  });
}

describe('hostile strings round-trip exactly', () => {
  const manifest = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'hostile', annotations: { ...HOSTILE_STRINGS } },
    data: { ...HOSTILE_STRINGS },
  };

  test('as values, read back as YAML 1.2 (this CLI, Kubernetes)', () => {
    expect(parse12(manifestToYaml(manifest))).toEqual([manifest]);
  });

  test('as values, read back as YAML 1.1 (kubectl and older tools)', () => {
    expect(parse11(manifestToYaml(manifest))).toEqual([manifest]);
  });

  test('as keys, both ways', () => {
    const keys = { apiVersion: 'v1', kind: 'ConfigMap', data: Object.fromEntries(Object.values(HOSTILE_STRINGS).map((s, i) => [s, String(i)])) };
    const text = manifestToYaml(keys);
    expect(parse12(text)).toEqual([keys]);
    expect(parse11(text)).toEqual([keys]);
  });

  test.each(Object.entries(HOSTILE_STRINGS))('%s, alone as a value', (_, value) => {
    const one = { kind: 'X', data: { v: value } };
    const text = manifestToYaml(one);
    expect(parse12(text)).toEqual([one]);
    expect(parse11(text)).toEqual([one]);
  });

  test('what YAML forbids raw is escaped; plain text, tabs and non-ASCII letters are written as they are', () => {
    const text = manifestToYaml({ kind: 'X', data: HOSTILE_STRINGS });
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/);
    expect(text).toContain('  "on": "on"\n');
    expect(text).toContain('  octal: "0755"\n');
    expect(text).toContain('  tilde: "~"\n');
    expect(text).toContain('  exponent: "1e3"\n');
    expect(text).toContain('  non-ascii: ¡Howdy, Señor! 日本語 🤠 ñ\n');
    expect(text).toContain('  long: word word');
    expect(text).toMatch(/ {2}long: [^\n]{290,}\n/); // never folded over several lines
    expect(text).toContain('  separators: "line\\u2028para\\u2029"\n');
  });

  test('numbers, booleans and null stay typed', () => {
    const typed = { kind: 'X', spec: { replicas: 3, ratio: 0.5, big: 1e21, negative: -7, on: true, off: false, nothing: null } };
    const text = manifestToYaml(typed);
    expect(parse12(text)).toEqual([typed]);
    expect(parse11(text)).toEqual([typed]);
  });
});

describe('layout', () => {
  test('apiVersion, kind and metadata first; every other key in the object\'s own order', () => {
    const text = manifestToYaml({ spec: { z: 1, a: 2 }, status: {}, metadata: { name: 'x' }, kind: 'K', zeta: 1, apiVersion: 'v1', alpha: 2 });
    expect(text).toBe('apiVersion: v1\nkind: K\nmetadata:\n  name: x\nspec:\n  z: 1\n  a: 2\nstatus: {}\nzeta: 1\nalpha: 2\n');
  });

  test('an object reached twice (a YAML alias in the input) is written out twice, without anchors', () => {
    const shared = { type: 'string' };
    const text = manifestToYaml({ kind: 'K', spec: { a: shared, b: shared } });
    expect(text).not.toMatch(/[&*]/);
    expect(parse12(text)).toEqual([{ kind: 'K', spec: { a: { type: 'string' }, b: { type: 'string' } } }]);
  });

  test('a __proto__ key is data, written and read back as such', () => {
    const manifest = JSON.parse('{"kind":"K","spec":{"__proto__":{"polluted":true}}}');
    const [back] = parse12(manifestToYaml(manifest)) as any[];
    expect(Object.keys(back.spec)).toEqual(['__proto__']);
    expect(({} as any).polluted).toBeUndefined();
  });

  test('documents are separated by ---; no manifests give an empty stream', () => {
    expect(manifestsToYaml([{ kind: 'A' }, { kind: 'B' }])).toBe('kind: A\n---\nkind: B\n');
    expect(manifestsToYaml([])).toBe('');
  });

  test('writing is stable: the same manifest gives the same text, and reading and writing again changes nothing', () => {
    const manifest = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'hostile' }, data: { ...HOSTILE_STRINGS } };
    const text = manifestToYaml(manifest);
    expect(manifestToYaml(manifest)).toBe(text);
    expect(manifestsToYaml(parse12(text) as any[])).toBe(text);
  });
});

describe('what the writer prints, kubectl reads back (go-yaml v2 scalars)', () => {
  test('every tricky string, as a value and as a key, comes back as the same string through the kubectl-like reader', () => {
    const strings = ['yes', 'No', 'ON', 'y', 'n', 'Y', 'off', '0755', '0o17', '0x1F', '0b1010', '1_000', '09', '1e3', '1.', '.5', '+1',
      '.inf', '.NaN', '~', 'null', '', '2001-12-14', '12:30', '<<', '=', 'true', 'False'];
    const manifest = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: Object.fromEntries(strings.map((s, i) => [`k${i}`, s])), keys: Object.fromEntries(strings.filter(s => s !== '').map(s => [s, s])) };
    const parsed = parseFile('out.yaml', manifestToYaml(manifest), DEFAULT_LIMITS);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.objects[0].manifest).toEqual(manifest);
  });
});
