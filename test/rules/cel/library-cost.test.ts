/**
 * The estimated cost of Kubernetes' CEL libraries, against the figures of
 * k8s.io/apiserver pkg/cel/library/cost_test.go (Kubernetes 1.36.3:
 * TestListsCost, TestIndexOfCost, TestURLsCost, TestIPCost,
 * TestIPIsCanonicalCost, TestCIDRCost, TestStringLibrary,
 * TestQuantityCost, TestNameFormatCost, TestSetsCost, TestSemverCost),
 * exactly: min and max as its table gives them. The test code is ours.
 *
 * Left out of the table: its cases with list literals that mix element
 * types (`sets.contains([1], [1.0, 1u])`): its test environment allows
 * them, Kubernetes' base environment refuses them
 * (HomogeneousAggregateLiterals, as cel-js does), so no rule holds one; the
 * authorizer and JSON-patch libraries, which CRD rules do not have.
 * TestTwoVariableComprehensionCost is here in full: its macros are
 * declared for cel-js by macros.ts.
 */
import type { CelTypeDeclaration } from '../../../src/rules/k8s/cel/cel-js';
import { compileExpression } from '../../../src/rules/k8s/cel/compile';
import { Estimate, estimateCost, MAX_UINT64 } from '../../../src/rules/k8s/cel/cost';
import { schemaDeclType } from '../../../src/rules/k8s/cel/decl-type';
import { environmentFor } from '../../../src/rules/k8s/cel/environment';
import { celSchemaIssues } from '../../../src/rules/k8s/cel/schema-rules';
import { withCelGoSpellings } from '../../../src/rules/k8s/cel/spelling';

// cost_test.go's literals.
const INTS = '[1, 2, 3, 4, 5]';
const UINTS = '[uint(1), uint(2), uint(3), uint(4), uint(5)]';
const DOUBLES = '[1.0, 2.0, 3.0, 4.0, 5.0]';
const BOOLS = '[false, true, false, true, false]';
const STRINGS = `[${Array(5).fill('\'012345678901\'').join(', ')}]`;
const BYTES = `[${Array(5).fill('bytes(\'012345678901\')').join(', ')}]`;
const DURATIONS = '[duration(\'1s\'), duration(\'2s\'), duration(\'3s\'), duration(\'4s\'), duration(\'5s\')]';
const TIMESTAMPS = `[${[1, 2, 3, 4, 5].map(d => `timestamp('2011-01-0${d}T00:00:00.000+01:00')`).join(', ')}]`;
const FIFTY_CHARS = `'${'0123456789'.repeat(5)}'`;

/** cost_test.go's testCostEstimator: a string or bytes value of unknown size holds at most 12. */
function testSizeOfType(type: CelTypeDeclaration | undefined): Estimate | undefined {
  return type?.name === 'string' || type?.name === 'bytes' ? { min: 0, max: 12 } : undefined;
}

const SELF = schemaDeclType({ type: 'object' }, false)!;

/** The estimate of an expression of any type (a rule must be bool: checked here without compileExpression's type demand). */
function estimate(expression: string): Estimate {
  const parsed = environmentFor(SELF, false).parse(withCelGoSpellings(expression).text);
  const checked = parsed.check();
  expect(checked.error?.message).toBeUndefined();
  return estimateCost(parsed.ast, SELF, new Set(), testSizeOfType).cost;
}

