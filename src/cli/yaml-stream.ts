/**
 * The one way this CLI reads YAML: options matching how Kubernetes reads
 * manifests, and a stream of documents with their line table.
 */
import { Composer, Document, DocumentOptions, isMap, isScalar, isSeq, LineCounter, ParseOptions, Parser, SchemaOptions, YAMLParseError } from 'yaml';

/**
 * YAML 1.2 with the core schema, as Kubernetes reads manifests: `yes`, `on`
 * and `0755` keep their YAML 1.2 meaning, there are no `<<` merge keys, and a
 * `%YAML 1.1` directive does not switch to YAML 1.1 types. Duplicate keys are
 * errors, as in Kubernetes' strict field validation, found by
 * `duplicateKeyErrors` below: the `yaml` package's own `uniqueKeys` compares
 * each key with every earlier one, quadratic in the width of a mapping.
 */
export const YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  version: '1.2',
  schema: 'core',
  merge: false,
  uniqueKeys: false,
  strict: true,
  prettyErrors: false,
};

/** A parsed document and the line table of the text it came from. */
export interface StreamedDocument {
  readonly doc: Document.Parsed;
  readonly lines: LineCounter;
}

/**
 * The documents of `text` one at a time, so a file's whole AST never has to
 * be held at once. Errors outside any document (a stream with nothing but a
 * stray directive) come as a final empty document carrying them.
 */
export function documentStream(text: string): Iterable<StreamedDocument> {
  return {
    *[Symbol.iterator]() {
      const lines = new LineCounter();
      const parser = new Parser(lines.addNewLine);
      const composer = new Composer(YAML_OPTIONS);
      let any = false;
      for (const doc of composer.compose(parser.parse(text))) {
        any = true;
        doc.errors.push(...duplicateKeyErrors(doc));
        yield { doc, lines };
      }
      const stream = composer.streamInfo();
      if (!any && (stream.errors.length > 0 || stream.warnings.length > 0)) {
        const doc = new Document(null, YAML_OPTIONS) as Document.Parsed;
        doc.errors.push(...stream.errors);
        doc.warnings.push(...stream.warnings);
        yield { doc, lines };
      }
    },
  };
}

/**
 * A `Map keys must be unique` error for every scalar key seen twice in one
 * mapping: one Set per mapping, linear in the size of the document. The walk
 * keeps its own stack, so deep nesting cannot overflow the call stack.
 */
export function duplicateKeyErrors(doc: Document.Parsed): YAMLParseError[] {
  const errors: YAMLParseError[] = [];
  const pending: unknown[] = [doc.contents];
  while (pending.length > 0) {
    const node = pending.pop();
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        const key = pair.key;
        if (isScalar(key)) {
          const value = key.value;
          if (seen.has(value)) {
            const [start, end] = key.range ?? [0, 0];
            errors.push(new YAMLParseError([start, end], 'DUPLICATE_KEY', `Map keys must be unique; ${JSON.stringify(String(value))} appears more than once`));
          }
          seen.add(value);
        } else {
          pending.push(key);
        }
        pending.push(pair.value);
      }
    } else if (isSeq(node)) {
      pending.push(...node.items);
    }
  }
  return errors;
}
