import { type SearchEntry, searchIndexSchema } from '@arttoy/shared/contracts/api';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';

describe('GET /api/search.json', () => {
  let api: TestApi;
  let entries: SearchEntry[];
  let status = 0;
  let cacheControl: string | undefined;
  beforeAll(async () => {
    api = await buildTestApi({ content: { contact: { phone: '+44 20 7946 0958', email: 'help@example.org' } } });
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
    expect(post).toMatchObject({ kind: 'post', path: '/blog/how-our-draws-are-fair', title: 'How our draws are fair, and how to check one yourself' });
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

  it('holds every series and figure of the gallery, from the database', () => {
    expect(entries.filter((entry) => entry.kind === 'series')).toHaveLength(8);
    expect(byId('series:moonlit-forest')).toMatchObject({ path: '/gallery/series/moonlit-forest', title: 'Moonlit Forest', description: 'Dreamy Fantasy series' });
    const figures = entries.filter((entry) => entry.kind === 'figure');
    expect(figures.length).toBeGreaterThanOrEqual(8 * 7);
    const stag = figures.find((entry) => entry.title === 'Moon Stag');
    expect(stag?.path).toMatch(/^\/gallery\/style\/detail\/[a-z0-9-]+$/);
    expect(stag).toMatchObject({ description: 'Secret figure from Moonlit Forest', headings: ['Moonlit Forest', 'Dreamy Fantasy'] });
  });
});
