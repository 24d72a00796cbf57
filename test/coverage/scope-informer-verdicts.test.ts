/**
 * One constraint, one verdict on every route: a cluster-scoped resource is
 * watched with informerScope Cluster (model/constraints.ts, applied by KB070
 * and, across objects, KB170). For every pair of scope and informerScope and
 * every kind that carries the pair, `validate`, `from-crd`, the constructors
 * and `BoundSchema.fromCrd` must agree: the same rule at the same severity,
 * or nothing.
 */
import { Chart, Testing } from 'cdk8s';
import { runMain, validateJson } from './cli-run';
import { yamlWorkDir } from './yaml-work-dir';
import { ApiServiceExport, ApiServiceExportV1Alpha1, BoundSchema, InformerScope, Isolation, Scope } from '../../src';
import { forgetPrinted } from '../../src/glue/printed-once';
import { Manifest } from '../../src/model';
import { a1, bs, a2, crd, widgetSchema } from '../../src/rules/engine/scenario-kit';
import { testApp } from '../util';

const RULES = ['KB070', 'KB170'];
const PAIRS: ReadonlyArray<readonly [Scope, InformerScope]> = [
  [Scope.CLUSTER, InformerScope.CLUSTER],
  [Scope.CLUSTER, InformerScope.NAMESPACED],
  [Scope.NAMESPACED, InformerScope.CLUSTER],
  [Scope.NAMESPACED, InformerScope.NAMESPACED],
];

/** What a route says about one object: `KB070 warning`, or nothing. */
type Verdict = string[];

const writeYaml = yamlWorkDir('kube-bind-scope-verdicts-');

const sorted = (v: Verdict): Verdict => [...new Set(v)].sort();

// ---------------------------------------------------------------------------
// The routes

/** `validate --output json`: the verdict on each object, by kind. */
async function viaValidate(objects: readonly Manifest[]): Promise<Map<string, Verdict>> {
  const run = await validateJson([writeYaml(objects)]);
  return new Map(run.objects.map(o => [`${o.kind}/${o.apiVersion?.split('/')[1]}`,
    sorted(o.violations.filter(v => RULES.includes(v.rule)).map(v => `${v.rule} ${v.severity}`))]));
}

/** `from-crd [--export]` on a CRD: the findings it prints, by the kind of the object they are about. */
async function viaFromCrd(scope: Scope, informerScope: InformerScope, withExport: boolean): Promise<Map<string, Verdict>> {
  const source = crd(['spec.scope', scope]);
  const args = ['from-crd', '--informer-scope', informerScope, ...(withExport ? ['--export', 'widgets'] : []), writeYaml([source])];
  const { code, err } = await runMain(args);
  expect({ code: code === 2 ? err : 'ran' }).toEqual({ code: 'ran' });
  // validate's text report: `file:line: warning KB070 widgets.example.com (BoundSchema kube-bind.io/v1alpha2) path: message`.
  const verdicts = new Map<string, Verdict>([['BoundSchema/v1alpha2', []], ...(withExport ? [['APIServiceExport/v1alpha2', []] as [string, Verdict]] : [])]);
  for (const line of err.split('\n')) {
    const finding = /: (error|warning|info) (KB\d+) \S+ \((\w+) [^)]*\/(v\w+)\)/.exec(line);
    if (finding === null || !RULES.includes(finding[2])) continue;
    verdicts.get(`${finding[3]}/${finding[4]}`)!.push(`${finding[2]} ${finding[1]}`);
  }
  for (const [k, v] of verdicts) verdicts.set(k, sorted(v));
  return verdicts;
}

