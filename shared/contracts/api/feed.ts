/**
 * The live room: a feed of pulls and market sales, pushed as server-sent events (GET /api/feed,
 * resumable by Last-Event-ID). A user's handle shows beside their events only if they let it
 * (PUT /api/me/feed-visibility; hidden until chosen).
 */
import * as z from 'zod';
import { FIGURE_RARITIES } from './catalogue';
import { drawPublicIdSchema } from './commerce';
import { moneySchema, timestampSchema } from './common';

export const FEED_EVENT_KINDS = ['pull', 'sale'] as const;
export type FeedEventKind = (typeof FEED_EVENT_KINDS)[number];

/** What a feed event says of its figure. */
export const feedFigureSchema = z.object({
  id: z.int().positive(),
  slug: z.string(),
  name: z.string(),
  rarity: z.enum(FIGURE_RARITIES),
  seriesName: z.string(),
  /** true: a secret not yet revealed, named as every public answer names it (figureSchema's `hidden`); it has no page. */
  hidden: z.optional(z.boolean()),
});

/** An event as stored (feed_events.payload): everything but its id, moment and handle. */
export const feedPayloadSchema = z.object({
  figure: feedFigureSchema,
  /** A pull's box; null for a sale. */
  boxName: z.nullable(z.string()),
  /** A pull's draw (its owner's id of it: never sent to clients); null for a sale. */
  drawId: z.nullable(z.int().positive()),
  /** A sale's price; null for a pull. */
  price: z.nullable(moneySchema),
});
export type FeedPayload = z.infer<typeof feedPayloadSchema>;

/**
 * An event as clients receive it. A pull names its draw only by the draw's public id, and only while
 * the puller lets the live room show them: someone who did not opt in cannot be followed from pull
 * to pull (no draw id, no proof link, so no seed hash and client seed to match).
 */
export const feedEventSchema = feedPayloadSchema.omit({ drawId: true }).extend({
  /** The pull's proof (GET /api/draws/:publicId/proof, /mysterybox/test?draw=); null for a sale, or a puller who did not opt in. */
  drawPublicId: z.nullable(drawPublicIdSchema),
  /** The server-sent event id: a reconnecting client resumes after it. */
  id: z.int().positive(),
  kind: z.enum(FEED_EVENT_KINDS),
  at: timestampSchema,
  /** The puller's or buyer's handle, when they chose one and let the feed show it; null shows as "a collector". */
  handle: z.nullable(z.string()),
});
export type FeedEvent = z.infer<typeof feedEventSchema>;

/** GET /api/feed/recent: the latest events, newest first. */
export const feedRecentSchema = z.object({ items: z.array(feedEventSchema) });

/** GET and PUT /api/me/feed-visibility: whether the live room shows my handle beside my pulls and purchases. */
export const feedVisibilitySchema = z.strictObject({
  /** true: the feed shows my handle; false (the default until chosen): "a collector". */
  visible: z.boolean(),
});
export type FeedVisibility = z.infer<typeof feedVisibilitySchema>;
