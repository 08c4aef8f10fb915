/**
 * Closing the API (a deploy, SIGTERM) while requests are still running: the database must stay open
 * until they finish, so none of them fails with a 500 from a closed pool or a closed PGlite.
 */
import http from 'node:http';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { signInTestUser, type TestUser } from '../test/auth-emulator';
import { createEmptyDatabaseUrl } from '../test/test-database';
import { registerApiOn, SETUP_TIMEOUT } from '../test/helper';
import { API_START_TIMEOUT_MS } from '../server-options';

/** A gate the test opens: requests marked `x-hold: 1` wait at it before their handler runs. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let arrived: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  return { open, opened, held, arrived };
}

describe('closing the API with requests in flight', () => {
  let place: { url: string; remove: () => Promise<void> };
  let alice: TestUser;

  beforeAll(async () => {
    place = await createEmptyDatabaseUrl();
    alice = await signInTestUser('alice');
  }, SETUP_TIMEOUT);
  afterAll(() => place?.remove());

  /** The API owning its database (as `npm start` does), with a hold on marked requests. */
  async function startApi(hold: ReturnType<typeof gate>): Promise<FastifyInstance> {
    const app = Fastify({ logger: false, pluginTimeout: API_START_TIMEOUT_MS });
    // A root hook runs before the API's own: the marked request is inside the API, past sign-in's
    // start, when the close begins.
    app.addHook('preHandler', async (request) => {
      if (request.headers['x-hold'] !== '1') return;
      hold.arrived();
      await hold.opened;
    });
    await registerApiOn(app, place.url);
    await app.ready();
    return app;
  }

  it.each([
    ['a catalogue read', { method: 'GET' as const, url: '/api/box-models' }, false],
    ['an order (a transaction and reads after it)', { method: 'POST' as const, url: '/api/orders' }, true],
  ])(
    'lets %s finish before the database closes',
    async (_what, route, signedIn) => {
      const hold = gate();
      const app = await startApi(hold);
      let boxModelId = 0;
      if (signedIn) {
        const boxes = (await app.inject({ method: 'GET', url: '/api/box-models' })).json<{
          items: { id: number; stock: number }[];
        }>();
        boxModelId = boxes.items.find((box) => box.stock > 0)?.id ?? 0;
      }
      const inFlight = app.inject({
        ...route,
        headers: {
          'x-hold': '1',
          ...(signedIn
            ? { authorization: `Bearer ${alice.idToken}`, 'idempotency-key': `close-${Date.now()}` }
            : {}),
        },
        ...(signedIn ? { payload: { boxModelId } } : {}),
      });
      // Set up wrong, the request would answer before reaching the hold: then it fails here, not by timeout.
      await Promise.race([
        hold.held,
        inFlight.then((early) =>
          Promise.reject(new Error(`Answered before the hold: ${early.statusCode} ${early.body}`)),
        ),
      ]);
      const closed = app.close();
      // The close has begun (its first hooks ran) while the request waits.
      await new Promise((resolve) => setImmediate(resolve));
      hold.open();
      const response = await inFlight;
      await closed;
      expect({ status: response.statusCode, body: response.statusCode >= 500 ? response.body : '' }).toEqual({
        status: signedIn ? 201 : 200,
        body: '',
      });
    },
    60_000,
  );

  it('does not wait for a request whose client hung up, once its handler has answered', async () => {
    const hold = gate();
    const logs: { msg?: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(JSON.parse(chunk.toString()) as { msg?: string });
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, pluginTimeout: API_START_TIMEOUT_MS });
    let answered: () => void = () => undefined;
    const handlerAnswered = new Promise<void>((resolve) => (answered = resolve));
    app.addHook('preHandler', async (request) => {
      if (request.headers['x-hold'] !== '1') return;
      hold.arrived();
      await hold.opened;
    });
    app.addHook('onSend', async (request) => {
      if (request.headers['x-hold'] === '1') answered();
    });
    await registerApiOn(app, place.url);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    // The client sends, then gives up while the request waits at the hold (a load test's end, a closed tab).
    const outgoing = http.request(`${address}/api/box-models`, { headers: { 'x-hold': '1' } });
    outgoing.on('error', () => undefined);
    outgoing.end();
    await hold.held;
    outgoing.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    hold.open();
    await handlerAnswered;
    // The API's own hooks run after this root one: let them finish.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await app.close();
    expect(logs.filter((line) => line.msg?.startsWith('closing')).map((line) => line.msg)).toEqual([]);
  }, 60_000);
});
