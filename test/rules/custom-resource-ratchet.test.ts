/**
 * Ratcheting of kube-bind objects on update, as the API server validates a
 * custom resource on update (apiextensions-apiserver strategy.go:
 * customResourceStrategy.ValidateUpdate, Kubernetes 1.36; ratcheting.go,
 * cel validation.go, apiserver pkg/cel/common equality.go): a violation of
 * kube-bind's CRD that the stored object already had on the same value is
 * accepted; a changed value, or a new violation, is refused. Through the
 * rules, `validate --previous` and `UpdateCheck`.
 */
import * as fs from 'fs';
import * as path from 'path';
import { ApiObject, Chart } from 'cdk8s';
import * as yaml from 'yaml';
import { BoundSchema, UpdateCheck } from '../../src';
import { Manifest } from '../../src/model/manifest';
import { contextFor, updateContext, validateObject } from '../../src/rules';
import { a1, a2, bs, version } from '../../src/rules/engine/scenario-kit';
import { removeTempDirs, runCli, tempDir, writeFile } from '../cli/cli-helpers';
import { synthFailure, testApp } from '../util';

afterAll(removeTempDirs);

/** The errors of `next` as `rule path`: created (no `stored`), or updated from `stored`. */
function errors(next: Manifest, stored?: Manifest): string[] {
  const ctx = stored === undefined ? contextFor() : updateContext(stored, next);
  return validateObject(next, ctx).filter(v => v.severity === 'error').map(v => `${v.rule} ${v.path}`);
}

const labelled: [string, unknown] = ['metadata.labels', { team: 'platform' }];
const BAD_NAME = 'KB005 spec.versions[0].name';

describe('an OpenAPI constraint of kube-bind\'s CRD (ratchetingValueValidator)', () => {
  const stored = bs(['spec.versions.0.name', 'v1x']);

  test('an unchanged old violation is accepted on an update that changes only metadata; refused on create', () => {
    const next = bs(['spec.versions.0.name', 'v1x'], labelled);
    expect(errors(next)).toEqual([BAD_NAME]);
    expect(errors(next, stored)).toEqual([]);
  });

  test('a changed value is refused, even when the old one was refused too', () => {
    expect(errors(bs(['spec.versions.0.name', 'v2x']), stored)).toEqual([BAD_NAME]);
  });

  test('a new violation on a changed field is refused, the unchanged old one still accepted', () => {
    expect(errors(bs(['spec.versions.0.name', 'v1x'], ['spec.scope', 'Clusterx']), stored)).toEqual(['KB004 spec.scope']);
  });

  test('a map list correlates items by key, not by place: a version moved in the list keeps its old violation', () => {
    const two = (...names: string[]) => bs(['spec.versions', names.map((n, i) => version(n, { storage: i === 0 }))]);
    expect(errors(two('v1x', 'v2'), two('v2', 'v1x')).filter(e => e.startsWith('KB005'))).toEqual([]);
  });

  test('an atomic list ratchets as a whole: an item\'s old violation is refused once another item changes', () => {
    const resources = (...extra: Manifest[]) => a2(['spec.resources', [{ group: 'Bad_Group', resource: 'widgets', versions: ['v1'] }, ...extra]]);
    const gadgets = { group: 'example.com', resource: 'gadgets', versions: ['v1'] };
    expect(errors(resources(), resources())).toEqual([]);
    expect(errors(resources(gadgets), resources())).toEqual(['KB121 spec.resources[0].group']);
  });

  test('a missing required field ratchets with its object; defaults count as written out', () => {
    // spec.resources[0].group defaults to "": the stored object has it written, the next one leaves it out.
    const stored2 = a2(['spec.resources', [{ group: '', versions: ['v1'] }]]);
    const next = a2(['spec.resources', [{ versions: ['v1'] }]], labelled);
    expect(errors(next)).toContain('KB002 spec.resources[0].resource');
    expect(errors(next, stored2).filter(e => e.startsWith('KB002'))).toEqual([]);
    expect(errors(a2(['spec.resources', [{ versions: ['v2'] }]]), stored2)).toContain('KB002 spec.resources[0].resource');
  });
});

