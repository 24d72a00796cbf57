import * as fs from 'fs';
import * as path from 'path';
import * as YAML from 'yaml';
import { apiServiceExportCrd, boundSchemaCrd, instanceSchema, KUBE_BIND_CATEGORY } from '../src/crds';
import { KIND_VERSIONS, KindVersion } from '../src/rules/engine';

const UPSTREAM_DIR = path.join(__dirname, '..', '..', 'shared', 'upstream', 'kube-bind');

type Json = { [key: string]: any };

function loadUpstream(file: string): Json {
  return YAML.parse(fs.readFileSync(path.join(UPSTREAM_DIR, file), 'utf8'));
}

/**
 * Drops prose: every `description` key holding a string. A `description`
 * whose value is an object is a property (the printer-column schema has one)
 * and stays.
 */
function withoutDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(withoutDescriptions);
  }
  if (value !== null && typeof value === 'object') {
    const out: Json = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === 'description' && typeof child === 'string') {
        continue;
      }
      out[key] = withoutDescriptions(child);
    }
    return out;
  }
  return value;
}

/** Compares CRDs as the server sees them: no prose, no controller-gen annotation. */
function normalized(crd: Json): Json {
  const out = withoutDescriptions(crd) as Json;
  if (out.metadata) {
    delete out.metadata.annotations;
  }
  return out;
}

/** Every `x-kubernetes-validations` list in the tree, keyed by where it is. */
function celRulesByPath(value: unknown, at: string = '', found: Json = {}): Json {
  if (Array.isArray(value)) {
    value.forEach((child, i) => celRulesByPath(child, `${at}[${i}]`, found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'x-kubernetes-validations') {
        found[at] = child;
      } else {
        celRulesByPath(child, at === '' ? key : `${at}.${key}`, found);
      }
    }
  }
  return found;
}

const UPSTREAM = {
  apiServiceExport: loadUpstream('kube-bind.io_apiserviceexports.yaml'),
  boundSchema: loadUpstream('kube-bind.io_boundschemas.yaml'),
};

describe('equivalence with the upstream kube-bind CRDs', () => {
  test('the normalization keeps the printer-column property named description', () => {
    const columns = normalized(UPSTREAM.apiServiceExport).spec.versions[0].schema.openAPIV3Schema
      .properties.spec.properties.versions.items.properties.additionalPrinterColumns.items;
    expect(columns.properties.description).toEqual({ type: 'string' });
    expect(columns.description).toBeUndefined();
  });

  test('APIServiceExport matches kube-bind.io_apiserviceexports.yaml', () => {
    expect(normalized(apiServiceExportCrd())).toEqual(normalized(UPSTREAM.apiServiceExport));
  });

  test('BoundSchema matches kube-bind.io_boundschemas.yaml', () => {
    expect(normalized(boundSchemaCrd())).toEqual(normalized(UPSTREAM.boundSchema));
  });

  test.each([
    ['APIServiceExport', () => apiServiceExportCrd(), UPSTREAM.apiServiceExport],
    ['BoundSchema', () => boundSchemaCrd(), UPSTREAM.boundSchema],
  ])('%s carries the same CEL rules at the same paths', (_kind, build, upstream) => {
    const ours = celRulesByPath(build());
    const theirs = celRulesByPath(upstream);
    expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
    for (const at of Object.keys(theirs)) {
      // Naming the path makes a drift point at the field that moved.
      expect({ at, rules: ours[at] }).toEqual({ at, rules: theirs[at] });
    }
  });

  test('the odd upstream message on the v1alpha1 name rule is kept verbatim', () => {
    const root = instanceSchema('APIServiceExport/v1alpha1');
    expect(root['x-kubernetes-validations']).toEqual([{
      rule: 'self.metadata.name == self.spec.names.plural+"."+self.spec.group',
      message: 'informerScope is immutable',
    }]);
  });

  test('our CRDs carry descriptions for kubectl explain, none copied from upstream', () => {
    const ours = [apiServiceExportCrd(), boundSchemaCrd()];
    const theirs = [UPSTREAM.apiServiceExport, UPSTREAM.boundSchema];
    const descriptions = (v: unknown, acc: Set<string>): Set<string> => {
      if (Array.isArray(v)) {
        v.forEach(c => descriptions(c, acc));
      } else if (v !== null && typeof v === 'object') {
        for (const [k, c] of Object.entries(v)) {
          if (k === 'description' && typeof c === 'string') acc.add(c);
          else descriptions(c, acc);
        }
      }
      return acc;
    };
    const upstreamTexts = descriptions(theirs, new Set());
    const ourTexts = descriptions(ours, new Set());
    expect(ourTexts.size).toBeGreaterThan(20);
    expect([...ourTexts].filter(t => upstreamTexts.has(t))).toEqual([]);
    expect(instanceSchema('APIServiceExport/v1alpha2').properties.spec.description).toEqual(expect.any(String));
  });
});

describe('the API group parameter', () => {
  test.each([
    ['apiServiceExportCrd', apiServiceExportCrd, 'apiserviceexports'],
    ['boundSchemaCrd', boundSchemaCrd, 'boundschemas'],
  ])('%s defaults to kube-bind.io and follows a custom group', (_name, build, plural) => {
    expect(build().metadata.name).toBe(`${plural}.kube-bind.io`);
    expect(build().spec.group).toBe('kube-bind.io');

    const custom = build('example.org');
    expect(custom.metadata.name).toBe(`${plural}.example.org`);
    expect(custom.spec.group).toBe('example.org');
  });

  test('nothing but the name and group depends on the group', () => {
    const strip = (crd: Json) => {
      const copy = JSON.parse(JSON.stringify(crd));
      delete copy.metadata.name;
      delete copy.spec.group;
      return copy;
    };
    expect(strip(apiServiceExportCrd('example.org'))).toEqual(strip(apiServiceExportCrd()));
    expect(strip(boundSchemaCrd('example.org'))).toEqual(strip(boundSchemaCrd()));
  });
});

