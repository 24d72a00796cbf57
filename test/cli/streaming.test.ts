/**
 * `validate` one object at a time: what the rules across objects keep of each
 * object (`crossObjectFacts`) makes them find exactly what they find on whole
 * objects, and the streaming check reports exactly what the check over all
 * objects at once reports, on the fixtures and on broken files.
 */
import * as fs from 'fs';
import * as path from 'path';
import { captureIo, fixture, removeTempDirs, tempDir, writeFile } from './cli-helpers';
import { CheckOptions, runCheck } from '../../src/cli/check';
import { crossObjectFacts, DetachedCopier, identityOf } from '../../src/cli/cross-facts';
import { JSON_REPORTER, TEXT_REPORTER } from '../../src/cli/output';
import { selectForCheck, STREAMING_RULES, validateWithRules } from '../../src/cli/validate';
import { DEFAULT_LIMITS, readInputs } from '../../src/io/read';
import { contextFor, crossObjectViolations } from '../../src/rules';
import { RULE_ROWS } from '../../src/rules/scenarios';

afterAll(removeTempDirs);

const CTX = contextFor();
const FIXTURES = path.join(__dirname, '..', 'fixtures');

async function* noStdin(): AsyncIterable<unknown> {}

/** Every YAML file under test/fixtures, in code-point order. */
function yamlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    if (fs.statSync(full).isDirectory()) out.push(...yamlFiles(full));
    else if (/\.ya?ml$/.test(entry)) out.push(full);
  }
  return out;
}

