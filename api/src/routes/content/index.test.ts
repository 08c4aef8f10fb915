import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { ContentDocumentResponse, ContentList } from '@arttoy/shared/contracts/api';
import { apiPlugin } from '../../app';
import { LOCAL_PREVIEW_TOKEN } from '../../content/preview-tokens';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import { API_START_TIMEOUT_MS } from '../../server-options';

const DRAFT = '/blog/skate-spirits-second-wave';

describe('content routes', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await buildTestApi({ content: { previewTokens: [LOCAL_PREVIEW_TOKEN, 'second-token'] } });
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  const get = (url: string, cookie?: string) =>
    api.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const list = async (query: string, cookie?: string) => {
    const response = await get(`/api/content/documents?${query}`, cookie);
    expect(response.statusCode).toBe(200);
    return response.json<ContentList>();
  };

  it('answers a rules page with its sanitised HTML, toc, dates and hash, cacheable', async () => {
    const response = await get('/api/content/document?path=/rules/shipping_and_refund');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^public/);
    const { document } = response.json<ContentDocumentResponse>();
    expect(document).toMatchObject({
      _path: '/rules/shipping_and_refund',
      _stem: 'rules/shipping_and_refund',
      _locale: 'en',
      _dir: 'rules',
      slug: 'shipping_and_refund',
      draft: false,
    });
    expect(document._hash).toMatch(/^[0-9a-f]{10}$/);
    expect(document.updated >= document.date).toBe(true);
    expect(document.toc.map((heading) => heading.text)).toContain('Fees and times');
    expect(document.html).toContain(`<h2 id="${document.toc[0]?.id}">`);
    expect(document.html).not.toMatch(/<script/i);
  });

  it('refuses to start with a document that does not compile, naming it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-bad-content-'));
    const app = Fastify({ logger: false, pluginTimeout: API_START_TIMEOUT_MS });
    try {
      fs.mkdirSync(path.join(dir, 'blog'));
      fs.writeFileSync(path.join(dir, 'blog', 'bad.md'), '---\ntitle: Bad\ndate: yesterday\n---\nText');
      const start = async () => {
        await app.register(apiPlugin, {
          prefix: '/api',
          database: api.database,
          rateLimits: false,
          content: { contentDir: dir, outDir: path.join(dir, '.out') },
        });
        await app.ready();
      };
      await expect(start()).rejects.toThrow(
        /blog\/bad\.md: invalid front matter: description is required; date must be a date written YYYY-MM-DD/,
      );
    } finally {
      await app.close().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers /help and /about from help/index.md and pages/about.md', async () => {
    for (const [sitePath, stem] of [
      ['/help', 'help/index'],
      ['/about', 'pages/about'],
    ]) {
      const response = await get(`/api/content/document?path=${sitePath}`);
      expect(response.statusCode).toBe(200);
      expect(response.json<ContentDocumentResponse>().document._stem).toBe(stem);
    }
  });

  it('keeps the contact placeholders for the page to fill from its runtime config', async () => {
    const { document } = (
      await get('/api/content/document?path=/rules/customer_service_center')
    ).json<ContentDocumentResponse>();
    expect(document.html).toContain('<a href="tel:{{contact.phoneHref}}">{{contact.phone}}</a>');
    expect(document.html).toContain('<a href="mailto:{{contact.email}}">{{contact.email}}</a>');
  });

  it('answers an unknown path with 404 saying where to look, and a malformed path with 400', async () => {
    const missing = await get('/api/content/document?path=/blog/no-such-post');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(
      'Document /blog/no-such-post was not found. GET /api/content/documents?dir=blog lists the published documents of a folder.',
    );
    const malformed = await get('/api/content/document?path=blog/../etc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.details.issues[0].field).toBe('query.path');
  });

  it('links a post to its older and newer neighbours and to related posts', async () => {
    const posts = (await list('dir=blog&pageSize=50')).items;
    const middle = posts[1];
    const { previous, next, related, document } = (
      await get(`/api/content/document?path=${middle?._path}`)
    ).json<ContentDocumentResponse>();
    expect(next?._path).toBe(posts[0]?._path);
    expect(previous?._path).toBe(posts[2]?._path);
    expect(related.length).toBeLessThanOrEqual(3);
    for (const other of related) {
      expect(other._path).not.toBe(document._path);
      expect(other.tags.some((tag) => document.tags.includes(tag))).toBe(true);
    }
  });

  it('lists a folder newest first with pages, tag counts and a tag filter', async () => {
    const all = await list('dir=blog&pageSize=50');
    expect(all.total).toBeGreaterThanOrEqual(8);
    const dates = all.items.map((item) => item.date);
    expect(dates).toEqual(dates.toSorted().toReversed());
    expect(all.items[0]?.cover).toMatch(/^\/api\/content\/assets\/[a-z0-9-]+\.svg\?v=[0-9a-f]{10}$/);

    const first = await list('dir=blog&pageSize=3');
    const second = await list('dir=blog&pageSize=3&page=2');
    expect(first.totalPages).toBe(Math.ceil(all.total / 3));
    expect([...first.items, ...second.items].map((item) => item._path)).toEqual(
      all.items.slice(0, 6).map((item) => item._path),
    );
    expect((await list('dir=blog&pageSize=3&page=99')).items).toEqual([]);

    const guides = all.tags.find((entry) => entry.tag === 'guides');
    expect(guides?.count).toBe(all.items.filter((item) => item.tags.includes('guides')).length);
    const filtered = await list('dir=blog&tag=guides&pageSize=50');
    expect(filtered.total).toBe(guides?.count);
    expect(filtered.items.every((item) => item.tags.includes('guides'))).toBe(true);
    expect(filtered.tags).toEqual(all.tags);
  });

  it('serves a cover image as SVG, immutable at its hashed URL', async () => {
    const cover = (await list('dir=blog&pageSize=1')).items[0]?.cover as string;
    const response = await get(cover);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.body).toMatch(/^<svg /);
    expect((await get('/api/content/assets/missing.svg')).statusCode).toBe(404);
    expect((await get('/api/content/assets/..%2Fsecret.svg')).statusCode).toBe(400);
  });

  describe('drafts and preview', () => {
    const cookieOf = (token: string) => `previewToken=${token}`;

    it('hides a draft from everyone without a valid token', async () => {
      expect((await get(`/api/content/document?path=${DRAFT}`)).statusCode).toBe(404);
      expect((await get(`/api/content/document?path=${DRAFT}&preview=true`)).statusCode).toBe(404);
      expect(
        (await get(`/api/content/document?path=${DRAFT}&preview=true`, cookieOf('wrong-token'))).statusCode,
      ).toBe(404);
      // A valid token without preview=true still sees the published site only.
      expect(
        (await get(`/api/content/document?path=${DRAFT}`, cookieOf(LOCAL_PREVIEW_TOKEN))).statusCode,
      ).toBe(404);
      const listed = await list('dir=blog&pageSize=50&preview=true', cookieOf('wrong-token'));
      expect(listed.items.some((item) => item.draft)).toBe(false);
    });

    it('shows drafts to a valid token with preview=true, never from a shared cache', async () => {
      const response = await get(
        `/api/content/document?path=${DRAFT}&preview=true`,
        cookieOf('second-token'),
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.json<ContentDocumentResponse>().document.draft).toBe(true);
      const listed = await list('dir=blog&pageSize=50&preview=true', cookieOf(LOCAL_PREVIEW_TOKEN));
      expect(listed.items.filter((item) => item.draft).map((item) => item._path)).toEqual([DRAFT]);
    });

    it('sets the cookie for a valid token and sends the browser to the page in preview', async () => {
      const response = await get(
        `/api/content/preview?token=${LOCAL_PREVIEW_TOKEN}&redirect=${encodeURIComponent(DRAFT)}`,
      );
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`${DRAFT}?preview=true`);
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(new RegExp(`^previewToken=${LOCAL_PREVIEW_TOKEN};`));
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain('Path=/');
      expect(cookie).not.toContain('Secure');
    });

    it('marks the cookie Secure when the request came over https (here: from a trusted proxy)', async () => {
      const behindProxy = Fastify({ logger: false, trustProxy: true, pluginTimeout: API_START_TIMEOUT_MS });
      try {
        await behindProxy.register(apiPlugin, {
          prefix: '/api',
          database: api.database,
          rateLimits: false,
          content: { previewTokens: [LOCAL_PREVIEW_TOKEN] },
        });
        const url = `/api/content/preview?token=${LOCAL_PREVIEW_TOKEN}`;
        const https = await behindProxy.inject({
          method: 'GET',
          url,
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(https.statusCode).toBe(303);
        expect(String(https.headers['set-cookie'])).toContain('Secure');
        const http = await behindProxy.inject({
          method: 'GET',
          url,
          headers: { 'x-forwarded-proto': 'http' },
        });
        expect(String(http.headers['set-cookie'])).not.toContain('Secure');
      } finally {
        await behindProxy.close();
      }
    });

    it('refuses an invalid or missing token with 403 and sets no cookie', async () => {
      for (const query of ['token=nope', '']) {
        const response = await get(`/api/content/preview?${query}`);
        expect(response.statusCode).toBe(403);
        expect(response.headers['set-cookie']).toBeUndefined();
        expect(response.json().error.message).toMatch(/^This preview token is not valid/);
      }
    });

    it('never redirects to another site, however the path is dressed up', async () => {
      // Dot segments collapse in the browser: "/.//evil.example/login" would land on //evil.example.
      for (const redirect of [
        'https://evil.example/',
        '//evil.example/x',
        '/\\evil.example',
        'blog',
        '/.//evil.example/login',
        '/..//evil.example',
        '/a/../..//evil.example',
      ]) {
        for (const query of [`token=${LOCAL_PREVIEW_TOKEN}&`, 'exit=true&']) {
          const response = await get(`/api/content/preview?${query}redirect=${encodeURIComponent(redirect)}`);
          expect({
            redirect,
            status: response.statusCode,
            field: response.json().error?.details?.issues?.[0]?.field,
          }).toEqual({ redirect, status: 400, field: 'query.redirect' });
        }
      }
      // A path that resolves on this site is followed as resolved.
      const resolved = await get(
        `/api/content/preview?exit=true&redirect=${encodeURIComponent('/blog/./x/../displaying-your-figures')}`,
      );
      expect({ status: resolved.statusCode, location: resolved.headers.location }).toEqual({
        status: 303,
        location: '/blog/displaying-your-figures',
      });
    });

    it('clears the cookie on exit and on DELETE', async () => {
      const exit = await get(
        `/api/content/preview?exit=true&redirect=${encodeURIComponent(`${DRAFT}?preview=true`)}`,
      );
      expect(exit.statusCode).toBe(303);
      expect(exit.headers.location).toBe(DRAFT);
      expect(String(exit.headers['set-cookie'])).toMatch(/^previewToken=;.*Expires=Thu, 01 Jan 1970/);
      const removed = await api.app.inject({ method: 'DELETE', url: '/api/content/preview' });
      expect(removed.statusCode).toBe(204);
      expect(String(removed.headers['set-cookie'])).toMatch(/^previewToken=;/);
    });
  });
});
