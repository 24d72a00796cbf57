/**
 * The metadata checks against the cases of k8s.io/apimachinery
 * `pkg/api/validation/objectmeta_test.go` (Kubernetes 1.35), written again
 * here, and the object-level rules (KB020, KB230-KB233) on whole objects.
 */
import { contextFor, updateContext, validateObject } from '../../src/rules';
import { clusterBinding, coll, tpl } from '../../src/rules/engine/scenario-kit';
import {
  TOTAL_ANNOTATION_SIZE_LIMIT_BYTES,
  nameIsDnsSubdomain,
  validateAnnotations,
  validateFinalizers,
  validateLabels,
  validateNames,
  validateNamespace,
  validateOwnerReferences,
  canGenerateName,
  duplicateOwnerReferences,
  finalizerNameAdvice,
} from '../../src/rules/k8s/object-meta';
import { a2, bs, crd } from '../../src/rules/scenarios';

const problemsOf = (errors: ReadonlyArray<{ problems: readonly string[] }>) => errors.flatMap(e => e.problems).join('; ');

describe('ValidateAnnotations (TestValidateAnnotations)', () => {
  test.each([
    'simple', 'now-with-dashes', '1-starts-with-num', '1234', 'simple/simple', 'now-with-dashes/simple',
    'now-with-dashes/now-with-dashes', 'now.with.dots/simple', 'now-with.dashes-and.dots/simple', '1-num.2-num/3-num',
    '1234/5678', '1.2.3.4/5678', 'UpperCase123',
  ])('key %p is valid', key => {
    expect(validateAnnotations({ [key]: 'bar' }, 'metadata.annotations')).toEqual([]);
  });

  test.each([
    ['nospecialchars^=@', 'name part must consist'],
    ['cantendwithadash-', 'name part must consist'],
    ['only/one/slash', '/'],
    ['a'.repeat(254), 'no more than'],
  ])('key %p is invalid (%p)', (key, expected) => {
    const errors = validateAnnotations({ [key]: 'bar' }, 'metadata.annotations');
    expect(errors).toHaveLength(1);
    expect(problemsOf(errors)).toContain(expected);
  });

  test('the total size is at most 256 KiB, keys and values together', () => {
    const half = TOTAL_ANNOTATION_SIZE_LIMIT_BYTES / 2;
    expect(validateAnnotations({ a: 'b'.repeat(TOTAL_ANNOTATION_SIZE_LIMIT_BYTES - 1) }, 'm')).toEqual([]);
    expect(validateAnnotations({ a: 'b'.repeat(half - 1), c: 'd'.repeat(half - 1) }, 'm')).toEqual([]);
    expect(validateAnnotations({ a: 'b'.repeat(TOTAL_ANNOTATION_SIZE_LIMIT_BYTES) }, 'm').map(e => e.what)).toEqual(['size']);
    expect(validateAnnotations({ a: 'b'.repeat(half), c: 'd'.repeat(half) }, 'm').map(e => e.what)).toEqual(['size']);
  });

  test('the size counts UTF-8 bytes, as Go\'s len does', () => {
    expect(validateAnnotations({ a: 'é'.repeat(TOTAL_ANNOTATION_SIZE_LIMIT_BYTES / 2) }, 'm').map(e => e.what)).toEqual(['size']);
  });

  test('a value that is not a string cannot be decoded; null decodes to ""', () => {
    expect(validateAnnotations({ replicas: 3 }, 'metadata.annotations')).toEqual([
      { path: 'metadata.annotations[replicas]', value: 3, what: 'decode', problems: ['must be a string, not a number'] },
    ]);
    expect(validateAnnotations({ note: null }, 'metadata.annotations')).toEqual([]);
    expect(validateAnnotations(['a'], 'metadata.annotations').map(e => e.what)).toEqual(['decode']);
  });
});

