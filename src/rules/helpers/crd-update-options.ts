/**
 * The options `ValidateCustomResourceDefinitionUpdate` (apiextensions-apiserver
 * pkg/apis/apiextensions/validation/validation.go, Kubernetes 1.36) derives
 * from the stored object, each from the function validation.go names: a check
 * is relaxed only where the stored object already failed it. Shared by
 * `validate --previous` and `UpdateCheck` through `updateContext` (runner.ts).
 *
 * For a BoundSchema or a v1alpha1 APIServiceExport, the stored object stands
 * for the consumer's CRD kube-bind wrote from it.
 */
import { structuralIssuesOf } from './schema-issues';
import { schemaForVersion, versionEntries, versionSchema } from './version-schemas';
import { CRD_KIND, kindVersionOf } from '../../model/kinds';
import { isObject, Manifest, own } from '../../model/manifest';
import { CrdValidationOptions, SchemaCheckOption } from '../engine/crd-validation-options';
import { RuleContext } from '../engine/rule';
import { apiApproval, KUBE_API_APPROVED_ANNOTATION } from '../k8s/api-approval';
import { hasValidConversionReviewVersionOrEmpty } from '../k8s/conversion-review';
import { caBundleError } from '../k8s/formats';
import { specRequiresStructuralSchema } from '../k8s/schema-has';
import { goVersionName, internalSelectableFields, sameSelectableFields, sameVersionSchema } from '../k8s/version-hoisting';

/** validation.go's MaxSelectableFields. */
export const MAX_SELECTABLE_FIELDS = 8;

/** The options of an update of `stored` to `next` (objects of one kind). */
export function crdUpdateOptions(stored: Manifest, next: Manifest, ctx: RuleContext): CrdValidationOptions {
  const failed = failedSchemaChecks(stored, ctx);
  const conversion = own(own(stored, 'spec'), 'conversion');
  return {
    // ValidateCustomResourceDefinitionUpdate: oldObj.Spec.Conversion == nil || hasValidConversionReviewVersionOrEmpty(...).
    requireRecognizedConversionReviewVersion: !isObject(conversion)
      || hasValidConversionReviewVersionOrEmpty(own(own(conversion, 'webhook'), 'conversionReviewVersions')),
    requireOpenAPISchema: allVersionsSpecifyOpenAPISchema(stored, ctx),
    // requireValidPropertyType, requireStructuralSchema, requireAtomicSetType, requireMapListKeysMapSetValidation:
    // specHasInvalidTypes, specHasNonStructuralSchema, hasNonAtomicSetType, hasInvalidMapListKeysMapSet of the stored spec
    // (the structural walk marks the issues that tell, `marks`).
    requireValidPropertyType: !failed.has('requireValidPropertyType'),
    // requireStructuralSchema(oldCRDSpec), which validateCustomResourceDefinitionSpec turns back on for a new spec that
    // prunes (preserveUnknownFields not true: always on kube-bind's kinds), or has a default or an extension.
    requireStructuralSchema: !failed.has('requireStructuralSchema') || specRequiresStructuralSchema(own(own(next, 'spec'), 'preserveUnknownFields'),
      (versionEntries(next) ?? []).map(v => versionSchema(kindVersionOf(next, ctx.group), v)?.schema)),
    // requirePrunedDefaults(oldCRDSpec): schemaHasUnprunedDefaults.
    requirePrunedDefaults: !failed.has('requirePrunedDefaults'),
    requireAtomicSetType: !failed.has('requireAtomicSetType'),
    requireMapListKeysMapSetValidation: !failed.has('requireMapListKeysMapSetValidation'),
    allowInvalidCABundle: allowInvalidCABundle(stored),
    allowTooManySelectableFields: findTooManySelectableFieldsAllowed(stored, next),
    versionsWithUnchangedSchemas: findVersionsWithUnchangedSchemas(stored, next, ctx),
    storedPreserveUnknownFields: own(own(stored, 'spec'), 'preserveUnknownFields') === true,
    ...(own(stored, 'kind') === CRD_KIND ? { storedApprovalState: approvalStateOf(stored) } : {}),
  };
}

/**
 * The schema checks the stored object fails, read off the structural walk's
 * issues (k8s/structural.ts marks those whose failure turns an option off);
 * the value checks of defaults and the CEL rules turn none off. An unpruned
 * default turns requirePrunedDefaults off only in a structural schema:
 * schemaHasUnprunedDefaults answers an error, which relaxes nothing, for one
 * that is not.
 */
