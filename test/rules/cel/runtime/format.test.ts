/**
 * The format library at run time (src/rules/k8s/cel/runtime/format.ts),
 * with the cases of TestFormat (k8s.io/apiserver
 * pkg/cel/library/format_test.go) for the formats it mirrors; the test code
 * is our own.
 */
import { expectHolds, Schema } from './evaluate';
import { CONSTANT_FORMATS } from '../../../../src/rules/k8s/cel/library';
import { FUNCTIONS } from '../../../../src/rules/k8s/cel/runtime/format';
import { formatValidates } from '../../../../src/rules/k8s/strfmt/registry';

const schema: Schema = { type: 'string' };
const FORMATS = ['dns1123Label', 'dns1123Subdomain', 'dns1035Label', 'qualifiedName', 'dns1123LabelPrefix', 'dns1123SubdomainPrefix',
  'dns1035LabelPrefix', 'labelValue', 'uri', 'uuid', 'byte', 'date', 'datetime'];
const LABEL = 'a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character '
  + '(e.g. \'my-name\',  or \'123-abc\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?\')';
const SUBDOMAIN = 'a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character '
  + '(e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')';
const DNS1035 = 'a DNS-1035 label must consist of lower case alphanumeric characters or \'-\', start with an alphabetic character, and end with an alphanumeric character '
  + '(e.g. \'my-name\',  or \'abc-123\', regex used for validation is \'[a-z]([-a-z0-9]*[a-z0-9])?\')';
const NAME_PART = 'name part must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character '
  + '(e.g. \'MyName\',  or \'my.name\',  or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\')';
const LABEL_VALUE = 'a valid label must be an empty string or consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character '
  + '(e.g. \'MyValue\',  or \'my_value\',  or \'12345\', regex used for validation is \'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?\')';

test.each([
  '!format.dns1123Label().validate("my-label-name").hasValue()',
  '!format.dns1123Subdomain().validate("apiextensions.k8s.io").hasValue()',
  '!format.qualifiedName().validate("apiextensions.k8s.io/v1beta1").hasValue()',
  '!format.dns1123LabelPrefix().validate("my-label-prefix-").hasValue()',
  '!format.dns1123SubdomainPrefix().validate("mysubdomain.prefix.-").hasValue()',
  '!format.dns1035LabelPrefix().validate("my-label-prefix-").hasValue()',
  '!format.byte().validate("aGVsbG8=").hasValue()',
  '!format.uri().validate("http://example.com").hasValue()',
  'format.uri().validate("example.com").value() == ["parse \\"example.com\\": invalid URI for request"]',
  `format.dns1123Label().validate("contains a space").value() == ["${LABEL}"]`,
  `format.dns1123Subdomain().validate("contains a space").value() == ["${SUBDOMAIN}"]`,
  `format.dns1035Label().validate("contains a space").value() == ["${DNS1035}"]`,
  `format.qualifiedName().validate("contains a space").value() == ["${NAME_PART}"]`,
  `format.dns1123LabelPrefix().validate("contains a space-").value() == ["${LABEL}"]`,
  `format.dns1123SubdomainPrefix().validate("contains a space-").value() == ["${SUBDOMAIN}"]`,
  `format.dns1035LabelPrefix().validate("contains a space-").value() == ["${DNS1035}"]`,
  '!format.dns1123Label().validate("my-label-name").hasValue()',
  '!format.dns1123Subdomain().validate("example.com").hasValue()',
  '!format.dns1035Label().validate("my-label-name").hasValue()',
  '!format.qualifiedName().validate("my.name").hasValue()',
  'format.byte().validate("aGVsbG8").value() == ["invalid base64"]',
  '!format.named("unknown").hasValue()',
  '!format.labelValue().validate("my-cool-label-Value").hasValue()',
  `format.labelValue().validate("my-cool-label-Value!!\\n\\n!!!").value() == ["${LABEL_VALUE}"]`,
  // A label with dots is a valid subdomain: IsDNS1123Label says so; lengths are Go's bytes.
  'format.dns1123Label().validate("a.b").value() == ["must not contain dots"]',
  'format.dns1123Label().validate(self + self + self + self + self + self + self + self).value()[0] == "must be no more than 63 characters"',
  'format.qualifiedName().validate("/a").value() == ["prefix part must be non-empty"]',
  // On the default; `==` between optionals as cel-go's Optional.Equal (runtime/optional.ts).
  '!format.dns1123Label().validate(self).hasValue()',
  'format.dns1123Label().validate(self) == optional.none()',
  'format.dns1123Label().validate("a.b") == optional.of(["must not contain dots"])',
  'format.dns1123Label().validate("a.b") != optional.none()',
])('%s', expr => {
  expectHolds(schema, 'abcdefgh', expr);
});

