/**
 * Forwards `/api/*` of a remote's standalone harness to a running API, so a remote tested alone
 * reads and writes the same API as the composed site, on its own origin (no CORS, same cookies).
 */
import type { FastifyInstance } from 'fastify';

/** Where `npm start -w api` listens. */
export const DEFAULT_API_ORIGIN = 'http://localhost:3001';

/**
 * What the proxy asks the API for: the encodings fetch decompresses. The browser's own list may name
 * one fetch passes through undecoded (zstd, on Node 22): its bytes would then reach the browser with
 * the content-encoding header dropped below, as a body no one can read.
 */
export const UPSTREAM_ACCEPT_ENCODING = 'br, gzip, deflate';

/** Hop-by-hop headers, and those fetch rewrites (it decompresses bodies and sets lengths itself). */
const DROPPED = new Set([
  'host',
  'accept-encoding',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'upgrade',
]);

function forwardable(headers: Iterable<[string, string | string[] | undefined]>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) {
    if (value !== undefined && !DROPPED.has(name.toLowerCase()))
      kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

export async function registerApiProxy(app: FastifyInstance, origin: string): Promise<void> {
  const target = new URL(origin);
  await app.register(async (scope) => {
    // Bodies pass through untouched, whatever their type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.all('/api/*', async (request, reply) => {
      const url = new URL(request.url, target);
      const body =
        request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body)
          ? new Uint8Array(request.body)
          : undefined;
      let response: Response;
      try {
        response = await fetch(url, {
          method: request.method,
          headers: {
            ...forwardable(Object.entries(request.headers)),
            'accept-encoding': UPSTREAM_ACCEPT_ENCODING,
          },
          body,
          redirect: 'manual',
        });
      } catch {
        return reply.status(502).send({
          error: {
            code: 'unavailable',
            message: `The API at ${target.origin} is not answering. Start it with \`npm start -w api\` (port 3001), or point API_ORIGIN at a running site (\`API_ORIGIN=http://localhost:3000\`).`,
          },
        });
      }
      return reply
        .status(response.status)
        .headers(forwardable(response.headers.entries()))
        .send(Buffer.from(await response.arrayBuffer()));
    });
  });
}
