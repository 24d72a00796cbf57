/**
 * The warning a Kubernetes API server sends with every request to a
 * deprecated version of a custom resource, worked out ahead of time so it can
 * be shown in docs, reviews and the CLI.
 *
 * The consumer cluster serves BoundSchemas and v1alpha1 exports as real
 * CustomResourceDefinitions, so apiextensions-apiserver's rules apply: an
 * explicit `deprecationWarning` is sent as is, otherwise
 * `<group>/<version> <Kind> is deprecated`, followed by
 * `; use <group>/<newer> <Kind>` when a served, non-deprecated version sorts
 * above the deprecated one in Kubernetes' version priority order.
 */
import { isCrd } from '../../model/kinds';
import { isObject, own } from '../../model/manifest';

/** The parts of a definition spec the default warning depends on. */
export interface DeprecationSpec {
  readonly group: string;
  readonly names: { readonly kind: string };
  readonly versions: ReadonlyArray<{ readonly name: string; readonly served?: boolean; readonly deprecated?: boolean }>;
}

/** The warning for one deprecated version of a definition. */
export interface DeprecationNote {
  readonly version: string;
  /** The text of the `Warning` header clients receive. */
  readonly warning: string;
  /** True when Kubernetes' default text is used, false when `deprecationWarning` replaces it. */
  readonly isDefault: boolean;
}

// ---------------------------------------------------------------------------
// Version priority (k8s.io/apimachinery/pkg/version)

const KUBE_VERSION = /^v(\d+)(?:(alpha|beta)(\d+))?$/;
const STABILITY: { readonly [level: string]: number } = { alpha: 0, beta: 1, ga: 2 };
// Go's strconv.Atoi fails above the int64 range, which makes such a name sort like a non-Kubernetes one.
const MAX_INT64 = BigInt('9223372036854775807');

interface KubeVersion {
  readonly stability: number;
  readonly major: bigint;
  readonly minor: bigint;
}

function parseKubeVersion(name: string): KubeVersion | undefined {
  const m = KUBE_VERSION.exec(name);
  if (!m) return undefined;
  const major = BigInt(m[1]);
  const minor = m[3] === undefined ? BigInt(0) : BigInt(m[3]);
  if (major > MAX_INT64 || minor > MAX_INT64) return undefined;
  return { stability: STABILITY[m[2] ?? 'ga'], major, minor };
}

/**
 * Compares two version names as Kubernetes orders them: positive when `a` has
 * the higher priority, negative when `b` has, zero when they rank equal.
 * GA beats beta beats alpha, then the higher major, then the higher minor
 * number (`v2` > `v1` > `v1beta2` > `v1beta1` > `v1alpha1`). Names that are
 * not of the form `v<major>[alpha|beta<minor>]` rank below all others and
 * among themselves alphabetically (`a` before `b`).
 */
export function compareKubeAwareVersions(a: string, b: string): number {
  if (a === b) return 0;
  const va = parseKubeVersion(a);
  const vb = parseKubeVersion(b);
  if (va === undefined && vb === undefined) return a < b ? 1 : -1;
  if (va === undefined) return -1;
  if (vb === undefined) return 1;
  if (va.stability !== vb.stability) return Math.sign(va.stability - vb.stability);
  if (va.major !== vb.major) return va.major > vb.major ? 1 : -1;
  if (va.minor !== vb.minor) return va.minor > vb.minor ? 1 : -1;
  return 0;
}

/** Version names sorted from the highest priority to the lowest. */
export function sortByKubePriority(names: readonly string[]): string[] {
  return [...names].sort((a, b) => compareKubeAwareVersions(b, a));
}

// ---------------------------------------------------------------------------
// Warnings

/**
 * The warning Kubernetes sends for a deprecated `version` that has no
 * `deprecationWarning`. A version whose `served` is absent counts as served:
 * kube-bind's CRDs default `served` to true.
 */
export function defaultDeprecationWarning(spec: DeprecationSpec, version: string): string {
  const warning = `${spec.group}/${version} ${spec.names.kind} is deprecated`;
  const candidates = (Array.isArray(spec.versions) ? spec.versions : [])
    .filter(v => isObject(v) && typeof v.name === 'string')
    .filter(v => v.served !== false && v.deprecated !== true && compareKubeAwareVersions(version, v.name) < 0)
    .map(v => v.name);
  if (candidates.length === 0) return warning;
  const newest = sortByKubePriority(candidates)[0];
  return `${warning}; use ${spec.group}/${newest} ${spec.names.kind}`;
}

