/**
 * GET /api/content/document, /api/content/documents and /api/content/assets/:name: the compiled
 * Markdown of content/ (blog posts, rules and help pages, site pages) and its cover images.
 */
import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fs from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import {
  contentDocumentQuerySchema,
  contentDocumentResponseSchema,
  contentListQuerySchema,
  contentListSchema,
} from '@arttoy/shared/contracts/api';
import type { SiteContent } from '../../content/site-content';
import { apiError } from '../../errors';
import { cachedRead, errorResponses, type RouteOptions } from '../deps';
import { contentCacheControl, draftsAllowed } from './drafts';

export interface ContentRouteOptions extends RouteOptions {
  content: SiteContent;
}

const contentRoutes: FastifyPluginAsyncZod<ContentRouteOptions> = async (fastify, { content }) => {
  await fastify.register(cookie);

  fastify.get(
    '/document',
    {
      // The compiled content is fixed for the life of the process: no table to watch.
      config: cachedRead(),
      schema: {
        summary: 'One document by its site path, with previous/next and related documents of its folder',
        description:
          'Drafts are answered only with `preview=true` and a valid `previewToken` cookie; otherwise they do not exist (404).',
        tags: ['content'],
        querystring: contentDocumentQuerySchema,
        response: { 200: contentDocumentResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { path, locale, preview } = request.query;
      const found = content.store.get(path, {
        locale,
        drafts: draftsAllowed(request, preview, content.previewTokens),
      });
      if (!found)
        throw apiError('document_not_found', {
          path,
          hint: `GET ${fastify.prefix}/documents?dir=blog lists the published documents of a folder.`,
        });
      return reply.header('cache-control', contentCacheControl(preview)).send(found);
    },
  );

  fastify.get(
    '/documents',
    {
      // The compiled content is fixed for the life of the process: no table to watch.
      config: cachedRead(),
      schema: {
        summary:
          'A folder of documents (blog, rules, help, pages), newest first, optionally of one tag, with tag counts',
        tags: ['content'],
        querystring: contentListQuerySchema,
        response: { 200: contentListSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { dir, tag, page, pageSize, locale, preview } = request.query;
      const list = content.store.list({
        dir,
        tag,
        page,
        pageSize,
        locale,
        drafts: draftsAllowed(request, preview, content.previewTokens),
      });
      return reply.header('cache-control', contentCacheControl(preview)).send(list);
    },
  );

  fastify.get(
    '/assets/:name',
    {
      // The compiled content is fixed for the life of the process: no table to watch.
      config: cachedRead(),
      schema: {
        summary: 'A cover image of content/assets (SVG); the ?v= hash in its URL makes it immutable',
        tags: ['content'],
        params: z.object({
          name: z
            .string()
            .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/, 'must be an SVG file name such as cloud-bakery.svg'),
        }),
        querystring: z.object({ v: z.optional(z.string().max(40)) }),
        response: {
          200: { description: 'SVG image', content: { 'image/svg+xml': { schema: z.string() } } },
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const hash = content.store.build.assets[name];
      if (!hash)
        throw apiError('image_not_found', {
          name,
          hint: 'Covers are the SVG files in content/assets named by a document.',
        });
      const svg = await fs.readFile(join(content.contentDir, 'assets', name), 'utf8');
      const current = request.query.v === hash;
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
        .send(svg);
    },
  );
};

export default contentRoutes;
