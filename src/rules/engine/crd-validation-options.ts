/**
 * What Kubernetes' CRD validation relaxes on update: the part of
 * `validationOptions` (apiextensions-apiserver
 * pkg/apis/apiextensions/validation/validation.go, Kubernetes 1.36) that
 * `ValidateCustomResourceDefinitionUpdate` reads off the stored object, and
 * the stored object's part of `validatePreserveUnknownFields` and
 * `validateAPIApproval`. A check is relaxed only where the stored object
 * already failed it ("don't tighten validation on existing persisted data").
 *
 * Not an option here: `preexistingExpressions` (findPreexistingExpressions).
 * The stored CRD's rules and messageExpressions compile in the
 * StoredExpressions environment rather than NewExpressions (its RuleEnv and
 * MessageExpressionEnv), and nothing else is relaxed for them: their costs
 * are not (suppressPerExpressionCost goes by the name a schema is validated
 * under, below). In Kubernetes
 * 1.36 the two environments declare the same libraries (base.go introduces
 * no option after 1.34 and removes none after 1.29, and NewExpressions
 * compiles at compatibility version 1.35), so a stored expression compiles
 * as a new one would (k8s/cel/library.ts).
 *
 * The options are data, stated once here; `helpers/crd-update-options.ts`
 * derives them from the stored object, and each rule a relaxation concerns
 * reads it through `crdValidationOptions(ctx)`.
 */

/** The checks `ValidateCustomResourceDefinitionUpdate` may relax, named as validation.go names them. */
export interface CrdValidationOptions {
  /** validateConversionReviewVersions: at least one of v1, v1beta1 (KB089). */
  readonly requireRecognizedConversionReviewVersion: boolean;
  /** validateCustomResourceDefinitionSpec: every version has a schema (KB183). */
  readonly requireOpenAPISchema: boolean;
  /** specStandardValidatorV3.validate: every type is an OpenAPI type (KB037). */
  readonly requireValidPropertyType: boolean;
  /**
   * validateCustomResourceDefinitionValidation: the schema is structural
   * (ValidateStructural), and so its defaults and its CEL rules are checked
   * (ValidateDefaults, RootCELContext): without it, neither is.
   */
  readonly requireStructuralSchema: boolean;
  /** ValidateDefaults: a default has no field pruning would remove (KB037). */
  readonly requirePrunedDefaults: boolean;
  /** ValidateCustomResourceDefinitionOpenAPISchema: the items of a set are atomic (KB039). */
  readonly requireAtomicSetType: boolean;
  /** validateMapListKeysMapSet: list items and map keys not nullable, map keys required or defaulted (KB039). */
  readonly requireMapListKeysMapSetValidation: boolean;
  /** validateCustomResourceConversion: the caBundle is checked (ValidateCABundle) only when this is false (KB092). */
  readonly allowInvalidCABundle: boolean;
  /**
   * findTooManySelectableFieldsAllowed: the versions (`''` for spec-level:
   * the list every version shares, which the server moves to the spec)
   * whose selectableFields may stay over the limit (KB186).
   */
  readonly allowTooManySelectableFields: readonly string[];
  /**
   * findVersionsWithUnchangedSchemas: the versions whose schema the update
   * leaves semantically equal, each as GetSchemaForVersion finds it (a
   * schema every version shares answers for any name).
   * suppressExpressionCostForUnchangedSchema sets suppressPerExpressionCost
   * for a schema validated under one of these names (a version's own under
   * its name, one moved to the spec under the first version's, spec.Version):
   * its rules' and messageExpressions' own cost limit
   * (StaticEstimatedCostLimit) is not checked, so that a schema the server
   * accepted stays accepted after a control-plane upgrade changed the
   * estimator (KB044). The schema's total cost still is.
   */
  readonly versionsWithUnchangedSchemas: readonly string[];
  /** validatePreserveUnknownFields: the stored CRD had `spec.preserveUnknownFields: true` (KB184). */
  readonly storedPreserveUnknownFields: boolean;
  /** validateAPIApproval: the stored CRD's approval state (apihelpers.GetAPIApprovalState), kept while it does not change (KB185). */
  readonly storedApprovalState?: string;
}

/**
 * `ValidateCustomResourceDefinition`'s options: a create relaxes nothing but
 * the caBundle, which is not checked before the CRD is established.
 */
export const CREATE_OPTIONS: CrdValidationOptions = {
  requireRecognizedConversionReviewVersion: true,
  requireOpenAPISchema: true,
  requireValidPropertyType: true,
  requireStructuralSchema: true,
  requirePrunedDefaults: true,
  requireAtomicSetType: true,
  requireMapListKeysMapSetValidation: true,
  allowInvalidCABundle: true,
  allowTooManySelectableFields: [],
  versionsWithUnchangedSchemas: [],
  storedPreserveUnknownFields: false,
};

/** The options a check runs under: those of its update, else a create's. */
export function crdValidationOptions(ctx: { readonly crdUpdate?: CrdValidationOptions }): CrdValidationOptions {
  return ctx.crdUpdate ?? CREATE_OPTIONS;
}

/** The checks of the structural walk that an option gates, by the option's name. */
export type SchemaCheckOption =
  'requireValidPropertyType' | 'requireStructuralSchema' | 'requirePrunedDefaults' | 'requireAtomicSetType' | 'requireMapListKeysMapSetValidation';
