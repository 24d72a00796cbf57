import { PrinterColumn, renderPrinterColumn } from './printer-column';
import { Subresources, SubresourcesManifest, renderSubresources } from './subresources';

/**
 * One served version of an exported custom resource.
 *
 * The OpenAPI schema is not part of a version: the spec (§8.2) requires it to
 * be the same in every version, because kube-bind cannot convert objects
 * between versions, so it is given once, on the construct.
 */
export interface ResourceVersion {
  /**
   * The version name, e.g. `v1`, `v1beta2`, `v2alpha1`.
   */
  readonly name: string;

  /**
   * Whether the version is served through the REST API.
   *
   * @default true
   */
  readonly served?: boolean;

  /**
   * Whether objects are persisted in this version. Exactly one version is the storage version.
   *
   * @default - the first version added, unless another version sets `storage: true`
   */
  readonly storage?: boolean;

  /**
   * Whether requests to this version receive a deprecation warning.
   *
   * @default false
   */
  readonly deprecated?: boolean;

  /**
   * The warning sent instead of the server's default. Only with `deprecated: true`.
   *
   * @default - the server's default warning
   */
  readonly deprecationWarning?: string;

  /**
   * Columns `kubectl get` shows for this version.
   *
   * @default - the construct's `printerColumns`
   */
  readonly printerColumns?: PrinterColumn[];

  /**
   * Subresources this version serves.
   *
   * @default - the construct's `subresources`
   */
  readonly subresources?: Subresources;
}

/** What every version inherits from its construct unless it says otherwise. */
export interface VersionDefaults {
  readonly schema: any;
  readonly printerColumns?: PrinterColumn[];
  readonly subresources?: Subresources;
}

/** One item of `spec.versions` in manifest form: a CRD's, a BoundSchema's, a v1alpha1 export's. */
export interface VersionManifest {
  readonly name: string;
  readonly served: boolean;
  readonly storage: boolean;
  readonly deprecated?: boolean;
  readonly deprecationWarning?: string;
  readonly schema: { readonly openAPIV3Schema: any };
  readonly additionalPrinterColumns?: PrinterColumn[];
  readonly subresources?: SubresourcesManifest;
}

/**
 * The manifest form of `spec.versions`. Storage defaults to the first version
 * when no version claims it, so a single-version resource needs no flag.
 */
export function renderVersions(versions: readonly ResourceVersion[], defaults: VersionDefaults, copySchemas = true): VersionManifest[] {
  const storageClaimed = versions.some(v => v.storage === true);
  return versions.map((v, i) => {
    const columns = v.printerColumns ?? defaults.printerColumns;
    const subresources = renderSubresources(v.subresources ?? defaults.subresources);
    return {
      name: v.name,
      served: v.served ?? true,
      storage: v.storage ?? (!storageClaimed && i === 0),
      ...(v.deprecated !== undefined ? { deprecated: v.deprecated } : {}),
      ...(v.deprecationWarning !== undefined ? { deprecationWarning: v.deprecationWarning } : {}),
      schema: { openAPIV3Schema: copySchemas ? copySchema(defaults.schema) : defaults.schema },
      ...(columns && columns.length > 0 ? { additionalPrinterColumns: columns.map(renderPrinterColumn) } : {}),
      ...(subresources ? { subresources } : {}),
    };
  });
}

/**
 * A deep copy of a user's OpenAPI schema in which every key, `__proto__` and
 * `constructor` included, stays an own data property: the schema is data and
 * must never reach an object's prototype.
 */
export function copySchema(value: any): any {
  if (Array.isArray(value)) return value.map(copySchema);
  if (value === null || typeof value !== 'object') return value;
  const out: { [key: string]: any } = {};
  for (const key of Object.keys(value)) {
    // Only `__proto__` needs defining (assigning it would set the prototype); defining every key is several times slower.
    if (key === '__proto__') Object.defineProperty(out, key, { value: copySchema(value[key]), enumerable: true, writable: true, configurable: true });
    else out[key] = copySchema(value[key]);
  }
  return out;
}
