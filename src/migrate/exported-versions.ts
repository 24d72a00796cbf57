/**
 * Which of a CRD's versions the BoundSchema exports, and the one schema they
 * share. A BoundSchema holds one schema for all its versions (spec §8.2:
 * kube-bind cannot convert objects between versions), so exported versions
 * whose schemas differ are refused; when they differ only in documentation
 * (see `rules/schema-equality.ts`), the storage version's schema wins, with a
 * note.
 */
import { CrdFindings } from './crd-findings';
import { readCrdVersion } from './crd-version';
import { schemaDifference, showSide } from './schema-difference';
import { isObject, own } from '../model/manifest';
import { didYouMean, show } from '../rules/engine/messages';
import { item } from '../rules/engine/paths';
import { versionSchemaDifference } from '../rules/helpers/schema-equality';
import { ResourceVersion, copySchema } from '../values/resource-version';

export interface ExportedVersions {
  readonly versions: ResourceVersion[];
  /** The schema every exported version gets (a copy). */
  readonly schema: any;
}

/**
 * Reads `spec.versions`: the versions named by `wanted` (the `versions`
 * option), else every version served or stored. Undefined after a problem.
 */
export function readExportedVersions(findings: CrdFindings, versions: unknown, wanted: readonly string[] | undefined): ExportedVersions | undefined {
  const path = 'spec.versions';
  if (!Array.isArray(versions)) {
    findings.problem(path, versions === undefined ? 'is missing: a CRD needs at least one version' : `must be a list, got ${show(versions)}`);
    return undefined;
  }
  if (versions.length === 0) {
    findings.problem(path, 'is empty: kube-bind refuses a CRD without versions');
    return undefined;
  }
  const problemsBefore = findings.problemCount;
  const exported = selectVersions(findings, versions, path, wanted);
  if (exported === undefined) return undefined;
  const out: ResourceVersion[] = [];
  const schemas: Array<{ schema: { [key: string]: any }; path: string; storage: boolean }> = [];
  let unreadable = false;
  for (const i of exported) {
    const read = readCrdVersion(findings, versions[i], item(path, i));
    if (read === undefined || read.schema === undefined) {
      unreadable = true;
      continue;
    }
    out.push(read.version);
    schemas.push({ schema: read.schema, path: read.schemaPath, storage: read.version.storage === true });
  }
  for (const other of schemas.slice(1)) {
    const diff = versionSchemaDifference(schemas[0].schema, other.schema);
    if (diff !== undefined) {
      const at = (p: string) => p + diff.path;
      findings.problem(at(other.path), `is ${showSide(diff.right)} but ${at(schemas[0].path)} is ${showSide(diff.left)}: `
        + 'the spec (§8.2) requires every exported version to have the same schema (description, example and externalDocs aside), '
        + 'because kube-bind cannot convert objects between versions',
      'give every version the same openAPIV3Schema, or export only the versions that share one with --versions '
        + '(BoundSchema.fromCrd: versions)');
    }
  }
  if (unreadable || schemas.length === 0 || findings.problemCount > problemsBefore) return undefined;
  // Same schema, documentation aside: the BoundSchema gives every version the storage version's (else the first one's).
  const chosen = schemas.find(x => x.storage) ?? schemas[0];
  for (const other of schemas.filter(x => x !== chosen)) {
    const docs = schemaDifference(chosen.schema, other.schema, '');
    if (docs !== undefined) {
      findings.note(other.path, `differs from ${chosen.path} only in documentation (first at ${other.path + docs.path}): `
        + `the BoundSchema gives every version the schema of ${chosen.path.replace(/\.schema\.openAPIV3Schema$/, '')}`);
    }
  }
  return { versions: out, schema: copySchema(chosen.schema) };
}

/**
 * The indexes of the versions to export: those named by `wanted`, else
 * every version served or stored. The others are left out with a note.
 * Undefined after a problem.
 */
function selectVersions(findings: CrdFindings, versions: unknown[], path: string, wanted: readonly string[] | undefined): number[] | undefined {
  const problemsBefore = findings.problemCount;
  const nameOf = (v: unknown): unknown => own(v, 'name');
  if (wanted !== undefined) {
    const names = versions.map(nameOf).filter((n): n is string => typeof n === 'string');
    const unknown = wanted.filter(w => !names.includes(w));
    for (const w of unknown) findings.problem(path, `has no version ${show(w)} (versions option)${didYouMean(w, names)}`);
    if (wanted.length === 0) findings.problem(path, 'versions option is empty: name at least one version to export');
    if (unknown.length > 0 || wanted.length === 0) return undefined;
  }
  const selected: number[] = [];
  versions.forEach((v, i) => {
    const name = nameOf(v);
    const at = item(path, i);
    if (wanted !== undefined) {
      if (typeof name === 'string' && wanted.includes(name)) {
        selected.push(i);
      } else if (own(v, 'storage') === true) {
        findings.problem(at, `${show(name)} is the storage version, but the versions option leaves it out: a BoundSchema needs its storage version`,
          `add ${show(name)} to the versions to export`);
      } else {
        findings.note(at, `${show(name)} is left out: the versions option does not name it`);
      }
      return;
    }
    if (isObject(v) && own(v, 'served') !== true && own(v, 'storage') !== true) {
      findings.note(at, `${show(name)} is left out: it is neither served nor stored, so it can be neither read nor written, and kube-bind exports served versions only`);
      return;
    }
    selected.push(i);
  });
  if (selected.length === 0 && findings.problemCount === problemsBefore) {
    findings.problem(path, 'has no version that is served or stored: there is nothing to export');
  }
  return findings.problemCount > problemsBefore ? undefined : selected;
}
