/**
 * `npm run bench`: how much the library costs its users, as ratios measured
 * side by side in one run on this machine.
 *
 * - synth: `app.synth()` of 1,000 and 10,000 v1alpha2 exports with permission
 *   claims in one chart (and of 10,000 in 10 charts, since cdk8s validates the
 *   whole app once more per chart; and of 1,000 BoundSchemas with a
 *   200-property schema over 3 versions) through the constructs, validation
 *   included, against `app.synth()` of the very same manifests as plain
 *   ApiObjects in the same charts, written as object literals in the loop
 *   as their users write them (the YAML is compared byte for byte). Both
 *   sides make their data in the clock: the user's props on one side, the
 *   user's literals on the other. For the judged rows the earlier baseline
 *   is shown too: the constructs' own manifests, read before the clock. The
 *   10,000 exports (one chart, and ten) are judged against cdk8s-plus: their
 *   ratio may not exceed that of 10,000 `kplus.ConfigMap`s over the same
 *   ConfigMaps as plain ApiObjects, measured in the same run;
 * - validate: the CLI over a 10,000-document file against parsing that file
 *   with the `yaml` package alone;
 * - require: what `require('cdk8s-kube-bind')` adds after cdk8s, constructs
 *   and cdk8s-plus-27;
 * - mix: the CLI over the realistic mix (10,000 documents: exports of both
 *   versions, BoundSchemas with 20–200-property schemas, claims) against the
 *   bare parse of that file by the `yaml` package and by js-yaml;
 * - big: the CLI over a 200 MiB file of the mix, its time and its peak
 *   memory against a 100-document file (inputs are streamed);
 * - startup: the CLI on a one-document file against `node -e 0`, each a
 *   whole process: its CPU time over node's, and its wall-clock time within
 *   1.5× node's (issue 34);
 * - fromcrd: `from-crd` over a folder of 100 generated CRDs with
 *   200-property schemas over 3 versions, against parsing them;
 * - linear: `validate`, `validate --previous`, `migrate` and `from-crd` over
 *   20 and 80 MiB of the repeated-names mix (the verdict corpus copied into a
 *   namespace per consumer, as `kubectl get apiserviceexports,boundschemas
 *   -A` of a provider cluster gives; for from-crd, CRDs whose names repeat
 *   across copies), each run a process of its own launched as the bin
 *   script launches the CLI: the CPU-time ratio decides, as the growth is the
 *   algorithm's and CPU time wavers less than wall-clock on a shared machine;
 * - memory: peak RSS of `validate` in each output format, and of `validate
 *   --previous`, `migrate` and `from-crd`, over the same 20 and 80 MiB,
 *   each run a process of its own launched as the bin script launches the
 *   CLI (nothing of the bench's own in its memory), medians of three
 *   samples a side (`--memory-reps`); and of `validate -o json` and `-o
 *   text` over 20 and 80 MiB of the findings-heavy mix (below);
 * - peer: `validate` (every check) against the JSON-schema peer, Ajv 8 with
 *   the openAPIV3Schema of each version of kube-bind's CRDs (src/crds) over
 *   the file read by js-yaml, on the verdict corpus in 14 namespaces (about
 *   5,200 documents, the held-out set's style and size); and, shown but not
 *   judged, the same pair over 5,000 documents of the generated mix, where no
 *   object repeats (validate checks a repeated object once).
 * - findings: whole processes on both sides, from spawn to exit (start-up,
 *   loading, output): `validate --output json` and `--output text` against
 *   the Ajv peer run as a process of its own (bench/peer-process.ts), on two
 *   mixes of the verdict corpus copied into a namespace per file and copy to
 *   about 5,300 documents: its valid files (clean) and its invalid ones
 *   (findings-heavy), each judged ≤ 2× the peer on the same file (issue 34).
 *
 * Every sample runs in a fresh child process (separate peak memory, no JIT
 * or cache carried over); values are medians of wall-clock time, which is
 * what decides; the CPU-time ratio is shown beside it, as it wavers less on
 * a busy machine. The compiled library in `lib/` is measured (`npx projen
 * compile` first), or `--lib DIR`.
 *
 * Usage: bench [--no-fail] [--lib DIR] [--reps N] [--synth-reps N] [--heavy-reps N] [--memory-reps N] [--require-reps N] [--only NAMES] [--keep]
 * (`--only exports,charts,boundschemas,validate,require,mix,big,startup,fromcrd,linear,memory,peer,findings,cel` runs a subset). Exits 1 when
 * a target is missed, unless --no-fail; 2 when the benchmark itself fails.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import { parseAllDocuments } from 'yaml';
import type { ChildResult, Job } from './bench/child';
import type { VerdictFiles } from './bench/inputs';
import { Check, checksTable, median, mib, ms, ratio, table, times, verdict } from './bench/stats';
import type { Workload } from './bench/workloads';

const ROOT = path.resolve(__dirname, '..');

/** The command line in one file, as the compile builds it in lib/ and bin/cdk8s-kube-bind runs it. */
const CLI_BUNDLE = path.join('cli', 'program.bundle.js');
/** What bin/cdk8s-kube-bind loads the bundle with (and V8's code cache for it). */
const CLI_LOADER = path.join('cli', 'load-program.js');

/** What `--only` can pick. */
const PARTS = ['exports', 'charts', 'boundschemas', 'validate', 'require', 'mix', 'big', 'startup', 'fromcrd', 'linear', 'memory', 'peer', 'findings', 'cel'];

/** The output formats of `validate`, each of whose peak memory must stay flat. */
const FORMATS = ['text', 'json', 'sarif', 'junit', 'github'];

/** Documents of the generated mix the peer is also run on: about as many as the held-out-style mix holds. */
const DISTINCT_MIX_DOCUMENTS = 5_000;
/** The commands that read objects, each of which must stay linear on the repeated-names mix. */
const LINEAR_COMMANDS = ['validate', 'validate --previous', 'migrate', 'from-crd'];

/**
 * The other commands that read objects, and the peak memory each may reach at 4× the input: `validate --previous`
 * within 1.5× (issue 33: it reads two inputs, pairing each object with its previous state). migrate and from-crd are
 * shown, not judged yet: they read 1.59× and 1.57× when these rows came (issue 33), and their own work is to come.
 */
const MEMORY_COMMANDS: ReadonlyArray<{ readonly command: string; readonly max?: number }> = [
  { command: 'validate --previous', max: 1.5 },
  { command: 'migrate' },
  { command: 'from-crd' },
];

