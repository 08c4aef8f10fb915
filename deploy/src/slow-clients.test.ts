/**
 * The site server takes the API's request timeouts (REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS; small
 * here): a client trickling its request over a real socket is answered 408 and cut off, whatever
 * path it asks for. What happens is asserted, never how fast.
 */
import net from 'node:net';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_RUNTIME_CONFIG } from '@arttoy/shared/contracts';
import { createSiteServer } from './site-server';

let site: FastifyInstance;
let port: number;

beforeAll(async () => {
  const saved = { ...process.env };
  Object.assign(process.env, { REQUEST_TIMEOUT_MS: '800', HEADERS_TIMEOUT_MS: '400' });
  try {
    site = await createSiteServer({ origin: os.tmpdir(), config: DEFAULT_RUNTIME_CONFIG });
  } finally {
    process.env = saved;
  }
  await site.listen({ port: 0, host: '127.0.0.1' });
  port = (site.server.address() as net.AddressInfo).port;
});

afterAll(() => site?.close());

/** Sends `start`, then one byte of `rest` every 50 ms; what the server said and whether it hung up first. */
function trickle(start: string, rest: string): Promise<{ answer: string; cutOff: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(start));
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent === rest.length) socket.destroy();
      else socket.write(rest[sent++]!);
    }, 50);
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearInterval(timer);
      resolve({ answer, cutOff: sent < rest.length });
    });
  });
}

it.each(['/gallery', '/api/styles', '/mf-gallery/v1/remoteEntry.js'])(
  'cuts off headers trickled for %s with a 408',
  async (path) => {
    const { answer, cutOff } = await trickle(`GET ${path} HTTP/1.1\r\n`, `X-Slow: ${'y'.repeat(200)}`);
    expect(cutOff).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  },
  30_000,
);
