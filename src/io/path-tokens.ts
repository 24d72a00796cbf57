/**
 * Field paths in kubectl's notation (`spec.versions[1].name`), as steps;
 * shared by the line locator (`locate.ts`) and the plain-value reader (`plain-value.ts`).
 */

/** One step of a field path: a map key or a sequence index. */
export type PathToken =
  | { readonly key: string; readonly dotted: boolean }
  | { readonly index: number };

/**
 * Splits a path in kubectl's notation into steps. `a.b[2].c` gives
 * key a, key b, index 2, key c. `[text]` and `["text"]` give a key holding
 * dots or slashes verbatim. Keys after a `.` are marked `dotted`, because a
 * rule may also have written a dotted map key (an annotation name such as
 * `kube-bind.io/x`) without brackets; the resolver then tries joining them.
 */
export function tokenizePath(path: string): PathToken[] {
  const tokens: PathToken[] = [];
  let i = 0;
  let dotted = false;
  while (i < path.length) {
    const c = path[i];
    if (c === '.') {
      dotted = tokens.length > 0;
      i++;
    } else if (c === '[') {
      const close = path.indexOf(']', i + 1);
      const inner = close < 0 ? path.slice(i + 1) : path.slice(i + 1, close);
      i = close < 0 ? path.length : close + 1;
      if (/^[0-9]+$/.test(inner)) {
        tokens.push({ index: Number(inner) });
      } else {
        tokens.push({ key: unquote(inner), dotted: false });
      }
      dotted = false;
    } else {
      let end = i;
      while (end < path.length && path[end] !== '.' && path[end] !== '[') end++;
      tokens.push({ key: path.slice(i, end), dotted });
      dotted = false;
      i = end;
    }
  }
  return tokens;
}

function unquote(text: string): string {
  const quoted = /^"(.*)"$/.exec(text) ?? /^'(.*)'$/.exec(text);
  return quoted ? quoted[1] : text;
}
