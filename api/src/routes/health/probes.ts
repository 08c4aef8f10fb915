/**
 * Kubernetes-style probes. GET /healthz: the process runs (200 always; nothing it depends on is
 * asked, so a database outage never restarts every instance at once). GET /readyz: this instance
 * should take traffic: its database answers, Redis answers when configured, and it is not draining
 * (a stopping server fails readiness at once, so the load balancer stops sending before it closes).
 */
import type { FastifyInstance } from 'fastify';
import { livenessSchema, readinessSchema } from '@arttoy/shared/contracts/api';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';

/** Shared between a server and the API it mounts: set by the server's drain when it starts stopping. */
export interface DrainState {
  draining: boolean;
}

/** A named readiness check: resolves true when it passes (a throw or a false fails it). */
export type ReadinessCheck = () => Promise<boolean>;

/** Runs every check at once; `draining` is a check of its own. */
export async function readiness(checks: Record<string, ReadinessCheck>, drain: DrainState) {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((name) => checks[name]!().catch(() => false)));
  const passed: Record<string, boolean> = Object.fromEntries(
    names.map((name, index) => [name, results[index]!]),
  );
  passed.draining = !drain.draining;
  const failed = Object.keys(passed).filter((name) => !passed[name]);
  return {
    status: failed.length === 0 ? ('ready' as const) : ('not ready' as const),
    checks: passed,
    failed,
  };
}

/** Registers /healthz and /readyz on `fastify` (under its prefix), with their own zod compilers (the site server has none). */
export async function registerProbes(
  fastify: FastifyInstance,
  checks: Record<string, ReadinessCheck>,
  drain: DrainState,
): Promise<void> {
  await fastify.register(async (scope) => {
    scope.setValidatorCompiler(validatorCompiler);
    scope.setSerializerCompiler(serializerCompiler);
    const app = scope.withTypeProvider<ZodTypeProvider>();
    // Load balancers and orchestrators ask every few seconds: no rate limit, never cached.
    const options = { config: { rateLimit: false }, schema: { tags: ['meta'] } } as const;
    app.get(
      '/healthz',
      {
        ...options,
        schema: { ...options.schema, summary: 'The process is alive', response: { 200: livenessSchema } },
      },
      async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'alive' as const }),
    );
    app.get(
      '/readyz',
      {
        ...options,
        schema: {
          ...options.schema,
          summary: 'This instance can take traffic',
          response: { 200: readinessSchema, 503: readinessSchema },
        },
      },
      async (_request, reply) => {
        const answer = await readiness(checks, drain);
        return reply
          .status(answer.failed.length === 0 ? 200 : 503)
          .header('cache-control', 'no-store')
          .send(answer);
      },
    );
  });
}
