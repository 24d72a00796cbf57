/**
 * kube-bind's kinds: every kind it serves checked against its CRD (the
 * consumer-side ones included), its protocol documents skipped, apiVersion
 * groups that miss the configured one (KB001 errors), documents without
 * apiVersion or kind (KB001 errors), and findings reported once (the schema
 * checker does not repeat what a semantic rule says better).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { KIND_VERSIONS, KindVersion } from '../../src/model/kinds';
import { Manifest } from '../../src/model/manifest';
import { contextFor, validateObject, validateObjects, validateUpdate } from '../../src/rules';
import { binding, clusterBinding, serviceNamespace } from '../../src/rules/engine/scenario-kit';
import { foldGroup, groupMiss, isProtocolDocument, KUBE_BIND_SERVED, notCheckedNote } from '../../src/rules/helpers/kube-bind-kinds';
import { a2, bs } from '../../src/rules/scenarios';
import { validateJson } from '../coverage/cli-run';

const CTX = contextFor();
const rules = (m: Manifest) => validateObject(m, CTX).map(v => [v.rule, v.severity, v.path]);

describe('every kind kube-bind serves is checked; only the documents of its binding protocol are skipped', () => {
  test('no kind kube-bind serves is left unchecked: APIServiceBinding, ClusterBinding, APIServiceNamespace and Cluster included', () => {
    const unchecked = Object.entries(KUBE_BIND_SERVED).flatMap(([v, kinds]) => kinds.filter(k => !KIND_VERSIONS.includes(`${k}/${v}` as KindVersion)).map(k => `${k}/${v}`));
    expect(unchecked).toEqual([]);
    expect(Object.entries(KUBE_BIND_SERVED).flatMap(([v, kinds]) => kinds.filter(k => isProtocolDocument(k, v)))).toEqual([]);
  });

  test('every kind kube-bind serves is checked against its CRD at the versions kube-bind serves it', () => {
    for (const [version, kinds] of Object.entries(KUBE_BIND_SERVED)) {
      for (const kind of kinds) {
        const obj = { apiVersion: `kube-bind.io/${version}`, kind, metadata: { name: 'x' }, spec: 42 };
        expect(notCheckedNote(obj, CTX)).toBeUndefined();
        // spec 42 is no object: every one of these CRDs says so.
        expect([kind, version, validateObject(obj, CTX).some(v => v.rule === 'KB003' && v.path === 'spec')]).toEqual([kind, version, true]);
      }
    }
  });

  test('a BindingProvider is a protocol document: skipped with a note', () => {
    const obj = { apiVersion: 'kube-bind.io/v1alpha2', kind: 'BindingProvider', metadata: { name: 'x' } };
    expect(isProtocolDocument('BindingProvider', 'v1alpha2')).toBe(true);
    expect(validateObject(obj, CTX)).toEqual([]);
    expect(notCheckedNote(obj, CTX)).toContain('binding protocol');
  });

  test('a kind/version kube-bind does not serve is still KB001', () => {
    expect(rules({ apiVersion: 'kube-bind.io/v1beta1', kind: 'APIServiceExport' })).toEqual([['KB001', 'error', 'apiVersion']]);
    expect(rules({ apiVersion: 'kube-bind.io/v1alpha1', kind: 'BoundSchema' })).toEqual([['KB001', 'error', 'apiVersion']]);
    expect(rules({ apiVersion: 'kube-bind.io/v1alpha1', kind: 'APIServiceExportTemplate' })).toEqual([['KB001', 'error', 'apiVersion']]);
    expect(rules({ apiVersion: 'kube-bind.io/v1alpha2', kind: 'ApiServiceExportTemplate' })).toEqual([['KB001', 'error', 'kind']]);
    expect(notCheckedNote({ apiVersion: 'kube-bind.io/v1alpha1', kind: 'APIServiceExportTemplate' }, CTX)).toBeUndefined();
    expect(notCheckedNote(a2(), CTX)).toBeUndefined();
  });
});

describe('apiVersion groups that miss the configured one', () => {
  const missed = (apiVersion: string, kind = 'APIServiceExport') => validateObject({ ...a2(), apiVersion, kind }, CTX);

  test.each([
    ['Kube-bind.io/v1alpha2', 'case'],
    ['KUBE-BIND.IO/v1alpha2', 'case'],
    ['kube-b\u0456nd.io/v1alpha2', 'Cyrillic i'],
    ['k\u03c5be-bind.io/v1alpha2', 'Greek upsilon'],
    ['kube\u2010bind.io/v1alpha2', 'a Unicode hyphen'],
    ['\uff4bube-bind.io/v1alpha2', 'a fullwidth k'],
    ['kubebind.io/v1alpha2', 'a typo'],
    ['kube-bind.oi/v1alpha2', 'a typo'],
  ])('%s (%s) is an error with a did-you-mean', (apiVersion) => {
    const found = missed(apiVersion);
    expect(found.map(v => [v.rule, v.severity, v.path])).toEqual([['KB001', 'error', 'apiVersion']]);
    expect(found[0].message).toContain('(did you mean "kube-bind.io/v1alpha2"?)');
    expect(found[0].message).toContain('no matches for kind "APIServiceExport"');
  });

  test('a look-alike letter is named with its code point', () => {
    expect(missed('kube-b\u0456nd.io/v1alpha2')[0].message).toContain('(U+0456)');
  });

  test('an invalid group far from ours is an error without a guess; a valid far group is not KB001\'s', () => {
    const found = missed('My_Group.io/v1alpha2', 'BoundSchema');
    expect(found.map(v => [v.rule, v.severity])).toEqual([['KB001', 'error']]);
    expect(found[0].message).toContain('not a valid API group');
    expect(found[0].message).not.toContain('did you mean');
    expect(missed('bind.example.org/v1alpha2')).toEqual([]);
  });

  test('other kinds under a near group are not ours to judge', () => {
    expect(validateObject({ apiVersion: 'Kube-bind.io/v1', kind: 'Deployment' }, CTX)).toEqual([]);
  });

  test('KB172 does not report again what KB001 reports', () => {
    const results = validateObjects([a2(), { ...a2(), apiVersion: 'Kube-bind.io/v1alpha2', metadata: { name: 'g', namespace: 'n' } }], CTX);
    expect(results[1].map(v => v.rule)).toEqual(['KB001']);
  });

  test('groupMiss and foldGroup', () => {
    expect(foldGroup('K\u0423BE-bind.IO')).toBe('kybe-bind.io');
    expect(groupMiss('kube-bind.io', 'kube-bind.io')).toBeUndefined();
    expect(groupMiss('example.com', 'kube-bind.io')).toBeUndefined();
    expect(groupMiss('Kube-bind.io', 'kube-bind.io')).toEqual({ reason: 'look-alike' });
    expect(groupMiss('kubebind.io', 'kube-bind.io')).toEqual({ reason: 'typo' });
    expect(groupMiss('Bind.Example.org', 'bind.example.org')).toEqual({ reason: 'look-alike' });
  });
});

describe('documents without apiVersion or kind', () => {
  test('are KB001 errors, whatever their kind', () => {
    expect(rules({ kind: 'BoundSchema', metadata: { name: 'x' } })).toEqual([['KB001', 'error', 'apiVersion']]);
    expect(rules({ kind: 'Deployment' })).toEqual([['KB001', 'error', 'apiVersion']]);
    expect(rules({ apiVersion: 'kube-bind.io/v1alpha2' })).toEqual([['KB001', 'error', 'kind']]);
    expect(rules({ apiVersion: 'v1', kind: '' })).toEqual([['KB001', 'error', 'kind']]);
    expect(validateObject({ kind: 'BoundSchema' }, CTX)[0].hint).toBe('add apiVersion: kube-bind.io/v1alpha2');
  });
});

describe('through the command line', () => {
  let dir: string;
  beforeAll(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-kinds-')); });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('a near-miss group fails the run; the documents of kube-bind\'s binding protocol are skipped with a note', async () => {
    const file = path.join(dir, 'in.yaml');
    fs.writeFileSync(file, [
      JSON.stringify({ ...bs(), apiVersion: 'Kube-bind.io/v1alpha2' }),
      JSON.stringify({ apiVersion: 'kube-bind.io/v1alpha2', kind: 'BindingProvider', metadata: { name: 't' } }),
      JSON.stringify({ kind: 'APIServiceExport', metadata: { name: 'n' } }),
    ].join('\n---\n'));
    const run = await validateJson([file]);
    expect(run.code).toBe(1);
    expect(run.objects.map(o => [o.kind, o.violations.map(v => v.rule)])).toEqual([
      ['BoundSchema', ['KB001']],
      ['APIServiceExport', ['KB001']],
    ]);
    expect(run.stderr).toContain('BindingProvider (kube-bind.io/v1alpha2) is a document of kube-bind\'s binding protocol');
  });
});

describe('reported once: the schema checker leaves to the semantic rules what they say better', () => {
  const once = (m: Manifest, p: string) => validateObject(m, CTX).filter(v => v.path === p).map(v => v.rule);

  test('a bad claim resource or group', () => {
    const claim = (c: Manifest) => a2(['spec.permissionClaims', [{ group: '', resource: 'configmaps', selector: { namedResources: [{ name: 's' }] }, ...c }]]);
    expect(once(claim({ resource: 'ConfigMaps' }), 'spec.permissionClaims[0].resource')).toEqual(['KB141']);
    expect(once(claim({ group: 'Apps' }), 'spec.permissionClaims[0].group')).toEqual(['KB140']);
    const ref = claim({ resource: 'secrets', selector: { references: [{ group: 'Example.com', resource: 'Widgets', versions: ['v1'], jsonPath: { name: 'spec.s' } }] } });
    expect(once(ref, 'spec.permissionClaims[0].selector.references[0].group')).toEqual(['KB140']);
    expect(once(ref, 'spec.permissionClaims[0].selector.references[0].resource')).toEqual(['KB141']);
  });

  test('a bad exported group or resource, and an empty resources list', () => {
    expect(once(a2(['spec.resources.0.group', 'Example.com']), 'spec.resources[0].group')).toEqual(['KB121']);
    expect(once(a2(['spec.resources.0.resource', 'Widgets']), 'spec.resources[0].resource')).toEqual(['KB122']);
    expect(once(a2(['spec.resources', []]), 'spec.resources')).toEqual(['KB120']);
  });
});

describe('the consumer-side kinds, against kube-bind\'s CRDs', () => {
  const found = (m: Manifest) => validateObject(m, CTX).map(v => `${v.rule} ${v.severity} ${v.path}`);

  test('valid objects as kube-bind writes them pass', () => {
    expect(found(clusterBinding())).toEqual([]);
    expect(found(binding())).toEqual([]);
    expect(found(serviceNamespace())).toEqual([]);
    expect(found(clusterBinding(['apiVersion', 'kube-bind.io/v1alpha1']))).toEqual([]);
  });

  test('their schemas are checked: required fields, types, lengths, enums of v1alpha1', () => {
    expect(found(clusterBinding(['spec.providerPrettyName', undefined]))).toEqual(['KB002 error spec.providerPrettyName']);
    expect(found(binding(['spec.kubeconfigSecretRef.namespace', '']))).toEqual(['KB005 error spec.kubeconfigSecretRef.namespace']);
    expect(found(binding(['apiVersion', 'kube-bind.io/v1alpha1'], ['spec.kubeconfigSecretRef.key', 'config']))).toEqual(['KB004 error spec.kubeconfigSecretRef.key']);
    expect(found(binding(['spec.kubeconfigSecretRef.key', 'config']))).toEqual([]);
    // In .status: the server drops it on create (the status subresource), so a warning.
    expect(found(serviceNamespace(['status', { namespace: 7 }]))).toEqual(['KB003 warning status.namespace']);
  });

  test('ClusterBinding\'s CEL rule: named cluster (KB234)', () => {
    expect(found(clusterBinding(['metadata.name', 'cluster-a']))).toEqual(['KB234 error metadata.name']);
  });

  test('kubeconfigSecretRef is immutable on the bindings (KB191)', () => {
    const moved = validateUpdate(binding(), binding(['spec.kubeconfigSecretRef.name', 'other']), CTX);
    expect(moved.map(v => `${v.rule} ${v.path}`)).toEqual(['KB191 spec.kubeconfigSecretRef']);
    expect(moved[0].hint).toContain('bind again');
    expect(validateUpdate(binding(), binding(), CTX)).toEqual([]);
  });

  test('the APIServiceNamespace of kube-bind\'s docs is checked and valid', () => {
    expect(found({ apiVersion: 'kube-bind.io/v1alpha2', kind: 'APIServiceNamespace', metadata: { name: 'default', namespace: 'kube-bind-abc12' }, status: { namespace: 'kube-bind-abc12-default' } })).toEqual([]);
  });
});
