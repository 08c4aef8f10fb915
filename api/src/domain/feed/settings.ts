/**
 * The live feed's bounds, from the environment (the route module reads them when the API starts):
 * a bad value stops the start with the setting's name and what it takes.
 */

export interface FeedSettings {
  /** Comment lines sent this often keep proxies and load balancers from closing an idle stream. FEED_HEARTBEAT_MS, default 15 000. */
  heartbeatMs: number;
  /** The `retry:` hint: how long a browser waits before reconnecting a lost stream. FEED_RETRY_MS, default 3 000. */
  retryMs: number;
  /** Streams open at once from one client address, on this instance (when per-IP limits are on). FEED_CONNECTIONS_PER_IP, default 20. */
  perIp: number;
  /** Streams open at once on this instance. FEED_CONNECTIONS, default 10 000. */
  total: number;
  /**
   * Bytes a stream may have queued for a client that does not read; past it the stream is dropped
   * and the client resumes later by Last-Event-ID. FEED_CLIENT_BUFFER_BYTES, default 256 KiB.
   */
  bufferBytes: number;
}

/** Events sent to a client that connects with no Last-Event-ID (or one too old), and GET /api/feed/recent's length. */
export const FEED_BACKLOG = 50;

function whole(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
  unit: string,
): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max)
    throw new Error(`${name} must be a whole number of ${unit} from ${min} to ${max}; got "${env[name]}".`);
  return value;
}

export function feedSettingsFrom(env: NodeJS.ProcessEnv): FeedSettings {
  return {
    heartbeatMs: whole(env, 'FEED_HEARTBEAT_MS', 15_000, 10, 300_000, 'milliseconds'),
    retryMs: whole(env, 'FEED_RETRY_MS', 3_000, 100, 60_000, 'milliseconds'),
    perIp: whole(env, 'FEED_CONNECTIONS_PER_IP', 20, 1, 10_000, 'connections'),
    total: whole(env, 'FEED_CONNECTIONS', 10_000, 1, 1_000_000, 'connections'),
    bufferBytes: whole(env, 'FEED_CLIENT_BUFFER_BYTES', 256 * 1024, 1_024, 64 * 1024 * 1024, 'bytes'),
  };
}
