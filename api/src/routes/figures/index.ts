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
import { artQuerySchema, sendArt, svgResponse } from '../art';
import {
  CATALOGUE_CACHE,
  errorResponses,
  PRIVATE_NO_STORE,
  type RouteOptions,
  cachedRead,
  CATALOGUE_TABLES,
} from '../deps';

/** A figure's art URL: its version, and a hidden secret's art key (figures.art_key), which only its owners' answers carry. */
const figureArtQuerySchema = artQuerySchema.extend({ key: z.optional(z.string().max(64)) });

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
        querystring: artQuerySchema,
        response: { 200: svgResponse },
      },
    },
    async (request, reply) => sendArt(reply, renderHiddenSecretArt(), request.query.v, ART_VERSION),
  );

  fastify.get(
    '/:slug/art.svg',
    {
      config: cachedRead(...CATALOGUE_TABLES),
      schema: {
        summary: "The figure's art (SVG, generated from its art seed)",
        tags: ['catalogue'],
        params: slugParamsSchema,
        querystring: figureArtQuerySchema,
        response: { 200: svgResponse, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const input = await getFigureArtInput(deps.db, request.params.slug);
      // A hidden secret answers as an unknown slug without its key: its slug alone shows nothing.
      if (!input || (input.hidden && request.query.key !== input.artKey)) throw missing(request.params.slug);
      // Its owners' copy: no shared cache keeps it, and it changes URL once revealed.
      if (input.hidden)
        return reply
          .type('image/svg+xml; charset=utf-8')
          .header('cache-control', PRIVATE_NO_STORE)
          .send(renderFigureArt(input));
      return sendArt(reply, renderFigureArt(input), request.query.v, ART_VERSION);
    },
  );
};

export default figureRoutes;