const CASES: ReadonlyArray<readonly [string, string, number, number]> = [
  ['strings', "'ABCDEFGHIJ abcdefghij'.lowerAscii()", 3, 3],
  ['strings', "'ABCDEFGHIJ abcdefghij'.lowerAscii() == 'abcdefghij ABCDEFGHIJ'.lowerAscii()", 7, 9],
  ['strings', "'ABCDEFGHIJ abcdefghij'.upperAscii()", 3, 3],
  ['strings', "'ABCDEFGHIJ abcdefghij'.upperAscii() == 'abcdefghij ABCDEFGHIJ'.upperAscii()", 7, 9],
  ['strings', "strings.quote('ABCDEFGHIJ abcdefghij')", 3, 3],
  ['strings', "strings.quote('ABCDEFGHIJ abcdefghij') == strings.quote('ABCDEFGHIJ abcdefghij')", 7, 11],
  ['strings', "'abc 123 def 123'.replace('123', '456')", 3, 3],
  ['strings', "'abc 123 def 123'.replace('', 'x')", 3, 3],
  ['strings', "'abc 123 def 123'.replace('123', '')", 3, 3],
  ['strings', "'abc 123 def 123'.replace('123', '456', 1)", 3, 3],
  ['strings', "'abc 123 def 123'.split(' ')", 3, 3],
  ['strings', "'abc 123 def 123'.split(' ', 1)", 3, 3],
  ['strings', "'abc 123 def 123'.substring(5)", 2, 2],
  ['strings', "'abc 123 def 123'.substring(5, 8)", 2, 2],
  ['strings', "'  abc 123 def 123  '.trim()", 2, 2],
  ['strings', "['aa', 'bb', 'cc', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join(' ')", 11, 23],
  ['strings', "['aa', 'bb', 'cc', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join()", 10, 22],
  ['strings', "'abc 123 def 123'.find('123')", 2, 2],
  ['strings', "'abc 123 def 123'.findAll('123')", 2, 2],
  ['strings', "'abc 123 def 123'.findAll('123', 1)", 2, 2],
  ['quantity', 'quantity("12Mi")', 1, 1],
  ['quantity', 'isQuantity("20")', 1, 1],
  ['quantity', 'isQuantity("20M")', 1, 1],
  ['quantity', 'quantity("200M") == quantity("200M")', 3, 3],
  ['quantity', 'quantity("200M") == quantity("0.2G") && quantity("0.2G") == quantity("200M")', 3, 6],
  ['quantity', 'quantity("2M") == quantity("0.002G") && quantity("2000k") == quantity("2M") && quantity("0.002G") == quantity("2000k")', 3, 9],
  ['quantity', 'quantity("50M").isLessThan(quantity("50Mi"))', 3, 3],
  ['quantity', 'quantity("50Mi").isGreaterThan(quantity("50M"))', 3, 3],
  ['quantity', 'quantity("200M").compareTo(quantity("0.2G")) > 0', 4, 4],
  ['quantity', 'quantity("50k").add(quantity("20")) == quantity("50.02k")', 5, 5],
  ['quantity', 'quantity("50k").sub(quantity("20")) == quantity("49.98k")', 5, 5],
  ['quantity', 'quantity("50k").sub(20) == quantity("49980")', 4, 4],
  ['quantity', 'quantity("50k").add(20).sub(quantity("100k")).asInteger() > 0', 6, 6],
  ['quantity', 'quantity("50k").add(20).sub(quantity("100k")).sub(-50000).asInteger() > 0', 7, 7],
  ['quantity', 'quantity("50k").asInteger() > 0', 3, 3],
  ['quantity', 'quantity("50").isInteger()', 2, 2],
  ['quantity', 'quantity("50.703k").asApproximateFloat() > 0.0', 3, 3],
  ['format', 'format.named("dns1123subdomain")', 1, 1],
  ['format', 'format.named("dns1123Subdomain").value().validate("my-name")', 34, 34],
  ['format', 'format.named("dns1123Label").value().validate("my-name")', 34, 34],
  ['format', 'format.named("dns1123Label").value().validate("my-name")', 34, 34],
  ['format', 'format.named("dns1123Label").value() == format.named("dns1123Label").value()', 5, 11],
  ['sets', 'sets.contains([], [])', 21, 21],
  ['sets', 'sets.contains([1], [])', 21, 21],
  ['sets', 'sets.contains([1], [1])', 22, 22],
  ['sets', 'sets.contains([1], [1, 1])', 23, 23],
  ['sets', 'sets.contains([1, 1], [1])', 23, 23],
  ['sets', 'sets.contains([2, 1], [1])', 23, 23],
  ['sets', 'sets.contains([1, 2, 3, 4], [2, 3])', 29, 29],
  ['sets', '!sets.contains([1], [2])', 23, 23],
  ['sets', '!sets.contains([1], [1, 2])', 24, 24],
  ['sets', 'sets.equivalent([], [])', 21, 21],
  ['sets', 'sets.equivalent([1], [1])', 23, 23],
  ['sets', 'sets.equivalent([1], [1, 1])', 25, 25],
  ['sets', 'sets.equivalent([1, 1], [1])', 25, 25],
  ['sets', '!sets.equivalent([2, 1], [1])', 26, 26],
  ['sets', '!sets.equivalent([1], [1, 2])', 26, 26],
  ['sets', 'sets.intersects([1], [1])', 22, 22],
  ['sets', 'sets.intersects([1], [1, 1])', 23, 23],
  ['sets', 'sets.intersects([1, 1], [1])', 23, 23],
  ['sets', 'sets.intersects([2, 1], [1])', 23, 23],
  ['sets', 'sets.intersects([1], [1, 2])', 23, 23],
  ['sets', '!sets.intersects([], [])', 22, 22],
  ['sets', '!sets.intersects([1], [])', 22, 22],
  ['sets', '!sets.intersects([1], [2])', 23, 23],
  ['semver', 'semver("1.0.0")', 1, 1],
  ['semver', 'semver("1234.56789012345.67890123456789")', 4, 4],
  ['semver', 'isSemver("1.0.0")', 1, 1],
  ['semver', 'isSemver("1234.56789012345.67890123456789")', 4, 4],
  ['semver', 'semver("1.2.3").major()', 2, 2],
  ['semver', 'semver("1.2.3").minor()', 2, 2],
  ['semver', 'semver("1.2.3").patch()', 2, 2],
  ['semver', 'semver("1.0.0").isLessThan(semver("1.1.0"))', 3, 3],
  ['semver', 'semver("1.1.0").isGreaterThan(semver("1.0.0"))', 3, 3],
  ['semver', 'semver("1.0.0").compareTo(semver("1.2.3"))', 3, 3],
  ['lists', `${INTS}.sum()`, 15, 15],
  ['lists', `${UINTS}.sum()`, 20, 20],
  ['lists', `${DOUBLES}.sum()`, 15, 15],
  ['lists', `${DURATIONS}.sum()`, 20, 20],
  ['lists', `${INTS}.isSorted()`, 15, 15],
  ['lists', `${INTS}.max()`, 15, 15],
  ['lists', `${INTS}.min()`, 15, 15],
  ['lists', `${UINTS}.isSorted()`, 20, 20],
  ['lists', `${UINTS}.max()`, 20, 20],
  ['lists', `${UINTS}.min()`, 20, 20],
  ['lists', `${DOUBLES}.isSorted()`, 15, 15],
  ['lists', `${DOUBLES}.max()`, 15, 15],
  ['lists', `${DOUBLES}.min()`, 15, 15],
  ['lists', `${BOOLS}.isSorted()`, 15, 15],
  ['lists', `${BOOLS}.max()`, 15, 15],
  ['lists', `${BOOLS}.min()`, 15, 15],
  ['lists', `${STRINGS}.isSorted()`, 15, 25],
  ['lists', `${STRINGS}.max()`, 15, 25],
  ['lists', `${STRINGS}.min()`, 15, 25],
  ['lists', `${BYTES}.isSorted()`, 25, 35],
  ['lists', `${BYTES}.max()`, 25, 35],
  ['lists', `${BYTES}.min()`, 25, 35],
  ['lists', `${DURATIONS}.isSorted()`, 20, 20],
  ['lists', `${DURATIONS}.max()`, 20, 20],
  ['lists', `${DURATIONS}.min()`, 20, 20],
  ['lists', `${TIMESTAMPS}.isSorted()`, 20, 20],
  ['lists', `${TIMESTAMPS}.max()`, 20, 20],
  ['lists', `${TIMESTAMPS}.min()`, 20, 20],
  ['lists', `${INTS}.indexOf(3)`, 15, 15],
  ['lists', `${INTS}.lastIndexOf(3)`, 15, 15],
  ['lists', `${UINTS}.indexOf(uint(3))`, 21, 21],
  ['lists', `${UINTS}.lastIndexOf(uint(3))`, 21, 21],
  ['lists', `${DOUBLES}.indexOf(3.0)`, 15, 15],
  ['lists', `${DOUBLES}.lastIndexOf(3.0)`, 15, 15],
  ['lists', `${BOOLS}.indexOf(true)`, 15, 15],
  ['lists', `${BOOLS}.lastIndexOf(true)`, 15, 15],
  ['lists', `${STRINGS}.indexOf('x')`, 15, 25],
  ['lists', `${STRINGS}.lastIndexOf('x')`, 15, 25],
  ['lists', `${BYTES}.indexOf(bytes('x'))`, 26, 36],
  ['lists', `${BYTES}.lastIndexOf(bytes('x'))`, 26, 36],
  ['lists', `${DURATIONS}.indexOf(duration('3s'))`, 21, 21],
  ['lists', `${DURATIONS}.lastIndexOf(duration('3s'))`, 21, 21],
  ['lists', `${TIMESTAMPS}.indexOf(timestamp('2011-01-03T00:00:00.000+01:00'))`, 21, 21],
  ['lists', `${TIMESTAMPS}.lastIndexOf(timestamp('2011-01-03T00:00:00.000+01:00'))`, 21, 21],
  ['lists', `${FIFTY_CHARS}.indexOf('123')`, 5, 5],
  ['lists', `${FIFTY_CHARS}.lastIndexOf('123')`, 5, 5],
  ['urls', "url('https:://kubernetes.io/').getScheme()", 4, 4],
  ['urls', "url('https:://kubernetes.io/').getHostname()", 4, 4],
  ['urls', "url('https:://kubernetes.io/').getHost()", 4, 4],
  ['urls', "url('https:://kubernetes.io/').getPort()", 4, 4],
  ['urls', "url('https:://kubernetes.io/').getEscapedPath()", 4, 4],
  ['urls', "url('https:://kubernetes.io/').getQuery()", 4, 4],
  ['urls', "url('https:://kubernetes.io/') == url('https:://kubernetes.io/')", 7, 9],
  ['urls', "url('https:://kubernetes.io/') == url('http://x.b')", 5, 5],
  ['ip', "ip('192.168.0.1')", 2, 2],
  ['ip', "ip('192.168.0.1').family()", 3, 3],
  ['ip', "ip('192.168.0.1').isUnspecified()", 3, 3],
  ['ip', "ip('192.168.0.1').isLoopback()", 3, 3],
  ['ip', "ip('192.168.0.1').isLinkLocalMulticast()", 3, 3],
  ['ip', "ip('192.168.0.1').isLinkLocalUnicast()", 3, 3],
  ['ip', "ip('192.168.0.1').isGlobalUnicast()", 3, 3],
  ['ip', "ip('192.168.0.1') == ip('192.168.0.1')", 5, 5],
  ['ip', "ip('2001:db8:3333:4444:5555:6666:7777:8888')", 4, 4],
  ['ip', "ip('2001:db8:3333:4444:5555:6666:7777:8888').family()", 5, 5],
  ['ip', "ip('2001:db8:3333:4444:5555:6666:7777:8888').isUnspecified()", 5, 5],
  ['ip', "ip('2001:db8:3333:4444:5555:6666:7777:8888').isLoopback()", 5, 5],
  ['ip', "ip('2001:db8:3333:4444:5555:6666:7777:8888').isLinkLocalMulticast()", 5, 5],
  ['ip', "ip('2001:db8:3333:4444:5555:6666:7777:8888').isLinkLocalUnicast()", 5, 5],
  ['ip', "ip('2001:db8:3333:4444:5555:6666:7777:8888').isGlobalUnicast()", 5, 5],
  ['ip', "ip('2001:db8:3333:4444:5555:6666:7777:8888') == ip('192.168.0.1')", 7, 7],
  ['ip', "ip.isCanonical('192.168.0.1')", 3, 3],
  ['ip', "ip.isCanonical('2001:db8:3333:4444:5555:6666:7777:8888')", 8, 8],
  ['ip', "ip.isCanonical('2001:db8::abcd')", 3, 3],
  ['cidr', "cidr('192.168.0.0/16')", 2, 2],
  ['cidr', "cidr('192.168.0.0/16').ip()", 3, 3],
  ['cidr', "cidr('192.168.0.0/16').prefixLength()", 3, 3],
  ['cidr', "cidr('192.168.0.0/16').masked()", 3, 3],
  ['cidr', "cidr('192.168.0.0/16') == cidr('2001:db8::/32')", 5, 5],
  ['cidr', "cidr('192.168.0.0/16').containsCIDR(cidr('192.0.0.0/30'))", 7, 11],
  ['cidr', "cidr('192.168.0.0/16').containsCIDR(cidr('192.168.0.0/16'))", 7, 11],
  ['cidr', "cidr('192.168.0.0/16').containsCIDR('192.0.0.0/30')", 7, 11],
  ['cidr', "cidr('192.168.0.0/16').containsCIDR('192.168.0.0/16')", 7, 11],
  ['cidr', "cidr('192.168.0.0/16').containsIP(ip('192.0.0.1'))", 4, 7],
  ['cidr', "cidr('192.168.0.0/16').containsIP(ip('192.169.0.1'))", 5, 8],
  ['cidr', "cidr('192.168.0.0/16').containsIP(ip('192.169.169.250'))", 5, 8],
  ['cidr', "cidr('192.168.0.0/16').containsIP('192.0.0.1')", 4, 7],
  ['cidr', "cidr('192.168.0.0/16').containsIP('192.169.0.1')", 5, 8],
  ['cidr', "cidr('2001:db8::/32')", 2, 2],
  ['cidr', "cidr('2001:db8::/32').ip()", 3, 3],
  ['cidr', "cidr('2001:db8::/32').prefixLength()", 3, 3],
  ['cidr', "cidr('2001:db8::/32').masked()", 3, 3],
  ['cidr', "cidr('2001:db8::/32') == cidr('2001:db8::/32')", 5, 5],
  ['cidr', "cidr('2001:db8::/32').containsCIDR(cidr('2001:db8::/126'))", 7, 11],
  ['cidr', "cidr('2001:db8::/32').containsCIDR(cidr('2001:db8::/32'))", 7, 11],
  ['cidr', "cidr('2001:db8::/32').containsCIDR('2001:db8::/126')", 7, 11],
  ['cidr', "cidr('2001:db8::/32').containsCIDR('2001:db8::/32')", 7, 11],
  ['cidr', "cidr('2001:db8::/32').containsIP(ip('2001:db8:3333:4444:5555:6666:7777:8888'))", 7, 10],
  ['cidr', "cidr('2001:db8::/32').containsIP(ip('2001:db8::1'))", 5, 8],
  ['cidr', "cidr('2001:db8::/32').containsIP('2001:db8:3333:4444:5555:6666:7777:8888')", 7, 10],
  ['cidr', "cidr('2001:db8::/32').containsIP('2001:db8::1')", 5, 8],
];

