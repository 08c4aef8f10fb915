import { eq, inArray } from 'drizzle-orm';
import {
  type LockerItem,
  LISTING_PRICE_MAX_MINOR,
  LISTING_PRICE_MIN_MINOR,
  MAX_OPEN_LISTINGS,
  marketFeeMinor,
  type MyListing,
} from '@arttoy/shared/contracts/api';
import { listings, lockerItems } from '../../db/schema';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import { giveItems, type Member, member, orderOf, statusesOf } from '../../test/market';
import { bearer } from '../../test/purchase';
import { plainAddress } from '../../test/address';

const BUNNY = 'cloud-bakery-mochi-bunny';

describe('listings: a seller lists, reprices and withdraws items of their locker', () => {
  let api: TestApi;
  let alice: Member;
  let bob: Member;
  let carol: Member;

  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, who?: Member, payload?: object) =>
    api.app.inject({ method, url, headers: bearer(who?.user), payload });
  const list = (who: Member | undefined, lockerItemId: number, priceMinor = 2_500) =>
    send('POST', '/api/listings', who, { lockerItemId, priceMinor });
  const mine = async (who: Member) =>
    (await api.app.inject({ method: 'GET', url: '/api/me/listings', headers: bearer(who.user) })).json<{
      items: MyListing[];
    }>().items;
  const error = (response: { json: () => unknown }) =>
    (response.json() as { error: { code: string; message: string; details?: Record<string, unknown> } })
      .error;

  beforeAll(async () => {
    api = await buildTestApi();
    [alice, bob, carol] = [
      await member(api, 'alice', 'alice'),
      await member(api, 'bob', 'bob'),
      await member(api, 'carol', null),
    ];
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('lists an item of my locker: 201 with its fee and proceeds, and the item is listed', async () => {
    const [itemId] = await giveItems(api, alice.id, [BUNNY]);
    const response = await list(alice, itemId!, 2_500);
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const listing = response.json<MyListing>();
    expect(listing).toMatchObject({
      status: 'open',
      lockerItemId: itemId,
      figure: { slug: BUNNY },
      series: { slug: 'cloud-bakery' },
      price: { amountMinor: 2_500, currency: 'USD' },
      fee: { amountMinor: marketFeeMinor(2_500), currency: 'USD' },
      proceeds: { amountMinor: 2_500 - marketFeeMinor(2_500), currency: 'USD' },
      reserved: false,
      closedAt: null,
    });
    const item = (
      await api.app.inject({ method: 'GET', url: `/api/locker/${itemId}`, headers: bearer(alice.user) })
    ).json<LockerItem>();
    expect(item).toMatchObject({ status: 'listed', listingId: listing.id });
  });

  it('refuses to list an item twice, naming its listing', async () => {
    const [itemId] = await giveItems(api, alice.id, [BUNNY]);
    const first = (await list(alice, itemId!)).json<MyListing>();
    const again = await list(alice, itemId!);
    expect(again.statusCode).toBe(409);
    expect(error(again).details).toEqual({ status: 'listed' });
    expect(error(again).message).toContain(`listing ${first.id}`);
  });

  it('refuses an item being shipped with 409 naming its status', async () => {
    const [itemId] = await giveItems(api, alice.id, [BUNNY]);
    await api.db
      .update(lockerItems)
      .set({
        status: 'ship_requested',
        shipAddress: plainAddress,
        shipRequestedAt: new Date(),
      })
      .where(eq(lockerItems.id, itemId!));
    const response = await list(alice, itemId!);
    expect(response.statusCode).toBe(409);
    expect(error(response).details).toEqual({ status: 'ship_requested' });
    expect(error(response).message).toMatch(/being shipped.*cancel the ship request/);
  });

  it("answers another user's item, or one that does not exist, with 404", async () => {
    const [bobsItem] = await giveItems(api, bob.id, [BUNNY]);
    for (const itemId of [bobsItem!, 999_999_999]) {
      const response = await list(alice, itemId);
      expect(response.statusCode).toBe(404);
      expect(error(response).code).toBe('not_found');
    }
    expect((await statusesOf(api, [bobsItem!])).get(bobsItem!)).toBe('in_locker');
  });

  it('needs a handle first, and says where to choose one', async () => {
    const [itemId] = await giveItems(api, carol.id, [BUNNY]);
    const response = await list(carol, itemId!);
    expect(response.statusCode).toBe(409);
    expect(error(response).details).toEqual({ reason: 'handle_required' });
    expect(error(response).message).toContain('/profile');
    expect((await statusesOf(api, [itemId!])).get(itemId!)).toBe('in_locker');
  });

  it.each([
    ['below the minimum', LISTING_PRICE_MIN_MINOR - 1],
    ['above the maximum', LISTING_PRICE_MAX_MINOR + 1],
    ['not whole', 250.5],
  ])('refuses a price %s with 400 naming the field', async (_what, priceMinor) => {
    const [itemId] = await giveItems(api, alice.id, [BUNNY]);
    const response = await list(alice, itemId!, priceMinor);
    expect(response.statusCode).toBe(400);
    expect(error(response).details?.issues).toEqual([expect.objectContaining({ field: 'body.priceMinor' })]);
  });

  it('needs sign-in for every change', async () => {
    expect((await list(undefined, 1)).statusCode).toBe(401);
    expect((await send('PATCH', '/api/listings/1', undefined, { priceMinor: 500 })).statusCode).toBe(401);
    expect((await send('DELETE', '/api/listings/1')).statusCode).toBe(401);
  });

  it('caps open listings per account; withdrawn ones do not count', async () => {
    const dave = await member(api, 'dave', 'dave');
    const items = await giveItems(
      api,
      dave.id,
      Array.from({ length: MAX_OPEN_LISTINGS + 1 }, () => BUNNY),
    );
    const figureId = (await api.db.select().from(lockerItems).where(eq(lockerItems.id, items[0]!)))[0]!
      .figureId;
    await api.db
      .update(lockerItems)
      .set({ status: 'listed' })
      .where(inArray(lockerItems.id, items.slice(1)));
    await api.db.insert(listings).values(
      items.slice(1).map((lockerItemId) => ({
        lockerItemId,
        sellerId: dave.id,
        figureId,
        priceMinor: 1_000,
        currency: 'USD',
      })),
    );
    const refused = await list(dave, items[0]!);
    expect(refused.statusCode).toBe(409);
    expect(error(refused).details).toEqual({ reason: 'too_many_listings', max: MAX_OPEN_LISTINGS });
    const withdrawn = await send('DELETE', `/api/listings/${(await mine(dave))[0]!.id}`, dave);
    expect(withdrawn.statusCode).toBe(200);
    expect((await list(dave, items[0]!)).statusCode).toBe(201);
  });

  it('turns the one-open-listing-per-item index into a 409 should a listing exist beside an unlisted item', async () => {
    const [itemId] = await giveItems(api, alice.id, [BUNNY]);
    const [item] = await api.db.select().from(lockerItems).where(eq(lockerItems.id, itemId!));
    await api.db.insert(listings).values({
      lockerItemId: itemId!,
      sellerId: alice.id,
      figureId: item!.figureId,
      priceMinor: 1_000,
      currency: 'USD',
    });
    const response = await list(alice, itemId!);
    expect(response.statusCode).toBe(409);
    expect(error(response).message).toContain('already listed');
    expect((await statusesOf(api, [itemId!])).get(itemId!)).toBe('in_locker');
  });

  it('gives one listing of two (or more) listings of one item at once', async () => {
    const [itemId] = await giveItems(api, alice.id, [BUNNY]);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => list(alice, itemId!, 1_000 + index)),
    );
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([
      201, 409, 409, 409, 409, 409, 409, 409,
    ]);
    const rows = await api.db.select().from(listings).where(eq(listings.lockerItemId, itemId!));
    expect(rows).toHaveLength(1);
    expect((await statusesOf(api, [itemId!])).get(itemId!)).toBe('listed');
  });

  describe('reprice and withdraw', () => {
    const open = async (who: Member = alice, priceMinor = 2_000) => {
      const [itemId] = await giveItems(api, who.id, [BUNNY]);
      return (await list(who, itemId!, priceMinor)).json<MyListing>();
    };

    it('reprices my open listing, with the fee and proceeds of the new price', async () => {
      const listing = await open();
      const response = await send('PATCH', `/api/listings/${listing.id}`, alice, { priceMinor: 4_321 });
      expect(response.statusCode).toBe(200);
      expect(response.json<MyListing>()).toMatchObject({
        id: listing.id,
        status: 'open',
        price: { amountMinor: 4_321 },
        fee: { amountMinor: marketFeeMinor(4_321) },
        proceeds: { amountMinor: 4_321 - marketFeeMinor(4_321) },
      });
      expect((await send('PATCH', `/api/listings/${listing.id}`, alice, { priceMinor: 50 })).statusCode).toBe(
        400,
      );
    });

    it('withdraws my open listing: closed, and its item back in my locker', async () => {
      const listing = await open();
      const response = await send('DELETE', `/api/listings/${listing.id}`, alice);
      expect(response.statusCode).toBe(200);
      const withdrawn = response.json<MyListing>();
      expect(withdrawn).toMatchObject({ id: listing.id, status: 'withdrawn', reserved: false });
      expect(withdrawn.closedAt).toEqual(expect.any(String));
      expect((await statusesOf(api, [listing.lockerItemId])).get(listing.lockerItemId)).toBe('in_locker');
      // Closed now: neither changes again, and the item can be listed anew.
      for (const again of [
        await send('DELETE', `/api/listings/${listing.id}`, alice),
        await send('PATCH', `/api/listings/${listing.id}`, alice, { priceMinor: 900 }),
      ]) {
        expect(again.statusCode).toBe(409);
        expect(error(again).details).toEqual({ status: 'withdrawn' });
      }
      expect((await list(alice, listing.lockerItemId)).statusCode).toBe(201);
    });

    it("answers another user's listing, or one that does not exist, with 404 and leaves it as it was", async () => {
      const listing = await open(bob);
      for (const id of [listing.id, 999_999_999]) {
        expect((await send('PATCH', `/api/listings/${id}`, alice, { priceMinor: 900 })).statusCode).toBe(404);
        expect((await send('DELETE', `/api/listings/${id}`, alice)).statusCode).toBe(404);
      }
      expect((await mine(bob)).find((item) => item.id === listing.id)).toMatchObject({
        status: 'open',
        price: { amountMinor: 2_000 },
      });
    });

    it.each(['pending_payment', 'paid'] as const)(
      "refuses both while a buyer's %s order holds it, and shows it reserved",
      async (state) => {
        const listing = await open();
        await orderOf(api.db, bob.id, listing.id, state);
        for (const response of [
          await send('PATCH', `/api/listings/${listing.id}`, alice, { priceMinor: 900 }),
          await send('DELETE', `/api/listings/${listing.id}`, alice),
        ]) {
          expect(response.statusCode).toBe(409);
          expect(error(response).details).toEqual({ status: 'open', reason: 'reserved' });
          expect(error(response).message).toMatch(/buyer's order holds/);
        }
        expect((await mine(alice)).find((item) => item.id === listing.id)).toMatchObject({
          status: 'open',
          reserved: true,
          price: { amountMinor: 2_000 },
        });
      },
    );

    it('lets an unpaid order past its time hold nothing, swept or not', async () => {
      const listing = await open();
      await orderOf(api.db, bob.id, listing.id, 'expired_hold');
      expect((await mine(alice)).find((item) => item.id === listing.id)?.reserved).toBe(false);
      expect(
        (await send('PATCH', `/api/listings/${listing.id}`, alice, { priceMinor: 900 })).statusCode,
      ).toBe(200);
      expect((await send('DELETE', `/api/listings/${listing.id}`, alice)).statusCode).toBe(200);
    });
  });

  it('GET /api/me/listings: my open listings newest first, then my closed ones, no one else’s', async () => {
    const erin = await member(api, 'erin', 'erin');
    const items = await giveItems(api, erin.id, [BUNNY, BUNNY, BUNNY]);
    const ids: number[] = [];
    for (const itemId of items) ids.push((await list(erin, itemId, 1_500)).json<MyListing>().id);
    await send('DELETE', `/api/listings/${ids[1]}`, erin);
    const response = await api.app.inject({
      method: 'GET',
      url: '/api/me/listings',
      headers: bearer(erin.user),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const listed = response.json<{ items: MyListing[] }>().items;
    expect(listed.map((item) => [item.id, item.status])).toEqual([
      [ids[2], 'open'],
      [ids[0], 'open'],
      [ids[1], 'withdrawn'],
    ]);
    expect(listed[0]).toMatchObject({
      fee: { amountMinor: marketFeeMinor(1_500) },
      proceeds: { amountMinor: 1_500 - marketFeeMinor(1_500) },
    });
    expect((await api.app.inject({ method: 'GET', url: '/api/me/listings' })).statusCode).toBe(401);
  });
});
