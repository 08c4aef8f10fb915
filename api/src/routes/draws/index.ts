/**
 * /api/draws: my draws with their proofs (the server seed once rotated out); someone else's draw is
 * 404 there. Any draw's public proof (no order, no item) is at /api/draws/:id/proof.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  drawListQuerySchema,
  drawPageSchema,
  drawParamsSchema,
  drawProofSchema,
  publicDrawProofSchema,
} from '@arttoy/shared/contracts/api';
import { findDraw, findPublicDraw, listDraws } from '../../domain/draws/draw-proof';
import { apiError } from '../../errors';
import { errorResponses, limitedBy, PRIVATE_NO_STORE, requireUser, type RouteOptions } from '../deps';

const drawRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const config = limitedBy(deps.limits?.auth);
  const security = [{ bearerAuth: [] }];
  const tags = ['draws'];

  fastify.get(
    '',
    {
      schema: {
        summary: 'My draws, newest first',
        tags,
        security,
        querystring: drawListQuerySchema,
        response: { 200: drawPageSchema, ...errorResponses(400, 401, 429, 503) },
      },
      config,
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send(await listDraws(deps.db, user.id, request.query, deps.urls));
    },
  );

  fastify.get(
    '/:id',
    {
      schema: {
        summary: 'The proof of one of my draws',
        tags,
        security,
        params: drawParamsSchema,
        response: { 200: drawProofSchema, ...errorResponses(400, 401, 404, 429, 503) },
      },
      config,
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const draw = await findDraw(deps.db, user.id, request.params.id, deps.urls);
      if (!draw)
        throw apiError('draw_not_found', {
          drawId: request.params.id,
          hint: `GET ${fastify.prefix} lists your draws.`,
        });
      return reply.header('cache-control', PRIVATE_NO_STORE).send(draw);
    },
  );

  fastify.get(
    '/:id/proof',
    {
      schema: {
        summary:
          "Any draw's public proof: what re-computes it (the server seed once its owner rotated it out), without its order or owner",
        tags,
        security: [],
        params: drawParamsSchema,
        response: { 200: publicDrawProofSchema, ...errorResponses(400, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const proof = await findPublicDraw(deps.db, request.params.id, deps.urls);
      if (!proof)
        throw apiError('draw_not_found', {
          drawId: request.params.id,
          hint: 'The live room (/api/feed/recent) links every pull to its draw.',
        });
      // The seed appears when its owner rotates it: a short shared lifetime.
      return reply.header('cache-control', 'public, max-age=30').send(proof);
    },
  );
};

export default drawRoutes;
