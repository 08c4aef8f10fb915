/** Opens the database the target names, with drizzle on top: the same schema and queries on both engines. */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { Client, Pool, types } from 'pg';
import type { DatabaseEngine } from '@arttoy/shared/contracts/api';
import { traceStatements } from '../observability/pglite-spans';
import { tracingOn } from '../observability/trace-context';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { type DatabaseTarget, describeTarget } from './database-target';
import * as schema from './schema';

export type Schema = typeof schema;

/**
 * int8 as PGlite reads it: a number while it is exact (every id, count and amount here), a BigInt
 * beyond 2^53, never a rounded number. pg's default is a string, so ids (int8, migration 0009) and
 * counts read with raw SQL reached JSON as strings on PostgreSQL and as numbers on PGlite. Set on
 * pg's shared registry: drizzle's node-postgres driver asks it for every type it does not parse itself.
 */
export function parseInt8(text: string): number | bigint {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : BigInt(text);
}
types.setTypeParser(types.builtins.INT8, parseInt8);
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
  /**
   * The pool's counts now, for the metrics: PostgreSQL's pool only. PGlite is one connection in
   * this process whose queue it does not expose.
   */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  /**
   * LISTENs on a channel: `onNotice` gets each payload NOTIFYed there after its transaction commits.
   * On PostgreSQL on a connection of its own, reconnected after a loss; `onState(false)` says
   * notices may be missed from now on, `onState(true)` that they arrive again (call it after a
   * reconnect too: what changed in between was not heard). PGlite delivers in-process, always up.
   */
  listen(
    channel: string,
    onNotice: (payload: string) => void,
    onState?: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
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
  // PostgreSQL's statements are traced by the pg driver's instrumentation; PGlite's here.
  if (tracingOn()) traceStatements(client);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    engine: 'pglite',
    target,
    db,
    description: describeTarget(target),
    ping: () => ping(db),
    async listen(channel, onNotice, onState) {
      const unlisten = await client.listen(channel, onNotice);
      onState?.(true);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: once(async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    }),
  };
}

async function openPostgres(
  target: Extract<DatabaseTarget, { engine: 'postgres' }>,
  options: OpenOptions,
): Promise<Database> {
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
    throw new Error(
      `Could not connect to ${description}: ${(error as Error).message}. Is the server running, and is DATABASE_URL right?`,
      {
        cause: error,
      },
    );
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const max = options.poolSize ?? 10;
  return {
    engine: 'postgres',
    target,
    db,
    description,
    ping: () => ping(db),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    listen: (channel, onNotice, onState) => listenPostgres(url, channel, onNotice, onState),
    close: once(() => pool.end()),
  };
}

/** How long to wait before reconnecting a lost LISTEN connection: doubling from 250 ms up to 5 s. */
const RELISTEN_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000];

async function listenPostgres(
  url: string,
  channel: string,
  onNotice: (payload: string) => void,
  onState: ((listening: boolean) => void) | undefined,
): Promise<() => Promise<void>> {
  let client: Client | null = null;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new Client({
      connectionString: url,
      application_name: 'arttoy-api-listen',
      connectionTimeoutMillis: 5_000,
    });
    const lost = () => {
      if (client !== next) return;
      client = null;
      onState?.(false);
      next.end().catch(() => undefined);
      if (!stopped) retry();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) onNotice(message.payload ?? '');
    });
    await next.connect();
    await next.query(`LISTEN ${escapeIdentifier(channel)}`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    failures = 0;
    onState?.(true);
  };
  const retry = () => {
    const delay = RELISTEN_DELAYS_MS[Math.min(failures++, RELISTEN_DELAYS_MS.length - 1)];
    timer = setTimeout(() => void connect().catch(retry), delay);
    timer.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}

const escapeIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

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

/** The rows of a `db.execute(sql\`…\`)`: both drivers answer `{ rows }`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
