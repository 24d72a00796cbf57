/**
 * Every rule of the registry (per-object, across objects, updates) through
 * both front-ends: `cdk8s-kube-bind validate --output json` on YAML files,
 * and the constructs at synth time. Each rule has a failing scenario, which
 * must report the rule at its path (and, for errors, fail the synth naming
 * the construct), and a passing one, which must not report it. A rule
 * registered without a row here fails the meta-test.
 */
import { ApiObject, Chart, JsonPatch, Testing } from 'cdk8s';
import { Construct } from 'constructs';
import { describeViolations, validateJson } from './cli-run';
import { yamlWorkDir } from './yaml-work-dir';
import {
  ApiServiceExport, ApiServiceExportRequest, ApiServiceExportTemplate, ApiServiceExportV1Alpha1, BindableResourcesRequest, BoundSchema, Collection,
  ExportedCrd, Scope, UpdateCheck,
} from '../../src';
import { forgetPrinted } from '../../src/glue/printed-once';
import { EXPORTED_LABEL_KEY as EXPORTED_LABEL, Manifest } from '../../src/model';
import { CROSS_RULES, RULES, Severity, contextFor, updateContext, validateObject, validateObjects } from '../../src/rules';
import { UPDATE_RULES, validateUpdate } from '../../src/rules/kube-bind/updates';
import { RULE_ROWS, RuleRow, Scenario, widgetSchema } from '../../src/rules/scenarios';
import { testApp } from '../util';

const REGISTERED: ReadonlyMap<string, Severity> = new Map([
  ...RULES.map(r => [r.id, r.severity] as const),
  ...CROSS_RULES.map(r => [r.id, r.severity] as const),
  ...UPDATE_RULES.map(r => [r.id, r.severity] as const),
]);

const severityOf = (row: RuleRow): Severity => row.severity ?? REGISTERED.get(row.id) ?? 'error';

const writeYaml = yamlWorkDir('kube-bind-rule-coverage-');

// ---------------------------------------------------------------------------
// Command line

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
  const widgets = [{ group: 'example.com', resource: 'widgets', versions: ['v1'] }];
  if (manifest.kind === 'CustomResourceDefinition') {
    if (manifest.metadata?.labels?.[EXPORTED_LABEL] === undefined) return new ApiObject(chart, id, manifest as any);
    // Labelled for export: marked as an app marks it, then patched into exactly the manifest (another label value included).
    const { labels: _labels, ...metadata } = manifest.metadata;
    construct = ExportedCrd.mark(new ApiObject(chart, id, { ...manifest, metadata } as any));
  } else if (manifest.kind === 'APIServiceExportTemplate') {
    construct = new ApiServiceExportTemplate(chart, id, { resources: widgets, scope: Scope.NAMESPACED, kubeBindGroup });
  } else if (manifest.kind === 'Collection') {
    construct = new Collection(chart, id, { templateNames: ['widgets'], kubeBindGroup });
  } else if (manifest.kind === 'APIServiceExportRequest' && version === 'v1alpha2') {
    construct = new ApiServiceExportRequest(chart, id, { resources: widgets, kubeBindGroup });
  } else if (manifest.kind === 'BindableResourcesRequest') {
    construct = new BindableResourcesRequest(chart, id, { author: 'platform-team', clusterIdentity: 'cluster-a', templateName: 'widgets', kubeBindGroup });
  } else if (manifest.kind === 'BoundSchema') {
    construct = new BoundSchema(chart, id, { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, schema: widgetSchema(), kubeBindGroup });
  } else if (version === 'v1alpha2') {
    construct = new ApiServiceExport(chart, id, { resources: [{ group: 'example.com', resource: 'widgets', versions: ['v1'] }], kubeBindGroup });
  } else {
    construct = new ApiServiceExportV1Alpha1(chart, id, { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, schema: widgetSchema(), kubeBindGroup });
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
  if (s.previous !== undefined) new UpdateCheck(chart, 'update-check', { previousObjects: s.previous });
  let stderr = '';
  // What this synth prints, as a fresh process would (each warning is printed once per process).
  forgetPrinted();
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

/** An update as the front-ends check it: the object's own rules under what its stored state relaxes, and the update rules. */
function asUpdate(previous: Manifest, next: Manifest) {
  return [...validateObject(next, updateContext(previous, next)), ...validateUpdate(previous, next, contextFor())];
}

describe('rules a front-end cannot show are still checked by the engine', () => {
  const unshown = RULE_ROWS.filter(r => r.noCli !== undefined || r.noConstruct !== undefined);

  test.each(unshown.map(r => [r.id, r] as const))('%s says why and fails its scenario in the engine', (_id, row) => {
    expect(`${row.noCli ?? ''}${row.noConstruct ?? ''}`.length).toBeGreaterThan(20);
    const s = row.fail();
    const target = s.target ?? 0;
    const found = s.previous !== undefined ? asUpdate(s.previous[0], s.objects[0]) : validateObjects(s.objects, contextFor())[target];
    expect(found.filter(v => v.rule === row.id).map(v => v.path)).toContain(row.path);
    const passing = row.pass();
    const none = passing.previous !== undefined
      ? asUpdate(passing.previous[0], passing.objects[0])
      : validateObjects(passing.objects, contextFor()).flat();
    expect(none.filter(v => v.rule === row.id)).toEqual([]);
  });
});
