/**
 * What every rule reports: a violation of one rule at one field of one object.
 */

/** How bad a violation is. Only `error` makes an object invalid. */
export type Severity = 'error' | 'warning' | 'info';

/** One broken invariant, found at one field of one object. */
export interface Violation {
  /** Stable rule id, for example `KB031`. */
  readonly rule: string;
  readonly severity: Severity;
  /** Field path in kubectl's notation, for example `spec.versions[1].storage`. */
  readonly path: string;
  /** What is wrong, quoting the offending value. */
  readonly message: string;
  /** How to fix it. */
  readonly hint?: string;
}

/** Builds a violation; rules call this so every field is filled the same way. */
export function violation(
  rule: { readonly id: string; readonly severity: Severity }, path: string, message: string, hint?: string, severity?: Severity,
): Violation {
  return { rule: rule.id, severity: severity ?? rule.severity, path, message, ...(hint !== undefined ? { hint } : {}) };
}
