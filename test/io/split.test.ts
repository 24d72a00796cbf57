/**
 * The document splitter (src/io/split.ts) gives the same documents however
 * the stream is cut into chunks, as files and standard input are read:
 * where documents end, and which are over the cap.
 */
import { DocumentSplitter, DocumentText, splitDocuments } from '../../src/io/split';

/** A small deterministic generator, so a failure names its seed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const LINES = ['---', '--- # a comment', '...', '# only a comment', '', 'a: 1', 'b: [1, 2]', '  - x', 'c: "---"', ' --- not a marker', '%YAML 1.2', 'd: |', '  text', '----', '---x'];

function stream(next: () => number): string {
  const n = 1 + Math.floor(next() * 60);
  return Array.from({ length: n }, () => LINES[Math.floor(next() * LINES.length)]).join(next() < 0.2 ? '\r\n' : '\n') + (next() < 0.5 ? '\n' : '');
}

function pushedInChunks(text: string, next: () => number, maxLength?: number): DocumentText[] {
  const splitter = new DocumentSplitter(maxLength);
  const out: DocumentText[] = [];
  for (let at = 0; at < text.length;) {
    const size = 1 + Math.floor(next() * 12);
    out.push(...splitter.push(text.slice(at, at + size)));
    at += size;
  }
  return [...out, ...splitter.end()];
}

describe('the documents do not depend on how the stream is cut', () => {
  test.each(Array.from({ length: 300 }, (_, seed) => [seed]))('seed %i', seed => {
    const next = random(seed + 1);
    const text = stream(next);
    for (const maxLength of [undefined, 40]) {
      expect(pushedInChunks(text, next, maxLength)).toEqual(splitDocuments(text, maxLength));
    }
  });

  test('the documents hold the whole stream, in order, when none is oversized', () => {
    const next = random(7);
    for (let i = 0; i < 200; i++) {
      const text = stream(next);
      const docs = pushedInChunks(text, next);
      // What is not a document (a trailing comment) is the only text left out, at the end.
      expect(text.startsWith(docs.map(d => d.text).join(''))).toBe(true);
    }
  });
});
