/**
 * The schema of each version of a CRD-like spec, read once, and the versions
 * whose schemas differ (spec §8.2, read semantically): shared by the version
 * rules and the CRD rules.
 */
import { versionSchemaDifference } from './schema-equality';
import { isCrd, KindVersion, kindVersionOf } from '../../model/kinds';
import { has, isObject, Manifest, own } from '../../model/manifest';
import { perObject } from '../engine/memo';
import { field, item } from '../engine/paths';
import { RuleContext } from '../engine/rule';
import { goVersionName, hoisted, sameVersionSchema } from '../k8s/version-hoisting';

interface VersionEntry {
  readonly entry: { [key: string]: any };
  readonly index: number;
  readonly path: string;
}

/**
 * The object entries of spec.versions; undefined when spec.versions is not a
 * list. Read once per object while its rules run (seven rules read them);
 * callers do not modify the list. On a CustomResourceDefinition a null entry
 * is an empty version, as Go decodes null into the zero
 * CustomResourceDefinitionVersion, which the server then validates (no name,
 * no schema); on kube-bind's kinds it is the schema checker's finding (KB003).
 */
export const versionEntries = perObject(versionEntriesUncached);

function versionEntriesUncached(obj: Manifest): readonly VersionEntry[] | undefined {
  const versions = own(own(obj, 'spec'), 'versions');
  if (!Array.isArray(versions)) return undefined;
  const crd = isCrd(obj);
  const out: VersionEntry[] = [];
  versions.forEach((entry, index) => {
    if (isObject(entry)) out.push({ entry, index, path: item('spec.versions', index) });
    else if (entry === null && crd) out.push({ entry: {}, index, path: item('spec.versions', index) });
  });
  return out;
}

interface VersionSchema {
  readonly schema: unknown;
  readonly path: string;
}

/**
 * The user's openAPIV3Schema of a version. v1alpha1 nests it as
 * `schema.openAPIV3Schema`. A BoundSchema may hold either that shape (the
 * spec's, which our constructs emit) or the schema itself (what kube-bind's
 * backend writes on live objects).
 */
export function versionSchema(kv: KindVersion | undefined, v: VersionEntry): VersionSchema | undefined {
  const schema = own(v.entry, 'schema');
  const schemaPath = field(v.path, 'schema');
  if (!isObject(schema)) return undefined;
  if (kv === 'BoundSchema/v1alpha2') {
    return has(schema, 'openAPIV3Schema')
      ? { schema: own(schema, 'openAPIV3Schema'), path: field(schemaPath, 'openAPIV3Schema') }
      : { schema, path: schemaPath };
  }
  // v1alpha1: a missing or mistyped openAPIV3Schema is the structure rules' finding (KB002/KB003).
  const inner = own(schema, 'openAPIV3Schema');
  return isObject(inner) ? { schema: inner, path: field(schemaPath, 'openAPIV3Schema') } : undefined;
}

/**
 * A version's `schema` as a CRD version holds it (a CustomResourceValidation, `{openAPIV3Schema}`), whatever
 * the kind's shape, for Semantic.DeepEqual (sameVersionSchema); undefined when it has none (a nil pointer).
 */
function validationOf(kv: KindVersion | undefined, v: VersionEntry): unknown {
  const found = versionSchema(kv, v);
  if (found !== undefined) return { openAPIV3Schema: found.schema };
  const schema = own(v.entry, 'schema');
  return isObject(schema) ? schema : undefined;
}

/**
 * Whether the server moves the versions' schema to the spec, the same in every version
 * (Convert_v1_CustomResourceDefinitionSpec_To_apiextensions_CustomResourceDefinitionSpec, k8s/version-hoisting.ts):
 * then validation.go validates it once, at the spec, and no version has a schema of its own (HasPerVersionSchema).
 * For a BoundSchema or a v1alpha1 export: the consumer's CRD kube-bind writes from it, one version for each.
 */
export function schemasMovedToSpec(obj: Manifest, ctx: RuleContext): boolean {
  const kv = kindVersionOf(obj, ctx.group);
  return hoisted((versionEntries(obj) ?? []).map(v => ({ schema: validationOf(kv, v) })), sameVersionSchema, 'schema');
}

/**
 * Mirrors apiextensions.GetSchemaForVersion on the internal CRD, as a lookup by version name made once per
 * object: a schema moved to the spec answers for any name, even one the object has no version of; else the
 * first version of that name answers with its own; undefined where it errs (no version of that name).
 * `validation` as validationOf gives it.
 */
export function schemaForVersion(obj: Manifest, ctx: RuleContext): (name: string) => { readonly validation: unknown } | undefined {
  const kv = kindVersionOf(obj, ctx.group);
  const entries = versionEntries(obj) ?? [];
  // No versions: nothing is moved, and no version has a schema (HasPerVersionSchema is false): the spec's, none.
  if (entries.length === 0) return () => ({ validation: undefined });
  if (schemasMovedToSpec(obj, ctx)) {
    const moved = { validation: validationOf(kv, entries[0]) };
    return () => moved;
  }
  return name => {
    const named = entries.find(v => goVersionName(v.entry) === name);
    return named === undefined ? undefined : { validation: validationOf(kv, named) };
  };
}

/**
 * Whether a version is exported: served, or stored. A version that is neither
 * can be neither read nor written, and kube-bind exports served versions only,
 * so its schema is not compared (spec §8.2, read semantically).
 */
function isExported(entry: { [key: string]: any }): boolean {
  // A missing served defaults to true on the server (KB031 asks to say it).
  return own(entry, 'served') !== false || own(entry, 'storage') === true;
}

/** Where the schema of a served or stored version differs from the first one's (description, example and externalDocs aside). */
export interface SchemaDifference {
  /** The differing version's schema. */
  readonly path: string;
  /** The first served or stored version's schema. */
  readonly firstPath: string;
  /** Where in the schema they first differ; empty at the root. */
  readonly at: string;
}

/**
 * The served or stored versions whose schema differs from the first one's:
 * what KB035 reports, and what KB180 (crd.ts) notes on a CustomResourceDefinition.
 */
export function differingVersionSchemas(obj: Manifest, ctx: RuleContext): SchemaDifference[] {
  const kv = kindVersionOf(obj, ctx.group);
  const schemas = (versionEntries(obj) ?? [])
    .filter(v => isExported(v.entry))
    .map(v => versionSchema(kv, v))
    .filter((s): s is VersionSchema => s !== undefined);
  if (schemas.length < 2) return [];
  const [first, ...rest] = schemas;
  const out: SchemaDifference[] = [];
  for (const other of rest) {
    const diff = versionSchemaDifference(first.schema, other.schema);
    if (diff !== undefined) out.push({ path: other.path, firstPath: first.path, at: diff.path.replace(/^\./, '') });
  }
  return out;
}
