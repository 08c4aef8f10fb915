/**
 * GET /api/content/preview?token=…&redirect=/blog/x: checks a preview token, stores it in the
 * `previewToken` cookie (HttpOnly: pages never read it) and sends the browser to the page with
 * `?preview=true`. `?exit=true` or DELETE clears it. Redirects stay on this site.
 */
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { apiErrorSchema } from '@arttoy/shared/contracts/api';
import { sameSitePath } from '@arttoy/shared/http';
import { isPreviewToken, PREVIEW_COOKIE } from '../../content/preview-tokens';
import { apiError } from '../../errors';
import type { ContentRouteOptions } from '../content';
import { errorResponses, limitedBy } from '../deps';

/**
 * A path on this site, checked as the browser will resolve it (shared/http sameSitePath): `//host`,
 * `/\host` and `/.//host` are other sites to a browser. The redirect uses the resolved path.
 */
const sitePathSchema = z
  .string()
  .max(500)
  .refine((value) => sameSitePath(value) !== null, 'must be a path on this site such as /blog/my-post')
  .transform((value) => sameSitePath(value) ?? '/');

const previewQuerySchema = z.object({
  token: z.optional(z.string().min(1).max(200)),
  redirect: sitePathSchema.default('/'),
  exit: z.optional(z.enum(['true', 'false'])),
});

/** The redirect target with `preview=true` added (entering) or removed (leaving); checked again once built. */
function target(redirect: string, previewing: boolean): string {
  const url = new URL(redirect, 'http://site.invalid');
  if (previewing) url.searchParams.set('preview', 'true');
  else url.searchParams.delete('preview');
  return sameSitePath(`${url.pathname}${url.search}${url.hash}`) ?? '/';
}

const cookieOptions = (request: FastifyRequest) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: request.protocol === 'https',
});

function clear(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.clearCookie(PREVIEW_COOKIE, cookieOptions(request)).header('cache-control', 'no-store');
}

const previewRoutes: FastifyPluginAsyncZod<ContentRouteOptions> = async (fastify, { deps, content }) => {
  await fastify.register(cookie);

  fastify.get(
    '',
    {
      // Tokens are guessed here: limited like the sign-in routes.
      config: limitedBy(deps.limits?.auth),
      schema: {
        summary:
          'Enter preview mode with a token (drafts become visible with ?preview=true), or leave it with exit=true',
        tags: ['content'],
        querystring: previewQuerySchema,
        response: {
          303: z.null().describe('To the redirect path'),
          403: apiErrorSchema,
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const { token, redirect, exit } = request.query;
      if (exit === 'true') return clear(request, reply).redirect(target(redirect, false), 303);
      if (!isPreviewToken(token, content.previewTokens)) {
        throw apiError('preview_token_invalid', {});
      }
      return reply
        .setCookie(PREVIEW_COOKIE, token as string, { ...cookieOptions(request), maxAge: 60 * 60 * 24 })
        .header('cache-control', 'no-store')
        .redirect(target(redirect, true), 303);
    },
  );

  fastify.delete(
    '',
    {
      schema: {
        summary: 'Leave preview mode (clears the previewToken cookie)',
        tags: ['content'],
        response: { 204: z.null().describe('Cleared'), ...errorResponses(429) },
      },
    },
    async (request, reply) => clear(request, reply).status(204).send(),
  );
};

export default previewRoutes;
