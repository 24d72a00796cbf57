/**
 * The real-world corpus: CustomResourceDefinitions that real projects ship
 * and production clusters accept (../shared/real-world/crds/<project>/*.yaml,
 * never copied into the project). Each goes through the command line as a
 * user would run it, in-process: `from-crd FILE`, then `validate` over what it
 * printed. A CRD passes when it becomes BoundSchemas that validate accepts
 * (no error finding), or when from-crd refuses it for a reason listed in
 * REFUSALS below, each a class with its source (never a file name: the same
 * test runs over CRDs nobody on the project has seen).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Readable } from 'stream';
import { parseAllDocuments } from 'yaml';
import { describeWithShared } from './support/shared';
import { main } from '../src/cli/main';

type Json = { [key: string]: any };

/** One error the command line reported about a CRD, from from-crd or from validate. */
interface Refusal {
  /** `from-crd`, or the rule id of a validate finding. */
  readonly by: string;
  readonly message: string;
}

/** A reason for refusing a CRD that Kubernetes, kube-bind or the spec really gives. */
interface RefusalClass {
  readonly name: string;
  /** Where the reason comes from. */
  readonly source: string;
  /** True when the CRD has the property that makes it impossible to carry. */
  readonly applies: (crd: Json) => boolean;
  /** True when an error reported about the CRD is this reason. */
  readonly explains: (refusal: Refusal) => boolean;
}

/** Prose keys of a schema: they do not count when schemas are compared (spec §8.2, read semantically). */
const DOCUMENTATION_KEYS = new Set(['description', 'example', 'externalDocs']);

/**
 * The schema without documentation. Keys under `properties` (and the other
 * maps of schemas) are field names, so a field called `description` stays.
 */
function semanticSchema(schema: unknown, keysAreFieldNames = false): unknown {
  if (Array.isArray(schema)) return schema.map(s => semanticSchema(s));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const key of Object.keys(schema).sort()) {
    if (!keysAreFieldNames && DOCUMENTATION_KEYS.has(key)) continue;
    const child = (schema as Json)[key];
    out[key] = keysAreFieldNames
      ? semanticSchema(child)
      : semanticSchema(child, ['properties', 'patternProperties', 'definitions', 'dependencies'].includes(key));
  }
  return out;
}

/** Versions kube-bind exports: a version neither served nor stored cannot be read or written. */
function exportedVersions(crd: Json): Json[] {
  const versions: unknown = crd?.spec?.versions;
  return Array.isArray(versions) ? versions.filter(v => v?.served === true || v?.storage === true) : [];
}

/** The listed refusals: the only reasons a real, valid CRD may fail to become a BoundSchema. */
const REFUSALS: readonly RefusalClass[] = [
  {
    name: 'exported versions have different schemas',
    source: 'spec §8 limit 2 and §2.3 ("the schemas must be equal across all versions"), read semantically '
      + '(description, example, externalDocs do not count; a version neither served nor stored is not exported); '
      + 'kube-bind\'s API documentation gives the reason: it cannot convert objects between versions',
    applies: crd => new Set(exportedVersions(crd)
      .map(v => JSON.stringify(semanticSchema(v?.schema?.openAPIV3Schema)))).size > 1,
    explains: r => (r.by === 'from-crd' && /spec\.versions\[\d+\]\.schema\b/.test(r.message)) || r.by === 'KB035',
  },
  {
    name: 'conversion webhook reached through a service reference',
    source: 'kube-bind\'s BoundSchema CRD (kube-bind.io_boundschemas.yaml) and spec §2.6: '
      + 'spec.conversion.webhook.clientConfig holds only url and caBundle; a Service of the provider cluster '
      + 'cannot be reached from the consumer cluster where the CRD is created',
    applies: crd => crd?.spec?.conversion?.webhook?.clientConfig?.service !== undefined,
    explains: r => /\bclientConfig\.service\b/.test(r.message),
  },
  {
    name: 'a protected Kubernetes group (*.k8s.io, *.kubernetes.io)',
    source: 'Kubernetes validateAPIApproval (apiextensions-apiserver validation.go): a CRD in a protected group needs the '
      + 'api-approved.kubernetes.io annotation, and kube-bind\'s BoundSchemaToCRD writes the consumer\'s CRD with a name and nothing else in metadata',
    applies: crd => /(^|\.)(k8s|kubernetes)\.io$/.test(String(crd?.spec?.group)),
    explains: r => r.by === 'KB185',
  },
];

/** Captured streams for one in-process run of the command line. */
async function run(argv: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io = {
    stdout: { write: (s: string) => { out += s; return true; } },
    stderr: { write: (s: string) => { err += s; return true; } },
    stdin: Readable.from([Buffer.from(stdin, 'utf8')]),
  };
  const code = await main(argv, io, { env: {} });
  return { code, out, err };
}

