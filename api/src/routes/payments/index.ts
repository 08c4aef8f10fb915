/**
 * /api/payments: the server-side capture after the buyer's approval, provider webhooks, and the
 * sandbox provider's checkout page (sandbox-checkout.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  captureBodySchema,
  captureResultSchema,
  PAYMENT_PROVIDERS,
  paymentProviderListSchema,
  webhookAckSchema,
  webhookParamsSchema,
} from '@arttoy/shared/contracts/api';
import { capturePayment } from '../../domain/payments/payment-service';
import { handleWebhook } from '../../domain/payments/webhooks';
import { apiError } from '../../errors';
import { errorResponses, PRIVATE_NO_STORE, requireUser, type RouteOptions } from '../deps';
import sandboxCheckoutRoutes from './sandbox-checkout';

const paymentRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const paymentDeps = {
    db: deps.db,
    providers: deps.payments,
    urls: deps.urls,
    changes: deps.changes,
    outcomes: deps.metrics,
  };
  let webhooksInFlight = 0;

  fastify.get(
    '/providers',
    {
      schema: {
        summary:
          'The pay ways this site takes: the sandbox always, PayPal once its credentials are configured',
        tags: ['orders'],
        response: { 200: paymentProviderListSchema },
      },
    },
    async (_request, reply) => {
      const providers = PAYMENT_PROVIDERS.filter((name) => deps.payments[name] !== null);
      return reply.header('cache-control', 'public, max-age=60').send({ providers });
    },
  );

  fastify.post(
    '/capture',
    {
      schema: {
        summary:
          'Capture my approved payment (token = the provider order id the buyer returned with) and draw the figure; retries return the same result',
        tags: ['orders'],
        security: [{ bearerAuth: [] }],
        body: captureBodySchema,
        response: { 200: captureResultSchema, ...errorResponses(400, 401, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send(await capturePayment(paymentDeps, request.body.token, user.id));
    },
  );

  fastify.post(
    '/webhook/:provider',
    {
      schema: {
        summary:
          "A payment provider's event (signature verified with the provider); completes a payment whose buyer never came back",
        tags: ['orders'],
        params: webhookParamsSchema,
        response: { 200: webhookAckSchema, ...errorResponses(400, 404, 429, 503) },
      },
      // Providers deliver in bursts from few addresses: the write limit per IP would refuse them.
      // Instead at most `webhookConcurrency` events are received and handled at once; past that a
      // provider is told to retry later (they do, with back-off), so many or slow deliveries cannot
      // hold every connection and its body's memory.
      config: { rateLimit: false },
      onRequest: (_request, reply, done) => {
        if (webhooksInFlight >= deps.webhookConcurrency) {
          reply.header('retry-after', '5');
          done(apiError('webhooks_busy', { limit: deps.webhookConcurrency }));
          return;
        }
        webhooksInFlight += 1;
        // Answered, or cut off (a body that timed out, a client gone): the response's close frees the place.
        reply.raw.once('close', () => (webhooksInFlight -= 1));
        done();
      },
    },
    async (request, reply) => {
      await handleWebhook(paymentDeps, request.params.provider, request.headers, request.body, request.log);
      return reply.header('cache-control', 'no-store').send({ received: true });
    },
  );

  await fastify.register(sandboxCheckoutRoutes, { prefix: '/sandbox', deps });
};

export default paymentRoutes;
