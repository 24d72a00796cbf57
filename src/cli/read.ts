/** The CLI reads YAML through the I/O layer (`src/io`); this module keeps the CLI's import paths. */
export * from '../io/read';
