/** /api/me/balance and /api/me/payouts: a seller's balance (the sum of their ledger) and payout requests. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { balanceSchema, payoutBodySchema, payoutSchema } from '@arttoy/shared/contracts/api';
import { balanceOf, requestPayout } from '../../domain/market/ledger';
import { errorResponses, limitedBy, PRIVATE_NO_STORE, requireUser, type RouteOptions } from '../deps';

const balanceRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['market'];

  fastify.get(
    '/balance',
    {
      schema: {
        summary: 'My balance from sales (the sum of my ledger), its latest entries and my payout requests',
        tags,
        security,
        response: { 200: balanceSchema, ...errorResponses(401, 429, 503) },
      },
      config: limitedBy(deps.limits?.auth),
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply.header('cache-control', PRIVATE_NO_STORE).send(await balanceOf(deps.db, user.id));
    },
  );

  fastify.post(
    '/payouts',
    {
      schema: {
        summary:
          'Ask for a payout of part or all of my balance to a PayPal account or a bank account (IBAN): recorded as owed and debited from the balance (400 for a destination that does not check out, 409 when more than the balance)',
        tags,
        security,
        body: payoutBodySchema,
        response: { 201: payoutSchema, ...errorResponses(400, 401, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply
        .status(201)
        .header('cache-control', PRIVATE_NO_STORE)
        .send(await requestPayout(deps.db, user.id, request.body.amountMinor, request.body.destination));
    },
  );
};

export default balanceRoutes;
