/**
 * GET /api/search.json: everything the site search finds: published posts, rules, help and site
 * pages (compiled with the content), and the gallery's series and figures and the mystery boxes on
 * sale with their prices (from the database, so an answer kept in memory is dropped when one of
 * their tables changes). Drafts are never in it. Clients download it once and search locally.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchIndexSchema } from '@arttoy/shared/contracts/api';
import { catalogueSearchEntries } from '../../content/catalogue-search';
import type { ContentRouteOptions } from '../content';
import { CATALOGUE_CACHE, cachedRead, CATALOGUE_TABLES } from '../deps';

const searchRoutes: FastifyPluginAsyncZod<ContentRouteOptions> = async (fastify, { deps, content }) => {
  fastify.get(
    '/search.json',
    {
      config: cachedRead(...CATALOGUE_TABLES),
      schema: {
        summary:
          'The site search index: published documents, series, figures and the mystery boxes on sale, with pictures',
        tags: ['content'],
        response: { 200: searchIndexSchema },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', CATALOGUE_CACHE)
        .send([...content.searchEntries, ...(await catalogueSearchEntries(deps.db, deps.urls))]),
  );
};

export default searchRoutes;
