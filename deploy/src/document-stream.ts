/**
 * Documents go out in two writes: the head the route alone decides (stylesheets, code preloads),
 * at once, and the rest when the page is rendered. The browser starts on the page's code and styles
 * while the server reads the page's data and renders it. The status is known before the first
 * write (the route and the API say whether the page exists), and the page's title, description
 * and link-preview tags are in the head, written before it closes.
 */
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * The site server's compression: each write of a streamed answer is flushed, so a document's first
 * part reaches the browser while the rest is being made (without a flush, gzip and brotli keep up
 * to their window of output back until the end). Answers known whole are compressed at once.
 */
export const SITE_COMPRESSION: FastifyCompressOptions = {
  global: true,
  // Only the encodings whose flush is set below: on Node 22, zlib also offers zstd, which browsers
  // take first, and a zstd stream without a flush would hold the document's early part back.
  encodings: ['br', 'gzip', 'deflate'],
  threshold: 1024,
  zlibOptions: { flush: zlib.constants.Z_SYNC_FLUSH },
  brotliOptions: { flush: zlib.constants.BROTLI_OPERATION_FLUSH },
};

/**
 * The answer's body: `early` at once, then what `rest` makes. `rest` starts after the first write
 * has had a turn of the event loop to leave: compression runs on libuv's threads, and its output
 * reaches the socket only when the main thread is free, which a render that starts at once (its
 * cached reads resolve without giving the loop a turn) would keep it from being until the render ends.
 * A `rest` that fails (it should not: every step of a render that can fail has its own fallback) is
 * replaced by `fallback`, so a visitor never gets half a document.
 */
export function documentStream(
  early: string,
  rest: () => Promise<string>,
  fallback: (error: unknown) => string,
): Readable {
  return Readable.from(
    (async function* write() {
      yield early;
      await new Promise((resolve) => setImmediate(resolve));
      yield await rest().catch(fallback);
    })(),
    { objectMode: false },
  );
}
