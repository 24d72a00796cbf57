/**
 * kube-openapi's strfmt.Default, as src/rules/k8s/strfmt/registry.ts mirrors it: the cases are those of
 * kube-openapi's pkg/validation/strfmt/*_test.go at 43fb72c5454a (the commit Kubernetes 1.36 pins), with
 * a few more where the Go code decides a case those tests leave out (each says why).
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { generated } from '../../scripts/go-unicode';
import { Manifest } from '../../src/model/manifest';
import { contextFor, updateContext, validateObject } from '../../src/rules';
import { crd, SCHEMA } from '../../src/rules/engine/scenario-kit';
import { formatValidates, isKnownFormat, normalizeFormatName, REGISTERED_FORMATS } from '../../src/rules/k8s/strfmt/registry';
import { customResourceFormat, isRecognizedFormat, unrecognizedFormats } from '../../src/rules/k8s/strfmt/supported';

function expectFormat(format: string, valid: readonly string[], invalid: readonly string[]): void {
  for (const v of valid) expect([format, v, formatValidates(format, v)]).toEqual([format, v, true]);
  for (const v of invalid) expect([format, v, formatValidates(format, v)]).toEqual([format, v, false]);
}

describe('the registry', () => {
  test('names are normalized by dropping every "-", and looked up case-sensitively', () => {
    expect(normalizeFormatName('date-time')).toBe('datetime');
    expect(isKnownFormat('date-time')).toBe(true);
    expect(isKnownFormat('k8sshortname')).toBe(true);
    expect(isKnownFormat('-uuid-')).toBe(true);
    expect(isKnownFormat('Date-Time')).toBe(false);
    expect(isKnownFormat('int32')).toBe(false);
    expect(isKnownFormat('int-or-string')).toBe(false);
  });

  test('an unknown name validates nothing (FormatOf returns InvalidTypeName; the validator does not apply)', () => {
    expect(formatValidates('quantity', 'anything')).toBe(false);
  });

  test('it registers the formats of default.go, date.go, time.go, duration.go, bson.go and kubernetes-extensions.go', () => {
    expect([...REGISTERED_FORMATS].sort()).toEqual([
      'bsonobjectid', 'byte', 'cidr', 'creditcard', 'date', 'datetime', 'duration', 'email', 'hexcolor', 'hostname',
      'ipv4', 'ipv6', 'isbn', 'isbn10', 'isbn13', 'k8s-long-name', 'k8s-short-name', 'mac', 'password', 'rgbcolor',
      'ssn', 'uri', 'uuid', 'uuid3', 'uuid4', 'uuid5',
    ]);
  });
});

describe('default.go', () => {
  test('uri: url.ParseRequestURI', () => {
    expectFormat('uri', ['http://somewhere.com', 'http://somewhereelse.com', '/relative/path?q=1', '*'], ['somewhere.com', '', 'a b']);
  });

  test('uri: Go 1.26 reads a bracketed host as an IPv6 address, and any other host\'s first colon as the start of its port', () => {
    expectFormat('uri', ['http://[::1]/', 'http://[::1]:8080/p', 'http://[fe80::1%25en0]/', 'http://[::ffff:1.2.3.4]/', 'http://a:8080/', 'http://a:/'],
      ['http://[1.2.3.4]/', 'http://[example.com]/', 'http://[12345::]/', 'http://x[::1]/', 'http://[::1/', 'http://[::1]x/',
        'http://a:1:2/', 'http://::1/', 'mongodb://h:1,h2:2/', 'http://[fe80::1%en0]/']);
  });

  test('email: net/mail.ParseAddress, a plain addr-spec', () => {
    expectFormat('email', [
      'somebody@somewhere.com', 'blah@gmail.com', 'test@d.verylongtoplevel', 'email+tag@gmail.com',
      'customer/department=shipping@example.com', '$A12345@example.com', '!def!xyz%abc@example.com', '_somename@example.com',
      '!#$%&\'*+-/=?^_`{}|~@example.com', 'Miles.O\'Brian@example.com', 'postmaster@☁→❄→☃→☀→☺→☂→☹→✝.ws', 'root@localhost',
      'john@com', 'api@piston.ninja', 'µ@µ.example.com',
      // spaces and tabs around the addr-spec, and after its '@', are skipped (skipSpace, skipCFWS)
      '  a@b\t', 'a@ b',
    ], [
      'somebody@somewhere@com', '', ' ', 'yesterday', '@example.com', 'a@', '.a@b', 'a.@b', 'a..b@c', 'a@b.', 'a@.b', 'a @b', 'a@b c',
      'a\x7f@b', 'a\n@b', 'a@b\r\n',
    ]);
  });

  test('email: quoted local parts (qtext, quoted-pairs, spaces and tabs; not empty)', () => {
    expectFormat('email', [
      '" "@example.com', '"Abc\\@def"@example.com', '"Joe\\\\Blow"@example.com', '".bob"@example.com', '"dot.and space"@example.com',
      '"very.unusual.@.unusual.com"@example.com', '"very.(),:;<>[]\\".VERY.\\"very@\\\\ \\"very\\".unusual"@strange.example.com',
      '"()<>[]:,;@\\\\\\"!#$%&\'*+-/=?^_{}| ~.a"@example.org', '"john..doe"@example.com', '"..."@test.com', '"0:"@0', '"\t"@x', '"ø"@x',
      '"\\ "@x',
    ], [
      '""@0', '"unclosed@example.com', '"a"b"@example.com', 'just"not"right@example.com', 'this is"not\\allowed@example.com',
      'this\\ still\\"not\\\\allowed@example.com', '""test""blah""@example.com', '"a\x01"@b', '"a\\\x01"@b', '"a"@', '"a" @b',
    ]);
  });

  test('email: angle addresses and display names (atoms with dots, quoted strings, comments between words)', () => {
    expectFormat('email', [
      'Someone <someone@example.com>', '<Bob@example.com>', 'John Doe <jdoe@machine.example>', '"Joe Q. Public" <john.q.public@example.com>',
      'Asem H. <noreply@example.com>', '"Gø Pher" <gopher@example.com>', 'µ <micro@example.com>', 'Micro <µ@example.com>',
      '"Giant; \\"Big\\" Box" <sysservices@example.net>', 'Who? <one@y.test>', 'A (comment) B <a@b>', 'A (c (nested) \\) d) B <a@b>',
      '<a@b> (trailing comment)', 'a@b (a comment as the name)', 'a@b (unclosed \\) escaped)', '..a.. <a@b>', '<"..."@test.com>',
      ' <a@b> ', 'Name<a@b>', '"" <a@b>', '<a@ b>',
    ], [
      '<Abc.example.com>', '<A@b@c@example.com>', '<a"b(c)d,e:f;g<h>i[j\\k]l@example.com>', '<john..doe@example.com>',
      '<john.doe@example..com>', '<john.doe.@example.com>', '<.john.doe@example.com>', '<@example.com>', '<.@example.com>', '<test@.>',
      '< @example.com>', '<"">', 'John Doe', 'john.doe', 'john.doe@', 'John Doe@foo.bar', 'John <middle> Doe <jdoe@machine.example>',
      '<jdoe#machine.example>', 'cfws@example.com (', 'a@b (unclosed', '<a@b', '<a@b> x', 'a@b, c@d', '<a@b>, <c@d>', 'A (unclosed B <a@b>',
      '<a @b>', '"unclosed <a@b>', 'a@b <c@d>', 'a@b<c@d>',
    ]);
  });

  test('email: the cases of Go\'s TestAddressParsing and TestAddressParsingError that are one address, or none', () => {
    expectFormat('email', [
      'John (middle) Doe <jdoe@machine.example>', '"John (middle) Doe" <jdoe@machine.example>', '"John <middle> Doe" <jdoe@machine.example>',
      'Joe Q. Public <john.q.public@example.com>', 'group1: groupaddr1@example.com;', '=?utf-8?q?J=C3=B6rg?=  =?utf-8?q?Doe?= <joerg@example.com>',
      '=?ISO-8859-1?Q?Andr=E9?= Pirard <PIRARD@vm1.ulg.ac.be>', '=?ISO-8859-1?B?SvZyZw==?= <joerg@example.com>', '"" <emptystring@example.com>',
      '<cfws@example.com> (CFWS (cfws))  (another comment)', 'john@example.com (John Doe)', 'John Doe <john@example.com> (Joey)',
      'john@example.com(John Doe)', 'asjo@example.com (Adam =?utf-8?Q?Sj=C3=B8gren?=)', 'asjo@example.com (Adam\t=?utf-8?Q?Sj=C3=B8gren?=)',
      'jdoe@[IPv6:fd42::dead:beef:1234]', 'John Doe <jdoe@[IPv6:fd42::dead:beef:1234]>',
    ], [
      '=?iso-8859-2?Q?Bogl=E1rka_Tak=E1cs?= <unknown@gmail.com>', 'a@gmail.com b@gmail.com', '"\x00" <null@example.net>',
      '"\\\x00" <escaped-null@example.net>', '(John) Doe <jdoe@machine.example>', '<jdoe@[256.0.0.1]>', '<jdoe@[fd42::de:ad:be:ef]>',
      'Mary Smith <mary@x.test>, jdoe@example.org, Who? <one@y.test>', 'A Group:Ed Jones <c@a.test>,joe@where.test,John <jdoe@one.test>;',
      ' , joe@where.test', 'joe@where.test,',
    ]);
  });

  test('email: a group holds exactly one address to be one (parseSingleAddress)', () => {
    expectFormat('email', ['group: a@b;', 'Group: Jdoe <jdoe@example.com>;', 'g: a@b; (comment)', '"quoted group" : <a@b> ;', 'g:a@b (c);',
      // From Go's TestAddressParsing: a comment in the group's name, then a quoted local part holding ';(' .
      'x(:"):"@a.example;("@b.example;', 'asjo@example.com (=?utf-8?Q?Sj=C3=B8gren?= (Debian))'], [
      'group (comment:): a@example.com, b@example.com;',
      'empty group: ;', 'root group: embed group: null@example.com;', 'group not closed: null@example.com',
      'group: first@example.com, second@example.com;', ' group: null@example.com; (asd', ' group: ; (asd', 'g: a@b;x', ': a@b;',
    ]);
  });

  test('email: domain literals, an IPv4 address or IPv6: and any address net.ParseIP takes', () => {
    expectFormat('email', [
      'jdoe@[192.168.0.1]', 'John Doe <jdoe@[192.168.0.1]>', 'jdoe@[IPv6:2001:db8::1]', 'jdoe@[IPv6:::ffff:1.2.3.4]', 'jdoe@[::ffff:1.2.3.4]',
      // net.ParseIP gives 16 bytes for an IPv4 address too, so the IPv6: check passes it.
      'jdoe@[IPv6:192.168.0.1]', 'jdoe@ [1.2.3.4]',
    ], [
      'jdoe@[2001:db8::1]', 'jdoe@[::1]', 'jdoe@[ipv6:2001:db8::1]', 'jdoe@[IPv6:2001:db8::1%eth0]', 'jdoe@[IPv6:00001::]', 'jdoe@[192.168.0.01]',
      'jdoe@[example.com]', 'jdoe@[ 1.2.3.4]', '<jdoe@[[192.168.0.1]>', '<jdoe@[192.168.0.1>', 'jdoe@[1.2.3.4', 'jdoe@[]', 'jdoe@[1.2.3.4\\]',
    ]);
  });

  test('email: RFC 2047 words decide only where Go\'s decoder refuses a charset it cannot convert (decodeRFC2047Word)', () => {
    expectFormat('email', [
      // UTF-8, ISO-8859-1 and US-ASCII are decoded, in either case; a malformed word is kept as a plain word.
      '=?UTF-8?B?SsO2cmc=?= <joerg@example.com>', '=?iso-8859-1?q?J=F6rg_Doe?= <joerg@example.com>',
      '=?us-ascii?q?J=6Frg_Doe?= <joerg@example.com>', '=?x-unknown?q?bad=zz?= <a@b>', '=?x-unknown?b?bad?= <a@b>',
      '=?x-unknown?z?text?= <a@b>', '=??q?x?= <a@b>', '=?x?q?a?b?= <a@b>', '=?x-unknown?qq?x?= <a@b>',
      // An unknown charset after the first word ends the name there; the angle address still follows.
      'Name =?ISO-8859-15?Q?J=F6rg?= <joerg@example.com>', 'a@b (=?utf-8?q?ok?=)', 'a@b (=?x-unknown?q?bad=zz?=)',
      // strings.EqualFold: ſ folds to s.
      '=?uſ-aſcii?q?x?= <a@b>',
    ], [
      '=?ISO-8859-15?Q?J=F6rg_Doe?= <joerg@example.com>', '=?windows-1252?q?Andr=E9?= Pirard <PIRARD@vm1.ulg.ac.be>',
      '=?ISO-8859-15?B?SvZyZw==?= <joerg@example.com>', '=?x-unknown?q??= <a@b>', '=?x-unknown?b??= <a@b>', 'a@b (=?koi8-r?q?x?=)',
      'a@b (x =?koi8-r?b?eA==?=)',
    ]);
  });

  test('hostname: HostnamePattern and the length limits', () => {
    expectFormat('hostname', [
      'somewhere.com', '888.com', 'a.com', 'a.b.com', 'a.b.c.com', 'a.b.c.d.com', 'a.b.c.d.e.com', '1.com', '1.2.com',
      '1.2.3.com', '1.2.3.4.com', '99.domain.com', '99.99.domain.com', '1wwworg.example.com', '1000wwworg.example.com',
      'xn--bcher-kva.example.com', 'xn-80ak6aa92e.co', 'xn-80ak6aa92e.com', 'xn--ls8h.la', '☁→❄→☃→☀→☺→☂→☹→✝.ws',
      'www.example.onion', 'www.example.ôlà', 'ôlà.ôlà', 'ôlà.ôlà.ôlà', 'ex$ample', 'localhost', 'example', 'x', 'x-y',
      'a.b.c.dot', 'www.example.org', 'a.b.c.d.e.f.g.dot', 'ex=ample.com', '<foo>', 'www.example-hyphenated.org',
      'www.詹姆斯.org', 'www.élégigôö.org', 'www.詹姆斯.london',
    ], [
      'somewhere.com!', 'user@email.domain', '1.1.1.1', 'a'.repeat(256), `x.y.${'a'.repeat(64)}`, 'www.example-.org',
      'www.--example.org', '-www.example.org', 'www-.example.org', 'www.d-.org', 'www.-d.org', 'www-', '-www',
      'www.ex ample.org', '_www.example.org', 'www.ex;ample.org', 'www.example_underscored.org', 'www.詹姆斯.x', 'a.b.c.d',
      '-xyz', 'xyz-', 'x.', 'a.b.c.dot-', 'a.b.c.é;ö',
    ]);
  });

  test('hostname: \\p{L} and \\p{S} are Go 1.26\'s, Unicode 15.0.0, not the newer Unicode of Node\'s own \\p{L}', () => {
    // U+2EBF0 (CJK Extension I) is a letter since Unicode 15.1, U+1FAE9 a symbol since 16.0: Node knows them, Go 1.26 does not.
    expect([/\p{L}/u.test('\u{2EBF0}'), /\p{S}/u.test('\u{1FAE9}')]).toEqual([true, true]);
    expectFormat('hostname', ['www.\u{2B739}.org', 'www.\u{1FAE8}.org', 'x\u{31350}.com', 'ex\u{20AC}mple.com'],
      ['www.\u{2EBF0}.org', 'www.\u{1FAE9}.org', 'x\u{2EBF0}.com', 'www.example.\u{2EBF0}\u{2EBF1}', 'www.\u0301.org', 'www.\u00A0.org']);
    // A top-level domain takes letters only; a symbol, which a label takes, is refused there.
    expectFormat('hostname', ['www.example.ôlà'], ['www.example.\u{20AC}\u{20AC}']);
  });

  test('hostname: a lone surrogate is U+FFFD to the server (JSON decoding), a symbol', () => {
    expectFormat('hostname', ['a\ud800b.com', 'a\ufffdb.com'], []);
  });

  test('go-unicode-tables.ts is what scripts/go-unicode.ts makes of @unicode/unicode-15.0.0', () => {
    expect(readFileSync(join(__dirname, '../../src/rules/k8s/strfmt/go-unicode-tables.ts'), 'utf8')).toBe(generated());
  });

  test('ipv4: ParseIPSloppy (leading zeros tolerated) and a dot', () => {
    expectFormat('ipv4', ['192.168.254.1', '127.0.0.1', '192.168.1.1', '192.168.1.01', '::ffff:1.2.3.4'],
      ['198.168.254.2.2', '1.2.3', '256.1.1.1', '1.2.3.4/8', '::1', '', '1.2.3.0256']);
  });

  test('ipv6: net.ParseIP and a colon', () => {
    expectFormat('ipv6', ['::1', '::2', '2001:db8::68', '::ffff:1.2.3.4'], ['127.0.0.1', 'fe80::1%eth0', '1::2::3', ':::', '']);
  });

  test('ipv4, ipv6, cidr: netip refuses a group of five hex digits or more, leading zeros included ("each group must have 4 or less digits")', () => {
    expectFormat('ipv6', ['0001::', 'ffff::', '1:2:3:4:5:6:7:ffff'], ['00001::', '12345::', '1:2:3:4:5:6:7:0ffff', '::ffff:00001']);
    expectFormat('ipv4', ['::ffff:1.2.3.4'], ['00000::ffff:1.2.3.4', '::0ffff:1.2.3.4']);
    expectFormat('cidr', ['2001:db8::/32', '::ffff:1.2.3.4/128'], ['02001:db8::/32', '00001::/64', '::0ffff:1.2.3.4/128']);
  });

  test('cidr: ParseCIDRSloppy', () => {
    expectFormat('cidr', ['192.168.254.1/24', '192.0.2.1/24', '192.0.02.1/24', '2001:db8:a0b:12f0::1/32', '1.2.3.4/032', '::ffff:1.2.3.4/128'],
      ['198.168.254.2', '2001:db8:a0b:12f0::1', '1.2.3.4/33', '::/129', '1.2.3.4/', '1.2.3.4/+8', 'fe80::1%eth0/64']);
  });

  test('mac: net.ParseMAC', () => {
    expectFormat('mac', ['01:02:03:04:05:06', '06:05:04:03:02:01', '01-02-03-04-05-06', '0102.0304.0506', '01:02:03:04:05:06:07:08'],
      ['01:02:03:04:05', '01:02:03:04:05:06:07', '01:02-03:04:05:06', '0g:02:03:04:05:06', '01020304050607', '01.02.03.04.05.06']);
  });

  test('uuid, uuid3, uuid4, uuid5: the patterns, any case, each hyphen optional', () => {
    expectFormat('uuid', ['a0d1d6d8-3e6b-5f2a-9c3e-2f6c1b7a8e90', 'A0D1D6D83E6B5F2A9C3E2F6C1B7A8E90', 'a0d1d6d8-3e6b5f2a-9c3e-2f6c1b7a8e90'],
      ['not-a-uuid', 'a0d1d6d8-3e6b-5f2a-9c3e-2f6c1b7a8e9', '']);
    expectFormat('uuid3', ['a0d1d6d8-3e6b-3f2a-9c3e-2f6c1b7a8e90'], ['not-a-uuid', 'a0d1d6d8-3e6b-5f2a-9c3e-2f6c1b7a8e90']);
    expectFormat('uuid4', ['a0d1d6d8-3e6b-4f2a-9c3e-2f6c1b7a8e90'], ['not-a-uuid', 'a0d1d6d8-3e6b-4f2a-7c3e-2f6c1b7a8e90']);
    expectFormat('uuid5', ['a0d1d6d8-3e6b-5f2a-bc3e-2f6c1b7a8e90'], ['not-a-uuid', 'a0d1d6d8-3e6b-5f2a-cc3e-2f6c1b7a8e90']);
  });

  test('isbn, isbn10, isbn13: govalidator, with the checksum', () => {
    expectFormat('isbn', ['0321751043', '978-0321751041'], ['836217463']);
    expectFormat('isbn10', ['0321751043', '0-321-75104-3', '080442957X'], ['836217463', '0321751044', '080442957x']);
    expectFormat('isbn13', ['978-0321751041', '978 0321751041'], ['978-0321751042']);
  });

  test('creditcard, ssn, hexcolor, rgbcolor, password', () => {
    expectFormat('creditcard', ['4111-1111-1111-1111', '4012-8888-8888-1881', '4111 1111 1111 1111'], ['9999-9999-9999-999', '4111-1111-1111-1112']);
    expectFormat('ssn', ['111-11-1111', '999 99 9999'], ['999 99 999', '111111111', '111-11-111a']);
    expectFormat('hexcolor', ['#FFFFFF', '#000000', 'fff', '#AbC'], ['#fffffffz', '#ffff']);
    expectFormat('rgbcolor', ['rgb(255,255,255)', 'rgb(0,0,0)', 'rgb( 1 , 2 , 3 )'], ['rgb(300,0,0)', 'rgb(01,0,0)', 'rgb(1,2,3\u000b)']);
    expectFormat('password', ['super secret!!!', 'even more secret', ''], []);
  });

  test('byte: govalidator.IsBase64 (padded, one line, not empty)', () => {
    expectFormat('byte', ['aGVsbG8=', 'aGk=', 'YWJj'], ['', 'aGVs\nbG8=', 'aGVsbG8', 'a-_b']);
  });
});

describe('date.go and time.go', () => {
  test('date: time.Parse("2006-01-02")', () => {
    expectFormat('date', ['2017-12-22', '2000-02-29', '2400-02-29', '0000-01-01'], [
      '2017-1-1', '17-13-22', '2017-02-29', '1900-02-29', '2100-02-29', '2017-13-22', '2017-12-32', '20171-12-32',
      'YYYY-MM-DD', '20-17-2017', '2017-12-22T01:02:03Z', '+123-01-01', '2017-00-10', '2017-12-00',
    ]);
  });

  test('datetime: IsDateTime, under its own name and as date-time', () => {
    const valid = ['2014-12-15T08:00:00.000Z', '2011-08-18T19:03:37.000+01:00', '2014-12-15T19:30:20.000Z', '0001-01-01T00:00:00.000Z',
      // lowercase t and z, an offset whose numbers are not checked, any character before the fraction, anything after a second "t"
      '2014-12-15t08:00:00z', '2014-12-15T08:00:00+99:99', '2014-12-15T08:00:00,5Z', '2014-12-15T08:00:00ZT whatever'];
    const invalid = ['zor', 'zorg', 'zorgTx', '1972-12-31Tx', '1972-12-31T24:40:00.000Z', '1972-12-31T23:63:00.000Z',
      '1972-12-31T23:59:60.000Z', '2014-12-15T08:00:00', '2014-12-15 08:00:00Z', 'yesterday', '2014-02-30T08:00:00Z', '2014-12-15T08:00:00+0100'];
    expectFormat('datetime', valid, invalid);
    expectFormat('date-time', valid, invalid);
  });
});

describe('duration.go', () => {
  test('duration: time.ParseDuration, then a number and a unit word anywhere', () => {
    expectFormat('duration', [
      '0ms', '2ms', '1ns', '1us', '1µs', '1ms', '1s', '1m', '1h', '1hr', '1d', '1w', '1wk', '1nanoseconds', '1nanos', '1microseconds',
      '1micros', '1millis', '1milliseconds', '1second', '1sec', '1min', '1minute', '1hour', '1day', '1week', '1  ns', '1  µs',
      '1  hr', '1  wk', '1  milliseconds', '-1.5h', '3 DAYS', 'about 3 days or so', '1 parsec and 2 weeks',
    ], ['yada', 'three week', '9999999999999999999999999999999999999999999999999999999 weeks', '12 parsecs', '12 y', '45 wekk', '45 weeekks', '', '1 d 99999999999999999999 s']);
  });
});

describe('bson.go and kubernetes-extensions.go', () => {
  test('bsonobjectid: twelve bytes of hex', () => {
    expectFormat('bsonobjectid', ['507f1f77bcf86cd799439011', '507F1F77BCF86CD799439011'], ['507f1f77bcf86cd79943901', '507f1f77bcf86cd79943901g', '']);
  });

  const good = ['a', 'ab', 'abc', 'a1', 'a-1', 'a--1--2--b', '0', '01', '012', '1a', '1-a', '1--a--b--2'];
  const bad = ['', 'A', 'ABC', 'aBc', 'A1', 'A-1', '1-A', '_', 'a_', '_a', 'a_b', '1_', '_1', '1_2', ' ', 'a ', ' a', 'a b', '1 ', ' 1', '1 2', 'a-', '1-'];

  test('k8s-short-name', () => {
    expectFormat('k8s-short-name', [...good, 'a'.repeat(63)], [...bad, '.', 'a.', '.a', 'a.b', '1.', '.1', '1.2', 'a'.repeat(64)]);
  });

  test('k8s-long-name', () => {
    expectFormat('k8s-long-name', [...good, 'a.a', 'ab.a', 'a--1--2--b.a', 'a.1', '0.a', '012.1', 'a.b.c.d.e', '1.2.3.4.5', 'a'.repeat(253)],
      [...bad, '.', 'a.', '.a', 'a..b', '1.', '.1', '1..2', 'A.a', 'ab.A', 'A.B.C.D.E', 'a@b', 'a,b', 'a;b', 'a:b', 'a%b', 'a?b', 'a$b', 'a'.repeat(254)]);
  });
});

describe('formats.go and the CRD strategy: which formats the server recognizes (Kubernetes 1.36)', () => {
  test.each([
    // TestGetUnrecognizedFormats (pkg/apiserver/validation/formats_test.go), at 1.36
    ['string', 'email', true], ['string', 'unknown-format', false], ['string', 'k8s-short-name', true], ['string', 'k8s-long-name', true],
    ['string', 'k8sshortname', true], ['string', 'uuid', true], ['integer', 'unknown-format', false], ['', 'unknown-format', false],
    // the other branches of GetUnrecognizedFormats
    ['string', 'date-time', true], ['', 'ipv4', true], ['integer', 'int32', true], ['integer', 'int-or-string', false], ['integer', 'uint32', false],
    ['number', 'double', true], ['number', 'int64', false], ['object', 'date-time', false], ['boolean', 'byte', false],
  ])('type %p, format %p: recognized %p', (type, format, recognized) => {
    expect(isRecognizedFormat(type, format)).toBe(recognized);
  });

  test('the custom-resource validator keeps only what it recognizes', () => {
    expect(customResourceFormat('string', 'date-time')).toBe('date-time');
    expect(customResourceFormat('string', 'quantity')).toBeUndefined();
    expect(customResourceFormat('number', 'int32')).toBeUndefined();
    expect(customResourceFormat('string', '')).toBeUndefined();
  });

  test('the walk reaches every schema SchemaHas reaches, and says where', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string', format: 'quantity' },
        b: { type: 'array', items: { type: 'integer', format: 'uint64' } },
        c: { type: 'string', anyOf: [{ format: 'ipv4' }, { format: 'ipv5' }], not: { format: 'url' } },
        d: { type: 'object', additionalProperties: { type: 'number', format: 'decimal' } },
        e: { type: 'object', format: 'date-time' },
        ok: { type: 'string', format: 'date-time' },
      },
    };
    expect(unrecognizedFormats(schema, 'root').map(f => `${f.path} ${f.format} ${f.type}`)).toEqual([
      'root.properties.a.format quantity string',
      'root.properties.b.items.format uint64 integer',
      'root.properties.c.anyOf[1].format ipv5 ',
      'root.properties.c.not.format url ',
      'root.properties.d.additionalProperties.format decimal number',
      'root.properties.e.format date-time object',
    ]);
  });
});

describe('KB046 (WarningsOnCreate)', () => {
  const withFormat = (format: string): Manifest => crd([SCHEMA, { type: 'object', properties: { spec: { type: 'string', format } } }]);
  const warnings = (m: Manifest, ctx = contextFor()): string[] => validateObject(m, ctx).filter(v => v.rule === 'KB046').map(v => `${v.severity} ${v.path}`);

  test('a create warns of each unrecognized format, and of no recognized one', () => {
    expect(warnings(withFormat('quantity'))).toEqual(['warning spec.versions[0].schema.openAPIV3Schema.properties.spec.format']);
    expect(warnings(withFormat('date-time'))).toEqual([]);
  });

  test('an update is left alone: WarningsOnUpdate warns only of formats the stored CRD did not have, which is not known here', () => {
    expect(warnings(withFormat('quantity'), updateContext(withFormat('quantity'), withFormat('quantity')))).toEqual([]);
  });
});
