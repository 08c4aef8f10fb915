/** GET /api/health: is the API up, and does its database answer. For load balancers and `npm start` checks. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@arttoy/shared/contracts/api';
import type { RouteOptions } from '../deps';

const healthRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  fastify.get(
    '',
    {
      schema: {
        summary: 'Health of the API and its database',
        tags: ['meta'],
        response: { 200: healthSchema, 503: healthSchema },
      },
      // Load balancers ask every few seconds from a handful of addresses.
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const ok = await deps.database.ping();
      return reply
        .status(ok ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({
          status: ok ? 'ok' : 'degraded',
          database: { engine: deps.database.engine, ok },
          uptime: Math.round(process.uptime()),
        });
    },
  );
};

export default healthRoutes;
