/**
 * The semver library at run time (src/rules/k8s/cel/runtime/semver.ts), with
 * the cases of TestSemver (k8s.io/apiserver pkg/cel/library/semver_test.go)
 * and blang/semver v4's precedence and errors; the test code is our own.
 */
import { expectError, expectHolds, Schema } from './evaluate';

const schema: Schema = { type: 'string' };

test.each([
  'semver("1.2.3") == semver("1.2.3")',
  'isSemver("1.2.3-beta.1+build.1")',
  '!isSemver("")',
  '!isSemver("v1.0.0")',
  '!isSemver(" 1.0.0")',
  '!isSemver("1. 0.0")',
  '!isSemver("1.0.0 ")',
  '!isSemver("01.01.01")',
  '!isSemver("1")',
  '!isSemver("1.1")',
  '!isSemver("", true)',
  '!isSemver(" 1.0.0", true)',
  '!isSemver("1. 0.0", true)',
  '!isSemver("1.0.0 ", true)',
  'isSemver("v1.0.0", true)',
  'isSemver("01.01.01", true)',
  'isSemver("1", true)',
  'isSemver("1.1", true)',
  'semver("v01.01", true) == semver("1.1.0")',
  '(semver("1.2.3") == semver("1.0.0")) == false',
  'semver("1.0.0").isLessThan(semver("1.2.3"))',
  '!semver("1.0.0").isLessThan(semver("1.0.0"))',
  'semver("1.2.3").isGreaterThan(semver("1.0.0"))',
  '!semver("1.0.0").isGreaterThan(semver("1.0.0"))',
  'semver("1.2.3").compareTo(semver("1.2.3")) == 0',
  'semver("1.0.0").compareTo(semver("1.2.3")) == -1',
  'semver("1.2.3").compareTo(semver("1.0.0")) == 1',
  'semver("1.2.3").major() == 1 && semver("1.2.3").minor() == 2 && semver("1.2.3").patch() == 3',
  // Precedence (semver 2.0.0 §11): a prerelease sorts first, numeric identifiers before others, build metadata ignored.
  'semver("1.0.0-alpha").isLessThan(semver("1.0.0-alpha.1"))',
  'semver("1.0.0-alpha.1").isLessThan(semver("1.0.0-alpha.beta"))',
  'semver("1.0.0-beta.2").isLessThan(semver("1.0.0-beta.11"))',
  'semver("1.0.0-rc.1").isLessThan(semver("1.0.0"))',
  'semver("1.0.0+build.1") == semver("1.0.0+build.2")',
  // major() is the int64 of blang's uint64.
  'semver("18446744073709551615.0.0").major() == -1',
  '!isSemver("1.0.0-01") && !isSemver("1.0.0+") && !isSemver("1.0.0-a_b") && !isSemver("1.2-3", true)',
  'semver(self).isGreaterThan(semver("1.0.0"))',
])('%s', expr => {
  expectHolds(schema, '1.2.0', expr);
});

test.each([
  ['semver("v1.0") == semver("1.0.0")', 'No Major.Minor.Patch elements found'],
  ['semver("01.1.1").major() == 1', 'Major number must not contain leading zeroes "01"'],
  ['semver("1.x.1").major() == 1', 'Invalid character(s) found in minor number "x"'],
  ['semver("1.1.1-01").major() == 1', 'Numeric PreRelease version must not contain leading zeroes "01"'],
  ['semver("1.1.99999999999999999999").major() == 1', 'strconv.ParseUint: parsing "99999999999999999999": value out of range'],
  ['semver("1.2-rc", true).major() == 1', 'short version cannot contain PreRelease/Build meta data'],
])('%s is an evaluation error', (expr, error) => {
  expectError(schema, '1.2.0', expr, error);
});
