/**
 * Kubernetes' CEL libraries, declared by signature on a cel-js Environment
 * for type-checking (never evaluated: every handler is a notEvaluated). The set is
 * the base environment of Kubernetes 1.36 for new expressions, i.e. the
 * options of `baseOpts` (k8s.io/apiserver pkg/cel/environment/base.go)
 * introduced up to its compatibility version 1.35 (the last was introduced
 * in 1.34; base.go is the same in 1.35 and 1.36):
 * - k8s.io/apiserver pkg/cel/library: lists.go (ListsVersion 0), regex.go,
 *   urls.go, quantity.go, ip.go, cidr.go, format.go, semverlib.go
 *   (SemverVersion 1);
 * - cel-go ext: Strings (version 2), Sets, Lists (version 3), optional types
 *   and cross-type numeric comparisons (cel-go's own, built into cel-js).
 * Not declared, as in Kubernetes: ext.Bindings (`cel.bind`), ext.Math
 * (`math.*`), ext.Encoders. cel-js has `cel.bind` built in: compile.ts
 * refuses it as cel-go does. The authorizer library (library/authz.go) needs
 * the `authorizer` variable, which CRD rules do not have.
 */
import { callOf, firstInAst } from './ast-walk';
import { celGoOffset } from './cel-go-position';
import { CelEnvironment, notEvaluated } from './cel-js';
import { celGoName } from './go-type-names';

/** The opaque types of the libraries, by the names cel-go gives them (pkg/cel/types.go and friends). */
export const LIBRARY_TYPES = ['kubernetes.URL', 'net.IP', 'net.CIDR', 'kubernetes.Quantity', 'kubernetes.Semver', 'kubernetes.NamedFormat'] as const;

/** Namespaces reached as `name.function(...)`: a constant of an opaque type. */
const NAMESPACES: ReadonlyArray<readonly [string, string]> = [
  ['format', 'k8s.FormatNamespace'],
  ['sets', 'k8s.SetsNamespace'],
  ['lists', 'k8s.ListsNamespace'],
  ['strings', 'k8s.StringsNamespace'],
  ['ip', 'k8s.IPNamespace'],
];

/** library/lists.go: comparableTypes and summableTypes. */
export const COMPARABLE: readonly string[] = ['int', 'uint', 'double', 'bool', 'string', 'bytes', 'google.protobuf.Duration', 'google.protobuf.Timestamp'];
const SUMMABLE = ['int', 'uint', 'double', 'google.protobuf.Duration'];

/** library/format.go: ConstantFormats' keys, declared here and given validators by runtime/format.ts (keyed by this type). */
export const CONSTANT_FORMATS = ['dns1123Label', 'dns1123Subdomain', 'dns1035Label', 'qualifiedName', 'dns1123LabelPrefix', 'dns1123SubdomainPrefix',
  'dns1035LabelPrefix', 'labelValue', 'uri', 'uuid', 'byte', 'date', 'datetime'] as const;
export type ConstantFormat = typeof CONSTANT_FORMATS[number];

function signatures(): string[] {
  const out: string[] = [];
  // library/lists.go, ListsVersion(0): isSorted, max, min and sum are declared for any element type, and
  // listElementMismatch refuses the types cel-go has no overload for (see there why).
  out.push('list<A>.isSorted(): bool', 'list<A>.max(): A', 'list<A>.min(): A', 'list<A>.sum(): A');
  out.push('list<A>.indexOf(A): int', 'list<A>.lastIndexOf(A): int');
  // library/regex.go.
  out.push('string.find(string): string', 'string.findAll(string): list<string>', 'string.findAll(string, int): list<string>');
  // library/urls.go.
  out.push('url(string): kubernetes.URL', 'isURL(string): bool');
  for (const f of ['getScheme', 'getHost', 'getHostname', 'getPort', 'getEscapedPath']) out.push(`kubernetes.URL.${f}(): string`);
  out.push('kubernetes.URL.getQuery(): map<string, list<string>>');
  // library/quantity.go: sign is declared as a global overload (cel.Overload), so only sign(q) compiles.
  out.push('quantity(string): kubernetes.Quantity', 'isQuantity(string): bool', 'sign(kubernetes.Quantity): int',
    'kubernetes.Quantity.isGreaterThan(kubernetes.Quantity): bool', 'kubernetes.Quantity.isLessThan(kubernetes.Quantity): bool',
    'kubernetes.Quantity.compareTo(kubernetes.Quantity): int', 'kubernetes.Quantity.asApproximateFloat(): double',
    'kubernetes.Quantity.asInteger(): int', 'kubernetes.Quantity.isInteger(): bool',
    'kubernetes.Quantity.add(kubernetes.Quantity): kubernetes.Quantity', 'kubernetes.Quantity.add(int): kubernetes.Quantity',
    'kubernetes.Quantity.sub(kubernetes.Quantity): kubernetes.Quantity', 'kubernetes.Quantity.sub(int): kubernetes.Quantity');
  // library/ip.go.
  out.push('ip(string): net.IP', 'isIP(string): bool', 'k8s.IPNamespace.isCanonical(string): bool', 'string(net.IP): string', 'net.IP.family(): int');
  for (const f of ['isUnspecified', 'isLoopback', 'isLinkLocalMulticast', 'isLinkLocalUnicast', 'isGlobalUnicast']) out.push(`net.IP.${f}(): bool`);
  // library/cidr.go.
  out.push('cidr(string): net.CIDR', 'isCIDR(string): bool', 'string(net.CIDR): string',
    'net.CIDR.containsIP(string): bool', 'net.CIDR.containsIP(net.IP): bool',
    'net.CIDR.containsCIDR(string): bool', 'net.CIDR.containsCIDR(net.CIDR): bool',
    'net.CIDR.ip(): net.IP', 'net.CIDR.prefixLength(): int', 'net.CIDR.masked(): net.CIDR');
  // library/format.go.
  for (const f of CONSTANT_FORMATS) out.push(`k8s.FormatNamespace.${f}(): kubernetes.NamedFormat`);
  out.push('k8s.FormatNamespace.named(string): optional<kubernetes.NamedFormat>', 'kubernetes.NamedFormat.validate(string): optional<list<string>>');
  // library/semverlib.go, SemverVersion(1) (the normalizing overloads).
  out.push('semver(string): kubernetes.Semver', 'semver(string, bool): kubernetes.Semver', 'isSemver(string): bool', 'isSemver(string, bool): bool',
    'kubernetes.Semver.isGreaterThan(kubernetes.Semver): bool', 'kubernetes.Semver.isLessThan(kubernetes.Semver): bool',
    'kubernetes.Semver.compareTo(kubernetes.Semver): int', 'kubernetes.Semver.major(): int', 'kubernetes.Semver.minor(): int', 'kubernetes.Semver.patch(): int');
  // cel-go ext.Strings(StringsVersion(2)): what cel-js lacks of it (indexOf, split, join... are built in).
  out.push('string.charAt(int): string', 'string.replace(string, string): string', 'string.replace(string, string, int): string',
    'string.format(list<dyn>): string', 'k8s.StringsNamespace.quote(string): string');
  // cel-go ext.Sets.
  for (const f of ['contains', 'equivalent', 'intersects']) out.push(`k8s.SetsNamespace.${f}(list<A>, list<A>): bool`);
  // cel-go ext.Lists(ListsVersion(3)), sortBy aside (a macro: macros.ts). flatten() takes a list of lists (list_flatten).
  out.push('k8s.ListsNamespace.range(int): list<int>', 'list<A>.slice(int, int): list<A>', 'list<list<A>>.flatten(): list<A>',
    'list<dyn>.flatten(int): list<dyn>', 'list<A>.distinct(): list<A>', 'list<A>.reverse(): list<A>', 'list<A>.first(): optional<A>',
    'list<A>.last(): optional<A>');
  out.push('list<A>.sort(): list<A>');
  return out;
}