describe('metadata and CRD-level fields', () => {
  test.each([
    ['APIServiceExport', apiServiceExportCrd],
    ['BoundSchema', boundSchemaCrd],
  ])('%s has only metadata.name: no namespace, no annotations', (_kind, build) => {
    for (const crd of [build(), build('example.org')]) {
      expect(Object.keys(crd.metadata)).toEqual(['name']);
      expect(crd.metadata).not.toHaveProperty('namespace');
    }
  });

  test('both kinds are in the kube-bindings category', () => {
    expect(KUBE_BIND_CATEGORY).toBe('kube-bindings');
    expect(apiServiceExportCrd().spec.names.categories).toEqual([KUBE_BIND_CATEGORY]);
    expect(boundSchemaCrd().spec.names.categories).toEqual([KUBE_BIND_CATEGORY]);
  });

  test('APIServiceExport serves v1alpha1 and stores v1alpha2, in that order', () => {
    const versions = apiServiceExportCrd().spec.versions.map((v: Json) => [v.name, v.served, v.storage]);
    expect(versions).toEqual([['v1alpha1', true, false], ['v1alpha2', true, true]]);
  });

  test('BoundSchema has the short name bs', () => {
    expect(boundSchemaCrd().spec.names.shortNames).toEqual(['bs']);
  });
});

describe('instanceSchema', () => {
  const expected: Array<[KindVersion, (group?: string) => Json, number]> = [
    ['APIServiceExport/v1alpha1', apiServiceExportCrd, 0],
    ['APIServiceExport/v1alpha2', apiServiceExportCrd, 1],
    ['BoundSchema/v1alpha2', boundSchemaCrd, 0],
  ];

  test('covers every kind/version the library knows', () => {
    expect(expected.map(([kv]) => kv).sort()).toEqual([...KIND_VERSIONS].sort());
  });

  test.each(expected)('%s is the openAPIV3Schema of that CRD version', (kv, build, index) => {
    expect(instanceSchema(kv)).toEqual(build().spec.versions[index].schema.openAPIV3Schema);
    expect(instanceSchema(kv, 'example.org')).toEqual(build('example.org').spec.versions[index].schema.openAPIV3Schema);
  });

  test('tells the versions apart', () => {
    // Fields only one of the three has.
    expect(instanceSchema('APIServiceExport/v1alpha1').properties.spec.properties).toHaveProperty('versions');
    expect(instanceSchema('APIServiceExport/v1alpha1').properties.spec.properties).not.toHaveProperty('resources');
    expect(instanceSchema('APIServiceExport/v1alpha2').properties.spec.properties).toHaveProperty('resources');
    expect(instanceSchema('APIServiceExport/v1alpha2').properties.spec.properties).not.toHaveProperty('versions');
    expect(instanceSchema('BoundSchema/v1alpha2').properties.spec.properties).toHaveProperty('conversion');
    expect(instanceSchema('BoundSchema/v1alpha2').properties.status.properties).toHaveProperty('instantiations');
  });

  test('refuses an unknown kind/version with a clear error', () => {
    expect(() => instanceSchema('APIServiceExport/v1' as KindVersion)).toThrow(/no schema for "APIServiceExport\/v1"/);
  });
});

describe('each call returns an independent object', () => {
  test.each([
    ['apiServiceExportCrd', () => apiServiceExportCrd()],
    ['boundSchemaCrd', () => boundSchemaCrd()],
  ])('%s', (_name, build) => {
    const first = build();
    const pristine = JSON.parse(JSON.stringify(first));
    first.metadata.name = 'mutated';
    first.spec.names.categories.push('mutated');
    first.spec.versions[0].additionalPrinterColumns[0].name = 'mutated';
    first.spec.versions[0].schema.openAPIV3Schema.required = ['mutated'];
    first.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.informerScope.type = 'mutated';
    first.spec.versions.push({ name: 'v9' });
    expect(build()).toEqual(pristine);
  });

  test('the two APIServiceExport versions share no objects', () => {
    const crd = apiServiceExportCrd();
    const [v1alpha1, v1alpha2] = crd.spec.versions;
    v1alpha1.additionalPrinterColumns[0].priority = 99;
    v1alpha1.schema.openAPIV3Schema.properties.spec.properties.informerScope.enum.push('mutated');
    expect(v1alpha2.additionalPrinterColumns[0].priority).toBe(5);
    expect(v1alpha2.schema.openAPIV3Schema.properties.spec.properties.informerScope.enum).toEqual(['Cluster', 'Namespaced']);
  });

  test.each(KIND_VERSIONS.map(kv => [kv]))('instanceSchema(%s)', (kv) => {
    const first = instanceSchema(kv);
    first.properties.spec.required.push('mutated');
    first.properties.spec.properties.informerScope.mutated = true;
    expect(instanceSchema(kv).properties.spec.required).not.toContain('mutated');
    expect(instanceSchema(kv).properties.spec.properties.informerScope).not.toHaveProperty('mutated');
  });
});
