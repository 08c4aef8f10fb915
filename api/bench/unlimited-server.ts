/**
 * The API alone for load tests: `src/server.ts` without the per-IP rate limits (every request of a
 * load test comes from 127.0.0.1, and the write limit is 30 a minute). Never used to serve visitors.
 */
import Fastify from 'fastify';
import { Client } from 'pg';
import { Registry } from 'prom-client';
import { API_START_TIMEOUT_MS, apiPlugin, registerHttpMetrics, registerProcessMetrics } from '../src/app';

const port = Number(process.env.API_PORT);
if (!Number.isInteger(port)) throw new Error('API_PORT must be set to a port number.');

const app = Fastify({
  logger: { level: process.env.LOG_LEVEL ?? 'warn' },
  pluginTimeout: API_START_TIMEOUT_MS,
});
if (process.env.BENCH_COUNT_STATEMENTS === '1') countStatements();
// BENCH_METRICS=on counts as METRICS_PORT makes src/server.ts count (the listener aside: scraped rarely).
const metrics = process.env.BENCH_METRICS === 'on' ? new Registry() : undefined;
if (metrics) {
  registerProcessMetrics(metrics);
  registerHttpMetrics(app, metrics);
}
// ANSWER_CACHE=off measures the uncached read (every answer from the database).
await app.register(apiPlugin, {
  prefix: '/api',
  rateLimits: false,
  answerCache: process.env.ANSWER_CACHE === 'off' ? false : undefined,
  ...(metrics ? { metrics } : {}),
});
await app.listen({ port, host: '127.0.0.1' });
const stop = () => void app.close().then(() => process.exit(0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
// As a worker of src/cluster.ts (API_CLUSTER_WORKER=bench/unlimited-server.ts).
process.on('message', (message) => message === 'shutdown' && stop());

/** Counts every statement sent to PostgreSQL (each is a round trip), answered on GET /statement-count (bench/profile.ts). */
function countStatements(): void {
  let sent = 0;
  const query = Client.prototype.query;
  Client.prototype.query = function counted(this: Client, ...args: unknown[]) {
    sent += 1;
    return (query as (...given: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  app.get('/statement-count', async () => String(sent));
}