describe('library cost estimates, as cost_test.go has them', () => {
  test.each(CASES)('%s: %s costs %d..%d', (_library, expression, min, max) => {
    expect(estimate(expression)).toEqual({ min, max });
  });
});

/**
 * cel-go's ext.Lists (version 3, in Kubernetes' base environment since 1.34): the figures of cel-go
 * v0.26.0 ext/lists_test.go TestListsCosts. Its variables (x, z) are `self` here, a list whose maxItems
 * is the test's size hint; its flatten cases mix element types, which Kubernetes refuses.
 */
const EXT_LISTS: ReadonlyArray<readonly [string, { [key: string]: unknown }, number, number]> = [
  ['lists.range(4) == [0, 1, 2, 3]', {}, 26, 26],
  ['lists.range(4 / 2) == [0, 1]', {}, MAX_UINT64, MAX_UINT64],
  ['[1, 2, 3].distinct() == [1, 2, 3]', {}, 50, 50],
  ['[1, 1, 1].distinct() == [1]', {}, 50, 50],
  ['self.distinct() == [\'hello\']', listOf('string', 3), 23, 41],
  ['[1, 2, 3].slice(1, 3) == [2, 3]', {}, 34, 34],
  ['self.slice(1, 3) == [2, 3]', listOf('integer', 10), 25, 25],
  ['[3, 2, 1].reverse() == [1, 2, 3]', {}, 35, 35],
  ['self.reverse() == [1, 2, 3]', listOf('integer', 5), 23, 28],
  ['[2, 3, 1].sort() == [1, 2, 3]', {}, 50, 50],
  ['self.sort() == [1, 2, 3]', listOf('integer', 5), 23, 73],
  ['self.sort() == ["a", "a", "b", "b", "c", "c"]', listOf('string', 10), 23, 233],
  ['self.sort() == []', listOf('integer', 10), 22, 222],
  ["[{'x':4}, {'x':3}].sortBy(m, m['x']) == [{'x':3}, {'x':4}]", {}, 211, 211],
  // list_sortBy_var_string: a list of maps of strings, at most 3.
  ["self.sortBy(m, m['x']) == [{'x': 'a'}, {'x': 'b'}, {'x': 'c'}]", { type: 'array', maxItems: 3, items: { type: 'object', additionalProperties: { type: 'string' } } }, 136, 197],
];

