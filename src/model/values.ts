/**
 * The lists of values of kube-bind's enumerations, read from the enums
 * themselves (`enums.ts`), for the code that checks plain strings: the CRD
 * schemas' `enum` keywords, the rules, `migrate` and `from-crd`.
 */
import {
  ConditionSeverity,
  ConditionStatus,
  ConversionStrategy,
  InformerScope,
  Isolation,
  PrinterColumnFormat,
  PrinterColumnType,
  RequestPhase,
  SchemaUpdatePolicy,
  Scope,
} from './enums';

/** How a message lists values in prose: `A, B or C`. */
export function inProse(values: readonly string[]): string {
  return values.length <= 1 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

/** The values of a string enum, in declaration order. */
function valuesOf(e: { readonly [member: string]: string }): readonly string[] {
  return Object.freeze(Object.values(e));
}

/** `scope` of a resource: Kubernetes' ResourceScope. */
export const RESOURCE_SCOPES = valuesOf(Scope);

/** `informerScope` of an export or a BoundSchema. */
export const INFORMER_SCOPES = valuesOf(InformerScope);

/** `isolation` and the deprecated `clusterScopedIsolation` of an export. */
export const ISOLATIONS = valuesOf(Isolation);

/** `conversion.strategy` of a BoundSchema. */
export const CONVERSION_STRATEGIES = valuesOf(ConversionStrategy);

/** A printer column's `type`: Kubernetes' printerColumnDatatypes (apiextensions validation.go). */
export const PRINTER_COLUMN_TYPES = valuesOf(PrinterColumnType);

/** A printer column's `format`: Kubernetes' customResourceColumnDefinitionFormats (apiextensions validation.go). */
export const PRINTER_COLUMN_FORMATS = valuesOf(PrinterColumnFormat);

/** A condition's `status`. */
export const CONDITION_STATUSES = valuesOf(ConditionStatus);

/** A `False` condition's `severity` (kube-bind's Condition type). */
export const CONDITION_SEVERITIES = valuesOf(ConditionSeverity);

/** `schemaUpdatePolicy` of a template or an export request. */
export const SCHEMA_UPDATE_POLICIES = valuesOf(SchemaUpdatePolicy);

/** `status.phase` of an export request or a BindableResourcesRequest. */
export const REQUEST_PHASES = valuesOf(RequestPhase);
