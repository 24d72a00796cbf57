/**
 * Messages about single objects (a migration note, a CRD that cannot become a
 * BoundSchema) turned into `file:line: severity: message` lines on stderr,
 * pointing at the field the message starts with.
 */
import type { Diagnostic, SourceObject } from '../io/read';

// A field path in kubectl's notation at the start of a message: `spec.versions[1].schema`,
// `metadata.annotations[kubectl.kubernetes.io/last-applied-configuration]`.
const LEADING_PATH = /^(?:apiVersion|kind|metadata|spec|status)(?:\.[A-Za-z0-9_$-]+|\[[^\]\s]*\])*(?=[\s:,]|$)/;

/** The field path a message starts with, or `''`. */
export function leadingPath(message: string): string {
  return LEADING_PATH.exec(message)?.[0] ?? '';
}

/**
 * A diagnostic about `source`: the line of the field `message` (after an
 * optional `prefix`) starts with, or of its deepest existing parent, or of
 * the object.
 */
export function objectDiagnostic(source: SourceObject, severity: Diagnostic['severity'], message: string, prefix = ''): Diagnostic {
  const body = prefix !== '' && message.startsWith(prefix) ? message.slice(prefix.length) : message;
  const path = leadingPath(body);
  return { severity, file: source.file, line: path === '' ? source.line : source.locate(path), message };
}
