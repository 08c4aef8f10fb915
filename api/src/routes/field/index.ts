/**
 * /api/field: beacons from visitors' browsers (page views, errors and web vitals per app version, see
 * shell/src/field/), and their counts per version for whoever judges a deploy (the canary judge).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fieldHealthQuerySchema,
  fieldHealthSchema,
  fieldReportAnswerSchema,
  fieldReportSchema,
} from '@arttoy/shared/contracts/api';
import { errorResponses, limitedBy, type RouteOptions } from '../deps';

/** The largest beacon body taken, in bytes. */
export const FIELD_BODY_LIMIT = 16 * 1024;

const fieldRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const tags = ['field'];

  fastify.post(
    '',
    {
      schema: {
        summary:
          'Report page views, errors and web vitals of the apps on a page (a beacon: route pattern, build, app versions, cleaned messages, vitals with a phase; no personal data)',
        tags,
        body: fieldReportSchema,
        response: { 202: fieldReportAnswerSchema, ...errorResponses(400, 413, 429, 503) },
      },
      // Its own policy: every page sends beacons, far more often than anyone writes anything else.
      config: limitedBy(deps.limits?.field),
      // A full beacon is a few KiB; anything far past that is not one (413 before it is parsed).
      bodyLimit: FIELD_BODY_LIMIT,
    },
    async (request, reply) => {
      const counted = await deps.field.record(request.body, Date.now());
      deps.fieldMetrics?.observe(request.body);
      return reply.status(202).header('cache-control', 'no-store').send(counted);
    },
  );

  fastify.get(
    '/health',
    {
      schema: {
        summary:
          "An app's page views, errors and web vitals (count, p75, share good) per version since a moment (ms since the epoch), counted per minute",
        tags,
        querystring: fieldHealthQuerySchema,
        response: { 200: fieldHealthSchema, ...errorResponses(400, 429, 503) },
      },
      config: limitedBy(deps.limits?.auth),
    },
    async (request, reply) => {
      const { app, since } = request.query;
      return reply.header('cache-control', 'no-store').send(await deps.field.health(app, since, Date.now()));
    },
  );
};

export default fieldRoutes;
