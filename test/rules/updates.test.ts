import { DEFAULT_GROUP } from '../../src/model/kinds';
import { Manifest } from '../../src/model/manifest';
import { RuleContext } from '../../src/rules/engine/rule';
import { Violation } from '../../src/rules/engine/violation';
import { UPDATE_RULES, objectKey, pairWithPrevious, validateUpdate } from '../../src/rules/kube-bind/updates';

const ctx: RuleContext = { group: DEFAULT_GROUP };
const NAMESPACE = 'kube-bind-wildwest';

function schema(): Manifest {
  return { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { horse: { type: 'string' } } } } } };
}

/** A BoundSchema with v1alpha1 (served) and v1 (storage), both stored. */
function boundSchema(): Manifest {
  return {
    apiVersion: 'kube-bind.io/v1alpha2',
    kind: 'BoundSchema',
    metadata: { name: 'cowboys.wildwest.dev', namespace: NAMESPACE, labels: { team: 'a' } },
    spec: {
      group: 'wildwest.dev',
      names: { kind: 'Cowboy', plural: 'cowboys', singular: 'cowboy', listKind: 'CowboyList' },
      scope: 'Namespaced',
      informerScope: 'Namespaced',
      versions: [
        { name: 'v1alpha1', served: true, storage: false, schema: schema() },
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: schema(),
          additionalPrinterColumns: [{ name: 'Horse', type: 'string', jsonPath: '.spec.horse' }],
        },
      ],
    },
    status: {
      storedVersions: ['v1alpha1', 'v1'],
      conditions: [{ type: 'Established', status: 'True', lastTransitionTime: '2025-01-01T00:00:00Z' }],
    },
  };
}

function exportV1alpha1(): Manifest {
  return {
    apiVersion: 'kube-bind.io/v1alpha1',
    kind: 'APIServiceExport',
    metadata: { name: 'cowboys.wildwest.dev', namespace: NAMESPACE },
    spec: {
      group: 'wildwest.dev',
      names: { kind: 'Cowboy', plural: 'cowboys' },
      scope: 'Namespaced',
      informerScope: 'Namespaced',
      versions: [
        { name: 'v1alpha1', served: true, storage: false, schema: schema() },
        { name: 'v1', served: true, storage: true, schema: schema() },
      ],
    },
    status: { storedVersions: ['v1alpha1', 'v1'] },
  };
}

function clusterScopedV1alpha1(): Manifest {
  const m = exportV1alpha1();
  m.metadata.name = 'sheriffs.wildwest.dev';
  m.spec.names = { kind: 'Sheriff', plural: 'sheriffs' };
  m.spec.scope = 'Cluster';
  m.spec.informerScope = 'Cluster';
  m.spec.clusterScopedIsolation = 'Prefixed';
  return m;
}

function exportV1alpha2(): Manifest {
  return {
    apiVersion: 'kube-bind.io/v1alpha2',
    kind: 'APIServiceExport',
    metadata: { name: 'cowboys.wildwest.dev', namespace: NAMESPACE },
    spec: {
      resources: [{ group: 'wildwest.dev', resource: 'cowboys', versions: ['v1alpha1', 'v1'] }],
      isolation: 'Prefixed',
      informerScope: 'Namespaced',
      clusterScopedIsolation: 'Prefixed',
      permissionClaims: [
        {
          group: '',
          resource: 'secrets',
          selector: {
            labelSelector: { matchLabels: { app: 'wildwest', tier: 'web' } },
            references: [{ group: 'wildwest.dev', resource: 'cowboys', jsonPath: { name: 'spec.secretName' } }],
          },
        },
      ],
    },
  };
}

const copy = (m: Manifest): Manifest => JSON.parse(JSON.stringify(m));
const ids = (vs: Violation[]): string[] => vs.map(v => v.rule);
const byRule = (vs: Violation[], id: string): Violation[] => vs.filter(v => v.rule === id);