/**
 * The warning of every served, deprecated version of a BoundSchema or v1alpha1
 * APIServiceExport manifest, in `spec.versions` order. An explicit
 * `deprecationWarning` wins over the default text (even when empty). Versions
 * with `served: false` are left out: no request reaches them, so no client
 * ever sees their warning. Other manifests give an empty list.
 *
 * @param group when given, the manifest's API group must be this one
 */
export function deprecationNotes(manifest: unknown, group?: string): DeprecationNote[] {
  // A CustomResourceDefinition's versions are deprecated the same way (the API server sends the same warning).
  const spec = isCrd(manifest) ? readDefinitionSpec(manifest) : definitionSpecOf(manifest, group);
  if (spec === undefined) return [];
  const notes: DeprecationNote[] = [];
  for (const entry of spec.entries) {
    if (own(entry, 'deprecated') !== true || own(entry, 'served') === false) continue;
    const name: string = own(entry, 'name');
    const explicit = own(entry, 'deprecationWarning');
    if (typeof explicit === 'string') {
      notes.push({ version: name, warning: explicit, isDefault: false });
    } else {
      notes.push({ version: name, warning: defaultDeprecationWarning(spec.deprecationSpec, name), isDefault: true });
    }
  }
  return notes;
}

// ---------------------------------------------------------------------------
// Reading the definition-like spec of a manifest (shared with serving-paths.ts)

/** The definition-like spec of a BoundSchema or v1alpha1 export, read defensively. */
export interface DefinitionSpec {
  /** `spec.group`; `''` is the core group. */
  readonly group: string;
  /** `spec.names.kind`, or `''` when absent. */
  readonly kind: string;
  /** `spec.names.plural`, or `''` when absent. */
  readonly plural: string;
  /** `spec.scope` as written (possibly not a valid value). */
  readonly scope: unknown;
  /** The entries of `spec.versions` that are objects with a string `name`. */
  readonly entries: ReadonlyArray<{ [key: string]: any }>;
  readonly deprecationSpec: DeprecationSpec;
}

/**
 * The spec of a manifest whose kind carries a definition (BoundSchema v1alpha2
 * or APIServiceExport v1alpha1), or undefined for anything else, including a
 * spec without a string `group`.
 */
export function definitionSpecOf(manifest: unknown, group?: string): DefinitionSpec | undefined {
  return isDefinitionManifest(manifest, group) ? readDefinitionSpec(manifest) : undefined;
}

/** The definition-like spec of any manifest that has one (a CRD's too), read defensively. */
function readDefinitionSpec(manifest: unknown): DefinitionSpec | undefined {
  const spec = own(manifest, 'spec');
  const specGroup = own(spec, 'group');
  if (typeof specGroup !== 'string') return undefined;
  const names = own(spec, 'names');
  const kind = typeof own(names, 'kind') === 'string' ? own(names, 'kind') as string : '';
  const plural = typeof own(names, 'plural') === 'string' ? own(names, 'plural') as string : '';
  const versions = own(spec, 'versions');
  const entries = Array.isArray(versions) ? versions.filter(v => isObject(v) && typeof own(v, 'name') === 'string') : [];
  const deprecationSpec: DeprecationSpec = {
    group: specGroup,
    names: { kind },
    versions: entries.map(v => ({ name: own(v, 'name'), served: own(v, 'served') !== false, deprecated: own(v, 'deprecated') === true })),
  };
  return { group: specGroup, kind, plural, scope: own(spec, 'scope'), entries, deprecationSpec };
}

/** Whether a manifest is a BoundSchema v1alpha2 or an APIServiceExport v1alpha1 (of `group`, when given). */
export function isDefinitionManifest(manifest: unknown, group?: string): boolean {
  const apiVersion = own(manifest, 'apiVersion');
  const kind = own(manifest, 'kind');
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return false;
  const slash = apiVersion.lastIndexOf('/');
  if (slash < 0) return false;
  if (group !== undefined && apiVersion.slice(0, slash) !== group) return false;
  const version = apiVersion.slice(slash + 1);
  return (kind === 'BoundSchema' && version === 'v1alpha2') || (kind === 'APIServiceExport' && version === 'v1alpha1');
}
