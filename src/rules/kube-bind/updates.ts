/**
 * Update rules (KB190-KB199): what may change between the stored state of an
 * object and a new manifest of the same object (same group, kind, namespace
 * and name). Each is a pure function of the two manifests.
 *
 * Two servers judge an update. kube-bind's CRDs mark some export fields
 * immutable with CEL transition rules (`self == oldSelf`), which run only when
 * the field is present in both the old and the new object and compare
 * structurally (map key order does not matter, list order does). And the
 * consumer cluster turns a BoundSchema or v1alpha1 export into a real
 * CustomResourceDefinition, whose own update validation forbids removing a
 * stored version, changing group or plural, and changing scope or kind once
 * the definition is established.
 *
 * The previous object may have been written in another served version of the
 * same kind (a v1alpha1 export read back as v1alpha2). The rules that apply
 * are those of the next object's version, and a field is compared only when
 * the previous object's version also has it; the rest is left alone, since
 * the server's conversion (strategy None) carries only shared fields over.
 */
import { immutableSpecFields, propertiesOf } from '../../crds/facts';
import { CHECKED_KIND_VERSIONS, KindVersion, kindVersionOf } from '../../model/kinds';
import { isObject, Manifest, own } from '../../model/manifest';
import { brief, show } from '../engine/messages';
import { field, item } from '../engine/paths';
import { RuleContext, UpdateRule, defineRule } from '../engine/rule';
import { Severity, Violation, violation } from '../engine/violation';
import { crdKindVersionOf } from '../helpers/crds';
import { servedValue } from '../helpers/served-value';
import { validateObjectMetaUpdate } from '../k8s/object-meta';
import { firstDifferingLeaf } from '../k8s/values';

export type { UpdateRule };

const ALL_KIND_VERSIONS: readonly KindVersion[] = [
  'APIServiceExport/v1alpha1', 'APIServiceExport/v1alpha2', 'BoundSchema/v1alpha2', 'APIServiceExportRequest/v1alpha1', 'APIServiceExportRequest/v1alpha2',
  'CustomResourceDefinition/v1',
];
/** The kinds whose spec is a CustomResourceDefinition spec: a CRD's own, or the consumer's CRD kube-bind writes. */
const DEFINITION_KIND_VERSIONS: readonly KindVersion[] = ['APIServiceExport/v1alpha1', 'BoundSchema/v1alpha2', 'CustomResourceDefinition/v1'];

/**
 * The spec fields each version has, to compare only what two versions share:
 * read from our CRDs, and for CustomResourceDefinition from Kubernetes'
 * CustomResourceDefinitionSpec (not compared today: updates pair kube-bind
 * objects only; listed so every kind/version has an answer).
 */
function specFieldsOf(kv: KindVersion): readonly string[] {
  return kv === 'CustomResourceDefinition/v1'
    ? ['group', 'names', 'scope', 'versions', 'conversion', 'preserveUnknownFields']
    : propertiesOf(kv, ['spec']);
}

// ---------------------------------------------------------------------------
// Object identity and pairing

/**
 * `<group>/<Kind>/<namespace>/<name>` of a manifest, without the version: the
 * server stores one object whatever version it is read in. A missing
 * namespace counts as `''`. Undefined when apiVersion, kind or name is
 * missing.
 */
export function objectKey(m: Manifest): string | undefined {
  const apiVersion = own(m, 'apiVersion');
  const kind = own(m, 'kind');
  const metadata = own(m, 'metadata');
  const name = own(metadata, 'name');
  const namespace = own(metadata, 'namespace');
  if (typeof apiVersion !== 'string' || apiVersion === '' || typeof kind !== 'string' || kind === '') return undefined;
  if (typeof name !== 'string' || name === '') return undefined;
  const slash = apiVersion.lastIndexOf('/');
  const group = slash < 0 ? '' : apiVersion.slice(0, slash);
  return `${group}/${kind}/${typeof namespace === 'string' ? namespace : ''}/${name}`;
}

/**
 * For each manifest of `next` that has a previous state in `previous`, its
 * index in `next` and that previous manifest. When `previous` holds the same
 * object twice, the last one wins, as it would when applied in order.
 */
