/** GET /api/figures, /api/figures/:slug and the figure's generated art. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import {
  figureListQuerySchema,
  figurePageSchema,
  figureSchema,
  slugParamsSchema,
} from '@arttoy/shared/contracts/api';
import { getFigure, getFigureArtInput, listFigures } from '../../domain/catalogue/figures';
import { ART_VERSION, renderFigureArt, renderHiddenSecretArt } from '../../domain/figure-art';
import { apiError } from '../../errors';
import {
  CATALOGUE_CACHE,
  errorResponses,
  PRIVATE_NO_STORE,
  type RouteOptions,
  cachedRead,
  CATALOGUE_TABLES,
} from '../deps';

/** A matching art version is immutable; anything else revalidates hourly. */
const artCacheControl = (version: string | undefined) =>
  version === String(ART_VERSION) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';

/** The art URL's version (`?v=`). */
const artQuerySchema = z.object({
  v: z.optional(z.string().max(20)),
  /** A hidden secret's art key (figures.art_key): only its owners' answers carry it. */
  key: z.optional(z.string().max(64)),
});

const svgResponse = { description: 'SVG image', content: { 'image/svg+xml': { schema: z.string() } } };

const figureRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const missing = (slug: string) =>
    apiError('figure_not_found', { slug, hint: `GET ${fastify.prefix} lists the figures.` });

  fastify.get(
    '',
    {
      config: cachedRead(...CATALOGUE_TABLES),
      schema: {
        summary: 'Figures; filter by style, series, rarity or name; sort by catalogue order, name or newest',
        tags: ['catalogue'],
        querystring: figureListQuerySchema,
        response: { 200: figurePageSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', CATALOGUE_CACHE)
        .send(await listFigures(deps.db, request.query, deps.urls)),
  );

  fastify.get(
    '/:slug',
    {
      config: cachedRead(...CATALOGUE_TABLES),
      schema: {
        summary: 'One figure',
        tags: ['catalogue'],
        params: slugParamsSchema,
        response: { 200: figureSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const figure = await getFigure(deps.db, request.params.slug, deps.urls);
      if (!figure) throw missing(request.params.slug);
      return reply.header('cache-control', CATALOGUE_CACHE).send(figure);
    },
  );

  fastify.get(
    '/secret.svg',
    {
      config: cachedRead(),
      schema: {
        summary: 'The picture of every secret figure not yet revealed (the same for all of them)',
        tags: ['catalogue'],
        querystring: artQuerySchema.pick({ v: true }),
        response: { 200: svgResponse },
      },
    },
    async (request, reply) =>
      reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', artCacheControl(request.query.v))
        .send(renderHiddenSecretArt()),
  );

  fastify.get(
    '/:slug/art.svg',
    {
      config: cachedRead(...CATALOGUE_TABLES),
      schema: {
        summary: "The figure's art (SVG, generated from its art seed)",
        tags: ['catalogue'],
        params: slugParamsSchema,
        querystring: artQuerySchema,
        response: { 200: svgResponse, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const input = await getFigureArtInput(deps.db, request.params.slug);
      // A hidden secret answers as an unknown slug without its key: its slug alone shows nothing.
      if (!input || (input.hidden && request.query.key !== input.artKey)) throw missing(request.params.slug);
      return (
        reply
          .type('image/svg+xml; charset=utf-8')
          // Its owners' copy: no shared cache keeps it, and it changes URL once revealed.
          .header('cache-control', input.hidden ? PRIVATE_NO_STORE : artCacheControl(request.query.v))
          .send(renderFigureArt(input))
      );
    },
  );
};

export default figureRoutes;