describe('a CEL rule of kube-bind\'s CRD (shouldRatchetError, at the node the rule sits on)', () => {
  // KB072's rule sits on spec. An empty openAPIV3Schema keeps spec comparable: a schema's keys sit below
  // x-kubernetes-preserve-unknown-fields, which CachedDeepEqual never finds equal.
  const namespaced = (...edits: Array<[string, unknown]>) => a1(['spec.versions.0.schema.openAPIV3Schema', {}], ['spec.clusterScopedIsolation', 'Prefixed'], ...edits);
  const isolation = 'KB072 spec.clusterScopedIsolation';

  test('is accepted while the node the rule sits on is unchanged', () => {
    expect(errors(namespaced(labelled))).toContain(isolation);
    expect(errors(namespaced(labelled), namespaced())).not.toContain(isolation);
  });

  test('is refused once any field of that node changes, even one the finding does not name', () => {
    expect(errors(namespaced(['spec.names.shortNames', ['wd']]), namespaced())).toContain(isolation);
  });

  test('is refused while that node holds a schema (preserved unknown fields never compare equal)', () => {
    const withSchema = a1(['spec.clusterScopedIsolation', 'Prefixed']);
    expect(errors(withSchema, withSchema)).toContain(isolation);
  });
});

describe('what the server does not ratchet', () => {
  test('a rule of the spec as well as of the CRD\'s CEL (KB070) is refused whatever the stored object', () => {
    const cluster = a1(['spec.versions.0.schema.openAPIV3Schema', {}], ['spec.scope', 'Cluster'], ['spec.clusterScopedIsolation', 'Prefixed']);
    expect(errors(cluster, cluster)).toContain('KB070 spec.informerScope');
  });

  test('duplicate keys of a map list (ValidateListSetsAndMaps) ratchet for the whole object: accepted only when the stored object had some', () => {
    const twice = bs(['spec.versions', [version('v1'), version('v1', { storage: false })]]);
    const duplicate = (m: Manifest) => errors(m).filter(e => e.startsWith('KB007'));
    expect(duplicate(twice)).toEqual(['KB007 spec.versions[1].name']);
    const kb007 = (next: Manifest, stored: Manifest) => errors(next, stored).filter(e => e.startsWith('KB007'));
    expect(kb007(twice, twice)).toEqual([]);
    expect(kb007(twice, bs())).toEqual(['KB007 spec.versions[1].name']);
  });
});

describe('validate --previous', () => {
  const write = (dir: string, name: string, m: Manifest) => writeFile(dir, name, yaml.stringify(m));

  test('accepts the old violation of an update that changes only metadata, refuses a changed value', async () => {
    const dir = tempDir();
    const live = write(dir, 'live.yaml', bs(['spec.versions.0.name', 'v1x']));
    const same = await runCli(['validate', '--previous', live, write(dir, 'same.yaml', bs(['spec.versions.0.name', 'v1x'], labelled))]);
    expect(same.code).toBe(0);
    expect(same.out).toContain('1 compared with their previous state');
    const changed = await runCli(['validate', '--previous', live, write(dir, 'changed.yaml', bs(['spec.versions.0.name', 'v2x']))]);
    expect(changed.code).toBe(1);
    expect(changed.out).toMatch(/error KB005 .* spec\.versions\[0\]\.name: "v2x" must match/);
    const created = await runCli(['validate', path.join(dir, 'same.yaml')]);
    expect(created.code).toBe(1);
    expect(fs.existsSync(live)).toBe(true);
  });
});

describe('UpdateCheck', () => {
  const synth = (liveName: string): string | undefined => {
    const chart = new Chart(testApp(), 'test');
    const schema = new BoundSchema(chart, 'widgets', {
      group: 'example.com',
      names: { kind: 'Widget', plural: 'widgets' },
      versions: [{ name: 'v1x', storage: true }],
      schema: { type: 'object' },
    });
    const live = JSON.parse(JSON.stringify(ApiObject.of(schema).toJson()));
    live.spec.versions[0].name = liveName;
    live.metadata.labels = { applied: 'earlier' };
    new UpdateCheck(chart, 'live', { previousObjects: [live] });
    return synthFailure(chart);
  };

  test('the old violation the live object already had is accepted', () => expect(synth('v1x')).toBeUndefined());

  test('a violation the live object did not have fails the synth', () => expect(synth('v1')).toContain('KB005'));
});
