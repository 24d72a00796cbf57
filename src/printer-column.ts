/**
 * The OpenAPI type of a printer column's value.
 */
export enum PrinterColumnType {
  INTEGER = 'integer',
  NUMBER = 'number',
  STRING = 'string',
  BOOLEAN = 'boolean',
  /** Shown as an age, e.g. `5m`. */
  DATE = 'date',
}

/**
 * The OpenAPI format of a printer column's value: the formats Kubernetes'
 * CRD validation accepts. (The API docs mention a `name` format; the server
 * refuses it.)
 */
export enum PrinterColumnFormat {
  INT32 = 'int32',
  INT64 = 'int64',
  FLOAT = 'float',
  DOUBLE = 'double',
  BYTE = 'byte',
  DATE = 'date',
  DATE_TIME = 'date-time',
  PASSWORD = 'password',
}

/**
 * A column `kubectl get` shows for the custom resource (`additionalPrinterColumns`).
 */
export interface PrinterColumn {
  /**
   * The column header.
   */
  readonly name: string;

  /**
   * The type of the value.
   */
  readonly type: PrinterColumnType;

  /**
   * A simple JSON path into each object, e.g. `.status.phase`.
   */
  readonly jsonPath: string;

  /**
   * The format of the value.
   *
   * @default - none
   */
  readonly format?: PrinterColumnFormat;

  /**
   * What the column shows.
   *
   * @default - none
   */
  readonly description?: string;

  /**
   * Importance: 0 is always shown, higher numbers only with `-o wide`.
   *
   * @default 0
   */
  readonly priority?: number;
}

/** The manifest form of a printer column. */
export function renderPrinterColumn(column: PrinterColumn): { [key: string]: any } {
  return {
    name: column.name,
    type: column.type,
    jsonPath: column.jsonPath,
    ...(column.format !== undefined ? { format: column.format } : {}),
    ...(column.description !== undefined ? { description: column.description } : {}),
    ...(column.priority !== undefined ? { priority: column.priority } : {}),
  };
}
