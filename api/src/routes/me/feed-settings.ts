/**
 * /api/me/feed-visibility: whether the live room shows my handle beside my pulls and purchases
 * (hidden until chosen; without a handle, events show "a collector" either way). It applies to past
 * events too: the feed decides the handle when it reads an event.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedVisibilitySchema } from '@arttoy/shared/contracts/api';
import { feedVisibilityOf, setFeedVisibility } from '../../domain/feed/visibility';
import { errorResponses, limitedBy, PRIVATE_NO_STORE, requireUser, type RouteOptions } from '../deps';

const feedSettingsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['account'];

  fastify.get(
    '/feed-visibility',
    {
      schema: {
        summary: 'Whether the live feed shows my handle beside my pulls and purchases',
        tags,
        security,
        response: { 200: feedVisibilitySchema, ...errorResponses(401, 429, 503) },
      },
      config: limitedBy(deps.limits?.auth),
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send({ visible: await feedVisibilityOf(deps.db, user.id) });
    },
  );

  fastify.put(
    '/feed-visibility',
    {
      schema: {
        summary: 'Show or hide my handle in the live feed (past events included); hidden until chosen',
        tags,
        security,
        body: feedVisibilitySchema,
        response: { 200: feedVisibilitySchema, ...errorResponses(400, 401, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send({ visible: await setFeedVisibility(deps.db, user.id, request.body.visible) });
    },
  );
};

export default feedSettingsRoutes;
