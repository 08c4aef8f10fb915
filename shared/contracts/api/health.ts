import * as z from 'zod';

export const DATABASE_ENGINES = ['pglite', 'postgres'] as const;
export type DatabaseEngine = (typeof DATABASE_ENGINES)[number];

/** GET /api/health: 200 when the database answers, 503 otherwise. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ engine: z.enum(DATABASE_ENGINES), ok: z.boolean() }),
  /** Seconds since the API started. */
  uptime: z.number().nonnegative(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /healthz (the site server) and /api/healthz: the process is alive; 200 while it runs. */
export const livenessSchema = z.object({ status: z.literal('alive') });

/**
 * GET /readyz and /api/readyz: whether this instance should be sent traffic. 200 when every check
 * passes; 503 naming the checks that failed (a load balancer takes the instance out).
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  /** Each check by name (database, redis, origin, api, draining): true when it passed. */
  checks: z.record(z.string(), z.boolean()),
  /** The names of the checks that failed. */
  failed: z.array(z.string()),
});
export type Readiness = z.infer<typeof readinessSchema>;
