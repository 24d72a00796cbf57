/**
 * Runs `cdk8s-kube-bind validate --output json` in-process and reads its
 * answer, for the coverage tests. Kept apart from test/cli so these tests
 * depend on nothing but the command line's documented behaviour.
 */
import { Readable } from 'stream';
import { main } from '../../src/cli/main';

/** One violation as the JSON output prints it. */
export interface JsonViolation {
  readonly rule: string;
  readonly severity: 'error' | 'warning' | 'info';
  readonly path: string;
  readonly message: string;
  readonly hint: string | null;
}

/** One checked object as the JSON output prints it. */
export interface JsonObject {
  readonly file: string;
  readonly index: number;
  readonly line: number;
  readonly kind: string | null;
  readonly apiVersion: string | null;
  readonly name: string | null;
  readonly valid: boolean;
  readonly violations: readonly JsonViolation[];
}

export interface ValidateRun {
  readonly code: number;
  readonly objects: readonly JsonObject[];
  readonly stderr: string;
}

/** The command line in-process, with captured streams, empty standard input and an empty environment. */
export async function runMain(args: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io = {
    stdout: { write: (s: string) => { out += s; return true; } },
    stderr: { write: (s: string) => { err += s; return true; } },
    stdin: Readable.from([] as Buffer[]),
  };
  const code = await main([...args], io, { env: {} });
  return { code, out, err };
}

/** `validate --output json ...args`, with captured streams and an empty environment. */
export async function validateJson(args: readonly string[]): Promise<ValidateRun> {
  const { code, out, err } = await runMain(['validate', '--output', 'json', ...args]);
  let objects: JsonObject[] = [];
  if (out.trim() !== '') {
    try {
      objects = JSON.parse(out);
    } catch (e) {
      throw new Error(`validate printed no JSON (exit ${code}): ${out.slice(0, 500)}\n${err.slice(0, 500)}`);
    }
  }
  return { code, objects, stderr: err };
}

/** `rule path: message` lines, for failure output. */
export function describeViolations(violations: readonly JsonViolation[]): string {
  if (violations.length === 0) return '      (no violations)';
  return violations.map(v => `      ${v.severity} ${v.rule} ${v.path}: ${v.message}`).join('\n');
}
