/**
 * What every rule reports: a violation of one rule at one field of one object.
 */
import { flat } from '../../model/manifest';

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
 * The message of a violation without the field path it starts with: rules
 * write whole sentences (`spec.scope "Namespace" must be one of...`), and
 * every front-end shows the path once, before the rest (`spec.scope:
 * "Namespace" must be one of...`). A message that does not start with the
 * violation's own path is returned whole.
 */
export function messageAfterPath(v: Violation): string {
  const { path, message } = v;
  if (path === '' || !message.startsWith(path)) return message;
  const rest = message.slice(path.length);
  if (rest === '') return message;
  if (rest.startsWith(': ')) return rest.slice(2);
  if (rest.startsWith(' ')) return rest.slice(1);
  // The message names a field below the path, or a longer name (`spec.versions[0].served` vs `spec.versions`).
  return message;
}

/** `path: message` with the path once, or the message alone for a violation about the whole object. */
export function describeViolation(v: Violation): string {
  return v.path === '' ? v.message : `${v.path}: ${messageAfterPath(v)}`;
}
