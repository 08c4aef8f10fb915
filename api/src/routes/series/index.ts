/** GET /api/series and /api/series/:slug: collections, filterable by style and name. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  seriesDetailSchema,
  seriesListQuerySchema,
  seriesPageSchema,
  slugParamsSchema,
} from '@arttoy/shared/contracts/api';
import { getSeries, listSeries } from '../../domain/catalogue/series';
import { apiError } from '../../errors';
import {
  CATALOGUE_CACHE,
  CATALOGUE_TABLES,
  cachedRead,
  cachedStockRead,
  errorResponses,
  type RouteOptions,
} from '../deps';

const seriesRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  fastify.get(
    '',
    {
      // Series with a box on sale are those with an active box model, whatever its stock.
      config: cachedRead(...CATALOGUE_TABLES),
      schema: {
        summary: 'Series, in gallery order; filter by style slug or name',
        tags: ['catalogue'],
        querystring: seriesListQuerySchema,
        response: { 200: seriesPageSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', CATALOGUE_CACHE)
        .send(await listSeries(deps.db, request.query, deps.urls)),
  );

  fastify.get(
    '/:slug',
    {
      config: cachedStockRead(),
      schema: {
        summary: 'One series with its figures and box models',
        tags: ['catalogue'],
        params: slugParamsSchema,
        response: { 200: seriesDetailSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const series = await getSeries(deps.db, request.params.slug, deps.urls);
      if (!series)
        throw apiError('series_not_found', {
          slug: request.params.slug,
          hint: `GET ${fastify.prefix} lists the series.`,
        });
      return reply.header('cache-control', CATALOGUE_CACHE).send(series);
    },
  );
};

export default seriesRoutes;
