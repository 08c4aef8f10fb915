/**
 * A secret figure's name, slug and art stay out of every public answer until it has been pulled
 * SECRET_REVEAL_PULLS times; its owners see it in their own answers (locker, draws) before that.
 */
import { eq } from 'drizzle-orm';
import {
  type BoxModelDetail,
  type Figure,
  HIDDEN_SECRET_NAME,
  type LockerItem,
  type Order,
  type Page,
  SECRET_REVEAL_PULLS,
  type SeriesDetail,
} from '@arttoy/shared/contracts/api';
import { figures } from '../../db/schema';
import { signInTestUser, type TestUser } from '../../test/auth-emulator';
import { buildTestApi, getJson, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import { chooseHandle, listItem, orderListing } from '../../test/market';
import { bearer, buyBox, expectStatus, seedBoxId, setStock } from '../../test/purchase';

// Ten purchases through the sandbox on a busy machine.
jest.setTimeout(120_000);

const SECRET = { name: 'Golden Souffle', slug: 'cloud-bakery-golden-souffle' };
const BOX = 'cloud-bakery-blind-box';

describe('secret figures', () => {
  let api: TestApi;
  let secretId: number;
  let artKey: string;
  let boxId: number;
  beforeAll(async () => {
    api = await buildTestApi();
    const [row] = await api.db
      .select({ id: figures.id, artKey: figures.artKey })
      .from(figures)
      .where(eq(figures.slug, SECRET.slug));
    if (!row) throw new Error('The seed has no Golden Souffle.');
    secretId = row.id;
    artKey = row.artKey;
    boxId = await seedBoxId(api, BOX);
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  const get = (url: string, user?: TestUser) => api.app.inject({ method: 'GET', url, headers: bearer(user) });

  /** Every public answer that carries figures, or would name one: url → body. */
  async function publicAnswers(): Promise<Map<string, string>> {
    const urls = [
      '/api/figures?pageSize=100',
      '/api/figures?q=golden',
      '/api/figures?sort=name&pageSize=100',
      '/api/figures?rarity=secret&pageSize=100',
      '/api/series/cloud-bakery',
      `/api/box-models/${boxId}`,
      '/api/box-models?pageSize=100',
      '/api/styles/kawaii-pop',
      '/api/search.json',
      '/api/feed/recent',
    ];
    const bodies = new Map<string, string>();
    for (const url of urls) {
      const response = await get(url);
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      bodies.set(url, response.body);
    }
    return bodies;
  }

  const leaks = (body: string) =>
    [SECRET.name, SECRET.slug, artKey].filter((secret) => body.toLowerCase().includes(secret.toLowerCase()));

  it('names it in no public answer, and shows it as "Secret figure" with the shared placeholder art', async () => {
    for (const [url, body] of await publicAnswers())
      expect({ url, leaks: leaks(body) }).toEqual({ url, leaks: [] });

    const series = await getJson<SeriesDetail>(api, '/api/series/cloud-bakery');
    const secret = series.figures.find((figure) => figure.id === secretId);
    expect(secret).toMatchObject({
      name: HIDDEN_SECRET_NAME,
      slug: 'cloud-bakery-secret',
      rarity: 'secret',
      hidden: true,
      artUrl: '/api/figures/secret.svg?v=2',
    });
    const box = await getJson<BoxModelDetail>(api, `/api/box-models/${boxId}`);
    expect(box.odds.find((line) => line.figure.id === secretId)?.figure).toMatchObject({
      name: HIDDEN_SECRET_NAME,
      hidden: true,
    });
    // A name search finds it by its shown name only.
    expect(
      (await getJson<Page<Figure>>(api, '/api/figures?q=secret%20figure')).items.map((f) => f.id),
    ).toContain(secretId);
    const placeholder = await get('/api/figures/secret.svg?v=2');
    expect(placeholder.statusCode).toBe(200);
    expect(placeholder.body).not.toContain(SECRET.name);
  });

  it('answers 404 on its own slug: figure, gallery path, market and art without its key', async () => {
    for (const url of [
      `/api/figures/${SECRET.slug}`,
      `/api/gallery-paths/${SECRET.slug}`,
      `/api/market/figures/${SECRET.slug}`,
      `/api/figures/${SECRET.slug}/art.svg?v=2`,
      `/api/figures/${SECRET.slug}/art.svg?v=2&key=guess`,
      '/api/figures/cloud-bakery-secret',
    ])
      expect({ url, status: (await get(url)).statusCode }).toEqual({ url, status: 404 });
    const art = await get(`/api/figures/${SECRET.slug}/art.svg?v=2&key=${artKey}`);
    expect(art.statusCode).toBe(200);
    expect(art.headers['cache-control']).toBe('private, no-store');
  });

  it('shows it to its owner, and to everyone from its last pull before the reveal on', async () => {
    // Only the secret left in the box: every purchase pulls it.
    await setStock(api, boxId, (figureId) => (figureId === secretId ? SECRET_REVEAL_PULLS + 2 : 0));
    const owner = await signInTestUser('secret-owner');
    const { draw } = await buyBox(api, owner, boxId);
    expect(draw.figure).toMatchObject({ id: secretId, name: SECRET.name, slug: SECRET.slug });

    const locker = (await get('/api/locker', owner)).json<{ items: LockerItem[] }>();
    const owned = locker.items.find((item) => item.figure.id === secretId)?.figure;
    expect(owned).toMatchObject({ name: SECRET.name, slug: SECRET.slug });
    expect(owned?.artUrl).toContain(`key=${artKey}`);
    expect((await get(owned?.artUrl ?? '')).statusCode).toBe(200);
    // The draw's proof by its public id: named for its owner, as the draw answer was.
    const proof = expectStatus(await get(`/api/draws/${draw.publicId}/proof`, owner), 200).json<{
      figure: Figure;
    }>();
    expect(proof.figure).toMatchObject({ id: secretId, name: SECRET.name, slug: SECRET.slug });
    // Pulled once: still hidden from everyone else, in the live room too.
    for (const [url, body] of await publicAnswers())
      expect({ url, leaks: leaks(body) }).toEqual({ url, leaks: [] });

    // Listed by its owner: a buyer's order names it once it is theirs, not before.
    await chooseHandle(api, owner, 'souffle_seller');
    const listingId = await listItem(api, draw.lockerItemId, 9_900);
    const buyer = await signInTestUser('secret-buyer');
    const ordered = expectStatus(await orderListing(api, buyer, listingId), 201).json<Order>();
    expect(ordered.listing?.figure).toEqual({
      id: secretId,
      slug: 'cloud-bakery-secret',
      name: HIDDEN_SECRET_NAME,
    });

    const others = await signInTestUser('secret-puller');
    for (let pull = 2; pull < SECRET_REVEAL_PULLS; pull += 1) await buyBox(api, others, boxId);
    expect((await get(`/api/figures/${SECRET.slug}`)).statusCode).toBe(404);

    await buyBox(api, others, boxId);
    const revealed = await get(`/api/figures/${SECRET.slug}`);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json<Figure>()).toMatchObject({
      name: SECRET.name,
      artUrl: `/api/figures/${SECRET.slug}/art.svg?v=2`,
    });
    expect(revealed.json<Figure>().hidden).toBeUndefined();
    expect((await get(`/api/figures/${SECRET.slug}/art.svg?v=2`)).statusCode).toBe(200);
    const search = (await get('/api/search.json')).body;
    expect(search).toContain(SECRET.name);
    expect((await get('/api/feed/recent')).body).toContain(SECRET.name);
  });
});
