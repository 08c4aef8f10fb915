/**
 * Requests still running when the API is closed (a deploy's SIGTERM) finish before the database
 * closes: without this the close ends the pool under them, and they answer 500 ("Cannot use a pool
 * after calling end on the pool"). Fastify itself only waits for them when it listens on a port;
 * the API is also mounted inside the site server and driven by inject, so it counts its own.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Requests of this route last as long as their client stays (the live feed's event stream): a
     * close does not wait for them; the route ends them itself when the API closes (its preClose).
     */
    untilClientLeaves?: boolean;
  }
}

/**
 * How long a close waits for running requests before closing anyway (a stuck request must not block
 * a deploy). Below Fastify's plugin timeout (10 s), which would otherwise end the close with an error.
 */
export const DRAIN_TIMEOUT_MS = 8_000;

/**
 * Counts this plugin's running requests; the function returned waits until none is left (or the
 * timeout): a preClose hook, registered after every route (app.ts).
 * A request ends when its answer has gone out (onResponse), or, when its client hung up first, once
 * its handler has answered anyway (onSend after the connection closed): Fastify runs no onResponse
 * for an answer it could not deliver, and counting on it left every such request running forever.
 */
export function countRunningRequests(
  fastify: FastifyInstance,
  timeoutMs = DRAIN_TIMEOUT_MS,
): () => Promise<void> {
  /** Running requests: whether their handler has answered, and whether their connection has closed. */
  const running = new Map<FastifyRequest, { answered: boolean; closed: boolean }>();
  let drained: (() => void) | null = null;
  const finished = (request: FastifyRequest) => {
    if (running.delete(request) && running.size === 0) drained?.();
  };
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.untilClientLeaves) return done();
    const state = { answered: false, closed: false };
    running.set(request, state);
    reply.raw.once('close', () => {
      state.closed = true;
      if (state.answered && !reply.raw.writableFinished) finished(request);
    });
    done();
  });
  fastify.addHook('onSend', (request, _reply, payload, done) => {
    const state = running.get(request);
    if (state) {
      state.answered = true;
      if (state.closed) finished(request);
    }
    done(null, payload);
  });
  fastify.addHook('onResponse', (request, _reply, done) => {
    finished(request);
    done();
  });
  return async () => {
    if (running.size === 0) return;
    fastify.log.info({ running: running.size }, 'closing: waiting for running requests to finish');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => (drained = resolve)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
    if (running.size > 0)
      fastify.log.warn(
        { running: running.size },
        `closing with requests still running after ${timeoutMs} ms`,
      );
  };
}
