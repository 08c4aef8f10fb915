/** GET /api/box-models and /api/box-models/:id: mystery boxes with price, stock and published odds. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  boxModelDetailSchema,
  boxModelListQuerySchema,
  boxModelPageSchema,
  boxModelParamsSchema,
} from '@arttoy/shared/contracts/api';
import { BOX_ART_VERSION, renderBoxArt } from '../../domain/box-art';
import { getBoxArtInput, getBoxModel, listBoxModels } from '../../domain/catalogue/box-models';
import { apiError } from '../../errors';
import { artQuerySchema, sendArt, svgResponse } from '../art';
import {
  CATALOGUE_CACHE,
  CATALOGUE_TABLES,
  cachedRead,
  cachedStockRead,
  errorResponses,
  type RouteOptions,
} from '../deps';

const boxModelRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const missing = (boxModelId: number) =>
    apiError('box_model_not_found', {
      boxModelId,
      hint: `GET ${fastify.prefix} lists the box models on sale.`,
    });

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
      reply
        .header('cache-control', CATALOGUE_CACHE)
        .send(await listBoxModels(deps.db, request.query, deps.urls)),
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
      if (!box) throw missing(request.params.id);
      // Stock changes with every sale: a short shared cache only.
      return reply.header('cache-control', 'public, max-age=5').send(box);
    },
  );

  fastify.get(
    '/:id/art.svg',
    {
      config: cachedRead(...CATALOGUE_TABLES),
      schema: {
        summary: "The box model's packaging art (SVG, generated per model in its series' palette)",
        tags: ['mystery box'],
        params: boxModelParamsSchema,
        querystring: artQuerySchema,
        response: { 200: svgResponse, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const input = await getBoxArtInput(deps.db, request.params.id);
      if (!input) throw missing(request.params.id);
      return sendArt(reply, renderBoxArt(input), request.query.v, BOX_ART_VERSION);
    },
  );
};

export default boxModelRoutes;
