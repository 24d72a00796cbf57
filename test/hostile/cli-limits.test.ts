/**
 * The CLI under hostile input, with its resources bounded: the compiled
 * command runs in a child process with a 256 MB heap, so running out of
 * memory fails the test (node aborts with a native stack and status 134)
 * instead of passing quietly on a big machine. test/cli covers the messages
 * of these inputs in-process; this file covers size, memory and time.
 *
 * The spawned tests need lib/ (compiled by jsii: `npx projen compile`, which
 * the project's test task runs first); missing or older than src/, they fail
 * saying so (test/support/compiled.ts).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { main } from '../../src/cli/main';
import { BIN, compiledLib, ROOT } from '../support/compiled';

const MiB = 1024 * 1024;
const HEAP_MB = 256;
/** Smaller than the 100 MB document: a run that held it would abort. */
const SMALL_HEAP_MB = 32;
/**
 * Resident memory a run under that heap may add to the same program's on a one-line input:
 * streaming the 100 MB document added about 33 MB here (51 MB to 85 MB, four runs at once);
 * holding its bytes outside the heap adds about 104 MB. Measured against the program's own
 * baseline in the same test run, so a machine with a higher baseline moves both figures alike.
 */
const HELD_GROWTH_MB = 64;

/** A stack trace or a JavaScript/V8 crash in the output. */
const CRASH = /\n\s+at .+:\d+|RangeError|TypeError|FATAL ERROR|JavaScript heap out of memory|node::/;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-cli-limits-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function write(name: string, content: string | Buffer): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, content);
  return file;
}