describe('crossObjectFacts keeps what the rules across objects read', () => {
  const CROSS_IDS = ['KB170', 'KB171', 'KB172', 'KB173', 'KB174', 'KB175', 'KB176', 'KB177'];

  test('every rule scenario: the same findings on trimmed objects, and each cross rule is found by some scenario', () => {
    const found = new Set<string>();
    // One copier for all scenarios, as for a run: equal specs of different scenarios share one copy.
    const copier = new DetachedCopier();
    for (const row of RULE_ROWS) {
      for (const scenario of [row.fail(), row.pass()]) {
        const whole = crossObjectViolations(scenario.objects, CTX);
        const facts = scenario.objects.map(o => crossObjectFacts(o));
        expect({ id: row.id, found: crossObjectViolations(facts, CTX) }).toEqual({ id: row.id, found: whole });
        const kept = scenario.objects.map(o => copier.copyFacts(crossObjectFacts(o)));
        expect({ id: row.id, found: crossObjectViolations(kept, CTX) }).toEqual({ id: row.id, found: whole });
        for (const list of whole) for (const v of list) found.add(v.rule);
      }
    }
    expect(CROSS_IDS.filter(id => !found.has(id))).toEqual([]);
  });

  test('every fixture file, all objects of a folder together: the same findings on trimmed objects', async () => {
    const folders = fs.readdirSync(FIXTURES).map(f => path.join(FIXTURES, f)).filter(f => fs.statSync(f).isDirectory());
    let findings = 0;
    for (const folder of folders) {
      const read = await readInputs(yamlFiles(folder), noStdin(), DEFAULT_LIMITS);
      const objects = read.objects.map(o => o.manifest);
      const whole = crossObjectViolations(objects, CTX);
      expect({ folder, found: crossObjectViolations(objects.map(o => crossObjectFacts(o)), CTX) }).toEqual({ folder, found: whole });
      const copier = new DetachedCopier();
      const kept = objects.map(o => copier.copyFacts(crossObjectFacts(o)));
      expect({ folder, found: crossObjectViolations(kept, CTX) }).toEqual({ folder, found: whole });
      findings += whole.flat().length;
    }
    expect(findings).toBeGreaterThan(0);
  });

  test('of schemas only the shape of their fields is kept, as one string; everything else no rule across objects reads is dropped', () => {
    const facts = crossObjectFacts({
      apiVersion: 'kube-bind.io/v1alpha2',
      kind: 'BoundSchema',
      metadata: { name: 'widgets.example.com', namespace: 'ns', labels: { a: 'b' } },
      spec: {
        group: 'example.com',
        names: { plural: 'widgets', kind: 'Widget' },
        scope: 'Namespaced',
        versions: [{
          name: 'v1',
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: 'object',
              description: 'dropped',
              required: ['spec'],
              properties: { spec: { 'type': 'object', 'x-kubernetes-validations': [{ rule: 'true' }], 'properties': { size: { type: 'integer', minimum: 1 } } } },
            },
          },
        }, 'odd'],
        resources: [{ group: 'example.com', resource: 'widgets', versions: ['v1'], extra: 1 }],
        informerScope: 'Cluster',
        permissionClaims: [{ resource: 'secrets' }, { resource: 'secrets', selector: { references: [{ resource: 'widgets', jsonPath: { name: 'spec.s' }, extra: 1 }], namedResources: [] } }],
      },
      status: { conditions: [] },
    });
    expect(facts).toEqual({
      apiVersion: 'kube-bind.io/v1alpha2',
      kind: 'BoundSchema',
      metadata: { name: 'widgets.example.com', namespace: 'ns' },
      spec: {
        group: 'example.com',
        names: { plural: 'widgets', kind: 'Widget' },
        scope: 'Namespaced',
        informerScope: 'Cluster',
        versions: [{
          name: 'v1',
          served: true,
          schema: { openAPIV3Schema: JSON.stringify({ type: 'object', properties: { spec: { type: 'object', properties: { size: {} } } } }) },
        }, 'odd'],
        resources: [{ group: 'example.com', resource: 'widgets', versions: ['v1'] }],
        permissionClaims: [{}, { selector: { references: [{ resource: 'widgets', jsonPath: { name: 'spec.s' } }] } }],
      },
    });
    expect(identityOf({ apiVersion: 'v1', kind: 'ConfigMap', metadata: 'odd', data: { a: 'b' } })).toEqual({ apiVersion: 'v1', kind: 'ConfigMap', metadata: 'odd' });
  });

  test('the shape string is the JSON of the shape: keys in object order, no __proto__ member, odd values as JSON writes them, deep nesting cut', () => {
    const shapeString = (openAPIV3Schema: unknown): unknown =>
      (crossObjectFacts({ apiVersion: 'kube-bind.io/v1alpha2', kind: 'BoundSchema', spec: { versions: [{ name: 'v1', schema: { openAPIV3Schema } }] } }) as any)
        .spec.versions[0].schema.openAPIV3Schema;
    // YAML can give a "__proto__" key as an own field (js-yaml defines it); integer-like keys come first in any object.
    const properties = JSON.parse('{"b": {"type": "string"}, "2": {"type": ["object"]}, "__proto__": {"type": "object"}, "1": null}');
    let deep: any = { type: 'object' };
    for (let i = 0; i < 70; i++) deep = { type: 'object', properties: { x: deep } };
    expect(shapeString({
      'x-kubernetes-int-or-string': 'yes',
      'type': 'array',
      'x-kubernetes-preserve-unknown-fields': { odd: [1, null] },
      properties,
      'items': [{ type: 'object' }],
      'additionalProperties': false,
    })).toBe('{"type":"array","x-kubernetes-preserve-unknown-fields":{"odd":[1,null]},"x-kubernetes-int-or-string":"yes",'
      + '"properties":{"1":{},"2":{},"b":{}},"items":{},"additionalProperties":false}');
    expect(shapeString({ additionalProperties: { type: 'object', additionalProperties: true }, items: null })).toBe('{"items":{},"additionalProperties":{"type":"object","additionalProperties":true}}');
    expect(shapeString('odd')).toBe('{}');
    // 64 levels kept below the root, then {}: hostile nesting costs no more.
    expect((shapeString(deep) as string).match(/"properties"/g)).toHaveLength(65);
    expect(shapeString(deep)).toMatch(/"x":\{\}(\}\})+$/);
  });
});

