import { sql } from 'drizzle-orm';
import { type SearchEntry, searchIndexSchema } from '@arttoy/shared/contracts/api';
import { eventually } from '../../test/eventually';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import { seedBoxId } from '../../test/purchase';
import { BOX_ART_VERSION } from '../../domain/box-art';

async function searchIndex(api: TestApi): Promise<SearchEntry[]> {
  const response = await api.app.inject({ method: 'GET', url: '/api/search.json' });
  expect(response.statusCode).toBe(200);
  return searchIndexSchema.parse(response.json());
}

describe('GET /api/search.json', () => {
  let api: TestApi;
  let entries: SearchEntry[];
  let status = 0;
  let cacheControl: string | undefined;
  beforeAll(async () => {
    api = await buildTestApi({
      content: { contact: { phone: '+44 20 7946 0958', email: 'help@example.org' } },
    });
    const response = await api.app.inject({ method: 'GET', url: '/api/search.json' });
    status = response.statusCode;
    cacheControl = response.headers['cache-control'] as string | undefined;
    entries = searchIndexSchema.parse(response.json());
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  const byId = (id: string) => entries.find((entry) => entry.id === id);

  it('is cacheable and has unique ids', () => {
    expect(status).toBe(200);
    expect(cacheControl).toMatch(/^public, max-age=\d+/);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
  });

  it('holds the published posts, rules, help and pages with headings and plain text', () => {
    const kinds = new Map<string, number>();
    for (const entry of entries) kinds.set(entry.kind, (kinds.get(entry.kind) ?? 0) + 1);
    expect(kinds.get('post')).toBeGreaterThanOrEqual(8);
    expect(kinds.get('rules')).toBe(5);
    expect(kinds.get('help')).toBe(1);
    expect(kinds.get('page')).toBeGreaterThanOrEqual(1);
    const post = byId('post:/blog/how-our-draws-are-fair');
    expect(post).toMatchObject({
      kind: 'post',
      path: '/blog/how-our-draws-are-fair',
      title: 'How our draws are fair, and how to check one yourself',
    });
    expect(post?.headings).toContain('After the draw: reveal and verify');
    expect(post?.text).toContain('HMAC-SHA256(serverSeed, "clientSeed:nonce")');
    expect(post?.text).not.toMatch(/<[a-z]/);
    expect(byId('help:/help')?.path).toBe('/help');
    expect(byId('page:/about')?.path).toBe('/about');
  });

  it('never holds a draft', () => {
    expect(entries.some((entry) => entry.path === '/blog/skate-spirits-second-wave')).toBe(false);
  });

  it('fills the contact details into the customer service text', () => {
    const page = byId('rules:/rules/customer_service_center');
    expect(page?.text).toContain('+44 20 7946 0958');
    expect(page?.text).toContain('help@example.org');
    expect(page?.text).not.toContain('{{');
  });

  it("reads the shipping page's fee table, which the page draws from the shared table, as text", () => {
    const page = byId('rules:/rules/shipping_and_refund');
    expect(page?.text).toContain('United States: $5.99 up to 6 figures');
    expect(page?.text).toContain('Rest of world: $19.99 up to 6 figures');
    expect(page?.text).not.toContain('{{');
  });

  it('holds every series and figure of the gallery, from the database, each with its art', () => {
    expect(entries.filter((entry) => entry.kind === 'series')).toHaveLength(8);
    expect(byId('series:moonlit-forest')).toMatchObject({
      path: '/gallery/series/moonlit-forest',
      title: 'Moonlit Forest',
      description: 'Dreamy Fantasy series',
      // A series shows its first figure, as its card does.
      image: expect.stringMatching(/^\/api\/figures\/moonlit-forest-[a-z-]+\/art\.svg\?v=\w+$/),
    });
    const figures = entries.filter((entry) => entry.kind === 'figure');
    expect(figures.length).toBeGreaterThanOrEqual(8 * 7);
    const conductor = figures.find((entry) => entry.title === 'Firefly Conductor');
    expect(conductor?.path).toMatch(/^\/gallery\/style\/detail\/[a-z0-9-]+$/);
    expect(conductor).toMatchObject({
      description: 'Figure from Moonlit Forest',
      headings: ['Moonlit Forest', 'Dreamy Fantasy'],
    });
    // Secrets not yet revealed have no entry (secret-figures.test.ts): nothing names them.
    expect(figures.find((entry) => entry.title === 'Moon Stag')).toBeUndefined();
    const slug = conductor?.path.split('/').at(-1);
    expect(conductor?.image).toMatch(new RegExp(`^/api/figures/${slug}/art\\.svg\\?v=\\w+$`));
    expect(figures.every((entry) => entry.image !== undefined)).toBe(true);
  });

  it('holds every mystery box on sale with its series, price and packaging, linking to its page', async () => {
    const boxes = entries.filter((entry) => entry.kind === 'box');
    expect(boxes).toHaveLength(9);
    const id = await seedBoxId(api, 'moonlit-forest-blind-box');
    expect(byId(`box:${id}`)).toEqual({
      id: `box:${id}`,
      kind: 'box',
      path: `/mysterybox/${id}`,
      title: 'Moonlit Forest Blind Box',
      description: 'Mystery box from Moonlit Forest · $15.99',
      headings: ['Moonlit Forest', 'Dreamy Fantasy'],
      text: 'One random figure from Moonlit Forest, sealed. Odds for every figure are published below.',
      image: `/api/box-models/${id}/art.svg?v=${BOX_ART_VERSION}`,
    });
    const hunter = await seedBoxId(api, 'cloud-bakery-secret-hunter');
    expect(byId(`box:${hunter}`)?.description).toBe('Mystery box from Cloud Bakery · $19.99');
    expect(byId(`box:${hunter}`)?.image).toBe(`/api/box-models/${hunter}/art.svg?v=${BOX_ART_VERSION}`);
  });

  it('gives posts with a cover that cover as their picture, and nothing to entries without one', () => {
    expect(byId('post:/blog/how-our-draws-are-fair')?.image).toMatch(
      /^\/api\/content\/assets\/[a-z0-9-]+\.svg\?v=[0-9a-f]+$/,
    );
    expect(byId('rules:/rules/authenticity')).not.toHaveProperty('image');
  });

  it('names pictures the API serves', async () => {
    const samples = ['post:/blog/how-our-draws-are-fair', 'series:moonlit-forest'].map(
      (id) => byId(id)?.image,
    );
    samples.push(
      entries.find((entry) => entry.kind === 'figure')?.image,
      entries.find((entry) => entry.kind === 'box')?.image,
    );
    for (const image of samples) {
      const response = await api.app.inject({ method: 'GET', url: image ?? '/missing' });
      expect([image, response.statusCode, response.headers['content-type']]).toEqual([
        image,
        200,
        expect.stringMatching(/^image\/svg\+xml/),
      ]);
    }
  });
});

describe('GET /api/search.json after the boxes change', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await buildTestApi();
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  const boxEntry = async (id: number) => (await searchIndex(api)).find((entry) => entry.id === `box:${id}`);

  it('shows a new price and name, drops a box taken off sale and shows it again when it is back', async () => {
    const id = await seedBoxId(api, 'night-market-blind-box');
    expect((await boxEntry(id))?.description).toBe('Mystery box from Night Market · $14.99');

    // Straight to the database, as an operator or another instance would: the answer kept in memory is dropped.
    await api.db.execute(
      sql`update box_models set price_minor = 1650, currency = 'EUR', name = 'Night Market Lantern Box' where id = ${id}`,
    );
    const changed = await eventually(
      () => boxEntry(id),
      (entry) => entry?.title === 'Night Market Lantern Box',
    );
    expect(changed).toMatchObject({
      title: 'Night Market Lantern Box',
      description: 'Mystery box from Night Market · €16.50',
    });

    await api.db.execute(sql`update box_models set active = false where id = ${id}`);
    expect(
      await eventually(
        () => boxEntry(id),
        (entry) => entry === undefined,
      ),
    ).toBeUndefined();

    await api.db.execute(sql`update box_models set active = true where id = ${id}`);
    expect(
      (
        await eventually(
          () => boxEntry(id),
          (entry) => entry !== undefined,
        )
      )?.path,
    ).toBe(`/mysterybox/${id}`);
  });
});
