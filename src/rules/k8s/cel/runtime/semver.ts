/**
 * Kubernetes' semver library (k8s.io/apiserver pkg/cel/library/semverlib.go,
 * SemverVersion 1, Kubernetes 1.36) on a mirror of github.com/blang/semver/v4
 * (Parse, Version.Compare, PRVersion.Compare) with its error texts:
 * semver() and isSemver() (with normalizeAndParse when asked to normalize),
 * major(), minor(), patch() (int64 of the uint64), isGreaterThan(),
 * isLessThan(), compareTo(), and `==` (EQ).
 */
import { celGoError, leaveToServer, RuntimeFunctions } from './outcome';
import { goQuote } from '../../go-quote';

interface PRVersion {
  readonly text: string;
  /** The number of a numeric identifier. */
  readonly num?: bigint;
}

interface Version {
  readonly major: bigint;
  readonly minor: bigint;
  readonly patch: bigint;
  readonly pre: readonly PRVersion[];
}

const MAX_UINT64 = 2n ** 64n - 1n;
const NUMBERS = /^[0-9]*$/;
const ALPHANUM = /^[0-9A-Za-z-]*$/;

/** Go's strings.SplitN(s, sep, n). */
function splitN(s: string, sep: string, n: number): string[] {
  const out: string[] = [];
  let rest = s;
  while (out.length < n - 1) {
    const at = rest.indexOf(sep);
    if (at < 0) break;
    out.push(rest.slice(0, at));
    rest = rest.slice(at + sep.length);
  }
  out.push(rest);
  return out;
}

const hasLeadingZeroes = (s: string): boolean => s.length > 1 && s[0] === '0';

/** strconv.ParseUint(s, 10, 64), or its error's text. */
function parseUint(s: string): bigint | string {
  if (!/^[0-9]+$/.test(s)) return `strconv.ParseUint: parsing ${goQuote(s)}: invalid syntax`;
  const v = BigInt(s);
  return v > MAX_UINT64 ? `strconv.ParseUint: parsing ${goQuote(s)}: value out of range` : v;
}

function number(part: string, name: string): bigint | string {
  if (!NUMBERS.test(part)) return `Invalid character(s) found in ${name} number ${goQuote(part)}`;
  if (hasLeadingZeroes(part)) return `${name[0].toUpperCase()}${name.slice(1)} number must not contain leading zeroes ${goQuote(part)}`;
  return parseUint(part);
}

/** NewPRVersion. */
function prVersion(s: string): PRVersion | string {
  if (s.length === 0) return 'Prerelease is empty';
  if (NUMBERS.test(s)) {
    if (hasLeadingZeroes(s)) return `Numeric PreRelease version must not contain leading zeroes ${goQuote(s)}`;
    const num = parseUint(s);
    return typeof num === 'string' ? num : { text: s, num };
  }
  if (ALPHANUM.test(s)) return { text: s };
  return `Invalid character(s) found in prerelease ${goQuote(s)}`;
}

/** semver.Parse. */
function parse(s: string): Version | string {
  if (s.length === 0) return 'Version string empty';
  const parts = splitN(s, '.', 3);
  if (parts.length !== 3) return 'No Major.Minor.Patch elements found';
  const major = number(parts[0], 'major');
  if (typeof major === 'string') return major;
  const minor = number(parts[1], 'minor');
  if (typeof minor === 'string') return minor;
  let patchText = parts[2];
  let build: string[] = [];
  let prerelease: string[] = [];
  const plus = patchText.indexOf('+');
  if (plus >= 0) {
    build = patchText.slice(plus + 1).split('.');
    patchText = patchText.slice(0, plus);
  }
  const dash = patchText.indexOf('-');
  if (dash >= 0) {
    prerelease = patchText.slice(dash + 1).split('.');
    patchText = patchText.slice(0, dash);
  }
  const patch = number(patchText, 'patch');
  if (typeof patch === 'string') return patch;
  const pre: PRVersion[] = [];
  for (const text of prerelease) {
    const identifier = prVersion(text);
    if (typeof identifier === 'string') return identifier;
    pre.push(identifier);
  }
  for (const text of build) {
    if (text.length === 0) return 'Build meta data is empty';
    if (!ALPHANUM.test(text)) return `Invalid character(s) found in build meta data ${goQuote(text)}`;
  }
  return { major, minor, patch, pre };
}