/** A synth: the findings on each construct's object, by kind (errors fail the synth; warnings go to stderr). */
function viaSynth(build: (chart: Chart) => ReadonlyArray<[string, { node: { path: string } }]>): Map<string, Verdict> {
  const chart = new Chart(testApp(), 'test');
  const made = build(chart);
  let text = '';
  // What this synth prints, as a fresh process would (each warning is printed once per process).
  forgetPrinted();
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => {
    text += String(chunk);
    return true;
  });
  try {
    Testing.synth(chart);
  } catch (e) {
    text += `\n${(e as Error).message}`;
  } finally {
    spy.mockRestore();
  }
  const lines = text.split('\n');
  const verdicts = new Map<string, Verdict>();
  for (const [kind, construct] of made) {
    // cdk8s names the construct's path before its errors; warnings carry it on their own line.
    const found: Verdict = [];
    let inErrorsOf = false;
    for (const line of lines) {
      if (/^\s*\[/.test(line) === false && line.includes(construct.node.path)) inErrorsOf = true;
      else if (/^\s*\[/.test(line) === false && /^\S/.test(line)) inErrorsOf = false;
      const hit = RULES.find(r => line.includes(`[${r}]`));
      if (hit === undefined) continue;
      if (line.startsWith('warning:')) {
        if (line.includes(construct.node.path)) found.push(`${hit} warning`);
      } else if (inErrorsOf || line.includes(construct.node.path)) {
        found.push(`${hit} error`);
      }
    }
    verdicts.set(kind, sorted(found));
  }
  return verdicts;
}

// ---------------------------------------------------------------------------
// The objects, for one pair

function boundSchemaProps(scope: Scope, informerScope: InformerScope) {
  return { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, schema: widgetSchema(), scope, informerScope };
}

function v1alpha1Edits(scope: Scope, informerScope: InformerScope): Array<[string, unknown]> {
  return [['spec.scope', scope], ['spec.informerScope', informerScope], ...(scope === Scope.CLUSTER ? [['spec.clusterScopedIsolation', 'Prefixed'] as [string, unknown]] : [])];
}

describe.each(PAIRS)('scope %s with informerScope %s', (scope, informerScope) => {
  const expected = (kind: string): Verdict => {
    if (scope !== Scope.CLUSTER || informerScope !== InformerScope.NAMESPACED) return [];
    return kind === 'BoundSchema/v1alpha2' ? ['KB070 warning'] : kind === 'APIServiceExport/v1alpha1' ? ['KB070 error'] : ['KB170 error'];
  };

  test('BoundSchema: validate, from-crd, the constructor and fromCrd agree', async () => {
    const kind = 'BoundSchema/v1alpha2';
    const verdicts = {
      validate: (await viaValidate([bs(['spec.scope', scope], ['spec.informerScope', informerScope])])).get(kind),
      fromCrdCli: (await viaFromCrd(scope, informerScope, false)).get(kind),
      constructor: viaSynth(chart => [[kind, new BoundSchema(chart, 'schema', boundSchemaProps(scope, informerScope))]]).get(kind),
      fromCrd: viaSynth(chart => [[kind, BoundSchema.fromCrd(chart, 'schema', crd(['spec.scope', scope]), { informerScope })]]).get(kind),
    };
    const want = expected(kind);
    expect(verdicts).toEqual({ validate: want, fromCrdCli: want, constructor: want, fromCrd: want });
  });

  test('APIServiceExport v1alpha1: validate and the constructor agree', async () => {
    const kind = 'APIServiceExport/v1alpha1';
    const verdicts = {
      validate: (await viaValidate([a1(...v1alpha1Edits(scope, informerScope))])).get(kind),
      constructor: viaSynth(chart => [[kind, new ApiServiceExportV1Alpha1(chart, 'export', {
        ...boundSchemaProps(scope, informerScope),
        ...(scope === Scope.CLUSTER ? { clusterScopedIsolation: Isolation.PREFIXED } : {}),
      })]]).get(kind),
    };
    const want = expected(kind);
    expect(verdicts).toEqual({ validate: want, constructor: want });
  });

  test('APIServiceExport v1alpha2 over a BoundSchema: validate, from-crd --export, the constructors and fromCrd agree', async () => {
    const kind = 'APIServiceExport/v1alpha2';
    const schema = bs(['spec.scope', scope], ['spec.informerScope', informerScope]);
    const verdicts = {
      validate: (await viaValidate([schema, a2(['spec.informerScope', informerScope])])).get(kind),
      fromCrdCli: (await viaFromCrd(scope, informerScope, true)).get(kind),
      constructor: viaSynth(chart => {
        const made = new BoundSchema(chart, 'schema', boundSchemaProps(scope, informerScope));
        return [[kind, new ApiServiceExport(chart, 'export', { informerScope, schemas: [made] })]];
      }).get(kind),
      fromCrd: viaSynth(chart => {
        const made = BoundSchema.fromCrd(chart, 'schema', crd(['spec.scope', scope]), { informerScope });
        return [[kind, new ApiServiceExport(chart, 'export', { informerScope, schemas: [made] })]];
      }).get(kind),
    };
    const want = expected(kind);
    expect(verdicts).toEqual({ validate: want, fromCrdCli: want, constructor: want, fromCrd: want });
  });
});
