/**
 * What cel-go's parser reads that cel-js 8's does not, spelled for cel-js
 * with the same meaning, type and cost:
 * - `existsOne(x, p)`, cel-go's newer name of `exists_one` (parser.ExistsOneMacro
 *   and ExistsOneMacroNew, both in AllMacros since cel-go 0.22; Kubernetes
 *   1.36 has cel-go 0.26), expanded alike;
 * - a float literal without digits before its point, `.5` (the grammar's
 *   FLOAT_LIT: DIGIT* '.' DIGIT+ EXPONENT?), written `0.5`.
 */
import { applyEdits, Edit, masked, Rewritten, unchanged } from './source-text';

/** `text` spelled for cel-js; `original` maps an offset of the result back to `text`. */
export function withCelGoSpellings(text: string): Rewritten {
  if (!text.includes('existsOne') && !text.includes('.')) return unchanged(text);
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
  return applyEdits(text, edits);
}
