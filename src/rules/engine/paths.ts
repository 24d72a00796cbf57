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
