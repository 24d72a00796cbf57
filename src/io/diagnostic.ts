/**
 * A message about the input, printed on stderr as `file:line: severity: message`.
 * From the reader, a problem with the input itself (errors make the exit status
 * 2); the commands use the same shape for what they find in objects.
 */
export interface Diagnostic {
  readonly severity: 'error' | 'warning' | 'note';
  readonly file: string;
  /** 1-based, when known. */
  readonly line?: number;
  readonly message: string;
}
