/**
 * Work that one API instance does for all of them (the order expiry sweep, settling payments in
 * doubt): on PostgreSQL, whoever takes the advisory lock does it, the others skip this round. The
 * lock is held on a connection of its own, so it is let go if the process dies. On PGlite there
 * is one process: it just runs.
 */
import { Client } from 'pg';
import type { Database } from './connect';

/** Keys shared by every API process (any 64-bit numbers, one per kind of work). */
export const LOCK_KEYS = { expirySweep: 7_142_604_114, reconcilePayments: 7_142_604_115 } as const;

/** Runs `work` if no other instance is running the same work; otherwise resolves to null at once. */
export async function ifNoOtherInstance<T>(
  database: Database,
  key: number,
  work: () => Promise<T>,
): Promise<T | null> {
  if (database.target.engine !== 'postgres') return work();
  const client = new Client({ connectionString: database.target.url, application_name: 'arttoy-api-lock' });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      key,
    ]);
    if (!rows[0]?.locked) return null;
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