describe('UPDATE_RULES', () => {
  test('ids are unique and inside KB190-KB199', () => {
    const all = UPDATE_RULES.map(r => r.id);
    expect(new Set(all).size).toBe(all.length);
    for (const id of all) expect(id).toMatch(/^KB19\d$/);
  });
});

describe('harmless updates pass', () => {
  test.each<[string, () => Manifest, (m: Manifest) => void]>([
    ['no change (BoundSchema)', boundSchema, () => undefined],
    ['labels and annotations', boundSchema, m => { m.metadata.labels = { team: 'b' }; m.metadata.annotations = { note: 'x' }; }],
    ['a new version added', boundSchema, m => { m.spec.versions.push({ name: 'v2', served: true, storage: false, schema: schema() }); }],
    ['a printer column changed', boundSchema, m => { m.spec.versions[1].additionalPrinterColumns[0].jsonPath = '.spec.saddle'; }],
    ['a version no longer served', boundSchema, m => { m.spec.versions[0].served = false; }],
    ['a version deprecated', boundSchema, m => { m.spec.versions[0].deprecated = true; }],
    ['status changed', boundSchema, m => { m.status.instantiations = 3; }],
    ['v1alpha1 export: clusterScopedIsolation is not immutable in v1alpha1', clusterScopedV1alpha1, m => { m.spec.clusterScopedIsolation = 'None'; }],
    ['v1alpha2 export: labels only', exportV1alpha2, m => { m.metadata.labels = { a: 'b' }; }],
  ])('%s', (_name, make, change) => {
    const previous = make();
    const next = copy(previous);
    change(next);
    expect(validateUpdate(previous, next, ctx)).toEqual([]);
  });
});

describe('KB190 stored versions stay in spec.versions', () => {
  test('fails when a version listed in status.storedVersions is removed', () => {
    const previous = boundSchema();
    const next = copy(previous);
    next.spec.versions.splice(0, 1);
    const found = validateUpdate(previous, next, ctx);
    expect(ids(found)).toEqual(['KB190']);
    expect(found[0]).toMatchObject({ severity: 'error', path: 'spec.versions' });
    expect(found[0].message).toContain('"v1alpha1"');
    expect(found[0].message).toContain('which status.storedVersions lists: the server refuses to remove it while objects may be stored in it');
    expect(found[0].hint).toContain('its stored objects must first move to the storage version "v1"');
    expect(found[0].hint).toContain('remove "v1alpha1" from status.storedVersions, then remove it from spec.versions');
  });

  test('passes when the removed version was never stored', () => {
    const previous = boundSchema();
    previous.status.storedVersions = ['v1'];
    const next = copy(previous);
    next.spec.versions.splice(0, 1);
    expect(validateUpdate(previous, next, ctx)).toEqual([]);
  });

  test('fails for the previous storage version even without a status', () => {
    const previous = boundSchema();
    delete previous.status;
    const next = copy(previous);
    next.spec.versions = [{ name: 'v2', served: true, storage: true, schema: schema() }, next.spec.versions[0]];
    const found = validateUpdate(previous, next, ctx);
    // v1 (the old storage version) is gone: KB190, and KB192 does not report the same change again.
    expect(ids(found)).toEqual(['KB190']);
    expect(found[0].message).toContain('"v1"');
    expect(found[0].message).toContain('previous storage version');
  });

  test('applies to v1alpha1 exports', () => {
    const previous = exportV1alpha1();
    const next = copy(previous);
    next.spec.versions.splice(0, 1);
    expect(ids(validateUpdate(previous, next, ctx))).toEqual(['KB190']);
  });

  test('does not apply to v1alpha2 exports, which have no versions', () => {
    const rule = UPDATE_RULES.find(r => r.id === 'KB190')!;
    expect(rule.appliesTo).not.toContain('APIServiceExport/v1alpha2');
  });
});

