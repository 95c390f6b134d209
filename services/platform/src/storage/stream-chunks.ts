import type { Readable } from 'node:stream';

/**
 * The chunks of `body` as Buffers, whatever mode the stream is in (`Readable.from(['text'])` yields
 * strings; a stream after `setEncoding` yields strings in that encoding). Leaving the loop early or
 * with an error destroys `body`, as `for await` does.
 */
export async function* bufferChunks(body: Readable): AsyncGenerator<Buffer> {
  const encoding = body.readableEncoding ?? 'utf8';
  for await (const chunk of body as AsyncIterable<unknown>) {
    if (Buffer.isBuffer(chunk)) yield chunk;
    else if (chunk instanceof Uint8Array) yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    else if (typeof chunk === 'string') yield Buffer.from(chunk, encoding);
    else throw new TypeError('An object body stream must carry bytes or strings');
  }
}

/**
 * Maps `items` with at most `limit` calls in flight, keeping the order: listing thousands of
 * objects must not open thousands of files or connections at once.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
