/**
 * Field paths in kubectl's notation (`spec.versions[1].name`), built as a
 * rule descends, so every violation names its field exactly.
 */

/** `path` + `.key` (or just `key` at the root). */
export function field(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/** `path[i]`. */
export function item(path: string, i: number): string {
  return `${path}[${i}]`;
}

/** Whether `path` is `at` or a field or item below it (`spec.names` holds `spec.names.kind`, not `spec.namesake`). */
export function isAtOrBelow(path: string, at: string): boolean {
  return path === at || (path.startsWith(at) && (path[at.length] === '.' || path[at.length] === '['));
}