describe('KB191 immutable export fields', () => {
  const changes: Array<[string, (m: Manifest) => void]> = [
    ['spec.resources', m => { m.spec.resources[0].versions = ['v1']; }],
    ['spec.informerScope', m => { m.spec.informerScope = 'Cluster'; }],
    ['spec.isolation', m => { m.spec.isolation = 'Namespaced'; }],
    ['spec.permissionClaims', m => { m.spec.permissionClaims[0].resource = 'configmaps'; }],
    ['spec.clusterScopedIsolation', m => { m.spec.clusterScopedIsolation = 'None'; }],
  ];

  test.each(changes)('v1alpha2: changing %s fails', (path, change) => {
    const previous = exportV1alpha2();
    const next = copy(previous);
    change(next);
    const found = validateUpdate(previous, next, ctx);
    expect(ids(found)).toEqual(['KB191']);
    expect(found[0]).toMatchObject({ severity: 'error', path });
    expect(found[0].message).toContain('immutable');
    expect(found[0].hint).toContain('must be deleted and recreated');
    expect(found[0].hint).toContain('Consumers');
  });

  test('the message quotes both values and the server message', () => {
    const previous = exportV1alpha2();
    const next = copy(previous);
    next.spec.isolation = 'None';
    const [v] = validateUpdate(previous, next, ctx);
    expect(v.message).toBe('changed: "Prefixed" → "None"; kube-bind makes it immutable');
    expect(v.hint).toMatch(/^the server rejects the update with "isolation is immutable"; keep the previous value/);
  });

  test('the message points at the first difference inside a list, with both values there', () => {
    const previous = exportV1alpha2();
    const next = copy(previous);
    next.spec.resources[0].versions[1] = 'v2';
    const [v] = validateUpdate(previous, next, ctx);
    expect(v.message).toBe('changed: spec.resources[0].versions[1] "v1" → "v2"; kube-bind makes it immutable');
  });

  test('a version dropped from a later resource: the list of versions at that resource, not two cut prefixes', () => {
    const previous = exportV1alpha2();
    previous.spec.resources.push({ group: 'cert-manager.io', resource: 'certificates', versions: ['v1', 'v1beta1'] });
    const next = copy(previous);
    next.spec.resources[1].versions = ['v1'];
    const [v] = validateUpdate(previous, next, ctx);
    expect(v.message).toBe('changed: spec.resources[1].versions ["v1","v1beta1"] → ["v1"]; kube-bind makes it immutable');
  });

  test('an added resource is shown at its index, by its fields', () => {
    const previous = exportV1alpha2();
    const next = copy(previous);
    next.spec.resources.push({ group: 'cert-manager.io', resource: 'certificates', versions: ['v1', 'v1beta1'] });
    const [v] = validateUpdate(previous, next, ctx);
    expect(v.message).toBe('changed: spec.resources[1] unset → {group, resource, versions}; kube-bind makes it immutable');
    expect(v.message.length).toBeLessThan(160);
  });

  test('key order does not matter', () => {
    const previous = exportV1alpha2();
    const next = copy(previous);
    const claim = next.spec.permissionClaims[0];
    next.spec.permissionClaims[0] = { selector: { references: claim.selector.references, labelSelector: { matchLabels: { tier: 'web', app: 'wildwest' } } }, resource: 'secrets', group: '' };
    expect(validateUpdate(previous, next, ctx)).toEqual([]);
  });

  test('list order does', () => {
    const previous = exportV1alpha2();
    previous.spec.resources.push({ group: 'wildwest.dev', resource: 'sheriffs' });
    const next = copy(previous);
    next.spec.resources.reverse();
    expect(ids(validateUpdate(previous, next, ctx))).toEqual(['KB191']);
  });

  test('an omitted group equals the default ""', () => {
    const previous = exportV1alpha2();
    const next = copy(previous);
    delete next.spec.permissionClaims[0].group;
    expect(validateUpdate(previous, next, ctx)).toEqual([]);
  });

  test('a field absent on one side is not compared (CEL transition rules are skipped)', () => {
    const previous = exportV1alpha2();
    const next = copy(previous);
    delete next.spec.clusterScopedIsolation;
    delete next.spec.permissionClaims;
    expect(validateUpdate(previous, next, ctx)).toEqual([]);
    expect(validateUpdate(next, previous, ctx)).toEqual([]);
  });

  // Structural defaulting runs on both objects before the CEL transition rule self == oldSelf sees them.
  const request = (spec: Manifest = {}): Manifest => ({
    apiVersion: 'kube-bind.io/v1alpha2',
    kind: 'APIServiceExportRequest',
    metadata: { name: 'widgets', namespace: NAMESPACE },
    spec: { resources: [{ group: 'example.com', resource: 'widgets', versions: ['v1'] }], ...spec },
  });

  test('a field with a default is present on both sides: an omitted schemaUpdatePolicy is "Never"', () => {
    const found = validateUpdate(request(), request({ schemaUpdatePolicy: 'Always' }), ctx);
    expect(ids(found)).toEqual(['KB191']);
    expect(found[0]).toMatchObject({ path: 'spec.schemaUpdatePolicy' });
    expect(found[0].message).toBe('changed: "Never" → "Always"; kube-bind makes it immutable');
    expect(validateUpdate(request({ schemaUpdatePolicy: 'Always' }), request(), ctx).map(v => v.message)).toEqual(['changed: "Always" → "Never"; kube-bind makes it immutable']);
    expect(validateUpdate(request(), request({ schemaUpdatePolicy: 'Never' }), ctx)).toEqual([]);
    expect(validateUpdate(request({ schemaUpdatePolicy: null }), request({ schemaUpdatePolicy: 'Never' }), ctx)).toEqual([]);
  });

  test('a previous request of v1alpha1, which has no schemaUpdatePolicy, is read back with the v1alpha2 default', () => {
    const previous = { ...request(), apiVersion: 'kube-bind.io/v1alpha1' };
    expect(ids(validateUpdate(previous, request({ schemaUpdatePolicy: 'Always' }), ctx))).toEqual(['KB191']);
    expect(validateUpdate(previous, request(), ctx)).toEqual([]);
  });

  test('null counts as absent', () => {
    const previous = exportV1alpha2();
    const next = copy(previous);
    next.spec.clusterScopedIsolation = null;
    expect(validateUpdate(previous, next, ctx)).toEqual([]);
  });

  test('v1alpha1: changing informerScope fails', () => {
    const previous = exportV1alpha1();
    const next = copy(previous);
    next.spec.informerScope = 'Cluster';
    const found = validateUpdate(previous, next, ctx);
    expect(ids(found)).toEqual(['KB191']);
    expect(found[0].path).toBe('spec.informerScope');
  });

  describe('previous stored as v1alpha1, next read as v1alpha2', () => {
    test('the shared informerScope is compared', () => {
      const previous = exportV1alpha1();
      const next = exportV1alpha2();
      next.spec.informerScope = 'Cluster';
      const found = validateUpdate(previous, next, ctx);
      expect(ids(found)).toEqual(['KB191']);
      expect(found[0].path).toBe('spec.informerScope');
    });

    test('fields v1alpha1 does not have are not compared', () => {
      const previous = exportV1alpha1();
      // Unknown to v1alpha1 (the server would prune it): not a previous value of spec.resources.
      previous.spec.resources = [{ resource: 'other' }];
      const next = exportV1alpha2();
      expect(validateUpdate(previous, next, ctx)).toEqual([]);
    });
  });
});

