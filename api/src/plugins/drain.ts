/**
 * Stopping without losing a request (a rolling restart, a deploy's SIGTERM). Closing an HTTP/1.1
 * server drops its idle keep-alive connections, and a client that sent a request on one at that
 * moment sees its connection reset. So first, for API_DRAIN_MS, every answer says `Connection: close`:
 * clients that are sending move to new connections (another instance, or this one until it stops
 * listening), and only connections idle for the whole window are left to close. Then the server
 * stops listening, the requests still running finish (plugins/in-flight.ts), and the database closes.
 */
import type { FastifyInstance } from 'fastify';

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
