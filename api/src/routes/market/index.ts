/**
 * GET /api/market/figures/:slug and /api/market/asks?series=: the market as any visitor reads it.
 * Kept a few seconds at most (MARKET_FRESH_MS): the site server renders figure pages from them (a
 * figure's collector prices are in its served page), and a crowd on one figure is answered from
 * memory, as catalogue reads are (not limited per IP: the site server reads them for every
 * visitor from one address). An order, a listing made, repriced or withdrawn in this process drops
 * the kept answer at once; another instance's within those seconds. Browsers revalidate every time
 * (`max-age=0`, the ETag answers 304): a buyer's read after a refused order must see the listing
 * gone; shared caches may keep an answer those seconds.
 */
import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MARKET_FRESH_MS } from '@arttoy/shared/contracts';
import {
  figureMarketSchema,
  seriesAsksQuerySchema,
  seriesAsksSchema,
  slugParamsSchema,
} from '@arttoy/shared/contracts/api';
import { figureMarket, seriesAsks } from '../../domain/market/market-reads';
import { apiError } from '../../errors';
import { errorResponses, type RouteOptions } from '../deps';

const MARKET_CACHE = `public, max-age=0, s-maxage=${MARKET_FRESH_MS / 1000}`;
/** Kept by the answer cache until a listing or an order (a sale is a paid order) changes, MARKET_FRESH_MS at most. */
const MARKET_READ: FastifyContextConfig = {
  cachedRead: { tables: ['figures', 'series', 'orders', 'listings'], maxAgeMs: MARKET_FRESH_MS },
  rateLimit: false,
};

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
      config: MARKET_READ,
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
      config: MARKET_READ,
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