describe('KB192 storage version moves', () => {
  test('moving storage to another kept version is a warning', () => {
    const previous = boundSchema();
    const next = copy(previous);
    next.spec.versions.push({ name: 'v2', served: true, storage: true, schema: schema() });
    next.spec.versions[1].storage = false;
    const found = validateUpdate(previous, next, ctx);
    expect(ids(found)).toEqual(['KB192']);
    expect(found[0]).toMatchObject({ severity: 'warning', path: 'spec.versions[2].storage' });
    expect(found[0].message).toContain('stored objects stay in "v1" until migrated');
    expect(found[0].hint).toContain('keep "v1" served and in spec.versions meanwhile');
  });

  test('keeping the storage version passes', () => {
    const previous = boundSchema();
    const next = copy(previous);
    next.spec.versions.push({ name: 'v2', served: true, storage: false, schema: schema() });
    expect(validateUpdate(previous, next, ctx)).toEqual([]);
  });
});

describe('KB193 group and plural', () => {
  test.each([
    ['spec.group', (m: Manifest) => { m.spec.group = 'wildwest.io'; }],
    ['spec.names.plural', (m: Manifest) => { m.spec.names.plural = 'cowpokes'; }],
  ])('changing %s fails', (path, change) => {
    const previous = boundSchema();
    const next = copy(previous);
    change(next);
    const found = byRule(validateUpdate(previous, next, ctx), 'KB193');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'error', path });
  });

  test('unchanged group and plural pass', () => {
    const previous = exportV1alpha1();
    const next = copy(previous);
    next.spec.names.singular = 'cowboy';
    expect(byRule(validateUpdate(previous, next, ctx), 'KB193')).toEqual([]);
  });
});

