import type { LockerItem } from '@arttoy/shared/contracts/api';
import { figureIdsBySlug } from '../../seed/seed';
import { lockerItems } from '../../db/schema';
import { signInTestUser, type TestUser } from '../../test/auth-emulator';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import { plainAddress } from '../../test/address';

describe('locker: every item is its owner’s only', () => {
  let api: TestApi;
  let alice: TestUser;
  let bob: TestUser;
  let aliceItemIds: number[];

  const get = (url: string, user?: TestUser) =>
    api.app.inject({ method: 'GET', url, headers: user ? { authorization: `Bearer ${user.idToken}` } : {} });

  beforeAll(async () => {
    api = await buildTestApi();
    [alice, bob] = [await signInTestUser('alice'), await signInTestUser('bob')];
    const [aliceMe, bobMe] = [await get('/api/me', alice), await get('/api/me', bob)];
    for (const response of [aliceMe, bobMe])
      if (response.statusCode !== 200)
        throw new Error(`GET /api/me failed: ${response.statusCode} ${response.body}`);
    const aliceId = aliceMe.json<{ id: number }>().id;
    const figures = await figureIdsBySlug(api.db, [
      'cloud-bakery-mochi-bunny',
      'tin-guardians-chrome-commander',
    ]);
    const rows = await api.db
      .insert(lockerItems)
      .values([
        { userId: aliceId, figureId: figures.get('cloud-bakery-mochi-bunny') ?? 0 },
        {
          userId: aliceId,
          figureId: figures.get('tin-guardians-chrome-commander') ?? 0,
          status: 'ship_requested',
          shipAddress: plainAddress,
          shipRequestedAt: new Date(),
        },
      ])
      .returning({ id: lockerItems.id });
    aliceItemIds = rows.map((row) => row.id);
  }, SETUP_TIMEOUT);
  // `api` is unset if its setup failed; the database must still go.
  afterAll(() => api?.close());

  it('lists the signed-in user’s items, newest first, with their figures', async () => {
    const response = await get('/api/locker', alice);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { items } = response.json<{ items: LockerItem[] }>();
    expect(items.map((item) => item.id).toSorted()).toEqual([...aliceItemIds].toSorted());
    const shipping = items.find((item) => item.status === 'ship_requested');
    expect(shipping).toMatchObject({
      figure: { slug: 'tin-guardians-chrome-commander', rarity: 'secret' },
      series: { slug: 'tin-guardians' },
      shippedAt: null,
    });
    expect(shipping?.shipRequestedAt).toEqual(expect.any(String));
  });

  it('shows another user nothing of it', async () => {
    expect((await get('/api/locker', bob)).json()).toEqual({ items: [] });
  });

  it('answers another user’s item with 404, as if it did not exist', async () => {
    const [itemId] = aliceItemIds;
    expect((await get(`/api/locker/${itemId}`, alice)).statusCode).toBe(200);
    const response = await get(`/api/locker/${itemId}`, bob);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('needs sign-in', async () => {
    expect((await get('/api/locker')).statusCode).toBe(401);
    expect((await get(`/api/locker/${aliceItemIds[0]}`)).statusCode).toBe(401);
  });

  it('refuses a malformed item id with 400', async () => {
    const response = await get('/api/locker/abc', alice);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.issues[0].field).toBe('path.id');
  });
});
