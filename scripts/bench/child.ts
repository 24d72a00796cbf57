/**
 * One measured run of the benchmark, in a fresh process so its peak memory
 * is its own. Takes a JSON job as its only argument and prints one JSON line:
 * `{ "ms": ..., "maxRssBytes": ... }`. Modules are loaded before the clock
 * starts; what is timed is what a user waits for.
 */
import * as fs from 'fs';
import { createRequire } from 'module';
import * as path from 'path';
import { ApiObject, App, Chart, Yaml } from 'cdk8s';
import { VerdictFiles, writeCrds, writeMix, writeMixOfSize, writeRepeatedCrds, writeRepeatedMix } from './inputs';
import type * as Peer from './peer';
import { buildConstructs, buildPlain, buildPlainLiterals, KubeBindModule, Workload } from './workloads';

export type Job =
  | { mode: 'synth-constructs'; lib: string; workload: Workload; count: number; perChart: number; outdir: string }
  /** Plain ApiObjects of the same manifests, as object literals made in the clock (the judged baseline). */
  | { mode: 'synth-plain'; workload: Workload; count: number; perChart: number; outdir: string }
  /** Plain ApiObjects of the constructs' manifests read before the clock (the baseline before #23's last stop, shown). */
  | { mode: 'synth-prebuilt'; manifests: string; outdir: string }
  | { mode: 'prepare'; lib: string; workload: Workload; count: number; perChart: number; manifests: string; yaml?: string }
  | { mode: 'validate'; lib: string; file: string }
  | { mode: 'parse'; file: string }
  | { mode: 'parse-js-yaml'; file: string }
  | { mode: 'write-mix'; file: string; count?: number; bytes?: number }
  | { mode: 'write-crds'; dir: string; count: number }
  | { mode: 'from-crd'; lib: string; dir: string }
  | { mode: 'write-repeated'; file: string; corpus: string; bytes?: number; copies?: number; documents?: number; files?: VerdictFiles }
  /** kube-bind's CRDs from the library, as JSON, for the whole-process peer (peer-process.ts). */
  | { mode: 'write-peer-crds'; lib: string; file: string }
  | { mode: 'write-repeated-crds'; file: string; bytes: number }
  /** The CLI with `args`, whatever it finds (exit 0 or 1: the repeated mix holds invalid objects on purpose); stdout dropped. */
  | { mode: 'cli'; lib: string; args: string[] }
  /** The JSON-schema peer: Ajv 8 with each version's openAPIV3Schema of kube-bind's CRDs, over the file read by js-yaml. */
  | { mode: 'peer'; lib: string; file: string };

export interface ChildResult {
  /** Wall-clock time of the measured work. */
  readonly ms: number;
  /** CPU time (user + system, all threads) of the measured work: steadier than wall-clock on a busy machine. */
  readonly cpuMs: number;
  readonly maxRssBytes: number;
}

/** Wall-clock and CPU time of what `run` measures, started by `clock()`. */
interface Elapsed {
  readonly ms: number;
  readonly cpuMs: number;
}

function clock(): () => Elapsed {
  const start = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000 };
  };
}

/**
 * This process's peak resident memory. On Linux, getrusage's maxrss also
 * counts the parent's memory at fork time, so the kernel's high-water mark of
 * this process image (VmHWM) is read instead.
 */
function peakRssBytes(): number {
  try {
    const hwm = /^VmHWM:\s*(\d+)\s*kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]) * 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS * 1024;
}

// The library under test is loaded from a path given at run time (lib/ by default).
const load = createRequire(__filename);

