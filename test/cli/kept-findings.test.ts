/**
 * Findings across objects kept on disk until the report (`KeptFindings`,
 * over `ByteLog`): each object's come back in the order added, whatever the
 * order objects were added in, from a file or (without a folder) from
 * memory, across several megabytes and records longer than a gathering;
 * the counts by severity need no reading back.
 */
import * as fs from 'fs';
import * as path from 'path';
import { removeTempDirs, tempDir } from './cli-helpers';
import { KeptFindings } from '../../src/cli/kept-findings';
import { ByteLog } from '../../src/io/byte-log';
import { TempFolder } from '../../src/io/temp-folder';
import { Violation } from '../../src/rules';

afterAll(removeTempDirs);

/** Texts with line breaks, quotes and characters of 2 to 4 bytes; every 500th longer than a megabyte. */
function text(n: number): string {
  return `finding\n"${n}" é€😀 `.repeat(n % 5 + 1) + (n % 500 === 7 ? 'y'.repeat(1_100_000) : 'x'.repeat(900 + n % 11));
}

describe('ByteLog', () => {
  test.each([['a file', true], ['memory (no folder)', false]])('records come back by place, in any order, from %s', (_, withFolder) => {
    const folder = withFolder ? new TempFolder(tempDir()) : undefined;
    const log = new ByteLog(folder, 'log');
    const texts = Array.from({ length: 4000 }, (_x, n) => text(n));
    const places = texts.map(t => log.append(t));
    // Backwards, so that records on disk, kept in memory and still gathering are all read out of order.
    for (let n = texts.length - 1; n >= 0; n--) expect(log.read(places[n])).toBe(texts[n]);
    if (folder !== undefined) expect(fs.statSync(path.join(folder.folder!, 'log')).size).toBeGreaterThan(4 * 1024 * 1024);
    log.close();
    folder?.remove();
  });
});

describe('KeptFindings', () => {
  const finding = (n: number, severity: Violation['severity']): Violation => ({ rule: `KB${100 + n % 80}`, severity, path: `spec.resources[${n}]`, message: text(n), hint: `hint ${n}` });

  test.each([['a file', true], ['memory (no folder)', false]])('gives each object its findings in the order added, from %s', (_, withFolder) => {
    const folder = withFolder ? new TempFolder(tempDir()) : undefined;
    const kept = new KeptFindings(folder, 'findings-across');
    const objects = 300;
    const expected: Violation[][] = Array.from({ length: objects }, () => []);
    // Rule by rule, as the rules find them: objects come in no order, some several times, some never.
    for (let rule = 0; rule < 5; rule++) {
      for (let n = 0; n < 2000; n++) {
        const index = (n * 7919 + rule * 31) % objects;
        if (index % 13 === 0) continue;
        const severity = (['error', 'warning', 'info'] as const)[(n + rule) % 3];
        const v = finding(rule * 2000 + n, severity);
        kept.add(index, v);
        expected[index].push(v);
      }
    }
    kept.byObject(objects);
    for (let i = objects - 1; i >= 0; i--) {
      expect(kept.of(i)).toEqual(expected[i]);
      const counts = { errors: 1, warnings: 0, infos: 0 };
      expect(kept.tally(i, counts)).toEqual({
        errors: 1 + expected[i].filter(v => v.severity === 'error').length,
        warnings: expected[i].filter(v => v.severity === 'warning').length,
        infos: expected[i].filter(v => v.severity === 'info').length,
      });
    }
    kept.close();
    folder?.remove();
  });

  test('an object without findings has none', () => {
    const kept = new KeptFindings(undefined, 'findings-across');
    kept.add(2, finding(1, 'error'));
    kept.byObject(4);
    expect([0, 1, 3].map(i => kept.of(i))).toEqual([[], [], []]);
    expect(kept.of(2)).toEqual([finding(1, 'error')]);
  });
});
