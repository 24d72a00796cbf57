/**
 * `RepeatedObjects` (src/cli/repeated-objects.ts) hands an object the
 * findings of an earlier one that differed only in its namespace and the
 * metadata the server sets: that is right only while no per-object rule reads
 * those. Every rule's scenarios are checked here with them changed.
 */
import { RepeatedObjects } from '../../src/cli/repeated-objects';
import { Manifest } from '../../src/model/manifest';
import { contextFor, validateObject } from '../../src/rules';
import { RULE_ROWS } from '../../src/rules/scenarios';

const CTX = contextFor();

/** `m` as another namespace's copy would read, with the server's metadata of that copy. */
function copyIn(m: Manifest, namespace: string, n: number): Manifest {
  const copy = JSON.parse(JSON.stringify(m));
  if (typeof copy.metadata !== 'object' || copy.metadata === null || Array.isArray(copy.metadata)) return copy;
  copy.metadata = {
    ...copy.metadata,
    namespace,
    uid: `0000000${n}-aaaa-bbbb-cccc-dddddddddddd`,
    resourceVersion: String(1000 + n),
    creationTimestamp: `2024-05-0${n}T12:00:00Z`,
    generation: n,
    managedFields: [{ manager: `m${n}`, operation: 'Update' }],
  };
  return copy;
}

const OBJECTS: Array<[string, Manifest]> = RULE_ROWS.flatMap(row => (['pass', 'fail'] as const)
  .flatMap(side => row[side]().objects.map((m, i): [string, Manifest] => [`${row.id} ${side} #${i}`, m])));

describe('an object repeated in another namespace gets the findings it would get alone', () => {
  test.each(OBJECTS)('%s', (_, m) => {
    const repeated = new RepeatedObjects();
    const first = copyIn(m, 'consumer-a', 1);
    const second = copyIn(m, 'consumer-b', 2);
    expect(repeated.validate(first, CTX)).toEqual(validateObject(first, CTX));
    expect(repeated.validate(second, CTX)).toEqual(validateObject(second, CTX));
  });
});

describe('what is not taken from an earlier object', () => {
  const export1 = (): Manifest => RULE_ROWS.find(r => r.id === 'KB020')!.pass().objects[0];

  test('an invalid namespace: its finding names it', () => {
    const repeated = new RepeatedObjects();
    expect(repeated.validate(copyIn(export1(), 'Consumer_A', 1), CTX).map(v => v.message).join('\n')).toContain('"Consumer_A"');
    expect(repeated.validate(copyIn(export1(), 'Consumer_B', 2), CTX).map(v => v.message).join('\n')).toContain('"Consumer_B"');
  });

  test('another spec, name or label', () => {
    const repeated = new RepeatedObjects();
    const base = copyIn(export1(), 'consumer-a', 1);
    expect(repeated.validate(base, CTX)).toEqual(validateObject(base, CTX));
    for (const change of [
      (m: Manifest) => { m.spec.scope = 'Nowhere'; },
      (m: Manifest) => { m.metadata.name = 'Not_A_Name'; },
      (m: Manifest) => { m.metadata.labels = { 'kube-bind.io/exported': 'true' }; },
    ]) {
      const other = copyIn(export1(), 'consumer-b', 2);
      change(other);
      expect(repeated.validate(other, CTX)).toEqual(validateObject(other, CTX));
    }
  });

  test('another group or namespace prefix', () => {
    const repeated = new RepeatedObjects();
    // Found with the default group; of no group checked with the other one.
    const m = copyIn(RULE_ROWS.find(r => r.id === 'KB020')!.fail().objects[0], 'consumer-a', 1);
    const other = contextFor({ group: 'example.org' });
    expect(repeated.validate(m, CTX)).toEqual(validateObject(m, CTX));
    expect(repeated.validate(m, other)).toEqual(validateObject(m, other));
    expect(validateObject(m, other)).not.toEqual(validateObject(m, CTX));
  });

  test('a list handed out is the caller\'s own', () => {
    const repeated = new RepeatedObjects();
    const m = copyIn(RULE_ROWS.find(r => r.id === 'KB020')!.fail().objects[0], 'consumer-a', 1);
    const first = repeated.validate(m, CTX);
    expect(first.length).toBeGreaterThan(0);
    first.length = 0;
    expect(repeated.validate(copyIn(m, 'consumer-b', 2), CTX)).toEqual(validateObject(m, CTX));
  });

  test('keying stops once a table\'s worth of objects found few repeated, and goes on while they repeat', () => {
    const big = (i: number): Manifest => {
      const m = copyIn(export1(), 'consumer-a', 1);
      m.metadata.annotations = { note: `${i} ${'x'.repeat(16 * 1024)}` };
      return m;
    };
    const check = (repeated: RepeatedObjects, m: Manifest): boolean => {
      const key = repeated.keyOf(m, CTX);
      expect(repeated.validateWithKey(m, CTX, key)).toEqual(validateObject(m, CTX));
      return key !== undefined;
    };
    // Distinct objects of 16 KiB: the table (512 Ki characters) is full after 32 of them, none found again.
    const distinct = new RepeatedObjects();
    const keyed = Array.from({ length: 40 }, (_, i) => check(distinct, big(i)));
    expect(keyed.slice(0, 32).every(k => k)).toBe(true);
    expect(keyed.slice(34).some(k => k)).toBe(false);
    // Sixteen objects, each met ten times, then more new ones than the table holds: still keyed.
    const repeating = new RepeatedObjects();
    for (let i = 0; i < 160; i++) check(repeating, big(i % 16));
    const later = Array.from({ length: 40 }, (_, i) => check(repeating, big(100 + i)));
    expect(later.every(k => k)).toBe(true);
  });
});
