/**
 * Whether a `pattern` of an openAPIV3Schema compiles as the API server
 * compiles it: with Go's regexp package (RE2 syntax). JavaScript's engine
 * differs both ways, so RE2-only syntax is rewritten before compiling here,
 * and what RE2 refuses but JavaScript accepts is looked for first.
 */

/** Why Go's regexp.Compile refuses `pattern`, or undefined when it compiles (as far as can be told here). */
export function re2PatternError(pattern: string): string | undefined {
  const unsupported: ReadonlyArray<[RegExp, string]> = [
    [/\(\?<?[=!]/, 'lookahead and lookbehind assertions are not supported by Go regular expressions (RE2)'],
    [/\(\?>/, 'atomic groups are not supported by Go regular expressions (RE2)'],
    // \1 is a backreference; \12 and \123 are octal character codes, which RE2 accepts.
    [/(^|[^\\])(\\\\)*\\[1-9](?![0-7])/, 'backreferences are not supported by Go regular expressions (RE2)'],
    [/(^|[^\\])(\\\\)*\\k</, 'named backreferences are not supported by Go regular expressions (RE2)'],
    // JavaScript takes an unknown letter escape as the letter itself; RE2 refuses it.
    [/(^|[^\\])(\\\\)*\\[^afnrtvbBdDsSwWpPAzQExC0-9\W_]/, 'it uses an escape sequence Go regular expressions (RE2) do not know'],
  ];
  const body = withoutLiteralRuns(pattern);
  for (const [re, reason] of unsupported) {
    if (re.test(body)) return reason;
  }
  for (const m of body.matchAll(/\{(\d+)(,(\d*))?\}/g)) {
    if (Number(m[1]) > 1000 || (m[3] !== undefined && m[3] !== '' && Number(m[3]) > 1000)) return 'repeat counts above 1000 are not supported by Go regular expressions';
  }
  try {
    // eslint-disable-next-line no-new
    new RegExp(toJavaScript(body));
    return undefined;
  } catch (e) {
    return `it does not compile: ${e instanceof Error ? e.message.replace(/^Invalid regular expression: /, '') : String(e)}`;
  }
}

/** `\Q...\E` quotes a literal run in RE2; escape it so nothing inside counts as syntax. */
function withoutLiteralRuns(pattern: string): string {
  return pattern.replace(/\\Q([\s\S]*?)(\\E|$)/g, (_, literal: string) => literal.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'));
}

/** RE2 syntax JavaScript spells differently or lacks, rewritten to something JavaScript compiles the same way (for syntax purposes). */
function toJavaScript(pattern: string): string {
  return pattern
    // Flag groups: (?i) and (?i:...) — JavaScript (before ES2025) has no inline flags.
    .replace(/\(\?[imsU-]+\)/g, '')
    .replace(/\(\?[imsU-]+:/g, '(?:')
    // Named groups: (?P<name>...) is RE2's spelling of (?<name>...).
    .replace(/\(\?P</g, '(?<')
    // Anchors and classes only RE2 knows.
    .replace(/\\A/g, '^')
    .replace(/\\z/g, '$')
    .replace(/\\[pP][A-Za-z]/g, 'x')
    .replace(/\\[pP]\{\^?[A-Za-z_]+\}/g, 'x')
    .replace(/\[:\^?[a-z]+:\]/g, 'x')
    .replace(/\\x\{[0-9A-Fa-f]+\}/g, 'x')
    .replace(/\\C/g, '.');
}
