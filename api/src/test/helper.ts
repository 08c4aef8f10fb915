/**
 * Builds the API as the site server mounts it (`register(apiPlugin, { prefix: '/api' })`) on a
 * test database of its own, for `app.inject` tests. The same tests run on PGlite and, with
 * DATABASE_URL=postgres://…, on PostgreSQL.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { type ApiOptions, apiPlugin } from '../app';
import type { Database, Db } from '../db/connect';
import { TEST_PROJECT_ID } from './auth-emulator';
import { createTestDatabase } from './test-database';
import { API_START_TIMEOUT_MS } from '../server-options';

export interface TestApi {
  app: FastifyInstance;
  database: Database;
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface BuiltTestApi extends TestApi {
  /** Fastify's route table: every route the API registered, as its onRoute hooks saw it. */
  routes: RouteOptions[];
}

/**
 * Tests of other features buy boxes with accounts that never confirmed a date of birth: they are
 * taken as of age. The tests of the age rule pass `chanceRules: {}` (the settings' rules).
 */
export const TEST_CHANCE_RULES = { assumeOfAge: true } as const;

/** Rate limits are off unless a test asks for them: suites make many requests from one IP. */
export async function buildTestApi(
  options: ApiOptions = {},
  server: FastifyServerOptions = {},
): Promise<BuiltTestApi> {
  const testDatabase = await createTestDatabase();
  const app = Fastify({ logger: false, pluginTimeout: API_START_TIMEOUT_MS, ...server });
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  try {
    await app.register(apiPlugin, {
      prefix: '/api',
      database: testDatabase.database,
      rateLimits: false,
      firebaseProjectId: TEST_PROJECT_ID,
      chanceRules: TEST_CHANCE_RULES,
      ...options,
    });
    await app.ready();
  } catch (error) {
    await app.close();
    await testDatabase.dispose();
    throw error;
  }
  return {
    app,
    database: testDatabase.database,
    db: testDatabase.database.db,
    engine: testDatabase.database.engine,
    routes,
    async close() {
      await app.close();
      await testDatabase.dispose();
    },
  };
}

/**
 * Another API on the test API's database, as a second process or a restart would start it: its
 * close leaves the database open. Rate limits off and the test project, like buildTestApi.
 */
export async function startApiBeside(api: TestApi, options: ApiOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, pluginTimeout: API_START_TIMEOUT_MS });
  await app.register(apiPlugin, {
    prefix: '/api',
    database: api.database,
    rateLimits: false,
    firebaseProjectId: TEST_PROJECT_ID,
    chanceRules: TEST_CHANCE_RULES,
    ...options,
  });
  await app.ready();
  return app;
}

/** Ample time for opening a database (PGlite boots WebAssembly) in beforeAll. */
export const SETUP_TIMEOUT = 60_000;

/** GETs `url` on the test API, expects 200 and returns the JSON answer. */
export async function getJson<Body>(api: TestApi, url: string): Promise<Body> {
  const response = await api.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.json<Body>();
}

/**
 * Registers the API on `app` over the database at `databaseUrl`, seeded when empty, as a started
 * server registers it; rate limits and the order sweep off, the test project.
 */
export async function registerApiOn(app: FastifyInstance, databaseUrl: string): Promise<void> {
  await app.register(apiPlugin, {
    prefix: '/api',
    databaseUrl,
    seed: 'if-empty',
    rateLimits: false,
    orderSweepIntervalMs: 0,
    firebaseProjectId: TEST_PROJECT_ID,
    chanceRules: TEST_CHANCE_RULES,
  });
}