describe('KB194 scope and kind', () => {
  test.each([
    ['spec.scope', (m: Manifest) => { m.spec.scope = 'Cluster'; m.spec.informerScope = 'Cluster'; }],
    ['spec.names.kind', (m: Manifest) => { m.spec.names.kind = 'Cowpoke'; }],
  ])('changing %s of an established definition fails', (path, change) => {
    const previous = boundSchema();
    const next = copy(previous);
    change(next);
    const found = byRule(validateUpdate(previous, next, ctx), 'KB194');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'error', path });
  });

  test('is only a warning while the previous status says it is not established', () => {
    const previous = boundSchema();
    previous.status.conditions[0].status = 'False';
    const next = copy(previous);
    next.spec.names.kind = 'Cowpoke';
    const found = byRule(validateUpdate(previous, next, ctx), 'KB194');
    expect(found.map(v => v.severity)).toEqual(['warning']);
  });

  test('unchanged scope and kind pass', () => {
    const previous = boundSchema();
    const next = copy(previous);
    next.spec.names.shortNames = ['cb'];
    expect(validateUpdate(previous, next, ctx)).toEqual([]);
  });
});

describe('KB195 same object', () => {
  test('another name is not an update', () => {
    const previous = boundSchema();
    const next = copy(previous);
    next.metadata.name = 'sheriffs.wildwest.dev';
    next.spec.versions = [];
    const found = validateUpdate(previous, next, ctx);
    expect(ids(found)).toEqual(['KB195']);
  });

  test('another kind is not an update', () => {
    const found = validateUpdate(exportV1alpha1(), boundSchema(), ctx);
    expect(ids(found)).toEqual(['KB195']);
  });

  test('the same object in another version is', () => {
    expect(validateUpdate(exportV1alpha1(), exportV1alpha2(), ctx)).toEqual([]);
  });
});

