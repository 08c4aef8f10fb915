/**
 * Spending limits under concurrency, across two API instances as real processes (src/server.ts
 * twice) on one PostgreSQL database: fifty box orders of one account sent at once, spread over both,
 * never pass the account's limit, and every other rule holds for them too (age, break). Orders
 * awaiting payment count against the limit, so the held boxes can never all be paid past it.
 * PostgreSQL only: jest runs this file in `npm run test:pg -w api`.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { ChanceControls } from '@arttoy/shared/contracts/api';
import { rowsOf } from '../db/connect';
import { type Answer, type ApiProcess, request, startApiProcess } from '../test/api-process';
import { eventually } from '../test/eventually';
import { lockWaits } from '../test/lock-waits';
import { signInTestUser, type TestUser } from '../test/auth-emulator';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const ORDERS = 50;
/** The ports of the two instances (API_TEST_PORT_BASE to move them). */
const PORT_BASE = Number(process.env.API_TEST_PORT_BASE ?? 27_400);

describe('spending limits on two API instances at once', () => {
  let database: TestDatabase;
  let instances: ApiProcess[];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: `test-${randomUUID()}:`,
      TRUST_PROXY: '1',
    };
    const port = PORT_BASE + randomInt(0, 250) * 2;
    instances = await Promise.all([
      startApiProcess('src/server.ts', { ...env, API_PORT: String(port) }),
      startApiProcess('src/server.ts', { ...env, API_PORT: String(port + 1) }),
    ]);
    // Stock enough for every order: only the account's rules refuse.
    await database.database.db.execute(sql`update box_model_figures set stock = 1000`);
  }, 120_000);
  afterAll(async () => {
    agent.destroy();
    await Promise.all((instances ?? []).map((instance) => instance.stop()));
    await database?.dispose();
  });

  /** A call through instance `index % 2`, from an address of its own (per-IP rate limits). */
  const call = (user: TestUser, index: number, method: string, url: string, body?: object, extra = {}) =>
    request(agent, `${instances[index % 2]!.base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${user.idToken}`,
        'x-forwarded-for': `198.51.${randomBytes(1)[0]}.${index % 250}`,
        'content-type': 'application/json',
        ...extra,
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  it('never lets fifty orders sent at once pass a daily limit', async () => {
    const buyer = await signInTestUser(`limits-storm-${randomUUID()}`);
    expect((await call(buyer, 0, 'PUT', '/api/me/age', { dateOfBirth: '1990-05-20' })).status).toBe(200);
    const boxes = rowsOf<{ id: number; price: number }>(
      await database.database.db.execute(
        sql`select id, price_minor as price from box_models where active order by id`,
      ),
    ).map((box) => ({ id: Number(box.id), price: Number(box.price) }));
    expect(boxes.length).toBeGreaterThanOrEqual(5);
    // Room for a few boxes, far fewer than the account's cap on unpaid orders would let through.
    const limit = boxes.slice(0, 3).reduce((sum, box) => sum + box.price, 0);
    const set = await call(buyer, 1, 'PUT', '/api/me/limits', {
      timeZone: 'Europe/Paris',
      currency: 'USD',
      day: limit,
      week: null,
      month: null,
    });
    expect(set.status).toBe(200);

    // The orders meet at the buyer's row: held here until at least ten of them wait for it at once
    // (the pools of both instances), so their checks of the limit run as close together as they can.
    const db = database.database.db;
    let sent: Promise<Answer[]> = Promise.resolve([]);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from users where firebase_uid = ${buyer.uid} for update`);
      sent = Promise.all(
        Array.from({ length: ORDERS }, (_, index) =>
          call(
            buyer,
            index,
            'POST',
            '/api/orders',
            { boxModelId: boxes[index % boxes.length]!.id },
            { 'idempotency-key': randomUUID() },
          ),
        ),
      );
      await eventually(
        () => lockWaits(db),
        (waiting) => waiting >= 10,
        60_000,
      );
    });
    const answers = await sent;
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    const reasons = answers
      .filter((answer) => answer.status >= 400)
      .map((answer) => (JSON.parse(answer.body) as { error: { reason?: string } }).error.reason);
    expect(reasons.length).toBeGreaterThan(0);
    expect(new Set(reasons)).toEqual(new Set(['spending_limit']));
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(0);

    // What the database holds, not what the answers said: every order placed, paid or awaiting payment.
    const [placed] = rowsOf<{ total: string | number; count: string | number }>(
      await database.database.db
        .execute(sql`select coalesce(sum(o.total_minor), 0) as total, count(*) as count
        from orders o join users u on u.id = o.user_id where u.firebase_uid = ${buyer.uid}`),
    );
    expect(Number(placed?.total)).toBeLessThanOrEqual(limit);
    expect(Number(placed?.count)).toBe(statuses.filter((status) => status === 201).length);
    const state = JSON.parse((await call(buyer, 0, 'GET', '/api/me/limits')).body) as ChanceControls;
    expect(state.limits.find((entry) => entry.period === 'day')?.spentMinor).toBe(Number(placed?.total));
  });

  it('refuses every one of fifty orders at once without a date of birth, or on a break', async () => {
    const unconfirmed = await signInTestUser(`limits-no-dob-${randomUUID()}`);
    const resting = await signInTestUser(`limits-break-${randomUUID()}`);
    expect((await call(resting, 0, 'PUT', '/api/me/age', { dateOfBirth: '1985-11-02' })).status).toBe(200);
    expect((await call(resting, 1, 'POST', '/api/me/break', { length: '24h' })).status).toBe(200);
    const [box] = rowsOf<{ id: number }>(
      await database.database.db.execute(sql`select id from box_models where active order by id limit 1`),
    );
    const storm = (user: TestUser) =>
      Promise.all(
        Array.from({ length: ORDERS / 2 }, (_, index) =>
          call(
            user,
            index,
            'POST',
            '/api/orders',
            { boxModelId: Number(box?.id) },
            {
              'idempotency-key': randomUUID(),
            },
          ),
        ),
      );
    const [first, second] = await Promise.all([storm(unconfirmed), storm(resting)]);
    const reasonsOf = (answers: { status: number; body: string }[]) =>
      new Set(answers.map((answer) => `${answer.status} ${JSON.parse(answer.body).error?.reason}`));
    expect(reasonsOf(first)).toEqual(new Set(['403 age_unconfirmed']));
    expect(reasonsOf(second)).toEqual(new Set(['403 on_break']));
  });
});
