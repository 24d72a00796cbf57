/**
 * Records kept on disk (`Spill`): read back as written, in order, across
 * flushes and read pieces; a small run and a run without a temporary folder
 * keep them in memory, with the same result; a full disk says what to do.
 */
import * as fs from 'fs';
import * as path from 'path';
import { removeTempDirs, tempDir, writeFile } from './cli-helpers';
import { Spill, TempFileError, TempFolder, writeAllOrExplain } from '../../src/io/spill';
import { removeLiveTempFolders } from '../../src/io/temp-folder';

afterAll(removeTempDirs);

interface Record {
  readonly n: number;
  readonly text: string;
}

/** Records holding line breaks, quotes and characters of 2 to 4 bytes, in all over 3 MiB: several flushes and read pieces, with characters cut between pieces. */
function records(count = 3000): Record[] {
  return Array.from({ length: count }, (_, n) => ({ n, text: `line\nbreak "${n}" é€😀 `.repeat(n % 7 + 1) + 'x'.repeat(1000 + n % 13) }));
}

function roundTrip(spill: Spill<Record>, written: readonly Record[]): Record[] {
  for (const r of written) spill.write(r);
  expect(spill.length).toBe(written.length);
  const read = [...spill.read()];
  spill.close();
  return read;
}

describe('Spill', () => {
  test('many records go to a file of the folder, made then, and come back in the order written', () => {
    const parent = tempDir();
    const folder = new TempFolder(parent);
    const written = records();
    expect(roundTrip(new Spill<Record>(folder, 'records.jsonl'), written)).toEqual(written);
    expect(fs.statSync(path.join(folder.folder!, 'records.jsonl')).size).toBeGreaterThan(3 * 1024 * 1024);
    folder.remove();
    expect(fs.readdirSync(parent)).toEqual([]);
  });

  test('a few records stay in memory: no folder is made', () => {
    const parent = tempDir();
    const written = records(50);
    expect(roundTrip(new Spill<Record>(new TempFolder(parent), 'records.jsonl'), written)).toEqual(written);
    expect(fs.readdirSync(parent)).toEqual([]);
  });

  test('without a folder, or where none can be made, all records stay in memory, with the same result', () => {
    const written = records();
    expect(roundTrip(new Spill<Record>(undefined, 'records.jsonl'), written)).toEqual(written);
    const missing = path.join(tempDir(), 'missing');
    expect(roundTrip(new Spill<Record>(new TempFolder(missing), 'records.jsonl'), written)).toEqual(written);
    expect(fs.existsSync(missing)).toBe(false);
  });

  test('nothing written reads back as nothing', () => {
    expect(roundTrip(new Spill<Record>(new TempFolder(tempDir()), 'empty.jsonl'), [])).toEqual([]);
  });

  const full = fs.existsSync('/dev/full') ? test : test.skip;
  if (!fs.existsSync('/dev/full')) console.log('skipped: a full disk needs /dev/full, which this system does not have');
  full('a full disk is a TempFileError naming the file and TMPDIR', () => {
    // A spill never opens a file that exists (such as /dev/full, see below): the full disk is met where it writes.
    const fd = fs.openSync('/dev/full', 'w');
    try {
      const write = (): void => writeAllOrExplain(fd, Buffer.from(JSON.stringify(records())), 0, '/dev/full');
      expect(write).toThrow(TempFileError);
      expect(write).toThrow(/^cannot write the temporary file \/dev\/full: no space left on the device \(set TMPDIR to a folder with room\)$/);
    } finally {
      fs.closeSync(fd);
    }
  });

  test('never writes to a file that exists (one planted in its place): a TempFileError naming it', () => {
    const planted = writeFile(tempDir(), 'records.jsonl', 'planted');
    const spill = new Spill<Record>({ file: () => planted } as unknown as TempFolder, 'records.jsonl');
    expect(() => {
      for (const r of records()) spill.write(r);
    }).toThrow(new TempFileError(`cannot create the temporary file ${planted}: EEXIST: file already exists, open '${planted}'`));
    expect(fs.readFileSync(planted, 'utf8')).toBe('planted');
  });
});

describe('TempFolder', () => {
  test('is made in the given parent when first asked for, and removed with its files; undefined where none can be made', () => {
    const parent = tempDir();
    const folder = new TempFolder(parent);
    expect(fs.readdirSync(parent)).toEqual([]);
    const file = folder.file('a')!;
    expect(path.dirname(path.dirname(file))).toBe(parent);
    fs.writeFileSync(file, 'x');
    folder.remove();
    expect(fs.readdirSync(parent)).toEqual([]);
    expect(new TempFolder(path.join(parent, 'missing')).file('a')).toBeUndefined();
  });

  test('one not yet removed (a run cut short) is removed by removeLiveTempFolders, once', () => {
    const parent = tempDir();
    const [cut, done] = [new TempFolder(parent), new TempFolder(parent)];
    fs.writeFileSync(cut.file('stdin.yaml')!, 'secret');
    done.file('objects.jsonl');
    expect(fs.readdirSync(parent)).toHaveLength(2);
    done.remove();
    expect(removeLiveTempFolders()).toEqual([]);
    expect(fs.readdirSync(parent)).toEqual([]);
    expect(removeLiveTempFolders()).toEqual([]);
  });

  test('one that cannot be removed (a read-only disk) is named, by remove() and by removeLiveTempFolders', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const realFs = require('fs') as typeof fs;
    const readOnly = (): never => {
      throw Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
    };
    const parent = tempDir();
    const [first, second] = [new TempFolder(parent), new TempFolder(parent)];
    const [a, b] = [first.folder!, second.folder!];
    const rm = jest.spyOn(realFs, 'rmSync').mockImplementation(readOnly);
    try {
      expect(() => first.remove()).toThrow(new TempFileError(
        `cannot remove the temporary folder ${a} (EROFS: read-only file system): it may hold a copy of what was read; remove it by hand`));
      expect(removeLiveTempFolders()).toEqual([
        `cannot remove the temporary folder ${b} (EROFS: read-only file system): it may hold a copy of what was read; remove it by hand`,
      ]);
    } finally {
      rm.mockRestore();
    }
    expect(fs.readdirSync(parent).sort()).toEqual([path.basename(a), path.basename(b)].sort());
  });
});
