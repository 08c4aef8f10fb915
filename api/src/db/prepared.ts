/**
 * Statements built once per database and query shape. Building a query with drizzle costs more
 * CPU than the query itself on a catalogue read (about a tenth of the API's time per request in
 * its profile, `npm run bench:profile -w api`); a prepared query is built once, and
 * on PostgreSQL its name makes each pooled connection parse and plan it once, not per request.
 * The key names the shape (which filters, which order): the values always travel as parameters.
 */
import type { Db } from './connect';

const byDatabase = new WeakMap<Db, Map<string, unknown>>();

export function preparedFor<Prepared>(db: Db, key: string, build: (name: string) => Prepared): Prepared {
  let statements = byDatabase.get(db);
  if (!statements) byDatabase.set(db, (statements = new Map()));
  let statement = statements.get(key) as Prepared | undefined;
  if (!statement) statements.set(key, (statement = build(key)));
  return statement;
}
