/** GET /api/me: the signed-in user (created on first call from the verified Firebase token) and their handle. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meSchema } from '@arttoy/shared/contracts/api';
import { handleOf, toMe } from '../../domain/profile';
import { errorResponses, limitedBy, PRIVATE_NO_STORE, requireUser, type RouteOptions } from '../deps';

const accountRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  fastify.get(
    '',
    {
      schema: {
        summary: 'The signed-in user',
        tags: ['account'],
        security: [{ bearerAuth: [] }],
        response: { 200: meSchema, ...errorResponses(401, 429, 503) },
      },
      config: limitedBy(deps.limits?.auth),
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      // The handle is read with each answer: the user row kept per process would miss a change made on another instance.
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send(toMe(user, await handleOf(deps.db, user.id)));
    },
  );
};

export default accountRoutes;
