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
