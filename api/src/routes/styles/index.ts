/** GET /api/styles and /api/styles/:slug: the gallery's top level. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  slugParamsSchema,
  styleDetailSchema,
  styleListQuerySchema,
  stylePageSchema,
} from '@arttoy/shared/contracts/api';
import { getStyle, listStyles } from '../../domain/catalogue/styles';
import { apiError } from '../../errors';
import { CATALOGUE_CACHE, errorResponses, type RouteOptions, cachedRead, CATALOGUE_TABLES } from '../deps';

const styleRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  fastify.get(
    '',
    {
      config: cachedRead(...CATALOGUE_TABLES),
      schema: {
        summary: 'Styles, in gallery order',
        tags: ['catalogue'],
        querystring: styleListQuerySchema,
        response: { 200: stylePageSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', CATALOGUE_CACHE)
        .send(await listStyles(deps.db, request.query, deps.urls)),
  );

  fastify.get(
    '/:slug',
    {
      config: cachedRead(...CATALOGUE_TABLES),
      schema: {
        summary: 'One style with its series',
        tags: ['catalogue'],
        params: slugParamsSchema,
        response: { 200: styleDetailSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const style = await getStyle(deps.db, request.params.slug, deps.urls);
      if (!style)
        throw apiError('style_not_found', {
          slug: request.params.slug,
          hint: `GET ${fastify.prefix} lists the styles.`,
        });
      return reply.header('cache-control', CATALOGUE_CACHE).send(style);
    },
  );
};

export default styleRoutes;
