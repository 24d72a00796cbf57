/**
 * The command line in-process, end to end through the real rule registry:
 * usage, exit statuses, text and JSON output, and every kind of bad input.
 */
import * as fs from 'fs';
import * as path from 'path';
import { aliasBomb, captureIo, deeplyNested, fixture, lineContaining, removeTempDirs, tempDir, writeFile } from './cli-helpers';
import { CliSettings } from '../../src/cli/command';
import { main, parseArgs } from '../../src/cli/main';
import { DEFAULT_LIMITS } from '../../src/io/read';

afterAll(removeTempDirs);

async function cli(argv: string[], options: { stdin?: string | Buffer; settings?: Partial<CliSettings> } = {}) {
  const captured = captureIo(options.stdin ?? '');
  const code = await main(argv, captured.io, { env: {}, ...options.settings });
  return { code, out: captured.out(), err: captured.err() };
}

/** What no error message may contain: a stack trace or a raw JavaScript error name. */
const CRASH = /\n\s+at .+:\d+|RangeError|TypeError|ReferenceError/;

describe('usage', () => {
  test('--help prints the commands and exits 0', async () => {
    const r = await cli(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Usage: cdk8s-kube-bind COMMAND/);
    expect(r.out).toMatch(/\n {2}validate +check kube-bind manifests \(exports, schemas, templates, requests\) and CRDs/);
    expect(r.err).toBe('');
  });

  test.each([[['validate', '--help']], [['validate', '-h']], [['help', 'validate']], [['validate', 'x.yaml', '--help']]])('%j prints the validate usage and exits 0', async argv => {
    const r = await cli(argv);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Usage: cdk8s-kube-bind validate \[--output text\|json\|sarif\|junit\|github\] \[--strict\] \[--fail-on-skipped\] \[--group GROUP\] \[--namespace-prefix PREFIX\] \[--previous FILE\|DIR\|-\]\.\.\. \[--max-document-size SIZE\] FILE\|DIR\|- \.\.\./);
    expect(r.out).toContain('-o, --output FORMAT');
    expect(r.out).toContain('--group GROUP');
    expect(r.out).toContain('Exit status: 0');
    expect(r.out).toContain('read one YAML document at a time');
    expect(r.out).toContain('YAML 1.1');
    expect(r.err).toBe('');
  });

  test.each([
    [[], /^Usage: cdk8s-kube-bind COMMAND/],
    [['valdate', 'x.yaml'], /^cdk8s-kube-bind: unknown command "valdate" \(did you mean "validate"\?\)\nRun 'cdk8s-kube-bind --help' for usage\.\n$/],
    [['help', 'nope'], /unknown command "nope"/],
    [['validate'], /^cdk8s-kube-bind validate: no input: give FILE, DIR, or - for standard input\nRun 'cdk8s-kube-bind validate --help' for usage\.\n$/],
    [['validate', '--outptu', 'json', 'x.yaml'], /unknown flag "--outptu" \(did you mean --output\?\)/],
    [['validate', '-x', 'x.yaml'], /unknown flag "-x"/],
    [['validate', '-o=', 'x.yaml'], /--output "" is not one of text, json/],
    [['validate', '--output', 'yaml', 'x.yaml'], /--output "yaml" is not one of text, json/],
    [['validate', 'x.yaml', '--output'], /--output needs a value \(FORMAT\)/],
    [['validate', '--output', 'json', '-o', 'text', 'x.yaml'], /--output given more than once/],
    [['validate', '--group', 'Not A Group', 'x.yaml'], /--group "Not A Group" is not an API group name/],
    [['validate', '--group=', 'x.yaml'], /--group "" is not an API group name/],
    [['validate', '--help=yes'], /--help takes no value/],
    [['validate', '-', '-'], /- \(standard input\) given more than once/],
  ])('%j is a usage error: status 2, message on stderr, nothing on stdout', async (argv, message) => {
    const r = await cli(argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.out).toBe('');
  });

  test('flag forms: --name value, --name=value, -o value, flags after operands, -- before operands', () => {
    const specs = [{ name: 'output', short: 'o', value: 'FORMAT', choices: ['text', 'json'], description: '' }, { name: 'group', value: 'G', description: '' }];
    expect(parseArgs(['a', '--output=json', '--group', 'g', 'b', '--', '--not-a-flag', '-'], specs)).toEqual({
      flags: new Map([['output', 'json'], ['group', 'g']]),
      operands: ['a', 'b', '--not-a-flag', '-'],
      values: new Map([['output', ['json']], ['group', ['g']]]),
    });
    expect(parseArgs(['-o', 'text', '-'], specs).flags.get('output')).toBe('text');
  });

  test("kubectl's short forms: -ojson and -o=json; the value is still checked", () => {
    const specs = [{ name: 'output', short: 'o', value: 'FORMAT', choices: ['text', 'json'], description: '' }];
    for (const form of [['-ojson'], ['-o=json'], ['-o', 'json'], ['--output=json']]) {
      expect(parseArgs([...form, 'a.yaml'], specs)).toEqual({ flags: new Map([['output', 'json']]), operands: ['a.yaml'], values: new Map([['output', ['json']]]) });
    }
    expect(() => parseArgs(['-o=yaml'], specs)).toThrow('--output "yaml" is not one of text, json');
    expect(() => parseArgs(['-oyaml'], specs)).toThrow('--output "yaml" is not one of text, json');
  });

  test('a repeatable flag keeps every value in order; the last one is in flags', () => {
    const specs = [{ name: 'previous', value: 'P', repeatable: true, description: '' }, { name: 'group', value: 'G', description: '' }];
    const parsed = parseArgs(['--previous', 'a', 'x', '--previous=b', '--previous', '-'], specs);
    expect(parsed.values.get('previous')).toEqual(['a', 'b', '-']);
    expect(parsed.flags.get('previous')).toBe('-');
    expect(parsed.operands).toEqual(['x']);
    expect(() => parseArgs(['--group', 'a', '--group', 'b'], specs)).toThrow('--group given more than once');
  });

  test('an operand after -- that looks like a flag is a file', async () => {
    const dir = tempDir();
    writeFile(dir, '--odd.yaml', 'apiVersion: v1\nkind: ConfigMap\n');
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const r = await cli(['validate', '--', '--odd.yaml']);
      expect(r).toEqual({ code: 0, out: '0 objects checked: 0 valid, 0 invalid; 1 skipped; 0 errors, 0 warnings, 0 notes\n', err: '' });
    } finally {
      process.chdir(cwd);
    }
  });
});

