/**
 * POST /api/listings, PATCH and DELETE /api/listings/:id: a seller lists an item of their locker,
 * reprices or withdraws the listing. Only their own: another user's item or listing is 404. Buying
 * a listing is orders.ts beside this file. Rate limits are the API's defaults (writes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createListingBodySchema,
  listingParamsSchema,
  myListingSchema,
  updateListingBodySchema,
} from '@arttoy/shared/contracts/api';
import { createListing, repriceListing, withdrawListing } from '../../domain/market/listings';
import { errorResponses, PRIVATE_NO_STORE, requireUser, type RouteOptions } from '../deps';

const listingRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['market'];

  fastify.post(
    '',
    {
      schema: {
        summary:
          'List an item of my locker at a price (409 without a handle, for an item not in the locker, or past the open listings cap)',
        tags,
        security,
        body: createListingBodySchema,
        response: { 201: myListingSchema, ...errorResponses(400, 401, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const listing = await createListing(deps.db, user.id, request.body, deps.urls);
      // The market's kept answers (routes/market) drop at once in this process.
      deps.changes.changed('listings');
      return reply.code(201).header('cache-control', PRIVATE_NO_STORE).send(listing);
    },
  );

  fastify.patch(
    '/:id',
    {
      schema: {
        summary: "Change the price of my open listing (409 while a buyer's order holds it)",
        tags,
        security,
        params: listingParamsSchema,
        body: updateListingBodySchema,
        response: { 200: myListingSchema, ...errorResponses(400, 401, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const listing = await repriceListing(
        deps.db,
        user.id,
        request.params.id,
        request.body.priceMinor,
        deps.urls,
      );
      deps.changes.changed('listings');
      return reply.header('cache-control', PRIVATE_NO_STORE).send(listing);
    },
  );

  fastify.delete(
    '/:id',
    {
      schema: {
        summary:
          "Withdraw my open listing: its item is back in my locker (409 while a buyer's order holds it)",
        tags,
        security,
        params: listingParamsSchema,
        response: { 200: myListingSchema, ...errorResponses(400, 401, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const listing = await withdrawListing(deps.db, user.id, request.params.id, deps.urls);
      deps.changes.changed('listings');
      return reply.header('cache-control', PRIVATE_NO_STORE).send(listing);
    },
  );
};

export default listingRoutes;
