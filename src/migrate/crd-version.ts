/**
 * One entry of a CRD's `spec.versions`, read as a `ResourceVersion` and its
 * schema: name, served, storage, deprecation, printer columns, subresources.
 * Which versions are read, and whether their schemas agree, is the job of
 * `exported-versions.ts`.
 */
import { CrdFindings } from './crd-findings';
import { isObject, own } from '../model/manifest';
import { show } from '../rules/engine/messages';
import { field, item } from '../rules/engine/paths';
import { PrinterColumn, PrinterColumnFormat, PrinterColumnType } from '../values/printer-column';
import { ResourceVersion } from '../values/resource-version';
import { Subresources } from '../values/subresources';

// The fields apiextensions.k8s.io/v1 knows; anything else the API server refuses.
const VERSION_KEYS = ['name', 'served', 'storage', 'deprecated', 'deprecationWarning', 'schema', 'additionalPrinterColumns', 'subresources'];
const COLUMN_KEYS = ['name', 'type', 'jsonPath', 'format', 'description', 'priority'];
const SCALE_KEYS = ['specReplicasPath', 'statusReplicasPath', 'labelSelectorPath'];

/** A version as read; `schema` is absent after a problem with it. */
export interface CrdVersion {
  readonly version: ResourceVersion;
  readonly schema?: { [key: string]: any };
  /** Where the schema sits, `spec.versions[i].schema.openAPIV3Schema`, for messages. */
  readonly schemaPath: string;
}

/** Reads `spec.versions[i]` (at `path`); undefined when it has no usable name. */
export function readCrdVersion(findings: CrdFindings, v: unknown, path: string): CrdVersion | undefined {
  const schemaPath = field(field(path, 'schema'), 'openAPIV3Schema');
  if (!isObject(v)) {
    findings.problem(path, `must be an object, got ${show(v)}`);
    return undefined;
  }
  // selectableFields is a v1 field (a note below), not an unknown one.
  findings.unknownKeys(v, path, [...VERSION_KEYS, 'selectableFields'], () => 'is not a field of a CRD version: the API server refuses it');
  if (own(v, 'selectableFields') !== undefined) {
    findings.note(field(path, 'selectableFields'), 'is dropped: a BoundSchema version has no selectable fields (kube-bind\'s CRDToBoundSchema drops them too), '
      + 'so the consumer\'s CRD will not have them and field selectors on them will not work there');
  }
  const name = findings.nonEmptyString(own(v, 'name'), field(path, 'name'));
  const served = findings.optionalBoolean(own(v, 'served'), field(path, 'served'));
  const storage = findings.optionalBoolean(own(v, 'storage'), field(path, 'storage'));
  const deprecated = findings.optionalBoolean(own(v, 'deprecated'), field(path, 'deprecated'));
  const deprecationWarning = findings.optionalString(own(v, 'deprecationWarning'), field(path, 'deprecationWarning'));
  const schema = readSchema(findings, own(v, 'schema'), field(path, 'schema'));
  const printerColumns = readColumns(findings, own(v, 'additionalPrinterColumns'), field(path, 'additionalPrinterColumns'));
  const subresources = readSubresources(findings, own(v, 'subresources'), field(path, 'subresources'));
  if (own(v, 'served') === undefined) {
    findings.note(field(path, 'served'), 'is not set: Kubernetes reads a missing served as false, so the BoundSchema says served: false');
  }
  if (name === undefined) return undefined;
  const version: ResourceVersion = {
    name,
    served: served === true,
    storage: storage === true,
    ...(deprecated === true ? { deprecated: true } : {}),
    ...(deprecationWarning !== undefined ? { deprecationWarning } : {}),
    ...(printerColumns !== undefined && printerColumns.length > 0 ? { printerColumns } : {}),
    ...(subresources !== undefined && (subresources.status === true || subresources.scale !== undefined) ? { subresources } : {}),
  };
  return { version, schema, schemaPath };
}