function failedSchemaChecks(stored: Manifest, ctx: RuleContext): Set<SchemaCheckOption> {
  const failed = new Set<SchemaCheckOption>();
  const issues = structuralIssuesOf(stored, ctx);
  const nonStructural = new Set(issues.filter(i => i.marks === 'requireStructuralSchema').map(i => versionOf(i.path)));
  for (const issue of issues) {
    if (issue.marks === 'requirePrunedDefaults' && nonStructural.has(versionOf(issue.path))) continue;
    if (issue.marks !== undefined) failed.add(issue.marks);
  }
  return failed;
}

/** The version an issue's path lies in (`spec.versions[2]`): each version's schema is walked at its own path. */
function versionOf(path: string): string {
  const end = path.indexOf(']');
  return end < 0 ? path : path.slice(0, end + 1);
}

/** Mirrors allVersionsSpecifyOpenAPISchema. */
function allVersionsSpecifyOpenAPISchema(stored: Manifest, ctx: RuleContext): boolean {
  const kv = kindVersionOf(stored, ctx.group);
  return (versionEntries(stored) ?? []).every(v => versionSchema(kv, v) !== undefined);
}

/**
 * Mirrors allowInvalidCABundle: a CRD not yet Established may hold any
 * caBundle, and an established one may keep an invalid one it already had
 * (an empty one counts as valid).
 */
function allowInvalidCABundle(stored: Manifest): boolean {
  if (!isEstablished(stored)) return true;
  const bundle = own(own(own(own(own(stored, 'spec'), 'conversion'), 'webhook'), 'clientConfig'), 'caBundle');
  return typeof bundle === 'string' && bundle !== '' && caBundleError(bundle) !== undefined;
}

/** apiextensions.IsCRDConditionTrue(crd, Established). */
function isEstablished(stored: Manifest): boolean {
  const conditions = own(own(stored, 'status'), 'conditions');
  return Array.isArray(conditions) && conditions.some(c => own(c, 'type') === 'Established' && own(c, 'status') === 'True');
}

/**
 * Mirrors findTooManySelectableFieldsAllowed, which reads the internal specs: selectableFields the same in every
 * version are moved to the spec (k8s/version-hoisting.ts), allowed there under the key "" when the stored spec
 * had more than the limit there and the same ones; a version's own list under its name, likewise. So a list
 * moved to the spec is not allowed by the same list the stored CRD kept in a version, nor the other way.
 */
function findTooManySelectableFieldsAllowed(stored: Manifest, next: Manifest): string[] {
  const before = internalSelectableFields((versionEntries(stored) ?? []).map(v => v.entry));
  const after = internalSelectableFields((versionEntries(next) ?? []).map(v => v.entry));
  const overTheLimit = (fields: unknown): boolean => Array.isArray(fields) && fields.length > MAX_SELECTABLE_FIELDS;
  const allowed: string[] = [];
  if (overTheLimit(before.spec) && sameSelectableFields(after.spec, before.spec)) allowed.push('');
  // A map by name, as Go's oldVersions: of two stored versions of one name, the last counts.
  const beforeByName = new Map(before.versions.map(v => [v.name, v.fields]));
  for (const v of after.versions) {
    if (!beforeByName.has(v.name)) continue;
    const old = beforeByName.get(v.name);
    if (overTheLimit(old) && sameSelectableFields(v.fields, old)) allowed.push(v.name);
  }
  return allowed;
}

/**
 * Mirrors findVersionsWithUnchangedSchemas: the versions of `next` whose schema, as GetSchemaForVersion finds
 * it on each internal CRD (version-schemas.ts: schemaForVersion; a schema every version shares answers for
 * any name), is semantically equal in both (apiequality.Semantic.DeepEqual).
 */
function findVersionsWithUnchangedSchemas(stored: Manifest, next: Manifest, ctx: RuleContext): string[] {
  const nextSchema = schemaForVersion(next, ctx);
  const storedSchema = schemaForVersion(stored, ctx);
  const unchanged: string[] = [];
  for (const v of versionEntries(next) ?? []) {
    const name = goVersionName(v.entry);
    const now = nextSchema(name);
    const before = now === undefined ? undefined : storedSchema(name);
    if (now !== undefined && before !== undefined && sameVersionSchema(now.validation, before.validation)) unchanged.push(name);
  }
  return unchanged;
}

/** apihelpers.GetAPIApprovalState of an object's annotation. */
export function approvalStateOf(obj: Manifest): string {
  const value = own(own(own(obj, 'metadata'), 'annotations'), KUBE_API_APPROVED_ANNOTATION);
  return apiApproval(typeof value === 'string' ? value : undefined);
}
