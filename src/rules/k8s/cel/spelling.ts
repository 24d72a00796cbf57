/**
 * What cel-go's parser reads that cel-js 8's does not, spelled for cel-js
 * with the same meaning, type and cost:
 * - `existsOne(x, p)`, cel-go's newer name of `exists_one` (parser.ExistsOneMacro
 *   and ExistsOneMacroNew, both in AllMacros since cel-go 0.22; Kubernetes
 *   1.36 has cel-go 0.26), expanded alike;
 * - a float literal without digits before its point, `.5` (the grammar's
 *   FLOAT_LIT: DIGIT* '.' DIGIT+ EXPONENT?), written `0.5`;
 * - an identifier with a leading dot, `.self` (the grammar's
 *   `leadingDot='.'? id=IDENTIFIER`: the name resolved from the root scope,
 *   parser_test.go), written without it;
 * - a raw bytes literal, `br'\d'` (BYTES: ('b' | 'B') STRING, a STRING
 *   being raw or not), written as the bytes literal it equals, `b'\\d'`.
 */
import { applyEdits, Edit, masked, Rewritten, STRING_LITERAL, unchanged } from './source-text';

/** `text` spelled for cel-js; `original` maps an offset of the result back to `text`. */
export function withCelGoSpellings(text: string): Rewritten {
  if (!text.includes('existsOne') && !text.includes('.') && !/[bB][rR]/.test(text)) return unchanged(text);
  const code = masked(text);
  const edits: Edit[] = [];
  for (const m of code.matchAll(/\.\s*(existsOne)(?=\s*\()/g)) {
    edits.push({ at: m.index! + m[0].length - 'One'.length, remove: 'One'.length, insert: '_one' });
  }
  // A `.` then a digit starts a float where no operand ends just before it (an identifier, a number, a bracket).
  for (const m of code.matchAll(/\.(?=\d)/g)) {
    const before = code.slice(0, m.index).trimEnd();
    if (!/[\w)\]}.]$/.test(before)) edits.push({ at: m.index!, remove: 0, insert: '0' });
  }
  // Likewise a `.` then a letter starts a leading-dot identifier where no operand ends before it.
  for (const m of code.matchAll(/\.(?=\s*[A-Za-z_])/g)) {
    const before = code.slice(0, m.index).trimEnd();
    if (!/[\w)\]}.]$/.test(before)) edits.push({ at: m.index!, remove: 1, insert: '' });
  }
  for (const m of text.matchAll(STRING_LITERAL)) {
    if (!/^[bB][rR]/.test(m[0])) continue;
    // Raw, a backslash is itself: escaped, it stays one.
    const body = m[0].slice(2);
    edits.push({ at: m.index! + 1, remove: body.length + 1, insert: body.replace(/\\/g, '\\\\') });
  }
  return applyEdits(text, edits);
}