describe('ValidateLabels', () => {
  test('keys are qualified names, case and all; values label values', () => {
    expect(validateLabels({ 'app.kubernetes.io/name': 'db', 'UpperCase': 'Value_1' }, 'l')).toEqual([]);
    expect(validateLabels({ 'team_a/app': 'db' }, 'l').map(e => e.what)).toEqual(['key']);
    expect(validateLabels({ app: 'has space' }, 'l').map(e => e.what)).toEqual(['value']);
    expect(validateLabels({ app: 'a'.repeat(64) }, 'l').map(e => e.what)).toEqual(['value']);
    expect(validateLabels({ enabled: true }, 'l').map(e => e.what)).toEqual(['decode']);
  });
});

describe('ValidateObjectMeta names (TestValidateObjectMetaCustomName, TestValidateObjectMetaTrimsTrailingDash)', () => {
  test('a name or a generateName is required', () => {
    expect(problemsOf(validateNames({}, 'metadata'))).toBe('name or generateName is required');
    expect(validateNames({ generateName: 'test-' }, 'metadata')).toEqual([]);
    expect(validateNames({ name: 'test', generateName: 'test' }, 'metadata')).toEqual([]);
  });

  test('an invalid name and an invalid generateName are both reported', () => {
    expect(validateNames({ name: 'Invalid', generateName: 'Invalid' }, 'metadata').map(e => e.path)).toEqual(['metadata.generateName', 'metadata.name']);
    expect(validateNames({ name: 'Invalid', generateName: 'test' }, 'metadata').map(e => e.path)).toEqual(['metadata.name']);
  });

  test('generateName may end in a dash (maskTrailingDash)', () => {
    expect(nameIsDnsSubdomain('test-', true)).toEqual([]);
    expect(nameIsDnsSubdomain('test-', false)).not.toEqual([]);
    // Go replaces the last two characters by "a": "a.-" masks to "aa", valid.
    expect(nameIsDnsSubdomain('a.-', true)).toEqual([]);
  });

  test('a name that is a number cannot be decoded', () => {
    expect(validateNames({ name: 42 }, 'metadata').map(e => e.what)).toEqual(['decode']);
  });
});

describe('ValidateNamespaceName (TestValidateObjectMetaNamespaces)', () => {
  test('a namespace is a DNS label', () => {
    expect(validateNamespace('foo.bar', 'metadata.namespace')).toHaveLength(1);
    const long = validateNamespace('a'.repeat(63) + 'B', 'metadata.namespace');
    expect(long).toHaveLength(1);
    expect(long[0].problems).toHaveLength(2);
    expect(validateNamespace('team-a', 'metadata.namespace')).toEqual([]);
  });
});

describe('ValidateOwnerReferences (TestValidateObjectMetaOwnerReferences)', () => {
  const ref = (over: object) => ({ apiVersion: 'customresourceVersion', kind: 'customresourceKind', name: 'name', uid: '1', ...over });
  test.each([
    ['a third-party owner', [ref({})], ''],
    ['the core group', [ref({ apiVersion: 'v1', kind: 'Pod' })], ''],
    ['an Event', [ref({ apiVersion: 'v1', kind: 'Event' })], 'is disallowed from being an owner'],
    ['too many slashes', [ref({ apiVersion: 'a/b/c', kind: 'Pod' })], 'must be <group>/<version> or <version>'],
    ['an empty version', [ref({ apiVersion: 'foo/', kind: 'Pod' })], 'must be <group>/<version> or <version>'],
    ['one controller', [ref({ controller: false }), ref({ uid: '2', controller: true }), ref({ uid: '3', controller: false }), ref({ uid: '4' })], ''],
    ['two controllers', [ref({ kind: 'k1', controller: true }), ref({ kind: 'k2', uid: '2', controller: true })], 'Only one reference can have Controller set to true'],
    ['no uid', [ref({ uid: '' })], 'must not be empty'],
    ['no kind', [ref({ kind: undefined })], 'must not be empty'],
  ])('%s', (_what, refs, expected) => {
    const problems = problemsOf(validateOwnerReferences(refs, 'metadata.ownerReferences'));
    if (expected === '') expect(problems).toBe('');
    else expect(problems).toContain(expected);
  });
});

