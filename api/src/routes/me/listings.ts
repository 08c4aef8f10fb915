/** GET /api/me/listings: every listing I made, newest first, with the fee and what a sale pays me. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { myListingListSchema } from '@arttoy/shared/contracts/api';
import { listMyListings } from '../../domain/market/listings';
import { errorResponses, limitedBy, PRIVATE_NO_STORE, requireUser, type RouteOptions } from '../deps';

const myListingRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  fastify.get(
    '/listings',
    {
      schema: {
        summary: 'My listings, every status, newest first, each with its fee and proceeds',
        tags: ['market'],
        security: [{ bearerAuth: [] }],
        response: { 200: myListingListSchema, ...errorResponses(401, 429, 503) },
      },
      config: limitedBy(deps.limits?.auth),
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send({ items: await listMyListings(deps.db, user.id, deps.urls) });
    },
  );
};

export default myListingRoutes;