async function run(job: Job): Promise<Elapsed> {
  switch (job.mode) {
    case 'synth-constructs': {
      const kb: KubeBindModule = load(path.resolve(job.lib));
      const stop = clock();
      const app = new App({ outdir: job.outdir });
      buildConstructs(kb, app, job.workload, job.count, job.perChart);
      app.synth();
      return stop();
    }
    case 'synth-plain': {
      const stop = clock();
      const app = new App({ outdir: job.outdir });
      buildPlainLiterals(app, job.workload, job.count, job.perChart);
      app.synth();
      return stop();
    }
    case 'synth-prebuilt': {
      const manifests = JSON.parse(fs.readFileSync(job.manifests, 'utf8'));
      const stop = clock();
      const app = new App({ outdir: job.outdir });
      buildPlain(app, manifests);
      app.synth();
      return stop();
    }
    case 'prepare': {
      // What the constructs render, read without running validations (untimed input of the prebuilt side and of validate).
      const kb: KubeBindModule = load(path.resolve(job.lib));
      const stop = clock();
      const app = new App({ outdir: path.dirname(job.manifests) });
      buildConstructs(kb, app, job.workload, job.count, job.perChart);
      const byChart = app.node.children
        .filter((c): c is Chart => Chart.isChart(c))
        .map(chart => chart.node.findAll().filter((c): c is ApiObject => ApiObject.isApiObject(c)).map(o => o.toJson()));
      fs.writeFileSync(job.manifests, JSON.stringify(byChart));
      if (job.yaml !== undefined) fs.writeFileSync(job.yaml, Yaml.stringify(...byChart.flat()));
      return stop();
    }
    case 'validate': {
      const { status, stderr, stdoutHead, elapsed } = await timeCli(job.lib, ['validate', job.file]);
      // Every input of the bench is valid: a finding means the rules or the inputs drifted.
      if (status !== 0 || stderr !== '') throw new Error(`validate exited ${status}: ${stderr.slice(0, 2000) || stdoutHead}`);
      return elapsed;
    }
    case 'parse-js-yaml': {
      const jsYaml = await import('js-yaml');
      const stop = clock();
      const objects = jsYaml.loadAll(fs.readFileSync(job.file, 'utf8'));
      const elapsed = stop();
      if (objects.length === 0) throw new Error(`no documents in ${job.file}`);
      return elapsed;
    }
    case 'write-mix': {
      const stop = clock();
      if (job.bytes !== undefined) writeMixOfSize(job.file, job.bytes);
      else writeMix(job.file, job.count ?? 0);
      return stop();
    }
    case 'write-crds': {
      const stop = clock();
      writeCrds(job.dir, job.count);
      return stop();
    }
    case 'from-crd': {
      const { status, stderr, elapsed } = await timeCli(job.lib, ['from-crd', '--namespace', 'provider', job.dir]);
      if (status !== 0) throw new Error(`from-crd exited ${status}: ${stderr.slice(0, 2000)}`);
      return elapsed;
    }
    case 'write-repeated': {
      const stop = clock();
      writeRepeatedMix(job.file, job.corpus, job);
      return stop();
    }
    case 'write-peer-crds': {
      const crds = load(path.resolve(job.lib, 'crds', 'index.js'));
      const stop = clock();
      fs.writeFileSync(job.file, JSON.stringify([crds.apiServiceExportCrd(), crds.boundSchemaCrd()]));
      return stop();
    }
    case 'write-repeated-crds': {
      const stop = clock();
      writeRepeatedCrds(job.file, job.bytes);
      return stop();
    }
    case 'cli': {
      const { status, stderr, stdoutHead, elapsed } = await timeCli(job.lib, job.args);
      if (status !== 0 && status !== 1) throw new Error(`${job.args.join(' ')} exited ${status}: ${stderr.slice(0, 2000) || stdoutHead}`);
      return elapsed;
    }
    case 'peer': {
      // Loaded here only: the other children must not carry Ajv in their memory.
      const { peerValidate }: typeof Peer = load('./peer');
      // Loading Ajv, js-yaml and the CRDs is start-up, outside the clock, as the CLI's loading is; compiling is inside.
      const crds = load(path.resolve(job.lib, 'crds', 'index.js'));
      await import('ajv');
      await import('js-yaml');
      const stop = clock();
      const { documents } = peerValidate([crds.apiServiceExportCrd(), crds.boundSchemaCrd()], fs.readFileSync(job.file, 'utf8'));
      const elapsed = stop();
      if (documents === 0) throw new Error(`no documents in ${job.file}`);
      return elapsed;
    }
    case 'parse': {
      const yaml = await import('yaml');
      const stop = clock();
      const docs = yaml.parseAllDocuments(fs.readFileSync(job.file, 'utf8'));
      const objects = (Array.isArray(docs) ? docs : [docs]).map(d => d.toJS());
      const elapsed = stop();
      if (objects.length === 0) throw new Error(`no documents in ${job.file}`);
      return elapsed;
    }
  }
}

run(JSON.parse(process.argv[2]) as Job).then(
  elapsed => {
    const result: ChildResult = { ...elapsed, maxRssBytes: peakRssBytes() };
    process.stdout.write(JSON.stringify(result) + '\n');
  },
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);

/** Runs the library's CLI in this process, stdout discarded, and times it (loading excluded). */
async function timeCli(lib: string, args: string[]): Promise<{ status: number; stderr: string; stdoutHead: string; elapsed: Elapsed }> {
  const cli = load(path.resolve(lib, 'cli', 'main.js'));
  let stderr = '';
  // The start of the report, to explain an unexpected exit status.
  let stdoutHead = '';
  const io = {
    stdout: { write: (chunk: string) => { if (stdoutHead.length < 2000) stdoutHead += chunk.slice(0, 2000 - stdoutHead.length); return true; } },
    stderr: { write: (chunk: string) => { stderr += chunk; return true; } },
    stdin: process.stdin,
  };
  const stop = clock();
  const status = await cli.main(args, io);
  return { status, stderr, stdoutHead, elapsed: stop() };
}
