/**
 * The `validate` run with a stand-in validator: selection of objects, one
 * validation over all inputs, violation lines, text and JSON output, exit
 * statuses. The real rule catalogue is exercised in main.test.ts.
 */
import * as fs from 'fs';
import * as path from 'path';
import { captureIo, fixture, lineContaining, removeTempDirs, tempDir, writeFile } from './cli-helpers';
import { CheckOptions, isChecked, runCheck, ValidateFn } from '../../src/cli/check';
import { JSON_REPORTER, Reporter, TEXT_REPORTER } from '../../src/cli/output';
import { DEFAULT_LIMITS } from '../../src/io/read';
import { isObject, Manifest, own } from '../../src/model/manifest';
import { show } from '../../src/rules/engine/messages';
import { RuleContext } from '../../src/rules/engine/rule';
import { Violation } from '../../src/rules/engine/violation';

afterAll(removeTempDirs);

/**
 * A small validator of its own: `served`/`storage` of every version must be
 * booleans (error), and an object without a namespace gets a warning.
 */
const booleanVersions: ValidateFn = objects => objects.map(o => {
  const out: Violation[] = [];
  const versions = own(own(o, 'spec'), 'versions');
  (Array.isArray(versions) ? versions : []).forEach((v: unknown, i: number) => {
    for (const key of ['served', 'storage']) {
      const value = own(v, key);
      if (isObject(v) && typeof value !== 'boolean') {
        out.push({ rule: 'KB999', severity: 'error', path: `spec.versions[${i}].${key}`, message: `${show(value)} must be a boolean`, hint: 'write true or false' });
      }
    }
  });
  if (typeof own(own(o, 'metadata'), 'namespace') !== 'string') {
    out.push({ rule: 'KB998', severity: 'warning', path: 'metadata.namespace', message: 'is missing' });
  }
  return out;
});

async function run(operands: string[], options: Partial<CheckOptions> & { stdin?: string } = {}) {
  const captured = captureIo(options.stdin ?? '');
  const reporter: Reporter = options.reporter ?? TEXT_REPORTER;
  const code = await runCheck({
    operands,
    context: options.context ?? { group: 'kube-bind.io' },
    reporter,
    validate: options.validate ?? booleanVersions,
    limits: options.limits ?? DEFAULT_LIMITS,
    select: options.select,
  }, captured.io);
  return { code, out: captured.out(), err: captured.err() };
}

describe('exit status and text output', () => {
  test('valid input: 0, only the summary', async () => {
    const r = await run([fixture('valid')]);
    expect(r).toEqual({ code: 0, out: '2 objects checked: 2 valid, 0 invalid; 1 skipped; 0 errors, 0 warnings, 0 notes\n', err: '' });
  });

  test('an error: 1, with file, the line of the field, rule, object and hint', async () => {
    const file = fixture('invalid.yaml');
    const text = fs.readFileSync(file, 'utf8');
    const r = await run([file]);
    expect(r.code).toBe(1);
    expect(r.err).toBe('');
    const line = lineContaining(text, 'served: "yes"');
    expect(r.out).toBe([
      `${file}:${line}: error KB999 kube-bind-wildwest/cowboys.wildwest.dev (BoundSchema kube-bind.io/v1alpha2) spec.versions[1].served: "yes" must be a boolean`,
      '    hint: write true or false',
      '2 objects checked: 1 valid, 1 invalid; 0 skipped; 1 error, 0 warnings, 0 notes',
      '',
    ].join('\n'));
  });

  test('warnings only: 0; violations sorted by line; a missing field points at its parent', async () => {
    const file = writeFile(tempDir(), 'w.yaml', [
      'apiVersion: kube-bind.io/v1alpha2',
      'kind: BoundSchema',
      'metadata:',
      '  name: no-namespace',
      'spec:',
      '  versions: []',
    ].join('\n'));
    const r = await run([file]);
    expect(r.code).toBe(0);
    expect(r.out).toBe([
      `${file}:3: warning KB998 no-namespace (BoundSchema kube-bind.io/v1alpha2) metadata.namespace: is missing`,
      '1 object checked: 1 valid, 0 invalid; 0 skipped; 0 errors, 1 warning, 0 notes',
      '',
    ].join('\n'));
  });

  test('text lines follow the line order within an object; an object-level violation has no path', async () => {
    const file = writeFile(tempDir(), 'o.yaml', 'apiVersion: kube-bind.io/v1alpha2\nkind: APIServiceExport\nspec:\n  versions:\n  - {served: 1, storage: 2}\n');
    const objectLevel: ValidateFn = (objects, ctx) => booleanVersions(objects, ctx).map(vs => [
      ...vs.reverse(),
      { rule: 'KB997', severity: 'info', path: '', message: 'an object-level note' },
    ]);
    const r = await run([file], { validate: objectLevel });
    expect(r.out.split('\n').map(l => l.replace(file, 'F'))).toEqual([
      // Same line: the validator's order is kept (stable sort).
      'F:1: warning KB998 <unnamed> (APIServiceExport kube-bind.io/v1alpha2) metadata.namespace: is missing',
      'F:1: note KB997 <unnamed> (APIServiceExport kube-bind.io/v1alpha2): an object-level note',
      'F:5: error KB999 <unnamed> (APIServiceExport kube-bind.io/v1alpha2) spec.versions[0].storage: 2 must be a boolean',
      '    hint: write true or false',
      'F:5: error KB999 <unnamed> (APIServiceExport kube-bind.io/v1alpha2) spec.versions[0].served: 1 must be a boolean',
      '    hint: write true or false',
      '1 object checked: 0 valid, 1 invalid; 0 skipped; 2 errors, 1 warning, 1 note',
      '',
    ]);
  });
});