test('the formats declared for type-checking are the ones given validators at run time, and format.go\'s ConstantFormats', () => {
  const constants = Object.keys(FUNCTIONS).filter(f => f.startsWith('k8s.FormatNamespace.') && f !== 'k8s.FormatNamespace.named');
  expect(constants.map(f => f.slice('k8s.FormatNamespace.'.length))).toEqual([...CONSTANT_FORMATS]);
  expect([...CONSTANT_FORMATS]).toEqual(FORMATS);
});

test.each(FORMATS)('format.named("%s") is format.%s()', name => {
  expectHolds(schema, 'x', `format.named("${name}").hasValue() && format.named("${name}").value() == format.${name}()`);
  for (const other of FORMATS.filter(f => f !== name)) expectHolds(schema, 'x', `format.${name}() != format.${other}()`);
});

test.each([
  '!format.uuid().validate("123e4567-e89b-12d3-a456-426614174000").hasValue()',
  '!format.uuid().validate("123E4567E89B12D3A456426614174000").hasValue()',
  'format.uuid().validate("123e4567-e89b-12d3-a456-42661417400").value() == ["does not match the UUID format"]',
  '!format.date().validate("2021-01-01").hasValue()',
  // Go's time.Parse wants a digit first in "2006": a signed year is no date (strfmt/time.ts).
  '!format.date().validate("2020-02-29").hasValue() && format.date().validate("-123-01-01").value() == ["invalid date"]',
  // UUIDPattern at the kube-openapi commit Kubernetes 1.36 pins: each hyphen optional on its own.
  '!format.uuid().validate("123e4567e89b-12d3-a456-426614174000").hasValue()',
  'format.date().validate("2020-01-32").value() == ["invalid date"]',
  'format.date().validate("2021-02-29").value() == ["invalid date"] && format.date().validate("2021-1-01").hasValue()',
  // strfmt's IsDateTime (strfmt/registry.ts): lowercase t and z pass, a missing zone or a 60th second does not.
  '!format.datetime().validate("2021-01-01T00:00:00Z").hasValue() && !format.datetime().validate("2021-01-01t00:00:00.5+01:00").hasValue()',
  'format.datetime().validate("2021-01-01T00:00:00").value() == ["invalid datetime"] && format.datetime().validate("2021-01-01T00:00:60Z").hasValue()',
])('%s', expr => {
  expectHolds(schema, 'x', expr);
});

test.each([
  // Go 1.26's url.ParseRequestURI (go-release.ts): a bracketed host is an IPv6 address, zone and all; another host's first colon starts its port.
  '!format.uri().validate("http://[fe80::1%25en0]/").hasValue()',
  'format.uri().validate("http://[1.2.3.4]/").value() == ["parse \\"http://[1.2.3.4]/\\": invalid IP-literal"]',
  'format.uri().validate("http://a:1:2/").value() == ["parse \\"http://a:1:2/\\": invalid port \\":1:2\\" after host"]',
])('%s', expr => {
  expectHolds(schema, 'x', expr);
});

/** Values on both sides of each strfmt format format.go validates with the registry or url.ParseRequestURI. */
const REGISTRY_CASES: { readonly [format: string]: readonly string[] } = {
  uri: ['http://example.com', '/a?b', '*', 'example.com', '', 'http://[::1]:8080/', 'http://[fe80::1%25en0]/', 'http://[1.2.3.4]/',
    'http://[12345::]/', 'http://x[::1]/', 'http://a:1:2/', 'http://::1/', 'ftp://h:1,h2:2/', 'http://a b/', 'http://%41/'],
  uuid: ['123e4567-e89b-12d3-a456-426614174000', '123e4567e89b12d3a456426614174000', '123e4567-e89b-12d3-a456-42661417400', ''],
  byte: ['aGVsbG8=', 'aGVsbG8', '', 'aGVs\nbG8='],
  date: ['2021-01-01', '2021-02-29', '2020-02-29', '-123-01-01'],
  datetime: ['2021-01-01T00:00:00Z', '2021-01-01T00:00:00', '2021-01-01T00:00:60Z', '2021-01-01t00:00:00.5+01:00'],
};

test.each(Object.entries(REGISTRY_CASES).flatMap(([format, values]) => values.map(v => [format, v])))(
  'format.%s().validate(%j) agrees with strfmt/registry.ts\'s verdict', (format, v) => {
    const verdict = formatValidates(format, v);
    const literal = JSON.stringify(v);
    expectHolds(schema, 'x', `format.${format}().validate(${literal}).hasValue() == ${verdict ? 'false' : 'true'}`);
  });