export function pairWithPrevious(previous: readonly Manifest[], next: readonly Manifest[]): Array<{ index: number; previous: Manifest }> {
  const byKey = new Map<string, Manifest>();
  for (const m of Array.isArray(previous) ? previous : []) {
    const key = objectKey(m);
    if (key !== undefined) byKey.set(key, m);
  }
  const pairs: Array<{ index: number; previous: Manifest }> = [];
  (Array.isArray(next) ? next : []).forEach((m, index) => {
    const key = objectKey(m);
    const before = key === undefined ? undefined : byKey.get(key);
    if (before !== undefined) pairs.push({ index, previous: before });
  });
  return pairs;
}

// ---------------------------------------------------------------------------
// Readers

/** The kind/version of an object the update rules read: a kube-bind kind, or a CustomResourceDefinition. */
function updatedKindVersion(obj: Manifest, ctx: RuleContext): KindVersion | undefined {
  return kindVersionOf(obj, ctx.group) ?? crdKindVersionOf(obj);
}

/** The kind/version of the previous object, only when it is the same kind as next. */
function previousKindVersion(previous: Manifest, next: Manifest, ctx: RuleContext): KindVersion | undefined {
  const kv = updatedKindVersion(previous, ctx);
  return kv !== undefined && own(previous, 'kind') === own(next, 'kind') ? kv : undefined;
}

function sharesField(previousKv: KindVersion, name: string): boolean {
  return specFieldsOf(previousKv).includes(name);
}


interface VersionEntry {
  readonly index: number;
  readonly name: string;
  readonly storage: boolean;
}

function versionEntries(obj: Manifest): VersionEntry[] | undefined {
  const versions = own(own(obj, 'spec'), 'versions');
  if (!Array.isArray(versions)) return undefined;
  const out: VersionEntry[] = [];
  versions.forEach((entry, index) => {
    const name = own(entry, 'name');
    if (typeof name === 'string') out.push({ index, name, storage: own(entry, 'storage') === true });
  });
  return out;
}

/** The storage version, when exactly one version has `storage: true`. */
function storageVersion(entries: readonly VersionEntry[]): VersionEntry | undefined {
  const storage = entries.filter(e => e.storage);
  return storage.length === 1 ? storage[0] : undefined;
}

/** The condition of `type` in the status, if any. */
function conditionStatus(obj: Manifest, type: string): unknown {
  const conditions = own(own(obj, 'status'), 'conditions');
  if (!Array.isArray(conditions)) return undefined;
  const found = conditions.find(c => own(c, 'type') === type);
  return found === undefined ? undefined : own(found, 'status') ?? null;
}

/**
 * The specs of an update as the server hands them to kube-bind's CEL
 * transition rules: `null` fields pruned and the defaults of the next
 * version's schema applied to both (structural defaulting runs on the
 * request and on the stored object read back in the request's version,
 * before validation), so an omitted field with a default is present, and
 * equals the default written out. Of the previous object, only the fields
 * its own version has: the server stored nothing else.
 */
function servedSpecs(previous: Manifest, previousKv: KindVersion, next: Manifest, nextKv: KindVersion): { before: unknown; after: unknown } {
  const stored = own(previous, 'spec');
  const kept = isObject(stored) ? Object.fromEntries(Object.entries(stored).filter(([name]) => sharesField(previousKv, name))) : stored;
  return { before: servedValue(nextKv, ['spec'], kept), after: servedValue(nextKv, ['spec'], own(next, 'spec')) };
}

// ---------------------------------------------------------------------------
// KB190: stored versions stay in spec.versions

const storedVersionKept: UpdateRule = defineRule({
  id: 'KB190',
  title: 'A version in status.storedVersions may not be removed from spec.versions',
  source: 'spec §3 rule 3; Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceDefinitionStoredVersions)',
  severity: 'error',
  scope: 'update',
  appliesTo: DEFINITION_KIND_VERSIONS,
  check(previous, next, ctx) {
    const previousKv = previousKindVersion(previous, next, ctx);
    if (previousKv === undefined || !DEFINITION_KIND_VERSIONS.includes(previousKv)) return [];
    const nextEntries = versionEntries(next);
    const previousEntries = versionEntries(previous) ?? [];
    if (nextEntries === undefined) return [];
    const kept = new Set(nextEntries.map(e => e.name));

    // The server adds the storage version to storedVersions when the definition is created or the
    // storage moves, so the previous storage version is stored even when a manifest carries no status.
    const listed = own(own(previous, 'status'), 'storedVersions');
    const fromStatus = Array.isArray(listed) ? listed.filter((v): v is string => typeof v === 'string') : [];
    const previousStorage = storageVersion(previousEntries)?.name;
    const stored = [...new Set([...fromStatus, ...(previousStorage !== undefined ? [previousStorage] : [])])];

    const nextStorage = storageVersion(nextEntries)?.name;
    const target = nextStorage !== undefined ? `the storage version ${show(nextStorage)}` : 'the storage version';
    return stored.filter(v => !kept.has(v)).map(v => {
      const why = fromStatus.includes(v) ? 'which status.storedVersions lists' : 'the previous storage version';
      return violation(storedVersionKept, 'spec.versions',
        `no longer lists ${show(v)}, ${why}: the server refuses to remove it while objects may be stored in it`,
        `its stored objects must first move to ${target}${fromStatus.includes(v) ? '' : ' (the server records a storage version in status.storedVersions)'}: `
        + `keep ${show(v)} in spec.versions for now (served: false is allowed); migrate its objects (read and write each one again, for example `
        + `with a storage version migration), remove ${show(v)} from status.storedVersions, then remove it from spec.versions`);
    });
  },
});