describe('what is checked', () => {
  test('objects of the group are checked, other groups and kinds skipped, whatever their kind', async () => {
    const seen: Manifest[][] = [];
    const file = writeFile(tempDir(), 'mix.yaml', [
      'apiVersion: kube-bind.io/v1alpha2\nkind: APIServiceExport\nmetadata: {namespace: a}',
      'apiVersion: kube-bind.io/v9\nkind: Whatever\nmetadata: {namespace: a}',
      'apiVersion: kube-bind.io\nkind: BoundSchema\nmetadata: {namespace: a}',
      'apiVersion: other.io/v1alpha2\nkind: APIServiceExport',
      'apiVersion: v1\nkind: ConfigMap',
      'kind: NoApiVersion',
    ].join('\n---\n'));
    const r = await run([file], { validate: (objects, ctx) => { seen.push([...objects]); return booleanVersions(objects, ctx); } });
    expect(r.code).toBe(0);
    expect(seen).toHaveLength(1);
    // A document without apiVersion is not skipped: kubectl refuses it, and the rules say so (KB001).
    expect(seen[0].map(o => o.kind)).toEqual(['APIServiceExport', 'Whatever', 'BoundSchema', 'NoApiVersion']);
    expect(r.out).toMatch(/^4 objects checked: 4 valid, 0 invalid; 2 skipped;/m);
  });

  test('--group moves the checked set to another group, and reaches the validator', async () => {
    const contexts: RuleContext[] = [];
    const file = writeFile(tempDir(), 'g.yaml', 'apiVersion: kube-bind.io/v1alpha2\nkind: BoundSchema\n---\napiVersion: bind.example.com/v1alpha2\nkind: BoundSchema\n');
    const r = await run([file], {
      context: { group: 'bind.example.com' },
      reporter: JSON_REPORTER,
      validate: (objects, ctx) => { contexts.push(ctx); return objects.map(() => []); },
    });
    expect(contexts).toEqual([{ group: 'bind.example.com' }]);
    expect(JSON.parse(r.out).map((e: any) => e.apiVersion)).toEqual(['bind.example.com/v1alpha2']);
  });

  test('cross-object checks see all objects of all inputs in one call, in input order', async () => {
    const calls: string[][] = [];
    const dir = tempDir();
    const a = writeFile(dir, 'a.yaml', 'apiVersion: kube-bind.io/v1alpha2\nkind: BoundSchema\nmetadata: {name: one, namespace: ns}\n');
    const b = writeFile(dir, 'b.yaml', 'apiVersion: kube-bind.io/v1alpha2\nkind: BoundSchema\nmetadata: {name: one, namespace: ns}\n');
    // A stand-in cross-object rule: duplicate names, reported on the later object.
    const duplicates: ValidateFn = objects => {
      calls.push(objects.map(o => o.metadata.name));
      return objects.map((o, i) => objects.slice(0, i).some(p => p.metadata.name === o.metadata.name)
        ? [{ rule: 'KB170', severity: 'error', path: 'metadata.name', message: `${show(o.metadata.name)} is used twice` }]
        : []);
    };
    const r = await run([a, '-', b], { validate: duplicates, stdin: 'apiVersion: kube-bind.io/v1alpha2\nkind: BoundSchema\nmetadata: {name: two, namespace: ns}\n' });
    expect(calls).toEqual([['one', 'two', 'one']]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${b}:3: error KB170 ns/one (BoundSchema kube-bind.io/v1alpha2) metadata.name: "one" is used twice`);
  });

  test('a document without apiVersion or kind is checked, not skipped', async () => {
    const seen: Manifest[] = [];
    const file = writeFile(tempDir(), 'nv.yaml', 'kind: BoundSchema\nmetadata: {name: x}\n---\napiVersion: v1\nmetadata: {name: yy}\n');
    const r = await run([file], { validate: (objects, ctx) => { seen.push(...objects); return booleanVersions(objects, ctx); } });
    expect(seen.map(o => o.metadata.name)).toEqual(['x', 'yy']);
    expect(r.out).toMatch(/^2 objects checked: .*; 0 skipped;/m);
  });

  test('kube-bind\'s consumer-side kinds are checked; the documents of its binding protocol are skipped with a note', async () => {
    const seen: Manifest[] = [];
    const file = writeFile(tempDir(), 'kb.yaml', [
      'apiVersion: kube-bind.io/v1alpha2\nkind: BindingProvider\nmetadata: {name: t}',
      'apiVersion: kube-bind.io/v1alpha1\nkind: ClusterBinding\nmetadata: {name: c, namespace: ns}',
      'apiVersion: kube-bind.io/v1alpha2\nkind: BoundSchema\nmetadata: {name: b, namespace: ns}',
    ].join('\n---\n'));
    const r = await run([file], { validate: (objects, ctx) => { seen.push(...objects); return booleanVersions(objects, ctx); } });
    expect(seen.map(o => o.kind)).toEqual(['ClusterBinding', 'BoundSchema']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^2 objects checked: 2 valid, 0 invalid; 1 skipped;/);
    expect(r.err).toBe([
      `${file}:1: note: BindingProvider (kube-bind.io/v1alpha2) is a document of kube-bind's binding protocol, read over HTTP by kubectl bind and served by no CRD: not an API object, not checked`,
      '',
    ].join('\n'));
  });

  test('isChecked compares the group part of apiVersion exactly', () => {
    const ctx = { group: 'kube-bind.io' };
    expect(isChecked({ apiVersion: 'kube-bind.io/v1alpha2', kind: 'BoundSchema' }, ctx)).toBe(true);
    expect(isChecked({ apiVersion: 'kube-bind.io', kind: 'BoundSchema' }, ctx)).toBe(true);
    expect(isChecked({ apiVersion: 'x.kube-bind.io/v1alpha2', kind: 'BoundSchema' }, ctx)).toBe(false);
    expect(isChecked({ apiVersion: 'kube-bind.io.evil/v1', kind: 'BoundSchema' }, ctx)).toBe(false);
    // Without apiVersion or kind (or with one that is no string), kubectl refuses the document: checked, never skipped.
    expect(isChecked({ apiVersion: ['kube-bind.io/v1alpha2'], kind: 'BoundSchema' }, ctx)).toBe(true);
    expect(isChecked({ kind: 'BoundSchema' }, ctx)).toBe(true);
    expect(isChecked({ apiVersion: 'v1' }, ctx)).toBe(true);
  });

  test('a validator that does not return one list per object is an internal error, not a silent pass', async () => {
    await expect(run([fixture('valid')], { validate: () => [] })).rejects.toThrow('validator returned 0 results for 2 objects');
  });
});

