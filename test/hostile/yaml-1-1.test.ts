/**
 * The CLI and UpdateCheck read YAML as kubectl does: sigs.k8s.io/yaml, which
 * decodes with go-yaml v2 (YAML 1.1 scalars, resolve.go) and converts to JSON.
 * Each row is what go-yaml v2 makes of a plain scalar, built with Go >= 1.13
 * (whose strconv.ParseInt with base 0 knows 0o and 0b).
 */
import { Readable } from 'stream';
import { readInputs, DEFAULT_LIMITS } from '../../src/io/read';
import { resolvePlain } from '../../src/io/yaml11';

async function read(text: string) {
  return readInputs(['-'], Readable.from([Buffer.from(text)]), DEFAULT_LIMITS);
}

async function valueOf(plain: string): Promise<unknown> {
  const r = await read(`kind: X\nv: ${plain}\n`);
  expect(r.diagnostics).toEqual([]);
  return r.objects[0].manifest.v;
}

describe('plain scalars differ from YAML 1.2 core as in go-yaml v2', () => {
  const cases: ReadonlyArray<readonly [string, string | number | boolean | null]> = [
    // booleans: every spelling go-yaml v2's resolve map lists
    ...['y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON', 'true', 'True', 'TRUE'].map(s => [s, true] as const),
    ...['n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF', 'false', 'False', 'FALSE'].map(s => [s, false] as const),
    // integers: underscores dropped, then strconv.ParseInt(s, 0, 64)
    ['0755', 493], ['-0755', -493], ['0o17', 15], ['0O17', 15], ['0x1F', 31], ['0X1f', 31], ['+0x1F', 31],
    ['0b1010', 10], ['-0b11', -3], ['1_000', 1000], ['0x_1F', 31], ['00', 0], ['+1', 1],
    // floats: yamlStyleFloat after dropping underscores
    ['09', 9], ['1e3', 1000], ['1E3', 1000], ['1.', 1], ['.5', 0.5], ['+.5', 0.5], ['-1e-3', -0.001], ['1_0.5', 10.5],
    // nulls
    ['~', null], ['null', null], ['Null', null], ['NULL', null],
    // strings to go-yaml v2 (and so to Kubernetes)
    ['2001-12-14', '2001-12-14'], ['2001-12-14t21:59:43.10-05:00', '2001-12-14t21:59:43.10-05:00'],
    ['12:30', '12:30'], ['1:20:30', '1:20:30'], ['0xFFFFFFFFFFFFFFFFFF', '0xFFFFFFFFFFFFFFFFFF'], ['1e400', '1e400'],
    ['0o8', '0o8'], ['0b2', '0b2'], ['.Nan', '.Nan'], ['yES', 'yES'], ['nO', 'nO'], ['_1', '_1'], ['<<', '<<'], ['=', '='],
  ];
  test.each(cases)('%s', async (plain, expected) => {
    expect(await valueOf(plain)).toEqual(expected);
  });

  test('quoted, every one of them is a string', async () => {
    for (const s of ['yes', 'on', '0755', '0o17', '1_000', '~']) {
      expect([s, await valueOf(JSON.stringify(s))]).toEqual([s, s]);
      expect([s, await valueOf(`'${s}'`)]).toEqual([s, s]);
    }
  });

  test('resolvePlain says string (undefined) for text outside the resolve table', () => {
    expect(['abc', 'Yes please', '@x', '<<'].map(resolvePlain)).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('documents', () => {
  test('served: yes is true, as kubectl reads it', async () => {
    const r = await read('apiVersion: kube-bind.io/v1alpha2\nkind: BoundSchema\nspec:\n  versions:\n  - name: v1\n    served: yes\n    storage: on\n');
    expect(r.objects[0].manifest.spec.versions[0]).toEqual({ name: 'v1', served: true, storage: true });
  });

  test('keys resolve too, then become JSON strings: yes: is the key "true", 0755: the key "493"', async () => {
    const r = await read('kind: X\ndata:\n  yes: a\n  0755: b\n  "n": d\n');
    expect(r.objects[0].manifest.data).toEqual({ true: 'a', 493: 'b', n: 'd' });
  });

  test('so yes: and y: in one mapping are the same key twice, an error', async () => {
    const r = await read('kind: X\ndata:\n  yes: a\n  y: c\n');
    expect(r.objects).toEqual([]);
    expect(r.diagnostics.map(d => [d.line, d.message])).toEqual([[4, expect.stringMatching(/^duplicate key "y" in a mapping/)]]);
  });

  test('<< merge keys are honoured, the mapping\'s own keys win', async () => {
    const r = await read('kind: X\nbase: &b {a: 1, b: 2}\nm:\n  <<: *b\n  b: 3\n');
    expect(r.objects[0].manifest.m).toEqual({ a: 1, b: 3 });
  });

  test('duplicate keys stay errors, with the line of the second one', async () => {
    const r = await read('kind: X\nspec:\n  served: yes\n  served: no\n');
    expect(r.objects).toEqual([]);
    expect(r.diagnostics).toEqual([{ severity: 'error', file: '<stdin>', line: 4, message: 'duplicate key "served" in a mapping; Kubernetes rejects an object that sets a field twice' }]);
  });

  test('.inf and .nan are errors: JSON cannot carry them and kubectl refuses them', async () => {
    for (const plain of ['.inf', '-.Inf', '.NaN']) {
      const r = await read(`kind: X\nv: ${plain}\n`);
      expect(r.objects).toEqual([]);
      expect(r.diagnostics.map(d => d.message)).toEqual([expect.stringMatching(/cannot be sent to Kubernetes: JSON has no such value/)]);
    }
  });

  test('a %YAML 1.2 directive changes nothing: kubectl reads YAML 1.1 whatever the directive says', async () => {
    const r = await read('%YAML 1.2\n---\nkind: X\nv: yes\n');
    expect(r.diagnostics).toEqual([]);
    expect(r.objects[0].manifest.v).toBe(true);
  });
});
