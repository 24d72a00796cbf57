/**
 * What `npm run bench` relies on, without timing anything: its arithmetic,
 * that both sides of a comparison synthesize the same YAML from a valid
 * workload, and that the synth-time shortcut it measures (rules run again
 * only for a manifest that changed, however often cdk8s validates the app)
 * never changes what a synth says or writes.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, App, Chart, Testing, Yaml } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { loadAll as yamlLoadAll } from 'js-yaml';
import { verdictDocuments, writeRepeatedCrds, writeRepeatedMix } from '../scripts/bench/inputs';
import { peerValidate } from '../scripts/bench/peer';
import { checksTable, median, ratio, table, verdict } from '../scripts/bench/stats';
import { buildConstructs, buildPlain, buildPlainLiterals, largeSchema } from '../scripts/bench/workloads';
import * as kb from '../src';
import { apiServiceExportCrd, boundSchemaCrd } from '../src/crds';
import * as rules from '../src/rules';
import { perObject, withRuleScope } from '../src/rules/engine/memo';

const tempDirs: string[] = [];
afterAll(() => tempDirs.splice(0).forEach(dir => fs.rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-bench-test-'));
  tempDirs.push(dir);
  return dir;
}

function files(dir: string): { [name: string]: string } {
  return Object.fromEntries(fs.readdirSync(dir).sort().map(f => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
}

/** Runs `fn` with stderr captured, so expected warnings neither leak nor go unnoticed. */
function withStderr<T>(fn: () => T): { result: T; stderr: string } {
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const result = fn();
    return { result, stderr: spy.mock.calls.map(c => String(c[0])).join('') };
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => jest.restoreAllMocks());

