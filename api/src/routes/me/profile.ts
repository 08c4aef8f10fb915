/**
 * /api/me/handle and /api/me/payment-methods: the signed-in user's public handle and saved payment
 * methods (listed and removed). Rate limits are the API's defaults.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  handleBodySchema,
  meSchema,
  paymentMethodParamsSchema,
  savedPaymentMethodListSchema,
} from '@arttoy/shared/contracts/api';
import { removeSavedMethod, savedMethodsOf, setHandle, toMe } from '../../domain/profile';
import { apiError } from '../../errors';
import { errorResponses, limitedBy, PRIVATE_NO_STORE, requireUser, type RouteOptions } from '../deps';

const profileRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['account'];

  fastify.put(
    '/handle',
    {
      schema: {
        summary:
          "Choose my public handle: 3-20 of a-z, 0-9 and _, unique whatever the case, never the shop's own names or look-alikes (400); 409 when taken, kept for the user who gave it up, or chosen less than 30 days ago",
        tags,
        security,
        body: handleBodySchema,
        response: { 200: meSchema, ...errorResponses(400, 401, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const handle = await setHandle(deps.db, user.id, request.body.handle);
      return reply.header('cache-control', PRIVATE_NO_STORE).send(toMe(user, handle));
    },
  );

  fastify.get(
    '/payment-methods',
    {
      schema: {
        summary: 'My saved payment methods (vault tokens), newest first',
        tags,
        security,
        response: { 200: savedPaymentMethodListSchema, ...errorResponses(401, 429, 503) },
      },
      config: limitedBy(deps.limits?.auth),
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send({ items: await savedMethodsOf(deps.db, user.id) });
    },
  );

  fastify.delete(
    '/payment-methods/:id',
    {
      schema: {
        summary:
          'Remove one of my saved payment methods (404 for a method that is not mine); answers the ones left',
        tags,
        security,
        params: paymentMethodParamsSchema,
        response: { 200: savedPaymentMethodListSchema, ...errorResponses(400, 401, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      if (!(await removeSavedMethod(deps.db, user.id, request.params.id))) {
        throw apiError('payment_method_not_found', {
          method: `payment method ${request.params.id}`,
          hint: `GET ${fastify.prefix}/payment-methods lists yours.`,
        });
      }
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send({ items: await savedMethodsOf(deps.db, user.id) });
    },
  );
};

export default profileRoutes;
