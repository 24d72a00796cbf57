/**
 * The verdict corpus: manifests under test/fixtures/verdicts whose expected
 * verdicts were derived from kube-bind's CRDs, Kubernetes' CRD validation
 * and the spec, independently of our rules (see expected.json: each case
 * carries its reason and what decides it). Every file goes through the real
 * command line, one file per run so checks across objects stay within a file.
 */
import * as fs from 'fs';
import * as path from 'path';
import { describeViolations, JsonObject, validateJson } from './cli-run';

const CORPUS = path.join(__dirname, '..', 'fixtures', 'verdicts');

interface ExpectedCase {
  readonly file: string;
  readonly index: number;
  /** The verdict of the spec and the server together: the stricter wins. */
  readonly valid: boolean;
  /** The API server's verdict alone (kube-bind CRDs + Kubernetes CRD validation), without the spec. */
  readonly server: boolean;
  readonly basis: string;
  readonly reason: string;
  readonly note?: string;
}

const expected: ExpectedCase[] = JSON.parse(fs.readFileSync(path.join(CORPUS, 'expected.json'), 'utf8')).cases;
const files = [...new Set(expected.map(c => c.file))];

interface Outcome {
  readonly expected: ExpectedCase;
  readonly got: JsonObject | undefined;
}

let outcomes: Outcome[] = [];

beforeAll(async () => {
  const results: Outcome[] = [];
  for (const file of files) {
    const run = await validateJson([path.join(CORPUS, file)]);
    if (run.code === 2) throw new Error(`${file}: the command line could not read it:\n${run.stderr}`);
    for (const c of expected.filter(e => e.file === file)) {
      results.push({ expected: c, got: run.objects.find(o => o.index === c.index) });
    }
  }
  outcomes = results;
}, 120_000);

function agreementWith(pick: (c: ExpectedCase) => boolean, subset: Outcome[] = outcomes): { agree: number; total: number; disagreements: Outcome[] } {
  const disagreements = subset.filter(o => o.got === undefined || o.got.valid !== pick(o.expected));
  return { agree: subset.length - disagreements.length, total: subset.length, disagreements };
}

function report(title: string, disagreements: Outcome[], pick: (c: ExpectedCase) => boolean): string {
  const lines = disagreements.map(o => [
    `  ${o.expected.file}[${o.expected.index}]: expected ${pick(o.expected) ? 'valid' : 'invalid'}, got ${o.got === undefined ? 'no result' : o.got.valid ? 'valid' : 'invalid'}`,
    `    why: ${o.expected.basis}: ${o.expected.reason}`,
    describeViolations(o.got?.violations ?? []),
  ].join('\n'));
  return `${title}: ${disagreements.length} disagreement(s)\n${lines.join('\n')}`;
}

describe('verdict corpus through `validate --output json`', () => {
  test('the corpus is well formed: every file exists, every case has a reason, both verdicts occur', () => {
    for (const file of files) expect(fs.existsSync(path.join(CORPUS, file))).toBe(true);
    for (const c of expected) {
      expect(c.reason.length).toBeGreaterThan(0);
      expect(typeof c.valid).toBe('boolean');
      expect(typeof c.server).toBe('boolean');
      // A verdict looser than the server's is impossible: the stricter one wins.
      if (c.valid) expect(c.server).toBe(true);
    }
    expect(expected.filter(c => c.valid).length).toBeGreaterThan(50);
    expect(expected.filter(c => !c.valid).length).toBeGreaterThan(50);
  });

  test('every case yields exactly one checked object at its index', () => {
    const missing = outcomes.filter(o => o.got === undefined).map(o => `${o.expected.file}[${o.expected.index}]`);
    expect(missing).toEqual([]);
  });

  test('verdicts agree with spec + server on every case of the corpus', () => {
    const pick = (c: ExpectedCase): boolean => c.valid;
    const { agree, total, disagreements } = agreementWith(pick);
    const share = agree / total;
    // Printed on every run, so the numbers are in the log even when all agree.
    console.log(`verdict agreement (spec + server): ${agree}/${total} = ${(share * 100).toFixed(1)}%`);
    // Every expected verdict is derived from a source; one wrong verdict is a bug, so none is tolerated.
    expect(disagreements.length === 0 ? '' : report('spec + server', disagreements, pick)).toBe('');
  });

  test('verdicts agree with the API server alone wherever the spec adds nothing', () => {
    // Where only the spec forbids an object the server would accept, the two
    // verdicts differ on purpose; everywhere else they must coincide.
    const pick = (c: ExpectedCase): boolean => c.server;
    // kube-bind-reconciler cases, too, are stricter than the server on purpose (kube-bind refuses what the server stores).
    const serverOnly = outcomes.filter(o => o.expected.basis !== 'spec' && o.expected.basis !== 'kube-bind-reconciler');
    const { agree, total, disagreements } = agreementWith(pick, serverOnly);
    console.log(`verdict agreement (server alone, ${total} cases the spec does not decide): ${agree}/${total} = ${((agree / total) * 100).toFixed(1)}%`);
    expect(disagreements.length === 0 ? '' : report('server alone', disagreements, pick)).toBe('');
  });
});