describe('validate, through the real rules', () => {
  test('a valid folder: 0, recursing into sub-folders', async () => {
    const r = await cli(['validate', '--output', 'json', fixture('valid')]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const entries = JSON.parse(r.out);
    expect(entries.map((e: any) => [path.relative(fixture('valid'), e.file), e.kind, e.valid, e.violations])).toEqual([
      ['exports.yaml', 'APIServiceExport', true, []],
      [path.join('schemas', 'cowboys.yml'), 'BoundSchema', true, []],
    ]);
  });

  test('valid text output is just the summary', async () => {
    const r = await cli(['validate', fixture('valid')]);
    expect(r).toEqual({ code: 0, out: '2 objects checked: 2 valid, 0 invalid; 1 skipped; 0 errors, 0 warnings, 0 notes\n', err: '' });
  });

  test('an invalid file: 1, with the rule id, the file and the line of the field', async () => {
    const file = fixture('invalid.yaml');
    const line = lineContaining(fs.readFileSync(file, 'utf8'), 'served: "yes"');
    const r = await cli(['validate', file]);
    expect(r.code).toBe(1);
    expect(r.err).toBe('');
    // A string where a boolean belongs is a type violation (KB003), not a crash.
    expect(r.out).toContain(`${file}:${line}: error KB003 kube-bind-wildwest/cowboys.wildwest.dev (BoundSchema kube-bind.io/v1alpha2) spec.versions[1].served: `);
    expect(r.out).toMatch(/\n2 objects checked: 1 valid, 1 invalid; 0 skipped; [1-9]\d* errors?, /);
  });

  test('JSON: exactly one parseable array, one entry per checked object, skipped kinds absent', async () => {
    const list = fixture('list.yaml');
    const listText = fs.readFileSync(list, 'utf8');
    const r = await cli(['validate', '-o', 'json', fixture('invalid.yaml'), list]);
    expect(r.code).toBe(1);
    expect(r.err).toBe('');
    const entries = JSON.parse(r.out);
    expect(entries).toHaveLength(4);
    for (const e of entries) {
      expect(Object.keys(e)).toEqual(['file', 'index', 'line', 'apiVersion', 'kind', 'namespace', 'name', 'valid', 'previous', 'violations']);
      expect(e.valid).toBe(!e.violations.some((v: any) => v.severity === 'error'));
      for (const v of e.violations) {
        expect(Object.keys(v)).toEqual(['rule', 'severity', 'path', 'message', 'hint']);
        expect(v.rule).toMatch(/^KB\d{3}$/);
      }
    }
    expect(entries.map((e: any) => e.kind)).not.toContain('ConfigMap');
    // Items of a List: the List document's index, each item's own line.
    expect(entries.slice(2).map((e: any) => [e.file, e.index, e.line, e.kind])).toEqual([
      [list, 0, lineContaining(listText, 'kind: APIServiceExport') - 1, 'APIServiceExport'],
      [list, 0, lineContaining(listText, 'kind: BoundSchema') - 1, 'BoundSchema'],
    ]);
    expect(entries[1].violations.map((v: any) => [v.rule, v.path])).toContainEqual(['KB003', 'spec.versions[1].served']);
  });

  test('standard input', async () => {
    const text = fs.readFileSync(fixture('invalid.yaml'), 'utf8');
    const r = await cli(['validate', '-'], { stdin: text });
    expect(r.code).toBe(1);
    expect(r.out).toContain(`<stdin>:${lineContaining(text, 'served: "yes"')}: error KB003 `);
  });

  test('an unknown version of our group is checked and reported, not skipped', async () => {
    const r = await cli(['validate', '-o', 'json', fixture('unknown-version.yaml')]);
    expect(r.code).toBe(1);
    const [entry] = JSON.parse(r.out);
    expect(entry).toMatchObject({ apiVersion: 'kube-bind.io/v1', kind: 'APIServiceExport', valid: false });
    expect(entry.violations.map((v: any) => [v.rule, v.path])).toEqual([['KB001', 'apiVersion']]);
  });

  test('a group one typo away from ours is an error, not silently skipped (the cluster has no such kind)', async () => {
    const file = writeFile(tempDir(), 'typo.yaml', 'apiVersion: kube-bnid.io/v1alpha2\nkind: BoundSchema\nmetadata: {name: x, namespace: yy}\n');
    const r = await cli(['validate', file]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(new RegExp('typo\\.yaml:1: error KB001 yy/x \\(BoundSchema kube-bnid\\.io/v1alpha2\\) apiVersion: '));
  });

  test('--group checks another group and skips the default one', async () => {
    const text = fs.readFileSync(fixture('valid', 'schemas', 'cowboys.yml'), 'utf8');
    const file = writeFile(tempDir(), 'other-group.yaml', `${text.replace('kube-bind.io/', 'bind.example.com/')}---\n${text}`);
    const r = await cli(['validate', '--group', 'bind.example.com', '-o', 'json', file]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).map((e: any) => e.apiVersion)).toEqual(['bind.example.com/v1alpha2']);
  });

  test('cross-object checks run over all objects of all files given', async () => {
    const dir = tempDir();
    const schema = fs.readFileSync(fixture('valid', 'schemas', 'cowboys.yml'), 'utf8');
    const first = writeFile(dir, 'first.yaml', schema);
    const second = writeFile(dir, 'second.yaml', schema.replace('name: cowboys.wildwest.dev', 'name: cowboys-again'));
    const findingsOf = (out: string): Array<[string, string]> => JSON.parse(out).flatMap((e: any) => e.violations
      .filter((v: any) => v.severity !== 'info').map((v: any) => [v.rule, v.severity]));
    const alone = [await cli(['validate', '-o', 'json', first]), await cli(['validate', '-o', 'json', second])];
    expect(alone.map(r => r.code)).toEqual([0, 0]);
    const seenAlone = new Set(alone.flatMap(r => findingsOf(r.out)).map(f => f.join()));
    const together = await cli(['validate', '-o', 'json', first, second]);
    const found = findingsOf(together.out).filter(f => !seenAlone.has(f.join()));
    // Only a cross-object rule (KB170-KB189) can tell two files apart from each file alone.
    expect(found.length).toBeGreaterThan(0);
    expect(found.every(([id]) => /^KB1[78]\d$/.test(id))).toBe(true);
    expect(together.code).toBe(findingsOf(together.out).some(([, severity]) => severity === 'error') ? 1 : 0);
  });

  test('a schema nested about 400 levels deep (within the limit) is checked without crashing', async () => {
    let schema = '{type: string}';
    for (let i = 0; i < 200; i++) schema = `{type: object, properties: {a: ${schema}}}`;
    const text = fs.readFileSync(fixture('valid', 'schemas', 'cowboys.yml'), 'utf8').replace(/openAPIV3Schema:\n\s+type: object/, `openAPIV3Schema: ${schema}`);
    const r = await cli(['validate', writeFile(tempDir(), 'deep-schema.yaml', text)]);
    expect([0, 1]).toContain(r.code);
    expect(r.out + r.err).not.toMatch(/internal error|RangeError/);
  });
});

describe('bad input: status 2, a clear message with file and line, no stack trace', () => {
  async function bad(content: string | Buffer, settings: Partial<CliSettings> = {}, args: string[] = []) {
    const file = writeFile(tempDir(), 'bad.yaml', content);
    const r = await cli(['validate', ...args, file], { settings });
    expect(r.code).toBe(2);
    expect(r.err).not.toMatch(CRASH);
    return { ...r, file };
  }

  test('a missing file', async () => {
    const missing = path.join(tempDir(), 'missing.yaml');
    const r = await cli(['validate', missing]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`${missing}: error: no such file or directory\n`);
  });

  test('malformed YAML', async () => {
    const r = await bad('apiVersion: kube-bind.io/v1alpha2\nkind: BoundSchema\nspec:\n  versions: [a, b\n  names: x\n');
    expect(r.err).toMatch(new RegExp(`^${escape(r.file)}:[45]: error: YAML syntax error: `));
  });

  describe('tabs as kubectl reads them (go-yaml v2): a comment line that starts with a tab is unreadable', () => {
    // js-yaml reads it; go-yaml v2's scanner refuses it (src/io/go-yaml-tabs.ts).
    const text = 'apiVersion: kube-bind.io/v1alpha2\nkind: APIServiceExport\nmetadata:\n  name: widgets\n  namespace: kube-bind\nspec:\n'
      + '  resources:\n  - group: example.com\n    resource: widgets\n  isolation: Prefixed\n\t# informerScope: Cluster or Namespaced\n'
      + '  informerScope: Cluster\n';
    test.each(['text', 'json', 'sarif', 'junit', 'github'])('%s: status 2, the file and the line of the tab', async format => {
      const r = await bad(text, {}, ['-o', format]);
      expect(r.err).toMatch(new RegExp(`^${escape(r.file)}:11: error: YAML syntax error: found a tab character that violates indentation `));
      if (format !== 'text') expect(r.out).toContain('found a tab character that violates indentation');
    });
    test('a tab after a key\'s colon and before a comment is read, as go-yaml reads it', async () => {
      const file = writeFile(tempDir(), 'tabs.yaml', text.replace('\t# informerScope: Cluster or Namespaced\n', '').replace('isolation: Prefixed', 'isolation:\tPrefixed\t# how'));
      const r = await cli(['validate', file]);
      expect(r.code).toBe(0);
    });
  });

  test('a duplicate key', async () => {
    const r = await bad('apiVersion: kube-bind.io/v1alpha2\nkind: BoundSchema\nkind: APIServiceExport\n');
    expect(r.err).toBe(`${r.file}:3: error: duplicate key "kind" in a mapping; Kubernetes rejects an object that sets a field twice\n`);
  });

  test.each([
    ['a scalar', 'apiVersion: v1\nkind: ConfigMap\n---\n42\n', ':4: error: document 1 is a number (42), not a mapping'],
    ['a list', '- apiVersion: v1\n  kind: ConfigMap\n', ':1: error: document 0 is a list, not a mapping'],
  ])('a document that is %s', async (_, content, message) => {
    const r = await bad(content);
    expect(r.err).toContain(`${r.file}${message}`);
  });

  test('an alias bomb', async () => {
    const r = await bad(aliasBomb());
    expect(r.err).toBe(`${r.file}:1: error: document 0: YAML aliases expand too much (limit 100); an alias bomb cannot be checked\n`);
  });

  test('a document over the per-document limit (made small for the test) is refused before parsing', async () => {
    const big = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n' + Array.from({ length: 200 }, (_, i) => `  k${i}: v\n`).join('');
    const small = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: small\n';
    const r = await bad(`${small}---\n${big}`, { limits: { ...DEFAULT_LIMITS, maxDocumentBytes: 1000 } });
    expect(r.err).toMatch(new RegExp(`^${escape(r.file)}:6: error: document 1 is \\d+ KiB, over the 1 KiB limit per YAML document; the file is not checked`));
  });

  test('standard input with a document over the per-document limit', async () => {
    const r = await cli(['validate', '-'], { stdin: 'x'.repeat(5000), settings: { limits: { maxDocumentBytes: 1000, maxAliasCount: 100, maxDepth: 512 } } });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^<stdin>:1: error: document 0 is 5 KiB, over the 1 KiB limit per YAML document; the file is not checked/);
  });


  describe('--max-document-size: a List over the limit, as kubectl get -o yaml prints one, is read once the limit is raised', () => {
    const list = 'apiVersion: v1\nkind: List\nitems:\n' + Array.from({ length: 40 }, (_, i) => `- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: c${i}}\n`).join('');

    test.each(['validate', 'from-crd', 'migrate', 'explain', 'paths'])('%s refuses it at the limit and reads it above', async command => {
      const refused = await cli([command, '--max-document-size', '1KiB', '-'], { stdin: list });
      expect(refused.code).toBe(2);
      expect(refused.err).toMatch(/^<stdin>:1: error: document 0 is 3 KiB, over the 1 KiB limit per YAML document; .*raise the limit with --max-document-size/);
      const read = await cli([command, '--max-document-size', '4Ki', '-'], { stdin: list });
      expect(read.err).not.toContain('over the');
      expect(read.code).not.toBe(2);
    });

    test('validate reads each of the List\'s objects once it reads it (ConfigMaps: skipped)', async () => {
      const r = await cli(['validate', '--max-document-size', '1MiB', '-'], { stdin: list });
      expect(r.code).toBe(0);
      expect(r.out).toContain('0 objects checked: 0 valid, 0 invalid; 40 skipped');
    });

    test.each([
      ['64MB', /--max-document-size "64MB" is not a size: give a whole number of bytes, KiB or MiB, such as 64MiB/],
      ['0', /--max-document-size "0" is not a size/],
      ['1.5MiB', /is not a size/],
      ['1024MiB', /--max-document-size "1024MiB" is over 511MiB, the longest document Node.js can hold as one string/],
    ])('%s is a usage error', async (value, message) => {
      const r = await cli(['validate', '--max-document-size', value, '-'], { stdin: list });
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
    });
  });

  test('binary data: NUL bytes', async () => {
    const r = await bad(Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x0a, 0x00]));
    expect(r.err).toBe(`${r.file}:1: error: binary file: NUL byte found; manifests must be UTF-8 text\n`);
  });

  test('binary data: invalid UTF-8', async () => {
    const r = await bad(Buffer.concat([Buffer.from('apiVersion: v1\nkind: ConfigMap\ndata: '), Buffer.from([0xff, 0xfe, 0xfd]), Buffer.from('\n')]));
    expect(r.err).toBe(`${r.file}:3: error: binary file: not valid UTF-8; manifests must be UTF-8 text\n`);
  });

  test('10,000 levels of nesting', async () => {
    const r = await bad(deeplyNested(10_000));
    expect(r.err).toMatch(new RegExp(`^${escape(r.file)}:\\d+: error: .*nesting (too deep|deeper than)`));
  });

  test('the JSON output stays one array even with bad input, the unreadable input its one entry (KB000)', async () => {
    const r = await bad('a: [\n', {}, ['--output', 'json']);
    const entries = JSON.parse(r.out);
    expect(entries).toEqual([expect.objectContaining({ index: null, valid: false, violations: [expect.objectContaining({ rule: 'KB000', severity: 'error' })] })]);
  });
});

describe('internal errors', () => {
  const boom = (): never => {
    throw new Error('boom');
  };

  test('are reported in one line without a stack, status 2', async () => {
    const r = await cli(['validate', fixture('valid')], { settings: { validate: boom } });
    expect(r).toEqual({ code: 2, out: '', err: 'cdk8s-kube-bind: internal error: boom\n' });
  });

  test('show the stack with CDK8S_KUBE_BIND_DEBUG=1', async () => {
    const r = await cli(['validate', fixture('valid')], { settings: { validate: boom, env: { CDK8S_KUBE_BIND_DEBUG: '1' } } });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^cdk8s-kube-bind: internal error: boom\nError: boom\n\s+at /);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
