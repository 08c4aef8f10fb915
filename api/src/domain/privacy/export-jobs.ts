/**
 * "Download my data" as a job: the request writes a row (and gives its owner the link's token once),
 * a worker in every API process makes the files, and the owner downloads each file once before the
 * link expires. A worker takes a job with FOR UPDATE SKIP LOCKED and makes it in that transaction:
 * another instance's worker skips the locked row, and a worker that dies mid-way leaves it requested
 * (rolled back) for the next one, so no job is made twice and none is lost.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ExportFormat, ExportJob, ExportRequested } from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { exportJobs } from '../../db/schema';
import { apiError } from '../../errors';
import { gatherVisitorData } from './export-data';
import { renderExportHtml } from './export-html';

export interface DataExportSettings {
  /** How long a ready export's link works. DATA_EXPORT_LINK_MINUTES, default 1 440 (a day). */
  linkMinutes: number;
  /** How often each process looks for requested exports (besides at once on a request). DATA_EXPORT_POLL_MS, default 30 000; 0: only on requests. */
  pollMs: number;
}

const MAX_LINK_MINUTES = 7 * 24 * 60;

/** The settings, from the options or the environment; a bad value is refused with its name. */
export function dataExportSettingsFrom(
  env: NodeJS.ProcessEnv,
  options: Partial<DataExportSettings> = {},
): DataExportSettings {
  const whole = (name: string, fallback: number, min: number, max: number, unit: string) => {
    const text = env[name]?.trim();
    if (!text) return fallback;
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
      throw new Error(`${name} must be a whole number of ${unit} from ${min} to ${max}; got "${env[name]}".`);
    return Number(text);
  };
  return {
    linkMinutes:
      options.linkMinutes ?? whole('DATA_EXPORT_LINK_MINUTES', 1440, 1, MAX_LINK_MINUTES, 'minutes'),
    pollMs: options.pollMs ?? whole('DATA_EXPORT_POLL_MS', 30_000, 0, 3_600_000, 'milliseconds'),
  };
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

type JobRow = typeof exportJobs.$inferSelect;

const toJob = (row: JobRow): ExportJob => ({
  id: row.id,
  status: row.status,
  requestedAt: row.requestedAt.toISOString(),
  readyAt: row.readyAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  formatsLeft:
    row.status === 'ready'
      ? (['json', 'html'] as const).filter((format) =>
          format === 'json' ? row.jsonTakenAt === null : row.htmlTakenAt === null,
        )
      : [],
});

/** A new export of the user's data; an earlier one's link stops working (one live export per user). */
export async function requestExport(db: Db, userId: number): Promise<ExportRequested> {
  const token = randomBytes(32).toString('base64url');
  const row = await db.transaction(async (tx) => {
    await tx.delete(exportJobs).where(eq(exportJobs.userId, userId));
    const [created] = await tx
      .insert(exportJobs)
      .values({ userId, tokenHash: hashOf(token) })
      .returning();
    return created;
  });
  if (!row) throw new Error(`The export of user ${userId} was not written.`);
  return { job: toJob(row), token };
}

/** One of the user's exports; 404 for another user's (or none). */
export async function exportOf(db: Db, userId: number, id: number): Promise<ExportJob> {
  const [row] = await db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.id, id), eq(exportJobs.userId, userId)));
  if (!row)
    throw apiError('export_not_found', {
      what: `Export ${id}`,
      hint: 'POST /api/me/exports asks for a new one.',
    });
  return toJob(row);
}

/**
 * The file of an export link, given once to the link's owner: 404 for a token that is unknown or
 * another user's (the same answer, so a link found elsewhere tells nothing), 409 while it is being
 * made, once the file was taken, or once the link expired. The file is deleted as it is given.
 */
export async function takeExportFile(
  db: Db,
  userId: number,
  token: string,
  format: ExportFormat,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(exportJobs)
      .where(eq(exportJobs.tokenHash, hashOf(token)))
      .for('update');
    if (!row || row.userId !== userId)
      throw apiError('export_not_found', {
        what: 'This export link',
        hint: 'Links work only for the account that asked for them; ask for a new one on your profile.',
      });
    if (row.status === 'requested') throw apiError('export_not_ready', {});
    if (row.status === 'expired' || (row.expiresAt && row.expiresAt.getTime() <= Date.now()))
      throw apiError('export_link_expired', { expiredAt: (row.expiresAt ?? new Date()).toISOString() });
    const body = format === 'json' ? row.jsonBody : row.htmlBody;
    const taken = format === 'json' ? row.jsonTakenAt : row.htmlTakenAt;
    if (taken || body === null) throw apiError('export_link_used', { format });
    await tx
      .update(exportJobs)
      .set(
        format === 'json'
          ? { jsonTakenAt: sql`now()`, jsonBody: null }
          : { htmlTakenAt: sql`now()`, htmlBody: null },
      )
      .where(eq(exportJobs.id, row.id));
    return body;
  });
}

/** Makes one requested export, if any is free; false when none is left. */
export async function makeOneExport(db: Db, settings: DataExportSettings, site: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: exportJobs.id, userId: exportJobs.userId })
      .from(exportJobs)
      .where(eq(exportJobs.status, 'requested'))
      .orderBy(asc(exportJobs.requestedAt), asc(exportJobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return false;
    const data = await gatherVisitorData(tx, job.userId, site);
    await tx
      .update(exportJobs)
      .set({
        status: 'ready',
        runs: sql`${exportJobs.runs} + 1`,
        readyAt: sql`now()`,
        expiresAt: sql`now() + make_interval(mins => ${settings.linkMinutes}::int)`,
        jsonBody: JSON.stringify(data, null, 2),
        htmlBody: renderExportHtml(data),
      })
      .where(eq(exportJobs.id, job.id));
    return true;
  });
}

/** Expired links lose their files. */
export async function expireExports(db: Db): Promise<void> {
  await db
    .update(exportJobs)
    .set({ status: 'expired', jsonBody: null, htmlBody: null })
    .where(and(eq(exportJobs.status, 'ready'), lte(exportJobs.expiresAt, sql`now()`)));
}

export interface ExportWorker {
  /** Look for requested exports now (after a request); resolves once none is left. */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

/** This process's worker: every `pollMs`, and at once on `kick`. */
export function startExportWorker(
  db: Db,
  settings: DataExportSettings,
  site: string,
  log: FastifyBaseLogger,
): ExportWorker {
  let running: Promise<void> | null = null;
  const state = { again: false, stopped: false };
  const drain = async () => {
    do {
      state.again = false;
      await expireExports(db);
      while (!state.stopped && (await makeOneExport(db, settings, site)));
    } while (state.again && !state.stopped);
  };
  const kick = () => {
    if (state.stopped) return Promise.resolve();
    if (running) {
      state.again = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) =>
        log.warn({ err: error }, 'making data exports failed; the next round retries'),
      )
      .finally(() => (running = null));
    return running;
  };
  const timer = settings.pollMs > 0 ? setInterval(() => void kick(), settings.pollMs) : null;
  timer?.unref();
  return {
    kick,
    async stop() {
      state.stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