/** TestTwoVariableComprehensionCost (cost_test.go): its estimates, on literals. */
const TWO_VARIABLES: ReadonlyArray<readonly [string, number, number]> = [
  ["{'a': 1, 'b': 2}.all(k, v, v > 0)", 37, 41],
  ["{'a': 1, 'b': 2}.exists(k, v, v > 0)", 39, 43],
  ["{'a': 1, 'b': 2}.existsOne(k, v, v > 0)", 38, 40],
  ["{'a': 1, 'b': 2}.transformMap(k, v, v + 1)", 71, 71],
  ["{'a': 1, 'b': 2}.transformMap(k, v, v < 5, v + 1)", 67, 75],
  ["{'a': 1, 'b': 2}.transformMapEntry(k, v, {k: v + 1})", 131, 131],
  ["{'a': 1, 'b': 2}.transformMapEntry(k, v, v < 5, {k: v + 1})", 67, 135],
  ['[1, 2].all(i, v, v > 0)', 17, 21],
  ['[1, 2].exists(i, v, v > 0)', 19, 23],
  ['[1, 2].existsOne(i, v, v > 0)', 18, 20],
  ['[1, 2].transformList(i, v, v + 1)', 49, 49],
  ['[1, 2].transformList(i, v, v < 5, v + 1)', 27, 53],
];

