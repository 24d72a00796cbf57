/**
 * The one way this CLI reads YAML: options matching how Kubernetes reads
 * manifests, and a stream of documents with their line table.
 */
import { Composer, Document, DocumentOptions, LineCounter, ParseOptions, Parser, SchemaOptions } from 'yaml';

/**
 * YAML 1.2 with the core schema, as Kubernetes reads manifests: `yes`, `on`
 * and `0755` keep their YAML 1.2 meaning, there are no `<<` merge keys, and a
 * `%YAML 1.1` directive does not switch to YAML 1.1 types. Duplicate keys are
 * errors, as in Kubernetes' strict field validation.
 */
export const YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  version: '1.2',
  schema: 'core',
  merge: false,
  uniqueKeys: true,
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
