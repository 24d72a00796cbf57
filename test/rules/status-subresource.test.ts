/**
 * A finding in `.status` of a kind whose CRD has the status subresource is a
 * warning that says the server drops `.status` on create (and keeps the stored
 * status on update): apiextensions-apiserver's customResourceStrategy.PrepareForCreate
 * and PrepareForUpdate. The fact is read from our CRDs (crds/facts.ts statusSubresource).
 */
import { validBoundSchema, validExportV1alpha2 } from './helpers';
import { apiConversionCrd, boundSchemaCrd } from '../../src/crds';
import { statusSubresource } from '../../src/crds/facts';
import { KIND_VERSIONS } from '../../src/model/kinds';
import { Rule } from '../../src/rules/engine/rule';
import { Violation } from '../../src/rules/engine/violation';
import { statusAsServed } from '../../src/rules/helpers/status-subresource';
import { validateObject } from '../../src/rules/runner';
import { strictFindings } from '../../src/rules/strict';

function only(found: Violation[], rule: string): Violation[] {
  return found.filter(v => v.rule === rule);
}

test('the fact is read from the CRD: every kube-bind kind serves /status but APIConversion', () => {
  expect(boundSchemaCrd().spec.versions[0].subresources).toEqual({ status: {} });
  expect(apiConversionCrd().spec.versions[0].subresources).toEqual({});
  expect(KIND_VERSIONS.filter(kv => !statusSubresource(kv))).toEqual(['APIConversion/v1alpha2']);
});

test('a type error in .status the CRD schema refuses is a warning that says the server drops it on create', () => {
  const bs = validBoundSchema();
  bs.status = { instantiations: '3' };
  const [found] = only(validateObject(bs), 'KB003');
  expect(found).toMatchObject({ severity: 'warning', path: 'status.instantiations' });
  expect(found.message).toBe('must be an integer, got string "3" (the server drops .status on create)');
  expect(found.hint).toMatch(/^not stored: the BoundSchema CRD has the status subresource, so the API server drops .status on create and keeps the stored status on update; a status update through the \/status subresource would be refused; /);
});

describe('KB006 on a date-time in .status: the hint says who meets the value, finding by finding', () => {
  const withTime = (lastTransitionTime: string): Violation => {
    const a2 = validExportV1alpha2();
    a2.status = { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime }] };
    const found = only(validateObject(a2), 'KB006');
    expect(found).toEqual([expect.objectContaining({ severity: 'warning', path: 'status.conditions[0].lastTransitionTime' })]);
    return found[0];
  };

  test('a value the server\'s format check refuses: a write to /status would be refused', () => {
    const found = withTime('yesterday');
    expect(found.hint).toContain('a status update through the /status subresource would be refused');
    expect(found.hint).not.toContain('could not decode it');
  });

  test('a value only kube-bind\'s Go types refuse (lowercase t and z): the server would store it, kube-bind\'s controllers could not read it', () => {
    const found = withTime('2024-05-01t12:00:00z');
    expect(found.hint).toMatch(/^not stored: the APIServiceExport CRD has the status subresource, so the API server drops \.status on create and keeps the stored status on update; a status update through the \/status subresource would be stored, but kube-bind's controllers could not decode it; /);
    expect(found.hint).not.toContain('would be refused');
  });

  test('a finding\'s own foundBy wins over its rule\'s', () => {
    const finding: Violation = { rule: 'KB006', severity: 'error', path: 'status.x', message: 'is not an RFC 3339 date-time' };
    const rule = { foundBy: 'schema' } as Rule;
    expect(statusAsServed([finding], 'BoundSchema/v1alpha2', () => rule)[0].hint).toContain('would be refused');
    expect(statusAsServed([{ ...finding, foundBy: 'go-types' }], 'BoundSchema/v1alpha2', () => rule)[0].hint).toContain('would be stored, but');
    expect(statusAsServed([{ ...finding, foundBy: 'decoding' }], 'BoundSchema/v1alpha2', () => rule)[0].severity).toBe('error');
  });
});

test('a condition without type (required by the CRD) is a warning, the same finding in spec stays an error', () => {
  const a2 = validExportV1alpha2();
  a2.status = { conditions: [{ status: 'True', lastTransitionTime: '2024-05-01T12:00:00Z' }] };
  expect(only(validateObject(a2), 'KB002')).toEqual([expect.objectContaining({ severity: 'warning', path: 'status.conditions[0].type' })]);
  delete a2.spec.isolation;
  expect(only(validateObject(a2), 'KB002')).toContainEqual(expect.objectContaining({ severity: 'error', path: 'spec.isolation' }));
});

test('a rule of the spec on .status is a warning that does not claim /status would refuse it', () => {
  const a2 = validExportV1alpha2();
  a2.status = { conditions: [{ type: 'ready', status: 'True', lastTransitionTime: '2024-05-01T12:00:00Z' }] };
  const [found] = only(validateObject(a2), 'KB100');
  expect(found.severity).toBe('warning');
  expect(found.message).toContain('the server drops .status on create');
  expect(found.hint).toContain('the APIServiceExport CRD has the status subresource');
  expect(found.hint).not.toContain('/status subresource would be refused');
});

test('an unknown field in .status is found at decoding, before .status is dropped: strict still refuses it', () => {
  const bs = validBoundSchema();
  bs.status = { color: 'blue' };
  const found = only(validateObject(bs), 'KB009');
  expect(found).toEqual([expect.objectContaining({ severity: 'warning', path: 'status.color' })]);
  expect(found[0].message).not.toContain('drops .status');
  expect(strictFindings(found)[0].severity).toBe('error');
});

test('a kind without the status subresource keeps its findings in .status as they are', () => {
  const finding: Violation = { rule: 'KB003', severity: 'error', path: 'status.x', message: 'must be an integer' };
  expect(statusAsServed([finding], 'APIConversion/v1alpha2', () => undefined)).toEqual([finding]);
  expect(statusAsServed([finding], 'BoundSchema/v1alpha2', () => undefined)[0].severity).toBe('warning');
  // `statusx` is no path in .status.
  const near: Violation = { ...finding, path: 'statusx' };
  expect(statusAsServed([near], 'BoundSchema/v1alpha2', () => undefined)).toEqual([near]);
});
