/**
 * A visitor's data: POST /api/me/exports asks for an export ("Download my data") and answers the
 * link's token once; GET /api/me/exports/{id} says whether it is ready; GET
 * /api/me/exports/download/{token} gives each file once to the link's owner. DELETE /api/me deletes
 * the account (domain/privacy).
 */
import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountDeletedSchema,
  deleteAccountBodySchema,
  exportDownloadParamsSchema,
  exportDownloadQuerySchema,
  exportJobParamsSchema,
  exportJobSchema,
  exportRequestedSchema,
} from '@arttoy/shared/contracts/api';
import { deleteAccount } from '../../domain/privacy/delete-account';
import { exportOf, requestExport, takeExportFile } from '../../domain/privacy/export-jobs';
import { forgetUser } from '../../domain/users';
import { errorResponses, limitedBy, PRIVATE_NO_STORE, requireUser, type RouteOptions } from '../deps';

const FILE_TYPES = { json: 'application/json; charset=utf-8', html: 'text/html; charset=utf-8' } as const;

const dataRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['account'];

  fastify.post(
    '/exports',
    {
      schema: {
        summary:
          'Ask for an export of all my data (a JSON file and a readable HTML summary), made within minutes; answers the link token once. An earlier export stops working.',
        tags,
        security,
        response: { 202: exportRequestedSchema, ...errorResponses(401, 429, 503) },
      },
      config: limitedBy(deps.limits?.auth),
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const requested = await requestExport(deps.db, user.id);
      void deps.exports.kick();
      return reply.code(202).header('cache-control', PRIVATE_NO_STORE).send(requested);
    },
  );

  fastify.get(
    '/exports/:id',
    {
      schema: {
        summary: 'One of my exports: requested, ready (until expiresAt) or expired (404 for one not mine)',
        tags,
        security,
        params: exportJobParamsSchema,
        response: { 200: exportJobSchema, ...errorResponses(400, 401, 404, 429, 503) },
      },
      config: limitedBy(deps.limits?.auth),
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send(await exportOf(deps.db, user.id, request.params.id));
    },
  );

  fastify.get(
    '/exports/download/:token',
    {
      schema: {
        summary:
          "An export's file (format json or html), given once, to the account that asked for it only (404 otherwise); 409 while being made, once taken, or once the link expired",
        tags,
        security,
        params: exportDownloadParamsSchema,
        querystring: exportDownloadQuerySchema,
        response: { 200: z.string(), ...errorResponses(400, 401, 404, 409, 429, 503) },
      },
      config: limitedBy(deps.limits?.auth),
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const { format } = request.query;
      const body = await takeExportFile(deps.db, user.id, request.params.token, format);
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .header('content-disposition', `attachment; filename="arttoy-my-data.${format}"`)
        .type(FILE_TYPES[format])
        .serializer((payload: unknown) => String(payload))
        .send(body);
    },
  );

  fastify.delete(
    '',
    {
      schema: {
        summary:
          'Delete my account: confirm with my handle (or "delete my account" without one); 409 account_busy with what to do first while money or items are on their way',
        tags,
        security,
        body: deleteAccountBodySchema,
        response: { 200: accountDeletedSchema, ...errorResponses(400, 401, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      await deleteAccount(deps.db, user, request.body.confirm, (uid) => deps.auth.deleteUser(uid));
      forgetUser(deps.db, user.firebaseUid);
      return reply.header('cache-control', PRIVATE_NO_STORE).send({ deleted: true as const });
    },
  );
};

export default dataRoutes;