function readSchema(findings: CrdFindings, schema: unknown, path: string): { [key: string]: any } | undefined {
  if (!isObject(schema)) {
    findings.problem(path, schema === undefined
      ? 'is missing: kube-bind needs the schema of every version (and apiextensions.k8s.io/v1 requires one)'
      : `must be an object, got ${show(schema)}`);
    return undefined;
  }
  findings.unknownKeys(schema, path, ['openAPIV3Schema'], () => 'is not a field of a version schema: the API server refuses it');
  const inner = own(schema, 'openAPIV3Schema');
  if (!isObject(inner)) {
    findings.problem(field(path, 'openAPIV3Schema'), inner === undefined ? 'is missing: kube-bind needs the schema of every version' : `must be an object, got ${show(inner)}`);
    return undefined;
  }
  return inner;
}

function readColumns(findings: CrdFindings, columns: unknown, path: string): PrinterColumn[] | undefined {
  if (columns === undefined) return undefined;
  if (!Array.isArray(columns)) {
    findings.problem(path, `must be a list, got ${show(columns)}`);
    return undefined;
  }
  const out: PrinterColumn[] = [];
  columns.forEach((c, i) => {
    const at = item(path, i);
    if (!isObject(c)) {
      findings.problem(at, `must be an object, got ${show(c)}`);
      return;
    }
    findings.unknownKeys(c, at, COLUMN_KEYS, () => 'is not a field of a printer column: the API server refuses it');
    const name = findings.requiredString(own(c, 'name'), field(at, 'name'));
    const type = findings.requiredString(own(c, 'type'), field(at, 'type'));
    const jsonPath = findings.requiredString(own(c, 'jsonPath'), field(at, 'jsonPath'));
    const format = findings.optionalString(own(c, 'format'), field(at, 'format'));
    const description = findings.optionalString(own(c, 'description'), field(at, 'description'));
    const priority = own(c, 'priority');
    if (priority !== undefined && !Number.isInteger(priority)) findings.problem(field(at, 'priority'), `must be an integer, got ${show(priority)}`);
    if (name === undefined || type === undefined || jsonPath === undefined) return;
    // type and format are carried as they are: the rules judge their values on the BoundSchema.
    out.push({
      name,
      type: type as PrinterColumnType,
      jsonPath,
      ...(format !== undefined ? { format: format as PrinterColumnFormat } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(Number.isInteger(priority) ? { priority } : {}),
    });
  });
  return out;
}

function readSubresources(findings: CrdFindings, subresources: unknown, path: string): Subresources | undefined {
  if (subresources === undefined) return undefined;
  if (!isObject(subresources)) {
    findings.problem(path, `must be an object, got ${show(subresources)}`);
    return undefined;
  }
  findings.unknownKeys(subresources, path, ['status', 'scale'], () => 'is not a subresource Kubernetes serves: the API server refuses it');
  const status = own(subresources, 'status');
  if (status !== undefined && !isObject(status)) findings.problem(field(path, 'status'), `must be an object ({}), got ${show(status)}`);
  if (isObject(status)) {
    findings.unknownKeys(status, field(path, 'status'), [], () => 'is not a field of the status subresource, which is always {}');
  }
  const scale = own(subresources, 'scale');
  const scalePath = field(path, 'scale');
  let scaleOut: Subresources['scale'];
  if (scale !== undefined && !isObject(scale)) findings.problem(scalePath, `must be an object, got ${show(scale)}`);
  if (isObject(scale)) {
    findings.unknownKeys(scale, scalePath, SCALE_KEYS, () => 'is not a field of the scale subresource: the API server refuses it');
    const specReplicasPath = findings.requiredString(own(scale, 'specReplicasPath'), field(scalePath, 'specReplicasPath'));
    const statusReplicasPath = findings.requiredString(own(scale, 'statusReplicasPath'), field(scalePath, 'statusReplicasPath'));
    const labelSelectorPath = findings.optionalString(own(scale, 'labelSelectorPath'), field(scalePath, 'labelSelectorPath'));
    if (specReplicasPath !== undefined && statusReplicasPath !== undefined) {
      scaleOut = { specReplicasPath, statusReplicasPath, ...(labelSelectorPath !== undefined ? { labelSelectorPath } : {}) };
    }
  }
  return { ...(isObject(status) ? { status: true } : {}), ...(scaleOut !== undefined ? { scale: scaleOut } : {}) };
}
