/**
 * Fault injection: the compiled program, interrupted. Each command that
 * writes to TMPDIR (validate and migrate copy standard input there, validate
 * its findings, from-crd the BoundSchemas of the file being read) runs in a
 * child process with a TMPDIR of its own, on input large enough to spill
 * (past 1 MiB), and gets SIGINT, SIGTERM or SIGHUP early, while spilling,
 * while writing its output, and while writing to a pipe whose reader has
 * gone. It must exit with 128 + the signal's number and leave TMPDIR empty.
 *
 * What can fail is shown failing: a run killed with SIGKILL (which no program
 * can catch) leaves its folder, and the same assertions see it. Faults in the
 * removal itself (a read-only disk, a slow one) are injected by
 * test/support/faults.js, loaded into the child with `node --require`.
 */
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BIN, compiledLib } from '../support/compiled';

compiledLib();

jest.setTimeout(20_000);

const FAULTS = path.join(__dirname, '..', 'support', 'faults.js');
const MiB = 1024 * 1024;
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type Interrupt = typeof SIGNALS[number];
const STATUS: { readonly [signal in Interrupt]: number } = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };

// ---------------------------------------------------------------------------
// Inputs: each one about 1.6 to 2.5 MiB, so that what a command keeps passes 1 MiB.

/** v1alpha2 exports with an error each: validate reports one finding per object. */
function invalidExports(count: number): string {
  return Array.from({ length: count }, (_, i) => [
    '---', 'apiVersion: kube-bind.io/v1alpha2', 'kind: APIServiceExport',
    'metadata:', `  name: cowboys${i}.wildwest.dev`, '  namespace: kube-bind-wildwest',
    'spec:', '  resources:', '  - group: wildwest.dev', `    resource: cowboys${i}`, '    versions: [v1]',
    '  isolation: Bogus', '  informerScope: Namespaced', '',
  ].join('\n')).join('');
}

/** `count` v1alpha1 exports or CRDs of one resource each, with `properties` string fields in its schema. */
function definitions(kind: 'v1alpha1' | 'crd', count: number, properties: number): string {
  const schema = Array.from({ length: properties }, (_, k) => [
    `              field${k}:`, '                type: string', `                description: field number ${k} of the gadget`, '',
  ].join('\n')).join('');
  return Array.from({ length: count }, (_, i) => [
    '---',
    ...(kind === 'v1alpha1'
      ? ['apiVersion: kube-bind.io/v1alpha1', 'kind: APIServiceExport', 'metadata:', `  name: gadgets.h${i}.example.com`, '  namespace: provider']
      : ['apiVersion: apiextensions.k8s.io/v1', 'kind: CustomResourceDefinition', 'metadata:', `  name: gadgets.h${i}.example.com`]),
    'spec:', `  group: h${i}.example.com`, '  names:', '    kind: Gadget', '    listKind: GadgetList', '    plural: gadgets', '    singular: gadget',
    '  scope: Namespaced', ...(kind === 'v1alpha1' ? ['  informerScope: Namespaced'] : []),
    '  versions:', '  - name: v1', '    served: true', '    storage: true', '    schema:', '      openAPIV3Schema:', '        type: object',
    '        properties:', '          spec:', '            type: object', '            properties:', '',
  ].join('\n') + schema).join('');
}

interface Spiller {
  readonly args: readonly string[];
  readonly input: string;
  /** The file of the run's folder that shows the command is spilling, and the size it must reach. */
  readonly spill: { readonly file: string; readonly bytes: number };
}

const COMMANDS: { readonly [name: string]: Spiller } = {
  'validate': {
    args: ['validate', '-'],
    input: invalidExports(5000),
    // The findings: past 1 MiB (about 2,600 objects) they go to this file, beside stdin.yaml.
    spill: { file: 'objects.jsonl', bytes: 1 },
  },
  'migrate': {
    args: ['migrate', '-'],
    input: definitions('v1alpha1', 400, 40),
    spill: { file: 'stdin.yaml', bytes: MiB },
  },
  'from-crd': {
    args: ['from-crd', '-'],
    input: definitions('crd', 130, 100),
    // The BoundSchemas of standard input: past 1 MiB (about 90 of them) they go to this file.
    spill: { file: 'file-0.jsonl', bytes: 1 },
  },
};