describe('ValidateFinalizers (TestValidateFinalizersPreventConflictingFinalizers)', () => {
  test('orphan and foregroundDeletion cannot both be set', () => {
    expect(problemsOf(validateFinalizers(['orphan', 'foregroundDeletion'], 'f'))).toContain('cannot be both set');
    expect(validateFinalizers(['orphan', 'example.com/cleanup'], 'f')).toEqual([]);
  });
  test('finalizers are qualified names', () => {
    expect(validateFinalizers(['example.com/clean up'], 'f').map(e => e.path)).toEqual(['f[0]']);
  });
});

describe('the rules, on whole objects', () => {
  const found = (obj: any) => validateObject(obj, contextFor()).filter(v => /^KB(020|23\d)$/.test(v.rule)).map(v => `${v.rule} ${v.path}`);

  test('a template named Acme_Postgres is refused (KB020)', () => {
    expect(found(tpl(['metadata.name', 'Acme_Postgres']))).toEqual(['KB020 metadata.name']);
    expect(found(tpl(['metadata.name', 'acme-postgres']))).toEqual([]);
  });

  test('a generateName is checked as a prefix (KB020)', () => {
    expect(found(a2(['metadata', { generateName: 'widgets-', namespace: 'team-a' }]))).toEqual([]);
    expect(found(a2(['metadata', { generateName: 'Widgets-', namespace: 'team-a' }]))).toEqual(['KB020 metadata.generateName']);
  });

  test('a label key that is not a qualified name is refused on a CRD (KB230)', () => {
    expect(found(crd(['metadata.labels', { 'kube-bind.io/exported': 'true', 'bad key': 'x' }]))).toEqual(['KB230 metadata.labels[bad key]']);
  });

  test('an unquoted number or YAML 1.1 boolean as an annotation says to quote it (KB231)', () => {
    const number = validateObject(a2(['metadata.annotations', { replicas: 3 }]), contextFor()).find(v => v.rule === 'KB231');
    expect(number?.message).toContain('cannot decode');
    expect(number?.hint).toContain('quote it in YAML: "3"');
    const yes = validateObject(bs(['metadata.labels', { enabled: true }]), contextFor()).find(v => v.rule === 'KB230');
    expect(yes?.hint).toContain('quote the word');
  });

  test('a valid object has no metadata finding', () => {
    for (const obj of [a2(), bs(), crd(), tpl()]) expect(found(obj)).toEqual([]);
  });

  // EnsureObjectNamespaceMatchesRequestNamespace clears the namespace of a cluster-scoped object before validation.
  const severities = (obj: any) => validateObject(obj, contextFor()).filter(v => v.rule === 'KB020').map(v => `${v.severity} ${v.path}`);

  test('the namespace of a cluster-scoped object is dropped, not judged (KB020 notes it)', () => {
    for (const obj of [tpl(['metadata.namespace', 'Bad_NS']), coll(['metadata.namespace', 'team-a']), crd(['metadata.namespace', 'x_y'])]) {
      expect(severities(obj)).toEqual(['info metadata.namespace']);
    }
    // What does not decode into ObjectMeta is refused before the namespace is cleared.
    expect(severities(tpl(['metadata.namespace', 5]))).toEqual(['error metadata.namespace']);
    expect(severities(tpl())).toEqual([]);
  });

  test('the namespace of a namespaced object is still a DNS label (KB020)', () => {
    expect(severities(a2(['metadata.namespace', 'Bad_NS']))).toEqual(['error metadata.namespace']);
    expect(severities(bs(['metadata.namespace', 'team-a']))).toEqual([]);
  });
});

