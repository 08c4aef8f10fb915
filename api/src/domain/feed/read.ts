/**
 * Feed events as clients receive them. The handle and the pull's proof link (its draw's public id)
 * are decided when read, by the user's setting now: only while users.feed_visible is true, so hiding
 * them hides past events too. The draw's own id is never sent: ids are sequential.
 */
import { type SQL, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { type FeedEvent, HIDDEN_SECRET_NAME, hiddenSecretSlug } from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { draws, feedEvents, figures, series, users } from '../../db/schema';
import { hiddenSecret, qualified } from '../catalogue/columns';

function select(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: feedEvents.id,
      kind: feedEvents.kind,
      payload: feedEvents.payload,
      createdAt: feedEvents.createdAt,
      // Decided when read, like the handle: a secret hidden now shows hidden in past events too.
      // Its series' slug while it is hidden (the hidden form's slug), else null.
      hiddenSeriesSlug: sql<
        string | null
      >`(select ${qualified(series.slug)} from ${figures} inner join ${series} on ${qualified(series.id)} = ${qualified(figures.seriesId)}
        where ${qualified(figures.id)} = (${qualified(feedEvents.payload)}->'figure'->>'id')::int and ${hiddenSecret})`,
      handle: sql<string | null>`case when ${users.feedVisible} then ${users.handle} end`,
      drawPublicId: sql<string | null>`case when ${users.feedVisible} then ${draws.publicId} end`,
    })
    .from(feedEvents)
    .leftJoin(users, eq(users.id, feedEvents.userId))
    .leftJoin(draws, sql`${draws.id} = (${feedEvents.payload} ->> 'drawId')::int8`)
    .where(where);
}

type Row = Awaited<ReturnType<typeof select>>[number];

const toFeedEvent = (row: Row): FeedEvent => ({
  id: Number(row.id),
  kind: row.kind,
  at: row.createdAt.toISOString(),
  handle: row.handle,
  figure:
    row.hiddenSeriesSlug === null
      ? row.payload.figure
      : {
          id: row.payload.figure.id,
          slug: hiddenSecretSlug(row.hiddenSeriesSlug),
          name: HIDDEN_SECRET_NAME,
          rarity: row.payload.figure.rarity,
          seriesName: row.payload.figure.seriesName,
          hidden: true,
        },
  boxName: row.payload.boxName,
  drawPublicId: row.drawPublicId,
  price: row.payload.price,
});

/** The latest `limit` events after `afterId` (all if none), oldest first: what a (re)connecting client is sent. */
export async function eventsAfter(db: Db, afterId: number | null, limit: number): Promise<FeedEvent[]> {
  const rows = await select(db, afterId === null ? undefined : gt(feedEvents.id, afterId))
    .orderBy(desc(feedEvents.id))
    .limit(limit);
  return rows.toReversed().map(toFeedEvent);
}

/** The latest `limit` events, newest first (GET /api/feed/recent). */
export async function recentEvents(db: Db, limit: number): Promise<FeedEvent[]> {
  return (await eventsAfter(db, null, limit)).toReversed();
}

/** These events (committed, announced by their notices), oldest first. */
export async function eventsByIds(db: Db, ids: readonly number[]): Promise<FeedEvent[]> {
  if (ids.length === 0) return [];
  const rows = await select(db, inArray(feedEvents.id, [...ids])).orderBy(feedEvents.id);
  return rows.map(toFeedEvent);
}

/** Up to `limit` events after `afterId`, oldest first: catching up after notices may have been missed. */
export async function eventsSince(db: Db, afterId: number, limit: number): Promise<FeedEvent[]> {
  const rows = await select(db, gt(feedEvents.id, afterId)).orderBy(feedEvents.id).limit(limit);
  return rows.map(toFeedEvent);
}

/** The newest event's id, 0 when there is none. */
export async function lastEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<number | null>`max(${feedEvents.id})` }).from(feedEvents);
  return Number(row?.id ?? 0);
}
