import * as l1 from '../imports/kube-bind.io';
import { ConversionStrategy, InformerScope, Isolation, SchemaUpdatePolicy, Scope } from '../model/enums';

/**
 * Our public enums (model/enums.ts) as the L1's, in this one place.
 *
 * `npx projen import` gives every enum field of every kind an enum of its
 * own (`l1.ApiServiceExportSpecIsolation`, `l1.ApiServiceExportSpecClusterScopedIsolation`,
 * ...), with the strings of our CRDs, which src/crds writes from our enums. A
 * table per field maps each member of ours to the L1's member: a member of
 * ours with no match in the L1 (the CRDs and the enums apart) is a compile
 * error here. A value outside our enum, which only JavaScript can pass, is
 * written as given, so that the rules name it (KB00x) as they would in a
 * file.
 *
 * Fields the generated L1 types as a plain string (a BoundSchema's
 * `informerScope`, a template's `scope`, a printer column's `type` and
 * `format`) take our enums as they are.
 */

/** Each member of `V` mapped to a member of the L1 enum `E`. */
type Table<V extends string, E extends string> = { readonly [K in V]: E };

/** The mapping a table states; anything else as given. */
function mapping<V extends string, E extends string>(table: Table<V, E>): (value: V) => E {
  // A Map, not the table: a JavaScript value such as "constructor" must not find Object.prototype's.
  const known = new Map<string, E>(Object.entries(table) as Array<[string, E]>);
  return value => known.get(value) ?? (value as string as E);
}

/** `spec.isolation` of a v1alpha2 APIServiceExport. */
export const exportIsolation = mapping<Isolation, l1.ApiServiceExportSpecIsolation>({
  [Isolation.PREFIXED]: l1.ApiServiceExportSpecIsolation.PREFIXED,
  [Isolation.NAMESPACED]: l1.ApiServiceExportSpecIsolation.NAMESPACED,
  [Isolation.NONE]: l1.ApiServiceExportSpecIsolation.NONE,
});

/** `spec.clusterScopedIsolation` of a v1alpha2 APIServiceExport. */
export const exportClusterScopedIsolation = mapping<Isolation, l1.ApiServiceExportSpecClusterScopedIsolation>({
  [Isolation.PREFIXED]: l1.ApiServiceExportSpecClusterScopedIsolation.PREFIXED,
  [Isolation.NAMESPACED]: l1.ApiServiceExportSpecClusterScopedIsolation.NAMESPACED,
  [Isolation.NONE]: l1.ApiServiceExportSpecClusterScopedIsolation.NONE,
});

/** `spec.informerScope` of a v1alpha2 APIServiceExport. */
export const exportInformerScope = mapping<InformerScope, l1.ApiServiceExportSpecInformerScope>({
  [InformerScope.CLUSTER]: l1.ApiServiceExportSpecInformerScope.CLUSTER,
  [InformerScope.NAMESPACED]: l1.ApiServiceExportSpecInformerScope.NAMESPACED,
});

/** `spec.scope` of a v1alpha1 APIServiceExport. */
export const v1alpha1ExportScope = mapping<Scope, l1.ApiServiceExportV1Alpha1SpecScope>({
  [Scope.CLUSTER]: l1.ApiServiceExportV1Alpha1SpecScope.CLUSTER,
  [Scope.NAMESPACED]: l1.ApiServiceExportV1Alpha1SpecScope.NAMESPACED,
});

/** `spec.informerScope` of a v1alpha1 APIServiceExport. */
export const v1alpha1ExportInformerScope = mapping<InformerScope, l1.ApiServiceExportV1Alpha1SpecInformerScope>({
  [InformerScope.CLUSTER]: l1.ApiServiceExportV1Alpha1SpecInformerScope.CLUSTER,
  [InformerScope.NAMESPACED]: l1.ApiServiceExportV1Alpha1SpecInformerScope.NAMESPACED,
});

/** `spec.clusterScopedIsolation` of a v1alpha1 APIServiceExport. */
export const v1alpha1ExportClusterScopedIsolation = mapping<Isolation, l1.ApiServiceExportV1Alpha1SpecClusterScopedIsolation>({
  [Isolation.PREFIXED]: l1.ApiServiceExportV1Alpha1SpecClusterScopedIsolation.PREFIXED,
  [Isolation.NAMESPACED]: l1.ApiServiceExportV1Alpha1SpecClusterScopedIsolation.NAMESPACED,
  [Isolation.NONE]: l1.ApiServiceExportV1Alpha1SpecClusterScopedIsolation.NONE,
});

/** `spec.scope` of a BoundSchema. */
export const boundSchemaScope = mapping<Scope, l1.BoundSchemaSpecScope>({
  [Scope.CLUSTER]: l1.BoundSchemaSpecScope.CLUSTER,
  [Scope.NAMESPACED]: l1.BoundSchemaSpecScope.NAMESPACED,
});

/** `spec.conversion.strategy` of a BoundSchema. */
export const boundSchemaConversionStrategy = mapping<ConversionStrategy, l1.BoundSchemaSpecConversionStrategy>({
  [ConversionStrategy.NONE]: l1.BoundSchemaSpecConversionStrategy.NONE,
  [ConversionStrategy.WEBHOOK]: l1.BoundSchemaSpecConversionStrategy.WEBHOOK,
});

/** `spec.schemaUpdatePolicy` of an APIServiceExportTemplate. */
export const templateSchemaUpdatePolicy = mapping<SchemaUpdatePolicy, l1.ApiServiceExportTemplateSpecSchemaUpdatePolicy>({
  [SchemaUpdatePolicy.NEVER]: l1.ApiServiceExportTemplateSpecSchemaUpdatePolicy.NEVER,
  [SchemaUpdatePolicy.ALWAYS]: l1.ApiServiceExportTemplateSpecSchemaUpdatePolicy.ALWAYS,
});

/** `spec.schemaUpdatePolicy` of a v1alpha2 APIServiceExportRequest. */
export const requestSchemaUpdatePolicy = mapping<SchemaUpdatePolicy, l1.ApiServiceExportRequestSpecSchemaUpdatePolicy>({
  [SchemaUpdatePolicy.NEVER]: l1.ApiServiceExportRequestSpecSchemaUpdatePolicy.NEVER,
  [SchemaUpdatePolicy.ALWAYS]: l1.ApiServiceExportRequestSpecSchemaUpdatePolicy.ALWAYS,
});
