import * as fs from 'fs';
import * as path from 'path';
import * as YAML from 'yaml';
import {
  apiConversionCrd,
  apiServiceBindingBundleCrd,
  apiServiceBindingCrd,
  apiServiceNamespaceCrd,
  clusterBindingCrd,
  clusterCrd,
  apiServiceExportCrd,
  apiServiceExportRequestCrd,
  apiServiceExportTemplateCrd,
  bindableResourcesRequestCrd,
  boundSchemaCrd,
  collectionCrd,
  instanceSchema,
  KUBE_BIND_CATEGORY,
} from '../src/crds';
import { crdDigest, normalizedCrd } from './support/canonical-crd';
import { describeWithShared } from './support/shared';
import { UPSTREAM_CONSUMER_CRD_DIGESTS, UPSTREAM_CRD_DIGESTS } from './support/upstream-digests';
import { KIND_VERSIONS, KindVersion } from '../src/model/kinds';

type Json = { [key: string]: any };

const UPSTREAM_PARTS = ['upstream', 'kube-bind'];

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

/** Every `description` string in the tree. */
function descriptions(value: unknown, acc: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    value.forEach(c => descriptions(c, acc));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, c] of Object.entries(value)) {
      if (k === 'description' && typeof c === 'string') acc.add(c);
      else descriptions(c, acc);
    }
  }
  return acc;
}

const OURS: Array<[keyof typeof UPSTREAM_CRD_DIGESTS, () => Json]> = [
  ['kube-bind.io_apiserviceexports.yaml', () => apiServiceExportCrd()],
  ['kube-bind.io_boundschemas.yaml', () => boundSchemaCrd()],
  ['kube-bind.io_apiserviceexporttemplates.yaml', () => apiServiceExportTemplateCrd()],
  ['kube-bind.io_collections.yaml', () => collectionCrd()],
  ['kube-bind.io_apiserviceexportrequests.yaml', () => apiServiceExportRequestCrd()],
  ['kube-bind.io_bindableresourcesrequests.yaml', () => bindableResourcesRequestCrd()],
];

const CONSUMER_SIDE: Array<[keyof typeof UPSTREAM_CONSUMER_CRD_DIGESTS, () => Json]> = [
  ['kube-bind.io_apiservicebindings.yaml', () => apiServiceBindingCrd()],
  ['kube-bind.io_apiservicebindingbundles.yaml', () => apiServiceBindingBundleCrd()],
  ['kube-bind.io_apiservicenamespaces.yaml', () => apiServiceNamespaceCrd()],
  ['kube-bind.io_clusterbindings.yaml', () => clusterBindingCrd()],
  ['kube-bind.io_clusters.yaml', () => clusterCrd()],
  ['kube-bind.io_apiconversions.yaml', () => apiConversionCrd()],
];

describe('fidelity to kube-bind\'s consumer-side CRDs (6ac88b0f), through committed digests', () => {
  test.each(CONSUMER_SIDE)('%s is ours, apart from prose', (file, build) => {
    expect(crdDigest(build())).toBe(UPSTREAM_CONSUMER_CRD_DIGESTS[file]);
  });
});

describe('fidelity to the upstream kube-bind CRDs, through committed digests (runs on every clone)', () => {
  test.each(OURS)('ours matches %s: same digest of the description-free canonical form', (file, build) => {
    expect(crdDigest(build())).toBe(UPSTREAM_CRD_DIGESTS[file]);
  });

  test('the digest ignores prose, annotations and key order, and sees everything else', () => {
    const crd = boundSchemaCrd();
    const base = crdDigest(crd);
    const reversed = (v: unknown): unknown => (Array.isArray(v) ? v.map(reversed)
      : v !== null && typeof v === 'object' ? Object.fromEntries(Object.entries(v).reverse().map(([k, c]) => [k, reversed(c)])) : v);
    const reordered = reversed(crd) as Json;
    expect(Object.keys(reordered)).toEqual(Object.keys(crd).reverse());
    expect(crdDigest({ ...reordered, metadata: { ...crd.metadata, annotations: { 'controller-gen.kubebuilder.io/version': 'v0' } } })).toBe(base);
    const prose = JSON.parse(JSON.stringify(crd));
    prose.spec.versions[0].schema.openAPIV3Schema.description = 'other words';
    expect(crdDigest(prose)).toBe(base);

    const changed = JSON.parse(JSON.stringify(crd));
    changed.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.scope.enum.reverse();
    expect(crdDigest(changed)).not.toBe(base);
    const rule = JSON.parse(JSON.stringify(crd));
    rule.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.conversion['x-kubernetes-validations'][0].message += '.';
    expect(crdDigest(rule)).not.toBe(base);
    // A property named description is schema, not prose.
    expect(normalizedCrd({ p: { description: { type: 'string' } } })).toEqual({ p: { description: { type: 'string' } } });
  });
});

