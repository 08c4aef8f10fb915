/**
 * The Fastify server options every server that mounts the API shares (`server.ts`, and the site
 * server that mounts it under its origin), and the site settings it reads, from the environment.
 * A bad value stops the start with a message naming the setting and how to fix it.
 */
import type http from 'node:http';
import net from 'node:net';
import type { FastifyServerOptions } from 'fastify';

type TrustProxyFunction = (address: string, hop: number) => boolean;
import { sendFrameworkError } from './plugins/error-handler';
import { apiEnvironment, type Environment } from './config';

export type SharedServerOptions = Pick<
  FastifyServerOptions,
  'trustProxy' | 'frameworkErrors' | 'requestTimeout' | 'pluginTimeout'
> & { http: http.ServerOptions };

/**
 * How long a server waits for the API plugin to start: the embedded database's first start
 * (created, migrated, seeded) can outlast Fastify's default 10 s on a busy machine, which would
 * abort a start that was only slow. A plugin that truly hangs is still named.
 */
export const API_START_TIMEOUT_MS = 60_000;

/** Whole milliseconds from a setting, within [min, max]; unset: the default. */
function milliseconds(env: Environment, name: string, fallback: number, min: number, max: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max)
    throw new Error(
      `${name} must be a whole number of milliseconds from ${min} to ${max}; got "${env[name]}".`,
    );
  return value;
}

/**
 * How long a client may take to send a request: its headers within HEADERS_TIMEOUT_MS (default
 * 10 s), the whole request, body included, within REQUEST_TIMEOUT_MS (default 30 s; bodies are
 * 1 MB at most). Past either the server answers 408 and closes the connection, so a client
 * trickling a body cannot hold a connection (and its memory) open. Node checks open connections
 * against them every `connectionsCheckingInterval` (a quarter of the headers timeout, at most 1 s;
 * Node's own 30 s would let a timed-out request live that much longer).
 */
export function requestTimeouts(env: Environment): {
  requestTimeout: number;
  headersTimeout: number;
  connectionsCheckingInterval: number;
} {
  const requestTimeout = milliseconds(env, 'REQUEST_TIMEOUT_MS', 30_000, 100, 600_000);
  const headersTimeout = milliseconds(
    env,
    'HEADERS_TIMEOUT_MS',
    Math.min(10_000, requestTimeout),
    100,
    600_000,
  );
  if (headersTimeout > requestTimeout) {
    throw new Error(
      `HEADERS_TIMEOUT_MS (${headersTimeout}) must not be longer than REQUEST_TIMEOUT_MS (${requestTimeout}): the headers are part of the request.`,
    );
  }
  return {
    requestTimeout,
    headersTimeout,
    connectionsCheckingInterval: Math.max(25, Math.min(1_000, Math.floor(headersTimeout / 4))),
  };
}

/** Names proxy-addr (Fastify's trusted-proxy check) knows for private address ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which hops in front of this server may say who the client is (X-Forwarded-For,
 * -Proto, -Host). A number trusts that many proxies (1: nginx alone), addresses or ranges trust
 * the proxies at those addresses; "trust everyone" is refused: with it any client names its own address and
 * walks past the per-IP rate limits.
 */
export function trustProxyFrom(value: string | undefined): false | TrustProxyFunction | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'off') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    // Fastify reads a number as "trust none"; proxy-addr's hop count is this function: the
    // address `hops` proxies in is the client. Only right when the port is reachable through
    // those proxies alone; their addresses say more.
    if (hops <= 10) return (_address, hop) => hop < hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(isAddressOrRange)) return entries;
  throw new Error(
    `TRUST_PROXY must be the number of proxies in front of this server (1 behind nginx alone, at most 10) or their addresses or ranges (127.0.0.1, 10.0.0.0/8, loopback), comma-separated; got "${value}". ` +
      '"true" is refused: trusting every hop lets any client choose its own address.',
  );
}

/**
 * SITE_ORIGIN: the site's origin in links the API hands out (payment providers' return URLs). From
 * configuration only, never from a request's Host or X-Forwarded-Host, which a client chooses.
 * Default: the site server on this machine, http://localhost:<PORT or 3000>.
 */
export function siteOriginFrom(env: Environment): string {
  const value = env.SITE_ORIGIN?.trim();
  if (!value) return `http://localhost:${env.PORT?.trim() || 3000}`;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== value.replace(/\/$/, '')) {
    throw new Error(
      `SITE_ORIGIN must be the site's origin, scheme and host only, such as https://arttoy.example; got "${value}".`,
    );
  }
  return url.origin;
}

export function serverOptions(env: Environment = apiEnvironment()): SharedServerOptions {
  const timeouts = requestTimeouts(env);
  return {
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    // Fastify sets the server's requestTimeout from its own option (0, none, by default).
    requestTimeout: timeouts.requestTimeout,
    http: timeouts,
    // A path that cannot be decoded still gets the API's error shape and headers.
    frameworkErrors: sendFrameworkError,
    pluginTimeout: API_START_TIMEOUT_MS,
  };
}
