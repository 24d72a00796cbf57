/**
 * `validate` writes its text and GitHub output object by object, in chunks,
 * waiting when the reader is slow; the other formats are written whole.
 */
import { EventEmitter } from 'events';
import { PassThrough } from 'stream';
import { tempDir, removeTempDirs, writeFile } from './cli-helpers';
import { main } from '../../src/cli/main';
import { ChunkedWriter } from '../../src/io/write';

afterAll(removeTempDirs);

/** A stdout that records each write, and says "full" (false) every other time, then drains. */
class SlowStream extends EventEmitter {
  public readonly writes: string[] = [];
  public waitedForDrain = 0;

  public write(chunk: string): boolean {
    this.writes.push(chunk);
    const full = this.writes.length % 2 === 1;
    if (full) {
      this.waitedForDrain++;
      setImmediate(() => this.emit('drain'));
    }
    return !full;
  }
}

describe('ChunkedWriter', () => {
  test('gathers small pieces into chunks of 64 KiB, and passes the rest on at flush', async () => {
    const out = new SlowStream();
    const writer = new ChunkedWriter(out);
    const piece = 'x'.repeat(1000) + '\n';
    for (let i = 0; i < 200; i++) await writer.write(piece);
    expect(out.writes.length).toBe(3);
    await writer.flush();
    expect(out.writes.join('')).toBe(piece.repeat(200));
    expect(out.writes.slice(0, 3).every(w => w.length >= 64 * 1024)).toBe(true);
  });

  test('waits for drain when the stream is full, and does not wait on a stream without events', async () => {
    const slow = new SlowStream();
    const writer = new ChunkedWriter(slow);
    await writer.write('a'.repeat(70 * 1024));
    await writer.write('b'.repeat(70 * 1024));
    await writer.flush();
    expect(slow.waitedForDrain).toBe(1);
    expect(slow.listenerCount('drain')).toBe(0);

    const plain: string[] = [];
    const simple = new ChunkedWriter({ write: (s: string) => { plain.push(s); return false; } });
    await simple.write('c'.repeat(70 * 1024));
    await simple.flush();
    expect(plain.join('').length).toBe(70 * 1024);
  });
});

describe('validate on many findings', () => {
  const many = (): string => {
    const dir = tempDir();
    const docs = Array.from({ length: 400 }, (_, i) =>
      `apiVersion: kube-bind.io/v1alpha2\nkind: APIServiceExport\nmetadata:\n  name: export-${i}\n  namespace: p\nspec:\n  resources:\n  - group: g${i}.example.com\n    resource: widgets\n`);
    return writeFile(dir, 'many.yaml', docs.join('---\n'));
  };

  test.each(['text', 'github', 'json', 'sarif', 'junit'])('%s: written in several chunks as objects are reported', async format => {
    const file = many();
    const out = new SlowStream();
    let err = '';
    const code = await main(['validate', '-o', format, file], { stdout: out, stderr: { write: (s: string) => { err += s; return true; } }, stdin: (async function* () { })() }, { env: {} });
    expect({ code, err }).toEqual({ code: 1, err: '' });
    expect(out.writes.length).toBeGreaterThan(2);
    expect(out.waitedForDrain).toBeGreaterThan(0);
    const written = out.writes.join('');
    if (format === 'text' || format === 'github') expect(out.writes[out.writes.length - 1]).toMatch(/400 objects checked: 0 valid, 400 invalid; 0 skipped; \d+ errors/);
    if (format === 'json') expect(JSON.parse(written)).toHaveLength(400);
    if (format === 'sarif') expect(new Set(JSON.parse(written).runs[0].results.map((r: any) => r.locations[0].logicalLocations[0].fullyQualifiedName.split(' ')[0])).size).toBe(400);
    if (format === 'junit') expect(written.match(/<testcase /g)).toHaveLength(400);
  });
});

describe('a reader that goes away (validate ... | head)', () => {
  test('the writer stops waiting and drops the rest, and the run keeps its exit status', async () => {
    const dir = tempDir();
    const docs = Array.from({ length: 3000 }, (_, i) =>
      `apiVersion: kube-bind.io/v1alpha2\nkind: APIServiceExport\nmetadata:\n  name: e-${i}\n  namespace: p\nspec:\n  resources:\n  - group: g${i}.example.com\n    resource: widgets\n`);
    const file = writeFile(dir, 'closing.yaml', docs.join('---\n'));
    const stdout = new PassThrough({ highWaterMark: 1024 });
    let received = 0;
    stdout.once('data', (chunk: Buffer) => {
      received += chunk.length;
      // The reader reads one chunk, then goes away, as `head -c` does.
      stdout.destroy();
    });
    const code = await main(['validate', file], { stdout, stderr: { write: () => true }, stdin: (async function* () { })() }, { env: {} });
    expect(code).toBe(1);
    expect(received).toBeGreaterThan(0);
  });

  test('a stream already closed gets nothing, and a full stream that closes ends the wait', async () => {
    const closed = new PassThrough();
    closed.destroy();
    const writer = new ChunkedWriter(closed);
    await writer.write('x'.repeat(70 * 1024));
    await writer.flush();

    const full = new PassThrough({ highWaterMark: 16 });
    setImmediate(() => full.destroy());
    const second = new ChunkedWriter(full);
    await second.write('y'.repeat(70 * 1024));
    await second.write('z'.repeat(70 * 1024));
    await second.flush();
    expect(full.listenerCount('drain')).toBe(0);
  });
});
