/**
 * Every rule of the registry (per-object, across objects, updates) through
 * both front-ends: `cdk8s-kube-bind validate --output json` on YAML files,
 * and the constructs at synth time. Each rule has a failing scenario, which
 * must report the rule at its path (and, for errors, fail the synth naming
 * the construct), and a passing one, which must not report it. A rule
 * registered without a row here fails the meta-test.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, Chart, JsonPatch, Testing } from 'cdk8s';
import { Construct } from 'constructs';
import { stringify } from 'yaml';
import { describeViolations, validateJson } from './cli-run';
import { ApiServiceExport, ApiServiceExportV1alpha1, BoundSchema, UpdateCheck } from '../../src';
import { CROSS_RULES, Manifest, RULES, Severity, contextFor, validateObjects } from '../../src/rules';
import { RULE_ROWS, RuleRow, Scenario, widgetSchema } from '../../src/rules/scenarios';
import { UPDATE_RULES, validateUpdate } from '../../src/rules/updates';
import { testApp } from '../util';

const REGISTERED: ReadonlyMap<string, Severity> = new Map([
  ...RULES.map(r => [r.id, r.severity] as const),
  ...CROSS_RULES.map(r => [r.id, r.severity] as const),
  ...UPDATE_RULES.map(r => [r.id, r.severity] as const),
]);

const severityOf = (row: RuleRow): Severity => row.severity ?? REGISTERED.get(row.id) ?? 'error';

let workDir: string;
let quiet: string | undefined;

beforeAll(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kube-bind-rule-coverage-'));
  // Warnings must reach stderr for the construct checks below.
  quiet = process.env.CDK8S_KUBE_BIND_QUIET;
  delete process.env.CDK8S_KUBE_BIND_QUIET;
});

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
  if (quiet !== undefined) process.env.CDK8S_KUBE_BIND_QUIET = quiet;
});

// ---------------------------------------------------------------------------
// Command line

let fileCount = 0;

function writeYaml(objects: readonly Manifest[]): string {
  const file = path.join(workDir, `scenario-${++fileCount}.yaml`);
  // Written for YAML 1.1 readers too (kubectl, the CLI): a string "yes" stays quoted.
  fs.writeFileSync(file, objects.map(o => stringify(o, { lineWidth: 0, compat: 'yaml-1.1' })).join('---\n'));
  return file;
}

async function runCli(s: Scenario) {
  const file = writeYaml(s.objects);
  const args = s.previous !== undefined ? ['--previous', writeYaml(s.previous), file] : [file];
  const run = await validateJson(args);
  if (run.code === 2) throw new Error(`validate could not run: ${run.stderr}`);
  return run;
}

// ---------------------------------------------------------------------------
// Constructs

/** `kube-bind.io/v1alpha2` → ['kube-bind.io', 'v1alpha2']. */
function groupAndVersion(apiVersion: unknown): [string, string] {
  const text = typeof apiVersion === 'string' ? apiVersion : '';
  const slash = text.lastIndexOf('/');
  return [text.slice(0, slash), text.slice(slash + 1)];
}

/**
 * A construct of ours for the manifest, built from valid props and then
 * patched (ApiObject.of(...).addJsonPatch) into exactly that manifest.
 */
function constructFor(chart: Chart, id: string, manifest: Manifest): Construct {
  const [group, version] = groupAndVersion(manifest.apiVersion);
  const kubeBindGroup = group !== '' ? group : undefined;
  let construct: Construct;
  if (manifest.kind === 'CustomResourceDefinition') {
    return new ApiObject(chart, id, manifest as any);
  } else if (manifest.kind === 'BoundSchema') {
    construct = new BoundSchema(chart, id, { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, schema: widgetSchema(), kubeBindGroup });
  } else if (version === 'v1alpha2') {
    construct = new ApiServiceExport(chart, id, { resources: [{ group: 'example.com', resource: 'widgets', versions: ['v1'] }], kubeBindGroup });
  } else {
    construct = new ApiServiceExportV1alpha1(chart, id, { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, schema: widgetSchema(), kubeBindGroup });
  }
  const object = ApiObject.of(construct);
  const rendered = object.toJson();
  for (const key of new Set([...Object.keys(rendered), ...Object.keys(manifest)])) {
    if (JSON.stringify(rendered[key]) === JSON.stringify(manifest[key])) continue;
    if (!(key in manifest)) object.addJsonPatch(JsonPatch.remove(`/${key}`));
    else if (!(key in rendered)) object.addJsonPatch(JsonPatch.add(`/${key}`, manifest[key]));
    else object.addJsonPatch(JsonPatch.replace(`/${key}`, manifest[key]));
  }
  return construct;
}

interface SynthResult {
  readonly error?: string;
  readonly stderr: string;
  readonly manifests: any[];
  readonly targetPath: string;
}

