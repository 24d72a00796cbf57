/** The CLI parses YAML through the I/O layer (`src/io`); this module keeps the CLI's import paths. */
export { parseFile } from '../io/parse';
export type { ParsedFile, ParsedObject, ShapeLimits } from '../io/parse';
