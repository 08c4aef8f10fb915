/**
 * The sandbox provider's checkout page: what PayPal's approval page is to a PayPal payment, for
 * test mode. A plain HTML form (the site's CSP allows no inline script): Approve or Cancel, then a
 * 303 back to the site's payment page with the token. It moves no money; the capture still happens
 * on the server, for the signed-in buyer only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { PAYMENT_RETURN_PATH } from '@arttoy/shared/contracts/api';
import { decideSandboxCheckout, findSandboxCheckout } from '../../domain/payments/sandbox-provider';
import type { RouteOptions } from '../deps';
import { renderSandboxPage } from './sandbox-page';

const tokenSchema = z
  .string()
  .regex(/^SBX-[0-9A-F]{24}$/, 'must be a sandbox payment token such as SBX-0123456789ABCDEF01234567');

/** An HTML answer, as the OpenAPI document shows it. */
const htmlPage = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });

/** The page's own policy: its inline stylesheet, a form posting to itself, nothing else. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const sandboxCheckoutRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  // HTML forms post application/x-www-form-urlencoded; only this page needs it.
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const html = (status: 200 | 404, body: string) => ({ status, body });

  fastify.get(
    '/checkout',
    {
      schema: {
        summary: 'The sandbox approval page (HTML, test mode)',
        tags: ['orders'],
        querystring: z.object({ token: z.string().max(200) }),
        response: {
          200: htmlPage('The approval page: Approve or Cancel'),
          404: htmlPage('A page saying no sandbox payment waits for this token'),
        },
      },
    },
    async (request, reply) => {
      const parsed = tokenSchema.safeParse(request.query.token);
      const checkout = parsed.success ? await findSandboxCheckout(deps.db, parsed.data) : null;
      const page = checkout
        ? html(200, renderSandboxPage(checkout, request.url.split('?')[0] ?? ''))
        : html(404, renderSandboxPage(null, ''));
      return reply
        .status(page.status)
        .header('content-security-policy', PAGE_CSP)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page.body);
    },
  );

  fastify.post(
    '/checkout',
    {
      schema: {
        summary: 'Approve or cancel a sandbox payment (form post); 303 back to the site',
        tags: ['orders'],
        consumes: ['application/x-www-form-urlencoded'],
        body: z.object({ token: tokenSchema, action: z.enum(['approve', 'cancel']) }),
        response: {
          303: z
            .null()
            .describe(`To the site's payment page, ${PAYMENT_RETURN_PATH}?token=… (&cancelled=1 on cancel)`),
          404: htmlPage('A page saying no sandbox payment waits for this token'),
        },
      },
    },
    async (request, reply) => {
      const target = await decideSandboxCheckout(deps.db, request.body.token, request.body.action);
      if (!target) {
        return reply
          .status(404)
          .header('content-security-policy', PAGE_CSP)
          .type('text/html; charset=utf-8')
          .send(renderSandboxPage(null, ''));
      }
      return reply.status(303).header('cache-control', 'no-store').redirect(target, 303);
    },
  );
};

export default sandboxCheckoutRoutes;
