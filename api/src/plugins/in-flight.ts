/**
 * Requests still running when the API is closed (a deploy's SIGTERM) finish before the database
 * closes: without this the close ends the pool under them, and they answer 500 ("Cannot use a pool
 * after calling end on the pool"). Fastify itself only waits for them when it listens on a port;
 * the API is also mounted inside the site server and driven by inject, so it counts its own.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How long a close waits for running requests before closing anyway (a stuck request must not block a deploy). */
export const DRAIN_TIMEOUT_MS = 15_000;

/** Counts this plugin's running requests; its preClose hook waits until none is left (or the timeout). */
export function waitForRequestsOnClose(fastify: FastifyInstance, timeoutMs = DRAIN_TIMEOUT_MS): void {
  const running = new Set<FastifyRequest>();
  let drained: (() => void) | null = null;
  const finished = (request: FastifyRequest) => {
    if (running.delete(request) && running.size === 0) drained?.();
  };
  fastify.addHook('onRequest', async (request) => {
    running.add(request);
  });
  fastify.addHook('onResponse', async (request) => finished(request));
  fastify.addHook('preClose', async () => {
    if (running.size === 0) return;
    fastify.log.info({ running: running.size }, 'closing: waiting for running requests to finish');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => (drained = resolve)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
    if (running.size > 0) fastify.log.warn({ running: running.size }, `closing with requests still running after ${timeoutMs} ms`);
  });
}
