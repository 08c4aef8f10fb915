/**
 * Several API instances on one PostgreSQL database, as real processes (src/server.ts twice, and
 * src/cluster.ts): what must hold across them. PostgreSQL only (the embedded database opens in one
 * process): jest runs this file in `npm run test:pg -w api`, part of `npm test`.
 * Rate limits are shared through Redis at 127.0.0.1:6379 (REDIS_TEST_URL to change it).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import type {
  BoxModelDetail,
  CaptureResult,
  Figure,
  Order,
  StartPaymentResult,
} from '@arttoy/shared/contracts/api';
import { boxModelFigures, boxModels, draws, lockerItems, orders } from '../db/schema';
import { type ApiProcess, request, startApiProcess } from '../test/api-process';
import { signInTestUser, type TestUser } from '../test/auth-emulator';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { eventually } from '../test/eventually';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const UNITS = 5;
const BUYERS = 25;
const ATTEMPTS_PER_BUYER = 8;

/** A client address of this run (behind a proxy: TRUST_PROXY=1 and X-Forwarded-For). */
const clientIp = (n: number) => `198.51.${randomBytes(1)[0]}.${n % 250}`;

describe('two API instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  let instances: ApiProcess[];
  let boxId: number;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const json = <T>(answer: { status: number; body: string }) => JSON.parse(answer.body) as T;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: `test-${randomUUID()}:`,
      TRUST_PROXY: '1',
    };
    instances = await Promise.all([
      startApiProcess('src/server.ts', env),
      startApiProcess('src/server.ts', env),
    ]);
    const [row] = await database.database.db
      .select({ id: boxModels.id })
      .from(boxModels)
      .where(eq(boxModels.slug, 'skate-spirits-blind-box'));
    boxId = row?.id ?? 0;
  }, 120_000);
  afterAll(async () => {
    agent.destroy();
    await Promise.all((instances ?? []).map((instance) => instance.stop()));
    await database?.dispose();
  });

  const box = (instance: ApiProcess) =>
    request(agent, `${instance.base}/api/box-models/${boxId}`).then((answer) => json<BoxModelDetail>(answer));

  it('shows a change made beside them on both, through the change notice', async () => {
    // A figure's answer has no maximum age: it is kept until a notice of a table it reads drops
    // it. Each instance has just cached it; seeing the change at all proves the notice reached
    // both (how soon is the bench's question, not a test's).
    const [first, second] = instances as [ApiProcess, ApiProcess];
    const slug = 'cloud-bakery-croissant-cub';
    const figure = (instance: ApiProcess) =>
      request(agent, `${instance.base}/api/figures/${slug}`).then((answer) => json<Figure>(answer));
    const before = await figure(first);
    expect((await figure(second)).description).toBe(before.description);
    const description = `${before.description} (${randomUUID()})`;
    await database.database.db.execute(
      sql`update figures set description = ${description} where slug = ${slug}`,
    );
    const seen = await Promise.all(
      [first, second].map((instance) =>
        eventually(
          () => figure(instance),
          (value) => value.description === description,
          30_000,
        ),
      ),
    );
    for (const value of seen) expect(value.description).toBe(description);
  });

  it('sells the last units exactly once to a storm of buyers spread over both', async () => {
    const db = database.database.db;
    await db.execute(sql`update box_model_figures set stock = 0 where box_model_id = ${boxId}`);
    await db.execute(
      sql`update box_model_figures set stock = 1 where box_model_id = ${boxId} and figure_id in (select figure_id from box_model_figures where box_model_id = ${boxId} order by figure_id limit ${UNITS})`,
    );
    const buyers: (TestUser & { ip: string })[] = await Promise.all(
      Array.from({ length: BUYERS }, async (_, index) => ({
        ...(await signInTestUser(`storm${index}`)),
        ip: clientIp(index),
      })),
    );
    // Boxes are sold to accounts that confirmed their age (routes/me/chance.ts).
    for (const [index, buyer] of buyers.entries()) {
      const confirmed = await request(agent, `${instances[index % 2]!.base}/api/me/age`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${buyer.idToken}`,
          'x-forwarded-for': buyer.ip,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ dateOfBirth: '1990-01-15' }),
      });
      expect(confirmed.status).toBe(200);
    }
    const statuses: number[] = [];
    const attempt = async (
      buyer: TestUser & { ip: string },
      index: number,
    ): Promise<CaptureResult | null> => {
      const instance = instances[index % 2] as ApiProcess;
      const headers = {
        authorization: `Bearer ${buyer.idToken}`,
        'x-forwarded-for': buyer.ip,
        'content-type': 'application/json',
      };
      const call = async (url: string, body: object, extra: Record<string, string> = {}) => {
        const answer = await request(agent, `${instance.base}${url}`, {
          method: 'POST',
          headers: { ...headers, ...extra },
          body: JSON.stringify(body),
        });
        statuses.push(answer.status);
        return answer;
      };
      const ordered = await call('/api/orders', { boxModelId: boxId }, { 'idempotency-key': randomUUID() });
      if (ordered.status !== 201) return null;
      const order = json<Order>(ordered);
      const started = json<StartPaymentResult>(
        await call(`/api/orders/${order.orderSn}/payments`, { provider: 'sandbox' }),
      );
      const token = started.payment.token ?? '';
      const approve = await request(agent, `${instance.base}/api/payments/sandbox/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': buyer.ip },
        body: new URLSearchParams({ token, action: 'approve' }).toString(),
      });
      statuses.push(approve.status);
      const captured = await call('/api/payments/capture', { token });
      return captured.status === 200 ? json<CaptureResult>(captured) : null;
    };
    const results = await Promise.all(
      buyers.flatMap((buyer, b) =>
        Array.from({ length: ATTEMPTS_PER_BUYER }, (_, a) => attempt(buyer, b * ATTEMPTS_PER_BUYER + a)),
      ),
    );

    const serverErrors = statuses.filter((status) => status >= 500);
    // A 5xx here is a defect of ours: the failure carries what the instances logged as errors (CI keeps no other trace of it).
    if (serverErrors.length > 0) {
      const logged = instances.flatMap((instance) =>
        instance
          .output()
          .split('\n')
          .filter((line) => /"level":(50|60)/.test(line)),
      );
      throw new Error(
        `${serverErrors.length} answers were 5xx (${serverErrors.join(', ')}); the instances logged:\n${logged.join('\n')}`,
      );
    }
    const sold = results.filter((result): result is CaptureResult => result !== null);
    expect(sold).toHaveLength(UNITS);
    const [stock] = await db
      .select({
        left: sql<number>`coalesce(sum(${boxModelFigures.stock}), 0)::int`,
        negative: sql<number>`count(*) filter (where ${boxModelFigures.stock} < 0)::int`,
      })
      .from(boxModelFigures)
      .where(eq(boxModelFigures.boxModelId, boxId));
    expect(stock).toEqual({ left: 0, negative: 0 });
    const paid = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.boxModelId, boxId), eq(orders.status, 'fulfilled')));
    expect(paid).toHaveLength(UNITS);
    const drawRows = await db
      .select({ orderId: draws.orderId, id: draws.id })
      .from(draws)
      .where(eq(draws.boxModelId, boxId));
    expect(drawRows.map((row) => row.orderId).toSorted()).toEqual(paid.map((row) => row.id).toSorted());
    const items = await db
      .select({ drawId: lockerItems.drawId })
      .from(lockerItems)
      .innerJoin(draws, eq(lockerItems.drawId, draws.id))
      .where(eq(draws.boxModelId, boxId));
    expect(items.map((row) => row.drawId).toSorted()).toEqual(drawRows.map((row) => row.id).toSorted());

    // Both instances show the box sold out (the notices drop their kept answers; the test above
    // shows that path on its own).
    for (const instance of instances)
      expect(
        (
          await eventually(
            () => box(instance),
            (value) => value.stock === 0,
            30_000,
          )
        ).stock,
      ).toBe(0);
  }, 180_000);

  it('limits a burst spread over both instances as one', async () => {
    const ip = clientIp(251);
    const statuses = await Promise.all(
      Array.from({ length: 90 }, (_, index) =>
        request(agent, `${(instances[index % 2] as ApiProcess).base}/api/no-such-thing-${index}`, {
          headers: { 'x-forwarded-for': ip },
        }).then((answer) => answer.status),
      ),
    );
    // The unknown-path policy: 60 a minute per client (plugins/security.ts), counted in Redis.
    expect(statuses.filter((status) => status === 404)).toHaveLength(60);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
  });
});