// ---------------------------------------------------------------------------
// A run of the program in a child process, with a TMPDIR of its own.

interface Ended {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
}

interface Run {
  readonly child: ChildProcess;
  readonly tmpdir: string;
  readonly ended: Promise<Ended>;
  /** Settles with the first output chunk, in the 'data' handler, where the test may pause or close the stream. */
  readonly firstOutput: Promise<void>;
  /** Writes the part of the input from `from` to `to` (bytes of UTF-8; our inputs are ASCII). */
  feed(input: string, from: number, to?: number): void;
}

const tmpdirs: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  // A test that failed half-way leaves no process and no folder behind.
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of tmpdirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function privateTmpdir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-interrupt-'));
  tmpdirs.push(dir);
  return dir;
}

function start(args: readonly string[], options: { tmpdir?: string; fault?: 'fail' | 'slow'; mark?: string; umask?: string } = {}): Run {
  const tmpdir = options.tmpdir ?? privateTmpdir();
  const node = [...(options.fault !== undefined ? ['--require', FAULTS] : []), BIN, ...args];
  const env = {
    ...process.env,
    TMPDIR: tmpdir,
    CDK8S_KUBE_BIND_DEBUG: '',
    ...(options.fault !== undefined ? { KB_FAULT_RM: options.fault, KB_FAULT_MARK: options.mark ?? '' } : {}),
  };
  const child = options.umask === undefined
    ? spawn(process.execPath, node, { env, stdio: 'pipe' })
    : spawn('/bin/sh', ['-c', `umask ${options.umask} && exec "$0" "$@"`, process.execPath, ...node], { env, stdio: 'pipe' });
  children.push(child);
  // Writing to a child that has exited is expected here; so is a reader that goes away.
  child.stdin!.on('error', () => undefined);
  child.stdout!.on('error', () => undefined);
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (s: string) => { stderr += s; });
  const firstOutput = new Promise<void>(resolve => child.stdout!.once('data', () => resolve()));
  child.stdout!.resume();
  const ended = new Promise<Ended>(resolve => child.on('close', (status, signal) => resolve({ status, signal, stderr })));
  return {
    child,
    tmpdir,
    ended,
    firstOutput,
    feed: (input, from, to) => { child.stdin!.write(input.slice(from, to)); },
  };
}

/** Polls `ready` every 10 ms until it is true; fails naming `what` after 10 s. */
async function until(what: string, ready: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 10_000; !ready();) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise(resolve => setTimeout(resolve, 10));
  }
}

/**
 * Whether the process catches SIGHUP, from the kernel's mask of caught signals:
 * node itself catches SIGINT and SIGTERM from its start, SIGHUP only once the
 * program has installed its handlers.
 */
function catchesSignals(pid: number): boolean {
  try {
    const caught = /^SigCgt:\s*([0-9a-f]+)$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    // Bit n-1 of the mask is signal n.
    return caught !== null && BigInt(`0x${caught[1]}`).toString(2).padStart(64, '0').at(-os.constants.signals.SIGHUP) === '1';
  } catch {
    return false;
  }
}

/**
 * Whether the process is stopped (state T in /proc/PID/stat). `kill` returns
 * before a running process has taken SIGSTOP: until it has, it may still write,
 * meet the closed pipe and finish its run.
 */
function isStopped(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('T');
  } catch {
    return false;
  }
}

