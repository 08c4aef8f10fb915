/** /api/me/addresses: the signed-in user's address book (list, save, remove), which the ship-out form offers. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  saveAddressBodySchema,
  savedAddressListSchema,
  savedAddressParamsSchema,
  savedAddressSchema,
} from '@arttoy/shared/contracts/api';
import { addressesOf, removeAddress, saveAddress } from '../../domain/address-book';
import { apiError } from '../../errors';
import { errorResponses, limitedBy, PRIVATE_NO_STORE, requireUser, type RouteOptions } from '../deps';

const addressRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['account'];

  fastify.get(
    '/addresses',
    {
      schema: {
        summary: 'My saved addresses, newest first',
        tags,
        security,
        response: { 200: savedAddressListSchema, ...errorResponses(401, 429, 503) },
      },
      config: limitedBy(deps.limits?.auth),
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send({ items: await addressesOf(deps.db, user.id) });
    },
  );

  fastify.post(
    '/addresses',
    {
      schema: {
        summary:
          'Save an address to my address book (checked as a ship-out address; 200 with the saved one if it is there already, 409 when the book is full)',
        tags,
        security,
        body: saveAddressBodySchema,
        response: {
          200: savedAddressSchema,
          201: savedAddressSchema,
          ...errorResponses(400, 401, 409, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const { saved, created } = await saveAddress(deps.db, user.id, request.body.address);
      return reply
        .status(created ? 201 : 200)
        .header('cache-control', PRIVATE_NO_STORE)
        .send(saved);
    },
  );

  fastify.delete(
    '/addresses/:id',
    {
      schema: {
        summary:
          'Remove one of my saved addresses (404 for an address that is not mine); answers the ones left',
        tags,
        security,
        params: savedAddressParamsSchema,
        response: { 200: savedAddressListSchema, ...errorResponses(400, 401, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      if (!(await removeAddress(deps.db, user.id, request.params.id))) {
        throw apiError('saved_address_not_found', {
          addressId: request.params.id,
          hint: `GET ${fastify.prefix}/addresses lists yours.`,
        });
      }
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send({ items: await addressesOf(deps.db, user.id) });
    },
  );
};

export default addressRoutes;
