import type { LockerItem, ShipRequest } from '@arttoy/shared/contracts/api';
import { markShipped } from '../../domain/ship-requests';
import { signInTestUser, type TestUser } from '../../test/auth-emulator';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import { bearer, seedBoxId, buyBox, expectStatus, payShipOut } from '../../test/purchase';
import { testAddress as address } from '../../test/address';

describe('locker ship-out: request, cancel until shipped, owners only', () => {
  let api: TestApi;
  let alice: TestUser;
  let bob: TestUser;
  let items: number[];

  const get = (url: string, user?: TestUser) => api.app.inject({ method: 'GET', url, headers: bearer(user) });
  const request = (user: TestUser | undefined, body: object) =>
    api.app.inject({
      method: 'POST',
      url: '/api/locker/ship-requests',
      headers: bearer(user),
      payload: body,
    });
  const cancel = (user: TestUser | undefined, id: number) =>
    api.app.inject({ method: 'DELETE', url: `/api/locker/ship-requests/${id}`, headers: bearer(user) });
  const status = async (id: number) => (await get(`/api/locker/${id}`, alice)).json<LockerItem>().status;

  beforeAll(async () => {
    api = await buildTestApi({ orderSweepIntervalMs: 0 });
    [alice, bob] = [await signInTestUser('alice'), await signInTestUser('bob')];
    const boxId = await seedBoxId(api, 'night-market-blind-box');
    items = [];
    for (let index = 0; index < 3; index += 1)
      items.push((await buyBox(api, alice, boxId)).draw.lockerItemId);
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('validates the address: every field named, phone required, the country an assigned ISO code', async () => {
    const { phone: _phone, ...withoutPhone } = address;
    const noPhone = await request(alice, { itemIds: [items[0]], address: withoutPhone });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().error.details.issues[0].field).toBe('body.address.phone');
    const badCountry = await request(alice, {
      itemIds: [items[0]],
      address: { ...address, country: 'England' },
    });
    expect(badCountry.json().error.message).toMatch(
      /address.country: must be a two-letter ISO 3166-1 country code/,
    );
    for (const country of ['ZZ', 'XX', 'UK']) {
      const unknown = await request(alice, { itemIds: [items[0]], address: { ...address, country } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toMatchObject({
        code: 'invalid_request',
        details: { issues: [expect.objectContaining({ field: 'body.address.country' })] },
        message: expect.stringMatching(/address.country: is not a country/),
      });
    }
    expect((await request(alice, { itemIds: [], address })).statusCode).toBe(400);
    expect((await request(alice, { itemIds: [items[0], items[0]], address })).statusCode).toBe(400);
  });

  it('moves items to ship_requested, refuses them twice, and puts them back on cancel', async () => {
    const created = expectStatus(
      await request(alice, { itemIds: [items[0], items[1]], address }),
      201,
    ).json<ShipRequest>();
    expect(created).toMatchObject({
      status: 'awaiting_payment',
      itemIds: [items[0], items[1]],
      address,
      shippedAt: null,
      cancelledAt: null,
      carrier: null,
      trackingNumber: null,
    });
    expect(await status(items[0] ?? 0)).toBe('ship_requested');
    expect((await get(`/api/locker/${items[0]}`, alice)).json<LockerItem>()).toMatchObject({
      shipRequestId: created.id,
      shipRequestedAt: expect.any(String),
    });

    const again = await request(alice, { itemIds: [items[1], items[2]], address });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(
      new RegExp(`Item ${items[1]} \\(ship requested\\) cannot be shipped`),
    );
    expect(await status(items[2] ?? 0)).toBe('in_locker');

    const cancelled = expectStatus(await cancel(alice, created.id), 200).json<ShipRequest>();
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelledAt: expect.any(String),
      itemIds: [items[0], items[1]],
    });
    expect(await status(items[0] ?? 0)).toBe('in_locker');
    expect((await get(`/api/locker/${items[0]}`, alice)).json<LockerItem>()).toMatchObject({
      shipRequestId: null,
      shipRequestedAt: null,
    });
    expect(expectStatus(await cancel(alice, created.id), 200).json<ShipRequest>().status).toBe('cancelled');
  });

  it('cannot cancel once shipped', async () => {
    const created = expectStatus(
      await request(alice, { itemIds: [items[2]], address }),
      201,
    ).json<ShipRequest>();
    await payShipOut(api, alice, created);
    await markShipped(api.db, created.id, { trackingNumber: 'RM123456789GB', carrier: 'Royal Mail' });
    expect(await status(items[2] ?? 0)).toBe('shipped');
    const refused = await cancel(alice, created.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/already shipped/);
    const list = (await get('/api/locker/ship-requests', alice)).json<{ items: ShipRequest[] }>();
    expect(list.items.map((item) => item.status)).toEqual(['shipped', 'cancelled']);
    expect(list.items[0]).toMatchObject({
      carrier: 'Royal Mail',
      trackingNumber: 'RM123456789GB',
      shippedAt: expect.any(String),
    });
  });

  it('records the fee of the shared table for the destination and the number of figures, whatever the client thinks', async () => {
    const toUs = expectStatus(
      await request(alice, {
        itemIds: [items[1]],
        address: { ...address, country: 'US' },
        fee: { amountMinor: 1, currency: 'USD' },
      }),
      201,
    ).json<ShipRequest>();
    expect(toUs.fee).toEqual({ amountMinor: 599, currency: 'USD' });
    expectStatus(await cancel(alice, toUs.id), 200);
    const toGb = expectStatus(
      await request(alice, { itemIds: [items[1]], address }),
      201,
    ).json<ShipRequest>();
    expect(toGb.fee).toEqual({ amountMinor: 1499, currency: 'USD' });
    expect(
      (await get('/api/locker/ship-requests', alice)).json<{ items: ShipRequest[] }>().items[0],
    ).toMatchObject({ id: toGb.id, fee: { amountMinor: 1499, currency: 'USD' } });
    expectStatus(await cancel(alice, toGb.id), 200);
  });

  it('marks shipped only with a valid carrier and tracking number, refusing with a 400 that names them', async () => {
    const created = expectStatus(
      await request(alice, { itemIds: [items[1]], address }),
      201,
    ).json<ShipRequest>();
    await expect(
      markShipped(api.db, created.id, { trackingNumber: '12', carrier: 'UPS' }),
    ).rejects.toMatchObject({ statusCode: 400, details: { issues: [{ field: 'trackingNumber' }] } });
    await expect(
      markShipped(api.db, created.id, { trackingNumber: '1Z999AA10123456784', carrier: '' }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/carrier must be 2 to 40/) });
    expect(await status(items[1] ?? 0)).toBe('ship_requested');
    expectStatus(await cancel(alice, created.id), 200);
  });

  it('lets nobody else see or touch them', async () => {
    const created = expectStatus(
      await request(alice, { itemIds: [items[0]], address }),
      201,
    ).json<ShipRequest>();
    expect((await request(bob, { itemIds: [items[1]], address })).statusCode).toBe(404);
    expect((await cancel(bob, created.id)).statusCode).toBe(404);
    expect((await get('/api/locker/ship-requests', bob)).json()).toEqual({ items: [] });
    expect((await request(undefined, { itemIds: [items[1]], address })).statusCode).toBe(401);
    expect((await cancel(undefined, created.id)).statusCode).toBe(401);
    expect(await status(items[0] ?? 0)).toBe('ship_requested');
  });
});