/** normalizeAndParse: no "v" prefix, leading zeros removed, a short version filled with zeros. */
function normalizeAndParse(input: string): Version | string {
  const s = input.startsWith('v') ? input.slice(1) : input;
  const parts = splitN(s, '.', 3).map(p => {
    if (p.length <= 1) return p;
    const trimmed = p.replace(/^0+/, '');
    return trimmed.length === 0 || !/[0-9]/.test(trimmed[0]) ? `0${trimmed}` : trimmed;
  });
  if (parts.length < 3) {
    if (/[+-]/.test(parts[parts.length - 1])) return 'short version cannot contain PreRelease/Build meta data';
    while (parts.length < 3) parts.push('0');
  }
  return parse(parts.join('.'));
}

const sign = (a: bigint, b: bigint): -1 | 0 | 1 => (a === b ? 0 : a > b ? 1 : -1);

/** PRVersion.Compare: numbers before identifiers, numbers by value, identifiers by bytes. */
function comparePR(v: PRVersion, o: PRVersion): -1 | 0 | 1 {
  if (v.num !== undefined && o.num !== undefined) return sign(v.num, o.num);
  if (v.num !== undefined) return -1;
  if (o.num !== undefined) return 1;
  return v.text === o.text ? 0 : v.text > o.text ? 1 : -1;
}

/** Version.Compare: build metadata has no precedence; a version without prerelease is greater. */
function compare(v: Version, o: Version): -1 | 0 | 1 {
  for (const [a, b] of [[v.major, o.major], [v.minor, o.minor], [v.patch, o.patch]] as const) {
    if (a !== b) return sign(a, b);
  }
  if (v.pre.length === 0 || o.pre.length === 0) return v.pre.length === o.pre.length ? 0 : v.pre.length === 0 ? 1 : -1;
  for (let i = 0; i < v.pre.length && i < o.pre.length; i++) {
    const c = comparePR(v.pre[i], o.pre[i]);
    if (c !== 0) return c;
  }
  return sign(BigInt(v.pre.length), BigInt(o.pre.length));
}

function parsed(value: unknown, normalize: unknown): Version | string {
  if (typeof value !== 'string' || typeof normalize !== 'boolean') leaveToServer('semver() of other kinds of values');
  return normalize ? normalizeAndParse(value) : parse(value);
}

function versionOf(value: unknown): Version {
  if (typeof value !== 'object' || value === null || !('pre' in value)) leaveToServer('a semver function on another kind of value');
  return value as Version;
}

const compared = (a: unknown, b: unknown): -1 | 0 | 1 => compare(versionOf(a), versionOf(b));

export const FUNCTIONS: RuntimeFunctions = {
  'semver': (value: unknown, normalize: unknown = false) => {
    const version = parsed(value, normalize);
    if (typeof version === 'string') throw celGoError(version);
    return version;
  },
  'isSemver': (value: unknown, normalize: unknown = false) => typeof parsed(value, normalize) !== 'string',
  'kubernetes.Semver.major': (v: unknown) => BigInt.asIntN(64, versionOf(v).major),
  'kubernetes.Semver.minor': (v: unknown) => BigInt.asIntN(64, versionOf(v).minor),
  'kubernetes.Semver.patch': (v: unknown) => BigInt.asIntN(64, versionOf(v).patch),
  'kubernetes.Semver.isGreaterThan': (a: unknown, b: unknown) => compared(a, b) === 1,
  'kubernetes.Semver.isLessThan': (a: unknown, b: unknown) => compared(a, b) === -1,
  'kubernetes.Semver.compareTo': (a: unknown, b: unknown) => BigInt(compared(a, b)),
  'kubernetes.Semver.==': (a: unknown, b: unknown) => compared(a, b) === 0,
};
