/**
 * Reading YAML for the CLI: documents, Lists, folders, stdin, field lines,
 * and every kind of bad input, without the rule catalogue.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Readable } from 'stream';
import { aliasBomb, deeplyNested, fixture, lineContaining, removeTempDirs, tempDir, writeFile } from './cli-helpers';
import { tokenizePath } from '../../src/io/locate';
import { DEFAULT_LIMITS, decodeText, readInputs, ReadLimits, ReadResult, streamFiles } from '../../src/io/read';

afterAll(removeTempDirs);

const noStdin = Readable.from([]);

async function read(operands: string[], options: { stdin?: string | Buffer[]; limits?: Partial<ReadLimits> } = {}): Promise<ReadResult> {
  const stdin = options.stdin === undefined ? noStdin : Readable.from(typeof options.stdin === 'string' ? [Buffer.from(options.stdin)] : options.stdin);
  return readInputs(operands, stdin, { ...DEFAULT_LIMITS, ...options.limits });
}

async function readText(text: string | Buffer, limits: Partial<ReadLimits> = {}): Promise<ReadResult & { file: string }> {
  const file = writeFile(tempDir(), 'input.yaml', text);
  return { file, ...(await read([file], { limits })) };
}

/** `kind: <kind>` and comment lines, `bytes` long. */
function padded(kind: string, bytes: number): string {
  const head = `kind: ${kind}\n`;
  return head + '#'.repeat(bytes - head.length - 1) + '\n';
}

function errors(result: ReadResult): string[] {
  return result.diagnostics.filter(d => d.severity === 'error').map(d => `${path.basename(d.file)}:${d.line ?? '-'}: ${d.message}`);
}

