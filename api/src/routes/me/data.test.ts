import type {
  ApiErrorBody,
  Balance,
  ExportJob,
  ExportRequested,
  FeedEvent,
  ItemHistory,
  Me,
} from '@arttoy/shared/contracts/api';
import { eq, sql } from 'drizzle-orm';
import {
  draws,
  exportJobs,
  handleReservations,
  ledgerEntries,
  orders,
  payments,
  savedAddresses,
  chanceControls,
  serverSeeds,
  users,
} from '../../db/schema';
import { deletedUidMark, userOf } from '../../domain/users';
import { emulatorHasUser, signInTestUsers, type TestUser } from '../../test/auth-emulator';
import { eventually } from '../../test/eventually';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import { buyListing, chooseHandle, listItem, PAYOUT_TO, pullFigure } from '../../test/market';
import { bearer, buyBox, expectStatus, orderBox, seedBoxId } from '../../test/purchase';
import { testAddress } from '../../test/address';

describe("a visitor's data: export (POST /api/me/exports) and deletion (DELETE /api/me)", () => {
  let api: TestApi;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let erin: TestUser;
  const run = Date.now().toString(36).slice(-6);

  beforeAll(async () => {
    // No polling: exports are made when asked for, and tests wait for the job's state.
    api = await buildTestApi({
      orderSweepIntervalMs: 0,
      reconcilePayments: false,
      dataExport: { pollMs: 0 },
    });
    [alice, bob, carol, dave, erin] = await signInTestUsers('data', run, [
      'alice',
      'bob',
      'carol',
      'dave',
      'erin',
    ]);
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  const get = (user: TestUser | undefined, url: string) =>
    api.app.inject({ method: 'GET', url, headers: bearer(user) });
  const me = async (user: TestUser) => expectStatus(await get(user, '/api/me'), 200).json<Me>();
  const askExport = async (user: TestUser) =>
    expectStatus(
      await api.app.inject({ method: 'POST', url: '/api/me/exports', headers: bearer(user) }),
      202,
    ).json<ExportRequested>();
  const ready = (user: TestUser, id: number) =>
    eventually(
      async () => expectStatus(await get(user, `/api/me/exports/${id}`), 200).json<ExportJob>(),
      (job) => job.status === 'ready',
    );
  const download = (user: TestUser | undefined, token: string, format: 'json' | 'html' = 'json') =>
    get(user, `/api/me/exports/download/${token}?format=${format}`);
  const deleteMe = (user: TestUser, confirm: string) =>
    api.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(user), payload: { confirm } });
  const reasonOf = (body: string) => (JSON.parse(body) as ApiErrorBody).error.reason;

  describe('the export', () => {
    let requested: ExportRequested;

    beforeAll(async () => {
      await chooseHandle(api, alice, `alice_${run}`);
      expectStatus(
        await api.app.inject({
          method: 'POST',
          url: '/api/me/addresses',
          headers: bearer(alice),
          payload: { address: testAddress },
        }),
        201,
      );
      await buyBox(api, alice, await seedBoxId(api, 'night-market-blind-box'));
      expectStatus(
        await api.app.inject({
          method: 'PUT',
          url: '/api/me/limits',
          headers: bearer(alice),
          payload: { timeZone: 'Europe/London', currency: 'USD', day: 5_000, week: null, month: null },
        }),
        200,
      );
      requested = await askExport(alice);
    }, SETUP_TIMEOUT);

    it('is a job, made within moments, whose link token is random and kept only as a hash', async () => {
      expect(requested.job.status).toBe('requested');
      expect(requested.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const job = await ready(alice, requested.job.id);
      expect(job).toMatchObject({ status: 'ready', formatsLeft: ['json', 'html'] });
      expect(Date.parse(job.expiresAt ?? '')).toBeGreaterThan(Date.parse(job.readyAt ?? ''));
      const [row] = await api.db.select().from(exportJobs).where(eq(exportJobs.id, requested.job.id));
      expect(row?.tokenHash).not.toContain(requested.token);
      expect(row?.runs).toBe(1);
    });

    it('holds the account, orders, payments, draws with proofs, locker and addresses, and no card data or provider secrets', async () => {
      await ready(alice, requested.job.id);
      const response = await download(alice, requested.token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toContain('attachment');
      expect(response.headers['cache-control']).toBe('private, no-store');
      const data = response.json<Record<string, unknown[]> & { account: Me }>();
      expect(data.account).toMatchObject({ email: alice.email, handle: `alice_${run}` });
      expect(data.addresses).toEqual([
        expect.objectContaining({ address: expect.objectContaining({ line1: testAddress.line1 }) }),
      ]);
      expect(data.orders).toHaveLength(1);
      expect(data.payments).toEqual([expect.objectContaining({ provider: 'sandbox', status: 'captured' })]);
      expect(data.draws).toEqual([
        expect.objectContaining({
          serverSeedHash: expect.any(String),
          nonce: 0,
          oddsLines: expect.any(Array),
        }),
      ]);
      expect(data.locker).toHaveLength(1);
      expect(data.chanceControls).toMatchObject({ timeZone: 'Europe/London', dayMinor: 5_000 });
      for (const part of ['listings', 'sales', 'ledger', 'payouts', 'shipOuts', 'fairSeeds'])
        expect(data).toHaveProperty(part);

      const { id } = await me(alice);
      const [payment] = await api.db
        .select()
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(orders.userId, id));
      const [seed] = await api.db.select().from(serverSeeds).where(eq(serverSeeds.userId, id));
      // Provider tokens, idempotency keys and the seed not yet revealed are nowhere in the file.
      for (const secret of [
        payment?.payments.idempotencyKey,
        payment?.payments.providerOrderId,
        payment?.orders.idempotencyKey,
        seed?.seed,
      ])
        expect(response.body).not.toContain(String(secret));
      expect(response.body).not.toMatch(/vaultToken|idempotencyKey|approvalUrl|firebaseUid/);
    });

    it('gives each file once: the HTML summary too, then 409 export_link_used', async () => {
      const again = await download(alice, requested.token);
      expect(again.statusCode).toBe(409);
      expect(reasonOf(again.body)).toBe('export_link_used');

      const html = await download(alice, requested.token, 'html');
      expect(html.statusCode).toBe(200);
      expect(html.headers['content-type']).toMatch(/^text\/html/);
      expect(html.body).toContain('<h2>Orders (1)</h2>');
      expect(html.body).not.toContain('<script');
      expect(reasonOf((await download(alice, requested.token, 'html')).body)).toBe('export_link_used');
      expect((await get(alice, `/api/me/exports/${requested.job.id}`)).json<ExportJob>().formatsLeft).toEqual(
        [],
      );
    });

    it("refuses someone else's link (404, as for a made-up one) and a link without sign-in (401)", async () => {
      const fresh = await askExport(alice);
      await ready(alice, fresh.job.id);
      const stolen = await download(bob, fresh.token);
      expect(stolen.statusCode).toBe(404);
      expect(stolen.body).not.toContain(alice.email);
      expect((await download(bob, 'A'.repeat(43))).statusCode).toBe(404);
      expect((await download(undefined, fresh.token)).statusCode).toBe(401);
      expect((await get(bob, `/api/me/exports/${fresh.job.id}`)).statusCode).toBe(404);
      // The owner's link still works: the attempts took nothing.
      expect((await download(alice, fresh.token)).statusCode).toBe(200);
    });

    it('expires: past its time the link answers 409 export_link_expired and the files are deleted', async () => {
      const fresh = await askExport(alice);
      await ready(alice, fresh.job.id);
      await api.db
        .update(exportJobs)
        .set({ expiresAt: sql`now() - interval '1 second'`, readyAt: sql`now() - interval '2 seconds'` })
        .where(eq(exportJobs.id, fresh.job.id));
      const late = await download(alice, fresh.token);
      expect(late.statusCode).toBe(409);
      expect(reasonOf(late.body)).toBe('export_link_expired');
      // The worker's next round (any request starts one) marks it expired and deletes the files.
      await askExport(bob);
      const row = await eventually(
        async () => (await api.db.select().from(exportJobs).where(eq(exportJobs.id, fresh.job.id)))[0],
        (job) => job?.status === 'expired',
      );
      expect(row).toMatchObject({ status: 'expired', jsonBody: null, htmlBody: null });
      expect(reasonOf((await download(alice, fresh.token, 'html')).body)).toBe('export_link_expired');
    });

    it('a new request replaces the earlier link', async () => {
      const first = await askExport(bob);
      const second = await askExport(bob);
      await ready(bob, second.job.id);
      expect((await download(bob, first.token)).statusCode).toBe(404);
      expect((await download(bob, second.token)).statusCode).toBe(200);
    });
  });

  describe('the deletion', () => {
    it('is refused while money or items are on their way, with what to do first (409 account_busy)', async () => {
      await chooseHandle(api, carol, `carol_${run}`);
      const { itemId } = await pullFigure(api, carol);
      await listItem(api, itemId, 2_500);
      await orderBox(api, carol, await seedBoxId(api, 'night-market-blind-box'));
      const response = await deleteMe(carol, `carol_${run}`);
      expect(response.statusCode).toBe(409);
      const { error } = response.json<ApiErrorBody>();
      expect(error.reason).toBe('account_busy');
      const items = (error.details as { items: { kind: string; count: number; todo: string }[] }).items;
      expect(items.map((item) => [item.kind, item.count])).toEqual([
        ['unpaid_orders', 1],
        ['open_listings', 1],
      ]);
      expect(items.every((item) => item.todo.length > 10)).toBe(true);
      // Nothing was erased.
      expect((await me(carol)).handle).toBe(`carol_${run}`);
      expect(await emulatorHasUser(carol.uid)).toBe(true);
    });

    it('needs the second confirmation: the handle (or the phrase without one), else 400', async () => {
      const wrong = await deleteMe(carol, 'carol');
      expect(wrong.statusCode).toBe(400);
      expect(reasonOf(wrong.body)).toBe('account_delete_unconfirmed');
      expect((await me(carol)).handle).toBe(`carol_${run}`);
    });

    it('erases the personal data, keeps orders and ledger under a pseudonym, reserves the handle, shows the old name nowhere, deletes the Firebase user and refuses the token', async () => {
      const handle = `dave_${run}`;
      await chooseHandle(api, dave, handle);
      expectStatus(
        await api.app.inject({
          method: 'PUT',
          url: '/api/me/feed-visibility',
          headers: bearer(dave),
          payload: { visible: true },
        }),
        200,
      );
      expectStatus(
        await api.app.inject({
          method: 'POST',
          url: '/api/me/addresses',
          headers: bearer(dave),
          payload: { address: testAddress },
        }),
        201,
      );
      expectStatus(
        await api.app.inject({
          method: 'PUT',
          url: '/api/me/limits',
          headers: bearer(dave),
          payload: { timeZone: 'Asia/Tokyo', currency: 'USD', day: null, week: 20_000, month: null },
        }),
        200,
      );
      // Dave pulls a figure and sells it to Erin on the market, then asks for his balance.
      const { itemId } = await pullFigure(api, dave);
      const listingId = await listItem(api, itemId, 3_000);
      expect((await buyListing(api, erin, listingId)).result).toBeDefined();
      const balance = expectStatus(await get(dave, '/api/me/balance'), 200).json<Balance>();
      expectStatus(
        await api.app.inject({
          method: 'POST',
          url: '/api/me/payouts',
          headers: bearer(dave),
          payload: { amountMinor: balance.balance.amountMinor, destination: PAYOUT_TO },
        }),
        201,
      );
      const { id } = await me(dave);
      const feedBefore = JSON.stringify((await get(undefined, '/api/feed/recent')).json());
      expect(feedBefore).toContain(handle);

      const response = await deleteMe(dave, handle.toUpperCase());
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ deleted: true });

      // The row stays as a pseudonym, its personal data gone.
      const [row] = await api.db.select().from(users).where(eq(users.id, id));
      expect(row).toMatchObject({ email: null, displayName: null, handle: null, feedVisible: false });
      expect(row?.pseudonym).toMatch(/^member-[0-9a-f]{16}$/);
      expect(row?.firebaseUid).toBe(deletedUidMark(dave.uid));
      expect(row?.firebaseUid).not.toContain(dave.uid);
      expect(await api.db.select().from(savedAddresses).where(eq(savedAddresses.userId, id))).toEqual([]);
      expect(await api.db.select().from(chanceControls).where(eq(chanceControls.userId, id))).toEqual([]);
      expect(
        (await api.db.select().from(draws).where(eq(draws.userId, id))).map((draw) => draw.clientSeed),
      ).toEqual(['erased']);
      // What accounting keeps: the orders and the ledger, tied to the pseudonym's row.
      expect((await api.db.select().from(orders).where(eq(orders.userId, id))).length).toBe(1);
      expect(
        (await api.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, id)))
          .map((entry) => entry.kind)
          .toSorted(),
      ).toEqual(['fee', 'payout', 'sale']);
      // The handle is kept HANDLE_CHANGE_DAYS for the deleted account: nobody else takes it meanwhile.
      const [kept] = await api.db
        .select()
        .from(handleReservations)
        .where(eq(handleReservations.handle, handle));
      expect(kept?.userId).toBe(id);
      const taken = await api.app.inject({
        method: 'PUT',
        url: '/api/me/handle',
        headers: bearer(bob),
        payload: { handle },
      });
      expect(taken.statusCode).toBe(409);
      expect(reasonOf(taken.body)).toBe('handle_reserved');

      // Nowhere shows the old name: the live room, the item's history (its pull and its sale).
      expect(
        JSON.stringify((await get(undefined, '/api/feed/recent')).json<{ items: FeedEvent[] }>()),
      ).not.toContain(handle);
      const history = expectStatus(await get(erin, `/api/locker/${itemId}/history`), 200).json<ItemHistory>();
      expect(history.pull?.handle).toBeNull();
      expect(history.transfers.map((transfer) => transfer.fromHandle)).toEqual([null]);
      expect(JSON.stringify(history)).not.toContain(handle);

      // The Firebase user is gone, and the old token is refused.
      expect(await emulatorHasUser(dave.uid)).toBe(false);
      expect(await emulatorHasUser(erin.uid)).toBe(true);
      expect((await get(dave, '/api/me')).statusCode).toBe(401);
      expect((await get(dave, '/api/locker')).statusCode).toBe(401);
      // Even where the token is still trusted (verified before, on another instance), no new account is made for it.
      await expect(
        userOf(api.db, { uid: dave.uid, email: dave.email, displayName: null }),
      ).rejects.toMatchObject({
        statusCode: 401,
        reason: 'account_deleted',
      });
    });

    it("a buyer's deletion leaves the seller's ledger without the buyer's name", async () => {
      const seller = `sell_${run}`;
      const buyer = `buy_${run}`;
      const [sam, ben] = await signInTestUsers('data-ledger', run, ['sam', 'ben']);
      await chooseHandle(api, sam, seller);
      await chooseHandle(api, ben, buyer);
      const { itemId } = await pullFigure(api, sam);
      await buyListing(api, ben, await listItem(api, itemId, 2_000));
      const before = expectStatus(await get(sam, '/api/me/balance'), 200).json<Balance>();
      expect(JSON.stringify(before.entries)).toContain(buyer);
      expectStatus(await deleteMe(ben, buyer), 200);
      const after = expectStatus(await get(sam, '/api/me/balance'), 200).json<Balance>();
      expect(after.entries).toHaveLength(before.entries.length);
      expect(JSON.stringify(after.entries)).not.toContain(buyer);
    });

    it('a deleted account cannot be deleted again, nor export', async () => {
      const [frank] = await signInTestUsers('data-again', run, ['frank']);
      await me(frank);
      expectStatus(await deleteMe(frank, 'delete my account'), 200);
      expect((await deleteMe(frank, 'delete my account')).statusCode).toBe(401);
      expect(
        (await api.app.inject({ method: 'POST', url: '/api/me/exports', headers: bearer(frank) })).statusCode,
      ).toBe(401);
    });
  });
});