describe('a rolling restart of the API cluster', () => {
  let database: TestDatabase;
  let clusterProcess: ApiProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    clusterProcess = await startApiProcess('src/cluster.ts', {
      DATABASE_URL: database.url,
      API_INSTANCES: '2',
      API_DRAIN_MS: '500',
      LOG_LEVEL: 'info',
    });
    await clusterProcess.waitForOutput(/API instances ready/);
  }, 120_000);
  afterAll(async () => {
    await clusterProcess?.stop();
    await database?.dispose();
  });

  it('answers every request while each instance is replaced in turn', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const before = [...clusterProcess.output().matchAll(/"instance listening","pid":(\d+)/g)].map(
      (match) => match[1],
    );
    const load = { running: true };
    const statuses: number[] = [];
    const failures: string[] = [];
    const client = async (n: number) => {
      for (let i = 0; load.running; i += 1) {
        const url =
          i % 3 === 0
            ? '/api/health'
            : `/api/figures?series=moonlit-forest&pageSize=12&page=${1 + ((n + i) % 2)}`;
        await request(agent, `${clusterProcess.base}${url}`).then(
          (answer) => statuses.push(answer.status),
          (error: Error) => failures.push(`${url}: ${error.message}`),
        );
      }
    };
    const clients = Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    clusterProcess.child.kill('SIGHUP');
    await clusterProcess.waitForOutput(/rolling restart done/, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    load.running = false;
    await clients;
    agent.destroy();

    const after =
      /"rolling restart done","pids":\[([\d,]+)\]/.exec(clusterProcess.output())?.[1]?.split(',') ?? [];
    expect(after).toHaveLength(2);
    for (const pid of after) expect(before).not.toContain(pid);
    expect(failures).toEqual([]);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(statuses.length).toBeGreaterThan(200);
  }, 120_000);
});
