/** /api/me/fairness, /api/me/client-seed and /api/me/server-seed/rotate: the signed-in user's provably fair seeds. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientSeedBodySchema, fairnessStateSchema, seedRotationSchema } from '@arttoy/shared/contracts/api';
import { activeSeed, rotateSeed, setClientSeed, toFairnessState } from '../../domain/fairness/seeds';
import { errorResponses, limitedBy, PRIVATE_NO_STORE, requireUser, type RouteOptions } from '../deps';

const fairnessRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['account'];

  fastify.get(
    '/fairness',
    {
      schema: {
        summary: 'My server seed hash, client seed and next nonce (the next draw uses them)',
        tags,
        security,
        response: { 200: fairnessStateSchema, ...errorResponses(401, 429, 503) },
      },
      config: limitedBy(deps.limits?.auth),
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send(toFairnessState(await activeSeed(deps.db, user.id)));
    },
  );

  fastify.put(
    '/client-seed',
    {
      schema: {
        summary: 'Choose my client seed',
        tags,
        security,
        body: clientSeedBodySchema,
        response: { 200: fairnessStateSchema, ...errorResponses(400, 401, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send(toFairnessState(await setClientSeed(deps.db, user.id, request.body.clientSeed)));
    },
  );

  fastify.post(
    '/server-seed/rotate',
    {
      schema: {
        summary: 'Reveal my server seed (its draws become verifiable) and start a new one',
        tags,
        security,
        response: { 200: seedRotationSchema, ...errorResponses(401, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply.header('cache-control', PRIVATE_NO_STORE).send(await rotateSeed(deps.db, user.id));
    },
  );
};

export default fairnessRoutes;
