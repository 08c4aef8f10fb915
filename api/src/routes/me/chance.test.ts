/**
 * The rules an account sets for mystery boxes, through the API as a visitor (or someone bypassing
 * the pages) calls it: the age gate, spending limits with their cool-off, a break, and reminders.
 * Each refusal is tried with a direct call to POST /api/orders, the only way a box is bought.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ChanceControls, Order } from '@arttoy/shared/contracts/api';
import { signInTestUser, type TestUser } from '../../test/auth-emulator';
import { buildTestApi, SETUP_TIMEOUT, startApiBeside, type TestApi } from '../../test/helper';
import { giveItems, listItem, member } from '../../test/market';
import { bearer, expectStatus, postOrder, seedBoxId } from '../../test/purchase';

describe('chance purchases: age, limits, cool-off, break, reminders', () => {
  let api: TestApi;
  let boxId: number;
  let otherBoxId: number;
  let thirdBoxId: number;
  const price = new Map<number, number>();

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user: TestUser, payload?: object) =>
    api.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });
  const controls = async (user: TestUser) =>
    expectStatus(await call('GET', '/api/me/limits', user), 200).json<ChanceControls>();
  const confirm = async (user: TestUser, dateOfBirth = '1990-06-15') =>
    expectStatus(await call('PUT', '/api/me/age', user, { dateOfBirth }), 200).json<ChanceControls>();
  const setLimits = async (
    user: TestUser,
    limits: Partial<Record<'day' | 'week' | 'month', number | null>>,
    timeZone = 'UTC',
  ) =>
    call('PUT', '/api/me/limits', user, {
      timeZone,
      currency: 'USD',
      day: null,
      week: null,
      month: null,
      ...limits,
    });
  /** An adult account with nothing bought yet. */
  const adult = async (label: string) => {
    const user = await signInTestUser(label);
    await confirm(user);
    return user;
  };
  const period = (state: ChanceControls, name: 'day' | 'week' | 'month') =>
    state.limits.find((entry) => entry.period === name)!;
  /** A date `years` and `months` before today (UTC), YYYY-MM-DD, on the 15th. */
  const yearsAgo = (years: number, months = 0) => {
    const now = new Date();
    const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth() - months, 15));
    return date.toISOString().slice(0, 10);
  };

  beforeAll(async () => {
    // The settings' rules (minimum age 18), not the test helpers' default that takes accounts as of age.
    api = await buildTestApi({ orderSweepIntervalMs: 0, chanceRules: {} });
    boxId = await seedBoxId(api, 'moonlit-forest-blind-box');
    otherBoxId = await seedBoxId(api, 'cloud-bakery-blind-box');
    thirdBoxId = await seedBoxId(api, 'pastel-picnic-blind-box');
    const rows = await api.db.execute(
      sql`select id, price_minor from box_models where id in (${boxId}, ${otherBoxId}, ${thirdBoxId})`,
    );
    for (const row of (rows as unknown as { rows: { id: number; price_minor: number }[] }).rows)
      price.set(Number(row.id), Number(row.price_minor));
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('refuses a box order from an account that never confirmed its date of birth (attack: a direct call)', async () => {
    const user = await signInTestUser('chance-no-dob');
    const refused = await postOrder(api, user, { boxModelId: boxId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ reason: 'age_unconfirmed', details: { minAge: 18 } });
    expect((await controls(user)).age).toEqual({
      minAge: 18,
      birthMonth: null,
      ofAge: false,
      ofAgeFrom: null,
    });
    await confirm(user);
    expect((await postOrder(api, user, { boxModelId: boxId })).statusCode).toBe(201);
  });

  it('keeps only the year and month of the date of birth, confirmed once', async () => {
    const user = await signInTestUser('chance-once');
    const state = await confirm(user, '1991-02-28');
    expect(state.age).toMatchObject({ birthMonth: '1991-02', ofAge: true });
    const [row] = (
      (await api.db
        .execute(sql`select birth_month::text as month from chance_controls c join users u on u.id = c.user_id
        where u.firebase_uid = ${user.uid}`)) as unknown as { rows: { month: string }[] }
    ).rows;
    expect(row?.month).toBe('1991-02-01');
    // A second confirmation (a younger date, say) is refused and changes nothing.
    const again = await call('PUT', '/api/me/age', user, { dateOfBirth: '2015-01-01' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      reason: 'age_already_confirmed',
      details: { birthMonth: '1991-02' },
    });
    expect((await controls(user)).age.birthMonth).toBe('1991-02');
  });

  it('validates the date of birth: a real date, in the past, within 120 years', async () => {
    const user = await signInTestUser('chance-bad-dob');
    for (const dateOfBirth of ['1990-02-30', '15/06/1990', yearsAgo(-1), '1850-01-01', ''])
      expect((await call('PUT', '/api/me/age', user, { dateOfBirth })).statusCode).toBe(400);
    expect((await controls(user)).age.birthMonth).toBeNull();
  });

  it('refuses under the minimum age until the first day of the month after the birthday month', async () => {
    const young = await signInTestUser('chance-young');
    await confirm(young, yearsAgo(18));
    const refused = await postOrder(api, young, { boxModelId: boxId });
    expect(refused.statusCode).toBe(403);
    const now = new Date();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
      .toISOString()
      .slice(0, 10);
    expect(refused.json().error).toMatchObject({
      reason: 'under_age',
      details: { minAge: 18, ofAgeFrom: from },
    });
    expect((await controls(young)).age).toMatchObject({ ofAge: false, ofAgeFrom: from });
    const older = await signInTestUser('chance-just-of-age');
    await confirm(older, yearsAgo(18, 1));
    expect((await postOrder(api, older, { boxModelId: boxId })).statusCode).toBe(201);
  });

  it('refuses an order that would pass a limit, saying what is left and when the period starts again', async () => {
    const user = await adult('chance-daily');
    const limit = price.get(boxId)! + price.get(otherBoxId)! - 1;
    expectStatus(await setLimits(user, { day: limit }, 'Asia/Tokyo'), 200);
    expect((await postOrder(api, user, { boxModelId: boxId })).statusCode).toBe(201);
    const refused = await postOrder(api, user, { boxModelId: otherBoxId });
    expect(refused.statusCode).toBe(409);
    const { error } = refused.json();
    expect(error).toMatchObject({
      reason: 'spending_limit',
      details: {
        period: 'day',
        limitMinor: limit,
        spentMinor: price.get(boxId),
        leftMinor: limit - price.get(boxId)!,
        priceMinor: price.get(otherBoxId),
        currency: 'USD',
      },
    });
    // The day starts again at midnight in Tokyo.
    const resets = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', timeStyle: 'medium' }).format(
      new Date(error.details.resetsAt),
    );
    expect(resets).toBe('00:00:00');
    expect(Date.parse(error.details.resetsAt) - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    const state = await controls(user);
    expect(period(state, 'day')).toMatchObject({
      limitMinor: limit,
      spentMinor: price.get(boxId),
      pending: null,
    });
    expect(period(state, 'week')).toMatchObject({
      limitMinor: null,
      spentMinor: price.get(boxId),
      leftMinor: null,
    });
  });

  it('counts orders in the period of the account’s time zone: one placed before local midnight is yesterday’s', async () => {
    const user = await adult('chance-zone');
    const limit = Math.max(price.get(boxId)!, price.get(otherBoxId)!);
    expectStatus(await setLimits(user, { day: limit }, 'America/Los_Angeles'), 200);
    const order = expectStatus(await postOrder(api, user, { boxModelId: boxId }), 201).json<Order>();
    expect(period(await controls(user), 'day').spentMinor).toBe(price.get(boxId));
    expect((await postOrder(api, user, { boxModelId: otherBoxId })).statusCode).toBe(409);
    await api.db
      .execute(sql`update orders set created_at = date_trunc('day', now() at time zone 'America/Los_Angeles')
      at time zone 'America/Los_Angeles' - interval '1 second' where order_sn = ${order.orderSn}`);
    expect(period(await controls(user), 'day').spentMinor).toBe(0);
    expect((await postOrder(api, user, { boxModelId: otherBoxId })).statusCode).toBe(201);
  });

  it('lowers a limit at once, raises it only after 24 hours (attack: ordering before the cool-off ends)', async () => {
    const user = await adult('chance-cool-off');
    expectStatus(await setLimits(user, { day: 100_000 }), 200);
    const lowered = expectStatus(await setLimits(user, { day: 100 }), 200).json<ChanceControls>();
    expect(period(lowered, 'day')).toMatchObject({ limitMinor: 100, pending: null });
    const raised = expectStatus(await setLimits(user, { day: 100_000 }), 200).json<ChanceControls>();
    const { pending } = period(raised, 'day');
    expect(period(raised, 'day').limitMinor).toBe(100);
    expect(pending?.limitMinor).toBe(100_000);
    const wait = Date.parse(pending!.appliesAt) - Date.now();
    expect(wait).toBeGreaterThan(23 * 3_600_000);
    expect(wait).toBeLessThanOrEqual(24 * 3_600_000);
    // Asking for the same raise again does not restart its clock; removing the limit is a raise too.
    expect(period(expectStatus(await setLimits(user, { day: 100_000 }), 200).json(), 'day').pending).toEqual(
      pending,
    );
    const removal = period(expectStatus(await setLimits(user, { day: null }), 200).json(), 'day');
    expect(removal).toMatchObject({ limitMinor: 100, pending: { limitMinor: null } });
    expectStatus(await setLimits(user, { day: 100_000 }), 200);
    const early = await postOrder(api, user, { boxModelId: boxId });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({
      reason: 'spending_limit',
      details: { period: 'day', limitMinor: 100 },
    });
    // The cool-off ends (its time moved to the past, as 24 hours would).
    await api.db.execute(sql`update chance_controls set day_next_at = now() - interval '1 second'
      where user_id = (select id from users where firebase_uid = ${user.uid})`);
    expect(period(await controls(user), 'day')).toMatchObject({ limitMinor: 100_000, pending: null });
    expect((await postOrder(api, user, { boxModelId: boxId })).statusCode).toBe(201);
  });

  it('validates limits: an IANA time zone, whole amounts, a currency; one currency while limits are set', async () => {
    const user = await adult('chance-bad-limits');
    for (const timeZone of ['Mars/Olympus', '+05:00', 'EST5EDT;drop', ''])
      expect((await setLimits(user, {}, timeZone)).statusCode).toBe(400);
    for (const day of [-1, 1.5, 2_000_000_000]) expect((await setLimits(user, { day })).statusCode).toBe(400);
    expectStatus(await setLimits(user, { week: 5_000 }), 200);
    const other = await call('PUT', '/api/me/limits', user, {
      timeZone: 'UTC',
      currency: 'EUR',
      day: null,
      week: 5_000,
      month: null,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toMatchObject({
      reason: 'limit_currency_change',
      details: { currency: 'USD' },
    });
  });

  it('refuses box orders during a break that cannot be shortened, and keeps the market and the locker open', async () => {
    const buyer = await member(api, 'chance-break', null);
    await confirm(buyer.user);
    const held = expectStatus(await postOrder(api, buyer.user, { boxModelId: boxId }), 201).json<Order>();
    const state = expectStatus(
      await call('POST', '/api/me/break', buyer.user, { length: '7d' }),
      200,
    ).json<ChanceControls>();
    const until = Date.parse(state.breakUntil!);
    expect(until - Date.now()).toBeGreaterThan(7 * 24 * 3_600_000 - 60_000);
    // The box held before the break is given back: it cannot be paid during the break.
    const order = expectStatus(
      await call('GET', `/api/orders/${held.orderSn}`, buyer.user),
      200,
    ).json<Order>();
    expect(order.status).toBe('cancelled');
    const refused = await postOrder(api, buyer.user, { boxModelId: otherBoxId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      reason: 'on_break',
      details: { breakUntil: state.breakUntil },
    });
    // Shorter: the break stays as it was; longer: it is extended. No route ends it.
    const shorter = expectStatus(
      await call('POST', '/api/me/break', buyer.user, { length: '24h' }),
      200,
    ).json<ChanceControls>();
    expect(shorter.breakUntil).toBe(state.breakUntil);
    const longer = expectStatus(
      await call('POST', '/api/me/break', buyer.user, { length: '6m' }),
      200,
    ).json<ChanceControls>();
    expect(Date.parse(longer.breakUntil!)).toBeGreaterThan(until + 100 * 24 * 3_600_000);
    expect((await call('DELETE', '/api/me/break', buyer.user)).statusCode).toBe(404);
    expect((await call('POST', '/api/me/break', buyer.user, { length: '1h' })).statusCode).toBe(400);
    // Raising limits or anything else does not end it either.
    expectStatus(await setLimits(buyer.user, {}), 200);
    expect((await postOrder(api, buyer.user, { boxModelId: otherBoxId })).statusCode).toBe(403);
    // The market and the locker: a listing of a known figure is bought, the locker is read.
    const seller = await member(api, 'chance-break-seller', 'break_seller');
    const [itemId] = await giveItems(api, seller.id, ['cloud-bakery-mochi-bunny']);
    const listingId = await listItem(api, itemId!, 1_500);
    const listingOrder = await api.app.inject({
      method: 'POST',
      url: `/api/listings/${listingId}/orders`,
      headers: { ...bearer(buyer.user), 'idempotency-key': 'break-listing-1' },
    });
    expect(listingOrder.statusCode).toBe(201);
    expect((await call('GET', '/api/locker', buyer.user)).statusCode).toBe(200);
  });

  describe('with reminders after 2 boxes and a minimum age for listings', () => {
    let beside: FastifyInstance;
    beforeAll(async () => {
      beside = await startApiBeside(api, {
        orderSweepIntervalMs: 0,
        chanceRules: { reminderAfterBoxes: 2, minAgeListings: 18 },
      });
    }, SETUP_TIMEOUT);
    afterAll(() => beside?.close());

    it('counts the boxes of the session: orders no more than 30 minutes apart', async () => {
      const user = await adult('chance-session');
      const read = async () =>
        expectStatus(
          await beside.inject({ method: 'GET', url: '/api/me/limits', headers: bearer(user) }),
          200,
        ).json<ChanceControls>().reminder;
      expect(await read()).toEqual({ afterBoxes: 2, sessionBoxes: 0, sessionStartedAt: null });
      const first = expectStatus(await postOrder(api, user, { boxModelId: boxId }), 201).json<Order>();
      expectStatus(await postOrder(api, user, { boxModelId: otherBoxId }), 201);
      expect((await read()).sessionBoxes).toBe(2);
      // An order more than 30 minutes before the next one belongs to an earlier session.
      await api.db.execute(
        sql`update orders set created_at = now() - interval '31 minutes' where order_sn = ${first.orderSn}`,
      );
      expect((await read()).sessionBoxes).toBe(1);
      // Reminders are off by default.
      expect((await controls(user)).reminder.afterBoxes).toBeNull();
    });

    it('asks for the age before a listing only where MIN_AGE_LISTINGS says so', async () => {
      const user = await signInTestUser('chance-listing-age');
      const listing = await beside.inject({
        method: 'POST',
        url: '/api/listings/1/orders',
        headers: { ...bearer(user), 'idempotency-key': 'listing-age-1' },
      });
      expect(listing.statusCode).toBe(403);
      expect(listing.json().error).toMatchObject({ reason: 'age_unconfirmed', details: { minAge: 18 } });
    });
  });
});
