/**
 * Builds the API as the site server mounts it (`register(apiPlugin, { prefix: '/api' })`) on a
 * test database of its own, for `app.inject` tests. The same tests run on PGlite and, with
 * DATABASE_URL=postgres://…, on PostgreSQL.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { type ApiOptions, apiPlugin } from '../app';
import type { Database, Db } from '../db/connect';
import { TEST_PROJECT_ID } from './auth-emulator';
import { createTestDatabase } from './test-database';

export interface TestApi {
  app: FastifyInstance;
  database: Database;
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Rate limits are off unless a test asks for them: suites make many requests from one IP. */
export async function buildTestApi(options: ApiOptions = {}): Promise<TestApi> {
  const testDatabase = await createTestDatabase();
  const app = Fastify({ logger: false });
  try {
    await app.register(apiPlugin, { prefix: '/api', database: testDatabase.database, rateLimits: false, firebaseProjectId: TEST_PROJECT_ID, ...options });
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
    async close() {
      await app.close();
      await testDatabase.dispose();
    },
  };
}

/** Ample time for opening a database (PGlite boots WebAssembly) in beforeAll. */
export const SETUP_TIMEOUT = 60_000;