/** Declares Kubernetes' libraries on `env` (a fresh Environment with optional types enabled). */
export function declareKubernetesLibraries(env: CelEnvironment): void {
  for (const name of LIBRARY_TYPES) env.registerType(name, { ctor: class {} });
  for (const [constant, type] of NAMESPACES) {
    // The constant's value must be an instance of its type, or cel-js types it as a map.
    const ctor = class {};
    env.registerType(type, { ctor });
    env.registerConstant(constant, type, new ctor());
  }
  for (const signature of signatures()) env.registerFunction(signature, notEvaluated);
  // Equality of the opaque types (cel-go compares them with ==).
  for (const name of LIBRARY_TYPES) env.registerOperator(`${name} == ${name}`, notEvaluated);
  // cel-go's checker lets null stand for a value of a nullable type (isLegacyNullable in checker/types.go:
  // opaque, struct, duration and timestamp types): `format.dns1123Label().validate(self) == null` compiles.
  for (const name of [...LIBRARY_TYPES, 'google.protobuf.Duration', 'google.protobuf.Timestamp', ...NULLABLE_OPTIONALS]) declareNullComparison(env, name);
}

/**
 * Every optional type: an optional is an opaque type to cel-go, so null stands for one (`self.?spec == null`
 * compiles); cel-js' `optional<dyn>` matches an optional of any value type, where one declaration per
 * value type would overlap.
 */
const NULLABLE_OPTIONALS = ['optional<dyn>'];

/** `t == null` for the nullable type `t` (cel-js derives `null == t` and `!=`). */
export function declareNullComparison(env: CelEnvironment, t: string): void {
  env.registerOperator(`${t} == null`, notEvaluated);
}

/** The functions of element-typed overloads, and the element types each has one for. */
const ELEMENT_TYPED: ReadonlyMap<string, readonly string[]> = new Map([
  ['isSorted', COMPARABLE], ['max', COMPARABLE], ['min', COMPARABLE], ['sort', COMPARABLE], ['sum', SUMMABLE],
]);

/**
 * The first call of isSorted, max, min, sum (library/lists.go) or sort
 * (ext.Lists) on a list whose element type has no overload: cel-go's
 * "found no matching overload". cel-js takes the first overload that
 * matches, so on a `list<dyn>` (a list of int-or-string) one overload per
 * element type gave `max()` the first one's type, `int`, where cel-go,
 * every overload matching, gives dyn; declared once for any element type
 * (library.ts' signatures), the call is typed as cel-go types it, and this
 * check refuses the element types cel-go refuses.
 */
export function listElementMismatch(node: unknown): { message: string; start: number | undefined } | undefined {
  return firstInAst(node, n => {
    const call = callOf(n);
    const allowed = call === undefined ? undefined : ELEMENT_TYPED.get(call.name);
    const type = call?.target?.checkedType;
    if (allowed === undefined || call!.args.length !== 0 || type?.kind !== 'list') return undefined;
    const elem = type.valueType!;
    if (elem.kind === 'dyn' || elem.kind === 'param' || allowed.includes(elem.name)) return undefined;
    return { message: `found no matching overload for '${call!.name}' applied to '${celGoName(type)}.()'`, start: celGoOffset(n) };
  });
}