describe('documents and objects', () => {
  test('each document of a file is an object with its index and first line', async () => {
    const text = [
      '# leading comment',
      'apiVersion: v1',
      'kind: ConfigMap',
      '---',
      '---',
      '# an empty document above still counts',
      'apiVersion: kube-bind.io/v1alpha2',
      'kind: BoundSchema',
      '--- ~',
      '---',
      'apiVersion: v1',
      'kind: Secret',
      '',
    ].join('\n');
    const r = await readText(text);
    expect(r.diagnostics).toEqual([]);
    expect(r.objects.map(o => [o.index, o.line, o.manifest.kind])).toEqual([
      [0, 2, 'ConfigMap'],
      [2, 7, 'BoundSchema'],
      [4, 11, 'Secret'],
    ]);
    expect(r.objects.every(o => o.file === r.file)).toBe(true);
  });

  test('a List is unpacked into its items, which keep the List document index and get their own lines', async () => {
    const file = fixture('list.yaml');
    const text = fs.readFileSync(file, 'utf8');
    const r = await read([file]);
    expect(r.diagnostics).toEqual([]);
    expect(r.objects.map(o => [o.index, o.item, o.manifest.kind])).toEqual([
      [0, 0, 'APIServiceExport'],
      [0, 1, 'ConfigMap'],
      [0, 2, 'BoundSchema'],
    ]);
    expect(r.objects.map(o => o.line)).toEqual([
      lineContaining(text, 'kind: APIServiceExport') - 1,
      lineContaining(text, 'kind: ConfigMap') - 1,
      lineContaining(text, 'kind: BoundSchema') - 1,
    ]);
  });

  test('a typed list (BoundSchemaList with items) is unpacked; a *List without items is an ordinary object', async () => {
    const r = await readText([
      'apiVersion: kube-bind.io/v1alpha2',
      'kind: BoundSchemaList',
      'items:',
      '- {apiVersion: kube-bind.io/v1alpha2, kind: BoundSchema}',
      '---',
      'apiVersion: example.com/v1',
      'kind: PlayList',
      'songs: []',
    ].join('\n'));
    expect(r.objects.map(o => [o.index, o.line, o.manifest.kind])).toEqual([[0, 4, 'BoundSchema'], [1, 6, 'PlayList']]);
  });

  test('an empty List yields nothing; a List whose items is not a list is an input error', async () => {
    expect((await readText('apiVersion: v1\nkind: List\nitems: []\n')).objects).toEqual([]);
    const bad = await readText('apiVersion: v1\nkind: List\nitems: {a: 1}\n');
    expect(errors(bad)).toEqual(['input.yaml:1: document 0: items of a List is a mapping, must be a list of objects']);
  });

  test('an item of a List that is not a mapping is reported at its own line', async () => {
    const r = await readText('apiVersion: v1\nkind: List\nitems:\n- {kind: ConfigMap}\n- just text\n');
    expect(r.objects).toHaveLength(1);
    expect(errors(r)).toEqual(['input.yaml:5: document 0: items[1] is a string ("just text"), not a mapping']);
  });

  test('YAML 1.1 as kubectl reads it: on, yes, 0755, ~ and << have their YAML 1.1 meaning', async () => {
    const r = await readText('a: on\nb: yes\nc: 0755\nd: ~\ne: 0o755\nf: 1e3\n<<: {g: 1}\n');
    expect(r.objects[0].manifest).toEqual({ a: true, b: true, c: 493, d: null, e: 493, f: 1000, g: 1 });
  });

  test('a %YAML 1.2 directive does not switch off YAML 1.1 booleans (kubectl ignores it too)', async () => {
    const r = await readText('%YAML 1.2\n---\nserved: yes\n');
    expect(r.objects[0].manifest).toEqual({ served: true });
  });

  test('a __proto__ key is plain data', async () => {
    const r = await readText('__proto__: {polluted: true}\nkind: X\n');
    const m = r.objects[0].manifest;
    expect(Object.prototype.hasOwnProperty.call(m, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(m)).toBe(Object.prototype);
    expect(({} as any).polluted).toBeUndefined();
  });

  test('CRLF line endings and a byte-order mark do not shift lines', async () => {
    const r = await readText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a: 1\r\n---\r\nb: 2\r\n')]));
    expect(r.diagnostics).toEqual([]);
    expect(r.objects.map(o => [o.line, o.manifest])).toEqual([[1, { a: 1 }], [3, { b: 2 }]]);
  });
});

describe('operands', () => {
  test('folders are read recursively, *.yaml and *.yml only, in code-point order of names', async () => {
    const dir = tempDir();
    // Created out of order, so the file system's listing order cannot pass for sorting.
    writeFile(dir, 'b.yaml', 'kind: B\n');
    writeFile(dir, 'c.txt', 'kind: Ignored\n');
    writeFile(dir, 'a.yaml', 'kind: A1\n---\nkind: A2\n');
    writeFile(dir, 'a/z.yml', 'kind: AZ\n');
    writeFile(dir, 'B.YAML', 'kind: UpperB\n');
    writeFile(dir, 'a/deeper/x.yaml', 'kind: AX\n');
    const r = await read([dir]);
    expect(r.diagnostics).toEqual([]);
    expect(r.objects.map(o => [path.relative(dir, o.file), o.manifest.kind])).toEqual([
      ['B.YAML', 'UpperB'],
      [path.join('a', 'deeper', 'x.yaml'), 'AX'],
      [path.join('a', 'z.yml'), 'AZ'],
      ['a.yaml', 'A1'],
      ['a.yaml', 'A2'],
      ['b.yaml', 'B'],
    ]);
  });

  test('a symbolic link loop between folders ends', async () => {
    const dir = tempDir();
    writeFile(dir, 'x/a.yaml', 'kind: A\n');
    fs.symlinkSync(dir, path.join(dir, 'x', 'loop'));
    const r = await read([dir]);
    expect(r.objects.map(o => o.manifest.kind)).toEqual(['A']);
  });

  test('the fixture folder: files in sorted order, notes.txt ignored', async () => {
    const r = await read([fixture('valid')]);
    expect(r.diagnostics).toEqual([]);
    expect(r.objects.map(o => [path.relative(fixture('valid'), o.file), o.index, o.manifest.kind])).toEqual([
      ['exports.yaml', 0, 'APIServiceExport'],
      ['exports.yaml', 1, 'ConfigMap'],
      [path.join('schemas', 'cowboys.yml'), 0, 'BoundSchema'],
    ]);
  });

  test('a folder without YAML files is a warning, not an error', async () => {
    const dir = tempDir();
    writeFile(dir, 'readme.md', '# nothing\n');
    const r = await read([dir]);
    expect(r.diagnostics).toEqual([{ severity: 'warning', file: dir, message: 'folder holds no *.yaml or *.yml files' }]);
  });

  test('an explicitly named file is read whatever its extension', async () => {
    const file = writeFile(tempDir(), 'manifest.json', '{"kind": "ConfigMap", "apiVersion": "v1"}');
    expect((await read([file])).objects.map(o => o.manifest.kind)).toEqual(['ConfigMap']);
  });

  test('- reads standard input, named <stdin>, in operand order', async () => {
    const file = writeFile(tempDir(), 'f.yaml', 'kind: FromFile\n');
    const r = await read(['-', file], { stdin: ['kind: From', 'Stdin\n---\nkind: Second\n'].map(s => Buffer.from(s)) });
    expect(r.objects.map(o => [o.file, o.index, o.line, o.manifest.kind])).toEqual([
      ['<stdin>', 0, 1, 'FromStdin'],
      ['<stdin>', 1, 3, 'Second'],
      [file, 0, 1, 'FromFile'],
    ]);
  });

  test('a missing file is an error naming it; the other operands are still read', async () => {
    const missing = path.join(tempDir(), 'nope.yaml');
    const r = await read([missing, fixture('valid', 'schemas', 'cowboys.yml')]);
    expect(r.diagnostics).toEqual([{ severity: 'error', file: missing, message: 'no such file or directory' }]);
    expect(r.objects).toHaveLength(1);
  });
});

describe('field lines', () => {
  const text = [
    'apiVersion: kube-bind.io/v1alpha2', // 1
    'kind: BoundSchema', // 2
    'metadata:', // 3
    '  name: x', // 4
    '  annotations:', // 5
    '    kube-bind.io/note: hello', // 6
    'spec:', // 7
    '  versions:', // 8
    '  - name: v1', // 9
    '    storage: true', // 10
    '  - &second', // 11
    '    name: v2', // 12
    '    storage: true', // 13
    '  - *second', // 14
    '  names: {kind: X,', // 15
    '    plural: xs}', // 16
  ].join('\n');

  test.each([
    ['spec.versions[1].storage', 13],
    ['spec.versions[0]', 9],
    ['spec.versions', 8],
    ['spec.names.plural', 16],
    ['metadata.annotations.kube-bind.io/note', 6],
    ['metadata.annotations[kube-bind.io/note]', 6],
    ['metadata.annotations["kube-bind.io/note"]', 6],
    ['spec.versions[2].storage', 13], // through an alias, to its anchor
    ['spec.versions[1].schema.openAPIV3Schema', 12], // missing: its deepest existing parent (an anchored item starts after its anchor)
    ['spec.versions[7].name', 8],
    ['status.conditions[0]', 1], // nothing exists: the object's first line
    ['', 1],
  ])('%s is at line %d', async (fieldPath, line) => {
    const r = await readText(text);
    expect(r.objects[0].locate(fieldPath)).toBe(line);
  });

  test('paths inside an item of a List are relative to the item', async () => {
    const file = fixture('list.yaml');
    const source = fs.readFileSync(file, 'utf8');
    const r = await read([file]);
    const schema = r.objects[2];
    expect(schema.locate('spec.versions[0].storage')).toBe(lineContaining(source, 'storage: true', lineContaining(source, 'kind: BoundSchema')));
    expect(schema.locate('spec.nothing')).toBe(lineContaining(source, 'spec:', schema.line));
    expect(r.objects[0].locate('spec.isolation')).toBe(lineContaining(source, 'isolation: Prefixed'));
  });

  test('lines of several documents, asked in any order, come from the right document', async () => {
    const r = await readText('a: 1\nb: 2\n---\nb: 3\n---\nc: 4\nb: 5\n');
    expect(r.objects.map(o => o.locate('b'))).toEqual([2, 4, 7]);
    expect([...r.objects].reverse().map(o => o.locate('b'))).toEqual([7, 4, 2]);
  });

  test('path tokens', () => {
    expect(tokenizePath('spec.versions[1].storage')).toEqual([
      { key: 'spec', dotted: false },
      { key: 'versions', dotted: true },
      { index: 1 },
      { key: 'storage', dotted: true },
    ]);
    expect(tokenizePath('a[b.c]')).toEqual([{ key: 'a', dotted: false }, { key: 'b.c', dotted: false }]);
  });
});

describe('bad input: each a clear error with file and line, never a crash', () => {
  test('malformed YAML: the parser error and its line; the file is not checked', async () => {
    const r = await readText('kind: A\n---\nspec:\n  a: [1, 2\n  b: c\n');
    expect(r.objects).toEqual([]);
    expect(errors(r)[0]).toMatch(/^input\.yaml:[45]: YAML syntax error: /);
  });

  test('duplicate keys are errors at the line of the second key', async () => {
    const r = await readText('kind: A\nspec:\n  served: true\n  served: false\n');
    expect(r.objects).toEqual([]);
    expect(errors(r)).toEqual(['input.yaml:4: duplicate key "served" in a mapping; Kubernetes rejects an object that sets a field twice']);
  });

  test('a scalar document is reported, other documents are still read', async () => {
    const r = await readText('kind: A\n---\njust some text\n');
    expect(r.objects.map(o => o.manifest.kind)).toEqual(['A']);
    expect(errors(r)).toEqual([
      'input.yaml:3: document 1 is a string ("just some text"), not a mapping; a Kubernetes object must be a mapping with apiVersion and kind',
    ]);
  });

  test('a top-level list is reported', async () => {
    const r = await readText('- kind: A\n- kind: B\n');
    expect(errors(r)).toEqual(['input.yaml:1: document 0 is a list, not a mapping; a Kubernetes object must be a mapping with apiVersion and kind']);
  });

  test('an alias bomb is refused by the alias limit', async () => {
    const started = Date.now();
    const r = await readText(aliasBomb());
    expect(r.objects).toEqual([]);
    expect(errors(r)).toEqual([`input.yaml:1: document 0: YAML aliases expand too much (limit ${DEFAULT_LIMITS.maxAliasCount}); an alias bomb cannot be checked`]);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test('a few ordinary aliases are fine', async () => {
    const r = await readText('a: &x {k: v}\nb: *x\nc: *x\n');
    expect(r.diagnostics).toEqual([]);
    expect(r.objects[0].manifest).toEqual({ a: { k: 'v' }, b: { k: 'v' }, c: { k: 'v' } });
  });

  test('an alias inside its own anchor (a cycle) is refused', async () => {
    const r = await readText('kind: A\nspec: &s\n  self: *s\n');
    expect(errors(r)).toEqual(['input.yaml:1: document 0: a YAML alias refers to a node that contains it (a recursive structure cannot be sent to Kubernetes)']);
  });

  test('an unknown alias is an error', async () => {
    const r = await readText('kind: A\nspec: *nowhere\n');
    expect(errors(r)).toHaveLength(1);
    expect(errors(r)[0]).toMatch(/^input\.yaml:\d+: .*nowhere/);
  });

  test.each([
    ['flow sequences', (n: number) => deeplyNested(n)],
    ['flow mappings', (n: number) => `kind: A\nspec: ${'{a: '.repeat(n)}1${'}'.repeat(n)}\n`],
    ['block sequences', (n: number) => `kind: A\nspec:\n  ${'- '.repeat(n)}x\n`],
  ])('10,000 levels of %s: a clear error, no RangeError', async (_, make) => {
    const r = await readText(make(10_000));
    expect(r.objects).toEqual([]);
    const messages = errors(r);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages[0]).toMatch(/^input\.yaml:\d+: .*(nesting too deep|nesting deeper than)/);
    expect(messages.join('\n')).not.toMatch(/RangeError|at .*\.js:\d+/);
  });

  test('nesting beyond maxDepth is refused even when the parser copes', async () => {
    const r = await readText(deeplyNested(20), { maxDepth: 10 });
    expect(errors(r)).toEqual(['input.yaml:1: document 0: nesting deeper than 10 levels; refusing to check it']);
    expect((await readText(deeplyNested(5), { maxDepth: 10 })).diagnostics).toEqual([]);
  });

  test('there is no limit on a file: it is read one document at a time', async () => {
    const r = await readText(padded('A', 1600) + '---\n' + padded('B', 1600), { maxDocumentBytes: 2000 });
    expect(errors(r)).toEqual([]);
    expect(r.objects.map(o => o.manifest.kind)).toEqual(['A', 'B']);
  });

  test('a document over the per-document limit is refused; the file is not checked', async () => {
    const r = await readText('kind: Small\n---\n' + padded('A', 1600), { maxDocumentBytes: 1000 });
    expect(r.objects).toEqual([]);
    expect(errors(r)).toEqual([expect.stringMatching(/^input\.yaml:3: document 1 is 2 KiB, over the 1 KiB limit per YAML document; the file is not checked/)]);
  });

  test('an oversized document is told how to give one document per object, which also works for cluster-scoped kinds (no namespaces to split by)', async () => {
    const r = await readText(padded('List', 1600), { maxDocumentBytes: 1000 });
    expect(errors(r)).toEqual([expect.stringContaining('give one document per object, e.g. kubectl get crds -o yaml | yq \'.items[] | split_doc\'')]);
  });

  test('stdin is read as it comes, document by document, to its end', async () => {
    let pulled = 0;
    const stream = Readable.from((function* () {
      for (let i = 0; i < 1000; i++) {
        pulled++;
        yield Buffer.from('kind: A\n---\n'.repeat(10));
      }
    })());
    const r = await readInputs(['-'], stream, { ...DEFAULT_LIMITS, maxDocumentBytes: 1000 });
    expect(r.diagnostics).toEqual([]);
    expect(r.objects.length).toBe(10_000);
    expect(pulled).toBe(1000);
  });

  test('NUL bytes: binary file, with the line', async () => {
    const r = await readText(Buffer.concat([Buffer.from('kind: A\nspec:\n'), Buffer.from([0x00, 0x01, 0x02, 0xff])]));
    expect(errors(r)).toEqual(['input.yaml:3: binary file: NUL byte found; manifests must be UTF-8 text']);
  });

  test('invalid UTF-8: binary file, with the line of the first bad byte', async () => {
    const r = await readText(Buffer.concat([Buffer.from('kind: A\nname: caf\u00e9\nspec: '), Buffer.from([0xc3, 0x28]), Buffer.from('\n')]));
    expect(errors(r)).toEqual(['input.yaml:3: binary file: not valid UTF-8; manifests must be UTF-8 text']);
  });

  test('a truncated UTF-8 sequence at the very end is invalid too', () => {
    expect(decodeText(Buffer.from([0x61, 0x0a, 0xe2, 0x82]))).toEqual({ line: 2, message: 'binary file: not valid UTF-8; manifests must be UTF-8 text' });
    expect(decodeText(Buffer.from('caf\u00e9 \u20ac \u{1f600}'))).toBe('caf\u00e9 \u20ac \u{1f600}');
  });

  test('a dangling symbolic link in a folder is reported', async () => {
    const dir = tempDir();
    fs.symlinkSync(path.join(dir, 'missing-target.yaml'), path.join(dir, 'dangling.yaml'));
    const r = await read([dir]);
    expect(errors(r)).toEqual(['dangling.yaml:-: no such file or directory']);
  });
});

describe('what the handler of streamed objects throws', () => {
  async function drain(file: string, onObject: () => void): Promise<unknown[]> {
    const diagnostics: unknown[] = [];
    for await (const f of streamFiles([file], (async function* () {})(), DEFAULT_LIMITS, onObject)) diagnostics.push(...f.diagnostics);
    return diagnostics;
  }

  test('is the run\'s trouble, thrown on, not a diagnostic of the input', async () => {
    const file = writeFile(tempDir(), 'one.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n');
    await expect(drain(file, () => { throw new Error('a bug in a rule'); })).rejects.toThrow('a bug in a rule');
  });

  test('a file that cannot be read is still a diagnostic', async () => {
    expect(await drain(path.join(tempDir(), 'missing.yaml'), () => undefined)).toEqual([
      expect.objectContaining({ severity: 'error', message: 'no such file or directory' }),
    ]);
  });
});
