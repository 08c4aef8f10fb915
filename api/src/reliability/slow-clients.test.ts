/**
 * Clients that send slowly, over real sockets: a body trickled byte by byte, headers trickled, and
 * more slow deliveries to the payment webhook than it takes at once. The server's timeouts are
 * set small for the test (REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS); the test asserts what happens,
 * never how fast.
 */
import net from 'node:net';
import { serverOptions } from '../server-options';
import { eventually } from '../test/eventually';
import { buildTestApi, type BuiltTestApi, SETUP_TIMEOUT } from '../test/helper';

const WEBHOOK = '/api/payments/webhook/paypal';
/** Bytes trickled at most: far longer than the configured timeouts, so only a timeout ends it early. */
const MAX_TRICKLE = 200;
const TRICKLE_EVERY_MS = 50;

interface SlowClient {
  /** Resolves with what the server sent, once the connection closed or the trickle ran out. */
  done: Promise<{ answer: string; closedByServer: boolean }>;
}

/** Opens a connection, sends `head` at once, then `trickle` one byte at a time. */
function slowClient(port: number, head: string, trickle: string): SlowClient {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (answer += chunk));
  socket.on('error', () => undefined);
  const done = new Promise<{ answer: string; closedByServer: boolean }>((resolve) => {
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ answer, closedByServer: sent < trickle.length });
    });
    const next = () => {
      if (socket.destroyed) return;
      if (sent >= trickle.length) {
        socket.destroy();
        return;
      }
      socket.write(trickle[sent]!);
      sent += 1;
      timer = setTimeout(next, TRICKLE_EVERY_MS);
    };
    socket.once('connect', () => {
      socket.write(head);
      timer = setTimeout(next, TRICKLE_EVERY_MS);
    });
  });
  return { done };
}

const postHead = (path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('slow clients', () => {
  let api: BuiltTestApi;
  let port: number;
  beforeAll(async () => {
    api = await buildTestApi(
      { webhookConcurrency: 2 },
      serverOptions({ REQUEST_TIMEOUT_MS: '800', HEADERS_TIMEOUT_MS: '400' }),
    );
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    port = (api.app.server.address() as net.AddressInfo).port;
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('a body trickled to the webhook is cut off with a 408', async () => {
    const { answer, closedByServer } = await slowClient(
      port,
      postHead(WEBHOOK, 100_000),
      'x'.repeat(MAX_TRICKLE),
    ).done;
    expect(closedByServer).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);

  it('headers trickled are cut off with a 408', async () => {
    const { answer, closedByServer } = await slowClient(
      port,
      'GET /api/styles HTTP/1.1\r\n',
      `X-Slow: ${'y'.repeat(MAX_TRICKLE)}`,
    ).done;
    expect(closedByServer).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);

  const deliver = () =>
    fetch(`http://127.0.0.1:${port}${WEBHOOK}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });

  it('the webhook takes a few events at once and asks the rest to retry; places free up when the slow ones are cut off', async () => {
    const slow = [
      slowClient(port, postHead(WEBHOOK, 100_000), 'x'.repeat(MAX_TRICKLE)),
      slowClient(port, postHead(WEBHOOK, 100_000), 'x'.repeat(MAX_TRICKLE)),
    ];
    // Refused once both slow ones' headers have arrived (each then holds a place until cut off).
    const refused = await eventually(deliver, (response) => response.status === 503, 5_000);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({
      error: {
        code: 'unavailable',
        message: 'Too many payment events at once (at most 2); retry in a few seconds.',
      },
    });
    for (const client of slow) expect((await client.done).closedByServer).toBe(true);
    expect((await deliver()).status).not.toBe(503);
  }, 30_000);

  it('frees a webhook place with every answer, however the request came (sockets, in-process inject)', async () => {
    for (let delivery = 0; delivery < 5; delivery += 1) {
      expect((await deliver()).status).not.toBe(503);
      expect((await api.app.inject({ method: 'POST', url: WEBHOOK, payload: {} })).statusCode).not.toBe(503);
    }
  });

  it.each([
    [
      { REQUEST_TIMEOUT_MS: 'soon' },
      /^REQUEST_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000; got "soon"/,
    ],
    [{ REQUEST_TIMEOUT_MS: '50' }, /^REQUEST_TIMEOUT_MS must be/],
    [{ HEADERS_TIMEOUT_MS: '-1' }, /^HEADERS_TIMEOUT_MS must be/],
    [
      { REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '2000' },
      /^HEADERS_TIMEOUT_MS \(2000\) must not be longer than REQUEST_TIMEOUT_MS \(1000\)/,
    ],
  ])('refuses the settings %p, naming them', (env, message) => {
    expect(() => serverOptions(env)).toThrow(message);
  });
});