function listOf(type: string, maxItems: number): { [key: string]: unknown } {
  return { type: 'array', maxItems, items: { type } };
}

describe('ext.Lists cost estimates, as cel-go\'s TestListsCosts has them', () => {
  test.each(EXT_LISTS)('%s costs %d..%d', (rule, schema, min, max) => {
    const self = { type: 'object', ...schema };
    const declared = schemaDeclType(self, false)!;
    const compiled = compileExpression(rule, 'rule', declared, false, self, false);
    expect(compiled.error).toBeUndefined();
    expect(estimateCost(compiled.ast!, declared, new Set()).cost).toEqual({ min, max });
  });
});

describe('two-variable comprehension cost estimates, as TestTwoVariableComprehensionCost has them', () => {
  test.each(TWO_VARIABLES)('%s costs %d..%d', (expression, min, max) => {
    expect(estimate(expression)).toEqual({ min, max });
  });
});

describe('optMap and optFlatMap cost what their expansion costs', () => {
  // hasValue: 1 + the target (optional.of(1): 1); the present branch: optional.of (1) of a bind, which
  // costs its empty range (10), t.value() (1 + 1) and the expression (x + 1: 2), so 15; none(): 1.
  test('optMap', () => expect(estimate('optional.of(1).optMap(x, x + 1)')).toEqual({ min: 3, max: 17 }));
  // No optional.of around the bind: 14 at most; the expression optional.of(x) costs 1 + 1.
  test('optFlatMap', () => expect(estimate('optional.of(1).optFlatMap(x, optional.of(x))')).toEqual({ min: 3, max: 16 }));
});

describe('what cel-js cannot check is never a false error', () => {
  // A predicate over an empty literal's open element type: cel-js fails on it where cel-go does not, and
  // compile.ts' syntax-level fallback checks the rule (cost 0).
  const schema = { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } };
  const rule = 'self.tags.first().hasValue() || [].exists(x, x > 1)';

  test('it falls back, and is accepted', () => {
    expect(celSchemaIssues({ ...schema, 'x-kubernetes-validations': [{ rule }] }, 'spec', () => false)).toEqual([]);
    expect(compileExpression(rule, 'rule', schemaDeclType(schema, false)!, false, schema, false)).toMatchObject({ fallback: true });
  });

  test('the fallback still refuses a field the schema does not declare', () => {
    const issues = celSchemaIssues({ ...schema, 'x-kubernetes-validations': [{ rule: rule.replace('self.tags.first', 'self.tagz.first') }] }, 'spec', () => false);
    expect(issues.map(i => i.kind)).toEqual(['compile']);
  });
});
