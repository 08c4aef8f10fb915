/**
 * Stopping without losing a request (a rolling restart, a deploy's SIGTERM). Closing an HTTP/1.1
 * server drops its idle keep-alive connections, and a client that sent a request on one at that
 * moment sees its connection reset. So first, for API_DRAIN_MS, every answer says `Connection: close`:
 * clients that are sending move to new connections (another instance, or this one until it stops
 * listening), and only connections idle for the whole window are left to close. Then the server
 * stops listening, the requests still running finish (plugins/in-flight.ts), and the database closes.
 */
import closeWithGrace from 'close-with-grace';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DRAIN_TIMEOUT_MS } from './in-flight';

/** API_DRAIN_MS as a whole number of milliseconds from 0 to 60000 (default 1500); anything else stops the start with why. */
export function drainMsFrom(value: string | undefined): number {
  if (value === undefined || value === '') return 1_500;
  const ms = Number(value);
  if (!/^\d+$/.test(value.trim()) || ms > 60_000)
    throw new Error(`API_DRAIN_MS must be a whole number of milliseconds from 0 to 60000, got "${value}".`);
  return ms;
}

/**
 * Adds the hook; the returned function drains (answers say `Connection: close` for drainMs), then
 * closes the server (once). `state.draining` turns true as the drain starts: readiness probes read it.
 */
export function drainThenClose(
  app: FastifyInstance,
  drainMs: number,
  state: { draining: boolean } = { draining: false },
): () => Promise<void> {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (state.draining) reply.header('connection', 'close');
    return payload;
  });
  let closing: Promise<void> | null = null;
  return () =>
    (closing ??= (async () => {
      state.draining = true;
      await new Promise((resolve) => setTimeout(resolve, drainMs));
      const closed = app.close();
      // Connections still idle after the window: nobody is using them; close them with the server.
      app.server.closeIdleConnections();
      await closed;
    })());
}

/**
 * How long a stop may take in all before the process exits anyway: the drain window, the running
 * requests' own limit (plugins/in-flight.ts), and a little to close what is left.
 */
export const graceMsAfter = (drainMs: number): number => drainMs + DRAIN_TIMEOUT_MS + 2_000;

/**
 * Stops the process the way Fastify's servers do (the close-with-grace convention): a signal
 * (SIGTERM from a deploy, Ctrl-C…), an uncaught error or `stop(reason)` runs `close` once, then the
 * process exits 0, or 1 when the close failed or an error started it. A second signal or error while
 * it closes, or a close that outlasts `graceMs` (a client that never reads its answer), exits 1 at once.
 */
export function exitGracefully(options: {
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  graceMs: number;
  /** Drains and closes everything the process opened (it rejects when something failed to close). */
  close: () => Promise<void>;
}): { stop: (reason: string) => void } {
  const { log } = options;
  let reason: string | undefined;
  const { close } = closeWithGrace(
    {
      delay: options.graceMs,
      logger: {
        error: (message: unknown) =>
          message instanceof Error
            ? log.error({ err: message }, 'shutting down failed')
            : log.error(String(message)),
      },
    },
    async ({ signal, err }) => {
      if (err) log.error({ err }, 'uncaught error: shutting down: draining');
      else log.info({ reason: signal ?? reason }, 'shutting down: draining');
      await options.close();
    },
  );
  return {
    stop(why) {
      reason = why;
      close();
    },
  };
}