// ---------------------------------------------------------------------------
// KB191: kube-bind's immutable export fields

const immutableExportFields: UpdateRule = defineRule({
  id: 'KB191',
  title: 'Fields kube-bind makes immutable (CEL self == oldSelf) may not change',
  source: 'kube-bind CRD (CEL transition rules)',
  severity: 'error',
  scope: 'update',
  appliesTo: [
    'APIServiceExport/v1alpha1', 'APIServiceExport/v1alpha2', 'APIServiceExportRequest/v1alpha1', 'APIServiceExportRequest/v1alpha2',
    // kubeconfigSecretRef of the bindings kube-bind itself writes.
    'APIServiceBinding/v1alpha1', 'APIServiceBinding/v1alpha2', 'APIServiceBindingBundle/v1alpha2', 'ClusterBinding/v1alpha1', 'ClusterBinding/v1alpha2',
  ],
  check(previous, next, ctx) {
    const previousKv = previousKindVersion(previous, next, ctx);
    const nextKv = kindVersionOf(next, ctx.group);
    const isRequest = nextKv?.startsWith('APIServiceExportRequest/') === true;
    const isBinding = nextKv !== undefined && !isRequest && !nextKv.startsWith('APIServiceExport/');
    if (previousKv === undefined || nextKv === undefined) return [];
    const { before, after } = servedSpecs(previous, previousKv, next, nextKv);
    const out: Violation[] = [];
    // The fields kube-bind's CRD marks `self == oldSelf` in the next object's version.
    for (const { name, serverMessage } of immutableSpecFields(nextKv)) {
      const oldValue = own(before, name);
      const newValue = own(after, name);
      // CEL transition rules are skipped when either side lacks the field (after defaulting).
      if (oldValue === undefined || newValue === undefined) continue;
      const path = field('spec', name);
      const difference = firstDifferingLeaf(oldValue, newValue, path);
      if (difference === undefined) continue;
      // Both sides at the first leaf that differs: two values cut to one prefix say nothing.
      const where = difference.path !== path ? `${difference.path} ` : '';
      out.push(violation(immutableExportFields, path,
        `changed: ${where}${brief(difference.before)} → ${brief(difference.after)}; kube-bind makes it immutable`,
        `the server rejects the update with "${serverMessage}"; keep the previous value; to change ${path}, `
        + (isRequest
          ? 'write a new APIServiceExportRequest (the backend makes one export per request)'
          : isBinding
            ? `delete the ${nextKv.slice(0, nextKv.indexOf('/'))} and bind again (kube-bind writes it, with a new Secret reference)`
            : 'the APIServiceExport must be deleted and recreated. Consumers bound to it lose the export '
          + 'in between: the konnector stops syncing their objects until the new export exists and is bound again, '
          + 'so plan it like a new binding (or export under a new name first and move consumers over)')));
    }
    return out;
  },
});

// ---------------------------------------------------------------------------
// KB192: the storage version moves

