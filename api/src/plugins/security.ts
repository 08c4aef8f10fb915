/**
 * Security headers (helmet) and rate limits. Limits are per client IP and per route, and they are
 * the default: every route is limited (writes by the write policy, reads by the auth policy)
 * unless it names its own policy or opts out with `rateLimit: false`, saying why
 * (`reliability/rate-limit-coverage.test.ts` lists every route that does). Unknown paths are
 * limited under every method. Counted in memory (one process), or in Redis when REDIS_URL is set,
 * so a burst spread over several instances is counted once.
 */
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { apiError } from '../errors';

export interface RateLimitPolicy {
  /** Requests allowed per window, per client IP. */
  max: number;
  /** Window length in milliseconds. */
  timeWindow: number;
}

export interface RateLimitPolicies {
  /** Reads: routes that verify a Firebase ID token (a guessed or stolen token is tried here) and every other read that does not opt out. */
  auth: RateLimitPolicy;
  /** Routes that change data (POST, PUT, PATCH, DELETE). */
  write: RateLimitPolicy;
  /** Unknown paths under the API. */
  notFound: RateLimitPolicy;
  /** Field beacons (POST /api/field): each page sends some, so more than other writes. */
  field: RateLimitPolicy;
}

export const DEFAULT_RATE_LIMITS: RateLimitPolicies = {
  auth: { max: 60, timeWindow: 60_000 },
  write: { max: 30, timeWindow: 60_000 },
  notFound: { max: 60, timeWindow: 60_000 },
  field: { max: 120, timeWindow: 60_000 },
};

/** A year, subdomains included (helmet's default value). */
export const HSTS = 'max-age=31536000; includeSubDomains';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const HELMET_OPTIONS: HelmetOptions = {
  // JSON and SVG only: nothing may load or run anything. Without `useDefaults: false` helmet adds
  // its own page defaults to these (style-src and font-src from any https origin, script-src 'self').
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  // Figure art is shown by the site's pages, on the same origin.
  crossOriginResourcePolicy: { policy: 'same-origin' },
  // Set per answer, over TLS only: on plain http it is meaningless and tells of a misconfigured proxy.
  strictTransportSecurity: false,
};

/**
 * helmet's headers for these options, worked out once: none of them depends on the request (no
 * nonces), so running helmet's middleware per request would spend CPU on every read for nothing.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let failure: unknown = null;
  helmet(options)(
    { headers: {}, method: 'GET', url: '/' } as never,
    response as never,
    (error?: unknown) => (failure = error ?? null),
  );
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  if (headers.size === 0) throw new Error('helmet set no header: its middleware API has changed.');
  return Object.fromEntries(headers);
}

let computedHeaders: Record<string, string> | null = null;
/** The headers every API answer carries (HSTS aside), computed on first use. */
export function apiSecurityHeaders(): Record<string, string> {
  computedHeaders ??= securityHeaders(HELMET_OPTIONS);
  return computedHeaders;
}

export function resolveRateLimits(
  option: Partial<RateLimitPolicies> | false | undefined,
): RateLimitPolicies | null {
  return option === false ? null : { ...DEFAULT_RATE_LIMITS, ...option };
}

export async function registerSecurity(
  fastify: FastifyInstance,
  limits: RateLimitPolicies | null,
  shared: { redis: Redis; prefix: string } | null = null,
): Promise<void> {
  const headers = Object.entries(apiSecurityHeaders());
  // Every answer (errors, 404s and cached answers included) carries them, unless its route set its
  // own (the sandbox checkout page's CSP); HSTS over TLS only.
  // Callback hooks here and in in-flight.ts: an async hook costs a promise per request.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done(null, payload);
  });
  if (!limits) return;
  // Every route gets a policy unless it names its own (or `false`), so a new route cannot forget
  // one. Added before the rate-limit plugin, whose own onRoute hook reads the config set here.
  fastify.addHook('onRoute', (route) => {
    if (route.config?.rateLimit !== undefined) return;
    const writes = [route.method].flat().some((method) => !READ_METHODS.has(method));
    route.config = { ...route.config, rateLimit: writes ? limits.write : limits.auth };
  });
  await fastify.register(rateLimit, {
    global: false,
    ...(shared ? { redis: shared.redis, nameSpace: `${shared.prefix}rate-limit:`, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      apiError('rate_limited', { max: context.max, after: context.after }),
  });
}