describe('validateUpdate never throws', () => {
  const garbage: unknown[] = [undefined, null, 'text', 42, [], [1, 2], {}, { spec: 'x' }, { apiVersion: 'kube-bind.io/v1alpha2' }];
  const hostile = (base: Manifest): Manifest => {
    const m = copy(base);
    m.spec.versions = 'not-a-list';
    m.spec.names = ['a'];
    m.spec.resources = { __proto__: 1 };
    m.spec.permissionClaims = [null, 'x', { selector: { references: 'x' } }];
    m.status = { storedVersions: { 0: 'v1' }, conditions: 'x' };
    return m;
  };

  test.each([boundSchema, exportV1alpha1, exportV1alpha2])('with garbage on either side (%#)', make => {
    for (const g of garbage) {
      expect(() => validateUpdate(g as Manifest, make(), ctx)).not.toThrow();
      expect(() => validateUpdate(make(), g as Manifest, ctx)).not.toThrow();
    }
    expect(() => validateUpdate(make(), hostile(make()), ctx)).not.toThrow();
    expect(() => validateUpdate(hostile(make()), make(), ctx)).not.toThrow();
    expect(() => validateUpdate(JSON.parse('{"__proto__": {"x": 1}}'), make(), ctx)).not.toThrow();
  });

  test('objects of other kinds give nothing', () => {
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } };
    expect(validateUpdate(cm, cm, ctx)).toEqual([]);
  });

  test('respects the configured group', () => {
    const previous = boundSchema();
    const next = copy(previous);
    next.spec.versions.splice(0, 1);
    expect(validateUpdate(previous, next, { group: 'other.io' })).toEqual([]);
  });
});

describe('objectKey', () => {
  test('ignores the version', () => {
    expect(objectKey(exportV1alpha1())).toBe(`kube-bind.io/APIServiceExport/${NAMESPACE}/cowboys.wildwest.dev`);
    expect(objectKey(exportV1alpha2())).toBe(objectKey(exportV1alpha1()));
  });

  test('core group and missing namespace', () => {
    expect(objectKey({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } })).toBe('/ConfigMap//c');
  });

  test.each([{}, { apiVersion: 'v1', kind: 'ConfigMap' }, { apiVersion: 'v1', metadata: { name: 'x' } }, 'x', null])('undefined for %p', m => {
    expect(objectKey(m as Manifest)).toBeUndefined();
  });
});

describe('pairWithPrevious', () => {
  test('pairs by group, kind, namespace and name, and indexes into next', () => {
    const oldExport = exportV1alpha1();
    const oldSchema = boundSchema();
    const olderSchema = copy(oldSchema);
    olderSchema.metadata.labels = { team: 'old' };
    const other = copy(oldSchema);
    other.metadata.namespace = 'elsewhere';
    const pairs = pairWithPrevious([olderSchema, oldExport, oldSchema], [other, exportV1alpha2(), boundSchema(), { kind: 'x' }]);
    expect(pairs).toHaveLength(2);
    expect(pairs[0].index).toBe(1);
    expect(pairs[0].previous).toBe(oldExport);
    expect(pairs[1].index).toBe(2);
    // The last of two previous states of one object wins.
    expect(pairs[1].previous).toBe(oldSchema);
  });

  test('no previous objects, no pairs', () => {
    expect(pairWithPrevious([], [boundSchema()])).toEqual([]);
  });
});

