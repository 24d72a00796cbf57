/**
 * What every rule reports: a violation of one rule at one field of one object.
 */
import { flat } from '../../model/manifest';

/** How bad a violation is. Only `error` makes an object invalid. */
export type Severity = 'error' | 'warning' | 'info';

/**
 * Who meets what a finding reports, which decides what a finding in `.status`
 * of a kind with the status subresource says (helpers/status-subresource.ts):
 * - `decoding`: the API server, while decoding the request (field
 *   validation), before the strategy drops `.status`;
 * - `schema`: the API server, validating against the CRD's schema after
 *   that, so in `.status` only a write to /status meets it;
 * - `go-types`: not the API server, which stores the value, but kube-bind's
 *   controllers, whose Go types cannot decode it.
 */
export type FoundBy = 'decoding' | 'schema' | 'go-types';

/** One broken invariant, found at one field of one object. */
export interface Violation {
  /** Stable rule id, for example `KB031`. */
  readonly rule: string;
  readonly severity: Severity;
  /** Field path in kubectl's notation, for example `spec.versions[1].storage`. */
  readonly path: string;
  /**
   * What is wrong, quoting the offending value, without the path: the
   * front-ends put `path` before it (`describeViolation`). A finding about
   * the whole object (path `''`) says what it is about itself.
   */
  readonly message: string;
  /** How to fix it. */
  readonly hint?: string;
  /** Who meets this finding, when not whom its rule declares (`Rule.foundBy`): one rule may report values of both kinds. */
  readonly foundBy?: FoundBy;
}

/**
 * `violation` with its texts as flat strings, for the rules across objects:
 * their findings are kept to the end of a run (18,000 of KB176 on 80 MiB of
 * the bench's repeated-names mix), and a text built from parts is a tree of
 * strings in V8, two to three times its length, until flattened.
 */
export function keptViolation(...args: Parameters<typeof violation>): Violation {
  return withFlatTexts(violation(...args));
}

/** A finding (a violation, a structural issue) with its texts as flat copies: kept, it holds no text of its document. */
export function withFlatTexts<T extends { readonly path: string; readonly message: string; readonly hint?: string }>(v: T): T {
  return { ...v, path: flat(v.path), message: flat(v.message), ...(v.hint !== undefined ? { hint: flat(v.hint) } : {}) };
}

/** Builds a violation; rules call this so every field is filled the same way. */
export function violation(
  rule: { readonly id: string; readonly severity: Severity }, path: string, message: string, hint?: string, severity?: Severity,
): Violation {
  return { rule: rule.id, severity: severity ?? rule.severity, path, message, ...(hint !== undefined ? { hint } : {}) };
}

/**
 * The line every front-end shows: the path, then the message (`spec.scope:
 * "Namespace" must be one of ...`), or the message alone for a finding about
 * the whole object. A violation keeps the two apart, as Kubernetes'
 * `field.Error` keeps its field and detail: a message never repeats its path.
 */
export function describeViolation(v: Violation): string {
  return v.path === '' ? v.message : `${v.path}: ${v.message}`;
}
