/**
 * /api/draws: my draws with their proofs (the server seed once rotated out), by my id of a draw or
 * its public id; someone else's draw is 404 there. A draw's public proof (no id, order or item) is
 * at /api/draws/:publicId/proof: for its owner, and for anyone while the owner lets the live room
 * show them (404 otherwise, as for a draw that does not exist).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  drawListQuerySchema,
  drawPageSchema,
  drawParamsSchema,
  drawProofParamsSchema,
  drawProofSchema,
  publicDrawProofSchema,
} from '@arttoy/shared/contracts/api';
import { findDraw, findPublicDraw, listDraws } from '../../domain/draws/draw-proof';
import { ApiError, apiError } from '../../errors';
import type { FastifyRequest } from 'fastify';
import {
  errorResponses,
  limitedBy,
  PRIVATE_NO_STORE,
  requireUser,
  type RouteDeps,
  type RouteOptions,
} from '../deps';

/** The signed-in user, or null when the token cannot be verified (a public route reads that as no token). */
async function signedInOrNull(deps: RouteDeps, request: FastifyRequest) {
  try {
    return await requireUser(deps, request);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 401) return null;
    throw error;
  }
}

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
          "A draw's public proof by its public id: what re-computes it (the server seed once its owner rotated it out), without its id, order or owner; for its owner, and for anyone while the owner lets the live room show them",
        tags,
        description:
          "Public. A signed-in owner's token, when sent, opens their own draw whatever their setting; a token that cannot be verified is read as none.",
        security: [],
        params: drawProofParamsSchema,
        response: { 200: publicDrawProofSchema, ...errorResponses(400, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const viewer = request.headers.authorization ? await signedInOrNull(deps, request) : null;
      const proof = await findPublicDraw(deps.db, request.params.id, viewer?.id ?? null, deps.urls);
      if (!proof)
        throw apiError('draw_not_found', {
          drawId: request.params.id,
          hint: 'The live room (/api/feed/recent) links the pulls of collectors who let it show them.',
        });
      // Whether anyone may see it turns with its owner's setting, and the seed appears when they rotate it.
      return reply.header('cache-control', viewer ? PRIVATE_NO_STORE : 'public, max-age=5').send(proof);
    },
  );
};

export default drawRoutes;
