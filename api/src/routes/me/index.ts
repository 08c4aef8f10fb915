/** GET /api/me: the signed-in user, created on first call from the verified Firebase token. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meSchema } from '@arttoy/shared/contracts/api';
import { errorResponses, limitedBy, PRIVATE_NO_STORE, requireUser, type RouteOptions } from '../deps';

const accountRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  fastify.get(
    '',
    {
      schema: { summary: 'The signed-in user', tags: ['account'], security: [{ bearerAuth: [] }], response: { 200: meSchema, ...errorResponses(401, 429, 503) } },
      config: limitedBy(deps.limits?.auth),
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply.header('cache-control', PRIVATE_NO_STORE).send({
        id: user.id,
        uid: user.firebaseUid,
        email: user.email,
        displayName: user.displayName,
        createdAt: user.createdAt.toISOString(),
      });
    },
  );
};

export default accountRoutes;