/** `*.yaml` files under `dir`, in a stable order. */
function yamlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap(e => (e.isDirectory() ? yamlFiles(path.join(dir, e.name))
      : /\.ya?ml$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

/** What happened to one CRD document. */
interface Outcome {
  readonly file: string;
  readonly crd: Json;
  /** Converted and valid, or refused with these errors. */
  readonly errors: readonly Refusal[];
  /** The listed classes that apply to the CRD and explain each error; undefined when one is not explained. */
  readonly classes: readonly RefusalClass[] | undefined;
}

/** `from-crd FILE`, then `validate` over what it printed; the errors of each CRD of the file. */
async function throughTheCli(file: string): Promise<Outcome[]> {
  const crds: Json[] = parseAllDocuments(fs.readFileSync(file, 'utf8')).map(d => d.toJS()).filter(d => d !== null);
  const errorsOf = new Map<Json, Refusal[]>(crds.map(c => [c, []]));
  // A message names its CRD by metadata.name; a file of one CRD needs no name.
  const crdNamedIn = (message: string): Json | undefined =>
    crds.find(c => message.includes(JSON.stringify(c?.metadata?.name))) ?? (crds.length === 1 ? crds[0] : undefined);
  const unattributed: Refusal[] = [];
  const note = (refusal: Refusal): void => {
    const crd = crdNamedIn(refusal.message);
    if (crd === undefined) unattributed.push(refusal);
    else errorsOf.get(crd)!.push(refusal);
  };

  const converted = await run(['from-crd', file]);
  for (const line of converted.err.split('\n')) {
    // `error: ...` for a refusal; `error KBnnn ...` should from-crd report rule findings as validate does.
    const error = /: error(?::| (KB\d+)) /.exec(line);
    if (error) note({ by: error[1] ?? 'from-crd', message: line });
  }
  if (converted.code === 2) note({ by: 'from-crd', message: `exit status 2: ${converted.err}` });
  const printed = converted.out.trim() === '' ? [] : parseAllDocuments(converted.out).map(d => d.toJS());
  if (converted.code === 0 && printed.length !== crds.length) {
    unattributed.push({ by: 'from-crd', message: `exit status 0 but ${printed.length} BoundSchema(s) for ${crds.length} CRD(s)` });
  }

  if (printed.length > 0) {
    const checked = await run(['validate', '--output', 'json', '-'], converted.out);
    const objects: Json[] = checked.out.trim() === '' ? [] : JSON.parse(checked.out);
    if (checked.code === 2 || objects.length !== printed.length) {
      unattributed.push({ by: 'validate', message: `exit status ${checked.code}, ${objects.length} object(s) checked of ${printed.length}: ${checked.err}` });
    }
    for (const object of objects) {
      for (const v of object.violations ?? []) {
        if (v.severity !== 'error') continue;
        const refusal = { by: String(v.rule), message: `${object.name}: ${v.rule} ${v.path}: ${v.message}` };
        const crd = crds.find(c => c?.metadata?.name === object.name);
        if (crd === undefined) unattributed.push(refusal);
        else errorsOf.get(crd)!.push(refusal);
      }
    }
  }

  const printedNames = new Set(printed.map(o => o?.metadata?.name));
  const outcomes = crds.map((crd): Outcome => {
    const errors = errorsOf.get(crd)!;
    if (errors.length === 0 && !printedNames.has(crd?.metadata?.name)) {
      // Not converted, yet no error names it: that is no listed reason either.
      errors.push({ by: 'from-crd', message: `no BoundSchema printed for it and no error given (exit status ${converted.code})` });
    }
    const applying = REFUSALS.filter(c => c.applies(crd));
    const explained = errors.every(e => applying.some(c => c.explains(e)));
    return { file, crd, errors, classes: explained ? applying.filter(c => errors.some(e => c.explains(e))) : undefined };
  });
  if (unattributed.length > 0) {
    outcomes.push({ file, crd: {}, errors: unattributed, classes: undefined });
  }
  return outcomes;
}

describeWithShared('real-world CRDs through from-crd and validate', ['real-world', 'crds'], (corpus) => {
  let outcomes: Outcome[] = [];

  beforeAll(async () => {
    const all: Outcome[] = [];
    for (const file of yamlFiles(corpus)) all.push(...await throughTheCli(file));
    outcomes = all;
  }, 600_000);

  test('the corpus is there: CRDs of apiextensions.k8s.io/v1, each read', () => {
    expect(outcomes.length).toBeGreaterThan(0);
    const notCrds = outcomes.filter(o => o.crd.kind !== undefined && o.crd.kind !== 'CustomResourceDefinition');
    expect(notCrds.map(o => o.file)).toEqual([]);
  });

  test('every listed refusal names its source', () => {
    for (const c of REFUSALS) expect(c.source).toMatch(/spec §|kube-bind|Kubernetes|apiextensions/);
  });

  test('every CRD converts into objects validate accepts, or is refused for a listed reason', () => {
    const valid = outcomes.filter(o => o.errors.length === 0);
    const refused = outcomes.filter(o => o.errors.length > 0 && o.classes !== undefined);
    const wrong = outcomes.filter(o => o.errors.length > 0 && o.classes === undefined);
    const byClass = REFUSALS.map(c => `${refused.filter(o => o.classes!.includes(c)).length} ${c.name}`).join(', ');
    // One line on every run, so the figures are in the log.
    process.stderr.write(`real-world CRDs: ${valid.length} converted and valid, ${refused.length} refused by listed reason (${byClass}), `
      + `${wrong.length} refused for no listed reason\n`);
    const report = wrong.map(o => [
      `${path.relative(corpus, o.file)} (${o.crd?.metadata?.name ?? 'unattributed'}):`,
      ...o.errors.map(e => `  [${e.by}] ${e.message.length > 400 ? `${e.message.slice(0, 400)}...` : e.message}`),
    ].join('\n'));
    expect(report).toEqual([]);
  });
});

describe('the listed refusal classes are predicates on the CRD, not names', () => {
  const schema = (extra: Json = {}): Json => ({ type: 'object', properties: { spec: { type: 'object', ...extra } } });
  const crd = (versions: Json[], conversion?: Json): Json => ({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: { group: 'example.com', scope: 'Namespaced', names: { kind: 'Widget', plural: 'widgets' }, versions, ...(conversion ? { conversion } : {}) },
  });
  const version = (name: string, s: Json, served = true, storage = false): Json => ({ name, served, storage, schema: { openAPIV3Schema: s } });
  const [differing, service] = REFUSALS;

  test('exported versions with different schemas: documentation and unexported versions do not count', () => {
    expect(differing.applies(crd([version('v1', schema(), true, true), version('v2', schema({ maxProperties: 2 }))]))).toBe(true);
    expect(differing.applies(crd([version('v1', schema(), true, true), version('v2', schema({ description: 'other words' }))]))).toBe(false);
    expect(differing.applies(crd([version('v1', schema(), true, true), version('v0', schema({ maxProperties: 2 }), false, false)]))).toBe(false);
    expect(differing.applies(crd([version('v1', schema({ properties: { description: { type: 'string' } } }), true, true),
      version('v2', schema({ properties: { description: { type: 'integer' } } }))]))).toBe(true);
  });

  test('a conversion webhook through a service, not through a url', () => {
    const webhook = (clientConfig: Json): Json => ({ strategy: 'Webhook', webhook: { clientConfig, conversionReviewVersions: ['v1'] } });
    expect(service.applies(crd([version('v1', schema(), true, true)], webhook({ service: { name: 'svc', namespace: 'ns' } })))).toBe(true);
    expect(service.applies(crd([version('v1', schema(), true, true)], webhook({ url: 'https://convert.example.com' })))).toBe(false);
    expect(service.explains({ by: 'from-crd', message: 'x: spec.conversion.webhook.clientConfig.service {...} has no home in kube-bind' })).toBe(true);
    expect(service.explains({ by: 'from-crd', message: 'x: spec.versions[0].selectableFields has no home in a BoundSchema' })).toBe(false);
  });
});

describe('how a CRD is judged (fixtures of our own, so this runs on every clone)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-kube-bind-real-world-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, doc: Json): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, JSON.stringify(doc));
    return file;
  };
  const crd = (conversion?: Json): Json => ({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { kind: 'Widget', plural: 'widgets', singular: 'widget', listKind: 'WidgetList' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object' } } } } }],
      ...(conversion ? { conversion } : {}),
    },
  });

  test('a plain CRD converts and validates: no error', async () => {
    const [outcome] = await throughTheCli(write('plain.yaml', crd()));
    expect(outcome.errors).toEqual([]);
  });

  test('a conversion webhook through a service is refused for that listed reason', async () => {
    const webhook = { strategy: 'Webhook', webhook: { clientConfig: { service: { name: 'svc', namespace: 'ns' } }, conversionReviewVersions: ['v1'] } };
    const [outcome] = await throughTheCli(write('service.yaml', crd(webhook)));
    expect(outcome.errors).not.toEqual([]);
    expect(outcome.classes?.map(c => c.name)).toEqual(['conversion webhook reached through a service reference']);
  });

  test('a refusal no class explains is reported as such', async () => {
    const [outcome] = await throughTheCli(write('configmap.yaml', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'widgets.example.com' } }));
    expect(outcome.errors).not.toEqual([]);
    expect(outcome.classes).toBeUndefined();
  });
});
