/**
 * The CustomResourceDefinition as the API server stores it: what the
 * consumer cluster gets for a BoundSchema, and a CRD reduced to what a
 * BoundSchema carries. The two meet in the round trip the property tests
 * check: CRD -> BoundSchema -> CRD gives back `normalizeCrd(crd)`, with
 * Kubernetes' own defaults written out and the values that equal a default
 * left out. Precisely:
 * - `names.singular` defaults to the lowercased kind, `names.listKind` to
 *   `<kind>List` (both written out); empty `shortNames`/`categories` are left out;
 * - a missing `spec.conversion` is `{ strategy: None }`;
 * - `served` and `storage` are always written; a missing one is `false`, as
 *   Kubernetes reads it (kube-bind's own CRDs default `served` to true, so a
 *   BoundSchema without `served` becomes a CRD with `served: true`);
 * - `deprecated: false`, `preserveUnknownFields: false`, empty
 *   `additionalPrinterColumns` and empty `subresources` are left out;
 * - `metadata` is reduced to the name `<plural>.<group>`, `status` is dropped;
 * - every version carries one schema, equal to the original per-version
 *   schemas as JSON values (key order is not kept);
 * - `selectableFields` are dropped (a BoundSchema has none).
 * This holds for CRDs whose versions are all served or stored and whose
 * schemas are equal as JSON. Otherwise the BoundSchema leaves out the versions
 * that are neither served nor stored (or that the `versions` option does not
 * name), and gives every version the storage version's schema when schemas
 * differ only in documentation (spec §8.2 read semantically, see
 * `rules/schema-equality.ts`); both are reported as notes.
 *
 * Both functions are total: what is missing or mistyped is left out.
 */
import { CRD_API_VERSION, CRD_KIND } from './crd';
import { DEFAULT_CONVERSION_STRATEGY } from '../model';
import { Manifest, isObject, own } from '../model/manifest';
import { goToLower } from '../rules/k8s/names';
import { PrinterColumn, renderPrinterColumn } from '../values/printer-column';
import { copySchema } from '../values/resource-version';
import { renderSubresources } from '../values/subresources';

/**
 * The CustomResourceDefinition the consumer cluster gets for a BoundSchema,
 * as its API server stores it (defaults written out, see the module comment).
 * Reads either schema form kube-bind writes: `{ openAPIV3Schema }` or the
 * schema itself.
 */
export function crdFromBoundSchema(manifest: unknown): Manifest {
  return storedCrd(own(manifest, 'spec'), v => boundSchemaVersionSchema(v), true);
}

/**
 * A CRD as the API server stores it, reduced to what a BoundSchema carries
 * (see the module comment). For every CRD `boundSchemaManifestFromCrd`
 * accepts, `crdFromBoundSchema` of its manifest equals `normalizeCrd(crd)`.
 */
export function normalizeCrd(crd: unknown): Manifest {
  const spec = own(crd, 'spec');
  const versions = own(spec, 'versions');
  // A version neither served nor stored is not exported (see exported-versions.ts).
  const exported = Array.isArray(versions) ? versions.filter(v => !isObject(v) || own(v, 'served') === true || own(v, 'storage') === true) : versions;
  return storedCrd(isObject(spec) ? { ...spec, versions: exported } : spec, v => own(own(v, 'schema'), 'openAPIV3Schema'), false);
}

/**
 * The CRD both functions above build from a definition-like spec; they differ
 * only in where a version keeps its schema and whether `served` defaults to true.
 */
function storedCrd(spec: unknown, schemaOf: (version: Manifest) => unknown, servedByDefault: boolean): Manifest {
  const group = own(spec, 'group');
  const names = namesWithDefaults(own(spec, 'names'));
  const plural = own(names, 'plural');
  const versions = own(spec, 'versions');
  return {
    apiVersion: CRD_API_VERSION,
    kind: CRD_KIND,
    metadata: { name: `${typeof plural === 'string' ? plural : ''}.${typeof group === 'string' ? group : ''}` },
    spec: {
      ...(group !== undefined ? { group } : {}),
      names,
      ...(own(spec, 'scope') !== undefined ? { scope: own(spec, 'scope') } : {}),
      versions: Array.isArray(versions) ? versions.filter(isObject).map(v => versionForCrd(v, schemaOf(v), servedByDefault)) : [],
      conversion: conversionForCrd(own(spec, 'conversion')),
    },
  };
}