describe('KB196 the metadata an update may not change (ValidateObjectMetaAccessorUpdate)', () => {
  const STORED = {
    name: 'widgets',
    namespace: NAMESPACE,
    uid: 'b5a0c1de-0000-4000-8000-000000000001',
    resourceVersion: '100',
    creationTimestamp: '2026-01-01T00:00:00Z',
    generation: 3,
  };
  const exportWith = (metadata: Manifest): Manifest => ({ ...exportV1alpha2(), metadata });
  const kb196 = (previous: Manifest, next: Manifest) => validateUpdate(previous, next, ctx).filter(v => v.rule === 'KB196').map(v => v.path);

  test('what BeforeUpdate fills in from the stored object is no change', () => {
    expect(kb196(exportWith(STORED), exportWith({ name: 'widgets', namespace: NAMESPACE }))).toEqual([]);
    // creationTimestamp and generation are taken from the stored object whatever is sent.
    expect(kb196(exportWith(STORED), exportWith({ ...STORED, creationTimestamp: '2020-01-01T00:00:00Z', generation: 1 }))).toEqual([]);
  });

  test('another uid is refused; a uid the stored object does not show is not compared', () => {
    const found = validateUpdate(exportWith(STORED), exportWith({ ...STORED, uid: 'b5a0c1de-0000-4000-8000-000000000002' }), ctx).filter(v => v.rule === 'KB196');
    expect(found.map(v => v.path)).toEqual(['metadata.uid']);
    expect(found[0].message).toContain('field is immutable');
    expect(kb196(exportWith({ name: 'widgets', namespace: NAMESPACE }), exportWith(STORED))).toEqual([]);
  });

  test('only a delete request sets deletionTimestamp and deletionGracePeriodSeconds', () => {
    const deleting = { ...STORED, deletionTimestamp: '2026-01-02T00:00:00Z', deletionGracePeriodSeconds: 0, finalizers: ['example.com/a'] };
    expect(kb196(exportWith(STORED), exportWith({ ...STORED, deletionTimestamp: '2026-01-03T00:00:00Z', deletionGracePeriodSeconds: 30 })))
      .toEqual(['metadata.deletionTimestamp', 'metadata.deletionGracePeriodSeconds']);
    // Once set, the stored deletionTimestamp is kept whatever is sent; the grace period only when none is sent.
    expect(kb196(exportWith(deleting), exportWith({ ...STORED, finalizers: ['example.com/a'] }))).toEqual([]);
    expect(kb196(exportWith(deleting), exportWith({ ...deleting, deletionGracePeriodSeconds: 30 }))).toEqual(['metadata.deletionGracePeriodSeconds']);
  });

  test('no finalizer is added once deletion started; removing one is how deletion goes on', () => {
    const deleting = { ...STORED, deletionTimestamp: '2026-01-02T00:00:00Z', finalizers: ['example.com/a'] };
    const found = validateUpdate(exportWith(deleting), exportWith({ ...deleting, finalizers: ['example.com/a', 'example.com/b'] }), ctx).filter(v => v.rule === 'KB196');
    expect(found.map(v => v.path)).toEqual(['metadata.finalizers']);
    expect(found[0].message).toBe('["example.com/b"]: no new finalizers can be added if the object is being deleted');
    expect(kb196(exportWith(deleting), exportWith({ ...deleting, finalizers: [] }))).toEqual([]);
    expect(kb196(exportWith(STORED), exportWith({ ...STORED, finalizers: ['example.com/b'] }))).toEqual([]);
  });

  test('finalizers the stored object does not show are not compared (an object being deleted always has some)', () => {
    const deleting = { ...STORED, deletionTimestamp: '2026-01-02T00:00:00Z' };
    expect(kb196(exportWith(deleting), exportWith({ ...deleting, finalizers: ['example.com/a'] }))).toEqual([]);
    expect(kb196(exportWith({ ...deleting, finalizers: null }), exportWith({ ...deleting, finalizers: ['example.com/a'] }))).toEqual([]);
  });

  test('a grace period the stored object does not show, once its deletion started, is not compared (markAsDeleting sets both)', () => {
    const deleting = { ...STORED, deletionTimestamp: '2026-01-02T00:00:00Z', finalizers: ['example.com/a'] };
    expect(kb196(exportWith(deleting), exportWith({ ...deleting, deletionGracePeriodSeconds: 0 }))).toEqual([]);
    expect(kb196(exportWith(STORED), exportWith({ ...STORED, deletionGracePeriodSeconds: 0 }))).toEqual(['metadata.deletionGracePeriodSeconds']);
  });

  test('every kind, a template and a CRD too', () => {
    const template = (uid: string): Manifest => ({
      apiVersion: 'kube-bind.io/v1alpha2',
      kind: 'APIServiceExportTemplate',
      metadata: { name: 'widgets', uid },
      spec: { scope: 'Namespaced', resources: [{ group: 'example.com', resource: 'widgets', versions: ['v1'] }] },
    });
    expect(kb196(template('a'), template('b'))).toEqual(['metadata.uid']);
    const crdWith = (uid: string): Manifest => ({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com', uid }, spec: {} });
    expect(kb196(crdWith('a'), crdWith('b'))).toEqual(['metadata.uid']);
  });
});
