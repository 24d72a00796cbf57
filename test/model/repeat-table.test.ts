/**
 * `RepeatTable` (src/model/repeat-table.ts): bounded by the characters of its
 * keys, the oldest dropped first; off once full with too few hits.
 */
import { RepeatTable } from '../../src/model/repeat-table';

describe('RepeatTable', () => {
  test('keeps at most maxChars characters of keys, dropping the oldest first', () => {
    const table = new RepeatTable<number>(10);
    table.set('aaaa', 1);
    table.set('bbbb', 2);
    table.set('cccc', 3); // 12 characters: 'aaaa' goes
    expect([table.get('aaaa'), table.get('bbbb'), table.get('cccc')]).toEqual([undefined, 2, 3]);
  });

  test('turns itself off once full while fewer than one lookup in minHitsPerLookup hit', () => {
    const table = new RepeatTable<number>(8, 2);
    for (const key of ['k1', 'k2', 'k3', 'k4']) {
      expect(table.get(key)).toBeUndefined();
      table.set(key, 1);
    }
    expect(table.isOff).toBe(false); // 8 characters: full, not over
    expect(table.get('k5')).toBeUndefined();
    table.set('k5', 1); // 0 hits in 5 lookups
    expect(table.isOff).toBe(true);
    expect(table.get('k4')).toBeUndefined();
    table.set('k6', 1);
    expect(table.peek('k6')).toBeUndefined();
  });

  test('stays on while enough lookups hit, and peek does not count', () => {
    const table = new RepeatTable<number>(4, 2);
    table.set('k1', 1);
    expect(table.get('k1')).toBe(1);
    expect(table.get('k2')).toBeUndefined();
    table.set('k2', 2);
    for (let i = 0; i < 10; i++) expect(table.peek('k3')).toBeUndefined();
    table.set('k3', 3); // one hit in two lookups: on, 'k1' dropped
    expect(table.isOff).toBe(false);
    expect([table.peek('k1'), table.peek('k2'), table.peek('k3')]).toEqual([undefined, 2, 3]);
  });

  test('without minHitsPerLookup it never turns off', () => {
    const table = new RepeatTable<number>(2);
    for (let i = 0; i < 100; i++) table.set(`k${i}`, i);
    expect(table.isOff).toBe(false);
    expect(table.peek('k99')).toBe(99);
  });

  test('a key set again keeps its new value and counts its characters once', () => {
    const table = new RepeatTable<number>(8);
    table.set('aaaa', 1);
    table.set('aaaa', 2);
    table.set('bbbb', 3); // 8 characters: both stay
    expect([table.peek('aaaa'), table.peek('bbbb')]).toEqual([2, 3]);
  });
});
