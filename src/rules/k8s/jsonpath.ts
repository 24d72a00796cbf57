/**
 * Checks of the JSONPath expressions Kubernetes evaluates against custom
 * resources: printer columns (client-go's jsonpath, wrapped in `{...}` by the
 * table convertor) and scale subresource paths (plain dot-separated fields).
 */

/** Characters that end a field name in client-go's jsonpath parser. */
const FIELD_TERMINATORS = new Set([' ', '\t', '\n', '\r', '.', ',', '{', '}', '[', ']', '(', ')', '|', '\'', '"']);

/** A subscript: `*`, an index or slice, a union of indexes or quoted names. */
const SUBSCRIPT = /^\s*(\*|-?\d*(\s*:\s*-?\d*){1,2}|(-?\d+|'[^']*'|"[^"]*")(\s*,\s*(-?\d+|'[^']*'|"[^"]*"))*)\s*$/;

/**
 * Reasons `path` is not a JSONPath Kubernetes can use for a printer column,
 * empty when it is fine. Mirrors two functions of apiextensions-apiserver:
 * validateSimpleJSONPath (pkg/apis/apiextensions/validation/validation.go;
 * empty, or no leading dot: the CRD is refused) and tableconvertor.New
 * (pkg/registry/customresource/tableconvertor/tableconvertor.go), which
 * parses `{path}` with client-go's jsonpath: a path that does not parse
 * makes the server fall back to the default columns (KB053 warns). Accepts what kube-bind's own CRDs use, such as
 * `.status.conditions[?(@.type=="Established")].status`.
 */
export function printerColumnJsonPathErrors(path: string): string[] {
  if (path.length === 0) return ['must not be empty'];
  if (path[0] !== '.') return ['must be a simple JSON path starting with "."'];
  if (path === '.') return [];
  let i = 0;
  while (i < path.length) {
    const c = path[i];
    if (c === '.') {
      // `..` is recursive descent; it must be followed by something to descend to.
      const recursive = path[i + 1] === '.';
      i += recursive ? 2 : 1;
      if (i >= path.length) return [`must not end with "${recursive ? '..' : '.'}"`];
      if (path[i] === '.') return [`has an empty field name at offset ${i}`];
      if (path[i] === '*') {
        i++;
        continue;
      }
      if (path[i] === '[') continue;
      const start = i;
      while (i < path.length && !FIELD_TERMINATORS.has(path[i]) && path[i] !== '*') {
        i += path[i] === '\\' ? 2 : 1;
      }
      if (i === start) return [`has an unexpected ${JSON.stringify(path[i])} at offset ${i}`];
      continue;
    }
    if (c === '[') {
      const end = closingBracket(path, i);
      if (end < 0) return [`has an unclosed "[" at offset ${i}`];
      const inner = path.slice(i + 1, end);
      const error = subscriptError(inner);
      if (error !== undefined) return [`has an invalid subscript "[${inner}]": ${error}`];
      i = end + 1;
      continue;
    }
    return [`has an unexpected ${JSON.stringify(c)} at offset ${i} (fields are separated by ".")`];
  }
  return [];
}

/** The index of the `]` closing the `[` at `open`, skipping quoted strings and nested brackets; -1 if none. */
function closingBracket(s: string, open: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = open; i < s.length; i++) {
    const c = s[i];
    if (quote !== undefined) {
      if (c === '\\') {
        i++;
      } else if (c === quote) {
        quote = undefined;
      }
      continue;
    }
    if (c === '\'' || c === '"') {
      quote = c;
    } else if (c === '[' || c === '(') {
      depth++;
    } else if (c === ']' || c === ')') {
      depth--;
      if (depth === 0) return c === ']' ? i : -1;
      if (depth < 0) return -1;
    }
  }
  return -1;
}

function subscriptError(inner: string): string | undefined {
  const trimmed = inner.trim();
  if (trimmed.length === 0) return 'it is empty';
  if (trimmed.startsWith('?')) {
    const filter = trimmed.slice(1).trim();
    if (!filter.startsWith('(') || !filter.endsWith(')')) return 'a filter must be written ?(...)';
    if (filter.slice(1, -1).trim().length === 0) return 'the filter is empty';
    return undefined;
  }
  return SUBSCRIPT.test(trimmed) ? undefined : 'expected *, an index, a slice, or quoted names';
}

/**
 * Reasons `path` is not a plain field path the scale subresource can follow
 * (`.spec.replicas`): a leading dot, non-empty dot-separated field names, no
 * array notation. Mirrors validateSimpleJSONPath (apiextensions-apiserver
 * pkg/apis/apiextensions/validation/validation.go: non-empty, leading dot)
 * and the lookup of the scale paths in pkg/registry/customresource
 * (validator.go and etcd.go: `unstructured.NestedInt64` over
 * `strings.Split(path, ".")`), which follows field names only: an empty
 * name or `[...]` never finds the replica count.
 */
export function fieldPathErrors(path: string): string[] {
  if (path.length === 0) return ['must not be empty'];
  if (path[0] !== '.') return ['must be a JSON path starting with "."'];
  const errors: string[] = [];
  if (path.includes('[')) errors.push('must not use array notation ("[...]")');
  const segments = path.slice(1).split('.');
  if (segments.some(s => s.length === 0)) errors.push('must not contain empty field names (".." or a trailing ".")');
  return errors;
}
