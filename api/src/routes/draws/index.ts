/** /api/draws: my draws with their proofs (the server seed once rotated out). Someone else's draw is 404. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { drawListQuerySchema, drawPageSchema, drawParamsSchema, drawProofSchema } from '@arttoy/shared/contracts/api';
import { findDraw, listDraws } from '../../domain/draws/draw-proof';
import { notFound } from '../../errors';
import { errorResponses, limitedBy, PRIVATE_NO_STORE, requireUser, type RouteOptions } from '../deps';

const drawRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const config = limitedBy(deps.limits?.auth);
  const security = [{ bearerAuth: [] }];
  const tags = ['draws'];

  fastify.get(
    '',
    { schema: { summary: 'My draws, newest first', tags, security, querystring: drawListQuerySchema, response: { 200: drawPageSchema, ...errorResponses(400, 401, 429, 503) } }, config },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply.header('cache-control', PRIVATE_NO_STORE).send(await listDraws(deps.db, user.id, request.query, deps.urls));
    },
  );

  fastify.get(
    '/:id',
    {
      schema: { summary: 'The proof of one of my draws', tags, security, params: drawParamsSchema, response: { 200: drawProofSchema, ...errorResponses(400, 401, 404, 429, 503) } },
      config,
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const draw = await findDraw(deps.db, user.id, request.params.id, deps.urls);
      if (!draw) throw notFound(`Draw ${request.params.id}`, `GET ${fastify.prefix} lists your draws.`);
      return reply.header('cache-control', PRIVATE_NO_STORE).send(draw);
    },
  );
};

export default drawRoutes;
