/**
 * The live room's events as the shell reads them (GET /api/feed/recent, the /api/feed stream): a
 * small hand-written check of the fields it shows, rather than the contract's zod schema, which
 * would add its weight to the home page's JavaScript.
 */
import type { FeedEvent } from '@arttoy/shared/contracts/api';

export type { FeedEvent };

/** Events kept in memory at most (the page shows them all, newest first). */
export const LIVE_FEED_MAX = 100;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The event, or null when the value does not have what the list shows. */
export function readFeedEvent(value: unknown): FeedEvent | null {
  if (!isObject(value) || !isObject(value.figure)) return null;
  const { id, kind, at, figure, price, boxName, handle, drawPublicId } = value;
  if (typeof id !== 'number' || (kind !== 'pull' && kind !== 'sale') || typeof at !== 'string') return null;
  if (
    typeof figure.name !== 'string' ||
    typeof figure.slug !== 'string' ||
    (figure.rarity !== 'regular' && figure.rarity !== 'secret')
  )
    return null;
  if (
    price !== null &&
    !(isObject(price) && typeof price.amountMinor === 'number' && typeof price.currency === 'string')
  )
    return null;
  if (boxName !== null && typeof boxName !== 'string') return null;
  if (handle !== null && typeof handle !== 'string') return null;
  if (drawPublicId !== null && typeof drawPublicId !== 'string') return null;
  return value as unknown as FeedEvent;
}

/** Adds events to a list newest first, each id once, at most LIVE_FEED_MAX. */
export function mergeEvents(list: readonly FeedEvent[], added: readonly FeedEvent[]): FeedEvent[] {
  const byId = new Map<number, FeedEvent>();
  for (const event of [...list, ...added]) byId.set(event.id, event);
  return [...byId.values()].toSorted((a, b) => b.id - a.id).slice(0, LIVE_FEED_MAX);
}

/** Who: the handle the collector lets the feed show, else "a collector". */
export const whoOf = (event: FeedEvent): string => event.handle ?? 'a collector';

/** One sentence for the live region: "mika pulled Moon Rabbit (secret) from Night Box". */
export function sentenceOf(event: FeedEvent): string {
  const figure = event.figure.rarity === 'secret' ? `${event.figure.name} (secret)` : event.figure.name;
  if (event.kind === 'pull')
    return `${whoOf(event)} pulled ${figure}${event.boxName ? ` from ${event.boxName}` : ''}`;
  return `${whoOf(event)} bought ${figure}`;
}
