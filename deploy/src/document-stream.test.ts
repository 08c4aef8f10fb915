import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { documentStream, SITE_COMPRESSION } from './document-stream';

/** A document's head is several KB of stylesheets and preloads: more than a compressor sends on its own. */
const EARLY = `<!doctype html><html><head>${'<link rel="preload" as="script" href="/shell/v/chunk.js">'.repeat(60)}`;
const REST = '<title>Page</title></head><body><div id="root"><h1>Page</h1></div></body></html>';

let app: FastifyInstance;
let finishRender: (html: string) => void = () => undefined;
let failRender: (error: Error) => void = () => undefined;

beforeAll(async () => {
  app = Fastify();
  await app.register(compress, SITE_COMPRESSION);
  app.get('/page', (_request, reply) => {
    const rest = new Promise<string>((resolve, reject) => {
      finishRender = resolve;
      failRender = reject;
    });
    return reply.type('text/html; charset=utf-8').send(
      documentStream(
        EARLY,
        () => rest,
        () => '</head><body>rendered in the browser</body></html>',
      ),
    );
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(() => app.close());

/** Requests the page and hands over its decoded text as it arrives: `firstPart` when the head has come, the whole at the end. */
function readPage(encoding: string, onHead: () => void): Promise<string> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get(
        { port, host: '127.0.0.1', path: '/page', headers: { 'accept-encoding': encoding } },
        (response) => {
          expect(response.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
          const decoded =
            encoding === 'br'
              ? response.pipe(zlib.createBrotliDecompress())
              : encoding === 'gzip'
                ? response.pipe(zlib.createGunzip())
                : response;
          let text = '';
          let headSeen = false;
          decoded.setEncoding('utf8');
          decoded.on('data', (chunk: string) => {
            text += chunk;
            if (!headSeen && text.length >= EARLY.length) {
              headSeen = true;
              onHead();
            }
          });
          decoded.on('end', () => resolve(text));
          decoded.on('error', reject);
        },
      )
      .on('error', reject);
  });
}

describe('a streamed document', () => {
  it.each(['br', 'gzip', 'identity'])(
    'reaches the browser head first (%s), before the page is rendered, then whole',
    async (encoding) => {
      // The render finishes only once the head has arrived: a compressor that held the head back until the end would never let it.
      let headBeforeRender = '';
      const page = await readPage(encoding, () => {
        headBeforeRender = 'yes';
        finishRender(REST);
      });
      expect(headBeforeRender).toBe('yes');
      expect(page).toBe(`${EARLY}${REST}`);
    },
  );

  it('ends with the fallback when the render fails, never half a document', async () => {
    const page = await readPage('gzip', () => failRender(new Error('the shell threw')));
    expect(page).toBe(`${EARLY}</head><body>rendered in the browser</body></html>`);
  });
});
