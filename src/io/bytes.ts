/** Bytes of what a stream gives: standard input yields Buffers, a test's stream may yield strings. */

/** A chunk of a stream as bytes: strings are UTF-8. */
export function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), 'utf8');
}
