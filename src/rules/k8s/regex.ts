/**
 * Whether a `pattern` of an openAPIV3Schema compiles as the API server
 * compiles it. Mirrors `validateValueValidation` (apiextensions-apiserver
 * `pkg/apiserver/schema/validation.go`, reached through
 * `structuralschema.ValidateStructural`), which calls Go's
 * `regexp.Compile(pattern)`: RE2 syntax with Go's default `syntax.Perl`
 * flags (Perl classes and `(?flags)` groups, Unicode classes, no
 * lookarounds or backreferences, repeat counts up to 1000).
 *
 * re2js is a port of RE2 whose `RE2JS.compile` (no flags) parses with the
 * same `PERL` flag set, so it answers exactly. It is required lazily: most
 * schemas have no `pattern`, and `require('cdk8s-kube-bind')` stays cheap.
 */

import { flat } from '../../model/manifest';

/** The parts of re2js used here (the package is ESM-first; its CommonJS build is loaded). */
interface Re2Js {
  readonly RE2JS: {
    compile(pattern: string): { matches(input: string): boolean; test(input: string): boolean; matcher(input: string): Re2Matcher };
  };
}

let re2js: Re2Js | undefined;

function load(): Re2Js {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  re2js ??= require('re2js') as Re2Js;
  return re2js;
}

type Compiled = ReturnType<Re2Js['RE2JS']['compile']>;

/**
 * Each pattern compiled once: schemas repeat their patterns (a CRD's versions,
 * a file of many CRDs), and compiling took a third of `validate` on a mix of
 * BoundSchemas. Bounded, so that a stream of distinct patterns cannot grow it
 * without end: it starts over when full.
 */
const COMPILED = new Map<string, Compiled | { readonly error: string }>();
const MAX_COMPILED = 1000;
/** Longer patterns are compiled each time they are met: the cache holds at most 1,000 × 1,000 characters. */
const MAX_CACHED_LENGTH = 1000;

function compiled(pattern: string): Compiled | { readonly error: string } {
  const cacheable = pattern.length <= MAX_CACHED_LENGTH;
  let found = cacheable ? COMPILED.get(pattern) : undefined;
  if (found === undefined) {
    // Compiled from a copy: the pattern read from YAML is a slice that would keep its whole document
    // alive in the cache (the key, the compiled object and its messages all hold the pattern).
    const own = flat(pattern);
    try {
      found = load().RE2JS.compile(own);
    } catch (e) {
      // re2js reports Go's own wording: "error parsing regexp: missing closing ]: `[^]`".
      found = { error: e instanceof Error ? e.message : String(e) };
    }
    if (cacheable) {
      if (COMPILED.size >= MAX_COMPILED) COMPILED.clear();
      COMPILED.set(own, found);
    }
  }
  return found;
}

/** Why Go's regexp.Compile refuses `pattern`, or undefined when it compiles. */
export function re2PatternError(pattern: string): string | undefined {
  const found = compiled(pattern);
  if (!('error' in found)) return undefined;
  const why = explain(found.error);
  return `it does not compile: ${found.error}${why === undefined ? '' : ` (${why})`}`;
}

/** What Go's terse message means for someone who writes JavaScript or PCRE patterns. */
function explain(message: string): string | undefined {
  const culprit = /`([^`]*)`\s*$/.exec(message)?.[1] ?? '';
  if (/^\(\?<?[=!]/.test(culprit)) return 'lookahead and lookbehind assertions are not supported by Go regular expressions (RE2)';
  if (culprit.startsWith('(?>')) return 'atomic groups are not supported by Go regular expressions (RE2)';
  if (/^\\[1-9]/.test(culprit)) return 'backreferences are not supported by Go regular expressions (RE2)';
  if (culprit.startsWith('\\k')) return 'named backreferences are not supported by Go regular expressions (RE2)';
  if (message.includes('invalid escape sequence')) return 'it uses an escape sequence Go regular expressions (RE2) do not know';
  if (message.includes('invalid repeat count')) return 'repeat counts above 1000 are not supported by Go regular expressions';
  return undefined;
}

/**
 * Whether `value` matches `pattern` as the API server's OpenAPI validator
 * matches it (Go's `regexp.MatchString`: unanchored). Undefined when the
 * pattern does not compile (re2PatternError reports that).
 */
export function re2Matches(pattern: string, value: string): boolean | undefined {
  const found = compiled(pattern);
  return 'error' in found ? undefined : found.test(value);
}

/** Why Go's regexp.Compile refuses `pattern` in Go's words ("error parsing regexp: ..."), or undefined when it compiles. */
export function re2CompileError(pattern: string): string | undefined {
  const found = compiled(pattern);
  return 'error' in found ? found.error : undefined;
}

/**
 * Go's `regexp.FindAllString(value, n)`: the successive non-overlapping
 * matches of `pattern`, leftmost first, an empty match right after the
 * previous match skipped, at most `n` (all when n < 0). Undefined when the
 * pattern does not compile.
 */
export function re2FindAll(pattern: string, value: string, n: number): string[] | undefined {
  const found = compiled(pattern);
  if ('error' in found) return undefined;
  const limit = n < 0 ? value.length + 1 : n;
  const out: string[] = [];
  const matcher = found.matcher(value);
  for (let pos = 0, prevEnd = -1; out.length < limit && pos <= value.length;) {
    if (!matcher.find(pos)) break;
    const start = matcher.start();
    const end = matcher.end();
    let accept = true;
    if (end === pos) {
      // An empty match: never right after the previous match; the search moves on by one character (one code point).
      if (start === prevEnd) accept = false;
      pos += pos < value.length && (value.codePointAt(pos) ?? 0) > 0xffff ? 2 : 1;
    } else {
      pos = end;
    }
    prevEnd = end;
    if (accept) out.push(value.slice(start, end));
  }
  return out;
}

/** Go's `regexp.FindString(value)`: the leftmost match, "" when there is none. Undefined when the pattern does not compile. */
export function re2Find(pattern: string, value: string): string | undefined {
  const all = re2FindAll(pattern, value, 1);
  return all === undefined ? undefined : all[0] ?? '';
}

/** The part of re2js' Matcher used by re2FindAll. */
interface Re2Matcher {
  find(start: number): boolean;
  start(): number;
  end(): number;
}
