/**
 * Writes a live-room event in the caller's transaction (the one that makes the pull or the sale),
 * so the event exists exactly when what it tells of does: never for a rolled-back draw, never twice.
 */
import { eq } from 'drizzle-orm';
import type { FeedEventKind, FeedPayload, Money } from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { feedEvents, figures, series } from '../../db/schema';

export interface FeedEventInput {
  kind: FeedEventKind;
  /** The puller or the buyer: their handle shows if they let it (users.feed_visible). */
  userId: number;
  figureId: number;
  boxName?: string | null;
  drawId?: number | null;
  price?: Money | null;
}

/** Records the event; returns its id (the server-sent event id). */
export async function recordFeedEvent(tx: Db, input: FeedEventInput): Promise<number> {
  const [figure] = await tx
    .select({ id: figures.id, slug: figures.slug, name: figures.name, rarity: figures.rarity, seriesName: series.name })
    .from(figures)
    .innerJoin(series, eq(figures.seriesId, series.id))
    .where(eq(figures.id, input.figureId));
  if (!figure) throw new Error(`Figure ${input.figureId} of a ${input.kind} event not found.`);
  const payload: FeedPayload = { figure, boxName: input.boxName ?? null, drawId: input.drawId ?? null, price: input.price ?? null };
  const [row] = await tx.insert(feedEvents).values({ kind: input.kind, userId: input.userId, payload }).returning({ id: feedEvents.id });
  if (!row) throw new Error('Recording a feed event returned no row.');
  return row.id;
}
