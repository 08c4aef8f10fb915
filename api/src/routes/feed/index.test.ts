/**
 * The live feed over real HTTP (server-sent events) and app.inject (its JSON routes), on PGlite
 * and, with DATABASE_URL, on PostgreSQL: live delivery, resume by Last-Event-ID, the handle shown
 * only when its owner lets it, heartbeats, the per-address cap, a client that does not read, and
 * the API's close.
 */
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FeedEvent } from '@arttoy/shared/contracts/api';
import { rowsOf } from '../../db/connect';
import { figures, users } from '../../db/schema';
import { recordFeedEvent } from '../../domain/feed/record';
import { FEED_CHANNEL } from '../../domain/feed/record';
import { signInTestUser, type TestUser } from '../../test/auth-emulator';
import { type EventStream, eventsOf, openEventStream } from '../../test/event-stream';
import { eventually } from '../../test/eventually';
import { buildTestApi, type BuiltTestApi, SETUP_TIMEOUT } from '../../test/helper';
import { acceptsEventStream } from '.';

/** Builds an API with these FEED_* settings (read when the API starts), listening on a port. */
async function feedApi(
  env: Record<string, string>,
  options: Parameters<typeof buildTestApi>[0] = {},
  server: Parameters<typeof buildTestApi>[1] = {},
) {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    const api = await buildTestApi(options, server);
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    return { api, base: `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}` };
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

async function insertUser(api: BuiltTestApi, name: string, feedVisible: boolean): Promise<number> {
  const [row] = await api.db
    .insert(users)
    .values({
      firebaseUid: `feed-${name}-${Date.now()}`,
      handle: `${name}_${Date.now() % 100_000}`,
      feedVisible,
    })
    .returning({ id: users.id });
  return row!.id;
}

async function firstFigureId(api: BuiltTestApi): Promise<number> {
  const [row] = await api.db.select({ id: figures.id }).from(figures).limit(1);
  return row!.id;
}

/** A pull committed as the draw does: in a transaction of its own. */
const pull = (api: BuiltTestApi, userId: number, figureId: number) =>
  api.db.transaction((tx) =>
    recordFeedEvent(tx, { kind: 'pull', userId, figureId, boxName: 'Test box', drawId: null }),
  );

const ids = (stream: EventStream) => eventsOf<FeedEvent>(stream).map((event) => event.id);

describe('the live feed', () => {
  let api: BuiltTestApi;
  let base: string;
  let figureId: number;
  let visibleUser: number;
  let hiddenUser: number;
  const open: EventStream[] = [];
  const stream = async (headers: Record<string, string> = {}, path = '/api/feed') => {
    const opened = await openEventStream(`${base}${path}`, headers);
    open.push(opened);
    return opened;
  };

  beforeAll(async () => {
    ({ api, base } = await feedApi({ FEED_HEARTBEAT_MS: '50', FEED_RETRY_MS: '1500' }));
    figureId = await firstFigureId(api);
    visibleUser = await insertUser(api, 'shown', true);
    hiddenUser = await insertUser(api, 'hidden', false);
  }, SETUP_TIMEOUT);
  afterEach(() => {
    for (const opened of open.splice(0)) opened.close();
  });
  afterAll(() => api?.close());

  it('sends each event as it commits, with its id, kind and JSON, after the retry hint', async () => {
    const feed = await stream();
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await feed.until((s) => s.frames.some((frame) => frame.retry !== null));
    expect(feed.frames[0]).toEqual({ id: null, event: null, data: '', retry: 1500 });
    const id = await pull(api, visibleUser, figureId);
    await feed.until((s) => ids(s).includes(id));
    const frame = feed.frames.find((candidate) => candidate.id === String(id))!;
    expect(frame.event).toBe('pull');
    const event = JSON.parse(frame.data) as FeedEvent;
    expect(event).toEqual({
      id,
      kind: 'pull',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      handle: expect.stringMatching(/^shown_/),
      figure: expect.objectContaining({
        id: figureId,
        slug: expect.any(String),
        name: expect.any(String),
        rarity: expect.any(String),
        seriesName: expect.any(String),
      }),
      boxName: 'Test box',
      drawPublicId: null,
      price: null,
    });
  });

  it('resumes after Last-Event-ID with exactly the events missed, then goes on live', async () => {
    const seen = await pull(api, visibleUser, figureId);
    const missed = [
      await pull(api, visibleUser, figureId),
      await pull(api, hiddenUser, figureId),
      await pull(api, visibleUser, figureId),
    ];
    const feed = await stream({ 'last-event-id': String(seen) });
    const next = await pull(api, visibleUser, figureId);
    await feed.until((s) => ids(s).includes(next));
    expect(ids(feed)).toEqual([...missed, next]);
    // The same from the query, for a first connection that read GET /api/feed/recent; the header wins.
    const byQuery = await stream({}, `/api/feed?lastEventId=${missed[1]}`);
    const byBoth = await stream({ 'last-event-id': String(missed[1]) }, `/api/feed?lastEventId=${seen}`);
    await byQuery.until((s) => ids(s).includes(next));
    await byBoth.until((s) => ids(s).includes(next));
    expect(ids(byQuery)).toEqual([missed[2], next]);
    expect(ids(byBoth)).toEqual([missed[2], next]);
  });

  it('sends the latest 50, oldest first, with no Last-Event-ID or one too old', async () => {
    for (let index = 0; index < 55; index += 1) await pull(api, hiddenUser, figureId);
    const fresh = await stream();
    const old = await stream({ 'last-event-id': '1' });
    const latest = (await api.app.inject({ method: 'GET', url: '/api/feed/recent' })).json<{
      items: FeedEvent[];
    }>().items;
    await fresh.until((s) => ids(s).length >= 50);
    await old.until((s) => ids(s).length >= 50);
    expect(latest).toHaveLength(50);
    expect(ids(fresh)).toEqual(latest.map((event) => event.id).toReversed());
    expect(ids(old)).toEqual(ids(fresh));
  });

  it('shows a handle only once its owner lets the feed show it, past events included', async () => {
    const user: TestUser = await signInTestUser('feed-visibility');
    const auth = { authorization: `Bearer ${user.idToken}` };
    expect(
      (await api.app.inject({ method: 'GET', url: '/api/me/feed-visibility', headers: auth })).json(),
    ).toEqual({ visible: false });
    expect(
      (
        await api.app.inject({
          method: 'PUT',
          url: '/api/me/handle',
          headers: auth,
          payload: { handle: `viz_${Date.now() % 100_000}` },
        })
      ).statusCode,
    ).toBe(200);
    const [row] = rowsOf<{ id: number; handle: string }>(
      await api.db.execute(sql`select id, handle from users where firebase_uid = ${user.uid}`),
    );
    const feed = await stream();
    const before = await pull(api, row!.id, figureId);
    await feed.until((s) => ids(s).includes(before));
    expect(eventsOf<FeedEvent>(feed).find((event) => event.id === before)!.handle).toBeNull();

    const put = await api.app.inject({
      method: 'PUT',
      url: '/api/me/feed-visibility',
      headers: auth,
      payload: { visible: true },
    });
    expect(put.json()).toEqual({ visible: true });
    expect(
      (await api.app.inject({ method: 'GET', url: '/api/me/feed-visibility', headers: auth })).json(),
    ).toEqual({ visible: true });
    const after = await pull(api, row!.id, figureId);
    await feed.until((s) => ids(s).includes(after));
    expect(eventsOf<FeedEvent>(feed).find((event) => event.id === after)!.handle).toBe(row!.handle);
    const recent = (await api.app.inject({ method: 'GET', url: '/api/feed/recent' })).json<{
      items: FeedEvent[];
    }>().items;
    expect(
      recent.filter((event) => event.id === before || event.id === after).map((event) => event.handle),
    ).toEqual([row!.handle, row!.handle]);

    await api.app.inject({
      method: 'PUT',
      url: '/api/me/feed-visibility',
      headers: auth,
      payload: { visible: false },
    });
    const hidden = (await api.app.inject({ method: 'GET', url: '/api/feed/recent' })).json<{
      items: FeedEvent[];
    }>().items;
    expect(
      hidden.filter((event) => event.id === before || event.id === after).map((event) => event.handle),
    ).toEqual([null, null]);
  });

  it('refuses a visibility change without a token or with a body that is not { visible: boolean }', async () => {
    const user = await signInTestUser('feed-visibility-bad');
    expect(
      (await api.app.inject({ method: 'PUT', url: '/api/me/feed-visibility', payload: { visible: true } }))
        .statusCode,
    ).toBe(401);
    const bad = await api.app.inject({
      method: 'PUT',
      url: '/api/me/feed-visibility',
      headers: { authorization: `Bearer ${user.idToken}` },
      payload: { visible: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/visible/);
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const feed = await stream();
    await feed.until((s) => s.comments.includes('heartbeat'));
    expect(feed.comments).toContain('heartbeat');
  });

  it('answers GET /api/feed/recent newest first, publicly', async () => {
    const id = await pull(api, visibleUser, figureId);
    const response = await api.app.inject({ method: 'GET', url: '/api/feed/recent' });
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{ items: FeedEvent[] }>();
    expect(items[0]!.id).toBe(id);
    expect(items.map((event) => event.id)).toEqual(items.map((event) => event.id).toSorted((a, b) => b - a));
  });

  it('refuses a request that does not ask for an event stream, and a Last-Event-ID that is not an id, saying why', async () => {
    const plain = await api.app.inject({ method: 'GET', url: '/api/feed' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error.message).toMatch(/Accept: text\/event-stream.*\/api\/feed\/recent/);
    const bad = await api.app.inject({
      method: 'GET',
      url: '/api/feed',
      headers: { accept: 'text/event-stream', 'last-event-id': 'abc' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/last-event-id/);
  });

  it('delivers an event announced by another writer (a NOTIFY with its id) and ignores a notice that names none', async () => {
    const feed = await stream();
    await feed.until((s) => s.frames.length > 0);
    await api.db.execute(sql`select pg_notify(${FEED_CHANNEL}, 'not an id')`);
    const id = await pull(api, hiddenUser, figureId);
    await feed.until((s) => ids(s).includes(id));
    expect(ids(feed).filter((seen) => seen === id)).toEqual([id]);
  });
});

describe('accepting an event stream', () => {
  it.each([
    ['text/event-stream', true],
    ['text/html, */*;q=0.8', true],
    ['TEXT/*', true],
    ['application/json', false],
    [undefined, false],
  ])('%s → %s', (accept, expected) => {
    expect(acceptsEventStream(accept)).toBe(expected);
  });
});

describe('the live feed’s bounds', () => {
  it(
    'caps the streams one address holds open with a 429 that says what to do; a closed one frees its place',
    async () => {
      const { api, base } = await feedApi(
        { FEED_CONNECTIONS_PER_IP: '2' },
        { rateLimits: { auth: { max: 1000, timeWindow: 60_000 } } },
      );
      const streams: EventStream[] = [];
      try {
        streams.push(await openEventStream(`${base}/api/feed`), await openEventStream(`${base}/api/feed`));
        const third = await openEventStream(`${base}/api/feed`);
        expect(streams.map((stream) => stream.status)).toEqual([200, 200]);
        expect(third.status).toBe(429);
        expect(JSON.parse(await third.body())).toEqual({
          error: { code: 'rate_limited', message: expect.stringMatching(/at most 2.*close another tab/) },
        });
        streams[0]!.close();
        // The server hears of the close when the socket goes; until then the place is taken.
        let again = await openEventStream(`${base}/api/feed`);
        for (let attempt = 0; again.status !== 200 && attempt < 50; attempt += 1) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          again = await openEventStream(`${base}/api/feed`);
        }
        streams.push(again);
        expect(again.status).toBe(200);
      } finally {
        for (const stream of streams) stream.close();
        await api.close();
      }
    },
    SETUP_TIMEOUT,
  );

  it(
    'caps the streams of the instance with a 503 and Retry-After, whatever the address',
    async () => {
      const { api, base } = await feedApi({ FEED_CONNECTIONS: '1' });
      const streams: EventStream[] = [];
      try {
        streams.push(await openEventStream(`${base}/api/feed`), await openEventStream(`${base}/api/feed`));
        expect(streams.map((stream) => stream.status)).toEqual([200, 503]);
        expect(streams[1]!.headers['retry-after']).toBe('30');
        expect(JSON.parse(await streams[1]!.body())).toEqual({
          error: { code: 'unavailable', message: 'The live feed is full on this server: retry in a minute.' },
        });
      } finally {
        for (const stream of streams) stream.close();
        await api.close();
      }
    },
    SETUP_TIMEOUT,
  );

  it('drops a client that does not read once its buffer passes the bound; it resumes by Last-Event-ID', async () => {
    const logs: { msg?: string; why?: string }[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(JSON.parse(chunk.toString()) as { msg?: string });
        done();
      },
    });
    const { api, base } = await feedApi(
      { FEED_CLIENT_BUFFER_BYTES: String(64 * 1024) },
      {},
      { logger: { level: 'info', stream: logStream } },
    );
    const dropped = () =>
      logs.filter((line) => line.msg?.startsWith('live feed client dropped')).map((line) => line.why);
    try {
      const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
      const LOTS = 16 * 1024 * 1024;
      let received = 0;
      let grew: () => void = () => undefined;
      const outcome = Promise.race([
        new Promise<string>((resolve) => socket.once('close', () => resolve('cut off'))),
        new Promise<string>((resolve) => (grew = () => resolve(`received over ${LOTS} bytes`))),
      ]);
      socket.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > LOTS) grew();
      });
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write('GET /api/feed HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n');
      // Reads the head, then stops reading: what follows piles up in the kernel's buffers, then the server's.
      await new Promise<void>((resolve) => socket.once('data', () => resolve()));
      socket.pause();
      // Events of 8 KiB, 100 at a time, until the server drops the client (at most 32 MB: far more
      // than the kernel's buffers on both sides hold).
      const big = 'x'.repeat(8 * 1024);
      let last = 0;
      for (let batch = 0; batch < 40 && dropped().length === 0; batch += 1) {
        const rows = rowsOf<{ id: number }>(
          await api.db.execute(sql`
            with inserted as (
              insert into feed_events (kind, payload)
              select 'pull', jsonb_build_object('figure', jsonb_build_object('id', 1, 'slug', 'x', 'name', ${big}::text, 'rarity', 'common', 'seriesName', 's'), 'boxName', null, 'drawId', null, 'price', null)
              from generate_series(1, 100) returning id)
            select id, pg_notify(${FEED_CHANNEL}, id::text) from inserted`),
        );
        last = Number(rows.at(-1)!.id);
        await eventually(
          async () => dropped(),
          (why) => why.length > 0,
          100,
        );
      }
      expect(dropped()).toEqual(['more than 65536 bytes waited to be read']);
      socket.resume();
      expect(await outcome).toBe('cut off');
      // Resuming from an id it had: the events after it.
      const resumed = await openEventStream(`${base}/api/feed`, { 'last-event-id': String(last - 1) });
      await resumed.until((s) => ids(s).includes(last));
      expect(ids(resumed)).toEqual([last]);
      resumed.close();
    } finally {
      await api.close();
    }
  }, 120_000);
});

describe('closing the API with live feed streams open', () => {
  it(
    'ends the streams at once (the browser reconnects elsewhere) and does not wait for them',
    async () => {
      const logs: { msg?: string }[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          logs.push(JSON.parse(chunk.toString()) as { msg?: string });
          done();
        },
      });
      const { api, base } = await feedApi({}, {}, { logger: { level: 'info', stream } });
      const feeds = [await openEventStream(`${base}/api/feed`), await openEventStream(`${base}/api/feed`)];
      await Promise.all(feeds.map((feed) => feed.until((s) => s.frames.length > 0)));
      await api.close();
      await Promise.all(feeds.map((feed) => feed.closed));
      expect(feeds.map((feed) => feed.ended)).toEqual([true, true]);
      expect(logs.filter((line) => line.msg?.startsWith('closing')).map((line) => line.msg)).toEqual([]);
    },
    SETUP_TIMEOUT,
  );
});
