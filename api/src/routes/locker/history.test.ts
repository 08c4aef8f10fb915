import { eq } from 'drizzle-orm';
import type { ItemHistory } from '@arttoy/shared/contracts/api';
import { boxModels } from '../../db/schema';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import { giveItems, type Member, member, recordSale } from '../../test/market';
import { bearer, type BoxCapture, buyBox, expectStatus, seedBoxId } from '../../test/purchase';

const BOX = 'night-market-blind-box';

describe('an item’s history: its pull, then every sale of it', () => {
  let api: TestApi;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let pulled: BoxCapture;

  const history = (itemId: number, who?: Member) =>
    api.app.inject({ method: 'GET', url: `/api/locker/${itemId}/history`, headers: bearer(who?.user) });

  beforeAll(async () => {
    api = await buildTestApi();
    [alice, bob, carol] = [
      await member(api, 'alice', 'alice_pulls'),
      await member(api, 'bob', 'bob_buys'),
      await member(api, 'carol', null),
    ];
    pulled = await buyBox(api, alice.user, await seedBoxId(api, BOX));
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('shows a pulled item’s draw, with the puller’s handle and no seed while it is in use', async () => {
    const response = await history(pulled.draw.lockerItemId, alice);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const [box] = await api.db
      .select({ name: boxModels.name })
      .from(boxModels)
      .where(eq(boxModels.slug, BOX));
    const { draw } = pulled;
    expect(response.json<ItemHistory>()).toEqual({
      lockerItemId: draw.lockerItemId,
      figure: draw.figure,
      pull: {
        drawPublicId: draw.publicId,
        boxName: box!.name,
        pulledAt: draw.createdAt,
        handle: 'alice_pulls',
        serverSeedHash: draw.serverSeedHash,
        serverSeed: null,
        clientSeed: draw.clientSeed,
        nonce: draw.nonce,
        rollPpm: draw.rollPpm,
      },
      transfers: [],
    });
  });

  it('shows the server seed once rotated out', async () => {
    const rotated = expectStatus(
      await api.app.inject({
        method: 'POST',
        url: '/api/me/server-seed/rotate',
        headers: bearer(alice.user),
      }),
      200,
    ).json<{ revealed: { serverSeed: string; serverSeedHash: string } }>();
    expect(rotated.revealed.serverSeedHash).toBe(pulled.draw.serverSeedHash);
    const { pull } = (await history(pulled.draw.lockerItemId, alice)).json<ItemHistory>();
    expect(pull?.serverSeed).toBe(rotated.revealed.serverSeed);
  });

  it('follows the item to each buyer, with every sale oldest first by handle (null without one); its seller no longer sees it', async () => {
    const itemId = pulled.draw.lockerItemId;
    await recordSale(api, itemId, bob.id, 2_000, 2);
    expect((await history(itemId, bob)).json<ItemHistory>().transfers).toEqual([
      {
        fromHandle: 'alice_pulls',
        toHandle: 'bob_buys',
        price: { amountMinor: 2_000, currency: 'USD' },
        soldAt: expect.any(String),
      },
    ]);
    await recordSale(api, itemId, carol.id, 3_100, 1);
    const response = await history(itemId, carol);
    expect(response.statusCode).toBe(200);
    const item = response.json<ItemHistory>();
    // The pull stays the puller's, whoever holds the item now.
    expect(item.pull).toMatchObject({ drawPublicId: pulled.draw.publicId, handle: 'alice_pulls' });
    expect(item.pull).not.toHaveProperty('drawId');
    expect(item.transfers.map((sale) => [sale.fromHandle, sale.toHandle, sale.price.amountMinor])).toEqual([
      ['alice_pulls', 'bob_buys', 2_000],
      ['bob_buys', null, 3_100],
    ]);
    expect(Date.parse(item.transfers[0]!.soldAt)).toBeLessThan(Date.parse(item.transfers[1]!.soldAt));
    for (const former of [alice, bob]) expect((await history(itemId, former)).statusCode).toBe(404);
  });

  it('has no pull for an item that came from elsewhere', async () => {
    const [itemId] = await giveItems(api, bob.id, ['cloud-bakery-mochi-bunny']);
    expect((await history(itemId!, bob)).json<ItemHistory>()).toMatchObject({
      lockerItemId: itemId,
      figure: { slug: 'cloud-bakery-mochi-bunny' },
      pull: null,
      transfers: [],
    });
  });

  it("answers another user's item or a missing one with 404, needs sign-in, and refuses a malformed id", async () => {
    const [itemId] = await giveItems(api, bob.id, ['cloud-bakery-mochi-bunny']);
    for (const [id, who] of [
      [itemId!, alice],
      [999_999_999, bob],
    ] as const) {
      const response = await history(id, who);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toContain('GET /api/locker');
    }
    expect((await history(itemId!)).statusCode).toBe(401);
    const malformed = await api.app.inject({
      method: 'GET',
      url: '/api/locker/abc/history',
      headers: bearer(bob.user),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.details.issues[0].field).toBe('path.id');
  });
});
