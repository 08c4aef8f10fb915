/**
 * Failures that mean the database cannot take the request now, not that the request or our code is
 * wrong: PostgreSQL refusing another connection (too many clients, a server starting or shutting
 * down), a connection lost, or the pool waiting past its connect timeout. Such a request is worth
 * retrying in a moment, so it is a 503 with Retry-After rather than a 500; each is still logged
 * as an error, since a full database is an operator's problem.
 */

/** SQLSTATE classes and codes (PostgreSQL appendix A) that say "not now". */
const BUSY_CODES = new Set([
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
  '57P03', // cannot_connect_now (starting up, or in recovery)
  '57P01', // admin_shutdown
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
]);

/** What pg-pool and pg say when no connection could be had or one went away mid-query. */
const BUSY_MESSAGES = [/^timeout exceeded when trying to connect$/, /^Connection terminated/];

/** How long a client should wait before retrying (seconds, for Retry-After). */
export const DATABASE_BUSY_RETRY_AFTER_S = 1;

/** True for an error (or one it wraps, as drizzle wraps the driver's) that says the database is busy or unreachable. */
export function isDatabaseBusy(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    current instanceof Error && depth < 5;
    current = current.cause, depth += 1
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && BUSY_CODES.has(code)) return true;
    if (BUSY_MESSAGES.some((pattern) => pattern.test(current instanceof Error ? current.message : '')))
      return true;
  }
  return false;
}
