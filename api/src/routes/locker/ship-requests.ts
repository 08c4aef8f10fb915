/** /api/locker/ship-requests: ship locker items home, list my requests, cancel one until it has shipped (a paid fee refunded). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createShipRequestBodySchema,
  shipRequestListSchema,
  shipRequestParamsSchema,
  shipRequestSchema,
} from '@arttoy/shared/contracts/api';
import { shipOutFeeRefunder } from '../../domain/payments/ship-out-refund';
import { cancelShipRequest, createShipRequest, listShipRequests } from '../../domain/ship-requests';
import { errorResponses, limitedBy, PRIVATE_NO_STORE, requireUser, type RouteOptions } from '../deps';

const shipRequestRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const refundFee = shipOutFeeRefunder(deps.payments);
  const security = [{ bearerAuth: [] }];
  const tags = ['locker'];

  fastify.post(
    '',
    {
      schema: {
        summary: 'Ship items of my locker to an address (name, street, city, postal code, country, phone)',
        tags,
        security,
        body: createShipRequestBodySchema,
        response: { 201: shipRequestSchema, ...errorResponses(400, 401, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const created = await createShipRequest(deps.db, user.id, request.body.itemIds, request.body.address);
      return reply.status(201).header('cache-control', PRIVATE_NO_STORE).send(created);
    },
  );

  fastify.get(
    '',
    {
      schema: {
        summary: 'My ship requests, newest first',
        tags,
        security,
        response: { 200: shipRequestListSchema, ...errorResponses(401, 429, 503) },
      },
      config: limitedBy(deps.limits?.auth),
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send({ items: await listShipRequests(deps.db, user.id) });
    },
  );

  fastify.delete(
    '/:id',
    {
      schema: {
        summary:
          'Cancel my ship request until it has shipped; its items go back to my locker, and a paid fee is refunded in full',
        tags,
        security,
        params: shipRequestParamsSchema,
        response: { 200: shipRequestSchema, ...errorResponses(400, 401, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send(await cancelShipRequest(deps.db, user.id, request.params.id, refundFee));
    },
  );
};

export default shipRequestRoutes;