describe('DetachedCopier.copyFacts', () => {
  const shape = JSON.stringify({ type: 'object', properties: { spec: { type: 'object', properties: { size: {}, colour: {}, weight: {} } } } });
  const schema = (name: string, namespace: string, openAPIV3Schema: string, plural = 'widgets') => ({
    apiVersion: 'kube-bind.io/v1alpha2',
    kind: 'BoundSchema',
    metadata: { name, namespace },
    spec: { group: 'example.com', names: { plural }, versions: [{ name: 'v1', served: true, schema: { openAPIV3Schema } }] },
  });

  test('objects that differ only in their metadata share one copy of their spec; each keeps its own metadata', () => {
    const copier = new DetachedCopier();
    const [a, b] = [schema('widgets.example.com', 'tenant-a', shape), schema('widgets.example.com', 'tenant-b', shape)].map(o => copier.copyFacts(o));
    expect(a).toEqual(schema('widgets.example.com', 'tenant-a', shape));
    expect(b).toEqual(schema('widgets.example.com', 'tenant-b', shape));
    expect(a.spec).toBe(b.spec);
    expect(a.metadata).not.toBe(b.metadata);
  });

  test('different specs are never merged: not by a short string, nor by a long string spelled as another one\'s number', () => {
    const copier = new DetachedCopier();
    const longer = shape.replace('weight', 'height');
    const copies = [schema('a', 'x', shape), schema('a', 'x', longer), schema('a', 'x', 'l0'), schema('a', 'x', 'l1'), schema('a', 'x', shape, 'gadgets')]
      .map(o => copier.copyFacts(o));
    expect(copies.map(c => (c.spec as any).versions[0].schema.openAPIV3Schema)).toEqual([shape, longer, 'l0', 'l1', shape]);
    expect(copies.map(c => (c.spec as any).names.plural)).toEqual(['widgets', 'widgets', 'widgets', 'widgets', 'gadgets']);
    expect(new Set(copies.map(c => c.spec)).size).toBe(5);
  });
});

/** One run of the check, through the real rules, all at once or streaming. */
async function run(operands: string[], streaming: boolean, extra: Partial<CheckOptions> & { stdin?: string } = {}) {
  const outputs: string[] = [];
  let code = 0;
  for (const reporter of [TEXT_REPORTER, JSON_REPORTER]) {
    const captured = captureIo(extra.stdin ?? '');
    code = await runCheck({
      operands,
      context: CTX,
      reporter,
      validate: validateWithRules,
      select: selectForCheck,
      limits: DEFAULT_LIMITS,
      ...(streaming ? { streaming: STREAMING_RULES } : {}),
      ...(extra.previous !== undefined ? { previous: extra.previous } : {}),
      ...(extra.temporaryFolder !== undefined ? { temporaryFolder: extra.temporaryFolder } : {}),
      ...(streaming && extra.streaming !== undefined ? { streaming: extra.streaming } : {}),
    }, captured.io);
    outputs.push(captured.out(), captured.err());
  }
  return { code, outputs };
}

/**
 * Tests that check whole fixture folders twice: 2-3.5 s each on a 2-core machine under load, too close to jest's
 * 5 s default for a busy CI host.
 */
const WHOLE_FOLDERS = 60_000;

describe('the streaming check reports what the check of all objects at once reports', () => {
  test.each([
    ['the CLI fixtures', [path.join(FIXTURES, 'cli')]],
    ['the verdict fixtures', [path.join(FIXTURES, 'verdicts')]],
    ['the from-crd fixtures', [path.join(FIXTURES, 'from-crd')]],
  ])('%s', async (_name, operands) => {
    const all = await run(operands, false);
    const streamed = await run(operands, true);
    expect(streamed).toEqual(all);
    // The fixtures have findings, so lines and findings across objects are compared too.
    expect(all.code).not.toBe(0);
  }, WHOLE_FOLDERS);

  test('with --previous, and with standard input', async () => {
    const live = fixture('previous', 'live.yaml');
    const stdin = fs.readFileSync(live, 'utf8');
    for (const next of [fixture('previous', 'dist'), fixture('previous', 'dist-compatible')]) {
      for (const extra of [{ previous: [live] }, { previous: ['-'], stdin }]) {
        const all = await run([next], false, extra);
        expect(await run([next], true, extra)).toEqual(all);
        expect(all.outputs[0]).toMatch(/objects? checked/);
      }
    }
  });

  test('a YAML error in a later document: the objects read before it are dropped too', async () => {
    const dir = tempDir();
    const good = fs.readFileSync(fixture('invalid.yaml'), 'utf8');
    const broken = writeFile(dir, 'broken.yaml', `${good}\n---\nkind: [unclosed\n`);
    const other = writeFile(dir, 'other.yaml', good);
    const all = await run([broken, other], false);
    const streamed = await run([broken, other], true);
    expect(streamed).toEqual(all);
    expect(all.code).toBe(2);
    expect(all.outputs[0]).not.toContain('broken.yaml:');
    expect(all.outputs[0]).toContain('other.yaml:');
  });
});