describe('bench arithmetic', () => {
  test('median of odd, even and empty lists', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  test('verdicts: at or under the bound passes, over it or not a number fails, no bound is info', () => {
    expect(verdict({ name: 'a', shown: '', value: 1.3, max: 1.3, detail: '' })).toBe('PASS');
    expect(verdict({ name: 'a', shown: '', value: 1.31, max: 1.3, detail: '' })).toBe('FAIL');
    expect(verdict({ name: 'a', shown: '', value: 30, max: 30, exclusive: true, detail: '' })).toBe('FAIL');
    expect(verdict({ name: 'a', shown: '', value: ratio(1, 0), max: 2, detail: '' })).toBe('FAIL');
    expect(verdict({ name: 'a', shown: '', value: 5, detail: '' })).toBe('info');
  });

  test('tables pad every column to its widest cell', () => {
    const lines = table(['a', 'bb'], [['ccc', 'd']]).split('\n');
    expect(lines).toEqual(['a    bb', '---  --', 'ccc  d']);
    expect(checksTable([{ name: 'x', shown: '1.00×', value: 1, max: 2, target: '≤ 2', detail: 'd' }])).toMatch(/x\s+1\.00×\s+≤ 2\s+PASS\s+d/);
  });
});

describe('bench workloads', () => {
  test('the large schema has the announced number of spec properties', () => {
    expect(Object.keys(largeSchema(200).properties.spec.properties)).toHaveLength(200);
  });

  test.each(['exports', 'boundschemas'] as const)('%s: valid, and the plain side writes the very same YAML', workload => {
    const constructsDir = tempDir();
    const plainDir = tempDir();
    const app = new App({ outdir: constructsDir });
    buildConstructs(kb, app, workload, 3, 2);
    const { stderr } = withStderr(() => app.synth());
    expect(stderr).toBe('');
    const charts = app.node.children.filter((c): c is Chart => Chart.isChart(c));
    expect(charts).toHaveLength(2);
    const manifests = charts.map(c => Testing.synth(c));
    for (const found of rules.validateObjects(manifests.flat())) expect(found).toEqual([]);

    const plain = new App({ outdir: plainDir });
    buildPlain(plain, manifests);
    plain.synth();
    expect(files(plainDir)).toEqual(files(constructsDir));
  });

  test.each(['exports', 'boundschemas', 'configmaps'] as const)('%s: the plain side written as literals writes the very same YAML', workload => {
    const constructsDir = tempDir();
    const literalsDir = tempDir();
    const app = new App({ outdir: constructsDir });
    buildConstructs(kb, app, workload, 3, 2);
    withStderr(() => app.synth());
    const plain = new App({ outdir: literalsDir });
    buildPlainLiterals(plain, workload, 3, 2);
    plain.synth();
    expect(Object.keys(files(constructsDir))).toHaveLength(2);
    expect(files(literalsDir)).toEqual(files(constructsDir));
  });
});

describe('bench inputs of #23', () => {
  const corpus = path.join(__dirname, 'fixtures', 'verdicts');
  const namespacesOf = (text: string): string[] => (yamlLoadAll(text) as any[]).map(d => d?.metadata?.namespace);

  test('the repeated-names mix: the corpus copy after copy, each file of each copy in namespaces of its own, names repeated', () => {
    const file = path.join(tempDir(), 'mix.yaml');
    const documents = writeRepeatedMix(file, corpus, { copies: 3 });
    const corpusDocs = verdictDocuments(corpus);
    expect(documents).toBe(3 * corpusDocs.length);
    const docs = yamlLoadAll(fs.readFileSync(file, 'utf8')) as any[];
    expect(docs).toHaveLength(documents);
    const namespaces = namespacesOf(fs.readFileSync(file, 'utf8'));
    // The same object in each copy: same name, namespaces that differ by the copy only.
    const n = corpusDocs.length;
    const moved = [...Array(n).keys()].filter(i => typeof namespaces[i] === 'string' && namespaces[i].endsWith('-c0'));
    expect(moved.length).toBeGreaterThan(n * 0.9);
    for (const i of moved) {
      expect([docs[i + n].metadata.name, namespaces[i + n]]).toEqual([docs[i].metadata.name, namespaces[i].replace(/-c0$/, '-c1')]);
    }
    expect(new Set(moved.map(i => namespaces[i])).size).toBeGreaterThan(300);
  });

  test('the verdict mixes of #34: the valid files (clean) or the invalid ones (findings-heavy), copied to at least the documents asked', () => {
    const expected: Array<{ file: string; valid: boolean }> = JSON.parse(fs.readFileSync(path.join(corpus, 'expected.json'), 'utf8')).cases;
    const invalidFiles = new Set(expected.filter(c => !c.valid).map(c => c.file));
    const validFiles = new Set(expected.map(c => c.file).filter(f => !invalidFiles.has(f)));
    const clean = verdictDocuments(corpus, 'valid');
    const heavy = verdictDocuments(corpus, 'invalid');
    // Every document of the corpus is in exactly one of the two, each file's documents with their file.
    expect(clean.length + heavy.length).toBe(verdictDocuments(corpus).length);
    expect(new Set(clean.map(d => d.file)).size).toBe(validFiles.size);
    expect(new Set(heavy.map(d => d.file)).size).toBe(invalidFiles.size);
    const file = path.join(tempDir(), 'heavy.yaml');
    const documents = writeRepeatedMix(file, corpus, { documents: 2 * heavy.length + 1, files: 'invalid' });
    expect(documents).toBe(3 * heavy.length);
    expect(yamlLoadAll(fs.readFileSync(file, 'utf8'))).toHaveLength(documents);
  });

  test('the repeated CRDs: groups of their own per copy, two CRDs repeated as they are', () => {
    const file = path.join(tempDir(), 'crds.yaml');
    const count = writeRepeatedCrds(file, 1);
    const docs = yamlLoadAll(fs.readFileSync(file, 'utf8')) as any[];
    expect(docs).toHaveLength(count);
    expect(docs.map(d => d.spec.group)).toEqual([...Array(8).fill('c0.example.com'), 'shared.example.com', 'shared.example.com']);
  });

  test('the JSON-schema peer accepts a valid export and refuses one that breaks its schema', () => {
    const valid = 'apiVersion: kube-bind.io/v1alpha2\nkind: APIServiceExport\nmetadata: {name: a}\n'
      + 'spec: {informerScope: Cluster, isolation: Prefixed, resources: [{group: example.com, resource: widgets, versions: [v1]}]}\n';
    const crds = [apiServiceExportCrd(), boundSchemaCrd()];
    expect(peerValidate(crds, valid)).toEqual({ documents: 1, invalid: 0 });
    expect(peerValidate(crds, `${valid}---\n${valid.replace('informerScope: Cluster', 'informerScope: Everywhere')}`)).toEqual({ documents: 2, invalid: 1 });
  });
});

describe('one rules pass per app.synth()', () => {
  function exportsApp(outdir: string, charts: number): { app: App; exports: kb.ApiServiceExport[] } {
    const app = new App({ outdir });
    const exports: kb.ApiServiceExport[] = [];
    for (let c = 0; c < charts; c++) {
      const chart = new Chart(app, `c${c}`, { namespace: 'provider' });
      for (let i = 0; i < 2; i++) {
        exports.push(new kb.ApiServiceExport(chart, `e${i}`, {
          metadata: { name: `export-${c}-${i}` },
          resources: [{ group: `g${c}-${i}.example.com`, resource: 'widgets', versions: ['v1'] }],
          permissionClaims: [new kb.PermissionClaim({ resource: kplus.ApiResource.SECRETS, namedResources: [{ name: 'ca', namespace: 'provider' }] })],
        }));
      }
    }
    return { app, exports };
  }

  test('an app of 3 charts is checked once, and writes what each chart synthesizes alone', () => {
    const outdir = tempDir();
    const { app } = exportsApp(outdir, 3);
    const validated = jest.spyOn(rules, 'validateObject');
    app.synth();
    expect(validated).toHaveBeenCalledTimes(6);
    const written = files(outdir);
    for (const chart of app.node.children.filter((c): c is Chart => Chart.isChart(c))) {
      expect(written[`${chart.node.id}.k8s.yaml`]).toBe(Yaml.stringify(...Testing.synth(chart)));
    }
  });

  test('synthYaml() is checked once too', () => {
    const { app } = exportsApp(tempDir(), 3);
    const validated = jest.spyOn(rules, 'validateObject');
    const text = app.synthYaml();
    expect(validated).toHaveBeenCalledTimes(6);
    expect(text).toContain('name: export-2-1');
  });

  test('a change between two synths of the same app is checked and written', () => {
    const outdir = tempDir();
    const { app, exports } = exportsApp(outdir, 3);
    app.synth();
    exports[5].addResource({ group: 'more.example.com', resource: 'gadgets', versions: ['v1'] });
    app.synth();
    expect(files(outdir)['c2.k8s.yaml']).toContain('resource: gadgets');
    exports[5].addResource({ group: 'g.example.com', resource: 'Widgets' });
    expect(() => app.synth()).toThrow(/\[c2\/e1\] \[KB122\] spec\.resources\[2\]\.resource/);
  });

  test('after a synth, toJson() renders afresh', () => {
    const { app, exports } = exportsApp(tempDir(), 2);
    app.synth();
    exports[3].addResource({ group: 'late.example.com', resource: 'things' });
    const manifest = ApiObject.of(exports[3]).toJson();
    expect(manifest.spec.resources.map((r: any) => r.resource)).toEqual(['widgets', 'things']);
    expect(Testing.synth(Chart.of(exports[3]))[1].spec.resources).toHaveLength(2);
  });

  test('errors and warnings read the same through app.synth() and Testing.synth()', () => {
    const outdir = tempDir();
    const { app, exports } = exportsApp(outdir, 2);
    exports[1].addPermissionClaim(new kb.PermissionClaim({ resource: kplus.ApiResource.SECRETS, namedResources: [{ name: 'Not A Name' }] }));
    exports[2].addResource({ group: 'Bad_Group', resource: 'widgets' });
    const viaApp = withStderr(() => {
      try {
        app.synth();
        return 'no error';
      } catch (e) {
        return (e as Error).message;
      }
    });
    const viaChart = withStderr(() => {
      try {
        Testing.synth(Chart.of(exports[2]));
        return 'no error';
      } catch (e) {
        return (e as Error).message;
      }
    });
    expect(viaApp.result).toMatch(/\[c1\/e0\] \[KB121\] spec\.resources\[1\]\.group: "Bad_Group"/);
    expect(viaApp.result).toBe(viaChart.result);
    expect(viaApp.stderr).toMatch(/warning: \[c0\/e1\] \[KB150\]/);
    // A warning is printed when first found: the second synth of the unchanged app has none to print.
    expect(viaChart.stderr).toBe('');
  });
});

describe('readers shared by the rules of one object (perObject)', () => {
  test('computed once for the object a rule scope checks, every time outside', () => {
    const read = jest.fn((o: { n: number }) => ({ twice: o.n * 2 }));
    const shared = perObject(read);
    const a = { n: 1 };
    const b = { n: 2 };
    expect(shared(a)).toEqual({ twice: 2 });
    expect(shared(a)).toEqual({ twice: 2 });
    expect(read).toHaveBeenCalledTimes(2);
    read.mockClear();
    withRuleScope(() => {
      expect(shared(a)).toBe(shared(a));
      expect(read).toHaveBeenCalledTimes(1);
      // Another argument is read afresh, by identity, never confused with the first.
      expect(shared(b).twice).toBe(4);
      expect(shared({ n: 1 })).not.toBe(shared(a));
      expect(shared(a).twice).toBe(2);
    });
    // A new scope (the next validation) sees the object as it is now.
    a.n = 5;
    expect(withRuleScope(() => shared(a).twice)).toBe(10);
  });

  test('thousands of arguments in one scope stay correct', () => {
    const shared = perObject((o: { n: number }) => o.n);
    const objects = Array.from({ length: 5000 }, (_, n) => ({ n }));
    withRuleScope(() => {
      for (const o of objects) expect(shared(o)).toBe(o.n);
      for (const o of objects) expect(shared(o)).toBe(o.n);
    });
  });

  test('a reader that throws is not remembered', () => {
    let calls = 0;
    const shared = perObject((_: object) => {
      calls++;
      throw new Error('boom');
    });
    const o = {};
    withRuleScope(() => {
      expect(() => shared(o)).toThrow('boom');
      expect(() => shared(o)).toThrow('boom');
    });
    expect(calls).toBe(2);
  });
});
