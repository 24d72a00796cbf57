/**
 * Converters produce, the rules judge: a BoundSchema whose scope and
 * informerScope do not go together gets one verdict on every route, the
 * constructor, `BoundSchema.fromCrd`, `validate` and `from-crd`.
 */
import { ApiObject, Testing, Yaml } from 'cdk8s';
import { BoundSchema, InformerScope, Scope } from '../src';
import { removeTempDirs, runCli, tempDir, writeFile } from './cli/cli-helpers';
import { boundSchemaPropsFromCrd } from '../src/migrate/props-from-crd';
import { nodePoolsCrd } from './fixtures/migrate/crds';
import { chart } from './util';

afterAll(removeTempDirs);

/** The error rules in a synth's failure (none when it passes). */
function synthVerdict(make: (c: ReturnType<typeof chart>) => BoundSchema): { rules: string[]; manifest: any } {
  const c = chart();
  const bs = make(c);
  const manifest = ApiObject.of(bs).toJson();
  try {
    Testing.synth(c);
    return { rules: [], manifest };
  } catch (e) {
    return { rules: errorRules(String(e), /\[(KB\d+)\]/g), manifest };
  }
}

function errorRules(text: string, pattern: RegExp): string[] {
  return [...new Set([...text.matchAll(pattern)].map(m => m[1]))].sort();
}

describe.each([
  ['Cluster with informerScope Namespaced', InformerScope.NAMESPACED],
  ['Cluster with informerScope Cluster', InformerScope.CLUSTER],
])('scope %s', (_, informerScope) => {
  test('the constructor, fromCrd, validate and from-crd give the same verdict', async () => {
    const props = boundSchemaPropsFromCrd(nodePoolsCrd(), { informerScope }).props!;
    expect(props.scope).toBe(Scope.CLUSTER);
    const constructed = synthVerdict(c => new BoundSchema(c, 'nodepools', { ...props, informerScope }));
    const converted = synthVerdict(c => BoundSchema.fromCrd(c, 'nodepools', nodePoolsCrd(), { informerScope }));
    expect(converted.manifest).toEqual(constructed.manifest);

    const dir = tempDir();
    const validated = await runCli(['validate', writeFile(dir, 'bs.yaml', Yaml.stringify(constructed.manifest))]);
    const fromCrd = await runCli(['from-crd', '--informer-scope', informerScope, writeFile(dir, 'crd.yaml', Yaml.stringify(nodePoolsCrd()))]);

    const cliRules = (r: { err: string }) => errorRules(r.err, /error (KB\d+) /g);
    const verdicts = {
      constructor: constructed.rules,
      fromCrd: converted.rules,
      validate: validated.code === 0 ? [] : cliRules(validated),
      fromCrdCli: fromCrd.code === 0 ? [] : cliRules(fromCrd),
    };
    expect(verdicts.fromCrd).toEqual(verdicts.constructor);
    expect(verdicts.validate).toEqual(verdicts.constructor);
    expect(verdicts.fromCrdCli).toEqual(verdicts.constructor);
    // A refusal that names no rule would pass as "no rule" above: every failing route names one.
    for (const r of [validated, fromCrd]) if (r.code !== 0) expect(cliRules(r).length).toBeGreaterThan(0);
  });
});
