/** GET /api/locker and /api/locker/:id: the signed-in user's own items, and no one else's. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lockerItemParamsSchema, lockerItemSchema, lockerListSchema } from '@arttoy/shared/contracts/api';
import { getLockerItem, listLocker } from '../../domain/locker';
import { apiError } from '../../errors';
import { errorResponses, limitedBy, PRIVATE_NO_STORE, requireUser, type RouteOptions } from '../deps';

const lockerRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const config = limitedBy(deps.limits?.auth);
  const security = [{ bearerAuth: [] }];

  fastify.get(
    '',
    {
      schema: {
        summary: 'Items in my locker, newest first',
        tags: ['locker'],
        security,
        response: { 200: lockerListSchema, ...errorResponses(401, 429, 503) },
      },
      config,
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send({ items: await listLocker(deps.db, user.id, deps.urls) });
    },
  );

  fastify.get(
    '/:id',
    {
      schema: {
        summary: 'One item of my locker',
        tags: ['locker'],
        security,
        params: lockerItemParamsSchema,
        response: { 200: lockerItemSchema, ...errorResponses(400, 401, 404, 429, 503) },
      },
      config,
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const item = await getLockerItem(deps.db, user.id, request.params.id, deps.urls);
      // Someone else's item is "not found" too: its existence is not ours to tell.
      if (!item)
        throw apiError('locker_item_not_found', {
          itemIds: [request.params.id],
          hint: `GET ${fastify.prefix} lists the items in your locker.`,
        });
      return reply.header('cache-control', PRIVATE_NO_STORE).send(item);
    },
  );
};

export default lockerRoutes;
