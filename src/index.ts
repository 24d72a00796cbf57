// Public API only: every name here is part of the jsii assembly.
export { Scope, InformerScope, Isolation, PrinterColumnType, PrinterColumnFormat, ConversionStrategy, ConditionStatus, ConditionSeverity } from './model/enums';
export type { ResourceNames } from './resource-names';
export type { PrinterColumn } from './printer-column';
export type { Subresources, ScaleSubresource } from './subresources';
export type { ResourceVersion } from './resource-version';
export { Conversion } from './conversion';
export type { WebhookConversionOptions } from './conversion';
export { KubeBindResource } from './kube-bind-resource';
export type { KubeBindResourceProps, KubeBindResourceKind } from './kube-bind-resource';
export { DefinitionResource } from './definition-resource';
export type { DefinitionSpecProps } from './definition-spec';
export { KubeBindCrds } from './kube-bind-crds';
export type { KubeBindCrdsProps } from './kube-bind-crds';
export { BoundSchema } from './bound-schema';
export type { BoundSchemaProps, BoundSchemaFromCrdOptions } from './bound-schema';
export { ApiServiceExportV1Alpha1 } from './api-service-export-v1alpha1';
export type { ApiServiceExportV1Alpha1Props } from './api-service-export-v1alpha1';
export { ApiServiceExport } from './api-service-export';
export type { ApiServiceExportProps, ExportedResource } from './api-service-export';
export type { IApiResource } from './api-resource';
export { PermissionClaim } from './permission-claim';
export type { PermissionClaimProps, NamedResource, ClaimReference, ReferenceJsonPath, LabelSelectorRequirement } from './permission-claim';
// Status conditions are written by kube-bind, not by providers: their builders live apart.
export * as status from './lifecycle/conditions';
export { UpdateCheck } from './update-check';
export type { UpdateCheckProps } from './update-check';
export * as l1 from './imports/kube-bind.io';
