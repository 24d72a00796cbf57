/**
 * Conversions between manifests: a CRD into a BoundSchema (and back), and
 * kube-bind v1alpha1 exports into v1alpha2. Pure functions over plain
 * objects, with no cdk8s: the constructs and the CLI build on them, never
 * the other way round.
 *
 * CRD -> BoundSchema, one job a file:
 * - `props-from-crd.ts`: read a CRD as plain BoundSchema props, with the
 *   problems that withhold them and the notes of what changed; it delegates
 *   `exported-versions.ts` (which versions, one shared schema),
 *   `crd-version.ts` (one version) and `crd-conversion.ts` (the webhook);
 *   `crd-findings.ts` collects what they find, `crd.ts` names the CRD;
 * - `bound-schema-manifest.ts`: the BoundSchema manifest from those props;
 * - `stored-crd.ts`: the CRD as the API server stores it (the way back);
 * - `crd-collector.ts`: CRDs one at a time, as a stream of them is read, with
 *   the names made so far (a CRD given twice, two CRDs of one name);
 * - `export-for-schemas.ts`: the APIServiceExport for a set of BoundSchemas;
 * - `template-for-schemas.ts`: today's flow, CRDs labelled for export and
 *   the templates offering them, one per scope;
 * - `schema-difference.ts`: where two JSON values differ, for messages.
 */
export { CRD_API_VERSION, CRD_KIND, crdLabel } from './crd';
export type { BoundSchemaPropsFromCrd, FromCrdOptions, FromCrdResult } from './props-from-crd';
export { boundSchemaPropsFromCrd } from './props-from-crd';
export type { BoundSchemaManifestOptions, BoundSchemaManifestResult } from './bound-schema-manifest';
export { boundSchemaManifestFromCrd } from './bound-schema-manifest';
export type { CollectedCrd, CrdOrigin, MadeSchema } from './crd-collector';
export { CrdCollector } from './crd-collector';
export { crdFromBoundSchema, normalizeCrd } from './stored-crd';
export type { ExportForSchemasOptions } from './export-for-schemas';
export { exportForSchemas, exportsForSchemas } from './export-for-schemas';
export type { TemplateForSchemasOptions } from './template-for-schemas';
export { markedExported, templatesForSchemas } from './template-for-schemas';
export type { SchemaDifference } from './schema-difference';
export { schemaDifference } from './schema-difference';
export * from './v1alpha1-to-v1alpha2';
