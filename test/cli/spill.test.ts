/**
 * Records kept on disk (`Spill`): read back as written, in order, across
 * flushes and read pieces; the same in memory; a full disk says what to do.
 */
import * as fs from 'fs';
import * as path from 'path';
import { removeTempDirs, tempDir } from './cli-helpers';
import { Spill, TempFileError, TempFolder } from '../../src/io/spill';

afterAll(removeTempDirs);

interface Record {
  readonly n: number;
  readonly text: string;
}

/** Records holding line breaks, quotes and characters of 2 to 4 bytes, in all over 3 MiB: several flushes and read pieces, with characters cut between pieces. */
function records(): Record[] {
  return Array.from({ length: 3000 }, (_, n) => ({ n, text: `line\nbreak "${n}" é€😀 `.repeat(n % 7 + 1) + 'x'.repeat(1000 + n % 13) }));
}

describe('Spill', () => {
  test('gives back every record in the order written, from a file and from memory', () => {
    const written = records();
    const file = path.join(tempDir(), 'records.jsonl');
    for (const target of [file, undefined]) {
      const spill = new Spill<Record>(target);
      for (const r of written) spill.write(r);
      expect(spill.length).toBe(written.length);
      expect([...spill.read()]).toEqual(written);
      spill.close();
    }
    expect(fs.statSync(file).size).toBeGreaterThan(3 * 1024 * 1024);
  });

  test('nothing written reads back as nothing', () => {
    const spill = new Spill<Record>(path.join(tempDir(), 'empty.jsonl'));
    expect([...spill.read()]).toEqual([]);
    spill.close();
  });

  const full = fs.existsSync('/dev/full') ? test : test.skip;
  if (!fs.existsSync('/dev/full')) console.log('skipped: a full disk needs /dev/full, which this system does not have');
  full('a full disk is a TempFileError naming the file and TMPDIR', () => {
    const spill = new Spill<Record>('/dev/full');
    const write = (): void => {
      for (const r of records()) spill.write(r);
    };
    expect(write).toThrow(TempFileError);
    expect(write).toThrow(/^cannot write the temporary file \/dev\/full: no space left on the device \(set TMPDIR to a folder with room\)$/);
    spill.close();
  });
});

describe('TempFolder', () => {
  test('is made in the folder given and removed with its files; undefined where none can be made', () => {
    const parent = tempDir();
    const folder = TempFolder.create(parent)!;
    expect(path.dirname(folder.folder)).toBe(parent);
    fs.writeFileSync(folder.file('a'), 'x');
    folder.remove();
    expect(fs.readdirSync(parent)).toEqual([]);
    expect(TempFolder.create(path.join(parent, 'missing'))).toBeUndefined();
  });
});