function synthScenario(s: Scenario): SynthResult {
  const chart = new Chart(testApp(), 'test');
  const constructs = s.objects.map((m, i) => constructFor(chart, `obj${i}`, m));
  if (s.previous !== undefined) UpdateCheck.against(chart, s.previous);
  let stderr = '';
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => {
    stderr += String(chunk);
    return true;
  });
  try {
    const manifests = Testing.synth(chart);
    return { stderr, manifests, targetPath: constructs[s.target ?? 0].node.path };
  } catch (e) {
    return { error: (e as Error).message, stderr, manifests: [], targetPath: constructs[s.target ?? 0].node.path };
  } finally {
    spy.mockRestore();
  }
}

// ---------------------------------------------------------------------------
// The table

describe('every registered rule has a row', () => {
  test('no rule id of RULES, CROSS_RULES or UPDATE_RULES lacks a scenario, and no row names an unknown rule', () => {
    const rows = RULE_ROWS.map(r => r.id);
    expect(rows.filter((id, i) => rows.indexOf(id) !== i)).toEqual([]);
    expect([...REGISTERED.keys()].filter(id => !rows.includes(id)).sort()).toEqual([]);
    expect(rows.filter(id => !REGISTERED.has(id))).toEqual([]);
  });
});

const cliRows = RULE_ROWS.filter(r => r.noCli === undefined);
const constructRows = RULE_ROWS.filter(r => r.noConstruct === undefined);

describe('through `validate --output json`', () => {
  test.each(cliRows.map(r => [r.id, r] as const))('%s fails its failing scenario at its path', async (_id, row) => {
    const s = row.fail();
    const run = await runCli(s);
    const target = run.objects.find(o => o.index === (s.target ?? 0));
    expect(target).toBeDefined();
    const hits = target!.violations.filter(v => v.rule === row.id);
    const where = `${row.id} at ${JSON.stringify(row.path)}; got:\n${describeViolations(target!.violations)}`;
    expect({ found: hits.some(v => v.path === row.path && v.severity === severityOf(row)), where }).toEqual({ found: true, where });
    expect(target!.valid).toBe(!target!.violations.some(v => v.severity === 'error'));
    if (severityOf(row) === 'error') expect(run.code).toBe(1);
  });

  test.each(cliRows.map(r => [r.id, r] as const))('%s stays silent on its passing scenario', async (_id, row) => {
    const run = await runCli(row.pass());
    const hits = run.objects.flatMap(o => o.violations.filter(v => v.rule === row.id));
    expect(hits).toEqual([]);
  });
});

describe('through the constructs (Testing.synth)', () => {
  test.each(constructRows.map(r => [r.id, r] as const))('%s: the failing scenario is reported for its construct', (_id, row) => {
    const result = synthScenario(row.fail());
    if (severityOf(row) === 'error') {
      expect(result.error).toBeDefined();
      // cdk8s lists each error after the path of the construct it belongs to.
      const line = result.error!.split('\n').find(l => l.includes(`[${row.id}]`));
      expect({ line, path: line?.includes(result.targetPath) }).toEqual({ line: expect.any(String), path: true });
    } else {
      expect(result.error).toBeUndefined();
      const line = result.stderr.split('\n').find(l => l.includes(`[${row.id}]`));
      expect({ line, path: line?.includes(result.targetPath), severity: line?.startsWith(`${severityOf(row)}:`) })
        .toEqual({ line: expect.any(String), path: true, severity: true });
    }
  });

  test.each(constructRows.map(r => [r.id, r] as const))('%s: the passing scenario synthesizes without it', (_id, row) => {
    const result = synthScenario(row.pass());
    expect(result.error).toBeUndefined();
    expect(result.stderr.split('\n').filter(l => l.includes(`[${row.id}]`))).toEqual([]);
  });
});

describe('rules a front-end cannot show are still checked by the engine', () => {
  const unshown = RULE_ROWS.filter(r => r.noCli !== undefined || r.noConstruct !== undefined);

  test.each(unshown.map(r => [r.id, r] as const))('%s says why and fails its scenario in the engine', (_id, row) => {
    expect(`${row.noCli ?? ''}${row.noConstruct ?? ''}`.length).toBeGreaterThan(20);
    const s = row.fail();
    const target = s.target ?? 0;
    const found = s.previous !== undefined
      ? validateUpdate(s.previous[0], s.objects[0], contextFor())
      : validateObjects(s.objects, contextFor())[target];
    expect(found.filter(v => v.rule === row.id).map(v => v.path)).toContain(row.path);
    const passing = row.pass();
    const none = passing.previous !== undefined
      ? validateUpdate(passing.previous[0], passing.objects[0], contextFor())
      : validateObjects(passing.objects, contextFor()).flat();
    expect(none.filter(v => v.rule === row.id)).toEqual([]);
  });
});
