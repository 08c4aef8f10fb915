/**
 * GET /api/market/figures/:slug and /api/market/asks?series=: the market as any visitor reads it.
 * Not from the answer cache, and `no-store`: a listing bought or withdrawn leaves the page at once.
 * Read from the database each time, so limited per IP like other uncached reads (the API's default).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  figureMarketSchema,
  seriesAsksQuerySchema,
  seriesAsksSchema,
  slugParamsSchema,
} from '@arttoy/shared/contracts/api';
import { figureMarket, seriesAsks } from '../../domain/market/market-reads';
import { apiError } from '../../errors';
import { errorResponses, type RouteOptions } from '../deps';

const MARKET_CACHE = 'no-store';

const marketRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const tags = ['market'];

  fastify.get(
    '/figures/:slug',
    {
      schema: {
        summary:
          "A figure's market: its open listings (cheapest first), its latest sales (oldest first) and their last, lowest and median price",
        tags,
        params: slugParamsSchema,
        response: { 200: figureMarketSchema, ...errorResponses(400, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const market = await figureMarket(deps.db, request.params.slug);
      if (!market)
        throw apiError('figure_not_found', {
          slug: request.params.slug,
          hint: 'GET /api/figures lists the figures.',
        });
      return reply.header('cache-control', MARKET_CACHE).send(market);
    },
  );

  fastify.get(
    '/asks',
    {
      schema: {
        summary:
          "A series' lowest ask per figure, with how many listings are open (figures without one are left out)",
        tags,
        querystring: seriesAsksQuerySchema,
        response: { 200: seriesAsksSchema, ...errorResponses(400, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const asks = await seriesAsks(deps.db, request.query.series);
      if (!asks)
        throw apiError('series_not_found', {
          slug: request.query.series,
          hint: 'GET /api/series lists the series.',
        });
      return reply.header('cache-control', MARKET_CACHE).send(asks);
    },
  );
};

export default marketRoutes;