/** Writes `bytes` of YAML documents, in chunks, without building the whole text in memory. */
function writeLargeYaml(name: string, bytes: number): string {
  const file = path.join(tmp, name);
  // One document, ever longer: streamed through, refused by the per-document limit, never held.
  const doc = 'apiVersion: kube-bind.io/v1alpha2\nkind: BoundSchema\nmetadata:\n  name: widgets.example.com\nspec:\n  group: example.com\n';
  const chunk = doc.replace(/^/gm, '  ').repeat(Math.ceil(MiB / doc.length));
  fs.writeFileSync(file, 'items:\n');
  const fd = fs.openSync(file, 'a');
  try {
    for (let written = 0; written < bytes; written += chunk.length) fs.writeSync(fd, chunk);
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

/**
 * Records the child's peak resident memory, in KiB, in the file named by KB_MAX_RSS_FILE: the
 * kernel's high-water mark of this process image (VmHWM). getrusage's maxRSS would not do: on
 * Linux a child started by fork + exec reports the parent's resident memory at fork time when
 * that was higher, here the jest worker's.
 */
const RSS_PROBE = write('rss-probe.js', [
  "process.on('exit', () => {",
  '  let kib = process.resourceUsage().maxRSS;',
  "  try { kib = Number(/^VmHWM:\\s*(\\d+)\\s*kB/m.exec(require('fs').readFileSync('/proc/self/status', 'utf8'))[1]); } catch {}",
  "  require('fs').writeFileSync(process.env.KB_MAX_RSS_FILE, String(kib));",
  '});',
  '',
].join('\n'));

interface Run {
  readonly code: number | null;
  readonly signal: string | null;
  readonly out: string;
  readonly err: string;
  /** Peak resident memory of the child, in MB; NaN when it died before reporting. */
  readonly maxRssMb: number;
  readonly seconds: number;
}

/** `node --max-old-space-size=256 bin/cdk8s-kube-bind ...args`. */
function runBin(args: string[], options: { timeoutMs?: number; heapMb?: number } = {}): Run {
  const rssFile = path.join(tmp, `rss-${process.hrtime.bigint()}`);
  const started = Date.now();
  const r = spawnSync(process.execPath, [`--max-old-space-size=${options.heapMb ?? HEAP_MB}`, '--require', RSS_PROBE, BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 60_000,
    maxBuffer: 16 * MiB,
    env: { ...process.env, CDK8S_KUBE_BIND_DEBUG: '', KB_MAX_RSS_FILE: rssFile },
  });
  const maxRssMb = fs.existsSync(rssFile) ? Number(fs.readFileSync(rssFile, 'utf8')) / 1024 : NaN;
  return { code: r.status, signal: r.signal, out: r.stdout, err: r.stderr, maxRssMb, seconds: (Date.now() - started) / 1000 };
}

/** Status 2, a one-line message naming the file, no stack, bounded memory. */
function expectRefused(r: Run, file: string, message: RegExp): void {
  expect({ code: r.code, signal: r.signal }).toEqual({ code: 2, signal: null });
  expect(r.err).not.toMatch(CRASH);
  expect(r.err).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(:\\d+)?: error: ${message.source}`));
  expect(r.maxRssMb).toBeLessThan(HEAP_MB);
}

describe('in-process', () => {
  test('a 50 MB document is streamed through and refused by the per-document limit, in little memory', async () => {
    const file = writeLargeYaml('fifty.yaml', 50 * MiB);
    let err = '';
    const io = { stdout: { write: () => true }, stderr: { write: (s: string) => { err += s; return true; } }, stdin: (async function* () { })() };
    const before = process.memoryUsage().rss;
    const code = await main(['validate', file], io, { env: {} });
    const grownMb = (process.memoryUsage().rss - before) / MiB;
    expect(code).toBe(2);
    expect(err).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1: error: document 0 is 50\\.\\d MiB, over the 4\\.0 MiB limit per YAML document`));
    // Bounded by a few chunks and the garbage collector's slack, not by the 50 MB read (parsing it would take gigabytes).
    expect(grownMb).toBeLessThan(128);
  });

  test('50 MB on standard input in one document: read to its end and refused by the per-document limit', async () => {
    let pulled = 0;
    async function* fiftyMegabytes() {
      const chunk = Buffer.alloc(MiB, 'a: b\n');
      for (let i = 0; i < 50; i++) {
        pulled++;
        yield chunk;
      }
    }
    let err = '';
    const io = { stdout: { write: () => true }, stderr: { write: (s: string) => { err += s; return true; } }, stdin: fiftyMegabytes() };
    expect(await main(['validate', '-'], io, { env: {} })).toBe(2);
    expect(err).toMatch(/^<stdin>:1: error: document 0 is 50\.0 MiB, over the 4\.0 MiB limit per YAML document/);
    expect(pulled).toBe(50);
  });
});

let hundred: string | undefined;
/** One 100 MB document, written once for the tests that share it. */
function hundredMegabytes(): string {
  hundred ??= writeLargeYaml('hundred-spawned.yaml', 100 * MiB);
  return hundred;
}