describe('generated names (names.SimpleNameGenerator)', () => {
  test('generateName, cut to 58 bytes, then 5 characters without vowels', () => {
    expect(canGenerateName('cluster-', 'cluster-x7b2q')).toBe(true);
    expect(canGenerateName('cl', 'cluster')).toBe(false);
    expect(canGenerateName('cluster', 'cluster')).toBe(false);
    expect(canGenerateName('a'.repeat(70), `${'a'.repeat(58)}bcdfg`)).toBe(true);
    expect(canGenerateName('a'.repeat(70), `${'a'.repeat(60)}bcd`)).toBe(false);
  });

  test('a ClusterBinding sent with generateName only is refused by the CEL rule on its generated name (KB234)', () => {
    const kb234 = (obj: any) => validateObject(obj, contextFor()).filter(v => v.rule === 'KB234').map(v => `${v.severity} ${v.path}`);
    expect(kb234(clusterBinding(['metadata.name', undefined], ['metadata.generateName', 'cluster']))).toEqual(['error metadata.generateName']);
    expect(kb234(clusterBinding(['metadata.generateName', 'cluster']))).toEqual([]);
  });
});

describe('finalizer names the custom resource strategy warns about (KB235)', () => {
  test('validateKubeFinalizerName: no path, not one of Kubernetes\' own', () => {
    expect(finalizerNameAdvice('cleanup')).toBe('prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers');
    expect(finalizerNameAdvice('example.com')).toContain('including a path (/)');
    for (const fine of ['example.com/cleanup', 'orphan', 'foregroundDeletion', 'kubernetes']) expect(finalizerNameAdvice(fine)).toBeUndefined();
    // An invalid name is KB232's error, not advice.
    expect(finalizerNameAdvice('Bad Name')).toBeUndefined();
  });

  const kb235 = (obj: any, ctx = contextFor()) => validateObject(obj, ctx).filter(v => v.rule === 'KB235').map(v => `${v.severity} ${v.path}`);

  test('on create, each finalizer once; never on a CRD, whose strategy gives no such warning', () => {
    expect(kb235(a2(['metadata.finalizers', ['cleanup', 'example.com/ok', 'cleanup']]))).toEqual(['warning metadata.finalizers[0]']);
    expect(kb235(crd(['metadata.finalizers', ['cleanup']]))).toEqual([]);
  });

  test('on update, only the finalizers the stored object does not have (generateWarningsFromObj)', () => {
    const stored = a2(['metadata.finalizers', ['cleanup']]);
    const next = a2(['metadata.finalizers', ['cleanup', 'audit']]);
    expect(kb235(next, updateContext(stored, next))).toEqual(['warning metadata.finalizers[1]']);
  });
});

describe('owner references the handler deduplicates before validation (dedupOwnerReferences)', () => {
  const OWNER = { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: '7c1b2d3e-0000-4000-8000-000000000001', controller: true };

  test('an exact repeat is dropped: two equal controller references are one, with a warning', () => {
    const found = validateObject(bs(['metadata.ownerReferences', [OWNER, { ...OWNER }]]), contextFor()).filter(v => v.rule === 'KB233');
    expect(found.map(v => `${v.severity} ${v.path}`)).toEqual(['warning metadata.ownerReferences[1]']);
    expect(found[0].message).toContain('repeats metadata.ownerReferences[0]');
  });

  test('references equal as Go decodes them: unknown keys dropped, null as unset; controller false is not unset', () => {
    expect(duplicateOwnerReferences([OWNER, { ...OWNER, extra: 1 }])).toEqual([{ index: 1, repeats: 0 }]);
    expect(duplicateOwnerReferences([{ ...OWNER, controller: undefined }, { ...OWNER, controller: null }])).toEqual([{ index: 1, repeats: 0 }]);
    expect(duplicateOwnerReferences([{ ...OWNER, controller: false }, { ...OWNER, controller: undefined }])).toEqual([]);
  });

  test('two controller references that differ are still refused (KB233)', () => {
    const other = { ...OWNER, name: 'other', uid: '7c1b2d3e-0000-4000-8000-000000000002' };
    const found = validateObject(bs(['metadata.ownerReferences', [OWNER, other]]), contextFor()).filter(v => v.rule === 'KB233');
    expect(found.map(v => `${v.severity} ${v.path}`)).toEqual(['error metadata.ownerReferences']);
  });
});
