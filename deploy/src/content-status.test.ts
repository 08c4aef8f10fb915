import Fastify, { type FastifyInstance } from 'fastify';
import { API_START_TIMEOUT_MS, apiPlugin } from '@arttoy/api';
import { contentStatus, type ContentStatus } from './content-status';
import { resolveRoute } from './route-status';

/** The local preview token (the API's default outside production). */
const PREVIEW_COOKIE = 'previewToken=local-preview';
const DRAFT = '/blog/skate-spirits-second-wave';

describe('the status of content pages, from the content API', () => {
  let app: FastifyInstance;
  let status: ContentStatus;
  beforeAll(async () => {
    app = Fastify({ pluginTimeout: API_START_TIMEOUT_MS });
    // The API as the site server mounts it, with the documents of content/.
    await app.register(apiPlugin, {
      prefix: '/api',
      databaseUrl: 'memory:',
      seed: 'if-empty',
      rateLimits: false,
      content: { previewTokens: ['local-preview'] },
    });
    await app.ready();
    status = contentStatus(app);
  }, 60_000);
  afterAll(() => app?.close());

  const statusOf = async (path: string, cookie?: string) => {
    const url = new URL(path, 'http://site.invalid');
    return (await status.resolve(resolveRoute(url.pathname), url, cookie)).status;
  };

  it.each(['/about', '/about/', '/blog/how-our-draws-are-fair', '/blog/caring-for-figures/'])(
    'serves %s, a document, with 200',
    async (path) => {
      expect(await statusOf(path)).toBe(200);
    },
  );

  it.each(['/no-such-page', '/about/more', '/blog/no-such-post', DRAFT])(
    'answers %s, which no published document has, with 404',
    async (path) => {
      expect(await statusOf(path)).toBe(404);
    },
  );

  it('serves a draft with 200 only in preview mode with a valid token', async () => {
    expect(await statusOf(`${DRAFT}?preview=true`, PREVIEW_COOKIE)).toBe(200);
    expect(await statusOf(`${DRAFT}?preview=true`, 'previewToken=wrong')).toBe(404);
    expect(await statusOf(`${DRAFT}?preview=true`)).toBe(404);
    expect(await statusOf(DRAFT, PREVIEW_COOKIE)).toBe(404);
  });

  it('leaves other routes and invalid parameters alone, without asking the API', async () => {
    const inject = jest.spyOn(app, 'inject');
    expect(await statusOf('/blog/list')).toBe(200);
    expect(await statusOf('/rules/authenticity')).toBe(200);
    expect(await statusOf('/blog/Not_A-Slug')).toBe(404);
    expect(inject).not.toHaveBeenCalled();
    inject.mockRestore();
  });

  it('remembers published answers instead of asking again', async () => {
    await statusOf('/about');
    const inject = jest.spyOn(app, 'inject');
    expect(await statusOf('/about')).toBe(200);
    expect(inject).not.toHaveBeenCalled();
    inject.mockRestore();
  });
});
