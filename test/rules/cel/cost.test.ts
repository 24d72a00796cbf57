/**
 * The estimated cost of a rule, against the figures of Kubernetes' own
 * TestCostEstimation (apiextensions-apiserver
 * pkg/apiserver/schema/cel/compilation_test.go): each case is estimated on
 * a schema without bounds ("calc") and with maxItems/maxProperties/maxLength
 * set ("set"). Cases above the limit only say so; a 0 there is a figure it
 * does not check (has() on a map), so neither does this test.
 */
import { compileExpression } from '../../../src/rules/k8s/cel/compile';
import { estimateCost } from '../../../src/rules/k8s/cel/cost';
import { schemaDeclType } from '../../../src/rules/k8s/cel/decl-type';

type Json = { [key: string]: any };
type Gen = (max: number | undefined) => Json;

function leaf(t: string): Json {
  if (t === 'duration' || t === 'date' || t === 'date-time') return { type: 'string', format: t };
  if (t === 'int-or-string') return { 'x-kubernetes-int-or-string': true };
  return { type: t };
}
const bound = (key: string, max: number | undefined): Json => (max === undefined ? {} : { [key]: max });
const array = (t: string): Gen => max => ({ type: 'array', items: leaf(t), ...bound('maxItems', max) });
const arrayOfArrays = (t: string): Gen => max => ({ type: 'array', items: { type: 'array', items: { type: t } }, ...bound('maxItems', max) });
const objectArray: Gen = max => ({
  type: 'array',
  items: { type: 'object', properties: { required: { type: 'string' }, optional: { type: 'string' } }, required: ['required'] },
  ...bound('maxItems', max),
});
const mapArray = (t: string): Gen => max => ({ type: 'array', items: { type: 'object', additionalProperties: { type: t } }, ...bound('maxItems', max) });
const map = (t: string): Gen => max => ({ type: 'object', additionalProperties: leaf(t), ...bound('maxProperties', max) });
const string: Gen = max => ({ type: 'string', ...bound('maxLength', max) });
const bytes: Gen = max => ({ type: 'string', format: 'byte', ...bound('maxLength', max) });
const nestedSpec: Gen = max => ({ type: 'object', additionalProperties: { type: 'string', ...bound('maxLength', max) }, ...bound('maxProperties', max) });

function costOf(schema: Json, rule: string): number {
  const self = schemaDeclType(schema, false)!;
  const compiled = compileExpression(rule, 'rule', self, false, schema, false);
  expect(compiled.error).toBeUndefined();
  return estimateCost(compiled.ast!, self, compiled.presenceTests ?? new Set()).cost.max;
}

const OVER = -1;
const UNCHECKED = 0;
const cases: ReadonlyArray<[string, Gen, string, number, number, number]> = [
  ['number array with all', array('number'), 'self.all(x, true)', 4718591, 10, 32],
  ['string array with all', array('string'), 'self.all(x, true)', 3145727, 20, 62],
  ['boolean array with all', array('boolean'), 'self.all(x, true)', 1887437, 5, 17],
  ['array of number arrays with all', arrayOfArrays('number'), 'self.all(x, true)', 3145727, 100, 302],
  ['array of objects with all', objectArray, 'self.all(x, true)', 555128, 50, 152],
  ['map of numbers with all', map('number'), 'self.all(x, true)', 1348169, 10, 32],
  // Kubernetes does not check this figure (0); with has() free (PresenceTestHasCost(false)) only self costs.
  ['map of numbers with has', map('number'), 'has(self.x)', 1, 100, 1],
  ['map of strings with all', map('string'), 'self.all(x, true)', 1179647, 3, 11],
  ['map of booleans with all', map('boolean'), 'self.all(x, true)', 943718, 100, 302],
  ['string with contains', string, "self.contains('test')", 314574, 10, 5],
  ['string with startsWith', string, "self.startsWith('test')", 2, 15, 2],
  ['concat string', string, 'size(self + "hello") > size("hello")', 314578, 4, 7],
  ['index of array with numbers', array('number'), 'self[1] == 0.0', 2, 5000, 2],
  ['index of array with strings', array('string'), 'self[1] == self[1]', 314577, 8, 314577],
  ['O(n^2) loop with numbers', array('number'), 'self.all(x, self.all(y, true))', OVER, 10, 352],
  ['O(n^3) loop with numbers', array('number'), 'self.all(x, self.all(y, self.all(z, true)))', OVER, 10, 3552],
  ['regex matches simple', string, 'self.matches("x")', 314574, 50, 22],
  ['regex matches empty string', string, '"".matches("(((((((((())))))))))[0-9]")', 7, 10, 7],
  ['regex matches empty regex', string, 'self.matches("")', 1, 100, 1],
  ['map of strings with value length', nestedSpec, 'self.all(x, x.contains(self[x]))', 2752507, 10, 72],
  ['set map maxLength to zero', map('number'), 'self["x"] == 0.0', 2, 0, 2],
  ['set string maxLength to zero', string, 'self == "x"', 2, 0, 1],
  ['set bytes maxLength to zero', bytes, 'self == b"x"', 2, 0, 1],
  ['set maxLength greater than estimated maxLength', array('number'), 'self.all(x, x == 0.0)', 6291454, 3 * 1024 * 2048, 25165826],
  ['int-or-string array with all', array('int-or-string'), 'self.all(x, true)', 4718591, 10, 32],
  ['index of array with int-or-strings', array('int-or-string'), 'self[0] == 5', 3, 10, 3],
  ['index of array of objects', objectArray, 'self[0] == null', 2, 422, 2],
  ['index of array of array of numbers', arrayOfArrays('number'), 'self[0][0] == -1.0', 3, 51, 3],
  ['array of number maps with all', mapArray('number'), 'self.all(x, x.y == 25.2)', 6291452, 12, 74],
  ['index of array of number maps', mapArray('number'), 'self[0].x > 2.0', 4, 3000, 4],
  ['duration array with all', array('duration'), 'self.all(x, true)', 2359295, 5, 17],
  ['index of duration array', array('duration'), 'self[0].getHours() == 2', 4, 525, 4],
  ['date array with all', array('date'), 'self.all(x, true)', 725936, 15, 47],
  ['date-time array with all', array('date-time'), 'self.all(x, true)', 428963, 25, 77],
  ['map of int-or-strings with all', map('int-or-string'), 'self.all(x, true)', 1348169, 15, 47],
  ['map of durations with all', map('duration'), 'self.all(x, true)', 1048577, 5, 17],
  ['map of date-times with all', map('date-time'), 'self.all(x, true)', 349526, 25, 77],
  ['extended library regex find', string, "self.find('[0-9]+') == ''", 629147, 10, 11],
  ['check cost of size call', map('integer'), 'oldSelf.size() == self.size()', 5, 10, 5],
  ['check cost of timestamp comparison', map('date-time'), 'self["a"] == self["b"]', 8, 7, 8],
  ['check cost of duration comparison', map('duration'), 'self["c"] == self["d"]', 8, 42, 8],
];

