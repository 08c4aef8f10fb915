/** Opens the database the target names, with drizzle on top: the same schema and queries on both engines. */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { Pool } from 'pg';
import type { DatabaseEngine } from '@arttoy/shared/contracts/api';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { type DatabaseTarget, describeTarget } from './database-target';
import * as schema from './schema';

export type Schema = typeof schema;
/** What both drivers have in common; queries are written against this type only. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  readonly engine: DatabaseEngine;
  readonly target: DatabaseTarget;
  readonly db: Db;
  /** For logs: "PGlite in /repo/.data/pglite", "PostgreSQL at postgres://app:***@db/arttoy". */
  readonly description: string;
  /** Whether the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL pool size (default 10). */
  poolSize?: number | undefined;
  onPoolError?: ((error: Error) => void) | undefined;
}

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  return target.engine === 'postgres' ? openPostgres(target, options) : openPglite(target);
}

async function openPglite(target: Extract<DatabaseTarget, { engine: 'pglite' }>): Promise<Database> {
  const { dataDir } = target;
  // The lock comes first: opening the directory while another process has it open is the damage.
  const lock: DataDirLock | null = dataDir === null ? null : acquireDataDirLock(dataDir);
  let client: PGlite;
  try {
    client = dataDir === null ? await PGlite.create() : await PGlite.create(dataDir);
  } catch (error) {
    lock?.release();
    throw new Error(
      `Could not open the embedded database in ${dataDir ?? 'memory'}: ${(error as Error).message}. ` +
        'If the directory is damaged, move it away and start again: a new one is created and seeded.',
      { cause: error },
    );
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    engine: 'pglite',
    target,
    db,
    description: describeTarget(target),
    ping: () => ping(db),
    close: once(async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    }),
  };
}

async function openPostgres(target: Extract<DatabaseTarget, { engine: 'postgres' }>, options: OpenOptions): Promise<Database> {
  const { url } = target;
  const pool = new Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    application_name: 'arttoy-api',
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => options.onPoolError?.(error));
  const description = describeTarget(target);
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`Could not connect to ${description}: ${(error as Error).message}. Is the server running, and is DATABASE_URL right?`, {
      cause: error,
    });
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    engine: 'postgres',
    target,
    db,
    description,
    ping: () => ping(db),
    close: once(() => pool.end()),
  };
}

/** Closing twice (a failed start, then the server's close) closes once. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | null = null;
  return () => (closing ??= close());
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