describe(`the compiled CLI with a ${HEAP_MB} MB heap`, () => {
  beforeAll(() => { compiledLib(); });

  test('a 100 MB document: status 2, a clear message, never held in memory', () => {
    // Two proofs, each shown able to fail by the next tests: a heap smaller than the document (a
    // reader that holds the text runs out of it and node aborts), and, as the heap does not count
    // Buffers, a bound on resident memory that a reader holding the bytes exceeds. With the heap
    // capped, resident memory moves little; uncapped, it moved with the collector and the load
    // (it failed on CI at 149 MB against 144).
    const file = hundredMegabytes();
    const baseline = runBin(['validate', write('one-line.yaml', 'a: b\n')], { heapMb: SMALL_HEAP_MB }).maxRssMb;
    const r = runBin(['validate', file], { heapMb: SMALL_HEAP_MB });
    expectRefused(r, file, /document 0 is 100\.\d MiB, over the 4\.0 MiB limit/);
    expect(r.maxRssMb - baseline).toBeLessThan(HELD_GROWTH_MB);
  });

  test(`the ${SMALL_HEAP_MB} MB heap is too small for a reader that holds the text, so the test above can fail`, () => {
    // What a CLI that read whole files would do: read the text, then split it into documents.
    const holdAndSplit = 'const text = require("fs").readFileSync(process.argv[1], "utf8"); process.stdout.write(String(text.split(/^---$/m).length));';
    const r = spawnSync(process.execPath, [`--max-old-space-size=${SMALL_HEAP_MB}`, '-e', holdAndSplit, hundredMegabytes()], { encoding: 'utf8', timeout: 60_000 });
    expect({ status: r.status, signal: r.signal, stdout: r.stdout }).toEqual({ status: null, signal: 'SIGABRT', stdout: '' });
    expect(r.stderr).toMatch(/heap limit|heap out of memory/);
  });

  test(`a reader that holds the bytes (outside the heap) grows by more than ${HELD_GROWTH_MB} MB, so the bound above can fail`, () => {
    const holdBytes = 'const b = require("fs").readFileSync(process.argv[1]); let n = 0;'
      + ' for (let i = 0; i < b.length; i += 4 << 20) n += b.subarray(i, i + (4 << 20)).toString("utf8").length; process.stdout.write(String(n));';
    const rssOf = (code: string, name: string): number => {
      const rssFile = path.join(tmp, name);
      const r = spawnSync(process.execPath, [`--max-old-space-size=${SMALL_HEAP_MB}`, '--require', RSS_PROBE, '-e', code, hundredMegabytes()], {
        encoding: 'utf8', timeout: 60_000, env: { ...process.env, KB_MAX_RSS_FILE: rssFile },
      });
      expect({ status: r.status, signal: r.signal }).toEqual({ status: 0, signal: null });
      return Number(fs.readFileSync(rssFile, 'utf8')) / 1024;
    };
    expect(rssOf(holdBytes, 'rss-held-bytes') - rssOf('0', 'rss-baseline')).toBeGreaterThan(HELD_GROWTH_MB);
  });

  const gadgetFiles = new Map<string, string>();
  /**
   * `count` objects of one gadget resource each (v1alpha1 exports or CRDs), with a schema of `properties`
   * string properties, written once: about 12 MB, whose objects need several times the small heap.
   */
  function gadgets(kind: 'export' | 'crd', count: number, properties: number): string {
    const name = `${kind}-${count}-${properties}.yaml`;
    const known = gadgetFiles.get(name);
    if (known !== undefined) return known;
    const file = path.join(tmp, name);
    const schema = Array.from({ length: properties }, (_, k) => `                field${k}:\n                  type: string\n                  description: field number ${k}\n`).join('');
    const fd = fs.openSync(file, 'w');
    try {
      for (let i = 0; i < count; i++) {
        const head = kind === 'export'
          ? ['apiVersion: kube-bind.io/v1alpha1', 'kind: APIServiceExport', 'metadata:', `  name: gadgets.h${i}.example.com`, '  namespace: provider']
          : ['apiVersion: apiextensions.k8s.io/v1', 'kind: CustomResourceDefinition', 'metadata:', `  name: gadgets.h${i}.example.com`];
        const lines = [
          '---', ...head,
          'spec:', `  group: h${i}.example.com`, '  names:', '    kind: Gadget', '    listKind: GadgetList', '    plural: gadgets', '    singular: gadget',
          '  scope: Namespaced', ...(kind === 'export' ? ['  informerScope: Namespaced'] : []), '  versions:', '  - name: v1', '    served: true', '    storage: true',
          '    schema:', '      openAPIV3Schema:', '        type: object', '        properties:', '          spec:', '            type: object', '            properties:', '',
        ];
        fs.writeSync(fd, lines.join('\n') + schema);
      }
    } finally {
      fs.closeSync(fd);
    }
    gadgetFiles.set(name, file);
    return file;
  }

  /** The compiled CLI under the small heap, its output written to a file (it is larger than a pipe buffer): status, signal, stderr, output. */
  function runSmallHeapToFile(args: string[]): { status: number | null; signal: string | null; stderr: string; out: string } {
    const out = path.join(tmp, `out-${process.hrtime.bigint()}.yaml`);
    const fd = fs.openSync(out, 'w');
    try {
      const r = spawnSync(process.execPath, [`--max-old-space-size=${SMALL_HEAP_MB}`, BIN, ...args], {
        // stderr holds a note a migrated export, each naming the file: about 1 MB here.
        cwd: ROOT, encoding: 'utf8', timeout: 120_000, maxBuffer: 16 * MiB, stdio: ['ignore', fd, 'pipe'], env: { ...process.env, CDK8S_KUBE_BIND_DEBUG: '' },
      });
      return { status: r.status, signal: r.signal, stderr: r.stderr, out: fs.readFileSync(out, 'utf8') };
    } finally {
      fs.closeSync(fd);
    }
  }

  /** `node -e code file` under the small heap must run out of it: node aborts, having printed nothing. */
  function expectOutOfSmallHeap(code: string, file: string): void {
    const r = spawnSync(process.execPath, [`--max-old-space-size=${SMALL_HEAP_MB}`, '-e', code, file], { encoding: 'utf8', timeout: 120_000 });
    expect({ status: r.status, signal: r.signal, stdout: r.stdout }).toEqual({ status: null, signal: 'SIGABRT', stdout: '' });
    expect(r.stderr).toMatch(/heap limit|heap out of memory/);
  }

  const lib = (name: string): string => JSON.stringify(path.join(ROOT, 'lib', ...name.split('/')));

  test(`migrate: 3,000 exports in a ${SMALL_HEAP_MB} MB heap, each result written as it is made`, () => {
    const r = runSmallHeapToFile(['migrate', gadgets('export', 3000, 30)]);
    expect({ status: r.status, signal: r.signal }).toEqual({ status: 0, signal: null });
    expect(r.stderr).not.toMatch(CRASH);
    expect(r.out.match(/^kind: BoundSchema$/gm)).toHaveLength(3000);
    expect(r.out.match(/^kind: APIServiceExport$/gm)).toHaveLength(3000);
  });

  test(`migrating all objects at once does not fit in the ${SMALL_HEAP_MB} MB heap, so the test above can fail`, () => {
    // What the command did before it streamed: read every object, migrate them all, write the YAML.
    expectOutOfSmallHeap(`const { readInputs, DEFAULT_LIMITS } = require(${lib('io/read.js')});`
      + ` const { migrateV1alpha1 } = require(${lib('migrate/v1alpha1-to-v1alpha2.js')});`
      + ` const { manifestsToYaml } = require(${lib('io/yaml-out.js')});`
      + ' readInputs([process.argv[1]], (async function* () {})(), DEFAULT_LIMITS)'
      + '   .then(r => process.stdout.write(String(manifestsToYaml(migrateV1alpha1(r.objects.map(o => o.manifest)).objects).length)));',
    gadgets('export', 3000, 30));
  });

  test(`from-crd: 400 CRDs of one file in a ${SMALL_HEAP_MB} MB heap`, () => {
    const r = runSmallHeapToFile(['from-crd', '--namespace', 'provider', gadgets('crd', 400, 300)]);
    expect({ status: r.status, signal: r.signal }).toEqual({ status: 0, signal: null });
    expect(r.stderr).not.toMatch(CRASH);
    expect(r.out.match(/^kind: BoundSchema$/gm)).toHaveLength(400);
  });

  test(`holding the objects of that file does not fit in the ${SMALL_HEAP_MB} MB heap, so the test above can fail`, () => {
    // What the command did before it converted each CRD as it was read: take a file's objects, then convert them.
    expectOutOfSmallHeap(`const { readInputs, DEFAULT_LIMITS } = require(${lib('io/read.js')});`
      + ' readInputs([process.argv[1]], (async function* () {})(), DEFAULT_LIMITS).then(r => process.stdout.write(String(r.objects.length)));',
    gadgets('crd', 400, 300));
  });

  test('a billion-laughs alias bomb (10^12 expansions)', () => {
    const lines = ['apiVersion: kube-bind.io/v1alpha2', 'kind: BoundSchema', 'metadata:', '  name: lol', 'spec:', '  a0: &a0 ["lol"]'];
    for (let i = 1; i <= 12; i++) lines.push(`  a${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(', ')}]`);
    const file = write('bomb.yaml', lines.join('\n') + '\n');
    expectRefused(runBin(['validate', file]), file, /.*alias/);
  });

  test.each([
    ['flow sequences', (d: number) => `spec: ${'['.repeat(d)}${']'.repeat(d)}\n`],
    ['flow mappings', (d: number) => `spec: ${'{a: '.repeat(d)}1${'}'.repeat(d)}\n`],
    // Indented block mappings 10,000 deep would be 100 MB of spaces; compact block sequences nest in 2 bytes a level.
    ['compact block sequences', (d: number) => `spec:\n  ${'- '.repeat(d)}x\n`],
  ])('10,000 levels of nesting (%s)', (_, nest) => {
    const file = write('deep.yaml', `apiVersion: kube-bind.io/v1alpha2\nkind: BoundSchema\nmetadata:\n  name: deep\n${nest(10_000)}`);
    expectRefused(runBin(['validate', file]), file, /.*nesting/);
  });

  test.each([
    ['random bytes', () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256))],
    ['a gzip header', () => Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03])],
    ['UTF-16 text', () => Buffer.from('\ufeffapiVersion: v1\nkind: ConfigMap\n', 'utf16le')],
  ])('binary data: %s', (name, bytes) => {
    const file = write(`binary-${name.replace(/\W/g, '-')}.yaml`, bytes());
    expectRefused(runBin(['validate', file]), file, /binary file/);
  });

  /**
   * The `yaml` package holds a whole document while composing it, at a few
   * hundred bytes of memory per byte of flow-heavy text: the per-document
   * limit (4 MiB) is what bounds memory. A larger document is refused before
   * it is parsed, quickly and without a crash even in a 256 MB heap.
   */
  test('a 5 MiB flow-heavy document is refused before parsing, never a crash', () => {
    const head = 'apiVersion: kube-bind.io/v1alpha2\nkind: BoundSchema\nmetadata:\n  name: x\nspec:\n  junk:\n';
    const line = '    - {a: 1, b: two, c: [x, y, z]}\n';
    const file = write('flow-5mib.yaml', head + line.repeat(Math.floor((5 * MiB - head.length) / line.length)));
    // The timeout only guards against a hang; speed targets live in `npm run bench`.
    const r = runBin(['validate', file], { timeoutMs: 20_000 });
    expect(r.signal).toBeNull();
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/over the 4\.0 MiB limit per YAML document/);
    expect(r.err).not.toMatch(CRASH);
  }, 60_000);

  /**
   * Duplicate keys are found with one Set per mapping (src/cli/yaml-stream.ts),
   * not the `yaml` package's `uniqueKeys`, which is quadratic in the width of
   * a mapping (25,000 keys took seconds, a 16 MiB file of keys hours).
   */
  test('a mapping of 25,000 keys is checked, and a duplicate among them is still found', () => {
    const keys = Array.from({ length: 25_000 }, (_, i) => `    k${i}: v\n`).join('');
    const file = write('wide.yaml', `apiVersion: kube-bind.io/v1alpha2\nkind: BoundSchema\nmetadata:\n  name: x\nspec:\n  junk:\n${keys}    k7: again\n`);
    const r = runBin(['validate', file], { timeoutMs: 20_000 });
    expect(r.signal).toBeNull();
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/:25007: error: duplicate key "k7" in a mapping/);
  }, 60_000);
});