/** Every file and folder under `dir`, relative to it. */
function leftovers(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

/** The run's folders (cdk8s-kube-bind-*) in `tmpdir`. */
function folders(tmpdir: string): string[] {
  return fs.readdirSync(tmpdir).filter(name => name.startsWith('cdk8s-kube-bind-')).map(name => path.join(tmpdir, name));
}

/** The size of `file` in the run's folder, 0 while there is none. */
function spilled(tmpdir: string, file: string): number {
  const [folder] = folders(tmpdir);
  if (folder === undefined) return 0;
  try {
    return fs.statSync(path.join(folder, file)).size;
  } catch {
    return 0;
  }
}

function expectNothingLeft(tmpdir: string): void {
  expect({ tmpdir, left: leftovers(tmpdir) }).toEqual({ tmpdir, left: [] });
}

/** What stderr must not hold: a crash, or a folder left behind. (migrate writes notes there.) */
const TROUBLE = /internal error|cannot remove|\n\s+at .+:\d+/;

function expectInterrupted(ended: Ended, signal: Interrupt): void {
  expect({ status: ended.status, signal: ended.signal, trouble: TROUBLE.exec(ended.stderr)?.[0] }).toEqual({ status: STATUS[signal], signal: null });
}

// ---------------------------------------------------------------------------
// The points where a signal arrives. Each returns once the run is at that point.

type Point = (run: Run, command: Spiller) => Promise<void>;

const POINTS: { readonly [name: string]: Point } = {
  /** The program has started and installed its handlers; no input yet. */
  'early': async run => {
    await until('the program catches SIGHUP', () => catchesSignals(run.child.pid!));
  },
  /** Part of the input read, the spill file written, more input to come. */
  'while spilling': async (run, command) => {
    run.feed(command.input, 0, Math.floor(command.input.length * 0.85));
    await until(`${command.spill.file} holds ${command.spill.bytes} bytes`, () => spilled(run.tmpdir, command.spill.file) >= command.spill.bytes);
  },
  /** All input read; output started, and its reader stopped reading, so the program waits to write more. */
  'while writing output': async (run, command) => {
    const paused = run.firstOutput.then(() => { run.child.stdout!.pause(); });
    run.feed(command.input, 0);
    run.child.stdin!.end();
    await paused;
    // What is printed is read back from the folder: it is there while the program waits.
    expect(folders(run.tmpdir)).toHaveLength(1);
  },
  /**
   * All input read; output started, then its reader went away. The program is
   * stopped (SIGSTOP) while the pipe closes and the signal is sent, so that it
   * goes on, with the signal pending, writing to a closed pipe.
   */
  'while writing to a closed pipe': async (run, command) => {
    const stopped = run.firstOutput.then(() => { run.child.kill('SIGSTOP'); });
    run.feed(command.input, 0);
    run.child.stdin!.end();
    await stopped;
    await until('the program is stopped', () => isStopped(run.child.pid!));
    const closed = new Promise(resolve => run.child.stdout!.once('close', resolve));
    run.child.stdout!.destroy();
    await closed;
  },
};

/** A small part of validate's input read, and copied to stdin.yaml: cheaper than spilling, where any copy will do. */
async function copying(run: Run, bytes = 256 * 1024): Promise<void> {
  run.feed(COMMANDS.validate.input, 0, bytes);
  await until(`stdin.yaml holds ${bytes} bytes`, () => spilled(run.tmpdir, 'stdin.yaml') >= bytes);
}

/** Sends `signal`, and lets a stopped program go on. */
function interrupt(run: Run, signal: NodeJS.Signals): void {
  run.child.kill(signal);
  run.child.kill('SIGCONT');
}

// Every command at every point; the signals rotate so that each meets every point and every command.
const CASES = Object.keys(COMMANDS).flatMap((command, c) => Object.keys(POINTS).map((point, p) => ({
  command, point, signal: SIGNALS[(c + p) % SIGNALS.length],
})));

describe.each(CASES)('$command, $signal $point', ({ command, point, signal }) => {
  test(`exits with ${STATUS[signal]} and leaves TMPDIR empty`, async () => {
    const spiller = COMMANDS[command];
    const run = start(spiller.args);
    await POINTS[point](run, spiller);
    interrupt(run, signal);
    expectInterrupted(await run.ended, signal);
    expectNothingLeft(run.tmpdir);
  });
});

test('paths (which writes nothing to TMPDIR) exits with 143 on SIGTERM', async () => {
  const run = start(['paths', '-']);
  await POINTS.early(run, COMMANDS.validate);
  interrupt(run, 'SIGTERM');
  expectInterrupted(await run.ended, 'SIGTERM');
  expectNothingLeft(run.tmpdir);
});

test('a second SIGINT during the removal (a slow disk) neither kills the program nor stops the removal', async () => {
  const mark = path.join(privateTmpdir(), 'cleanup-began');
  const run = start(COMMANDS.validate.args, { fault: 'slow', mark });
  await copying(run);
  interrupt(run, 'SIGINT');
  await until('the removal has begun', () => fs.existsSync(mark));
  interrupt(run, 'SIGINT');
  expectInterrupted(await run.ended, 'SIGINT');
  expectNothingLeft(run.tmpdir);
});

describe('a folder that cannot be removed (a read-only disk) is named on stderr, with status 2', () => {
  const expectNamed = (ended: Ended, tmpdir: string): void => {
    const [folder] = folders(tmpdir);
    expect(folder).toBeDefined();
    expect(ended.status).toBe(2);
    expect(ended.stderr).toContain(`cdk8s-kube-bind: cannot remove the temporary folder ${folder} (EACCES`);
  };

  test('at the end of a run', async () => {
    const run = start(COMMANDS.validate.args, { fault: 'fail' });
    run.feed(invalidExports(10), 0);
    run.child.stdin!.end();
    expectNamed(await run.ended, run.tmpdir);
  });

  test('on SIGTERM', async () => {
    const run = start(COMMANDS.validate.args, { fault: 'fail' });
    await copying(run);
    interrupt(run, 'SIGTERM');
    expectNamed(await run.ended, run.tmpdir);
  });
});

test('two runs at once, whatever the umask, each write files only their owner can read, in a folder of their own', async () => {
  const tmpdir = privateTmpdir();
  const runs = [start(COMMANDS.validate.args, { tmpdir, umask: '000' }), start(COMMANDS.validate.args, { tmpdir, umask: '000' })];
  for (const run of runs) run.feed(COMMANDS.validate.input, 0, 64 * 1024);
  await until('both runs have made their folder', () => folders(tmpdir).length === 2);
  await until('both copy standard input', () => folders(tmpdir).every(f => fs.existsSync(path.join(f, 'stdin.yaml'))));
  const modes = folders(tmpdir).flatMap(folder => [folder, ...fs.readdirSync(folder).map(f => path.join(folder, f))])
    // eslint-disable-next-line no-bitwise
    .map(file => `${path.relative(tmpdir, file).replace(/cdk8s-kube-bind-\w+/, 'cdk8s-kube-bind-XXXXXX')} ${(fs.statSync(file).mode & 0o777).toString(8)}`);
  expect(modes.sort()).toEqual(expect.arrayContaining([
    'cdk8s-kube-bind-XXXXXX 700', 'cdk8s-kube-bind-XXXXXX 700',
    'cdk8s-kube-bind-XXXXXX/stdin.yaml 600', 'cdk8s-kube-bind-XXXXXX/stdin.yaml 600',
  ]));
  expect(modes.filter(m => !/ (700|600)$/.test(m))).toEqual([]);
  for (const run of runs) interrupt(run, 'SIGTERM');
  for (const run of runs) expectInterrupted(await run.ended, 'SIGTERM');
  expectNothingLeft(tmpdir);
});

test('the assertions can fail: a run killed with SIGKILL leaves its folder, a copy of standard input in it', async () => {
  const run = start(COMMANDS.validate.args);
  await copying(run);
  run.child.kill('SIGKILL');
  const ended = await run.ended;
  expect(() => expectInterrupted(ended, 'SIGINT')).toThrow(/"signal": "SIGKILL"/);
  expect(() => expectNothingLeft(run.tmpdir)).toThrow(/cdk8s-kube-bind-\w+\/stdin\.yaml/);
});
