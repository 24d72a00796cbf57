/**
 * Conversions between manifests, over generated input:
 * CRD -> BoundSchema -> CRD gives back the normalized CRD, and migrating
 * v1alpha1 exports is idempotent and yields objects the server accepts.
 */
import * as fc from 'fast-check';
import { boundSchemaManifestFromCrd, crdFromBoundSchema, migrateV1alpha1, normalizeCrd } from '../../src/migrate';
import { validateObject } from '../../src/rules';
import {
  applyMutation, boundSchemaManifest, crdManifest, exportV1alpha1Manifest, exportV1alpha2Manifest, mutationOf,
} from '../support/arbitraries';
import { checkAgainstCrd, kindVersionOfManifest } from '../support/crd-checker';
import { canonicalJson } from '../support/hostile';

fc.configureGlobal({ seed: 4242, numRuns: 60 });

describe('CRD -> BoundSchema -> CRD', () => {
  test('crdFromBoundSchema(boundSchemaManifestFromCrd(crd).manifest) equals normalizeCrd(crd)', () => {
    let converted = 0;
    fc.assert(fc.property(crdManifest, crd => {
      const result = boundSchemaManifestFromCrd(crd);
      if (result.manifest === undefined) return;
      converted++;
      expect(crdFromBoundSchema(result.manifest)).toEqual(normalizeCrd(crd));
    }));
    expect(converted).toBeGreaterThan(30);
  });

  test('normalizeCrd is idempotent, and the BoundSchema it leads to is valid for the engine and our CRD', () => {
    fc.assert(fc.property(crdManifest, crd => {
      const result = boundSchemaManifestFromCrd(crd);
      fc.pre(result.manifest !== undefined);
      expect(normalizeCrd(normalizeCrd(crd))).toEqual(normalizeCrd(crd));
      expect(boundSchemaManifestFromCrd(normalizeCrd(crd)).manifest).toEqual(result.manifest);
      expect(checkAgainstCrd(result.manifest, 'BoundSchema/v1alpha2')).toEqual([]);
      expect(validateObject(result.manifest!).filter(v => v.severity === 'error')).toEqual([]);
    }));
  });

  test('the conversion never mutates its input', () => {
    fc.assert(fc.property(crdManifest, crd => {
      const before = canonicalJson(crd);
      const result = boundSchemaManifestFromCrd(crd);
      if (result.manifest) crdFromBoundSchema(result.manifest);
      normalizeCrd(crd);
      expect(canonicalJson(crd)).toBe(before);
    }), { numRuns: 50 });
  });
});

describe('migrateV1alpha1', () => {
  /** A list of objects: v1alpha1 exports (some broken by one change) mixed with objects the migration leaves alone. */
  const inputs = fc.array(fc.oneof(
    { weight: 3, arbitrary: exportV1alpha1Manifest },
    { weight: 2, arbitrary: exportV1alpha1Manifest.chain(m => mutationOf(m).map(mutation => applyMutation(m, mutation))) },
    { weight: 1, arbitrary: boundSchemaManifest },
    { weight: 1, arbitrary: exportV1alpha2Manifest },
    { weight: 1, arbitrary: fc.constant({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'other' }, data: { a: 'b' } }) },
  ), { minLength: 1, maxLength: 4 });

  test('a second run changes nothing', () => {
    fc.assert(fc.property(inputs, objects => {
      const once = migrateV1alpha1(objects);
      const twice = migrateV1alpha1(once.objects);
      expect(canonicalJson(twice.objects)).toBe(canonicalJson(once.objects));
      // What could not be migrated the first time is reported the same way again, nothing else.
      expect(twice.problems.map(p => p.message)).toEqual(once.problems.map(p => p.message));
    }));
  });

  test('no v1alpha1 export is left, unless it is reported as a problem', () => {
    fc.assert(fc.property(inputs, objects => {
      const { objects: out, problems } = migrateV1alpha1(objects);
      const leftOver = out.filter(o => o.apiVersion === 'kube-bind.io/v1alpha1').length;
      expect(leftOver).toBeLessThanOrEqual(new Set(problems.map(p => p.index)).size);
    }));
  });

  test('what it makes from a valid v1alpha1 export is valid: engine (per object) and our CRDs', () => {
    fc.assert(fc.property(exportV1alpha1Manifest, v1 => {
      fc.pre(validateObject(v1).every(v => v.severity !== 'error'));
      const { objects, problems } = migrateV1alpha1([v1]);
      expect(problems).toEqual([]);
      expect(objects.map(o => o.kind).sort()).toEqual(['APIServiceExport', 'BoundSchema']);
      for (const o of objects) {
        const kv = kindVersionOfManifest(o)!;
        expect({ kv, failures: checkAgainstCrd(o, kv) }).toEqual({ kv, failures: [] });
        expect({ kv, errors: validateObject(o).filter(v => v.severity === 'error') }).toEqual({ kv, errors: [] });
      }
    }));
  });

  test('the input is never mutated', () => {
    fc.assert(fc.property(inputs, objects => {
      const before = canonicalJson(objects);
      migrateV1alpha1(objects);
      expect(canonicalJson(objects)).toBe(before);
    }), { numRuns: 50 });
  });
});
