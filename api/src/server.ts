/**
 * Runs the API alone: `npm start -w api` → http://localhost:3001/api (API_PORT to change it).
 * Structured JSON logs (pino) on stdout. SIGINT/SIGTERM (or the cluster's "shutdown" message, see
 * cluster.ts) drain the server, then close it and release the database.
 */
import Fastify from 'fastify';
import { apiPlugin } from './app';
import { DataDirLockedError } from './db/data-dir-lock';
import { drainThenClose } from './plugins/drain';

const port = Number(process.env.API_PORT ?? 3001);
const host = process.env.API_HOST ?? '127.0.0.1';

const app = Fastify({
  logger: { level: process.env.LOG_LEVEL ?? 'info', redact: ['req.headers.authorization'] },
  // Behind a proxy (the site server, a load balancer) the client IP comes from X-Forwarded-For.
  trustProxy: process.env.TRUST_PROXY === '1',
  // A request that arrives on an open connection while the server closes is still answered (see plugins/drain.ts).
  return503OnClosing: false,
  forceCloseConnections: false,
});
const shutdown = drainThenClose(app);

try {
  await app.register(apiPlugin, { prefix: '/api' });
  await app.listen({ port, host });
} catch (error) {
  // A refused lock is an expected situation with its own instructions: no stack trace needed.
  app.log.fatal(error instanceof DataDirLockedError ? {} : { err: error }, (error as Error).message);
  await app.close().catch(() => undefined);
  process.exit(1);
}

const stop = (reason: string) => {
  app.log.info({ reason }, 'shutting down');
  void shutdown().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, 'shutting down failed');
      process.exit(1);
    },
  );
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop(signal));
// A worker of cluster.ts: the primary asks for a graceful stop (a rolling restart).
process.on('message', (message) => {
  if (message === 'shutdown') stop('rolling restart');
});
