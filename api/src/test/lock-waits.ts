/** Test-only, PostgreSQL: how many statements of the test's database wait for a lock now. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/connect';

export async function lockWaits(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    ),
  );
  return row?.n ?? 0;
}
