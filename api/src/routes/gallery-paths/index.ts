/** GET /api/gallery-paths/:slug: whether the gallery's /gallery/{slug} is a figure or a series. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { galleryPathSchema, slugParamsSchema } from '@arttoy/shared/contracts/api';
import { resolveGalleryPath } from '../../domain/catalogue/gallery-path';
import { apiError } from '../../errors';
import { CATALOGUE_CACHE, CATALOGUE_TABLES, cachedRead, errorResponses, type RouteOptions } from '../deps';

const galleryPathRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const summary =
    'What /gallery/{slug} shows: the figure or the series of that slug (then read it at /api/figures/{slug} or /api/series/{slug})';
  const schema = {
    summary,
    tags: ['catalogue'],
    params: slugParamsSchema,
    response: { 200: galleryPathSchema, ...errorResponses(400, 404) },
  };
  fastify.get('/:slug', { config: cachedRead(...CATALOGUE_TABLES), schema }, async (request, reply) => {
    const found = await resolveGalleryPath(deps.db, request.params.slug);
    if (!found)
      throw apiError('gallery_path_not_found', {
        slug: request.params.slug,
        hint: 'GET /api/figures and GET /api/series list them.',
      });
    return reply.header('cache-control', CATALOGUE_CACHE).send(found);
  });
};

export default galleryPathRoutes;
