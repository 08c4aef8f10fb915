/** GET /api/locker/:id/history: where an item of my locker came from (its pull, then every sale of it). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { itemHistorySchema, lockerItemParamsSchema } from '@arttoy/shared/contracts/api';
import { itemHistory } from '../../domain/market/item-history';
import { apiError } from '../../errors';
import { errorResponses, limitedBy, PRIVATE_NO_STORE, requireUser, type RouteOptions } from '../deps';

const lockerHistoryRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  fastify.get(
    '/:id/history',
    {
      schema: {
        summary:
          "An item of my locker's history: the draw that pulled it (with its proof) and every sale of it, oldest first",
        tags: ['locker'],
        security: [{ bearerAuth: [] }],
        params: lockerItemParamsSchema,
        response: { 200: itemHistorySchema, ...errorResponses(400, 401, 404, 429, 503) },
      },
      config: limitedBy(deps.limits?.auth),
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const history = await itemHistory(deps.db, user.id, request.params.id, deps.urls);
      // Someone else's item is "not found" too: its existence is not ours to tell.
      if (!history)
        throw apiError('locker_item_not_found', {
          itemIds: [request.params.id],
          hint: `GET ${fastify.prefix} lists the items in your locker.`,
        });
      return reply.header('cache-control', PRIVATE_NO_STORE).send(history);
    },
  );
};

export default lockerHistoryRoutes;