/** The openAPIV3Schema of a BoundSchema version, in either form kube-bind writes. */
function boundSchemaVersionSchema(version: { [key: string]: any }): unknown {
  const schema = own(version, 'schema');
  return isObject(schema) && Object.prototype.hasOwnProperty.call(schema, 'openAPIV3Schema') ? own(schema, 'openAPIV3Schema') : schema;
}

/** `names` with Kubernetes' defaults written out: singular is the lowercased kind, listKind `<kind>List`. */
function namesWithDefaults(names: unknown): { [key: string]: any } {
  const kind = own(names, 'kind');
  const plural = own(names, 'plural');
  const singular = own(names, 'singular');
  const listKind = own(names, 'listKind');
  const shortNames = own(names, 'shortNames');
  const categories = own(names, 'categories');
  const kindText = typeof kind === 'string' ? kind : '';
  const singularOut = typeof singular === 'string' && singular !== '' ? singular : goToLower(kindText);
  const listKindOut = typeof listKind === 'string' && listKind !== '' ? listKind : kindText !== '' ? `${kindText}List` : '';
  return {
    ...(kind !== undefined ? { kind } : {}),
    ...(plural !== undefined ? { plural } : {}),
    ...(singularOut !== '' ? { singular: singularOut } : {}),
    ...(listKindOut !== '' ? { listKind: listKindOut } : {}),
    ...(Array.isArray(shortNames) && shortNames.length > 0 ? { shortNames: [...shortNames] } : {}),
    ...(Array.isArray(categories) && categories.length > 0 ? { categories: [...categories] } : {}),
  };
}

/**
 * One version of the CRD. `servedByDefault` is kube-bind's default for a
 * missing `served` (true); a CRD reads it as false.
 */
function versionForCrd(version: { [key: string]: any }, schema: unknown, servedByDefault: boolean): Manifest {
  const served = own(version, 'served');
  const deprecationWarning = own(version, 'deprecationWarning');
  const columns = own(version, 'additionalPrinterColumns');
  const subresources = subresourcesForCrd(own(version, 'subresources'));
  return {
    name: own(version, 'name'),
    served: typeof served === 'boolean' ? served : servedByDefault,
    storage: own(version, 'storage') === true,
    ...(own(version, 'deprecated') === true ? { deprecated: true } : {}),
    ...(deprecationWarning !== undefined ? { deprecationWarning } : {}),
    schema: { openAPIV3Schema: copySchema(schema) },
    ...(Array.isArray(columns) && columns.length > 0
      ? { additionalPrinterColumns: columns.filter(isObject).map(c => renderPrinterColumn(c as PrinterColumn)) }
      : {}),
    ...(subresources !== undefined ? { subresources } : {}),
  };
}

function subresourcesForCrd(subresources: unknown): { [key: string]: any } | undefined {
  if (!isObject(subresources)) return undefined;
  const scale = own(subresources, 'scale');
  return renderSubresources({
    status: isObject(own(subresources, 'status')),
    ...(isObject(scale) ? {
      scale: {
        specReplicasPath: own(scale, 'specReplicasPath'),
        statusReplicasPath: own(scale, 'statusReplicasPath'),
        ...(own(scale, 'labelSelectorPath') !== undefined ? { labelSelectorPath: own(scale, 'labelSelectorPath') } : {}),
      },
    } : {}),
  });
}

/** The conversion of the CRD: the webhook only with strategy Webhook, as Kubernetes and kube-bind's BoundSchemaToCRD. */
function conversionForCrd(conversion: unknown): Manifest {
  const strategy = own(conversion, 'strategy');
  if (!isObject(conversion) || strategy === undefined) return { strategy: DEFAULT_CONVERSION_STRATEGY };
  const webhook = own(conversion, 'webhook');
  if (strategy !== 'Webhook' || !isObject(webhook)) return { strategy };
  const clientConfig = own(webhook, 'clientConfig');
  const reviewVersions = own(webhook, 'conversionReviewVersions');
  const url = own(clientConfig, 'url');
  const caBundle = own(clientConfig, 'caBundle');
  return {
    strategy,
    webhook: {
      ...(isObject(clientConfig) ? {
        clientConfig: { ...(url !== undefined ? { url } : {}), ...(caBundle !== undefined && caBundle !== '' ? { caBundle } : {}) },
      } : {}),
      ...(Array.isArray(reviewVersions) ? { conversionReviewVersions: [...reviewVersions] } : {}),
    },
  };
}
