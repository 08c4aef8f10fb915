import Fastify from 'fastify';
import { apiPlugin } from './app';
import { createEmptyDatabaseUrl } from './test/test-database';
import { buildTestApi, SETUP_TIMEOUT } from './test/helper';
import { API_START_TIMEOUT_MS } from './server-options';

describe('apiPlugin', () => {
  it(
    'lives under its prefix beside a site’s own catch-all route, as the site server mounts it',
    async () => {
      const api = await buildTestApi();
      // A second server shaped like deploy/src/site-server.ts: a `/*` document route and its own 404s.
      const site = Fastify({ logger: false, pluginTimeout: API_START_TIMEOUT_MS });
      site.get('/*', async () => '<!doctype html>');
      await site.register(apiPlugin, { prefix: '/api', database: api.database, rateLimits: false });
      try {
        const unknown = await site.inject({ method: 'GET', url: '/api/no-such-thing' });
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json().error.code).toBe('not_found');
        expect((await site.inject({ method: 'GET', url: '/api/styles?pageSize=1' })).json().total).toBe(5);
        const page = await site.inject({ method: 'GET', url: '/gallery' });
        expect(page.body).toBe('<!doctype html>');
        // The API's headers stay inside its prefix.
        expect(page.headers['content-security-policy']).toBeUndefined();
      } finally {
        await site.close();
        await api.close();
      }
    },
    SETUP_TIMEOUT,
  );

  it('refuses at once a host that gives plugins less time than the API needs to start, naming the setting', async () => {
    // Fastify's default (10 s) passes on a quiet machine and fails at random on a busy one.
    for (const server of [{}, { pluginTimeout: 5_000 }]) {
      const site = Fastify({ logger: false, ...server });
      // Refused before the database opens: the message names the fix, not "did not start in time".
      await expect(
        site.register(apiPlugin, { prefix: '/api', databaseUrl: 'memory:', rateLimits: false }),
      ).rejects.toThrow(/pluginTimeout: API_START_TIMEOUT_MS/);
      await site.close();
    }
  });

  it(
    'migrates an empty database on first start; seeds it when embedded or asked to',
    async () => {
      const { url, remove } = await createEmptyDatabaseUrl();
      const engine = url.startsWith('file:') ? 'pglite' : 'postgres';
      const total = async (options: { seed?: 'if-empty' | 'never' }) => {
        const app = Fastify({ logger: false, pluginTimeout: API_START_TIMEOUT_MS });
        await app.register(apiPlugin, { prefix: '/api', databaseUrl: url, rateLimits: false, ...options });
        try {
          return (await app.inject({ method: 'GET', url: '/api/styles' })).json<{ total: number }>().total;
        } finally {
          await app.close();
        }
      };
      try {
        // PGlite (a developer's database) starts with the catalogue; PostgreSQL (production's) only on request.
        expect(await total({})).toBe(engine === 'pglite' ? 5 : 0);
        expect(await total({ seed: 'if-empty' })).toBe(5);
        // Restarting migrates nothing new and seeds nothing twice.
        expect(await total({ seed: 'if-empty' })).toBe(5);
      } finally {
        await remove();
      }
    },
    3 * SETUP_TIMEOUT,
  );
});