/**
 * The verdict mixes of issue 34, each judged whole process against the whole-process Ajv peer: the corpus's files
 * whose every case is valid (`clean`) and its files with an invalid case (`findings-heavy`, nearly every document has
 * one to three findings), each copied into namespaces of its own per copy until the mix holds about this many
 * documents (the size of the held-out set's mix the issue measured).
 */
const VERDICT_MIX_DOCUMENTS = 5_300;
const VERDICT_MIXES: ReadonlyArray<{ readonly name: string; readonly files: VerdictFiles }> = [
  { name: 'clean', files: 'valid' },
  { name: 'findings-heavy', files: 'invalid' },
];
/** The output formats the verdict mixes are timed in (the issue measured json; text is the default). */
const VERDICT_MIX_FORMATS = ['json', 'text'];
/** The formats whose peak memory is judged on the findings-heavy mix too, at 4× the input. */
const FINDINGS_MEMORY_FORMATS = ['json', 'text'];

/**
 * The peak memory `validate` may reach at 4× the input, on both mixes (issue 34: the cross-object index keeps a
 * map and a list per namespace, which is real work, "so the goal is now ≤ 1.5× for 4× the input, on both mixes").
 * The repeated-names mix was judged at an earlier ≤ 1.25× until then; it reads 1.22–1.25× here.
 */
const FLAT_MEMORY_MAX = 1.5;

/** The repeated-names mix's two sizes: 4× the input may cost at most 4.6× the time, and FLAT_MEMORY_MAX the peak memory. */
const SMALL_MIB = 20;
const LARGE_MIB = 80;

interface Options {
  readonly fail: boolean;
  readonly lib: string;
  /** Samples of the rows without a count of their own (validate, mix, from-crd, the peer). */
  readonly reps: number;
  /**
   * Samples of the synth rows of exports and ConfigMaps, in one chart and in ten: with five a side, the ratio of one chart read 1.19× in
   * one full run and 1.24× and 1.25× in the two runs of nine that followed, on the same code.
   */
  readonly synthReps: number;
  /** Samples of the BoundSchema case, whose plain side alone takes half a minute, and of the 20/80 MiB linear rows. */
  readonly heavyReps: number;
  /**
   * Samples of each format's peak memory at 20 and 80 MiB: a single peak moves by a few MiB from run to run (one
   * pair of single samples read 128 and 163 MiB where the medians read 131 and 160), so the ratio is of medians.
   */
  readonly memoryReps: number;
  readonly requireReps: number;
  readonly only: ReadonlySet<string>;
  readonly keep: boolean;
}

/** How to run the bench, for --help and for a wrong argument. */
const USAGE = 'usage: bench [--no-fail] [--lib DIR] [--reps N] [--synth-reps N] [--heavy-reps N] [--memory-reps N] [--require-reps N] [--only NAMES] [--keep]';

function parseOptions(argv: readonly string[]): Options {
  const opts = {
    fail: true,
    lib: path.join(ROOT, 'lib'),
    // This machine's speed drifts by a quarter from one run to the next: five samples a side keep the medians steady.
    reps: 5,
    // The synth rows' verdicts sit near their limits: with 9 samples a side the one-chart row read 1.18x to 1.204x
    // over five runs of the same code, so the median of 15 decides.
    synthReps: 15,
    heavyReps: 1,
    memoryReps: 3,
    requireReps: 9,
    keep: false,
    only: new Set(PARTS) as ReadonlySet<string>,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      return argv[++i];
    };
    const count = (): number => {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1) throw new Error(`${arg} needs a positive integer`);
      return n;
    };
    switch (arg) {
      case '--no-fail': opts.fail = false; break;
      case '--keep': opts.keep = true; break;
      case '--lib': opts.lib = path.resolve(value()); break;
      case '--reps': opts.reps = count(); break;
      case '--synth-reps': opts.synthReps = count(); break;
      case '--heavy-reps': opts.heavyReps = count(); break;
      case '--memory-reps': opts.memoryReps = count(); break;
      case '--require-reps': opts.requireReps = count(); break;
      case '--only': {
        const names = value().split(',');
        const unknown = names.filter(n => !PARTS.includes(n));
        if (unknown.length > 0) throw new Error(`--only: unknown ${unknown.join(', ')}; one of ${PARTS.join(', ')}`);
        opts.only = new Set(names);
        break;
      }
      case '--help':
      case '-h':
        process.stdout.write(`${USAGE}\n  --only takes a comma-separated list of: ${PARTS.join(', ')}\n`);
        process.exit(0);
      default: throw new Error(`unknown argument ${JSON.stringify(arg)}; ${USAGE}`);
    }
  }
  return opts;
}

// ---------------------------------------------------------------------------
// Machine and library

