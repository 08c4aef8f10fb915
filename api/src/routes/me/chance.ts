/**
 * /api/me/limits, /api/me/age, /api/me/break: the signed-in account's rules for chance purchases
 * (domain/chance/controls.ts). There is no route that shortens or ends a break.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chanceControlsSchema,
  confirmAgeBodySchema,
  setLimitsBodySchema,
  takeBreakBodySchema,
} from '@arttoy/shared/contracts/api';
import { confirmAge, readChanceControls, setLimits, takeBreak } from '../../domain/chance/controls';
import { errorResponses, PRIVATE_NO_STORE, requireUser, type RouteOptions } from '../deps';

const chanceRoutes: FastifyPluginAsyncZod<RouteOptions> = async (fastify, { deps }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['account'];

  fastify.get(
    '/limits',
    {
      schema: {
        summary:
          'My rules for mystery boxes: confirmed age, limits per day, week and month (with what each counts so far, a raise waiting and when each period starts again), break, and the session reminder',
        tags,
        security,
        response: { 200: chanceControlsSchema, ...errorResponses(401, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send(await readChanceControls(deps.db, user.id, deps.chance));
    },
  );

  fastify.put(
    '/limits',
    {
      schema: {
        summary:
          'Set my spending limits for mystery boxes (minor units; null: none) and the time zone they count in: a lower limit applies at once, a higher one (or none) 24 hours later',
        tags,
        security,
        body: setLimitsBodySchema,
        response: { 200: chanceControlsSchema, ...errorResponses(400, 401, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      await setLimits(deps.db, user.id, request.body);
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send(await readChanceControls(deps.db, user.id, deps.chance));
    },
  );

  fastify.put(
    '/age',
    {
      schema: {
        summary:
          'Confirm my date of birth, once (409 after): only its year and month are kept, to decide whether I may buy mystery boxes',
        tags,
        security,
        body: confirmAgeBodySchema,
        response: { 200: chanceControlsSchema, ...errorResponses(400, 401, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      await confirmAge(deps.db, user.id, request.body.dateOfBirth);
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send(await readChanceControls(deps.db, user.id, deps.chance));
    },
  );

  fastify.post(
    '/break',
    {
      schema: {
        summary:
          'Take a break from mystery boxes (24h, 7d, 30d or 6m); it cannot be ended early, a longer one extends it. My unpaid box orders are cancelled; the market and the locker stay open',
        tags,
        security,
        body: takeBreakBodySchema,
        response: { 200: chanceControlsSchema, ...errorResponses(400, 401, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      if ((await takeBreak(deps.db, user.id, request.body.length)) > 0) deps.changes.changed('orders');
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send(await readChanceControls(deps.db, user.id, deps.chance));
    },
  );
};

export default chanceRoutes;
