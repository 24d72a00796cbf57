/** Field paths to lines live in the I/O layer (`src/io/locate.ts`); this module keeps the CLI's import paths. */
export { tokenizePath } from '../io/locate';
export type { PathToken } from '../io/locate';
