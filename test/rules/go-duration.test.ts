/**
 * Go's time.ParseDuration (go-duration.ts), with cases of Go's own
 * parseDurationTests and parseDurationErrorTests (time/time_test.go),
 * written as our own table.
 */
import { parseGoDuration } from '../../src/rules/k8s/go-duration';

const NS = 1n;
const US = 1000n * NS;
const MS = 1000n * US;
const S = 1000n * MS;
const M = 60n * S;
const H = 60n * M;

test.each<[string, bigint]>([
  ['0', 0n], ['5s', 5n * S], ['30s', 30n * S], ['1478s', 1478n * S], ['-5s', -5n * S], ['+5s', 5n * S], ['-0', 0n], ['+0', 0n],
  ['5.0s', 5n * S], ['5.6s', 5n * S + 600n * MS], ['5.s', 5n * S], ['.5s', 500n * MS], ['1.0s', S], ['1.004s', S + 4n * MS],
  ['100.00100s', 100n * S + MS], ['10ns', 10n], ['11us', 11n * US], ['12\u00b5s', 12n * US], ['12\u03bcs', 12n * US], ['13ms', 13n * MS],
  ['15m', 15n * M], ['16h', 16n * H], ['3h30m', 3n * H + 30n * M], ['10.5s4m', 4n * M + 10n * S + 500n * MS],
  ['-2m3.4s', -(2n * M + 3n * S + 400n * MS)], ['1h2m3s4ms5us6ns', H + 2n * M + 3n * S + 4n * MS + 5n * US + 6n],
  ['39h9m14.425s', 39n * H + 9n * M + 14n * S + 425n * MS], ['52763797000ns', 52763797000n], ['0.3333333333333333333h', 20n * M],
  ['9007199254740993ns', 9007199254740993n], ['9223372036854775807ns', 9223372036854775807n],
  ['9223372036854775.807us', 9223372036854775807n], ['9223372036s854ms775us807ns', 9223372036854775807n],
  ['-9223372036854775808ns', -9223372036854775808n], ['-9223372036854775.808us', -9223372036854775808n],
  ['-2562047h47m16.854775808s', -9223372036854775808n], ['0.100000000000000000000h', 6n * M],
  ['0.830103483285477580700h', 49n * M + 48n * S + 372539827n],
])('%s is %d ns', (text, ns) => {
  expect(parseGoDuration(text)).toBe(ns);
});

test.each(['', '3', '-', 's', '.', '-.', '.s', '+.s', '1d', '\u0085\u0085', '9223372036854775808ns', '9223372036854775.808us',
  '9223372036854ms775us808ns', '-9223372036854775809ns', '1x', '1h 2m'])('%j is refused', text => {
  expect(parseGoDuration(text)).toBeUndefined();
});