describeWithShared('equivalence with the upstream kube-bind CRDs in ../shared', UPSTREAM_PARTS, (dir) => {
  const upstream = (file: string): Json => YAML.parse(fs.readFileSync(path.join(dir, file), 'utf8'));

  test.each(OURS)('the committed digest of %s is the digest of the file itself', (file) => {
    expect(crdDigest(upstream(file))).toBe(UPSTREAM_CRD_DIGESTS[file]);
  });

  test('the normalization keeps the printer-column property named description', () => {
    const columns = normalizedCrd(upstream('kube-bind.io_apiserviceexports.yaml')).spec.versions[0].schema.openAPIV3Schema
      .properties.spec.properties.versions.items.properties.additionalPrinterColumns.items;
    expect(columns.properties.description).toEqual({ type: 'string' });
    expect(columns.description).toBeUndefined();
  });

  // Field-by-field comparisons: when the digests differ, these show where.
  test.each(OURS)('ours equals %s once normalized', (file, build) => {
    expect(normalizedCrd(build())).toEqual(normalizedCrd(upstream(file)));
  });

  test.each(OURS)('ours carries the CEL rules of %s at the same paths', (file, build) => {
    const ours = celRulesByPath(build());
    const theirs = celRulesByPath(upstream(file));
    expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
    for (const at of Object.keys(theirs)) {
      // Naming the path makes a drift point at the field that moved.
      expect({ at, rules: ours[at] }).toEqual({ at, rules: theirs[at] });
    }
  });

  test('our CRDs carry descriptions for kubectl explain, none copied from upstream', () => {
    const upstreamTexts = descriptions(OURS.map(([file]) => upstream(file)));
    const ourTexts = descriptions(OURS.map(([, build]) => build()));
    expect(ourTexts.size).toBeGreaterThan(20);
    expect([...ourTexts].filter(t => upstreamTexts.has(t))).toEqual([]);
  });
});

describe('what the digests leave out', () => {
  test('the odd upstream message on the v1alpha1 name rule is kept verbatim', () => {
    const root = instanceSchema('APIServiceExport/v1alpha1');
    expect(root['x-kubernetes-validations']).toEqual([{
      rule: 'self.metadata.name == self.spec.names.plural+"."+self.spec.group',
      message: 'informerScope is immutable',
    }]);
  });

  test('our CRDs carry descriptions for kubectl explain', () => {
    expect(descriptions([apiServiceExportCrd(), boundSchemaCrd()]).size).toBeGreaterThan(20);
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

  test('templates and collections are cluster-scoped, in the kube-bind category, and write no conversion', () => {
    for (const crd of [apiServiceExportTemplateCrd(), collectionCrd()]) {
      expect(crd.spec.scope).toBe('Cluster');
      expect(crd.spec.names.categories).toEqual(['kube-bind']);
      expect(crd.spec).not.toHaveProperty('conversion');
    }
    expect(bindableResourcesRequestCrd().spec.scope).toBe('Namespaced');
    expect(apiServiceExportRequestCrd().spec.conversion).toEqual({ strategy: 'None' });
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
    ['APIServiceExportTemplate/v1alpha2', apiServiceExportTemplateCrd, 0],
    ['Collection/v1alpha2', collectionCrd, 0],
    ['APIServiceExportRequest/v1alpha1', apiServiceExportRequestCrd, 0],
    ['APIServiceExportRequest/v1alpha2', apiServiceExportRequestCrd, 1],
    ['BindableResourcesRequest/v1alpha2', bindableResourcesRequestCrd, 0],
    ['APIServiceBinding/v1alpha1', apiServiceBindingCrd, 0],
    ['APIServiceBinding/v1alpha2', apiServiceBindingCrd, 1],
    ['APIServiceBindingBundle/v1alpha2', apiServiceBindingBundleCrd, 0],
    ['APIServiceNamespace/v1alpha1', apiServiceNamespaceCrd, 0],
    ['APIServiceNamespace/v1alpha2', apiServiceNamespaceCrd, 1],
    ['ClusterBinding/v1alpha1', clusterBindingCrd, 0],
    ['ClusterBinding/v1alpha2', clusterBindingCrd, 1],
    ['Cluster/v1alpha2', clusterCrd, 0],
    ['APIConversion/v1alpha2', apiConversionCrd, 0],
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
    // A spec without fields (APIServiceNamespace, Cluster): the spec node itself is mutated.
    first.properties.spec.mutated = true;
    expect(instanceSchema(kv).properties.spec).not.toHaveProperty('mutated');
    if (first.properties.spec.properties === undefined) return;
    const field = Object.keys(first.properties.spec.properties)[0];
    first.properties.spec.required.push('mutated');
    first.properties.spec.properties[field].mutated = true;
    expect(instanceSchema(kv).properties.spec.required).not.toContain('mutated');
    expect(instanceSchema(kv).properties.spec.properties[field]).not.toHaveProperty('mutated');
  });
});
