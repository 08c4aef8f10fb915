/**
 * Writes a live-room event in the caller's transaction (the one that makes the pull or the sale),
 * so the event exists exactly when what it tells of does: never for a rolled-back draw, never twice.
 * The same statement NOTIFYs FEED_CHANNEL with the event's id: PostgreSQL delivers a notice at
 * commit (a rolled-back one never), to every API instance listening (domain/feed/hub.ts), and
 * PGlite to its own process.
 */
import { sql } from 'drizzle-orm';
import type { FeedEventKind, Money } from '@arttoy/shared/contracts/api';
import { type Db, rowsOf } from '../../db/connect';

/** Where committed feed events are announced, with the event's id as payload. */
export const FEED_CHANNEL = 'arttoy_feed_event';

export interface FeedEventInput {
  kind: FeedEventKind;
  /** The puller or the buyer: their handle shows if they let it (users.feed_visible). */
  userId: number;
  figureId: number;
  /** A pull's box by name, or by id (its name is read by the same statement). */
  boxName?: string | null;
  boxModelId?: number | null;
  drawId?: number | null;
  price?: Money | null;
}

/**
 * Records the event; returns its id (the server-sent event id). One round trip inside the draw's or
 * the sale's transaction: the figure's fields are copied into the payload (feedPayloadSchema) and
 * the notice queued by the same statement.
 */
export async function recordFeedEvent(tx: Db, input: FeedEventInput): Promise<number> {
  const price = input.price
    ? JSON.stringify({ amountMinor: input.price.amountMinor, currency: input.price.currency })
    : null;
  const result = await tx.execute(sql`
    with inserted as (
      insert into feed_events (kind, user_id, payload)
      select ${input.kind}, ${input.userId},
        jsonb_build_object(
          'figure', jsonb_build_object('id', f.id, 'slug', f.slug, 'name', f.name, 'rarity', f.rarity, 'seriesName', s.name),
          'boxName', coalesce(${input.boxName ?? null}::text, (select b.name from box_models b where b.id = ${input.boxModelId ?? null}::int)),
          'drawId', ${input.drawId ?? null}::int8,
          'price', ${price}::jsonb
        )
      from figures f join series s on s.id = f.series_id
      where f.id = ${input.figureId}
      returning id
    )
    select id, pg_notify(${FEED_CHANNEL}, id::text) from inserted`);
  const [row] = rowsOf<{ id: number }>(result);
  if (!row) throw new Error(`Figure ${input.figureId} of a ${input.kind} event not found.`);
  return Number(row.id);
}
