/**
 * The Redis connection that instances share state through (REDIS_URL): the rate-limit counters.
 * Without REDIS_URL each process keeps its own, which is right for one process (npm start).
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { redact } from '../db/database-target';

/** Checks a REDIS_URL before anything connects: `redis://[user:password@]host[:port][/db]` or `rediss://` (TLS). */
export function parseRedisUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`REDIS_URL "${value}" is not a URL: use redis://host:6379 (or rediss:// for TLS).`);
  }
  const shown = redact(value);
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new Error(
      `REDIS_URL must start with redis:// or rediss:// (it starts with "${url.protocol}"); got "${shown}".`,
    );
  }
  if (url.hostname === '') throw new Error(`REDIS_URL names no host: use redis://host:6379; got "${shown}".`);
  return url;
}

/**
 * Connects, and fails the start if Redis does not answer: an instance that silently kept its own
 * counters would let a burst spread over instances through. Once running, a Redis outage is
 * logged and requests go on unlimited (skipOnError) rather than failing.
 */
export async function connectRedis(value: string, log: FastifyBaseLogger): Promise<Redis> {
  const url = parseRedisUrl(value);
  const shown = `${url.protocol}//${url.host}`;
  // The rate-limit plugin's advice: fail fast instead of queueing behind a dead connection.
  const redis = new Redis(url.toString(), {
    connectTimeout: 1_000,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
  });
  let reported = false;
  redis.on('error', (error: Error) => {
    if (reported) return;
    reported = true;
    log.warn(
      { err: error },
      `Redis at ${shown} failed: shared rate limits are skipped until it answers again`,
    );
  });
  redis.on('ready', () => (reported = false));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `Could not reach Redis at ${shown} (REDIS_URL): ${(error as Error).message}. Start it, or unset REDIS_URL to keep limits per process.`,
      {
        cause: error,
      },
    );
  }
  return redis;
}