const storageVersionMoved: UpdateRule = defineRule({
  id: 'KB192',
  title: 'Moving the storage version leaves objects stored in the old version until they are migrated',
  source: 'Kubernetes CRD versioning (storage version, status.storedVersions)',
  severity: 'warning',
  scope: 'update',
  appliesTo: DEFINITION_KIND_VERSIONS,
  check(previous, next, ctx) {
    const previousKv = previousKindVersion(previous, next, ctx);
    if (previousKv === undefined || !DEFINITION_KIND_VERSIONS.includes(previousKv)) return [];
    const before = storageVersion(versionEntries(previous) ?? []);
    const nextEntries = versionEntries(next) ?? [];
    const after = storageVersion(nextEntries);
    if (before === undefined || after === undefined || before.name === after.name) return [];
    // Removing the old storage version outright is KB190's error; do not report the same change twice.
    if (!nextEntries.some(e => e.name === before.name)) return [];
    const path = field(item('spec.versions', after.index), 'storage');
    return [violation(storageVersionMoved, path,
      `the storage version moves from ${show(before.name)} to ${show(after.name)}: stored objects stay in ${show(before.name)} until migrated`,
      `only new and updated objects are written in ${show(after.name)}, so keep ${show(before.name)} served and in spec.versions meanwhile; `
      + `migrate the stored objects (write each one again, for example with a storage version migration), then remove ${show(before.name)} `
      + 'from status.storedVersions, and only then from spec.versions')];
  },
});

// ---------------------------------------------------------------------------
// KB193, KB194: what a CustomResourceDefinition never lets change

const groupAndPluralFixed: UpdateRule = defineRule({
  id: 'KB193',
  title: 'spec.group and spec.names.plural may not change (they name the consumer\'s CustomResourceDefinition)',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: validateCustomResourceDefinitionSpecUpdate: group and names.plural are immutable)',
  severity: 'error',
  scope: 'update',
  appliesTo: DEFINITION_KIND_VERSIONS,
  check(previous, next, ctx) {
    const previousKv = previousKindVersion(previous, next, ctx);
    if (previousKv === undefined || !DEFINITION_KIND_VERSIONS.includes(previousKv)) return [];
    const out: Violation[] = [];
    const pairs: Array<[string, unknown, unknown]> = [
      ['spec.group', own(own(previous, 'spec'), 'group'), own(own(next, 'spec'), 'group')],
      ['spec.names.plural', own(own(own(previous, 'spec'), 'names'), 'plural'), own(own(own(next, 'spec'), 'names'), 'plural')],
    ];
    for (const [path, oldValue, newValue] of pairs) {
      if (typeof oldValue !== 'string' || typeof newValue !== 'string' || oldValue === newValue) continue;
      out.push(violation(groupAndPluralFixed, path,
        `changed from ${show(oldValue)} to ${show(newValue)}, which Kubernetes refuses`,
        'it is part of the name of the CustomResourceDefinition (<plural>.<group>) and of the storage key of every object: '
        + `keep ${show(oldValue)}; to serve the resource under the new name, create a new ${String(own(next, 'kind'))} for it and delete the old one `
        + 'once consumers have moved their objects (objects are not carried over)'));
    }
    return out;
  },
});

const scopeAndKindFixed: UpdateRule = defineRule({
  id: 'KB194',
  title: 'spec.scope and spec.names.kind may not change once the definition is established',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: validateCustomResourceDefinitionSpecUpdate: scope and names.kind are immutable once established)',
  severity: 'error',
  scope: 'update',
  appliesTo: DEFINITION_KIND_VERSIONS,
  check(previous, next, ctx) {
    const previousKv = previousKindVersion(previous, next, ctx);
    if (previousKv === undefined || !DEFINITION_KIND_VERSIONS.includes(previousKv)) return [];
    // The consumer's definition is established as soon as its names are accepted; only a status
    // saying otherwise makes the change (still) acceptable. A CRD's own status says it (requireImmutableNames:
    // IsCRDConditionTrue(oldObj, Established)).
    const established = conditionStatus(previous, 'Established');
    const assumed = established === undefined && previousKv !== 'CustomResourceDefinition/v1';
    const severity: Severity = assumed || established === 'True' ? 'error' : 'warning';
    const out: Violation[] = [];
    const pairs: Array<[string, unknown, unknown]> = [
      ['spec.scope', own(own(previous, 'spec'), 'scope'), own(own(next, 'spec'), 'scope')],
      ['spec.names.kind', own(own(own(previous, 'spec'), 'names'), 'kind'), own(own(own(next, 'spec'), 'names'), 'kind')],
    ];
    for (const [path, oldValue, newValue] of pairs) {
      if (typeof oldValue !== 'string' || typeof newValue !== 'string' || oldValue === newValue) continue;
      // Of a BoundSchema or a v1alpha1 export, the definition is the consumer's CRD, which kube-bind updates from it.
      const refused = previousKv === 'CustomResourceDefinition/v1'
        ? 'Kubernetes refuses it once the definition is Established'
        : 'Kubernetes refuses it on the consumer\'s CRD once that is Established, so kube-bind\'s update of it fails';
      const state = severity === 'error' ? refused : `Established is ${show(established)}, but Kubernetes refuses it once the definition is established`;
      out.push(violation(scopeAndKindFixed, path,
        `changed from ${show(oldValue)} to ${show(newValue)}: ${state}`,
        `it decides how objects are stored; keep ${show(oldValue)}; to change it, delete the ${String(own(next, 'kind'))} and create it again, which removes the consumer's `
        + 'definition and every object of it', severity));
    }
    return out;
  },
});

