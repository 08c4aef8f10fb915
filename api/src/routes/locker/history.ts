/** Filled in by the market work (issue 21). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../deps';

const routes: FastifyPluginAsyncZod<RouteOptions> = async () => {};

export default routes;
