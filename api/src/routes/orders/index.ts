/**
 * /api/orders: create (reserving one box; Idempotency-Key), read, list, cancel and pay my orders.
 * Someone else's order is 404, as if it did not exist.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createOrderBodySchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotentRequestHeadersSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderSchema,
  orderSnParamsSchema,
  PAYMENT_RETURN_PATH,
  startPaymentBodySchema,
  startPaymentResultSchema,
} from '@arttoy/shared/contracts/api';
import { cancelOrder, createOrder } from '../../domain/orders/create-order';
import { findOrder, listOrders } from '../../domain/orders/order-view';
import { sweepExpiredOrders } from '../../domain/orders/reservation';
import { startPayment } from '../../domain/payments/payment-service';
import { apiError } from '../../errors';
import { errorResponses, PRIVATE_NO_STORE, requireUser, type RouteOptions } from '../deps';

const orderRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['orders'];
  const hint = `GET ${fastify.prefix} lists your orders.`;

  fastify.post(
    '',
    {
      schema: {
        summary:
          'Order one box: reserves it for 15 minutes (403 without a confirmed date of birth, under the minimum age or on a break; 409 when sold out, past a spending limit of the account, or when the account already holds its most unpaid orders); a retry with the same Idempotency-Key, or a new order while yours for this box awaits payment, returns that order (200)',
        tags,
        security,
        headers: idempotentRequestHeadersSchema,
        body: createOrderBodySchema,
        response: {
          200: orderSchema,
          201: orderSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const { order, created } = await createOrder(deps.db, {
        userId: user.id,
        idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
        body: request.body,
        limits: deps.unpaidOrderLimits,
        chance: deps.chance,
      });
      // Committed: this instance's box pages show the box held at once (others when the notice comes).
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

  fastify.get(
    '',
    {
      schema: {
        summary: 'My orders, newest first',
        tags,
        security,
        querystring: orderListQuerySchema,
        response: { 200: orderPageSchema, ...errorResponses(400, 401, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send(await listOrders(deps.db, user.id, request.query));
    },
  );

  fastify.get(
    '/:orderSn',
    {
      schema: {
        summary: 'One of my orders (an unpaid one past its time reads as expired)',
        tags,
        security,
        params: orderSnParamsSchema,
        response: { 200: orderSchema, ...errorResponses(400, 401, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const before = await findOrder(deps.db, user.id, request.params.orderSn);
      if (!before) throw apiError('order_not_found', { orderSn: request.params.orderSn, hint });
      // Expiry on read: the sweep may not have reached it yet.
      const order =
        before.status === 'pending_payment' &&
        (await sweepExpiredOrders(deps.db, [before.id], deps.metrics)) > 0
          ? await findOrder(deps.db, user.id, before.orderSn)
          : before;
      return reply.header('cache-control', PRIVATE_NO_STORE).send(order ?? before);
    },
  );

  fastify.post(
    '/:orderSn/cancel',
    {
      schema: {
        summary: 'Cancel my unpaid order; its box goes back on sale',
        tags,
        security,
        params: orderSnParamsSchema,
        response: { 200: orderSchema, ...errorResponses(400, 401, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const order = await cancelOrder(deps.db, user.id, request.params.orderSn);
      deps.changes.changed('orders');
      deps.metrics.order('cancelled');
      return reply.header('cache-control', PRIVATE_NO_STORE).send(order);
    },
  );

  fastify.post(
    '/:orderSn/payments',
    {
      schema: {
        summary:
          'Start paying my order: approvalUrl to send the buyer to, or (with a saved vaultToken) the capture result at once',
        tags,
        security,
        params: orderSnParamsSchema,
        body: startPaymentBodySchema,
        response: { 201: startPaymentResultSchema, ...errorResponses(400, 401, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const returnUrl = `${deps.siteOrigin}${PAYMENT_RETURN_PATH}`;
      const result = await startPayment(
        {
          db: deps.db,
          providers: deps.payments,
          urls: deps.urls,
          changes: deps.changes,
          outcomes: deps.metrics,
        },
        {
          userId: user.id,
          orderSn: request.params.orderSn,
          provider: request.body.provider,
          saveMethod: request.body.saveMethod ?? false,
          vaultToken: request.body.vaultToken ?? null,
          returnUrl,
          cancelUrl: `${returnUrl}?cancelled=1`,
        },
      );
      return reply.status(201).header('cache-control', PRIVATE_NO_STORE).send(result);
    },
  );
};

export default orderRoutes;
