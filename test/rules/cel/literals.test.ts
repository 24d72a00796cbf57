/**
 * Literal arguments the API server checks when it compiles a rule
 * (literals.ts): cel-go's duration, timestamp and regex literal validators,
 * which Kubernetes' base environment adds, and the regexes compiled with the
 * program (OptimizeRegex).
 */
import { compileExpression } from '../../../src/rules/k8s/cel/compile';
import { schemaDeclType } from '../../../src/rules/k8s/cel/decl-type';

const schema = { type: 'object', properties: { name: { type: 'string' }, at: { type: 'string', format: 'date-time' } } };
const SELF = schemaDeclType(schema, false)!;
const errorOf = (text: string, kind: 'rule' | 'messageExpression' = 'rule'): string | undefined =>
  compileExpression(text, kind, SELF, false, schema, false).error;

describe('literals that convert and compile', () => {
  test.each([
    "duration('1h30m') > duration('90m')", "duration('-1.5s') < duration('0')", 'duration(60) > duration(59)',
    "self.at > timestamp('2020-01-01T00:00:00Z')", "self.at < timestamp('9999-12-31T23:59:59.999999999Z')",
    "self.at > timestamp('0001-01-01T00:00:00Z')", 'self.at > timestamp(0)',
    "self.name.matches('^[a-z]([-a-z0-9]*[a-z0-9])?$')", "self.name.matches('[[:alpha:]]+')", "matches(self.name, '\\\\pL+')",
    "self.name.find('[0-9]+') != ''", "self.name.findAll('a', 2).size() <= 2",
    // Only literals are checked: a pattern computed at run time is the server's to judge when the rule runs.
    "self.name.matches(self.name + '(')",
  ])('%s', rule => {
    expect(errorOf(rule)).toBeUndefined();
  });
});

describe('literals the API server refuses', () => {
  test.each([
    ["duration('1x') > duration('1s')", 'compilation failed: invalid duration argument (at line 1, column 10)'],
    ["duration('1d') > duration('1s')", 'compilation failed: invalid duration argument (at line 1, column 10)'],
    ["self.at > timestamp('yesterday')", 'compilation failed: invalid timestamp argument (at line 1, column 21)'],
    ["self.at > timestamp('2020-02-30T00:00:00Z')", 'compilation failed: invalid timestamp argument (at line 1, column 21)'],
    // Year 0 is before cel-go's minUnixTime.
    ["self.at > timestamp('0000-12-31T23:59:59Z')", 'compilation failed: invalid timestamp argument (at line 1, column 21)'],
    ['self.at > timestamp(253402300800)', 'compilation failed: invalid timestamp argument (at line 1, column 21)'],
    ["self.name.matches('(')", 'compilation failed: invalid matches argument (at line 1, column 19)'],
    // ValidateRegexLiterals reads the first argument of a global matches(): the string, there.
    ["matches('(', self.name)", 'compilation failed: invalid matches argument (at line 1, column 9)'],
  ])('%s', (rule, error) => {
    expect(errorOf(rule)).toBe(error);
  });

  test('a global matches() with a literal pattern that does not compile fails when the program is built', () => {
    expect(errorOf("matches(self.name, '(')")).toMatch(/^program instantiation failed: error parsing regexp: missing closing \): `\(`/);
  });

  test.each([
    ["self.name.find('[') == ''", /^program instantiation failed: error parsing regexp: missing closing \]: `\[`/],
    ["self.name.findAll('a(?=b)').size() == 0", /^program instantiation failed: error parsing regexp: invalid or unsupported Perl syntax/],
  ])('%s fails when the program is built', (rule, error) => {
    expect(errorOf(rule)).toMatch(error);
  });

  test('a messageExpression has its own words for both stages', () => {
    expect(errorOf("'at ' + string(duration('1x'))", 'messageExpression')).toBe(
      'messageExpression compilation failed: invalid duration argument (at line 1, column 25)');
    expect(errorOf("'found ' + self.name.find('[')", 'messageExpression')).toMatch(/^messageExpression instantiation failed: error parsing regexp/);
  });
});

describe('int literals beyond int64, as cel-go\'s parser refuses them (parser_test.go: `0xFFFFFFFFFFFFFFFFF`)', () => {
  test.each([
    '-9223372036854775808 < 0', '-0x8000000000000000 < 0', '9223372036854775807 > 0 && 0x7FFFFFFFFFFFFFFF > 0',
    '18446744073709551615u > 0u',
  ])('%s compiles', rule => {
    expect(errorOf(rule)).toBeUndefined();
  });
  test.each(['0xFFFFFFFFFFFFFFFFF == 1', '9223372036854775808 > 0', '0x8000000000000000 > 0', '-9223372036854775809 < 0'])('%s is refused', rule => {
    // At the literal's start, its sign included (VisitInt reports at the Int context): cel-go says <input>:1:1.
    expect(errorOf(rule)).toBe('compilation failed: syntax error: invalid int literal (at line 1, column 1)');
  });
});

describe('the sign of -9223372036854775808 is the literal\'s where CEL.g4\'s `literal: sign=MINUS? tok=NUM_INT` takes it', () => {
  // Each verdict and column as cel-go v0.26.1's cel.NewEnv(...).Compile gives it.
  test.each([
    '- 9223372036854775808 < 0', '-\n9223372036854775808 < 0', '- // the least int\n9223372036854775808 < 0', '1 - -9223372036854775808 < 0',
    '(-9223372036854775808) < 0', '-(-9223372036854775808) < 0', '[-9223372036854775808][0] < 0', '- 0x8000000000000000 < 0',
  ])('%s compiles: one literal, its sign separated by blanks or comments only', rule => {
    expect(errorOf(rule)).toBeUndefined();
  });
  test.each([
    // A parenthesis between: the negation of 9223372036854775808.
    ['-(9223372036854775808) < 0', 3],
    ['-(-(9223372036854775808)) < 0', 5],
    // VisitNegate: a run of `-` are all negations, the literal keeps none of them.
    ['--9223372036854775808 < 0', 3],
    ['- -9223372036854775808 < 0', 4],
    ['---9223372036854775808 < 0', 4],
    ['1 - - -9223372036854775808 < 0', 8],
    // A binary minus is no sign.
    ['1 - 9223372036854775808 < 0', 5],
    ['-(-9223372036854775809) < 0', 3],
  ])('%s is refused at column %d', (rule, column) => {
    expect(errorOf(rule)).toBe(`compilation failed: syntax error: invalid int literal (at line 1, column ${column})`);
  });
});
