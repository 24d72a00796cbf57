/**
 * A document's text less the value of its `metadata.namespace`: equal for
 * two documents only when they are the same text but for that one value,
 * so the objects they parse to differ in their namespace alone. Cheaper than
 * writing the parsed object as JSON (`RepeatedObjects`), and kinder to
 * memory (no second copy of the object's strings is made). Loaded with the
 * second object of a run (src/cli/validate.ts): a one-document run does
 * without it and the plain-value reader (`plain-value.ts`).
 */
import { quickPlainValueAt } from './plain-value';

/**
 * `text` with `namespace`, the value the parser read at
 * `metadata.namespace`, cut out, and a NUL (which no input holds) where it
 * was; undefined when the plain-value reader is not sure the value stands there as
 * a plain scalar alone on its line (then the caller keys the object another way).
 */
export function textOutsideNamespace(text: string, namespace: string): string | undefined {
  const at = quickPlainValueAt(text, 'metadata', 'namespace', namespace);
  if (at === undefined) return undefined;
  return `${text.slice(0, at)}\u0000${text.slice(at + namespace.length)}`;
}
