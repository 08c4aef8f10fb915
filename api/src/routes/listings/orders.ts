/** POST /api/listings/:id/orders: buy a collector's listing (an order paid like a box's; Idempotency-Key). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  idempotentRequestHeadersSchema,
  listingParamsSchema,
  orderSchema,
} from '@arttoy/shared/contracts/api';
import { requireListingAge } from '../../domain/chance/controls';
import { createListingOrder } from '../../domain/market/listing-orders';
import type { UserRow } from '../../domain/users';
import { errorResponses, PRIVATE_NO_STORE, requireUser, type RouteOptions } from '../deps';

/** The buyer, found before the request is validated (below), for the handler. */
const buyers = new WeakMap<object, UserRow>();

const listingOrderRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  fastify.post(
    '/:id/orders',
    {
      schema: {
        summary:
          "Order a collector's listing: reserves it for 15 minutes, then pay it as a box (POST /api/orders/:orderSn/payments). 409 when it is yours, sold, withdrawn or reserved by another buyer; a retry with the same Idempotency-Key, or a new order while yours awaits payment, returns that order (200)",
        tags: ['market'],
        security: [{ bearerAuth: [] }],
        params: listingParamsSchema,
        headers: idempotentRequestHeadersSchema,
        response: {
          200: orderSchema,
          201: orderSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429, 503),
        },
      },
      // Signed in first: without a token the answer is 401 whatever else is missing (the key header is validated after).
      preValidation: async (request) => {
        buyers.set(request, await requireUser(deps, request));
      },
    },
    async (request, reply) => {
      const user = buyers.get(request) ?? (await requireUser(deps, request));
      await requireListingAge(deps.db, user.id, deps.chance);
      const { order, created } = await createListingOrder(deps.db, {
        userId: user.id,
        listingId: request.params.id,
        idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
        limits: deps.unpaidOrderLimits,
      });
      if (created) {
        deps.changes.changed('orders');
        deps.metrics.order('created');
      }
      return reply
        .status(created ? 201 : 200)
        .header('cache-control', PRIVATE_NO_STORE)
        .send(order);
    },
  );
};

export default listingOrderRoutes;
