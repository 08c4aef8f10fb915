/**
 * Exports made by the workers of two API instances on one PostgreSQL database (two pools, as two
 * processes have): each job is made exactly once, whichever worker takes it. PostgreSQL only.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { type Database, openDatabase } from '../../db/connect';
import { exportJobs, users } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { makeOneExport, requestExport } from './export-jobs';

const JOBS = 40;
const settings = { linkMinutes: 60, pollMs: 0 };

describe('data exports on two instances of one PostgreSQL database', () => {
  let database: TestDatabase;
  let other: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    other = await openDatabase({ engine: 'postgres', url: database.url });
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await database?.dispose();
  });

  it('never makes one export twice: each job is taken by one worker (FOR UPDATE SKIP LOCKED)', async () => {
    const rows = await database.database.db
      .insert(users)
      .values(Array.from({ length: JOBS }, () => ({ firebaseUid: `export-${randomUUID()}` })))
      .returning({ id: users.id });
    const jobIds = await Promise.all(
      rows.map(async (row) => (await requestExport(database.database.db, row.id)).job.id),
    );

    const made = [0, 0];
    const worker = async (db: Database, index: number) => {
      while (await makeOneExport(db.db, settings, 'http://localhost')) made[index] = (made[index] ?? 0) + 1;
    };
    await Promise.all([
      worker(database.database, 0),
      worker(other, 1),
      worker(other, 1),
      worker(database.database, 0),
    ]);

    const jobs = await database.database.db
      .select({ status: exportJobs.status, runs: exportJobs.runs, json: exportJobs.jsonBody })
      .from(exportJobs)
      .where(inArray(exportJobs.id, jobIds));
    expect(jobs).toHaveLength(JOBS);
    expect(jobs.every((job) => job.status === 'ready' && job.runs === 1 && job.json !== null)).toBe(true);
    expect((made[0] ?? 0) + (made[1] ?? 0)).toBe(JOBS);
    // Both instances took part (the test would prove nothing if one did every job).
    expect(made.every((count) => count > 0)).toBe(true);
    const [first] = jobs;
    expect(JSON.parse(first?.json ?? '{}')).toMatchObject({ format: 'arttoy-visitor-data' });
    await database.database.db.delete(exportJobs).where(eq(exportJobs.status, 'ready'));
  });
});
