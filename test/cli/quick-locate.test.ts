/**
 * The parser-free line finder (`quickLine`) gives the line the positional
 * parse (`lineOf`, through the `yaml` package) gives, for every path of every
 * document of every fixture, and for made-up paths; when it is not sure it
 * says so (undefined), and the caller asks the parser.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseAllDocuments } from 'yaml';
import { lineOf } from '../../src/io/locate';
import { quickLine } from '../../src/io/quick-locate';
import { DocumentSplitter } from '../../src/io/split';

const FIXTURES = path.join(__dirname, '..', 'fixtures');

function yamlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    if (fs.statSync(full).isDirectory()) out.push(...yamlFiles(full));
    else if (/\.ya?ml$/.test(entry)) out.push(full);
  }
  return out;
}

/** Every path into a value as rules write them (dotted keys, or [key] when the key holds other characters), and some that go nowhere. */
function pathsOf(value: unknown, prefix = '', out: string[] = []): string[] {
  if (out.length > 3000) return out;
  out.push(prefix);
  if (Array.isArray(value)) {
    value.forEach((v, i) => pathsOf(v, `${prefix}[${i}]`, out));
    out.push(`${prefix}[${value.length}]`);
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      pathsOf(v, /^[A-Za-z0-9_-]+$/.test(k) ? (prefix === '' ? k : `${prefix}.${k}`) : `${prefix}[${k}]`, out);
      // Rules may also write a dotted key (an annotation name) without brackets.
      if (k.includes('.') && prefix !== '') out.push(`${prefix}.${k}`);
    }
    out.push(prefix === '' ? 'nosuchfield' : `${prefix}.nosuchfield.below`);
  }
  return out;
}

function documents(text: string): Array<{ text: string; line: number }> {
  const splitter = new DocumentSplitter(64 * 1024 * 1024);
  return [...splitter.push(text), ...splitter.end()].map(d => ({ text: d.text, line: d.line }));
}

/** How many paths quickLine answered, after checking every answer against lineOf. */
function compare(name: string, text: string): { answered: number; asked: number } {
  let answered = 0;
  let asked = 0;
  for (const doc of documents(text)) {
    let value: unknown;
    try {
      const parsed = parseAllDocuments(doc.text, { version: '1.1', merge: true, uniqueKeys: false });
      value = Array.isArray(parsed) ? parsed[0]?.toJS() : undefined;
    } catch {
      continue;
    }
    for (const p of pathsOf(value)) {
      asked++;
      const quick = quickLine(doc.text, p);
      if (quick === undefined) continue;
      answered++;
      const where = { name, docLine: doc.line, path: p };
      expect({ ...where, line: doc.line + quick }).toEqual({ ...where, line: lineOf(doc.text, doc.line, [], p, -1) });
    }
  }
  return { answered, asked };
}

test('every path of every fixture document: the same line as the positional parse, and most are answered without it', () => {
  let answered = 0;
  let asked = 0;
  for (const file of yamlFiles(FIXTURES)) {
    const r = compare(path.relative(FIXTURES, file), fs.readFileSync(file, 'utf8'));
    answered += r.answered;
    asked += r.asked;
  }
  expect(asked).toBeGreaterThan(1000);
  // Fixtures are mostly plain block YAML, which needs no parser.
  expect(answered).toBeGreaterThan(asked / 2);
});

test.each([
  ['compact sequences, quoted keys, comments and blank lines', [
    '# leading comment', '---', 'apiVersion: v1', 'kind: "Thing"', 'metadata:', '  name: x', '', '  annotations:',
    '    kube-bind.io/a.b: "1"', '    \'quoted key\': 2', '    "dq\\"key": 3', 'spec:', '  list:', '  - a', '  -   b: 1', '      c: 2',
    '  - - nested', '    - more', '  other: |', '    block', '    text: not a key', '  # comment', '  last: x', '',
  ], true],
  ['YAML 1.1 keys and merge keys (the parser decides)', [
    'a: 1', 'yes: 2', 'base: &b {x: 1}', 'c:', '  <<: *b', '  y: 2', '1e3: x', 'on: y',
  ], false],
  ['flow collections, tags, anchors and block scalars', [
    'a: [1, 2, {b: c}]', 'd: !!str e', 'f: &g', '  h: i', 'j: *g', 'k: >', '  folded', 'l:', '- ', '  m: n', 'o: {p: [q]}',
  ], false],
  ['items with content on the next line, empty values, tabs and CRLF', [
    'a:', '-', '  b: c', 'd:', 'e:\tf', 'g: "multi', '  line"', 'h:\r', '  i: j\r',
  ], false],
])('%s', (name, lines, plain) => {
  const r = compare(name as string, (lines as string[]).join('\n'));
  expect(r.asked).toBeGreaterThan(3);
  // Plain block YAML is answered in full.
  if (plain) expect(r.answered).toBe(r.asked);
});
