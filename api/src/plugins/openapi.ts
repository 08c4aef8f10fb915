/** The OpenAPI document, generated from the routes' zod schemas and served as JSON (no UI, nothing from a CDN). */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerOpenApi(fastify: FastifyInstance): Promise<void> {
  await fastify.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ArtToy Club API',
        version: '0.1.0',
        description:
          'Catalogue, account and locker of the ArtToy Club marketplace. Errors are always `{ error: { code, message, details? } }`. ' +
          'Routes marked with bearerAuth need a Firebase ID token: `Authorization: Bearer <token>`.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' } } },
    },
    transform: jsonSchemaTransform,
  });
  fastify.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'no-cache').send(fastify.swagger()));
}
