/**
 * /api/feed: the live room's feed of pulls and market sales. GET '' streams server-sent events
 * (resumable by Last-Event-ID), GET '/recent' answers the latest events for a page's first render.
 * Both public. Streams are bounded (domain/feed/settings.ts): per client address and per instance,
 * in what a client that does not read may hold; they end when the API closes, and the browser
 * reconnects (to another instance, or this one restarted) by the retry hint, resuming where it was.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { feedRecentSchema } from '@arttoy/shared/contracts/api';
import { FeedHub } from '../../domain/feed/hub';
import { recentEvents } from '../../domain/feed/read';
import { FEED_BACKLOG } from '../../domain/feed/settings';
import { apiError } from '../../errors';
import { apiSecurityHeaders } from '../../plugins/security';
import { errorResponses, limitedBy, type RouteOptions } from '../deps';

/** An event id as EventSource sends it back (Last-Event-ID); empty is "none". */
const eventIdText = z.string().regex(/^\d{0,16}$/, 'must be the id of a feed event (a whole number)');

const streamQuerySchema = z.object({
  /** For a first connection that already has events (from GET /api/feed/recent); a reconnecting browser's Last-Event-ID header wins. */
  lastEventId: z.optional(eventIdText),
});
const streamHeadersSchema = z.object({
  'last-event-id': z.optional(eventIdText),
});

/** Whether an Accept header takes an event stream (EventSource sends `text/event-stream`). */
export function acceptsEventStream(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((range) => {
    const type = range.split(';')[0]?.trim().toLowerCase();
    return type === 'text/event-stream' || type === 'text/*' || type === '*/*';
  });
}

const idOf = (text: string | undefined): number | null => (text ? Number(text) : null);

const feedRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const tags = ['market'];
  const hub = new FeedHub(deps.db, deps.feed, fastify.log);
  await hub.start(deps.database);
  const unwatch = deps.metrics.watchFeed(hub);
  fastify.addHook('onClose', async () => unwatch());
  // Before the server stops listening: streams would otherwise hold its close open.
  fastify.addHook('preClose', () => hub.close());
  fastify.addHook('onClose', () => hub.close());

  fastify.get(
    '',
    {
      schema: {
        summary:
          'The live feed, as server-sent events: the events after Last-Event-ID (the latest 50 without one), then each pull and sale as it commits',
        description:
          'Ask with Accept: text/event-stream (EventSource does). Each event is `id: <id>`, `event: pull|sale`, `data: <FeedEvent JSON>`; a comment line is sent every 15 s; ' +
          '`retry:` says how long to wait before reconnecting. A client that does not read is dropped and resumes by Last-Event-ID. ' +
          '429 when this address has too many streams open, 503 when the server has.',
        tags,
        headers: streamHeadersSchema,
        querystring: streamQuerySchema,
        response: {
          200: {
            description: 'An event stream of FeedEvent',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...errorResponses(400, 429, 503),
        },
      },
      config: { ...limitedBy(deps.limits?.auth), untilClientLeaves: true },
    },
    async (request, reply) => {
      if (!acceptsEventStream(request.headers.accept)) {
        throw apiError('feed_needs_event_stream', { path: fastify.prefix });
      }
      const afterId = idOf(request.headers['last-event-id'] || request.query.lastEventId);
      const admission = hub.admit(request.ip, deps.limits ? hub.settings.perIp : null);
      if ('refused' in admission) {
        if (admission.refused === 'per-ip') {
          throw apiError('feed_streams_per_ip', { max: hub.settings.perIp });
        }
        reply.header('retry-after', '30');
        throw apiError(admission.refused === 'closing' ? 'feed_closing' : 'feed_full', {});
      }
      const { client } = admission;
      let backlog;
      try {
        backlog = await hub.backlog(afterId);
      } catch (error) {
        client.end();
        throw error;
      }
      reply.hijack();
      const res: ServerResponse = reply.raw;
      res.writeHead(200, {
        ...apiSecurityHeaders(),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and the like must pass each event on at once, not buffer the stream.
        'x-accel-buffering': 'no',
      });
      client.attach(res, backlog.head, backlog.sentIds);
      return reply;
    },
  );

  fastify.get(
    '/recent',
    {
      schema: {
        summary: `The latest ${FEED_BACKLOG} events of the live feed, newest first (for a page's first render; GET /feed streams what follows)`,
        tags,
        response: { 200: feedRecentSchema, ...errorResponses(429, 503) },
      },
      config: limitedBy(deps.limits?.auth),
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=5')
        .send({ items: await recentEvents(deps.db, FEED_BACKLOG) }),
  );
};

export default feedRoutes;