describe('what waits for the rules across objects is kept in a temporary folder', () => {
  /** An export and the BoundSchema it names, which serves another version: a finding across objects (KB171) on line 11. */
  const stdin = `${fs.readFileSync(fixture('valid', 'exports.yaml'), 'utf8')}\n---\n`
    + fs.readFileSync(fixture('valid', 'schemas', 'cowboys.yml'), 'utf8').replace('name: v1', 'name: v2');

  test('standard input is located from its copy: the same report as reading it all at once', async () => {
    const all = await run(['-'], false, { stdin });
    const streamed = await run(['-'], true, { stdin });
    expect(streamed).toEqual(all);
    expect(all.outputs[0]).toMatch(/^<stdin>:11: warning KB171 /m);
  });

  test('the folder is made in the given parent when needed and removed when the run ends, also when the input is broken', async () => {
    const tmp = tempDir();
    const dir = tempDir();
    // Enough findings to reach the disk: each export has KB002 twice over (no isolation, no informerScope).
    const bare = 'apiVersion: kube-bind.io/v1alpha2\nkind: APIServiceExport\nmetadata:\n  name: e\n  namespace: p\nspec:\n  resources: []\n';
    const many = writeFile(dir, 'many.yaml', Array.from({ length: 3000 }, () => bare).join('---\n'));
    const small = fixture('valid', 'exports.yaml');
    const broken = writeFile(dir, 'broken.yaml', `${stdin}\n---\nkind: [unclosed\n`);
    const during: string[][] = [];
    // The rules of each object see what the parent holds.
    const perObject: typeof STREAMING_RULES.perObject = (...args) => {
      during.push(fs.readdirSync(tmp));
      return STREAMING_RULES.perObject(...args);
    };
    const watching = { ...STREAMING_RULES, perObject };
    const seen = async (operands: string[], extra: { stdin?: string } = {}): Promise<string[][]> => {
      during.length = 0;
      const r = await run(operands, true, { ...extra, temporaryFolder: tmp, streaming: watching });
      expect(r.code).toBe(operands.includes(broken) ? 2 : operands.includes(many) ? 1 : 0);
      expect(fs.readdirSync(tmp)).toEqual([]);
      // What the parent held, in order of first sight; the run's folder (a fresh name per run) as 'folder'.
      const shown = during.map(entries => entries.map(e => e.startsWith('cdk8s-kube-bind-') ? 'folder' : e).join(','));
      return [...new Set(shown)].map(entries => entries.split(',').filter(e => e !== ''));
    };
    const folder = ['folder'];
    // A small file: nothing reaches the disk.
    expect(await seen([small])).toEqual([[]]);
    // Standard input is recorded from its first byte; many findings reach the disk once they pass 1 MiB.
    expect(await seen(['-'], { stdin })).toEqual([folder]);
    expect(await seen([many])).toEqual([[], folder]);
    expect(await seen([broken])).toEqual([[]]);
  }, WHOLE_FOLDERS);

  test('where no temporary folder can be made, everything stays in memory and the report is the same', async () => {
    const all = await run(['-'], false, { stdin });
    const nowhere = path.join(tempDir(), 'missing', 'folder');
    expect(await run(['-'], true, { stdin, temporaryFolder: nowhere })).toEqual(all);
    expect(fs.existsSync(nowhere)).toBe(false);
  });
});