function machine(): string {
  let cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  try {
    cpu = /^model name\s*:\s*(.*)$/m.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpu;
  } catch {
    // not Linux: os.cpus() has it
  }
  return `${cpu}, ${os.cpus().length} cores, ${mib(os.totalmem())} RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

function newestMtime(dir: string, pattern: RegExp): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full, pattern));
    else if (pattern.test(entry.name)) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Refuses a missing library; warns when src/ changed after it was compiled. */
function checkLibrary(lib: string): void {
  for (const file of ['index.js', CLI_BUNDLE, CLI_LOADER]) {
    if (!fs.existsSync(path.join(lib, file))) throw new Error(`${path.join(lib, file)} not found: run npx projen compile first (or pass --lib DIR)`);
  }
  if (lib === path.join(ROOT, 'lib') && newestMtime(path.join(ROOT, 'src'), /\.ts$/) > newestMtime(lib, /\.js$/)) {
    process.stderr.write('warning: src/ is newer than lib/; the numbers are for the last compile (run npx projen compile)\n');
  }
}

/**
 * The children run as plain JavaScript: ts-node in every child would add its
 * own start-up and memory to what is measured.
 */
function transpileChildren(outDir: string): void {
  fs.mkdirSync(outDir, { recursive: true });
  const dir = path.join(__dirname, 'bench');
  for (const file of fs.readdirSync(dir).filter(f => f.endsWith('.ts'))) {
    const { outputText } = ts.transpileModule(fs.readFileSync(path.join(dir, file), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
      fileName: file,
    });
    fs.writeFileSync(path.join(outDir, file.replace(/\.ts$/, '.js')), outputText);
  }
}

// ---------------------------------------------------------------------------
// The CEL row

const REAL_WORLD = path.join(ROOT, '..', 'shared', 'real-world', 'crds');

/** The real-world CRD files with x-kubernetes-validations, and their version schemas; undefined when the corpus is missing. */
function celCorpus(): { files: string[]; schemas: unknown[] } | undefined {
  if (!fs.existsSync(REAL_WORLD)) return undefined;
  const files: string[] = [];
  const schemas: unknown[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {walk(full);} else if (/\.ya?ml$/.test(entry.name)) {
        const text = fs.readFileSync(full, 'utf8');
        if (!text.includes('x-kubernetes-validations')) continue;
        files.push(full);
        for (const doc of parseAllDocuments(text)) {
          const crd = doc.toJS() as { spec?: { versions?: Array<{ schema?: { openAPIV3Schema?: unknown } }> } } | null;
          for (const v of crd?.spec?.versions ?? []) {
            if (v.schema?.openAPIV3Schema !== undefined) schemas.push(v.schema.openAPIV3Schema);
          }
        }
      }
    }
  };
  walk(REAL_WORLD);
  return { files: files.sort(), schemas };
}

function countRules(schema: unknown, depth = 0): number {
  if (schema === null || typeof schema !== 'object' || depth > 100) return 0;
  const s = schema as { [k: string]: any };
  let n = 0;
  for (const r of Array.isArray(s['x-kubernetes-validations']) ? s['x-kubernetes-validations'] : []) n += typeof r?.messageExpression === 'string' ? 2 : 1;
  for (const child of Object.values(s.properties ?? {})) n += countRules(child, depth + 1);
  return n + countRules(s.items, depth + 1) + countRules(s.additionalProperties, depth + 1);
}

/**
 * What compiling the corpus's rules costs, in this process with the compiled
 * library: the first pass compiles every distinct expression (cel-js loaded
 * and Kubernetes' libraries declared included), the second finds each in the
 * compile cache.
 */
function celCompileCost(lib: string, schemas: readonly unknown[]): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const cel = require(path.join(lib, 'rules', 'k8s', 'cel', 'schema-rules.js')) as typeof import('../src/rules/k8s/cel/schema-rules');
  const expressions = schemas.reduce((n: number, s) => n + countRules(s), 0);
  const pass = (): number => {
    const start = process.hrtime.bigint();
    for (const schema of schemas) cel.celSchemaIssues(schema, 's', () => false);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const first = pass();
  const again = pass();
  return `cel: ${expressions} expressions in ${schemas.length} version schemas: first compile ${first.toFixed(0)} ms `
    + `(${(first * 1000 / expressions).toFixed(0)} µs per expression, cel-js loaded and the libraries declared included), `
    + `again ${again.toFixed(0)} ms (${(again * 1000 / expressions).toFixed(0)} µs per expression, from the compile cache)`;
}

// ---------------------------------------------------------------------------
// Running children

interface Sample extends ChildResult {
  readonly baselineMs?: number;
}

function runChild(script: string, arg: string, label: string): Sample {
  const child = spawnSync(process.execPath, [script, arg], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: childEnv(),
  });
  if (child.status !== 0 || child.stderr.trim() !== '') {
    throw new Error(`${label}: exit ${child.status ?? child.signal}\n${child.stderr.slice(0, 4000)}`);
  }
  return JSON.parse(child.stdout.trim().split('\n').pop()!);
}

/**
 * Wall-clock time of a whole process (start-up included), which is what a
 * pre-commit hook pays, its CPU time and its peak memory: `hook` (preloaded
 * with -r, on both sides alike) prints the process's whole CPU time and its
 * peak resident memory as it exits.
 */
function timeProcess(args: readonly string[], label: string, hook: string): Sample {
  // stdout goes to /dev/null, as a report of 80 MiB of input outgrows any pipe buffer; stderr to a file (migrate's
  // notes on 80 MiB outgrow spawnSync's buffer too), whose end holds the hook's figures.
  const errFile = path.join(path.dirname(hook), 'stderr.txt');
  const err = fs.openSync(errFile, 'w');
  const start = performance.now();
  let child;
  try {
    child = spawnSync(process.execPath, ['-r', hook, ...args], { cwd: ROOT, env: childEnv(), stdio: ['ignore', 'ignore', err] });
  } finally {
    fs.closeSync(err);
  }
  const elapsed = performance.now() - start;
  const stderr = tailOf(errFile, 64 * 1024);
  if (child.status !== 0 && child.status !== 1) throw new Error(`${label}: exit ${child.status ?? child.signal}\n${stderr.slice(-4000)}`);
  const cpu = /^cpu-ms: ([\d.]+)$/m.exec(stderr);
  const peak = /^peak-bytes: (\d+)$/m.exec(stderr);
  return { ms: elapsed, cpuMs: cpu !== null ? Number(cpu[1]) : NaN, maxRssBytes: peak !== null ? Number(peak[1]) : 0 };
}

/** The last `bytes` of `file`, as text. */
function tailOf(file: string, bytes: number): string {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.min(size, bytes));
    fs.readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    return buffer.toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * What `timeProcess` preloads: on stderr at exit, the CPU time (user + system,
 * since the process started) and the peak resident memory (VmHWM on Linux).
 */
const EXIT_HOOK = [
  'process.on(\'exit\', () => {',
  '  const u = process.cpuUsage();',
  '  let peak = process.resourceUsage().maxRSS * 1024;',
  '  try { peak = Number(/^VmHWM:\\s*(\\d+)\\s*kB/m.exec(require(\'fs\').readFileSync(\'/proc/self/status\', \'utf8\'))[1]) * 1024; } catch {}',
  '  require(\'fs\').writeSync(2, `\\ncpu-ms: ${(u.user + u.system) / 1000}\\npeak-bytes: ${peak}\\n`);',
  '});',
  '',
].join('\n');

/** A launcher of the CLI of `lib`, in any folder, that does what the package's bin script does. */
function writeLauncher(work: string, lib: string): string {
  const file = path.join(work, 'cli.js');
  // What bin/cdk8s-kube-bind runs, from the library under test: the bundle, with its code cache.
  fs.writeFileSync(file, `require(${JSON.stringify(path.join(lib, CLI_LOADER))}).loadProgram().runProgram(process.argv.slice(2));\n`);
  return file;
}

/** Warnings must reach stderr (a valid workload has none) and keys are sorted, as by default. */
function childEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.CDK8S_KUBE_BIND_QUIET;
  delete env.CDK8S_DISABLE_SORT;
  return env;
}

interface Side {
  readonly label: string;
  readonly samples: Sample[];
}

function sideSummary(side: Side): string[] {
  return [
    side.label,
    ms(median(side.samples.map(s => s.ms))),
    side.samples.map(s => Math.round(s.ms)).join(', '),
    ms(median(side.samples.map(s => s.cpuMs))),
    mib(Math.max(...side.samples.map(s => s.maxRssBytes))),
  ];
}

/** What `validate` finds in a mix: how many documents, how many with a finding, how many invalid. */
interface MixFindings {
  readonly documents: number;
  readonly withFindings: number;
  readonly invalid: number;
}

/** What the CLI of `launcher` finds in `file` (one untimed run, --output json), so each mix's row says what it holds. */
function findingsOf(launcher: string, file: string): MixFindings {
  const out = path.join(path.dirname(launcher), 'findings.json');
  const fd = fs.openSync(out, 'w');
  try {
    const child = spawnSync(process.execPath, [launcher, 'validate', '--output', 'json', file], { cwd: ROOT, env: childEnv(), stdio: ['ignore', fd, 'ignore'] });
    if (child.status !== 0 && child.status !== 1) throw new Error(`validate -o json ${file}: exit ${child.status ?? child.signal}`);
  } finally {
    fs.closeSync(fd);
  }
  const objects = JSON.parse(fs.readFileSync(out, 'utf8')) as Array<{ valid: boolean; violations: unknown[] }>;
  fs.rmSync(out, { force: true });
  return {
    documents: objects.length,
    withFindings: objects.filter(o => o.violations.length > 0).length,
    invalid: objects.filter(o => !o.valid).length,
  };
}

function percent(part: number, whole: number): string {
  return `${Math.round((100 * part) / whole)}%`;
}

/** Files of two output folders, byte for byte. */
function sameOutput(a: string, b: string): boolean {
  const files = (d: string): string[] => fs.readdirSync(d).sort();
  const fa = files(a);
  const fb = files(b);
  return fa.length === fb.length && fa.every((f, i) => f === fb[i] && fs.readFileSync(path.join(a, f)).equals(fs.readFileSync(path.join(b, f))));
}

// ---------------------------------------------------------------------------
// The benchmark

interface SynthCase {
  readonly name: string;
  readonly part: string;
  readonly workload: Workload;
  readonly count: number;
  /** Objects per chart: cdk8s validates the whole app once more for every chart it renders. */
  readonly perChart: number;
  /** Whether the baseline of before #23's last stop (the constructs' manifests read before the clock) is measured too, and shown. */
  readonly prebuilt?: boolean;
}

const SYNTH_CASES: readonly SynthCase[] = [
  { name: 'exports-1k', part: 'exports', workload: 'exports', count: 1_000, perChart: 1_000 },
  { name: 'exports-10k', part: 'exports', workload: 'exports', count: 10_000, perChart: 10_000, prebuilt: true },
  { name: 'exports-10k-10charts', part: 'charts', workload: 'exports', count: 10_000, perChart: 1_000, prebuilt: true },
  // cdk8s-plus's own cost over plain ApiObjects, beside ours.
  { name: 'configmaps-10k', part: 'exports', workload: 'configmaps', count: 10_000, perChart: 10_000 },
  { name: 'configmaps-10k-10charts', part: 'charts', workload: 'configmaps', count: 10_000, perChart: 1_000 },
  { name: 'boundschemas-1k', part: 'boundschemas', workload: 'boundschemas', count: 1_000, perChart: 1_000 },
];

/** Every sample of one side of a comparison, by label. */
class Samples {
  private readonly sides = new Map<string, Side>();

  public add(label: string, sample: Sample): void {
    if (!this.sides.has(label)) this.sides.set(label, { label, samples: [] });
    this.sides.get(label)!.samples.push(sample);
  }

  public median(label: string, pick: (s: Sample) => number = s => s.ms): number {
    return median(this.get(label).map(pick));
  }

  /** Every sample of `label` as `show` writes it, in the order taken. */
  public each(label: string, show: (s: Sample) => string): string {
    return this.get(label).map(show).join(', ');
  }

  public peak(label: string): string {
    return mib(Math.max(...this.get(label).map(s => s.maxRssBytes)));
  }

  public rows(): string[][] {
    return [...this.sides.values()].map(sideSummary);
  }

  private get(label: string): Sample[] {
    return this.sides.get(label)?.samples ?? [];
  }
}

function main(): number {
  const opts = parseOptions(process.argv.slice(2));
  checkLibrary(opts.lib);
  const work = path.join(ROOT, '.tmp', 'bench', `run-${process.pid}`);
  const js = path.join(work, 'js');
  transpileChildren(js);
  const child = path.join(js, 'child.js');
  const run = (j: Job, label: string): Sample => runChild(child, JSON.stringify(j), label);
  const started = Date.now();
  const cases = SYNTH_CASES.filter(c => opts.only.has(c.part));
  const samples = new Samples();
  const mixFindings = new Map<string, MixFindings>();

  console.log(`machine: ${machine()}`);
  console.log(`library: ${path.relative(ROOT, opts.lib) || '.'}; samples per side: ${opts.reps} (synth of exports and ConfigMaps ${opts.synthReps}, `
    + `BoundSchemas and linear rows ${opts.heavyReps}, memory rows ${opts.memoryReps}), ${opts.requireReps} for require`);
  console.log('');

  try {
    // Inputs: what the constructs render, as the shown baseline's manifests and the CLI's YAML file.
    const validateFile = path.join(work, 'exports-10k.yaml');
    const needsYaml = (c: SynthCase): boolean => c.name === 'exports-10k' && opts.only.has('validate');
    const prepared = SYNTH_CASES.filter(c => (c.prebuilt === true && cases.includes(c)) || needsYaml(c));
    for (const c of prepared) {
      run({
        mode: 'prepare',
        lib: opts.lib,
        workload: c.workload,
        count: c.count,
        perChart: c.perChart,
        manifests: path.join(work, `${c.name}.json`),
        yaml: needsYaml(c) ? validateFile : undefined,
      }, `prepare ${c.name}`);
    }

    // Sides alternate which goes first, so a slow spell of the machine hits both.
    for (let rep = 0; rep < Math.max(opts.reps, opts.synthReps, opts.heavyReps); rep++) {
      for (const c of cases.filter(k => rep < (k.part === 'boundschemas' ? opts.heavyReps : opts.synthReps))) {
        const outdir = (s: string): string => path.join(work, 'out', `${c.name}-${s}-${rep}`);
        const runs: Array<[string, Job]> = [
          ['plain', { mode: 'synth-plain', workload: c.workload, count: c.count, perChart: c.perChart, outdir: outdir('plain') }],
          ['constructs', { mode: 'synth-constructs', lib: opts.lib, workload: c.workload, count: c.count, perChart: c.perChart, outdir: outdir('constructs') }],
          ...c.prebuilt === true ? [['prebuilt', { mode: 'synth-prebuilt', manifests: path.join(work, `${c.name}.json`), outdir: outdir('prebuilt') }] as [string, Job]] : [],
        ];
        if (rep % 2 === 1) runs.reverse();
        for (const [s, j] of runs) samples.add(`${c.name} ${s}`, run(j, `${c.name} ${s}`));
        for (const [s] of runs) {
          if (rep === 0 && s !== 'constructs' && !sameOutput(outdir(s), outdir('constructs'))) {
            throw new Error(`${c.name}: the ${s} ApiObjects did not synthesize the same YAML as the constructs`);
          }
        }
        if (!opts.keep) for (const [s] of runs) fs.rmSync(outdir(s), { recursive: true, force: true });
      }
      if (opts.only.has('validate') && rep < opts.reps) {
        const runs: Array<[string, Job]> = [
          ['parse', { mode: 'parse', file: validateFile }],
          ['validate', { mode: 'validate', lib: opts.lib, file: validateFile }],
        ];
        if (rep % 2 === 1) runs.reverse();
        for (const [s, j] of runs) samples.add(`validate-10k ${s}`, run(j, `validate-10k ${s}`));
      }
    }
    if (opts.only.has('mix')) {
      const file = path.join(work, 'mix-10k.yaml');
      run({ mode: 'write-mix', file, count: 10_000 }, 'write mix');
      for (let rep = 0; rep < opts.reps; rep++) {
        const runs: Array<[string, Job]> = [
          ['yaml parse', { mode: 'parse', file }],
          ['js-yaml parse', { mode: 'parse-js-yaml', file }],
          ['validate', { mode: 'validate', lib: opts.lib, file }],
        ];
        if (rep % 2 === 1) runs.reverse();
        for (const [s, j] of runs) samples.add(`mix-10k ${s}`, run(j, `mix-10k ${s}`));
      }
    }
    if (opts.only.has('big')) {
      const big = path.join(work, 'mix-200mib.yaml');
      const small = path.join(work, 'mix-100.yaml');
      run({ mode: 'write-mix', file: big, bytes: 200 * 1024 * 1024 }, 'write 200 MiB');
      run({ mode: 'write-mix', file: small, count: 100 }, 'write 100 documents');
      for (let rep = 0; rep < opts.heavyReps; rep++) {
        samples.add('big 100 documents validate', run({ mode: 'validate', lib: opts.lib, file: small }, 'validate 100 documents'));
        samples.add('big 200 MiB validate', run({ mode: 'validate', lib: opts.lib, file: big }, 'validate 200 MiB'));
      }
      fs.rmSync(big, { force: true });
    }
    if (opts.only.has('startup')) {
      const file = path.join(work, 'one.yaml');
      run({ mode: 'write-mix', file, count: 1 }, 'write one document');
      const cli = writeLauncher(work, opts.lib);
      const hook = path.join(work, 'exit-hook.js');
      fs.writeFileSync(hook, EXIT_HOOK);
      for (let rep = 0; rep < opts.requireReps; rep++) {
        const runs: Array<[string, string[]]> = [['node -e 0', ['-e', '0']], ['cli validate', [cli, 'validate', file]]];
        if (rep % 2 === 1) runs.reverse();
        for (const [s, args] of runs) samples.add(`startup ${s}`, timeProcess(args, s, hook));
      }
    }
    if (opts.only.has('fromcrd')) {
      const dir = path.join(work, 'crds');
      run({ mode: 'write-crds', dir, count: 100 }, 'write CRDs');
      const all = path.join(work, 'crds.yaml');
      fs.writeFileSync(all, fs.readdirSync(dir).sort().map(f => `---\n${fs.readFileSync(path.join(dir, f), 'utf8')}`).join(''));
      for (let rep = 0; rep < opts.reps; rep++) {
        const runs: Array<[string, Job]> = [['yaml parse', { mode: 'parse', file: all }], ['from-crd', { mode: 'from-crd', lib: opts.lib, dir }]];
        if (rep % 2 === 1) runs.reverse();
        for (const [s, j] of runs) samples.add(`fromcrd-100 ${s}`, run(j, `fromcrd-100 ${s}`));
      }
    }
    const corpus = path.join(ROOT, 'test', 'fixtures', 'verdicts');
    if (opts.only.has('linear') || opts.only.has('memory')) {
      const size = (mebibytes: number): string => `${mebibytes} MiB`;
      for (const mebibytes of [SMALL_MIB, LARGE_MIB]) {
        run({ mode: 'write-repeated', file: path.join(work, `repeated-${mebibytes}.yaml`), corpus, bytes: mebibytes * 1024 * 1024 }, `write ${size(mebibytes)} mix`);
        if (opts.only.has('memory')) {
          run({ mode: 'write-repeated', file: path.join(work, `findings-heavy-${mebibytes}.yaml`), corpus, bytes: mebibytes * 1024 * 1024, files: 'invalid' },
            `write ${size(mebibytes)} findings-heavy mix`);
        }
        if (opts.only.has('linear') || opts.only.has('memory')) {
          run({ mode: 'write-repeated-crds', file: path.join(work, `repeated-crds-${mebibytes}.yaml`), bytes: mebibytes * 1024 * 1024 }, `write ${size(mebibytes)} CRDs`);
        }
      }
      const argsOf = (command: string, mebibytes: number): string[] => {
        const file = path.join(work, `repeated-${mebibytes}.yaml`);
        switch (command) {
          case 'validate': return ['validate', file];
          // What is live is what is applied again: every object pairs with its previous state.
          case 'validate --previous': return ['validate', '--previous', file, file];
          case 'migrate': return ['migrate', file];
          default: return ['from-crd', '--namespace', 'provider', path.join(work, `repeated-crds-${mebibytes}.yaml`)];
        }
      };
      const launcher = writeLauncher(work, opts.lib);
      const exitHook = path.join(work, 'exit-hook.js');
      fs.writeFileSync(exitHook, EXIT_HOOK);
      for (let rep = 0; rep < Math.max(opts.heavyReps, opts.memoryReps); rep++) {
        for (const mebibytes of [SMALL_MIB, LARGE_MIB]) {
          if (opts.only.has('linear') && rep < opts.heavyReps) {
            for (const command of LINEAR_COMMANDS) {
              // Launched as the bin script launches it, as the memory rows are: run in the bench's child, which has
              // loaded cdk8s, `validate --previous` (1.3 GiB at 80 MiB) took from 17.8 to 27 s of CPU from run to run.
              samples.add(`repeated ${size(mebibytes)} ${command}`, timeProcess([launcher, ...argsOf(command, mebibytes)], `${command} ${size(mebibytes)}`, exitHook));
            }
          }
          if (opts.only.has('memory') && rep < opts.memoryReps) {
            for (const format of FORMATS) {
              // A process of its own, launched as the bin script launches it: its peak is what a user's run peaks at.
              const args = [launcher, 'validate', '--output', format, path.join(work, `repeated-${mebibytes}.yaml`)];
              samples.add(`repeated ${size(mebibytes)} validate -o ${format}`, timeProcess(args, `validate -o ${format} ${size(mebibytes)}`, exitHook));
            }
            for (const format of FINDINGS_MEMORY_FORMATS) {
              const args = [launcher, 'validate', '--output', format, path.join(work, `findings-heavy-${mebibytes}.yaml`)];
              samples.add(`findings-heavy ${size(mebibytes)} validate -o ${format}`, timeProcess(args, `findings-heavy validate -o ${format} ${size(mebibytes)}`, exitHook));
            }
            for (const { command } of MEMORY_COMMANDS) {
              samples.add(`repeated ${size(mebibytes)} ${command} memory`, timeProcess([launcher, ...argsOf(command, mebibytes)], `${command} ${size(mebibytes)} memory`, exitHook));
            }
          }
        }
      }
      for (const mebibytes of [SMALL_MIB, LARGE_MIB]) {
        fs.rmSync(path.join(work, `repeated-${mebibytes}.yaml`), { force: true });
        fs.rmSync(path.join(work, `repeated-crds-${mebibytes}.yaml`), { force: true });
        fs.rmSync(path.join(work, `findings-heavy-${mebibytes}.yaml`), { force: true });
      }
    }
    if (opts.only.has('peer')) {
      const file = path.join(work, 'held-out-style.yaml');
      run({ mode: 'write-repeated', file, corpus, copies: 14 }, 'write the held-out-style mix');
      for (let rep = 0; rep < opts.reps; rep++) {
        const runs: Array<[string, Job]> = [
          ['ajv peer', { mode: 'peer', lib: opts.lib, file }],
          ['validate', { mode: 'cli', lib: opts.lib, args: ['validate', file] }],
        ];
        if (rep % 2 === 1) runs.reverse();
        for (const [s, j] of runs) samples.add(`held-out-style ${s}`, run(j, `held-out-style ${s}`));
      }
      // The held-out-style mix repeats each object once per namespace, as `kubectl get -A` does, and validate checks a
      // repeated object once: the same pair over the generated mix, where no two objects are alike, shows the cost without it.
      const distinct = path.join(work, 'mix-distinct.yaml');
      run({ mode: 'write-mix', file: distinct, count: DISTINCT_MIX_DOCUMENTS }, 'write the mix with no repeats');
      for (let rep = 0; rep < opts.reps; rep++) {
        const runs: Array<[string, Job]> = [
          ['ajv peer', { mode: 'peer', lib: opts.lib, file: distinct }],
          ['validate', { mode: 'cli', lib: opts.lib, args: ['validate', distinct] }],
        ];
        if (rep % 2 === 1) runs.reverse();
        for (const [s, j] of runs) samples.add(`mix-distinct ${s}`, run(j, `mix-distinct ${s}`));
      }
    }
    if (opts.only.has('findings')) {
      // Whole processes on both sides, spawn to exit, as a user runs either tool: start-up, loading and output included.
      const crdsJson = path.join(work, 'peer-crds.json');
      run({ mode: 'write-peer-crds', lib: opts.lib, file: crdsJson }, 'write the peer\'s CRDs');
      const launcher = writeLauncher(work, opts.lib);
      const hook = path.join(work, 'exit-hook.js');
      fs.writeFileSync(hook, EXIT_HOOK);
      const peerProcess = path.join(js, 'peer-process.js');
      for (const mix of VERDICT_MIXES) {
        const file = path.join(work, `verdicts-${mix.name}.yaml`);
        run({ mode: 'write-repeated', file, corpus, documents: VERDICT_MIX_DOCUMENTS, files: mix.files }, `write the ${mix.name} verdict mix`);
        mixFindings.set(mix.name, findingsOf(launcher, file));
        for (let rep = 0; rep < opts.reps; rep++) {
          const runs: Array<[string, string[]]> = [
            ['ajv peer', [peerProcess, crdsJson, file]],
            ...VERDICT_MIX_FORMATS.map((f): [string, string[]] => [`validate -o ${f}`, [launcher, 'validate', '--output', f, file]]),
          ];
          if (rep % 2 === 1) runs.reverse();
          for (const [s, args] of runs) samples.add(`verdicts ${mix.name} ${s}`, timeProcess(args, `${mix.name} ${s}`, hook));
        }
        fs.rmSync(file, { force: true });
      }
    }
    if (opts.only.has('cel')) {
      // The real-world CRDs that carry CEL rules, validated as a user would (the API server accepts them all), and
      // what compiling their rules costs: shared/ is reading material beside the repository, never part of it.
      const celCrds = celCorpus();
      if (celCrds === undefined) {
        console.log(`cel: ${path.relative(ROOT, REAL_WORLD)} is missing: the CEL row is skipped`);
      } else {
        for (let rep = 0; rep < opts.reps; rep++) {
          samples.add(`cel ${celCrds.files.length} real-world CRDs validate`, run({ mode: 'cli', lib: opts.lib, args: ['validate', ...celCrds.files] }, 'cel validate'));
        }
        console.log(celCompileCost(opts.lib, celCrds.schemas));
      }
    }
    if (opts.only.has('require')) {
      const script = path.join(js, 'require-cost.js');
      for (let rep = 0; rep < opts.requireReps; rep++) samples.add('require lib/index.js', runChild(script, path.join(opts.lib, 'index.js'), 'require'));
    }

    const checks = checksOf(opts, samples, mixFindings);
    console.log(table(['run', 'median', 'samples (ms)', 'median CPU', 'peak RSS'], samples.rows()));
    console.log('');
    console.log(checksTable(checks));
    console.log('');
    const failed = checks.filter(c => verdict(c) === 'FAIL');
    console.log(`${failed.length === 0 ? 'all targets met' : `${failed.length} target(s) missed`} (${Math.round((Date.now() - started) / 1000)} s)`);
    return failed.length > 0 && opts.fail ? 1 : 0;
  } finally {
    if (!opts.keep) fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The measures, their targets and verdicts. */
function checksOf(opts: Options, samples: Samples, mixFindings: ReadonlyMap<string, MixFindings>): Check[] {
  const checks: Check[] = [];
  // Wall-clock decides, as a user waits for it; the CPU-time ratio is shown for busy machines.
  const cpuRatio = (a: string, b: string): string => times(ratio(samples.median(a, s => s.cpuMs), samples.median(b, s => s.cpuMs)));
  /**
   * A synth row: constructs against plain ApiObjects. With `peer` (cdk8s-plus' ConfigMaps against plain ones, in the
   * same run), the target is the peer's ratio: a library that checks everything may cost what the ecosystem's typed
   * library costs while checking nothing (issue 33; the fixed 1.20× and 1.35× targets are withdrawn).
   */
  const synth = (c: string, name: string, target?: number, peer?: string): void => {
    const constructs = samples.median(`${c} constructs`);
    const plain = samples.median(`${c} plain`);
    const r = ratio(constructs, plain);
    const peerRatio = peer === undefined ? undefined : ratio(samples.median(`${peer} constructs`), samples.median(`${peer} plain`));
    const kplus = peerRatio === undefined ? '' : `; cdk8s-plus (10,000 kplus.ConfigMap vs plain): ${times(peerRatio)}`;
    const prebuilt = samples.median(`${c} prebuilt`);
    const before = Number.isNaN(prebuilt) ? ''
      : `; vs the same manifests read before the clock (the baseline until #23's last stop): ${times(ratio(constructs, prebuilt))} (${ms(prebuilt)})`;
    const max = peerRatio ?? target;
    checks.push({
      name,
      shown: times(r),
      value: r,
      max,
      target: max === undefined ? undefined : peerRatio !== undefined ? `≤ cdk8s-plus ${times(peerRatio)}` : `≤ ${max.toFixed(2)}×`,
      detail: `${ms(constructs)} vs ${ms(plain)} (CPU ${cpuRatio(`${c} constructs`, `${c} plain`)}); `
        + `peak RSS ${samples.peak(`${c} constructs`)} vs ${samples.peak(`${c} plain`)}${kplus}${before}`,
    });
  };
  if (opts.only.has('exports')) {
    synth('exports-1k', 'synth 1,000 exports vs plain (1 chart)');
    synth('exports-10k', 'synth 10,000 exports vs plain (1 chart)', undefined, 'configmaps-10k');
    const growth = ratio(samples.median('exports-10k constructs'), samples.median('exports-1k constructs'));
    checks.push({ name: 'growth 1,000 → 10,000 exports', shown: times(growth), value: growth, max: 11, target: '≤ 11×', detail: 'constructs side, 1 chart' });
  }
  if (opts.only.has('charts')) synth('exports-10k-10charts', 'synth 10,000 exports vs plain (10 charts)', undefined, 'configmaps-10k-10charts');
  if (opts.only.has('boundschemas')) synth('boundschemas-1k', 'synth 1,000 BoundSchemas vs plain (1 chart)', 1.1);
  /** Ours against a baseline, by median wall-clock time, with the CPU-time ratio and the peaks beside. */
  const versus = (name: string, ours: string, theirs: string, max: number, target = `≤ ${max.toFixed(2)}×`): void => {
    const r = ratio(samples.median(ours), samples.median(theirs));
    checks.push({
      name,
      shown: times(r),
      value: r,
      max,
      target,
      detail: `${ms(samples.median(ours))} vs ${ms(samples.median(theirs))} (CPU ${cpuRatio(ours, theirs)}); `
        + `peak RSS ${samples.peak(ours)} vs ${samples.peak(theirs)}`,
    });
  };
  if (opts.only.has('validate')) versus('validate 10,000 documents vs yaml parse', 'validate-10k validate', 'validate-10k parse', 1.5);
  if (opts.only.has('mix')) {
    const validate = samples.median('mix-10k validate');
    const jsYaml = samples.median('mix-10k js-yaml parse');
    versus('validate the 10,000-document mix vs yaml parse', 'mix-10k validate', 'mix-10k yaml parse', 1.0);
    const rj = ratio(validate, jsYaml);
    checks.push({ name: 'validate the mix vs js-yaml parse', shown: times(rj), value: rj, detail: `${ms(validate)} vs ${ms(jsYaml)}; peak RSS js-yaml ${samples.peak('mix-10k js-yaml parse')}` });
  }
  if (opts.only.has('big')) {
    const bigRss = samples.median('big 200 MiB validate', s => s.maxRssBytes);
    const smallRss = samples.median('big 100 documents validate', s => s.maxRssBytes);
    const r = ratio(bigRss, smallRss);
    checks.push({
      // Shown, not judged: issue 23 withdrew this target (V8 alone about doubles its heap on a run that keeps nothing); flat memory is judged below.
      name: 'peak memory: validate 200 MiB vs 100 documents',
      shown: times(r),
      value: r,
      target: '-',
      detail: `${mib(bigRss)} vs ${mib(smallRss)}; 200 MiB in ${ms(samples.median('big 200 MiB validate'))}`,
    });
  }
  if (opts.only.has('startup')) {
    // CPU time decides: on a shared machine a process waits for a core longer than it runs, and wall-clock shows the wait.
    const cpu = (label: string): number => samples.median(label, s => s.cpuMs);
    const [cli, node] = [cpu('startup cli validate'), cpu('startup node -e 0')];
    const [cliWall, nodeWall] = [samples.median('startup cli validate'), samples.median('startup node -e 0')];
    checks.push({
      name: 'CLI start-up on one document over node -e 0 (CPU)',
      shown: ms(cli - node),
      value: cli - node,
      max: 45,
      target: '≤ 45 ms',
      detail: `CPU ${ms(cli)} vs ${ms(node)}; wall ${ms(cliWall)} vs ${ms(nodeWall)} (+${ms(cliWall - nodeWall)})`,
    });
    // Issue 34: as a user waits for it, wall-clock, against what node itself takes to start and end.
    const r = ratio(cliWall, nodeWall);
    checks.push({
      name: 'CLI start-up on one document vs node -e 0 (wall)',
      shown: times(r),
      value: r,
      max: 1.5,
      target: '≤ 1.50×',
      detail: `wall ${ms(cliWall)} vs ${ms(nodeWall)} (samples ${samples.each('startup cli validate', s => ms(s.ms))} `
        + `vs ${samples.each('startup node -e 0', s => ms(s.ms))}); CPU ${ms(cli)} vs ${ms(node)} (${times(ratio(cli, node))})`,
    });
  }
  if (opts.only.has('fromcrd')) {
    const fromCrd = samples.median('fromcrd-100 from-crd');
    const parse = samples.median('fromcrd-100 yaml parse');
    const r = ratio(fromCrd, parse);
    checks.push({
      name: 'from-crd over 100 large CRDs vs yaml parse',
      shown: times(r),
      value: r,
      detail: `${ms(fromCrd)} vs ${ms(parse)}; peak RSS ${samples.peak('fromcrd-100 from-crd')}`,
    });
  }
  if (opts.only.has('linear')) {
    for (const command of LINEAR_COMMANDS) {
      const [small, large] = [SMALL_MIB, LARGE_MIB].map(size => `repeated ${size} MiB ${command}`);
      const r = ratio(samples.median(large, s => s.cpuMs), samples.median(small, s => s.cpuMs));
      checks.push({
        name: `linear: ${command}, repeated names, ${LARGE_MIB} vs ${SMALL_MIB} MiB (CPU)`,
        shown: times(r),
        value: r,
        max: 4.6,
        target: '≤ 4.60×',
        detail: `CPU ${ms(samples.median(large, s => s.cpuMs))} vs ${ms(samples.median(small, s => s.cpuMs))}; `
          + `wall ${ms(samples.median(large))} vs ${ms(samples.median(small))} (${times(ratio(samples.median(large), samples.median(small)))}); `
          + `peak RSS ${samples.peak(large)} vs ${samples.peak(small)}`,
      });
    }
  }
  if (opts.only.has('memory')) {
    /** Peak memory at LARGE_MIB against SMALL_MIB of the samples `label(size)` names; judged when `max` is given. */
    const flatMemory = (name: string, label: (size: number) => string, max: number | undefined): void => {
      const [small, large] = [SMALL_MIB, LARGE_MIB].map(size => samples.median(label(size), s => s.maxRssBytes));
      const r = ratio(large, small);
      checks.push({
        name: `flat memory: ${name}, ${LARGE_MIB} vs ${SMALL_MIB} MiB`,
        shown: times(r),
        value: r,
        ...(max !== undefined ? { max, target: `≤ ${max.toFixed(2)}×` } : {}),
        detail: `median peak RSS ${mib(large)} vs ${mib(small)} (samples ${samples.each(label(LARGE_MIB), s => mib(s.maxRssBytes))} `
          + `vs ${samples.each(label(SMALL_MIB), s => mib(s.maxRssBytes))}); ${ms(samples.median(label(LARGE_MIB)))} vs ${ms(samples.median(label(SMALL_MIB)))}`,
      });
    };
    for (const format of FORMATS) {
      flatMemory(`validate -o ${format}`, size => `repeated ${size} MiB validate -o ${format}`, FLAT_MEMORY_MAX);
    }
    // Issue 34: the mix where nearly every document has findings, each kept to the end of the run for the report.
    for (const format of FINDINGS_MEMORY_FORMATS) {
      flatMemory(`validate -o ${format}, findings-heavy mix`, size => `findings-heavy ${size} MiB validate -o ${format}`, FLAT_MEMORY_MAX);
    }
    for (const { command, max } of MEMORY_COMMANDS) flatMemory(command, size => `repeated ${size} MiB ${command} memory`, max);
  }
  if (opts.only.has('peer')) {
    versus('validate (every check) vs the Ajv 8 JSON-schema peer, held-out-style mix', 'held-out-style validate', 'held-out-style ajv peer',
      2, '≤ 2.00× (stretch 1.50×)');
    const [ours, theirs] = ['mix-distinct validate', 'mix-distinct ajv peer'];
    const r = ratio(samples.median(ours), samples.median(theirs));
    checks.push({
      name: `validate vs the Ajv 8 peer, generated mix of ${DISTINCT_MIX_DOCUMENTS.toLocaleString('en-US')} documents, none repeated`,
      shown: times(r),
      value: r,
      detail: `${ms(samples.median(ours))} vs ${ms(samples.median(theirs))} (CPU ${cpuRatio(ours, theirs)}); peak RSS ${samples.peak(ours)} vs ${samples.peak(theirs)}`,
    });
  }
  if (opts.only.has('findings')) {
    for (const mix of VERDICT_MIXES) {
      const found = mixFindings.get(mix.name);
      const what = found === undefined ? '' : ` (${found.documents.toLocaleString('en-US')} documents, ${percent(found.withFindings, found.documents)} with findings, `
        + `${percent(found.invalid, found.documents)} invalid)`;
      for (const format of VERDICT_MIX_FORMATS) {
        versus(`whole process: validate -o ${format} vs the Ajv 8 peer, ${mix.name} verdict mix${what}`,
          `verdicts ${mix.name} validate -o ${format}`, `verdicts ${mix.name} ajv peer`, 2);
      }
    }
  }
  if (opts.only.has('require')) {
    const cost = samples.median('require lib/index.js');
    const baseline = samples.median('require lib/index.js', s => s.baselineMs ?? NaN);
    checks.push({
      name: 'require cdk8s-kube-bind',
      shown: ms(cost),
      value: cost,
      max: 30,
      exclusive: true,
      target: '< 30 ms',
      detail: `after cdk8s + constructs + cdk8s-plus-27 (${ms(baseline)}); peak RSS ${samples.peak('require lib/index.js')}`,
    });
  }
  return checks;
}

try {
  process.exitCode = main();
} catch (e) {
  process.stderr.write(`bench: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 2;
}
