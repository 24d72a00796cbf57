/**
 * "Every version has the same schema" (KB035) compares JSON values: the order
 * in which a schema's keys were written does not matter, any changed value
 * does, except the documentation keywords of a schema node (description,
 * example, externalDocs; spec §8.2 read semantically). The same holds where a
 * CRD's per-version schemas are merged into one (boundSchemaPropsFromCrd).
 */
import * as fc from 'fast-check';
import { boundSchemaPropsFromCrd } from '../../src/migrate';
import { validateObject } from '../../src/rules';
import { boundSchemaManifest, crdManifest, exportV1alpha1Manifest, pathsOf } from '../support/arbitraries';
import { canonicalJson } from '../support/hostile';

fc.configureGlobal({ seed: 4242, numRuns: 100 });

/** A deep copy of `value` whose object keys are in an order drawn from `random` (arrays keep their order). */
function shuffleKeys(value: unknown, random: () => number): unknown {
  if (Array.isArray(value)) return value.map(v => shuffleKeys(v, random));
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [keys[i], keys[j]] = [keys[j], keys[i]];
  }
  const out: { [key: string]: unknown } = {};
  for (const k of keys) out[k] = shuffleKeys((value as any)[k], random);
  return out;
}

/** A small deterministic generator (Park-Miller), so a counterexample replays from its seed. */
function seededRandom(seed: number): () => number {
  let state = (Math.abs(Math.trunc(seed)) % 2147483646) + 1;
  return () => {
    state = (state * 48271) % 2147483647;
    return (state - 1) / 2147483646;
  };
}

const DOCS = ['description', 'example', 'externalDocs'];
const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', 'dependencies'];

/**
 * Whether a path may lead to a documentation keyword of a schema node: a
 * documentation key not directly under a map of named schemas. (It also
 * excludes such keys inside data, e.g. a default; that only narrows the cases.)
 */
function touchesDocs(path: ReadonlyArray<string | number>): boolean {
  return path.some((key, i) => typeof key === 'string' && DOCS.includes(key) && !(i > 0 && SCHEMA_MAPS.includes(String(path[i - 1]))));
}

/** One change of a value somewhere in a schema, documentation aside: a leaf replaced, or a key added. */
function changeSomewhere(schema: any): fc.Arbitrary<any> {
  const paths = pathsOf(schema).filter(p => !touchesDocs(p));
  return fc.tuple(fc.constantFrom(...paths), fc.constantFrom<unknown>('changed', 42, true, { type: 'string' }, ['x'])).map(([path, value]) => {
    const copy = JSON.parse(JSON.stringify(schema));
    let node = copy;
    for (const key of path.slice(0, -1)) node = node[key];
    const last = path[path.length - 1];
    if (canonicalJson(node[last]) === canonicalJson(value)) node[`${String(last)}X`] = value;
    else node[last] = value;
    return copy;
  });
}

const multiVersion = fc.oneof(boundSchemaManifest, exportV1alpha1Manifest).filter(m => m.spec.versions.length > 1);

function kb035(manifest: any) {
  return validateObject(manifest).filter(v => v.rule === 'KB035');
}

test('shuffling the keys of one version\'s schema (at every depth) gives no KB035', () => {
  fc.assert(fc.property(multiVersion, fc.integer(), fc.nat(), (m, seed, which) => {
    const i = 1 + (which % (m.spec.versions.length - 1));
    const original = m.spec.versions[i].schema.openAPIV3Schema;
    const shuffled = shuffleKeys(original, seededRandom(seed));
    m.spec.versions[i].schema.openAPIV3Schema = shuffled as typeof original;
    expect(canonicalJson(shuffled)).toBe(canonicalJson(original));
    expect(kb035(m)).toEqual([]);
  }));
});

test('changing one value of one version\'s schema gives KB035, naming that version', () => {
  const changed = multiVersion.chain(m => fc.tuple(fc.constant(m), changeSomewhere(m.spec.versions[1].schema.openAPIV3Schema)));
  fc.assert(fc.property(changed, ([m, schema]) => {
    m.spec.versions[1].schema.openAPIV3Schema = schema;
    const found = kb035(m);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every(v => v.severity === 'error')).toBe(true);
    expect(found.map(v => v.path).join(' ')).toMatch(/spec\.versions\[1\]/);
  }));
});

test('changing only documentation (description, example, externalDocs, at any depth) gives no KB035', () => {
  const documentedDifferently = (schema: any, text: string): any => {
    if (Array.isArray(schema)) return schema.map(s => documentedDifferently(s, text));
    if (schema === null || typeof schema !== 'object') return schema;
    const out: any = {};
    for (const [k, v] of Object.entries(schema)) {
      out[k] = k === 'properties' && v !== null && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v as object).map(([name, s]) => [name, documentedDifferently(s, text)]))
        : k === 'items' || k === 'additionalProperties' || k === 'not' ? documentedDifferently(v, text) : v;
    }
    if (schema.type !== undefined) Object.assign(out, { description: text, example: text, externalDocs: { url: `https://example.com/${text}` } });
    return out;
  };
  fc.assert(fc.property(multiVersion, fc.string(), (m, text) => {
    m.spec.versions[1].schema.openAPIV3Schema = documentedDifferently(m.spec.versions[1].schema.openAPIV3Schema, text);
    expect(kb035(m)).toEqual([]);
  }));
});

test('both at once: shuffled and changed is still KB035', () => {
  const changed = multiVersion.chain(m => fc.tuple(fc.constant(m), changeSomewhere(m.spec.versions[1].schema.openAPIV3Schema), fc.integer()));
  fc.assert(fc.property(changed, ([m, schema, seed]) => {
    m.spec.versions[1].schema.openAPIV3Schema = shuffleKeys(schema, seededRandom(seed)) as typeof schema;
    expect(kb035(m).length).toBeGreaterThan(0);
  }));
});

test('a CRD whose versions differ only in key order binds; one differing value is a problem', () => {
  const crds = crdManifest.filter(c => c.spec.versions.length > 1);
  fc.assert(fc.property(crds, fc.integer(), (crd, seed) => {
    const before = boundSchemaPropsFromCrd(crd);
    fc.pre(before.problems.length === 0);
    // A version neither served nor stored is left out, so not compared.
    fc.pre(crd.spec.versions.slice(0, 2).every((v: any) => v.served === true || v.storage === true));
    crd.spec.versions[1].schema.openAPIV3Schema = shuffleKeys(crd.spec.versions[1].schema.openAPIV3Schema, seededRandom(seed)) as any;
    expect(boundSchemaPropsFromCrd(crd).problems).toEqual([]);
    // Documentation does not count; a changed keyword does.
    crd.spec.versions[1].schema.openAPIV3Schema.description = `${crd.spec.versions[1].schema.openAPIV3Schema.description ?? ''}!`;
    expect(boundSchemaPropsFromCrd(crd).problems).toEqual([]);
    crd.spec.versions[1].schema.openAPIV3Schema.maxProperties = 1234567;
    expect(boundSchemaPropsFromCrd(crd).problems.join('\n')).toMatch(/spec\.versions\[1\]/);
  }), { numRuns: 50 });
});