describe('JSON output', () => {
  test('exactly one array, an entry per checked object with exactly the documented fields', async () => {
    const invalid = fixture('invalid.yaml');
    const list = fixture('list.yaml');
    const listText = fs.readFileSync(list, 'utf8');
    const r = await run([invalid, list], { reporter: JSON_REPORTER });
    expect(r.code).toBe(1);
    expect(r.err).toBe('');
    const entries = JSON.parse(r.out);
    expect(Array.isArray(entries)).toBe(true);
    expect(entries).toHaveLength(4); // the ConfigMap item of the List is skipped
    for (const e of entries) {
      expect(Object.keys(e)).toEqual(['file', 'index', 'line', 'apiVersion', 'kind', 'namespace', 'name', 'valid', 'previous', 'violations']);
      for (const v of e.violations) expect(Object.keys(v)).toEqual(['rule', 'severity', 'path', 'message', 'hint']);
    }
    expect(entries.map((e: any) => [e.file, e.index, e.line, e.kind, e.valid])).toEqual([
      [invalid, 0, 1, 'APIServiceExport', true],
      [invalid, 1, lineContaining(fs.readFileSync(invalid, 'utf8'), 'kind: BoundSchema') - 1, 'BoundSchema', false],
      [list, 0, lineContaining(listText, 'kind: APIServiceExport') - 1, 'APIServiceExport', true],
      [list, 0, lineContaining(listText, 'kind: BoundSchema') - 1, 'BoundSchema', true],
    ]);
    expect(entries[1]).toEqual({
      file: invalid,
      index: 1,
      line: entries[1].line,
      apiVersion: 'kube-bind.io/v1alpha2',
      kind: 'BoundSchema',
      namespace: 'kube-bind-wildwest',
      name: 'cowboys.wildwest.dev',
      valid: false,
      previous: null,
      violations: [{ rule: 'KB999', severity: 'error', path: 'spec.versions[1].served', message: '"yes" must be a boolean', hint: 'write true or false' }],
    });
  });

  test('missing names and hints are null; warnings leave an object valid', async () => {
    const file = writeFile(tempDir(), 'n.yaml', 'apiVersion: kube-bind.io/v1alpha2\nkind: BoundSchema\n');
    const r = await run([file], { reporter: JSON_REPORTER });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual([{
      file,
      index: 0,
      line: 1,
      apiVersion: 'kube-bind.io/v1alpha2',
      kind: 'BoundSchema',
      namespace: null,
      name: null,
      valid: true,
      previous: null,
      violations: [{ rule: 'KB998', severity: 'warning', path: 'metadata.namespace', message: 'is missing', hint: null }],
    }]);
  });

  test('with an input error: still exactly one array on stdout, the unreadable input first as an invalid entry of KB000, the error on stderr too, status 2', async () => {
    const missing = path.join(tempDir(), 'missing.yaml');
    const r = await run([fixture('valid'), missing], { reporter: JSON_REPORTER });
    expect(r.code).toBe(2);
    const entries = JSON.parse(r.out);
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({ file: missing, index: null, valid: false, violations: [{ rule: 'KB000', severity: 'error', path: '', message: 'no such file or directory' }] });
    expect(entries.slice(1).map((e: any) => e.valid)).toEqual([true, true]);
    expect(r.err).toBe(`${missing}: error: no such file or directory\n`);
  });

  test('nothing checked: an empty array', async () => {
    const file = writeFile(tempDir(), 'cm.yaml', 'apiVersion: v1\nkind: ConfigMap\n');
    const r = await run([file], { reporter: JSON_REPORTER });
    expect(r).toEqual({ code: 0, out: '[]\n', err: '' });
  });
});

describe('input errors', () => {
  test('an input error makes the status 2 even when the rest is valid, and the summary says so', async () => {
    const file = writeFile(tempDir(), 'bad.yaml', 'a: [\n');
    const r = await run([fixture('valid'), file]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2: error: YAML syntax error: `));
    expect(r.out).toBe('2 objects checked: 2 valid, 0 invalid; 1 skipped; 0 errors, 0 warnings, 0 notes; 1 input error (see above)\n');
  });

  test('an input error wins over invalid objects', async () => {
    const r = await run([fixture('invalid.yaml'), path.join(tempDir(), 'missing.yaml')]);
    expect(r.code).toBe(2);
  });
});