describe('estimated cost, as Kubernetes\' TestCostEstimation has it', () => {
  test.each(cases)('%s', (_, gen, rule, calc, setMax, set) => {
    const unbounded = costOf(gen(undefined), rule);
    if (calc === OVER) expect(unbounded).toBeGreaterThan(1000000);
    else if (calc !== UNCHECKED) expect(unbounded).toBe(calc);
    if (set !== UNCHECKED) expect(costOf(gen(setMax), rule)).toBe(set);
  });

  test('extended library join and isSorted on a list of bounded strings', () => {
    const strings = (max: number | undefined): Json => ({ type: 'array', items: { type: 'string', ...bound('maxLength', max) }, ...bound('maxItems', max) });
    expect(costOf(strings(undefined), "self.join(' ') == 'aa bb'")).toBe(329853068905);
    expect(costOf(strings(10), "self.join(' ') == 'aa bb'")).toBe(43);
    expect(costOf(strings(undefined), 'self.isSorted() == true')).toBe(329854432052);
    expect(costOf(strings(10), 'self.isSorted() == true')).toBe(52);
  });

  test('extended library replace, split and lowerAscii', () => {
    const replace = (max: number | undefined): Json => ({
      type: 'object',
      properties: { str: { type: 'string', ...bound('maxLength', max) }, before: { type: 'string', maxLength: 2 }, after: { type: 'string', maxLength: 4 } },
    });
    expect(costOf(replace(undefined), "self.str.replace(self.before, self.after) == 'does not matter'")).toBe(629154);
    expect(costOf(replace(4), "self.str.replace(self.before, self.after) == 'does not matter'")).toBe(12);
    const split = (max: number | undefined): Json => ({
      type: 'object', properties: { str: { type: 'string', ...bound('maxLength', max) }, separator: { type: 'string', ...bound('maxLength', max) } },
    });
    expect(costOf(split(undefined), 'self.str.split(self.separator) == []')).toBe(629160);
    expect(costOf(split(10), 'self.str.split(self.separator) == []')).toBe(22);
    expect(costOf(string(undefined), "self.lowerAscii() == 'lower!'")).toBe(314575);
    expect(costOf(string(10), "self.lowerAscii() == 'lower!'")).toBe(6);
  });

  test('an enum bounds a string by its longest value', () => {
    const enumString = (max: number | undefined): Json => ({ type: 'string', enum: ['A', 'B', 'C', 'LongValue'], ...bound('maxLength', max) });
    expect(costOf(enumString(undefined), "self.contains('A')")).toBe(2);
    expect(costOf(enumString(1000), "self.contains('A')")).toBe(401);
  });

  test('isQuantity on an int-or-string', () => {
    const intOrString = (max: number | undefined): Json => ({ 'x-kubernetes-int-or-string': true, ...bound('maxLength', max) });
    expect(costOf(intOrString(undefined), 'isQuantity(self)')).toBe(314574);
    expect(costOf(intOrString(20), 'isQuantity(self)')).toBe(9);
  });
});
