/**
 * Access control over every user-owned resource: orders, payments, captures, draws, locker items,
 * ship-out requests, fairness seeds and saved payment methods. Another signed-in user gets 404 and
 * changes nothing (the owner's rows are compared before and after); a signed-out visitor and every
 * kind of bad ID token get 401 with a message. (The token cases on GET /api/me alone are in
 * routes/me/index.test.ts; here they are tried on every owned route.)
 */
import type { SavedAddress, ShipRequest } from '@arttoy/shared/contracts/api';
import { asc, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import {
  draws,
  lockerItems,
  orders,
  paymentMethods,
  payments,
  sandboxCheckouts,
  savedAddresses,
  serverSeeds,
  shipRequests,
  users,
} from '../db/schema';
import {
  decodeClaims,
  disableUser,
  idTokenClaims,
  selfSignedToken,
  signInTestUser,
  type TestUser,
  unsignedToken,
} from '../test/auth-emulator';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../test/helper';
import {
  bearer,
  buyBox,
  decideOnSandboxPage,
  expectStatus,
  orderBox,
  seedBoxId,
  startPayment,
} from '../test/purchase';
import { testAddress as address } from '../test/address';

interface Owned {
  fulfilledSn: string;
  pendingSn: string;
  /** A payment the owner approved on the sandbox page but has not captured yet. */
  approvedToken: string;
  drawId: number;
  lockerItemId: number;
  shipRequestId: number;
  /** The payment method the owner saved with their first purchase. */
  methodId: number;
  /** An address of the owner's address book. */
  addressId: number;
}

/** One request per owned route, aimed at the owner's resources. `lists` answer 200 with the caller's own (empty) data. */
function routes(owned: Owned): { name: string; request: InjectOptions; list?: boolean }[] {
  return [
    { name: 'list orders', request: { method: 'GET', url: '/api/orders' }, list: true },
    { name: 'get order', request: { method: 'GET', url: `/api/orders/${owned.fulfilledSn}` } },
    { name: 'cancel order', request: { method: 'POST', url: `/api/orders/${owned.pendingSn}/cancel` } },
    {
      name: 'start payment',
      request: {
        method: 'POST',
        url: `/api/orders/${owned.pendingSn}/payments`,
        payload: { provider: 'sandbox' },
      },
    },
    {
      name: 'capture',
      request: { method: 'POST', url: '/api/payments/capture', payload: { token: owned.approvedToken } },
    },
    { name: 'list draws', request: { method: 'GET', url: '/api/draws' }, list: true },
    { name: 'get draw', request: { method: 'GET', url: `/api/draws/${owned.drawId}` } },
    { name: 'list locker', request: { method: 'GET', url: '/api/locker' }, list: true },
    { name: 'get locker item', request: { method: 'GET', url: `/api/locker/${owned.lockerItemId}` } },
    {
      name: 'create ship request',
      request: {
        method: 'POST',
        url: '/api/locker/ship-requests',
        payload: { itemIds: [owned.lockerItemId], address },
      },
    },
    { name: 'list ship requests', request: { method: 'GET', url: '/api/locker/ship-requests' }, list: true },
    {
      name: 'cancel ship request',
      request: { method: 'DELETE', url: `/api/locker/ship-requests/${owned.shipRequestId}` },
    },
    { name: 'fairness', request: { method: 'GET', url: '/api/me/fairness' }, list: true },
    {
      name: 'client seed',
      request: { method: 'PUT', url: '/api/me/client-seed', payload: { clientSeed: 'mallory-was-here' } },
      list: true,
    },
    { name: 'rotate seed', request: { method: 'POST', url: '/api/me/server-seed/rotate' }, list: true },
    { name: 'payment methods', request: { method: 'GET', url: '/api/me/payment-methods' }, list: true },
    {
      name: 'remove payment method',
      request: { method: 'DELETE', url: `/api/me/payment-methods/${owned.methodId}` },
    },
    {
      name: 'handle',
      request: { method: 'PUT', url: '/api/me/handle', payload: { handle: 'mallory_was_here' } },
      list: true,
    },
    { name: 'addresses', request: { method: 'GET', url: '/api/me/addresses' }, list: true },
    { name: 'remove address', request: { method: 'DELETE', url: `/api/me/addresses/${owned.addressId}` } },
  ];
}

describe('access control on every user-owned route', () => {
  let api: TestApi;
  let alice: TestUser;
  let bob: TestUser;
  let aliceId: number;
  let owned: Owned;

  const send = (request: InjectOptions, authorization?: string) =>
    api.app.inject({
      ...request,
      headers: { ...request.headers, ...(authorization ? { authorization } : {}) },
    });

  /** Every row that belongs to the owner, in a stable order: what an attack must leave untouched. */
  async function ownerRows(): Promise<unknown> {
    const orderRows = await api.db
      .select()
      .from(orders)
      .where(eq(orders.userId, aliceId))
      .orderBy(asc(orders.id));
    const orderIds = orderRows.map((row) => row.id);
    const paymentRows = await api.db
      .select()
      .from(payments)
      .where(inArray(payments.orderId, orderIds))
      .orderBy(asc(payments.id));
    return {
      user: await api.db.select().from(users).where(eq(users.id, aliceId)),
      orders: orderRows,
      payments: paymentRows,
      checkouts: await api.db
        .select()
        .from(sandboxCheckouts)
        .where(
          inArray(
            sandboxCheckouts.reference,
            orderRows.map((row) => row.orderSn),
          ),
        )
        .orderBy(asc(sandboxCheckouts.id)),
      draws: await api.db.select().from(draws).where(eq(draws.userId, aliceId)).orderBy(asc(draws.id)),
      locker: await api.db
        .select()
        .from(lockerItems)
        .where(eq(lockerItems.userId, aliceId))
        .orderBy(asc(lockerItems.id)),
      shipRequests: await api.db
        .select()
        .from(shipRequests)
        .where(eq(shipRequests.userId, aliceId))
        .orderBy(asc(shipRequests.id)),
      seeds: await api.db
        .select()
        .from(serverSeeds)
        .where(eq(serverSeeds.userId, aliceId))
        .orderBy(asc(serverSeeds.id)),
      methods: await api.db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.userId, aliceId))
        .orderBy(asc(paymentMethods.id)),
      addresses: await api.db
        .select()
        .from(savedAddresses)
        .where(eq(savedAddresses.userId, aliceId))
        .orderBy(asc(savedAddresses.id)),
    };
  }

  beforeAll(async () => {
    api = await buildTestApi({ orderSweepIntervalMs: 0 });
    [alice, bob] = [await signInTestUser('alice'), await signInTestUser('bob')];
    const boxId = await seedBoxId(api, 'night-market-blind-box');
    const bought = await buyBox(api, alice, boxId, { provider: 'sandbox', saveMethod: true });
    const second = await buyBox(api, alice, boxId);
    const shipped = expectStatus(
      await api.app.inject({
        method: 'POST',
        url: '/api/locker/ship-requests',
        headers: bearer(alice),
        payload: { itemIds: [second.draw.lockerItemId], address },
      }),
      201,
    ).json<ShipRequest>();
    const approved = await orderBox(api, alice, boxId);
    const payment = await startPayment(api, alice, approved.orderSn);
    await decideOnSandboxPage(api, payment.payment.token ?? '', 'approve');
    // Another box: an unpaid order of alice's for this one would be resumed, not made anew.
    const pending = await orderBox(api, alice, await seedBoxId(api, 'moonlit-forest-blind-box'));
    const saved = expectStatus(
      await api.app.inject({
        method: 'POST',
        url: '/api/me/addresses',
        headers: bearer(alice),
        payload: { address },
      }),
      201,
    ).json<SavedAddress>();
    owned = {
      fulfilledSn: bought.order.orderSn,
      pendingSn: pending.orderSn,
      approvedToken: payment.payment.token ?? '',
      drawId: bought.draw.id,
      lockerItemId: bought.draw.lockerItemId,
      shipRequestId: shipped.id,
      methodId: 0,
      addressId: saved.id,
    };
    const [row] = await api.db.select({ id: users.id }).from(users).where(eq(users.firebaseUid, alice.uid));
    aliceId = row?.id ?? 0;
    const [method] = await api.db
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, aliceId));
    owned.methodId = method?.id ?? 0;
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('gives another signed-in user 404 on each of the owner’s resources, nothing of theirs in lists, and changes none of their rows', async () => {
    const before = await ownerRows();
    for (const route of routes(owned)) {
      const response = await send(route.request, `Bearer ${bob.idToken}`);
      const body = response.body;
      // A list (or the caller's own seeds) answers with the caller's own data; a named resource is not found.
      expect({ route: route.name, status: response.statusCode }).toEqual({
        route: route.name,
        status: route.list ? 200 : 404,
      });
      expect({
        route: route.name,
        explained: route.list || /not found/i.test(response.json().error.message),
      }).toEqual({ route: route.name, explained: true });
      // Nothing that identifies the owner's resources comes back to the other user (beyond what they sent).
      const sent = JSON.stringify(route.request);
      for (const secret of [
        owned.fulfilledSn,
        owned.pendingSn,
        owned.approvedToken,
        alice.uid,
        alice.email,
      ]) {
        expect({ route: route.name, leaked: body.includes(secret) && !sent.includes(secret) }).toEqual({
          route: route.name,
          leaked: false,
        });
      }
    }
    expect(await ownerRows()).toEqual(before);
  });

  it('lists only the caller’s own data: the other user’s lists are empty', async () => {
    const carol = await signInTestUser('carol');
    for (const url of [
      '/api/orders',
      '/api/draws',
      '/api/locker',
      '/api/locker/ship-requests',
      '/api/me/payment-methods',
      '/api/me/addresses',
    ]) {
      const body = expectStatus(await send({ method: 'GET', url }, `Bearer ${carol.idToken}`), 200).json<{
        items: unknown[];
      }>();
      expect({ url, items: body.items }).toEqual({ url, items: [] });
    }
    // The owner still sees everything of theirs: four box orders and the ship-out's fee order.
    expect(
      expectStatus(await send({ method: 'GET', url: '/api/orders' }, `Bearer ${alice.idToken}`), 200).json<{
        items: unknown[];
      }>().items.length,
    ).toBe(5);
  });

  const badTokens: [string, () => Promise<string> | string][] = [
    ['no Authorization header', () => ''],
    ['garbage', () => 'Bearer 0000'],
    ['a JWT of garbage', () => 'Bearer eyJhbGciOiJub25lIn0.e30.'],
    ['a token signed with a forger’s key', () => `Bearer ${selfSignedToken(decodeClaims(alice.idToken))}`],
    [
      'an expired token',
      () => {
        const past = Math.floor(Date.now() / 1000) - 7200;
        return `Bearer ${unsignedToken(idTokenClaims(alice.uid, { iat: past, auth_time: past, exp: past + 3600 }))}`;
      },
    ],
    [
      'a token issued in the future',
      () => {
        const later = Math.floor(Date.now() / 1000) + 7200;
        return `Bearer ${unsignedToken(idTokenClaims(alice.uid, { iat: later, auth_time: later, exp: later + 3600 }))}`;
      },
    ],
    [
      'another project’s audience',
      () => `Bearer ${unsignedToken(idTokenClaims(alice.uid, { aud: 'demo-other' }))}`,
    ],
    [
      'another project’s issuer',
      () =>
        `Bearer ${unsignedToken(idTokenClaims(alice.uid, { iss: 'https://securetoken.google.com/demo-other' }))}`,
    ],
    [
      'a token without a subject',
      () => `Bearer ${unsignedToken(idTokenClaims(alice.uid, { sub: '', user_id: '' }))}`,
    ],
    [
      'a payload tampered to a user who does not exist',
      () => {
        const [header, , signature] = alice.idToken.split('.');
        return `Bearer ${header}.${Buffer.from(JSON.stringify({ ...decodeClaims(alice.idToken), sub: 'mallory', user_id: 'mallory' })).toString('base64url')}.${signature}`;
      },
    ],
    [
      'the token of a disabled account',
      async () => {
        const dave = await signInTestUser('dave');
        await disableUser(dave.uid);
        return `Bearer ${dave.idToken}`;
      },
    ],
  ];

  it.each(badTokens)(
    'answers %s with 401 and a message on every owned route, changing nothing',
    async (_what, makeToken) => {
      const authorization = await makeToken();
      const before = await ownerRows();
      for (const route of routes(owned)) {
        const response = await send(route.request, authorization || undefined);
        expect({ route: route.name, status: response.statusCode }).toEqual({
          route: route.name,
          status: 401,
        });
        const error = response.json<{ error: { code: string; message: string } }>().error;
        expect(['unauthenticated', 'token_expired']).toContain(error.code);
        expect(error.message.length).toBeGreaterThan(20);
      }
      expect(await ownerRows()).toEqual(before);
    },
  );
});
