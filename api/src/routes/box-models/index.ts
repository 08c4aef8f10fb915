/** GET /api/box-models and /api/box-models/:id: mystery boxes with price, stock and published odds. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  boxModelDetailSchema,
  boxModelListQuerySchema,
  boxModelPageSchema,
  boxModelParamsSchema,
} from '@arttoy/shared/contracts/api';
import { getBoxModel, listBoxModels } from '../../domain/catalogue/box-models';
import { apiError } from '../../errors';
import { CATALOGUE_CACHE, errorResponses, type RouteOptions, cachedStockRead } from '../deps';

const boxModelRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  fastify.get(
    '',
    {
      config: cachedStockRead(),
      schema: {
        summary: 'Box models on sale; filter by style or series slug',
        tags: ['mystery box'],
        querystring: boxModelListQuerySchema,
        response: { 200: boxModelPageSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', CATALOGUE_CACHE).send(await listBoxModels(deps.db, request.query)),
  );

  fastify.get(
    '/:id',
    {
      config: cachedStockRead(),
      schema: {
        summary: 'One box model with every figure, its odds (ppm, summing to 1 000 000) and stock',
        tags: ['mystery box'],
        params: boxModelParamsSchema,
        response: { 200: boxModelDetailSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const box = await getBoxModel(deps.db, request.params.id, deps.urls);
      if (!box)
        throw apiError('box_model_not_found', {
          boxModelId: request.params.id,
          hint: `GET ${fastify.prefix} lists the box models on sale.`,
        });
      // Stock changes with every sale: a short shared cache only.
      return reply.header('cache-control', 'public, max-age=5').send(box);
    },
  );
};

export default boxModelRoutes;
