/**
 * A JSON path into a structural schema, followed field by field as
 * apiextensions-apiserver's `cel.ValidFieldPath`
 * (pkg/apiserver/schema/cel/validation.go) follows it: `.name` and
 * `['name']` steps, each into the node's properties when it has any, else
 * into its additionalProperties, else the path "does not refer to a valid
 * field". The CRD's selectableFields use it without array notation
 * (`WithFieldPathAllowArrayNotation(false)`).
 */
import { isObject, own } from '../../model/manifest';

export interface FieldPathResult {
  /** The schema node the path ends at (undefined when additionalProperties is a bare `true`). */
  readonly schema?: unknown;
  /** The path's steps, in order. */
  readonly steps: readonly string[];
}

export interface FieldPathError {
  readonly error: string;
}

/** The tokens of a path: the delimiters ".", "[", "]" alone, a single-quoted string whole, and the text between. */
function tokens(path: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < path.length) {
    const c = path[i];
    if (c === '.' || c === '[' || c === ']') {
      out.push(c);
      i++;
      continue;
    }
    let j = i;
    if (c === '\'') {
      // A quoted string runs to the next quote not preceded by a backslash (delimiters inside are text).
      j = i + 1;
      while (j < path.length && !(path[j] === '\'' && path[j - 1] !== '\\')) j++;
      j = Math.min(j + 1, path.length);
    } else {
      while (j < path.length && path[j] !== '.' && path[j] !== '[' && path[j] !== ']') j++;
    }
    out.push(path.slice(i, j));
    i = j;
  }
  return out;
}

/** Steps into `schema` by `name`: properties when the node has them, else additionalProperties. */
function step(schema: unknown, name: string): { schema?: unknown } | FieldPathError {
  const properties = own(schema, 'properties');
  if (properties !== undefined && properties !== null) {
    const child = own(properties, name);
    return isObject(child) ? { schema: child } : { error: 'does not refer to a valid field' };
  }
  const additional = own(schema, 'additionalProperties');
  if (additional !== undefined && additional !== null && additional !== false) {
    return { schema: isObject(additional) ? additional : undefined };
  }
  return { error: 'does not refer to a valid field' };
}

/** Follows `path` through `schema`; mirrors cel.ValidFieldPath. */
export function followFieldPath(path: string, schema: unknown, allowArrayNotation: boolean): FieldPathResult | FieldPathError {
  const toks = tokens(path);
  const steps: string[] = [];
  let node: unknown = schema;
  for (let i = 0; i < toks.length; i++) {
    const tok = toks[i];
    let name: string;
    if (tok === '[') {
      if (!allowArrayNotation) return { error: 'array notation is not allowed' };
      const quoted = toks[++i];
      if (quoted === undefined) return { error: 'unexpected end of JSON path' };
      if (quoted.length < 2 || !quoted.startsWith('\'') || !quoted.endsWith('\'')) return { error: `expected single quoted string but got ${quoted}` };
      name = quoted.slice(1, -1).replace(/\\(.)/g, '$1');
      if (toks[i + 1] === undefined) return { error: 'unexpected end of JSON path' };
      if (toks[i + 1] !== ']') return { error: `expected ] but got ${toks[i + 1]}` };
      i++;
    } else if (tok === '.') {
      const next = toks[++i];
      if (next === undefined) return { error: 'unexpected end of JSON path' };
      name = next;
    } else {
      return { error: `expected [ or . but got: ${tok}` };
    }
    if (node === undefined) return { error: 'does not refer to a valid field' };
    const found = step(node, name);
    if ('error' in found) return found;
    node = found.schema;
    steps.push(name);
  }
  return { schema: node, steps };
}
