/**
 * Shared test plumbing for the CLI: captured streams, temp folders, fixtures.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Readable } from 'stream';
import { CliIo, CliSettings } from '../../src/cli/command';
import { main } from '../../src/cli/main';

export const FIXTURES = path.join(__dirname, '..', 'fixtures', 'cli');

export function fixture(...parts: string[]): string {
  return path.join(FIXTURES, ...parts);
}

/** Streams that record what is written, and a stdin fed from `stdin`. */
export interface CapturedIo {
  readonly io: CliIo;
  out(): string;
  err(): string;
}

export function captureIo(stdin: string | Buffer | Buffer[] = ''): CapturedIo {
  let out = '';
  let err = '';
  const chunks = Array.isArray(stdin) ? stdin : [typeof stdin === 'string' ? Buffer.from(stdin, 'utf8') : stdin];
  return {
    io: {
      stdout: { write: (s: string) => { out += s; return true; } },
      stderr: { write: (s: string) => { err += s; return true; } },
      stdin: Readable.from(chunks),
    },
    out: () => out,
    err: () => err,
  };
}

/** What one in-process run of the command line gave. */
export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs the command line in-process, with `stdin` as standard input and no environment. */
export async function runCli(argv: string[], options: { stdin?: string | Buffer; settings?: Partial<CliSettings> } = {}): Promise<CliRun> {
  const captured = captureIo(options.stdin ?? '');
  const code = await main(argv, captured.io, { env: {}, ...options.settings });
  return { code, out: captured.out(), err: captured.err() };
}

/** What no error message may contain: a stack trace or a raw JavaScript error name. */
export const CRASH = /\n\s+at .+:\d+|RangeError|TypeError|ReferenceError/;

/** A fresh temp folder per call, removed by `removeTempDirs`. */
const tempDirs: string[] = [];

export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-kube-bind-cli-'));
  tempDirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** Writes `content` to `name` inside `dir` and returns the path. */
export function writeFile(dir: string, name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

/** 1-based line of the first line of `text` containing `needle`; fails the test when absent. */
export function lineContaining(text: string, needle: string, after = 0): number {
  const lines = text.split('\n');
  for (let i = Math.max(0, after - 1); i < lines.length; i++) {
    if (lines[i].includes(needle)) return i + 1;
  }
  throw new Error(`${JSON.stringify(needle)} not found`);
}

/** A billion-laughs document: each level is ten aliases of the one before. */
export function aliasBomb(levels = 9): string {
  const lines = ['apiVersion: kube-bind.io/v1alpha2', 'kind: BoundSchema', 'metadata:', '  name: lol', 'spec:', '  a0: &a0 ["lol"]'];
  for (let i = 1; i <= levels; i++) {
    lines.push(`  a${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(', ')}]`);
  }
  return lines.join('\n') + '\n';
}

/** `depth` nested flow sequences inside a document that is otherwise one of ours. */
export function deeplyNested(depth: number): string {
  return `apiVersion: kube-bind.io/v1alpha2\nkind: BoundSchema\nmetadata:\n  name: deep\nspec: ${'['.repeat(depth)}${']'.repeat(depth)}\n`;
}
