/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a value carrying one passes validation,
 * then fails in the database ("invalid byte sequence for encoding UTF8: 0x00") as a 500. No field
 * of this API has a use for it, so a request carrying one, in any query parameter, path parameter
 * or body field (or field name), is refused before its route runs, with the field named.
 */
import type { FastifyInstance } from 'fastify';
import { apiError } from '../errors';

const NUL = '\u0000';

/** The dotted path (`body.address.city`) of the first string or key holding a NUL, or null. */
export function findNul(value: unknown, root: string): string | null {
  // Iterative: a deeply nested body must not overflow the stack.
  const pending: Array<[unknown, string]> = [[value, root]];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push([item, `${path}.${index}`]));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes(NUL)) return `${path}.${JSON.stringify(key)}`;
        pending.push([item, `${path}.${key}`]);
      }
    }
  }
  return null;
}

/** Refuses, with a 400 naming the field, any request whose parameters or body hold a NUL character. */
export function registerNulGuard(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (request, _reply, done) => {
    const field =
      findNul(request.query, 'query') ?? findNul(request.params, 'path') ?? findNul(request.body, 'body');
    if (field === null) return done();
    const reason = 'contains a NUL character (\\u0000), which no field accepts';
    done(apiError('request_has_nul', { field, reason, issues: [{ field, reason }] }));
  });
}
