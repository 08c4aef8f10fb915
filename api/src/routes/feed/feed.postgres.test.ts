/**
 * The live feed on two API processes sharing one PostgreSQL database: an event committed through
 * either reaches the streams of both (its NOTIFY is heard by each instance's LISTEN connection).
 * PostgreSQL only: jest runs this file in `npm run test:pg -w api`.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { eq } from 'drizzle-orm';
import type { CaptureResult, FeedEvent, Order, StartPaymentResult } from '@arttoy/shared/contracts/api';
import { boxModels, figures, users } from '../../db/schema';
import { recordFeedEvent } from '../../domain/feed/record';
import { type ApiProcess, request, startApiProcess } from '../../test/api-process';
import { signInTestUser } from '../../test/auth-emulator';
import { type EventStream, eventsOf, openEventStream } from '../../test/event-stream';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';

describe('the live feed on two API instances', () => {
  let database: TestDatabase;
  let instances: [ApiProcess, ApiProcess];
  const streams: EventStream[] = [];
  const agent = new http.Agent({ keepAlive: true });

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { DATABASE_URL: database.url };
    instances = (await Promise.all([
      startApiProcess('src/server.ts', env),
      startApiProcess('src/server.ts', env),
    ])) as [ApiProcess, ApiProcess];
  }, 120_000);
  afterAll(async () => {
    for (const stream of streams) stream.close();
    agent.destroy();
    await Promise.all((instances ?? []).map((instance) => instance.stop()));
    await database?.dispose();
  });

  const openBoth = async () => {
    const opened = await Promise.all(
      instances.map((instance) => openEventStream(`${instance.base}/api/feed`)),
    );
    streams.push(...opened);
    // Connected: the retry hint has arrived, so what follows is live.
    await Promise.all(opened.map((stream) => stream.until((s) => s.frames.length > 0)));
    return opened;
  };
  const idsOf = (stream: EventStream) => eventsOf<FeedEvent>(stream).map((event) => event.id);

  it('delivers a pull bought through one instance on both', async () => {
    const [first] = instances;
    const feeds = await openBoth();
    const buyer = await signInTestUser('feed-instances');
    const headers = { authorization: `Bearer ${buyer.idToken}`, 'content-type': 'application/json' };
    const post = (url: string, body: object, extra: Record<string, string> = {}) =>
      request(agent, `${first.base}${url}`, {
        method: 'POST',
        headers: { ...headers, ...extra },
        body: JSON.stringify(body),
      });
    const [box] = await database.database.db
      .select({ id: boxModels.id })
      .from(boxModels)
      .where(eq(boxModels.slug, 'skate-spirits-blind-box'));
    // Boxes are sold to accounts that confirmed their age (routes/me/chance.ts).
    const confirmed = await request(agent, `${first.base}/api/me/age`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ dateOfBirth: '1990-01-15' }),
    });
    expect(confirmed.status).toBe(200);
    const ordered = await post('/api/orders', { boxModelId: box!.id }, { 'idempotency-key': randomUUID() });
    expect(ordered.status).toBe(201);
    const order = JSON.parse(ordered.body) as Order;
    const started = JSON.parse(
      (await post(`/api/orders/${order.orderSn}/payments`, { provider: 'sandbox' })).body,
    ) as StartPaymentResult;
    const token = started.payment.token ?? '';
    await request(agent, `${first.base}/api/payments/sandbox/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, action: 'approve' }).toString(),
    });
    const captured = await post('/api/payments/capture', { token });
    expect(captured.status).toBe(200);
    // The buyer did not let the live room show them: their pull names no draw, so it is found by its moment.
    const draw = (JSON.parse(captured.body) as CaptureResult).draw;

    const isTheDraw = (stream: EventStream) =>
      eventsOf<FeedEvent>(stream).some(
        (event) =>
          event.kind === 'pull' &&
          event.figure.id === draw?.figure.id &&
          event.drawPublicId === null &&
          Date.parse(event.at) >= Date.parse(draw.createdAt) - 5_000,
      );
    await Promise.all(feeds.map((feed) => feed.until(isTheDraw)));
    expect(feeds.map(isTheDraw)).toEqual([true, true]);
  }, 60_000);

  it('delivers events written beside them, each once and in order, on both', async () => {
    const db = database.database.db;
    const feeds = await openBoth();
    const [user] = await db
      .insert(users)
      .values({ firebaseUid: `feed-beside-${randomUUID()}` })
      .returning({ id: users.id });
    const [figure] = await db.select({ id: figures.id }).from(figures).limit(1);
    const written: number[] = [];
    for (let index = 0; index < 5; index += 1)
      written.push(
        await db.transaction((tx) =>
          recordFeedEvent(tx, { kind: 'pull', userId: user!.id, figureId: figure!.id }),
        ),
      );
    const last = written.at(-1)!;
    await Promise.all(feeds.map((feed) => feed.until((s) => idsOf(s).includes(last))));
    for (const feed of feeds) expect(idsOf(feed).filter((id) => written.includes(id))).toEqual(written);
  }, 60_000);
});
