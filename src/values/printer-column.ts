import { PrinterColumnFormat, PrinterColumnType } from '../model/enums';

export { PrinterColumnType, PrinterColumnFormat } from '../model/enums';

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

/** The manifest form of a printer column: the fields given, in kube-bind's order. */
export function renderPrinterColumn(column: PrinterColumn): PrinterColumn {
  return {
    name: column.name,
    type: column.type,
    jsonPath: column.jsonPath,
    ...(column.format !== undefined ? { format: column.format } : {}),
    ...(column.description !== undefined ? { description: column.description } : {}),
    ...(column.priority !== undefined ? { priority: column.priority } : {}),
  };
}