// ---------------------------------------------------------------------------
// KB195: the two manifests must be one object

const sameObject: UpdateRule = defineRule({
  id: 'KB195',
  title: 'An update compares an object with its own previous state (same group, kind, namespace and name)',
  source: 'Kubernetes API semantics (an object is identified by group, kind, namespace and name)',
  severity: 'error',
  scope: 'update',
  appliesTo: ALL_KIND_VERSIONS,
  check(previous, next, _ctx) {
    const before = objectKey(previous);
    const after = objectKey(next);
    if (before !== undefined && before === after) return [];
    return [violation(sameObject, '',
      `the previous object ${show(before ?? '(no apiVersion, kind or name)')} is not ${show(after ?? '(no apiVersion, kind or name)')}`,
      'pass the stored state of the same object (pairWithPrevious pairs manifests by group, kind, namespace and name); '
      + 'a change of name, namespace or kind is a delete and a create, not an update')];
  },
});

// ---------------------------------------------------------------------------
// KB196: the metadata an update may not change

const objectMetaUpdate: UpdateRule = defineRule({
  id: 'KB196',
  title: 'An update changes no uid, deletionTimestamp or deletionGracePeriodSeconds, and adds no finalizer once deletion started',
  source: 'Kubernetes API server (apimachinery objectmeta.go: ValidateObjectMetaAccessorUpdate, ValidateImmutableField, ValidateNoNewFinalizers; '
    + 'apiserver rest/update.go: BeforeUpdate keeps what is not sent)',
  severity: 'error',
  scope: 'update',
  appliesTo: CHECKED_KIND_VERSIONS,
  check(previous, next) {
    return validateObjectMetaUpdate(own(next, 'metadata'), own(previous, 'metadata'), 'metadata').map(e => violation(objectMetaUpdate, e.path,
      `${brief(e.value)}: ${e.problems.join('; ')}`,
      e.path.endsWith('.finalizers')
        ? 'the stored object is being deleted: it waits only for the finalizers it has; remove the added ones'
        : 'leave it out of the manifest (the server keeps the stored value), or write the stored one; a manifest copied from `kubectl get -o yaml` of another object carries its uid'));
  },
});

/** Every update rule, in catalogue order. */
export const UPDATE_RULES: readonly UpdateRule[] = [
  storedVersionKept,
  immutableExportFields,
  storageVersionMoved,
  groupAndPluralFixed,
  scopeAndKindFixed,
  sameObject,
  objectMetaUpdate,
];

/**
 * Every violation of updating `previous` to `next`: the rules that apply to
 * next's kind and version. Objects not of our kinds give an empty list; two
 * manifests that are not the same object give only KB195. Never throws.
 */
export function validateUpdate(previous: Manifest, next: Manifest, ctx: RuleContext): Violation[] {
  const kv = updatedKindVersion(next, ctx);
  if (kv === undefined) return [];
  const identity = runSafely(sameObject, previous, next, ctx);
  if (identity.length > 0) return identity;
  const out: Violation[] = [];
  for (const rule of UPDATE_RULES) {
    if (rule === sameObject || !rule.appliesTo.includes(kv)) continue;
    out.push(...runSafely(rule, previous, next, ctx));
  }
  return out;
}

/** A rule that throws is a bug of this library: report it instead of crashing. */
function runSafely(rule: UpdateRule, previous: Manifest, next: Manifest, ctx: RuleContext): Violation[] {
  try {
    return rule.check(previous, next, ctx);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return [violation(rule, '', `internal error in rule ${rule.id}: ${reason}`, 'please report this as a bug of cdk8s-kube-bind', 'error')];
  }
}
